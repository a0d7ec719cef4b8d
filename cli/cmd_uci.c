/* cmd_uci.c: a UCI-style text protocol, so other programs and GUIs can drive the engine.
 * Moves are written in MAXIMA.md notation. The search runs in its own thread so that `stop`
 * and `isready` are answered while it thinks. A session reads commands from any stream and
 * writes its answers to another (uci_session), so tests and the fuzz target can drive it. */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
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
    bool valid;          /* a position was accepted (not after a bad `position`) */
    char last[UCI_LINE]; /* the arguments of the last accepted position command with moves */
    Position last_pos;   /* the position after its moves */
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

/* Stops a running search and waits for its bestmove. */
static void uci_stop(Uci *u)
{
    if (!u->searching)
        return;
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

/* Reads the moves of a position command (strtok_r state *save) after the n already in
 * u->moves, playing them on *pos; false with the error said when one is bad. */
static bool uci_read_moves(Uci *u, Position *pos, int n, char **save)
{
    char err[256];
    for (char *tok; (tok = strtok_r(NULL, " \t", save));) {
        Move m = n < UCI_MAX_MOVES ? notation_parse(pos, tok, err, sizeof err) : MOVE_NONE;
        if (m == MOVE_NONE) {
            uci_say(u, "info string error: position: move %d: %s\n", n + 1,
                    n < UCI_MAX_MOVES ? err : "too many moves");
            return false;
        }
        Undo undo;
        move_do(pos, m, &undo);
        u->moves[n++] = m;
    }
    u->nmoves = n;
    return true;
}

/* Makes the engine's position the one read (start u->start, u->moves) and remembers the
 * command's text and the position after its moves, so that the next command may extend it. */
static void uci_accept(Uci *u, const char *text, const Position *pos)
{
    if (!engine_set_position(u->engine, &u->start, u->moves, u->nmoves)) {
        uci_say(u, "info string error: position: out of memory\n");
        return;
    }
    snprintf(u->last, sizeof u->last, "%s", u->nmoves > 0 ? text : "");
    u->last_pos = *pos;
    u->valid = true;
}

/* A position command that repeats the last accepted one and adds moves (what a match runner
 * sends move after move): only the new moves are read. False when args is no such extension;
 * true when it was one (accepted, or its error said). text is args before strtok_r. */
static bool uci_extend(Uci *u, char *args, const char *text)
{
    size_t n0 = strlen(u->last);
    if (!u->valid || !n0 || strncmp(args, u->last, n0) != 0 || args[n0] != ' ')
        return false;
    Position pos = u->last_pos;
    char *save = args + n0; /* strtok_r goes on from here */
    u->valid = false;
    if (uci_read_moves(u, &pos, u->nmoves, &save))
        uci_accept(u, text, &pos);
    return true;
}

/* Reads "startpos" or "fen <FEN>" into *start, leaving *tok at the token after it; false with
 * the error said. */
static bool uci_read_start(Uci *u, char **save, Position *start, char **tok)
{
    char err[256];
    char *kind = strtok_r(NULL, " \t", save);
    if (kind && !strcmp(kind, "startpos")) {
        fen_parse(start, "start", NULL, 0);
        *tok = strtok_r(NULL, " \t", save);
        return true;
    }
    if (!kind || strcmp(kind, "fen") != 0) {
        uci_say(u, "info string error: expected 'position startpos' or 'position fen <FEN>'"
                   " [moves ...]\n");
        return false;
    }
    char *first = NULL, *last = NULL;
    while ((*tok = strtok_r(NULL, " \t", save)) && strcmp(*tok, "moves"))
        first = first ? first : *tok, last = *tok + strlen(*tok);
    for (char *p = first; p && p < last; p++) /* the FEN's fields back into one string */
        if (*p == '\0')
            *p = ' ';
    if (!first) {
        uci_say(u, "info string error: position fen: the FEN is missing\n");
        return false;
    }
    if (!fen_parse(start, first, err, sizeof err)) {
        uci_say(u, "info string error: position: %s\n", err);
        return false;
    }
    return true;
}

/* "position startpos|fen <FEN> [moves m1 m2 ...]". Until one is accepted whole, there is no
 * position: a bad one is reported and the previous game is not searched by mistake. */
static void uci_position(Uci *u, char *args)
{
    char *text = strdup(args);
    if (!text) {
        u->valid = false;
        uci_say(u, "info string error: position: out of memory\n");
        return;
    }
    if (uci_extend(u, args, text)) {
        free(text);
        return;
    }
    u->valid = false;
    u->last[0] = '\0';
    char *save = args, *tok = NULL;
    Position start;
    if (uci_read_start(u, &save, &start, &tok)) {
        Position pos = start;
        if (tok && strcmp(tok, "moves"))
            uci_say(u, "info string error: position: expected 'moves', got '%s'\n", tok);
        else if (!tok || uci_read_moves(u, &pos, 0, &save)) {
            u->start = start;
            u->nmoves = tok ? u->nmoves : 0;
            uci_accept(u, text, &pos);
        }
    }
    free(text);
}

/* The numeric arguments of go, with the values each takes. */
enum { GO_DEPTH, GO_NODES, GO_MOVETIME, GO_WTIME, GO_BTIME, GO_WINC, GO_BINC, GO_MOVESTOGO, GO_NB };
static const struct {
    const char *name;
    long lo, hi;
} GO_ARGS[GO_NB] = {
    {"depth", 1, 1000000},           {"nodes", 1, 1000000000000L},    {"movetime", 1, INT32_MAX},
    {"wtime", INT32_MIN, INT32_MAX}, {"btime", INT32_MIN, INT32_MAX}, {"winc", 0, INT32_MAX},
    {"binc", 0, INT32_MAX},          {"movestogo", 1, INT32_MAX},
};

/* Refuses a go command: the reason, then the bestmove every go is answered with. */
static void uci_refuse_go(Uci *u, const char *why, const char *tok)
{
    uci_say(u, "info string error: %s%s%s%s\nbestmove 0000\n", why, tok ? " '" : "", tok ? tok : "",
            tok ? "'" : "");
}

/* "go [depth D] [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS] [binc MS]
 * [movestogo N] [infinite]"; anything else is refused. */
static void uci_go(Uci *u, char *args)
{
    long v[GO_NB] = {0};
    bool seen[GO_NB] = {false}, infinite = false;
    char *save = NULL;
    for (char *tok = strtok_r(args, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        int k = 0;
        while (k < GO_NB && strcmp(tok, GO_ARGS[k].name))
            k++;
        char why[96];
        if (!strcmp(tok, "infinite")) {
            infinite = true;
            continue;
        } else if (k == GO_NB) {
            uci_refuse_go(u, "go: unknown or unsupported token", tok);
            return;
        } else if (seen[k]) {
            snprintf(why, sizeof why, "go: %s given twice", tok);
            uci_refuse_go(u, why, NULL);
            return;
        }
        char *val = strtok_r(NULL, " \t", &save);
        if (!uci_parse_long(val, GO_ARGS[k].lo, GO_ARGS[k].hi, &v[k])) {
            snprintf(why, sizeof why, "go %s: expected an integer in [%ld, %ld], got", tok,
                     GO_ARGS[k].lo, GO_ARGS[k].hi);
            uci_refuse_go(u, why, val ? val : "(nothing)");
            return;
        }
        seen[k] = true;
    }
    if (!u->valid) {
        uci_refuse_go(u, "no valid position", NULL);
        return;
    }
    SearchLimits limits = {0, 0, 0};
    limits.depth = seen[GO_DEPTH] ? (int)(v[GO_DEPTH] < MAX_PLY - 2 ? v[GO_DEPTH] : MAX_PLY - 2)
                                  : 0;
    limits.nodes = (uint64_t)v[GO_NODES];
    limits.movetime_ms = (int)v[GO_MOVETIME];
    int soft = 0;
    bool white = u->engine->pos.side == WHITE;
    int own = white ? GO_WTIME : GO_BTIME, inc = white ? GO_WINC : GO_BINC;
    bool clock = seen[GO_WTIME] || seen[GO_BTIME] || seen[GO_WINC] || seen[GO_BINC] ||
                 seen[GO_MOVESTOGO];
    if (clock && !infinite) {
        if (!seen[own]) {
            uci_refuse_go(u,
                          white ? "go: no wtime for White, the side to move"
                                : "go: no btime for Black, the side to move",
                          NULL);
            return;
        }
        int hard;
        search_time_budget(v[own], v[inc], v[GO_MOVESTOGO], &soft, &hard);
        if (!limits.movetime_ms || hard < limits.movetime_ms)
            limits.movetime_ms = hard;
        soft = soft < limits.movetime_ms ? soft : limits.movetime_ms;
        uci_say(u,
                "info string time %ld ms, increment %ld ms, moves to go %ld: soft limit %d ms,"
                " hard limit %d ms\n",
                v[own], v[inc], v[GO_MOVESTOGO], soft, limits.movetime_ms);
    }
    if (infinite) {
        limits = (SearchLimits){MAX_PLY - 2, 0, 0};
        soft = 0;
    }
    u->limits = limits;
    /* Armed before the thread exists: a stop that arrives before the search starts is kept. */
    engine_arm(u->engine, soft);
    u->searching = pthread_create(&u->thread, NULL, uci_search_thread, u) == 0;
    if (!u->searching)
        uci_refuse_go(u, "cannot start the search thread", NULL);
}

/* "setoption name <weight|term> value N": one weight of the table (the option of that name),
 * or a term's weights together (its middle-game and end-game weights), an integer within the
 * range of each; the other weights keep their values. */
static void uci_set_weight(Uci *u, const WeightSet *set, const char *name, const char *value)
{
    long lo = -1000000000L, hi = 1000000000L, v; /* narrowed to every weight's range */
    for (int k = 0; k < set->n; k++) {
        const WeightDef *d = &weight_defs[set->idx[k]];
        lo = d->min > lo ? d->min : lo;
        hi = d->max < hi ? d->max : hi;
    }
    if (!uci_parse_long(value, lo, hi, &v)) {
        uci_say(u, "info string error: %s must be an integer in [%ld, %ld], got '%s'; unchanged\n",
                name, lo, hi, value);
        return;
    }
    Weights w = u->engine->weights;
    for (int k = 0; k < set->n; k++)
        w.v[set->idx[k]] = (int)v;
    engine_set_weights(u->engine, &w);
}

/* The uci command's answer: id, the options (Hash, Weights, then one spin option per weight of
 * the table, with its built-in default and range) and uciok. */
static void uci_identify(Uci *u)
{
    Weights defaults;
    weights_default(&defaults);
    uci_say(u,
            "id name maxtune\nid author the maxtune developers\n"
            "option name Hash type spin default %d min 1 max %ld\n"
            "option name Weights type string default default\n",
            UCI_DEFAULT_HASH, u->cfg.max_hash_mb);
    for (int i = 0; i < W_NB; i++)
        uci_say(u, "option name %s type spin default %d min %d max %d\n", weight_defs[i].name,
                defaults.v[i], weight_defs[i].min, weight_defs[i].max);
    uci_say(u, "uciok\n");
}

/* "setoption name <Hash|Weights|weight> value <v>"; a bad value is reported and the option
 * keeps its value. Weights replaces the whole table (single weights set before are lost). */
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
    WeightSet set;
    if (!strcmp(name, "Hash")) {
        if (!uci_parse_long(value, 1, u->cfg.max_hash_mb, &mb)) {
            uci_say(u,
                    "info string error: Hash must be an integer in [1, %ld] (MiB), got '%s';"
                    " still %ld\n",
                    u->cfg.max_hash_mb, value, u->hash_mb);
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
        if (!u->cfg.weight_files && strcmp(value, "default") && strcmp(value, "v1") &&
            strcmp(value, "material"))
            uci_say(u, "info string error: Weights: only 'default', 'v1' or 'material' here\n");
        else if (!weights_load(&w, value, err, sizeof err))
            uci_say(u, "info string error: Weights: %s; unchanged\n", err);
        else
            engine_set_weights(u->engine, &w);
    } else if (weights_term(name, &set)) {
        uci_set_weight(u, &set, name, value);
    } else {
        uci_say(u, "info string error: unknown option '%s'\n", name);
    }
}

/* Reads one line of at most UCI_LINE - 1 bytes into line, without its end of line (LF, or
 * CR LF); a longer line is read to its end and reported. A read interrupted by a signal is
 * taken up again, so nothing of a line is lost. Returns false at the end of the input. */
static bool uci_read_line(Uci *u, FILE *in, char *line)
{
    size_t len = 0;
    bool too_long = false;
    for (;;) {
        errno = 0;
        int c = getc(in);
        if (c == EOF && ferror(in) && errno == EINTR) {
            clearerr(in);
            continue;
        }
        if (c == EOF && len == 0 && !too_long)
            return false;
        if (c == EOF || c == '\n')
            break;
        if (len < UCI_LINE - 1)
            line[len++] = (char)c;
        else
            too_long = true;
    }
    line[len] = '\0';
    if (too_long) {
        uci_say(u, "info string error: line longer than %d bytes ignored\n", UCI_LINE - 1);
        line[0] = '\0';
    }
    line[strcspn(line, "\r")] = '\0';
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
        uci_identify(u);
    } else if (!strcmp(cmd, "isready")) {
        uci_say(u, "readyok\n");
    } else if (!strcmp(cmd, "ucinewgame")) {
        uci_stop(u);
        engine_new_game(u->engine);
    } else if (!strcmp(cmd, "setoption")) {
        uci_stop(u);
        uci_setoption(u, args);
    } else if (!strcmp(cmd, "position")) {
        uci_stop(u);
        uci_position(u, args);
    } else if (!strcmp(cmd, "go")) {
        uci_stop(u);
        uci_go(u, args);
    } else if (!strcmp(cmd, "stop")) {
        uci_stop(u);
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
    fen_parse(&u->start, "start", NULL, 0);
    u->valid = true;
    while (uci_read_line(u, in, line) && uci_command(u, line))
        ;
    uci_stop(u);
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
             "setoption name Hash|Weights|WEIGHT value V (WEIGHT: a name of maxtune weights),\n"
             "position startpos|fen FEN [moves ...],\n"
             "go [depth D] [nodes N] [movetime MS] [wtime MS btime MS [winc MS binc MS]\n"
             "[movestogo N]] | infinite, stop, quit. Moves in MAXIMA.md notation. See README.md.");
        return EXIT_OK;
    }
    UciConfig cfg = {.max_hash_mb = 65536, .weight_files = true};
    return uci_session(stdin, stdout, &cfg);
}
