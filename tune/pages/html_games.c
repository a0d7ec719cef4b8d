/* html_games.c: PGN games replayed into the viewer's JSON (see html_games.h). */
#include "html_games.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/attack.h"
#include "core/fen.h"
#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/notation.h"
#include "tune/pages/html_text.h"
#include "tune/play/pgn_replay.h"

/* The viewer's side of a replay: the games so far, the plies' JSON of the game being read, and
 * where an error goes. */
typedef struct GamesBuild {
    HtmlGames *gs;
    const char *source;
    char *err;
    size_t errlen;
    char *plies; /* the plies' JSON, comma separated */
    size_t plies_len;
    FILE *plies_out;
} GamesBuild;

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

/* The cell of a square in the board string: a FEN letter, '.' or 'x' (a zoned game's pieces
 * have no colour: capitals, as in its FEN). */
static char cell_char(const Position *pos, int sq)
{
    Piece p = pos->board[sq];
    if (p == OFFBOARD)
        return 'x';
    if (p == EMPTY)
        return '.';
    char c = PIECE_LETTERS[piece_type(p)];
    bool upper = pos->zoned || piece_color(p) == WHITE;
    return upper ? (char)(c >= 'a' ? c - 32 : c) : (char)(c >= 'a' ? c : c + 32);
}

/* A zoned game's state in a position (the scores and the clock, -1 before a call) as JSON
 * array items "south,north,clock". */
static void zoned_state(FILE *o, const Position *pos)
{
    fprintf(o, "%d,%d,%d", (int)pos->score[WHITE], (int)pos->score[BLACK], (int)pos->clock);
}

/* A zoned game's board in the game's JSON: the owner of each of the 88 cells ('0'..'3', 'x' a
 * hole), from which the page draws the canals, the teams' names and the scores and clock
 * (zoned_state); nothing for the other games. */
static void zoned_board(FILE *o, const Position *pos)
{
    if (!pos->zoned)
        return;
    const Variant *v = pos->variant;
    fputs(",\"zones\":\"", o);
    for (int sq = 0; sq < SQ_NB; sq++)
        fputc(v->geo.real[sq] ? '0' + v->geo.owner[sq] : 'x', o);
    fputs("\",\"teams\":[", o);
    html_json_str(o, v->team_names[WHITE]);
    fputc(',', o);
    html_json_str(o, v->team_names[BLACK]);
    fputs("],\"score\":[", o);
    zoned_state(o, pos);
    fputc(']', o);
}

/* The 88 cells of a position (buf: at least SQ_NB + 1 bytes). */
static void board_cells(const Position *pos, char *buf)
{
    for (int sq = 0; sq < SQ_NB; sq++)
        buf[sq] = cell_char(pos, sq);
    buf[SQ_NB] = '\0';
}

/* Closes and frees the plies' JSON of the game being read. */
static void plies_clear(GamesBuild *b)
{
    if (b->plies_out)
        fclose(b->plies_out);
    free(b->plies);
    b->plies_out = NULL;
    b->plies = NULL;
    b->plies_len = 0;
}

/* A problem of the replay (a PgnReplayHooks problem hook): the page shows a game whose move
 * numbers or move texts do not fit; any other problem stops, with the error set. */
static bool games_problem(void *data, int line, PgnProblem kind, const char *msg)
{
    GamesBuild *b = data;
    if (kind == PGN_REMARK)
        return true;
    games_error(b->err, b->errlen, b->source, line, "%s", msg);
    return false;
}

/* A Variant tag naming its game by the title the PGN writer gives it ("Martian Chess"), which
 * the replay reads by name: the tag is set to the game's name (a PgnReplayHooks tag hook). */
static void games_tag(void *data, PgnGame *g, const PgnToken *tok)
{
    (void)data;
    if (strcmp(tok->name, "Variant") || pgn_variant(g->variant.value))
        return;
    for (int id = 0; id < VARIANT_NB; id++) {
        const Variant *v = variant_get((VariantId)id);
        if (v->engine && !strcasecmp(g->variant.value, v->title))
            snprintf(g->variant.value, sizeof g->variant.value, "%s", v->name);
    }
}

/* Opens the plies' JSON of a game set up (a PgnReplayHooks started hook). */
static bool games_started(void *data, PgnGame *g)
{
    GamesBuild *b = data;
    plies_clear(b);
    b->plies_out = open_memstream(&b->plies, &b->plies_len);
    if (!b->plies_out) {
        games_error(b->err, b->errlen, b->source, g->first_line, "out of memory");
        return false;
    }
    return true;
}

/* Appends a ply to the JSON: the move's text, from and to, the squares it captured (none for a
 * merge), the cells it changed, check and the team to move (a PgnReplayHooks played hook). */
static bool games_played(void *data, PgnGame *g, Move m, const Position *before, const Undo *u)
{
    GamesBuild *b = data;
    char san[MOVE_STR_LEN], cells_before[SQ_NB + 1], cells_after[SQ_NB + 1];
    notation_move(before, m, san, sizeof san);
    board_cells(before, cells_before);
    board_cells(&g->pos, cells_after);
    FILE *o = b->plies_out;
    fprintf(o, "%s[", g->nplies > 1 ? ",\n" : "");
    html_json_str(o, san);
    fprintf(o, ",%d,%d,[", move_from(m), move_to(m));
    for (int i = 0; i < u->ncap && !move_is_merge(m); i++) /* a merge captures nothing */
        fprintf(o, "%s%d", i ? "," : "", u->cap_sq[i]);
    fputs("],\"", o);
    for (int sq = 0; sq < SQ_NB; sq++)
        if (cells_before[sq] != cells_after[sq])
            fprintf(o, "%02d%c", sq, cells_after[sq]);
    int check = g->pos.variant->kings && attack_king_attacked(&g->pos, g->pos.side) ? 1 : 0;
    fprintf(o, "\",%d", check | (position_team(&g->pos) == BLACK ? 2 : 0));
    if (g->pos.zoned) {
        fputc(',', o);
        zoned_state(o, &g->pos);
    }
    fputc(']', o);
    return true;
}

/* Appends a finished game (result token `result`) to gs as its JSON object; false when out of
 * memory. */
static bool game_append(HtmlGames *gs, GamesBuild *b, const PgnGame *g, const char *result)
{
    const Position *start = &g->opening;
    if (gs->n == gs->cap) {
        long cap = gs->cap ? 2 * gs->cap : 64;
        HtmlGame *more = realloc(gs->games, (size_t)cap * sizeof *more);
        if (!more)
            return false;
        gs->games = more;
        gs->cap = cap;
    }
    fflush(b->plies_out);
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
    html_json_str(o, g->round.value);
    fputs(",\"white\":", o);
    html_json_str(o, g->white.value);
    fputs(",\"black\":", o);
    html_json_str(o, g->black.value);
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
    fprintf(o, ",\"board\":\"%s\",\"side\":%d,\"check\":%d", cells, start->side,
            start->variant->kings && attack_king_attacked(start, start->side) ? 1 : 0);
    zoned_board(o, start);
    fprintf(o, ",\"plies\":[\n%s]}", b->plies ? b->plies : "");
    fclose(o);
    h->json = json;
    h->len = len;
    h->plies = g->nplies;
    h->decisive = !strcmp(result, "1-0") || !strcmp(result, "0-1");
    snprintf(h->ending, sizeof h->ending, "%.63s", g->reason);
    gs->n++;
    return true;
}

/* Adds a finished game to the page's games (a PgnReplayHooks finished hook). */
static bool games_finished(void *data, PgnGame *g, int line, const char *result)
{
    GamesBuild *b = data;
    bool ok = game_append(b->gs, b, g, result);
    if (!ok)
        games_error(b->err, b->errlen, b->source, line, "out of memory");
    plies_clear(b);
    return ok;
}

bool html_games_read(HtmlGames *gs, const char *text, size_t len, const char *source, char *err,
                     size_t errlen)
{
    memset(gs, 0, sizeof *gs);
    snprintf(gs->source, sizeof gs->source, "%s", source);
    GamesBuild b = {.gs = gs, .source = source, .err = err, .errlen = errlen};
    PgnReplayHooks hooks = {.data = &b,
                            .problem = games_problem,
                            .tag = games_tag,
                            .started = games_started,
                            .played = games_played,
                            .finished = games_finished};
    PgnGame *g = calloc(1, sizeof *g);
    bool ok = g != NULL;
    if (!g)
        games_error(err, errlen, source, 1, "out of memory");
    else
        ok = pgn_replay(g, text, len, &hooks);
    plies_clear(&b);
    if (g)
        pgn_game_free(g);
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
