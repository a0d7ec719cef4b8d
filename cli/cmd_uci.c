/* cmd_uci.c: a UCI-style text protocol, so other programs and GUIs can drive the engine.
 * Moves are written in MAXIMA.md notation. The search runs in its own thread so that `stop`
 * and `isready` are answered while it thinks. A session reads commands from any stream and
 * writes its answers to another (uci_session), so tests and the fuzz target can drive it. */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/fen.h"
#include "core/makemove.h"
#include "core/notation.h"

enum { UCI_LINE = 1 << 16, UCI_MAX_MOVES = 4096, UCI_DEFAULT_HASH = 16 };

typedef struct Uci {
    FILE *out;
    pthread_mutex_t out_lock; /* the search thread writes too: one line at a time */
    UciConfig cfg;
    Engine *engine;
    Position start;
    Move moves[UCI_MAX_MOVES];
    int nmoves;
    bool valid;     /* a position was accepted (not after a bad `position`) */
    long hash_mb;
    SearchLimits limits;
    pthread_t thread;
    bool searching;
} Uci;

/* Writes one formatted answer to the session's output and flushes it, under the output lock. */
__attribute__((format(printf, 2, 3))) static void uci_say(Uci *u, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&u->out_lock);
    vfprintf(u->out, fmt, ap);
    fflush(u->out);
    pthread_mutex_unlock(&u->out_lock);
    va_end(ap);
}

/* Prints one "info depth ... pv ..." line per finished iteration (a SearchInfoFn). */
static void uci_info(const SearchInfo *info, const Position *root, void *data)
{
    char score[32], pv[4096];
    cli_format_score(info->score, score, sizeof score);
    cli_format_pv(root, info->pv, info->pvlen, pv, sizeof pv);
    double nps = info->seconds > 0 ? info->nodes / info->seconds : 0;
    uci_say(data, "info depth %d score %s nodes %" PRIu64 " nps %.0f time %.0f pv %s\n",
            info->depth, score, info->nodes, nps, info->seconds * 1000, pv);
}

/* Search thread: searches and prints the best move. */
static void *uci_search_thread(void *arg)
{
    Uci *u = arg;
    int score;
    Move best = engine_search(u->engine, &u->limits, &score, NULL, uci_info, u);
    char text[MOVE_STR_LEN] = "(none)";
    if (best != MOVE_NONE)
        notation_move(&u->engine->pos, best, text, sizeof text);
    uci_say(u, "bestmove %s\n", text);
    return NULL;
}

/* Stops a running search (when asked) and waits for its bestmove. */
static void uci_wait(Uci *u, bool stop)
{
    if (!u->searching)
        return;
    if (stop)
        engine_stop(u->engine);
    pthread_join(u->thread, NULL);
    u->searching = false;
}

/* Parses a whole decimal integer in [lo, hi] (nothing else in text); false when it is not one. */
static bool uci_parse_long(const char *text, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = text ? strtol(text, &end, 10) : 0;
    if (!text || errno || end == text || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* "position startpos|fen <FEN> [moves m1 m2 ...]". Until one is accepted whole, there is no
 * position: a bad one is reported and the previous game is not searched by mistake. */
static void uci_position(Uci *u, char *args)
{
    u->valid = false;
    char *save = NULL, err[256];
    char *kind = strtok_r(args, " \t", &save), *tok = NULL;
    Position start;
    if (kind && !strcmp(kind, "startpos")) {
        position_from_fen(&start, "start", NULL, 0);
        tok = strtok_r(NULL, " \t", &save);
    } else if (kind && !strcmp(kind, "fen")) {
        char *first = NULL, *last = NULL;
        while ((tok = strtok_r(NULL, " \t", &save)) && strcmp(tok, "moves")) {
            first = first ? first : tok;
            last = tok + strlen(tok);
        }
        for (char *p = first; p && p < last; p++) /* the FEN's fields back into one string */
            if (*p == '\0')
                *p = ' ';
        if (!first) {
            uci_say(u, "info string error: position fen: the FEN is missing\n");
            return;
        }
        if (!position_from_fen(&start, first, err, sizeof err)) {
            uci_say(u, "info string error: position: %s\n", err);
            return;
        }
    } else {
        uci_say(u, "info string error: expected 'position startpos' or 'position fen <FEN>'"
                   " [moves ...]\n");
        return;
    }
    if (tok && strcmp(tok, "moves")) {
        uci_say(u, "info string error: position: expected 'moves', got '%s'\n", tok);
        return;
    }
    Position pos = start;
    int n = 0;
    while (tok && (tok = strtok_r(NULL, " \t", &save))) {
        Move m = n < UCI_MAX_MOVES ? notation_parse(&pos, tok, err, sizeof err) : MOVE_NONE;
        if (m == MOVE_NONE) {
            uci_say(u, "info string error: position: move %d: %s\n", n + 1,
                    n < UCI_MAX_MOVES ? err : "too many moves");
            return;
        }
        Undo undo;
        move_do(&pos, m, &undo);
        u->moves[n++] = m;
    }
    u->start = start;
    u->nmoves = n;
    if (!engine_set_position(u->engine, &u->start, u->moves, n)) {
        uci_say(u, "info string error: position: out of memory\n");
        return;
    }
    u->valid = true;
}

/* Refuses a go command: the reason, then the bestmove every go is answered with. */
static void uci_refuse_go(Uci *u, const char *why, const char *tok)
{
    uci_say(u, "info string error: %s%s%s%s\nbestmove 0000\n", why, tok ? " '" : "",
            tok ? tok : "", tok ? "'" : "");
}

/* "go [depth D] [nodes N] [movetime MS] [infinite]"; anything else is refused. */
static void uci_go(Uci *u, char *args)
{
    SearchLimits limits = {0, 0, 0};
    bool infinite = false;
    char *save = NULL;
    for (char *tok = strtok_r(args, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        if (!strcmp(tok, "infinite")) {
            infinite = true;
            continue;
        }
        char *val = strtok_r(NULL, " \t", &save);
        long v;
        if (!strcmp(tok, "depth") && uci_parse_long(val, 1, 1000000, &v))
            limits.depth = v < MAX_PLY - 2 ? (int)v : MAX_PLY - 2;
        else if (!strcmp(tok, "nodes") && uci_parse_long(val, 1, 1000000000000L, &v))
            limits.nodes = (uint64_t)v;
        else if (!strcmp(tok, "movetime") && uci_parse_long(val, 1, INT32_MAX, &v))
            limits.movetime_ms = (int)v;
        else if (!strcmp(tok, "depth") || !strcmp(tok, "nodes") || !strcmp(tok, "movetime")) {
            char why[64];
            snprintf(why, sizeof why, "go %s: expected a positive integer, got", tok);
            uci_refuse_go(u, why, val ? val : "(nothing)");
            return;
        } else {
            uci_refuse_go(u, "go: unknown or unsupported token", tok);
            return;
        }
    }
    if (!u->valid) {
        uci_refuse_go(u, "no valid position", NULL);
        return;
    }
    if (infinite)
        limits = (SearchLimits){MAX_PLY - 2, 0, 0};
    u->limits = limits;
    /* Armed before the thread exists: a stop that arrives before the search starts is kept. */
    engine_arm(u->engine);
    u->searching = pthread_create(&u->thread, NULL, uci_search_thread, u) == 0;
    if (!u->searching)
        uci_refuse_go(u, "cannot start the search thread", NULL);
}

/* "setoption name <Hash|Weights> value <v>"; a bad value is reported and the option keeps its
 * value. */
static void uci_setoption(Uci *u, char *args)
{
    char *name = args + strspn(args, " \t"), *value = strstr(name, " value ");
    if (strncmp(name, "name ", 5) || !value) {
        uci_say(u, "info string error: expected 'setoption name <name> value <value>'\n");
        return;
    }
    *value = '\0';
    name += 5 + strspn(name + 5, " \t");
    value += 7 + strspn(value + 7, " \t");
    long mb;
    if (!strcmp(name, "Hash")) {
        if (!uci_parse_long(value, 1, u->cfg.max_hash_mb, &mb)) {
            uci_say(u, "info string error: Hash must be an integer in [1, %ld] (MiB), got '%s';"
                       " still %ld\n", u->cfg.max_hash_mb, value, u->hash_mb);
            return;
        }
        Engine *e = engine_new((size_t)mb);
        if (!e) {
            uci_say(u, "info string error: out of memory for a %ld MiB hash; still %ld\n", mb,
                    u->hash_mb);
            return;
        }
        engine_set_weights(e, &u->engine->weights);
        engine_free(u->engine);
        u->engine = e;
        u->hash_mb = mb;
        if (u->valid)
            engine_set_position(e, &u->start, u->moves, u->nmoves);
    } else if (!strcmp(name, "Weights")) {
        Weights w;
        char err[512];
        if (!u->cfg.weight_files && strcmp(value, "default") && strcmp(value, "material"))
            uci_say(u, "info string error: Weights: only 'default' or 'material' here\n");
        else if (!weights_load(&w, value, err, sizeof err))
            uci_say(u, "info string error: Weights: %s; unchanged\n", err);
        else
            engine_set_weights(u->engine, &w);
    } else {
        uci_say(u, "info string error: unknown option '%s'\n", name);
    }
}

/* Reads one line of at most UCI_LINE - 1 bytes into line, without its end of line; a longer
 * line is read to its end and reported. Returns false at the end of the input. */
static bool uci_read_line(Uci *u, FILE *in, char *line)
{
    if (!fgets(line, UCI_LINE, in))
        return false;
    size_t len = strlen(line);
    if (len == UCI_LINE - 1 && line[len - 1] != '\n') {
        int c;
        while ((c = fgetc(in)) != EOF && c != '\n')
            ;
        uci_say(u, "info string error: line longer than %d bytes ignored\n", UCI_LINE - 2);
        line[0] = '\0';
        return true;
    }
    line[strcspn(line, "\r\n")] = '\0';
    return true;
}

/* Answers one command line; returns false on `quit`. */
static bool uci_command(Uci *u, char *line)
{
    char *cmd = line + strspn(line, " \t");
    size_t len = strcspn(cmd, " \t");
    char *args = cmd + len;
    if (len == 0)
        return true;
    if (*args)
        *args++ = '\0';
    if (!strcmp(cmd, "uci")) {
        uci_say(u, "id name maxtune\nid author the maxtune developers\n"
                   "option name Hash type spin default %d min 1 max %ld\n"
                   "option name Weights type string default default\nuciok\n",
                UCI_DEFAULT_HASH, u->cfg.max_hash_mb);
    } else if (!strcmp(cmd, "isready")) {
        uci_say(u, "readyok\n");
    } else if (!strcmp(cmd, "ucinewgame")) {
        uci_wait(u, true);
        engine_new_game(u->engine);
    } else if (!strcmp(cmd, "setoption")) {
        uci_wait(u, true);
        uci_setoption(u, args);
    } else if (!strcmp(cmd, "position")) {
        uci_wait(u, true);
        uci_position(u, args);
    } else if (!strcmp(cmd, "go")) {
        uci_wait(u, true);
        uci_go(u, args);
    } else if (!strcmp(cmd, "stop")) {
        uci_wait(u, true);
    } else if (!strcmp(cmd, "quit")) {
        return false;
    } else {
        uci_say(u, "info string error: unknown command '%s'\n", cmd);
    }
    return true;
}

int uci_session(FILE *in, FILE *out, const UciConfig *cfg)
{
    Uci *u = calloc(1, sizeof *u);
    char *line = malloc(UCI_LINE);
    if (!u || !line || !(u->engine = engine_new(UCI_DEFAULT_HASH))) {
        fprintf(out, "info string error: out of memory\n");
        fflush(out);
        free(u);
        free(line);
        return EXIT_FAIL;
    }
    u->out = out;
    u->cfg = *cfg;
    pthread_mutex_init(&u->out_lock, NULL);
    u->hash_mb = UCI_DEFAULT_HASH;
    position_from_fen(&u->start, "start", NULL, 0);
    u->valid = true;
    while (uci_read_line(u, in, line) && uci_command(u, line))
        ;
    uci_wait(u, true);
    engine_free(u->engine);
    pthread_mutex_destroy(&u->out_lock);
    free(u);
    free(line);
    return EXIT_OK;
}

int cmd_uci(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        puts("usage: maxtune uci\n"
             "Speaks a UCI-style protocol on stdin/stdout: uci, isready, ucinewgame,\n"
             "setoption name Hash|Weights value V, position startpos|fen FEN [moves ...],\n"
             "go depth|nodes|movetime N | infinite, stop, quit. Moves in MAXIMA.md notation.");
        return EXIT_OK;
    }
    UciConfig cfg = {.max_hash_mb = 65536, .weight_files = true};
    return uci_session(stdin, stdout, &cfg);
}
