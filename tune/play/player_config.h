/* player_config.h: the players' sections [engine_a] .. [engine_p] (config_schema.h), owned by
 * the play layer: what one player is (in-process weights and limits, or an external command
 * with its options) and how long it may think. The time control, the options and the command
 * are checked and parsed once, at load, into typed fields; the text stays for config.ini. */
#ifndef MAXTUNE_PLAYER_CONFIG_H
#define MAXTUNE_PLAYER_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "tune/run/config.h"

/* A time control: base_ms on the clock, inc_ms added after each move, and base_ms again after
 * every `moves` moves (0: one session for the whole game). */
typedef struct TimeControl {
    long moves, base_ms, inc_ms;
} TimeControl;

enum { PLAYER_MAX_ARGS = 64, PLAYER_WORDS_LEN = 1024 };

/* Words parsed from a text key: count strings one after another, each ended by its NUL
 * (plain bytes, so that a Config stays copyable): the next word starts after the NUL. */
typedef struct PlayerWords {
    int count;
    char text[PLAYER_WORDS_LEN];
} PlayerWords;

/* One player: [engine_a], [engine_b], or a tournament's [engine_c] .. [engine_p]. */
typedef struct EngineConfig {
    char name[64];         /* player name in PGN/results, default "A" / "B" */
    char weights[256];     /* weights file path, or "default" (built-in table), or "material" */
    char net[256];         /* in-process: a network file (search/nnue.h) it evaluates with,
                            * "" = none (the weights' evaluation) */
    long nodes;            /* nodes per move, default 2000 (0 = no node limit) */
    long depth;            /* depth limit, default 0 = none */
    long movetime_ms;      /* default 0 = none; at least one of nodes/depth/movetime must be > 0 */
    long hash_mb;          /* transposition table MiB per engine, default 4, range 1..4096 */
    char command[1024];    /* external engine: program and arguments ("" = the in-process engine),
                            * split by player_split_command, never run through a shell */
    char working_dir[256]; /* the external engine's working folder ("" = the runner's) */
    char options[1024];    /* "Name=value, ...": sent as `setoption name Name value value` */
    long start_timeout_ms; /* external: uciok / readyok must come within this, default 10000 */
    long timeout_ms;       /* external: bestmove must come within this, 0 = derived (README) */
    char tc[64];           /* time control "[moves/]base[+increment]" in seconds, "" = none */
    long defence;          /* in-process: a defensive player's percent (engine_set_defence),
                            * default 100 (the evaluation as the weights say) */
    bool partner_captures; /* in-process, four players: false, no capture of a partner's piece
                            * (engine_set_partner_captures); default true, as the rules allow */
    /* Parsed at load from the text above (not keys): */
    TimeControl clock;   /* tc */
    PlayerWords argv;    /* command: the program and its arguments (count 0: in-process) */
    PlayerWords setopts; /* options: name, value, name, value, ... (count = 2 * options) */
} EngineConfig;

/* Most players: [engine_a] .. [engine_p]; a tournament plays all those given. */
enum { PLAYER_MAX = 16 };

/* Player i (0 <= i < PLAYER_MAX) of cfg; player_config_edit for a caller that changes it (after
 * changing its command, options or tc, config_finish parses them again). */
const EngineConfig *player_config(const Config *cfg, int i);
EngineConfig *player_config_edit(Config *cfg, int i);

/* The players of a run: 2, plus the tournament players [engine_c], ... that were given (they
 * follow one another without a gap; config_load checks it). */
int player_count(const Config *cfg);

/* The section name of player i ("engine_a", "engine_b", ...). */
const char *player_section(int i);

/* Makes player i of cfg an in-process engine named name with weights at nodes per move (hash_mb
 * MiB of hash for a tournament's further player, which is given through the config so that it
 * counts); false with the problem in err. */
bool player_config_set_in_process(Config *cfg, int i, const char *name, const char *weights,
                                  long nodes, long hash_mb, char *err, size_t errlen);

/* Registers the player sections with the config (after [run], before [match]). */
void player_config_register(void);

/* Parses "[moves/]base[+increment]" (seconds, decimals allowed: "2+0.02", "40/60", "10");
 * "" is no time control (base_ms 0). False with the problem in err. */
bool player_parse_tc(const char *text, TimeControl *tc, char *err, size_t errlen);

/* Splits an external engine's command into at most PLAYER_MAX_ARGS - 1 words (argv, NULL
 * terminated), copied into buf: words are separated by spaces or tabs; '...' keeps everything
 * inside as it is, "..." too except that \" and \\ stand for " and \; outside quotes \ keeps
 * the next character. No shell: no variables, globs, redirections or pipes. Returns the number
 * of words (0 for an empty command), or -1 with the problem in err. */
int player_split_command(const char *command, char **argv, char *buf, size_t buflen, char *err,
                         size_t errlen);

/* Parses UCI options "Name=value, ..." (items separated by commas, blank items skipped; name
 * and value trimmed of spaces and tabs) into out as name, value, name, value, ...; false with
 * "option ...: expected Name=value" in err. */
bool player_parse_options(const char *text, PlayerWords *out, char *err, size_t errlen);

/* Engine names go into PGN tag values, which cannot hold '"' or '\' (a StringCheck). */
bool player_check_name(const char *v, char *msg, size_t len);

/* No control byte: the value goes into protocol lines (a StringCheck). */
bool player_check_protocol_text(const char *v, char *msg, size_t len);

#endif
