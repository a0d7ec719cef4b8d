/* cmd_uci.c: a UCI-style text protocol, so other programs and GUIs can drive the engine.
 * Moves are written in the game's notation (docs/rules/maxima.md 9, docs/rules/martian.md 5). One thread reads the
 * commands, searches and answers: a search looks at the input every 1024 nodes
 * (engine_listen), answers `isready`, `uci` and unknown commands at once, and ends when `stop`,
 * `quit`, another command that needs the engine, or the end of the input arrives (that command
 * is then done after its bestmove). So a match runner's go wakes the one thread that searches,
 * and no thread hands work to another. A session reads commands from a file descriptor and
 * writes its answers to a stream (uci_session), so tests and the fuzz target can drive it. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "core/fen.h"
#include "core/makemove.h"
#include "core/notation.h"

enum { UCI_LINE = 1 << 16, UCI_MAX_MOVES = 4096, UCI_DEFAULT_HASH = 16 };

/* Info lines of a search younger than this many seconds wait in the output buffer and leave
 * with the next line that is flushed (a later info line, or bestmove): a short search (a match
 * at a few thousand nodes a move) answers in one write instead of one per iteration, and a
 * reader sees every line of a longer one as it comes. */
#define UCI_INFO_QUIET_S 0.05

/* The session's input: bytes read from its descriptor that are not yet taken as lines. */
typedef struct UciInput {
    int fd;
    char buf[UCI_LINE];
    size_t start, len; /* the unread bytes: buf[start .. start + len) */
    bool eof;          /* the descriptor is at its end (or failed) */
    bool too_long;     /* dropping the rest of a line of UCI_LINE bytes or more */
} UciInput;

typedef struct Uci {
    FILE *out;
    UciConfig cfg;
    Engine *engine;
    const Variant *variant; /* the game (UCI_Variant): startpos, FENs and the Weights defaults */
    Position start;
    Move moves[UCI_MAX_MOVES];
    int nmoves;
    bool valid;          /* a position was accepted (not after a bad `position`) */
    char last[UCI_LINE]; /* the arguments of the last accepted position command with moves */
    Position last_pos;   /* the position after its moves */
    long hash_mb;
    UciInput in;
    Network *net;           /* EvalFile: the network the engine evaluates with, NULL: its weights */
    char pending[UCI_LINE]; /* a command that ended a search, to be done after its bestmove */
    bool has_pending;
} Uci;

/* Writes one formatted answer to the session's output, and flushes it (with what waited
 * before it) when flush is true. */
__attribute__((format(printf, 3, 4))) static void uci_say_if(Uci *u, bool flush, const char *fmt,
                                                             ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(u->out, fmt, ap);
    va_end(ap);
    if (flush)
        fflush(u->out);
}

/* Writes one formatted answer to the session's output and flushes it. */
#define uci_say(u, ...) uci_say_if((u), true, __VA_ARGS__)

/* Reads more input: at once if some is waiting, else (wait false) nothing. True when bytes
 * were added or the end was reached. A read interrupted by a signal is taken up again. */
static bool input_fill(UciInput *in, bool wait)
{
    if (in->eof)
        return false;
    if (!wait) {
        struct pollfd f = {in->fd, POLLIN, 0};
        if (poll(&f, 1, 0) <= 0)
            return false;
    }
    if (in->start > 0) {
        memmove(in->buf, in->buf + in->start, in->len);
        in->start = 0;
    }
    for (;;) {
        ssize_t n = read(in->fd, in->buf + in->len, sizeof in->buf - in->len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            in->eof = true;
        else
            in->len += (size_t)n;
        return true;
    }
}

/* Takes the next line of the buffered input into line (at most UCI_LINE - 1 bytes, without
 * its LF or CR LF; the last line may lack its LF). A longer line is dropped to its end and
 * taken as "" with *too_long set. Returns 1 for a line, 0 when no whole line is buffered yet,
 * -1 at the end of the input. */
static int input_take(UciInput *in, char *line, bool *too_long)
{
    *too_long = false;
    for (;;) {
        char *p = in->buf + in->start, *nl = memchr(p, '\n', in->len);
        size_t n = nl ? (size_t)(nl - p) : in->len;
        if (in->too_long) { /* drop up to the end of the long line */
            in->start += nl ? n + 1 : n;
            in->len -= nl ? n + 1 : n;
            if (!nl && !in->eof)
                return 0;
            in->too_long = false;
            *too_long = true;
            line[0] = '\0';
            return 1;
        }
        if (!nl && in->len == sizeof in->buf) {
            in->too_long = true;
            continue;
        }
        if (!nl && (!in->eof || in->len == 0))
            return in->eof ? -1 : 0;
        memcpy(line, p, n);
        line[n] = '\0';
        line[strcspn(line, "\r")] = '\0';
        in->start += nl ? n + 1 : n;
        in->len -= nl ? n + 1 : n;
        if (in->len == 0)
            in->start = 0;
        return 1;
    }
}

/* Takes the next command line into line, reading as needed (waiting for input when wait is
 * true); a line too long is reported and taken as "". Returns input_take's 1, 0 or -1. */
static int uci_take_line(Uci *u, char *line, bool wait)
{
    for (;;) {
        bool too_long;
        int r = input_take(&u->in, line, &too_long);
        if (too_long)
            uci_say(u, "info string error: line longer than %d bytes ignored\n", UCI_LINE - 1);
        if (r != 0 || !input_fill(&u->in, wait))
            return r;
    }
}

/* True when the command line must wait for the end of a running search: it changes or uses
 * the engine (position, go, setoption, ucinewgame) or ends the search or the session. */
static bool uci_ends_search(const char *line)
{
    static const char *const words[] = {"stop", "quit",      "position",
                                        "go",   "setoption", "ucinewgame"};
    const char *cmd = line + strspn(line, " \t");
    size_t len = strcspn(cmd, " \t");
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i]) == len && !strncmp(cmd, words[i], len))
            return true;
    return false;
}

static bool uci_command(Uci *u, char *line);

/* The search's listener (engine_listen), called every 1024 nodes: answers the commands that
 * can be answered while the search runs; true (the search ends) at a command that must wait
 * for it, kept in u->pending, or at the end of the input. */
static bool uci_listen(void *data)
{
    Uci *u = data;
    for (;;) {
        int r = uci_take_line(u, u->pending, false);
        if (r != 1)
            return r < 0;
        if (uci_ends_search(u->pending)) {
            u->has_pending = true;
            return true;
        }
        uci_command(u, u->pending); /* isready, uci, an unknown command: answered now */
    }
}

/* Prints one "info depth ... pv ..." line per finished iteration (a SearchInfoFn); flushed
 * once the search is UCI_INFO_QUIET_S old. */
static void uci_info(const SearchInfo *info, const Position *root, void *data)
{
    char score[32], pv[4096];
    cli_format_score(info->score, score, sizeof score);
    cli_format_pv(root, info->pv, info->pvlen, pv, sizeof pv);
    double nps = info->seconds > 0 ? info->nodes / info->seconds : 0;
    uci_say_if(data, info->seconds >= UCI_INFO_QUIET_S,
               "info depth %d score %s nodes %" PRIu64 " nps %.0f time %.0f pv %s\n", info->depth,
               score, info->nodes, nps, info->seconds * 1000, pv);
}

/* Searches the engine's position within limits (soft_ms: engine_arm's soft limit) while
 * listening to the input, and prints the best move. */
static void uci_search(Uci *u, const SearchLimits *limits, int soft_ms)
{
    engine_arm(u->engine, soft_ms);
    engine_listen(u->engine, uci_listen, u);
    int score;
    Move best = engine_search(u->engine, limits, &score, NULL, uci_info, u);
    engine_listen(u->engine, NULL, NULL);
    char text[MOVE_STR_LEN] = "(none)";
    if (best != MOVE_NONE)
        notation_move(&u->engine->pos, best, text, sizeof text);
    uci_say(u, "bestmove %s\n", text);
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
        fen_parse_variant(start, "start", u->variant, NULL, 0);
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
    if (!fen_parse_variant(start, first, u->variant, err, sizeof err)) {
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
    /* The clock of the side to move's team: wtime for players 1 and 3 of four-player Martian
     * Chess (the team 1+3 that the runner's White clock times), btime for 2 and 4. */
    bool white = position_team(&u->engine->pos) == WHITE;
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
    uci_search(u, &limits, soft);
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

/* Lists, as spin options, the weights of game v that no game of `listed` has (one a weight of
 * the table, then one a term, which sets its two weights: the middle-game default and the range
 * both weights allow), with v's defaults. */
static void uci_list_weights(Uci *u, const Variant *v, unsigned listed)
{
    Weights defaults;
    weights_load_game(&defaults, "default", v, NULL, 0);
    for (int i = 0; i < W_NB; i++)
        if (weights_in_game(v, i) && !(weight_defs[i].games & listed))
            uci_say(u, "option name %s type spin default %d min %d max %d\n", weight_defs[i].name,
                    defaults.v[i], weight_defs[i].min, weight_defs[i].max);
    for (int t = 0; t < T_NB; t++) {
        const WeightDef *mg = &weight_defs[weight_mg(t)], *eg = &weight_defs[weight_eg(t)];
        if (weights_term_in_game(v, t) && !(mg->games & listed))
            uci_say(u, "option name %s type spin default %d min %d max %d\n", weight_term_names[t],
                    defaults.v[weight_mg(t)], mg->min > eg->min ? mg->min : eg->min,
                    mg->max < eg->max ? mg->max : eg->max);
    }
}

/* The uci command's answer: id, the options (Hash, Weights, UCI_Variant with the games the engine
 * plays, then the weights of every such game: Maxima's, with its defaults, then those only
 * Ultima has, with Ultima's, then Martian Chess's, with its own) and uciok.
 * Whatever game the engine plays, the list is the same, so a runner that checks options against
 * these lines (tune/play/engine_option.h) accepts every name setoption does in some game; a
 * weight of another game than the engine's is refused when set. */
static void uci_identify(Uci *u)
{
    uci_say_if(u, false,
               "id name maxtune\nid author the maxtune developers\n"
               "option name Hash type spin default %d min 1 max %ld\n"
               "option name Weights type string default default\n"
               "option name EvalFile type string default <empty>\n"
               "option name UCI_Variant type combo default maxima",
               UCI_DEFAULT_HASH, u->cfg.max_hash_mb);
    for (int g = 0; g < VARIANT_NB; g++)
        if (variant_get((VariantId)g)->engine) /* not a game of the rules core only */
            uci_say_if(u, false, " var %s", variant_get((VariantId)g)->name);
    uci_say(u, "\n");
    unsigned listed = 0;
    for (int g = 0; g < VARIANT_NB; g++) {
        if (!variant_get((VariantId)g)->engine)
            continue; /* a game of the rules core only */
        uci_list_weights(u, variant_get((VariantId)g), listed);
        listed |= 1u << g;
    }
    uci_say(u, "uciok\n");
}

/* "setoption name UCI_Variant value <game>": the engine plays that game from now on, with its
 * default weights and its start position (Weights and single weights set before are lost; a
 * new game starts). Setting the game it already plays changes nothing. */
static void uci_set_variant(Uci *u, const char *value)
{
    const Variant *v = variant_find_engine(value);
    if (!v) {
        uci_say(u, "info string error: UCI_Variant: unknown game '%s' (%s); still %s\n", value,
                variant_engine_names(), u->variant->name);
        return;
    }
    if (v == u->variant)
        return;
    if (u->net) { /* a network is one game's */
        engine_set_net(u->engine, NULL);
        nnue_free(u->net);
        u->net = NULL;
    }
    Weights w;
    weights_load_game(&w, "default", v, NULL, 0);
    u->variant = v;
    engine_set_weights(u->engine, &w);
    engine_new_game(u->engine);
    fen_parse_variant(&u->start, "start", v, NULL, 0);
    u->nmoves = 0;
    u->last[0] = '\0';
    u->valid = true;
    engine_set_position(u->engine, &u->start, NULL, 0);
}

/* "setoption name EvalFile value <file>": the engine evaluates with that network (of the game it
 * plays) from now on; "<empty>", "" or "none": with its weights again. A bad file is reported
 * and the evaluation stays as it was. */
static void uci_set_evalfile(Uci *u, const char *value)
{
    char err[600];
    Network *net = NULL;
    if (value[0] && strcmp(value, "<empty>") && strcasecmp(value, "none")) {
        if (!u->cfg.weight_files) {
            uci_say(u, "info string error: EvalFile: no files here; unchanged\n");
            return;
        }
        if (!(net = nnue_load(value, err, sizeof err))) {
            uci_say(u, "info string error: EvalFile: %s; unchanged\n", err);
            return;
        }
        if (net->variant != u->variant) {
            uci_say(u,
                    "info string error: EvalFile: %s is a network of %s, the engine plays %s; "
                    "unchanged\n",
                    value, net->variant->name, u->variant->name);
            nnue_free(net);
            return;
        }
    }
    if (!engine_set_net(u->engine, net)) {
        uci_say(u, "info string error: EvalFile: out of memory; unchanged\n");
        nnue_free(net);
        return;
    }
    nnue_free(u->net);
    u->net = net;
}

/* "setoption name <Hash|Weights|UCI_Variant|weight> value <v>"; a bad value is reported and
 * the option keeps its value. Names are matched without regard to case, as UCI says ("hash",
 * "PINCER"). Weights replaces the whole table (single weights set before are lost); a weight is
 * one of the game the engine plays ("'mage' is not an Ultima weight"). */
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
    char why[256], lower[256];
    size_t n = 0;
    for (; name[n] && n + 1 < sizeof lower; n++) /* the weights' names are lower case */
        lower[n] = (char)tolower((unsigned char)name[n]);
    lower[n] = '\0';
    if (!strcasecmp(name, "Hash")) {
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
        if (!engine_set_net(e, u->net)) {
            uci_say(u, "info string error: out of memory for a %ld MiB hash; still %ld\n", mb,
                    u->hash_mb);
            engine_free(e);
            return;
        }
        engine_free(u->engine);
        u->engine = e;
        u->hash_mb = mb;
        if (u->valid)
            engine_set_position(e, &u->start, u->moves, u->nmoves);
    } else if (!strcasecmp(name, "Weights")) {
        Weights w;
        char err[512];
        if (!u->cfg.weight_files && !weights_is_builtin(value))
            uci_say(u, "info string error: Weights: only 'default', 'v1', 'v2' or 'material' "
                       "here\n");
        else if (!weights_load_game(&w, value, u->variant, err, sizeof err))
            uci_say(u, "info string error: Weights: %s; unchanged\n", err);
        else
            engine_set_weights(u->engine, &w);
    } else if (!strcasecmp(name, "EvalFile")) {
        uci_set_evalfile(u, value);
    } else if (!strcasecmp(name, "UCI_Variant")) {
        uci_set_variant(u, value);
    } else if (weights_term_game(u->variant, lower, &set, why, sizeof why)) {
        uci_set_weight(u, &set, lower, value);
    } else if (weights_find(lower) >= 0 || weights_find_term(lower) >= 0) {
        uci_say(u, "info string error: %s; unchanged\n", why); /* another game's weight */
    } else {
        uci_say(u, "info string error: unknown option '%s'\n", name);
    }
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
        engine_new_game(u->engine);
    } else if (!strcmp(cmd, "setoption")) {
        uci_setoption(u, args);
    } else if (!strcmp(cmd, "position")) {
        uci_position(u, args);
    } else if (!strcmp(cmd, "go")) {
        uci_go(u, args);
    } else if (!strcmp(cmd, "stop")) {
        /* no search runs here: a stop that came during one ended it */
    } else if (!strcmp(cmd, "quit")) {
        return false;
    } else {
        uci_say(u, "info string error: unknown command '%s'\n", cmd);
    }
    return true;
}

int uci_session(int in, FILE *out, const UciConfig *cfg)
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
    u->in.fd = in;
    u->hash_mb = UCI_DEFAULT_HASH;
    u->variant = variant_get(VARIANT_MAXIMA);
    fen_parse(&u->start, "start", NULL, 0);
    u->valid = true;
    for (;;) {
        if (u->has_pending) { /* the command that ended the last search */
            memcpy(line, u->pending, strlen(u->pending) + 1);
            u->has_pending = false;
        } else if (uci_take_line(u, line, true) <= 0) { /* 0 only without a blocking read */
            break;
        }
        if (!uci_command(u, line))
            break;
    }
    engine_free(u->engine);
    nnue_free(u->net);
    free(u);
    free(line);
    return EXIT_OK;
}

int cmd_uci(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        puts("usage: maxtune uci\n"
             "Speaks a UCI-style protocol on stdin/stdout: uci, isready, ucinewgame,\n"
             "setoption name Hash|Weights|UCI_Variant|WEIGHT value V (UCI_Variant: maxima,\n"
             "ultima or martian; WEIGHT: a name of the game's weights, see maxtune weights\n"
             "--variant), position startpos|fen FEN [moves ...],\n"
             "go [depth D] [nodes N] [movetime MS] [wtime MS btime MS [winc MS binc MS]\n"
             "[movestogo N]] | infinite, stop, quit. Moves in the game's notation\n"
             "(docs/rules/maxima.md 9, martian.md 5: c3-b4, b4xa5, d2+c1, d3-d5* calling the\n"
             "clock). See docs/engines.md.");
        return EXIT_OK;
    }
    UciConfig cfg = {.max_hash_mb = 65536, .weight_files = true};
    return uci_session(STDIN_FILENO, stdout, &cfg);
}
