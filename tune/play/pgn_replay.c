/* pgn_replay.c: PGN games replayed through the rules core (see pgn_replay.h). */
#include "pgn_replay.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/fen.h"
#include "core/gamestate.h"
#include "core/notation.h"

/* Hands a problem to the reader; false when the replay stops (always for PGN_NOT_PGN). */
static bool problem(const PgnReplayHooks *h, int line, PgnProblem kind, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool problem(const PgnReplayHooks *h, int line, PgnProblem kind, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return h->problem(h->data, line, kind, msg) && kind != PGN_NOT_PGN;
}

bool pgn_is_result(const char *w)
{
    return !strcmp(w, "1-0") || !strcmp(w, "0-1") || !strcmp(w, "1/2-1/2") || !strcmp(w, "*");
}

/* Resets a game for the next one (keeps the key and move buffers). */
static void game_reset(PgnGame *g)
{
    uint64_t *keys = g->keys;
    Move *moves = g->moves;
    int cap = g->cap;
    memset(g, 0, sizeof *g);
    g->keys = keys;
    g->moves = moves;
    g->cap = cap;
}

void pgn_game_free(PgnGame *g)
{
    free(g->keys);
    free(g->moves);
    g->keys = NULL;
    g->moves = NULL;
    g->cap = 0;
}

/* Appends the current position's key; false when out of memory. */
static bool game_push_key(PgnGame *g)
{
    if (g->nplies + 1 >= g->cap) {
        int cap = g->cap ? 2 * g->cap : 512;
        uint64_t *k = realloc(g->keys, (size_t)cap * sizeof *k);
        if (!k)
            return false;
        g->keys = k;
        Move *m = realloc(g->moves, (size_t)cap * sizeof *m);
        if (!m)
            return false;
        g->moves = m;
        g->cap = cap;
    }
    g->keys[g->nplies] = g->pos.key;
    return true;
}

/* Keeps a tag PgnGame has a field for. */
static void game_tag(PgnGame *g, const PgnToken *tok)
{
    PgnTag *tag = !strcmp(tok->name, "Result")        ? &g->result
                  : !strcmp(tok->name, "FEN")         ? &g->fen
                  : !strcmp(tok->name, "Termination") ? &g->termination
                  : !strcmp(tok->name, "PlyCount")    ? &g->plycount
                  : !strcmp(tok->name, "Event")       ? &g->event
                  : !strcmp(tok->name, "Round")       ? &g->round
                  : !strcmp(tok->name, "White")       ? &g->white
                  : !strcmp(tok->name, "Black")       ? &g->black
                  : !strcmp(tok->name, "Variant")     ? &g->variant
                                                      : NULL;
    if (tag) {
        tag->line = tok->line;
        snprintf(tag->value, sizeof tag->value, "%s", tok->value);
    }
}

const Variant *pgn_variant(const char *value)
{
    for (int g = 0; g < VARIANT_NB; g++) {
        const Variant *v = variant_get((VariantId)g);
        if (v->engine && (!strcasecmp(value, v->name) || !strcasecmp(value, v->title)))
            return v;
    }
    return NULL;
}

/* Sets up the starting position from the Variant and FEN tags (no FEN: the game's initial
 * position) at the first movetext token (at line); false when the replay stops. */
static bool game_start(PgnGame *g, const PgnReplayHooks *h, int line)
{
    g->started = true;
    char why[256];
    const Variant *v = g->variant.line ? pgn_variant(g->variant.value) : NULL;
    if (g->variant.line && !v) {
        g->dead = true;
        return problem(h, g->variant.line, PGN_BAD_SETUP, "unknown Variant \"%s\" (%s)",
                       g->variant.value, variant_engine_names());
    }
    if (h->game && v && v != h->game) {
        g->dead = true;
        return problem(h, g->variant.line, PGN_BAD_SETUP, "a game of %s, but %s is the game here",
                       v->title, h->game->title);
    }
    if (h->game)
        v = h->game;
    const char *fen = g->fen.line ? g->fen.value : v ? v->start_fen : "start";
    if (!fen_parse_variant(&g->pos, fen, v, why, sizeof why)) {
        g->dead = true;
        return problem(h, g->fen.line, PGN_BAD_SETUP, "bad FEN tag: %s", why);
    }
    if (!g->pos.variant->engine) { /* a game of the rules core only */
        g->dead = true;
        return problem(h, g->fen.line, PGN_BAD_SETUP, "bad FEN tag: a position of %s, not played",
                       g->pos.variant->title);
    }
    g->opening = g->pos;
    if (!game_push_key(g)) {
        g->dead = true;
        return problem(h, line, PGN_BAD_SETUP, "out of memory");
    }
    return !h->started || h->started(h->data, g);
}

/* Reads a leading move number "12." or "12..." of word and checks it against the game; the
 * rest of the word in *move (NULL when the word is not PGN). False when the replay stops. */
static bool strip_move_number(PgnGame *g, const PgnReplayHooks *h, int line, const char *word,
                              const char **move)
{
    *move = word;
    if (word[0] < '0' || word[0] > '9')
        return true;
    char *end;
    long number = strtol(word, &end, 10);
    size_t dots = strspn(end, ".");
    if (dots != 1 && dots != 3) {
        *move = NULL;
        return problem(h, line, PGN_NOT_PGN, "unexpected token '%s'", word);
    }
    *move = end + dots;
    if (g->dead)
        return true;
    /* Numbers start at 1 (whichever side moves first) and advance after the last player's moves
     * (Black's; player 4's in four-player Martian Chess). */
    int side = g->pos.side, players = g->pos.variant->players;
    int first_side = ((side - g->nplies) % players + players) % players;
    long expected = 1 + (g->nplies + first_side) / players;
    if (number != expected || (dots == 1) != (side == WHITE))
        return problem(h, line, PGN_REMARK, "move number '%.*s' does not fit: %s's move %ld",
                       (int)(end + dots - word), word, side == WHITE ? "White" : "Black", expected);
    return true;
}

/* Plays the move written as text, checking that it is legal and fully written; false when the
 * replay stops. */
static bool game_move(PgnGame *g, const PgnReplayHooks *h, int line, const char *text)
{
    if (g->dead)
        return true;
    GameState st = gamestate_of(&g->pos);
    if (st != GAME_ONGOING) {
        g->dead = true;
        return problem(h, line, PGN_BAD_MOVE, "move '%s' after the game ended (%s)", text,
                       gamestate_name(st));
    }
    char err[256], full[MOVE_STR_LEN], pgn[MOVE_STR_LEN];
    Move m = notation_parse(&g->pos, text, err, sizeof err);
    if (m == MOVE_NONE) {
        g->dead = true;
        return problem(h, line, PGN_BAD_MOVE, "ply %d: %s", g->nplies + 1, err);
    }
    notation_move(&g->pos, m, full, sizeof full);
    notation_move_pgn(&g->pos, m, pgn, sizeof pgn);
    bool go_on = true;
    if (strcmp(pgn, text) != 0 && strcmp(full, text) != 0)
        go_on = problem(h, line, PGN_REMARK,
                        "ply %d: '%s' should be written '%s' (with its captures)", g->nplies + 1,
                        text, pgn);
    else if (strcmp(pgn, text) != 0)
        g->old_form = true;
    if (!go_on)
        return false;
    g->moves[g->nplies] = m;
    Position before = g->pos;
    Undo u;
    move_do(&g->pos, m, &u);
    g->nplies++;
    if (!game_push_key(g)) {
        g->dead = true;
        return problem(h, line, PGN_BAD_SETUP, "out of memory");
    }
    return !h->played || h->played(h->data, g, m, &before, &u);
}

/* Handles one movetext token (after the game was set up); false when the replay stops. *in_game
 * is cleared at a result. */
static bool game_token(PgnGame *g, const PgnReplayHooks *h, PgnTokenKind kind, const PgnToken *tok,
                       bool *in_game, long *games)
{
    if (kind == PGN_COMMENT) {
        snprintf(g->reason, sizeof g->reason, "%s", tok->value);
        g->reason_line = tok->line;
        return true;
    }
    if (pgn_is_result(tok->value)) {
        (*games)++;
        *in_game = false;
        return !h->finished || h->finished(h->data, g, tok->line, tok->value);
    }
    const char *move;
    if (!strip_move_number(g, h, tok->line, tok->value, &move) || !move)
        return false;
    return !*move || game_move(g, h, tok->line, move);
}

bool pgn_replay(PgnGame *g, const char *text, size_t len, const PgnReplayHooks *h)
{
    PgnReader r;
    pgn_reader_start(&r, text, len);
    long games = 0;
    bool in_game = false;
    PgnToken tok;
    game_reset(g);
    for (;;) {
        PgnTokenKind kind = pgn_read_token(&r, &tok);
        if (kind == PGN_ERROR)
            return problem(h, tok.line, PGN_NOT_PGN, "%s", tok.value);
        if (kind == PGN_EOF) {
            if (in_game)
                return problem(h, g->first_line, PGN_NOT_PGN,
                               "game has no result token at its end");
            if (games == 0)
                return problem(h, 1, PGN_NOT_PGN, "no games in the file");
            return true;
        }
        if (!in_game) {
            game_reset(g);
            in_game = true;
            g->first_line = tok.line;
        }
        if (kind == PGN_TAG) {
            if (g->started)
                return problem(h, tok.line, PGN_NOT_PGN,
                               "tag [%s] inside the moves: the game before has no result token",
                               tok.name);
            game_tag(g, &tok);
            if (h->tag)
                h->tag(h->data, g, &tok);
            continue;
        }
        if (!g->started && !game_start(g, h, tok.line))
            return false;
        if (!game_token(g, h, kind, &tok, &in_game, &games))
            return false;
    }
}
