/* cli.h: the subcommands of bin/maxtune; each returns the process exit code
 * (tune/run/status.h: EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_INTERRUPTED). */
#ifndef MAXTUNE_CLI_H
#define MAXTUNE_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "core/position.h"
#include "search/search.h"
#include "tune/run/status.h"

int cmd_perft(int argc, char **argv);
int cmd_moves(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_search(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_weights(int argc, char **argv);
int cmd_uci(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_config(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_ratings(int argc, char **argv);

/* What a UCI session may do beyond the protocol itself. */
typedef struct UciConfig {
    long max_hash_mb;  /* the largest Hash option accepted (MiB) */
    bool weight_files; /* setoption Weights may read a file (else only default, material) */
} UciConfig;

/* Speaks the UCI-style protocol (README.md) until `quit` or the end of the input: commands
 * read from the file descriptor in, answers on out. A running search is stopped and its
 * bestmove written before it returns. Returns EXIT_OK, or EXIT_FAIL when out of memory. */
int uci_session(int in, FILE *out, const UciConfig *cfg);

/* True when argv holds --help or -h. */
bool cli_wants_help(int argc, char **argv);

/* Handles --help (help on stdout, EXIT_OK) and an argument count outside [min_argc, max_argc]
 * (help on stderr, EXIT_USAGE); returns -1 when the command should go on. */
int cli_usage(int argc, char **argv, const char *help, int min_argc, int max_argc);

/* Takes "--variant NAME" (or "--variant=NAME") out of argv: *out is that game, NULL when the
 * option is absent; false with "maxtune <cmd>: unknown variant ..." printed. `any_game`: every
 * game of the core (the rules commands), else only those the engine plays (Variant.engine). */
bool cli_take_variant(const char *cmd, int *argc, char **argv, bool any_game, const Variant **out);

/* cli_take_variant, then cli_usage on what is left: the start of a command taking --variant;
 * returns -1 when the command should go on. */
int cli_usage_variant(const char *cmd, int *argc, char **argv, const char *help, int min_argc,
                      int max_argc, bool any_game, const Variant **variant);

/* False, with "maxtune <cmd>: the engine does not play <game> yet" printed, when pos is of a game
 * the engine does not play (Variant.engine). */
bool cli_engine_plays(const char *cmd, const Position *pos);

/* Parses a FEN argument of game v (NULL: the row count says which; "start" is v's initial
 * position, Maxima's without v) or prints "maxtune <cmd>: <error>" and returns false. */
bool cli_parse_fen(const char *cmd, const char *fen, const Variant *v, Position *pos);

/* Parses a non-negative integer argument in [lo, hi]; prints an error and returns false. */
/* Plays the moves that follow argv[*i] (up to the next "--" option) on pos, appending them to
 * moves (nmoves already there, at most max); *i is left on the last one. Returns the new count,
 * or -1 with "maxtune <cmd>: move N: problem" printed. */
int cli_play_moves(const char *cmd, Position *pos, int argc, char **argv, int *i, Move *moves,
                   int nmoves, int max);

bool cli_parse_long(const char *cmd, const char *what, const char *text, long lo, long hi,
                    long *out);

/* Loads a weights file (or "default"/"material") for a player of game v, printing the error on
 * failure. */
bool cli_load_weights(const char *cmd, const char *path, const Variant *v, Weights *w);

/* Score as UCI writes it: "cp X" or "mate M". */
void cli_format_score(int score, char *buf, size_t len);

/* A principal variation in docs/rules/maxima.md notation. */
void cli_format_pv(const Position *root, const Move *pv, int n, char *buf, size_t len);

/* Prints one "info depth ... pv ..." line (a SearchInfoFn). */
void cli_print_info(const SearchInfo *info, const Position *root, void *data);

#endif
