/* engine_proc.h: an external engine, a child process spoken to over the UCI-style protocol of
 * `maxtune uci` (README: "External engines"). The process is started from [engine_x] command
 * (split by player_split_command, run by fork and exec: never through a shell) with its stdin
 * and stdout on two socket pairs and its stderr on a pipe, in its own process group. Every read has
 * a deadline; a stuck process is killed (SIGKILL to its group) and reaped. The protocol traffic
 * of the current game and the engine's stderr are kept in a transcript, which the caller writes
 * to the run's engines.log when the game went wrong. Maxima is the protocol's game; an engine
 * of a run of another game is told it after uciok (`setoption name UCI_Variant value ultima`),
 * which it must advertise. */
#ifndef MAXTUNE_ENGINE_PROC_H
#define MAXTUNE_ENGINE_PROC_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "core/position.h"
#include "tune/run/config.h"
#include "tune/play/engine_option.h"
#include "tune/play/player_config.h"

/* How a request to the engine went. */
typedef enum ProcStatus {
    PROC_OK,
    PROC_DEAD,    /* could not start, exited, crashed or closed its output: "abandoned" */
    PROC_TIMEOUT, /* no answer before the deadline: "time forfeit" */
    PROC_BAD,     /* a protocol violation (a line over PROC_LINE bytes): "rules infraction" */
    PROC_ABORTED  /* the watched stop flag was set (the game is abandoned, not scored) */
} ProcStatus;

enum { PROC_LINE = 1 << 16 };

/* One external engine process (one per player and worker thread, kept across games). */
typedef struct EngineProc {
    const EngineConfig *ec;             /* its section (owned by the caller) */
    const Variant *variant;             /* the game it plays (not Maxima: told by UCI_Variant) */
    char path[1024];                    /* the program, absolute (found on PATH if no '/') */
    char argbuf[1024];                  /* the words of the command */
    char *argv[PLAYER_MAX_ARGS];        /* into argbuf; argv[0] as written */
    pid_t pid;                          /* 0: not running */
    int to, from;                       /* our ends of the child's stdin and stdout; -1 none */
    int err;                            /* read end of the child's stderr; -1 none */
    char in[PROC_LINE];                 /* bytes read that are not a whole line yet */
    size_t inlen;                       /* ... their count */
    char line[PROC_LINE];               /* the last whole line read */
    char *log;                          /* transcript of the current game (malloc'd) */
    size_t loglen, logcap;              /* ... length and capacity */
    bool log_cut;                       /* its beginning was dropped to keep it bounded */
    bool started_now;                   /* started since the last engine_proc_new_game */
    char why[256];                      /* what went wrong last, for the log */
    const volatile sig_atomic_t *abort; /* a flag set elsewhere (the job's stop request) */
    PlayerWords game_options;           /* name, value, ...: sent before every game */
    EngineOptions options;              /* what it advertised at its last start */
    bool handshake_dead;                /* its last start ended before uciok (cannot start) */
    bool handshake_late;                /* its last start got no uciok in time (cannot start) */
    bool option_error;                  /* an option was refused (p->why says which) */
    bool variant_error;                 /* it cannot be told the game (p->why says why) */
    char exit_desc[64];                 /* how the process ended last ("exited with status 2") */
} EngineProc;

/* Prepares (does not start) the engine of ec for game v, watching abort (may be NULL); false
 * with the problem in err when the command cannot be split, its program is not found or its
 * working_dir is not a folder. */
bool engine_proc_init(EngineProc *p, const EngineConfig *ec, const Variant *v,
                      const volatile sig_atomic_t *abort, char *err, size_t errlen);

/* Stops the process (quit, then SIGKILL to its group after a short grace) and frees the
 * transcript. */
void engine_proc_free(EngineProc *p);

/* Kills the process at once (SIGKILL to its group) and reaps it; the next game starts it
 * again. */
void engine_proc_kill(EngineProc *p);

/* Sets the options sent before every game from now on ("Name=value, ...", each a setoption
 * line after the section's own options; NULL or "": none), e.g. SPSA's perturbed values. */
void engine_proc_set_game_options(EngineProc *p, const char *options);

/* Starts a game: empties the transcript, starts the process if it is not running (uci/uciok,
 * in a game other than Maxima `setoption name UCI_Variant value <game>`, the options,
 * isready/readyok within start_timeout_ms), sends the game options, then ucinewgame and
 * isready/readyok. The `option` lines before uciok are kept in p->options; a process that ends
 * before uciok sets p->handshake_dead, one that gives none within start_timeout_ms
 * p->handshake_late, one that advertises no UCI_Variant with the game p->variant_error (and
 * PROC_BAD). The section's options and the game
 * options are checked against them before they are sent (one that does not fit is not sent),
 * and an `info string error` line before readyok after options were sent refuses them: both
 * set p->option_error and return PROC_BAD (p->why says which). */
ProcStatus engine_proc_new_game(EngineProc *p);

/* Sends `position fen FEN moves ...` (the opening and the moves so far) and `go ` + go_args,
 * and reads until `bestmove`, at most timeout_ms. Writes the bestmove's word (at most movelen
 * bytes), the score of the last `info ... score cp X | mate N` line (side to move's view; mate
 * in N as SCORE_MATE - (2N - 1), mated in N as -SCORE_MATE + 2N, search.h's scale; 0 without
 * such a line) and the seconds from sending go to reading bestmove. */
ProcStatus engine_proc_go(EngineProc *p, const Position *opening, const Move *moves, int nmoves,
                          const char *go_args, long timeout_ms, char *move, size_t movelen,
                          int *score, double *seconds);

/* Appends a note to the transcript (e.g. why the game was lost). */
void engine_proc_note(EngineProc *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The last `lines` lines (not blank) the engine wrote on stderr during this game, joined by
 * " | " into buf (control bytes shown as '?'); "" when none. */
void engine_proc_stderr_tail(EngineProc *p, int lines, char *buf, size_t len);

/* Appends header and the transcript to the log file at path (created if missing; one write);
 * false when it cannot be written. */
bool engine_proc_write_log(EngineProc *p, const char *path, const char *header);

#endif
