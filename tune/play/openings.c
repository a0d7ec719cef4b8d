/* openings.c: random openings and opening books (see openings.h). */
#include "openings.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/fen.h"
#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "search/eval.h"
#include "tune/play/pgn_replay.h"
#include "tune/run/escape.h"
#include "tune/stats/rng.h"

/* Appends pos to the list; false when out of memory. */
static bool list_push(Openings *o, int *cap, const Position *pos)
{
    if (o->count == *cap) {
        int n = *cap ? 2 * *cap : 64;
        Position *l = realloc(o->list, (size_t)n * sizeof *l);
        if (!l)
            return false;
        o->list = l;
        *cap = n;
    }
    o->list[o->count++] = *pos;
    return true;
}

/* Checks the EPD operations after a position: `opcode [operand ...];` each, operands plain
 * words or "quoted strings"; false with the problem in why. */
static bool epd_operations(const char *s, char *why, size_t len)
{
    while (*s) {
        while (isspace((unsigned char)*s))
            s++;
        if (!*s)
            return true;
        if (!isalpha((unsigned char)*s)) {
            snprintf(why, len, "EPD: an operation must start with its opcode, got '%.20s'", s);
            return false;
        }
        while (*s && *s != ';') {
            if (*s == '"') {
                const char *close = strchr(s + 1, '"');
                if (!close) {
                    snprintf(why, len, "EPD: a string operand is not closed");
                    return false;
                }
                s = close;
            }
            s++;
        }
        if (*s != ';') {
            snprintf(why, len, "EPD: an operation does not end with ';'");
            return false;
        }
        s++;
    }
    return true;
}

/* Skips the castling and en-passant fields that chess tools write after the side ("w - - id
 * ..."): up to two fields that are a lone '-' (these games have neither); returns where the
 * rest starts. */
static const char *epd_skip_placeholders(const char *s)
{
    for (int i = 0; i < 2; i++) {
        const char *t = s;
        while (isspace((unsigned char)*t))
            t++;
        if (t[0] != '-' || (t[1] && !isspace((unsigned char)t[1])))
            break;
        s = t + 1;
    }
    return s;
}

/* Reads one book line of the game, FEN or EPD, into pos; false with the problem in why. A line
 * that is a whole FEN is read as one; else a line with a ';' or a '"' is EPD: its first two
 * fields are the board and the side, then chess's castling and en-passant fields as '-' (read
 * and ignored: see epd_skip_placeholders) or a number, the ply count, and the rest
 * operations. */
static bool book_line(const char *line, const Variant *game, Position *pos, char *why, size_t len)
{
    if (fen_parse_variant(pos, line, game, why, len))
        return true;
    char board[256], side[8], fen[300];
    int used = 0;
    if (sscanf(line, "%255s %7s%n", board, side, &used) != 2 || !strpbrk(line, ";\""))
        return false; /* not EPD either: the FEN's own message stays in why */
    const char *rest = epd_skip_placeholders(line + used);
    long plies = 0;
    char *end;
    long v = strtol(rest, &end, 10);
    if (end != rest && (isspace((unsigned char)*end) || !*end)) {
        plies = v;
        rest = end;
    }
    snprintf(fen, sizeof fen, "%s %s %ld", board, side, plies);
    return fen_parse_variant(pos, fen, game, why, len) && epd_operations(rest, why, len);
}

/* Reads a book file of FEN or EPD lines ('#' lines and blank lines skipped). */
static bool book_read(Openings *o, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open openings file: %s", path, strerror(errno));
        return false;
    }
    char line[1024], why[256];
    int lineno = 0, cap = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s || *s == '#')
            continue;
        Position pos;
        if (!book_line(s, variant_get(o->variant), &pos, why, sizeof why)) {
            snprintf(err, errlen, "%s:%d: %s", path, lineno, why);
            ok = false;
        } else if (gamestate_of(&pos) != GAME_ONGOING) {
            snprintf(err, errlen, "%s:%d: the game is already over in this position", path, lineno);
            ok = false;
        } else if (!list_push(o, &cap, &pos)) {
            snprintf(err, errlen, "%s: out of memory", path);
            ok = false;
        }
    }
    fclose(f);
    if (ok && o->count == 0) {
        snprintf(err, errlen, "%s: no FEN in the openings file", path);
        ok = false;
    }
    return ok;
}

/* What a PGN book's replay collects: each game's position after `plies` plies (or at its
 * end, when shorter and not over), and the first problem that stops the reading. */
typedef struct PgnBook {
    Openings *o;
    int cap;
    bool taken; /* this game's position is in the list */
    char err[512];
} PgnBook;

/* Takes the position g has reached for the book, once a game. */
static bool book_take(PgnBook *b, const PgnGame *g)
{
    b->taken = true;
    Position pos = g->pos;
    if (gamestate_of(&pos) != GAME_ONGOING)
        return true; /* a game over before the opening's end gives no opening */
    pos.plies = 0;
    if (!list_push(b->o, &b->cap, &pos)) {
        snprintf(b->err, sizeof b->err, "out of memory");
        return false;
    }
    return true;
}

/* pgn_replay hooks of a PGN book. */
static bool book_problem(void *data, int line, PgnProblem kind, const char *msg)
{
    PgnBook *b = data;
    if (kind == PGN_REMARK)
        return true;
    snprintf(b->err, sizeof b->err, "%d: %s", line, msg);
    return false;
}

static bool book_started(void *data, PgnGame *g)
{
    PgnBook *b = data;
    b->taken = false;
    return b->o->plies > 0 || book_take(b, g);
}

static bool book_played(void *data, PgnGame *g, Move m, const Position *before, const Undo *u)
{
    (void)m, (void)before, (void)u;
    PgnBook *b = data;
    return b->taken || g->nplies < b->o->plies || book_take(b, g);
}

static bool book_finished(void *data, PgnGame *g, int line, const char *result)
{
    (void)line, (void)result;
    PgnBook *b = data;
    return b->taken || !g->started || book_take(b, g);
}

/* Reads a PGN book: each game's position after [match] opening_plies plies (its FEN tag, or
 * the initial position, when 0; its last position when the game is shorter). */
static bool book_read_pgn(Openings *o, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open openings file: %s", path, strerror(errno));
        return false;
    }
    char *text = NULL;
    size_t cap = 0;
    ssize_t len = getdelim(&text, &cap, '\0', f);
    fclose(f);
    PgnBook b = {o, 0, false, ""};
    PgnReplayHooks h = {
        &b, book_problem, NULL, book_started, book_played, book_finished, variant_get(o->variant)};
    PgnGame g;
    memset(&g, 0, sizeof g);
    bool ok = len >= 0 && pgn_replay(&g, text, (size_t)len, &h);
    pgn_game_free(&g);
    free(text);
    if (!ok)
        snprintf(err, errlen, "%s:%s", path, b.err[0] ? b.err : " cannot read the file");
    else if (o->count == 0) {
        snprintf(err, errlen, "%s: no game gives an opening (each ends within %d plies)", path,
                 o->plies);
        ok = false;
    }
    return ok;
}

/* Whether path names a PGN file (it ends in .pgn). */
static bool is_pgn(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && !strcasecmp(path + n - 4, ".pgn");
}

/* Shuffles the book (Fisher-Yates) by the run's seed. */
static void book_shuffle(Openings *o)
{
    Rng rng = rng_for(o->seed, RNG_BOOK, 0);
    for (int i = o->count - 1; i > 0; i--) {
        int j = (int)rng_below(&rng, (uint64_t)i + 1);
        Position t = o->list[i];
        o->list[i] = o->list[j];
        o->list[j] = t;
    }
}

bool openings_load(Openings *o, const MatchConfig *mc, const Variant *v, uint64_t seed, char *err,
                   size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->variant = v->id;
    o->seed = seed;
    o->plies = (int)mc->opening_plies;
    o->max_score = (int)mc->opening_max_score;
    /* Fixed tables: openings never change with the built-in default. */
    weights_start(&o->weights, v);
    if (!strcmp(mc->openings, "random"))
        return true;
    bool read = is_pgn(mc->openings) ? book_read_pgn(o, mc->openings, err, errlen)
                                     : book_read(o, mc->openings, err, errlen);
    if (!read) {
        openings_free(o);
        escape_in_place(err, errlen); /* messages quote the file's text */
        return false;
    }
    if (!strcmp(mc->opening_order, "random"))
        book_shuffle(o);
    return true;
}

void openings_free(Openings *o)
{
    free(o->list);
    o->list = NULL;
    o->count = 0;
}

/* Leaves out of the n moves in list the clock calls (docs/rules/martian.md 6): a random opening that
 * called the clock would leave the game a few moves to live. Returns how many are left (Maxima's
 * and Ultima's moves have no call flag: all of them). */
static int without_clock_calls(Move *list, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!move_calls_clock(list[i]))
            list[k++] = list[i];
    return k;
}

/* One random playout of o->plies plies; false if the game ended or the result is lopsided. */
static bool random_opening(const Openings *o, Rng *rng, Position *out)
{
    Position pos;
    fen_parse_variant(&pos, "start", variant_get(o->variant), NULL, 0);
    for (int ply = 0; ply < o->plies; ply++) {
        Move legal[MAX_MOVES];
        int n = movegen_legal(&pos, legal);
        if (gamestate_from_count(&pos, n) != GAME_ONGOING)
            return false;
        n = without_clock_calls(legal, n);
        if (n == 0)
            return false;
        Undo u;
        move_do(&pos, legal[rng_below(rng, (uint64_t)n)], &u);
    }
    if (gamestate_of(&pos) != GAME_ONGOING)
        return false;
    int score = eval_evaluate(&pos, &o->weights);
    if (score > o->max_score || score < -o->max_score)
        return false;
    pos.plies = 0;
    *out = pos;
    return true;
}

void openings_get(const Openings *o, long index, Position *out)
{
    if (o->list) {
        *out = o->list[index % o->count];
        return;
    }
    Rng rng = rng_for(o->seed, RNG_OPENING, (uint64_t)index);
    for (int attempt = 0; attempt < 1000; attempt++)
        if (random_opening(o, &rng, out))
            return;
    fen_parse_variant(out, "start", variant_get(o->variant), NULL, 0); /* practically unreachable */
}
