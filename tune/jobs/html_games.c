/* html_games.c: PGN games replayed into the viewer's JSON (see html_games.h). */
#include "html_games.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/attack.h"
#include "core/fen.h"
#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/notation.h"
#include "tune/jobs/html_text.h"
#include "tune/play/pgn_read.h"

enum { WORD_MAX = 256 };

/* The game being read: its tags, position and JSON so far. */
typedef struct GameBuild {
    char white[WORD_MAX], black[WORD_MAX], round[WORD_MAX], result[WORD_MAX], fen[WORD_MAX];
    char reason[WORD_MAX];
    bool started;
    Position pos;
    char *plies; /* the plies' JSON, comma separated */
    size_t plies_len;
    FILE *plies_out;
    int nplies;
    int first_line;
} GameBuild;

/* Sets err to "source:line: message". */
static void games_error(char *err, size_t errlen, const char *source, int line, const char *fmt,
                        ...) __attribute__((format(printf, 5, 6)));
static void games_error(char *err, size_t errlen, const char *source, int line, const char *fmt,
                        ...)
{
    int k = snprintf(err, errlen, "%s:%d: ", source, line);
    va_list ap;
    va_start(ap, fmt);
    if (k >= 0 && (size_t)k < errlen)
        vsnprintf(err + k, errlen - (size_t)k, fmt, ap);
    va_end(ap);
}

/* The cell of a square in the board string: a FEN letter, '.' or 'x'. */
static char cell_char(const Position *pos, int sq)
{
    Piece p = pos->board[sq];
    if (p == OFFBOARD)
        return 'x';
    if (p == EMPTY)
        return '.';
    char c = PIECE_LETTERS[piece_type(p)];
    return piece_color(p) == WHITE ? (char)(c >= 'a' ? c - 32 : c) : (char)(c >= 'a' ? c : c + 32);
}

/* The 88 cells of a position (buf: at least SQ_NB + 1 bytes). */
static void board_cells(const Position *pos, char *buf)
{
    for (int sq = 0; sq < SQ_NB; sq++)
        buf[sq] = cell_char(pos, sq);
    buf[SQ_NB] = '\0';
}

/* Parses a move as written, in either capture form (d2-d5xc5,d6 or d2-d5xc5xd6): the from-to
 * part chooses the legal move, and the squares written must be those it captures. */
static Move parse_move(Position *pos, const char *text, char *why, size_t len)
{
    Move m = notation_parse(pos, text, why, len);
    const char *x = strchr(text, 'x');
    if (m != MOVE_NONE || !x)
        return m;
    char head[WORD_MAX];
    snprintf(head, sizeof head, "%.*s", (int)(x - text), text);
    m = notation_parse(pos, head, why, len);
    if (m == MOVE_NONE)
        return m;
    Square caps[MAX_CAPTURES];
    int n = move_captures(pos, m, caps), written = 0;
    for (const char *p = x + 1; *p;) {
        int l, sq = square_parse(p, &l);
        bool found = false;
        for (int i = 0; sq >= 0 && i < n; i++)
            found = found || caps[i] == sq;
        if (!found)
            break;
        written++;
        p += l;
        if (*p == ',' || *p == 'x')
            p++;
        else if (*p)
            break;
        if (!*p) {
            if (written == n)
                return m;
            break;
        }
    }
    char full[MOVE_STR_LEN];
    notation_move(pos, m, full, sizeof full);
    snprintf(why, len, "'%.100s' has the wrong captures: the move is %s", text, full);
    return MOVE_NONE;
}

/* Sets up the game's position at its first movetext token; false with the error set. */
static bool game_begin(GameBuild *g, const char *source, int line, char *err, size_t errlen)
{
    char why[256];
    if (!fen_parse(&g->pos, g->fen[0] ? g->fen : "start", why, sizeof why)) {
        games_error(err, errlen, source, line, "bad FEN tag: %s", why);
        return false;
    }
    g->started = true;
    g->plies_out = open_memstream(&g->plies, &g->plies_len);
    if (!g->plies_out) {
        games_error(err, errlen, source, line, "out of memory");
        return false;
    }
    return true;
}

/* Plays one move of the game and appends its ply to the JSON; false with the error set. */
static bool game_play(GameBuild *g, const char *text, const char *source, int line, char *err,
                      size_t errlen)
{
    char why[256], san[MOVE_STR_LEN], before[SQ_NB + 1], after[SQ_NB + 1];
    if (gamestate_of(&g->pos) != GAME_ONGOING) {
        games_error(err, errlen, source, line, "move '%s' after the game ended", text);
        return false;
    }
    Move m = parse_move(&g->pos, text, why, sizeof why);
    if (m == MOVE_NONE) {
        games_error(err, errlen, source, line, "ply %d: %s", g->nplies + 1, why);
        return false;
    }
    notation_move(&g->pos, m, san, sizeof san);
    board_cells(&g->pos, before);
    Undo u;
    move_do(&g->pos, m, &u);
    board_cells(&g->pos, after);
    FILE *o = g->plies_out;
    fprintf(o, "%s[", g->nplies ? ",\n" : "");
    html_json_str(o, san);
    fprintf(o, ",%d,%d,[", move_from(m), move_to(m));
    for (int i = 0; i < u.ncap; i++)
        fprintf(o, "%s%d", i ? "," : "", u.cap_sq[i]);
    fputs("],\"", o);
    for (int sq = 0; sq < SQ_NB; sq++)
        if (before[sq] != after[sq])
            fprintf(o, "%02d%c", sq, after[sq]);
    int check = attack_king_attacked(&g->pos, g->pos.side) ? 1 : 0;
    fprintf(o, "\",%d]", check | (g->pos.side == BLACK ? 2 : 0));
    g->nplies++;
    return true;
}

/* Appends a finished game (result token `result`) to gs as its JSON object. */
static bool game_finish(HtmlGames *gs, GameBuild *g, const Position *start, const char *result)
{
    if (gs->n == gs->cap) {
        long cap = gs->cap ? 2 * gs->cap : 64;
        HtmlGame *more = realloc(gs->games, (size_t)cap * sizeof *more);
        if (!more)
            return false;
        gs->games = more;
        gs->cap = cap;
    }
    fflush(g->plies_out);
    char *json = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&json, &len);
    if (!o)
        return false;
    char cells[SQ_NB + 1], fen[256], final_fen[256];
    board_cells(start, cells);
    fen_write(start, fen, sizeof fen);
    fen_write(&g->pos, final_fen, sizeof final_fen);
    HtmlGame *h = &gs->games[gs->n];
    memset(h, 0, sizeof *h);
    h->index = gs->n + 1;
    fprintf(o, "{\"n\":%ld,\"round\":", h->index);
    html_json_str(o, g->round);
    fputs(",\"white\":", o);
    html_json_str(o, g->white);
    fputs(",\"black\":", o);
    html_json_str(o, g->black);
    fputs(",\"result\":", o);
    html_json_str(o, result);
    fputs(",\"ending\":", o);
    html_json_str(o, g->reason);
    fputs(",\"state\":", o);
    Position end = g->pos;
    html_json_str(o, gamestate_name(gamestate_of(&end)));
    fputs(",\"fen\":", o);
    html_json_str(o, fen);
    fputs(",\"final\":", o);
    html_json_str(o, final_fen);
    fprintf(o, ",\"board\":\"%s\",\"side\":%d,\"check\":%d,\"plies\":[\n%s]}", cells, start->side,
            attack_king_attacked(start, start->side) ? 1 : 0, g->plies ? g->plies : "");
    fclose(o);
    h->json = json;
    h->len = len;
    h->plies = g->nplies;
    h->decisive = !strcmp(result, "1-0") || !strcmp(result, "0-1");
    snprintf(h->ending, sizeof h->ending, "%.63s", g->reason);
    gs->n++;
    return true;
}

/* Frees the game being read and clears it for the next. */
static void game_clear(GameBuild *g)
{
    if (g->plies_out)
        fclose(g->plies_out);
    free(g->plies);
    memset(g, 0, sizeof *g);
}

/* True for a game termination marker. */
static bool is_result(const char *w)
{
    return !strcmp(w, "1-0") || !strcmp(w, "0-1") || !strcmp(w, "1/2-1/2") || !strcmp(w, "*");
}

/* Plays a word of movetext that is not a result: a move, possibly after its number ("12."
 * or "12..."); false with the message in err. */
static bool game_word(GameBuild *g, const char *word, const char *source, int line, char *err,
                      size_t errlen)
{
    const char *move = word;
    if (*move >= '0' && *move <= '9') {
        while (*move >= '0' && *move <= '9')
            move++;
        if (*move != '.') {
            games_error(err, errlen, source, line, "unexpected token '%s'", word);
            return false;
        }
        move += strspn(move, ".");
    }
    return !*move || game_play(g, move, source, line, err, errlen);
}

bool html_games_read(HtmlGames *gs, const char *text, size_t len, const char *source, char *err,
                     size_t errlen)
{
    memset(gs, 0, sizeof *gs);
    snprintf(gs->source, sizeof gs->source, "%s", source);
    PgnReader r;
    pgn_reader_start(&r, text, len);
    GameBuild *g = calloc(1, sizeof *g);
    Position start;
    PgnToken tok;
    const char *name = tok.name, *value = tok.value;
    bool ok = g != NULL, in_game = false;
    if (!g)
        games_error(err, errlen, source, 1, "out of memory");
    while (ok) {
        PgnTokenKind t = pgn_read_token(&r, &tok);
        int line = tok.line;
        if (t == PGN_ERROR) {
            games_error(err, errlen, source, line, "%s", value);
            ok = false;
        } else if (t == PGN_EOF) {
            if (in_game) {
                games_error(err, errlen, source, g->first_line, "game has no result at its end");
                ok = false;
            }
            break;
        } else if (t == PGN_TAG) {
            if (g->started) {
                games_error(err, errlen, source, line, "tag [%s] inside the moves", name);
                ok = false;
                break;
            }
            if (!in_game)
                g->first_line = line;
            in_game = true;
            char *dst = !strcmp(name, "White")    ? g->white
                        : !strcmp(name, "Black")  ? g->black
                        : !strcmp(name, "Round")  ? g->round
                        : !strcmp(name, "Result") ? g->result
                        : !strcmp(name, "FEN")    ? g->fen
                                                  : NULL;
            if (dst)
                snprintf(dst, WORD_MAX, "%s", value);
        } else {
            if (!in_game)
                g->first_line = line;
            in_game = true;
            if (!g->started) {
                ok = game_begin(g, source, line, err, errlen);
                start = g->pos;
                if (!ok)
                    break;
            }
            if (t == PGN_COMMENT) {
                snprintf(g->reason, sizeof g->reason, "%s", value);
            } else if (is_result(value)) {
                if (!game_finish(gs, g, &start, value)) {
                    games_error(err, errlen, source, line, "out of memory");
                    ok = false;
                }
                game_clear(g);
                in_game = false;
            } else {
                ok = game_word(g, value, source, line, err, errlen);
            }
        }
    }
    if (ok && gs->n == 0) {
        games_error(err, errlen, source, 1, "no games in the file");
        ok = false;
    }
    if (g)
        game_clear(g);
    free(g);
    if (!ok) {
        html_games_free(gs);
        snprintf(gs->source, sizeof gs->source, "%s", source);
    }
    return ok;
}

void html_games_free(HtmlGames *gs)
{
    for (long i = 0; i < gs->n; i++)
        free(gs->games[i].json);
    free(gs->games);
    gs->games = NULL;
    gs->n = gs->cap = 0;
}

/* Chooses game i when it fits in what is left of the budget (always with force). */
static void games_take(HtmlGames *gs, long i, size_t budget, size_t *used, int *count, bool force)
{
    HtmlGame *h = &gs->games[i];
    if (h->chosen || (!force && budget && *used + h->len + 2 > budget))
        return;
    h->chosen = true;
    *used += h->len + 2;
    (*count)++;
}

/* The index of the not yet chosen game that is best by `better` (NULL when none is left). */
static long games_best(const HtmlGames *gs, bool (*better)(const HtmlGame *a, const HtmlGame *b),
                       bool decisive_only, const bool *skip)
{
    long best = -1;
    for (long i = 0; i < gs->n; i++) {
        const HtmlGame *h = &gs->games[i];
        if (skip[i] || (decisive_only && !h->decisive))
            continue;
        if (best < 0 || better(h, &gs->games[best]))
            best = i;
    }
    return best;
}

/* Orders for games_best: longer first; shorter first. */
static bool longer(const HtmlGame *a, const HtmlGame *b) { return a->plies > b->plies; }
static bool shorter(const HtmlGame *a, const HtmlGame *b) { return a->plies < b->plies; }

void html_games_write_json(FILE *out, HtmlGames *gs, size_t budget, size_t page_cap,
                           const long *wanted, int nwanted)
{
    size_t used = 0;
    int count = 0;
    for (long i = 0; i < gs->n; i++)
        gs->games[i].chosen = false;
    for (int k = 0; k < nwanted; k++)
        if (wanted[k] >= 1 && wanted[k] <= gs->n)
            games_take(gs, wanted[k] - 1, budget, &used, &count, true);
    for (long i = 0; i < 4 && i < gs->n; i++)
        games_take(gs, i, budget, &used, &count, false);
    bool *skip = calloc((size_t)gs->n + 1, sizeof *skip);
    for (int pass = 0; skip && pass < 2; pass++) {
        memset(skip, 0, (size_t)gs->n * sizeof *skip);
        for (int k = 0; k < 4; k++) {
            long b = games_best(gs, pass ? shorter : longer, pass == 1, skip);
            if (b < 0)
                break;
            skip[b] = true;
            games_take(gs, b, budget, &used, &count, false);
        }
    }
    free(skip);
    for (long i = 0; i < gs->n; i++) {
        bool first = true;
        for (long j = 0; j < i && first; j++)
            first = strcmp(gs->games[j].ending, gs->games[i].ending) != 0;
        if (first)
            games_take(gs, i, budget, &used, &count, false);
    }
    long stride = 1;
    while (stride * 2 < gs->n)
        stride *= 2;
    for (; stride >= 1; stride /= 2)
        for (long i = 0; i < gs->n; i += stride)
            games_take(gs, i, budget, &used, &count, false);

    char note[512];
    if (count == gs->n)
        snprintf(note, sizeof note, "All %ld games of %s.", gs->n, gs->source);
    else
        snprintf(
            note, sizeof note,
            "%d of the %ld games of %s, chosen to keep this page under its %.1f MB cap: the first "
            "4, the 4 longest, the first game of each ending, the 4 shortest decisive "
            "games, then games evenly spaced over the file while they fit.",
            count, gs->n, gs->source, (double)page_cap / 1e6);
    fputs("{\"source\":", out);
    html_json_str(out, gs->source);
    fprintf(out, ",\"total\":%ld,\"embedded\":%d,\"note\":", gs->n, count);
    html_json_str(out, note);
    fputs(",\"games\":[\n", out);
    bool first = true;
    for (long i = 0; i < gs->n; i++)
        if (gs->games[i].chosen) {
            fprintf(out, "%s%s", first ? "" : ",\n", gs->games[i].json);
            first = false;
        }
    fputs("]}", out);
}
