/* pairs.c: playing and encoding game pairs. */
#include "pairs.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/makemove.h"
#include "core/movegen.h"
#include "tune/play/players.h"
#include "tune/play/engine_check.h"
#include "tune/run/interrupt.h"
#include "tune/play/player_config.h"
#include "tune/play/match_config.h"

bool pair_worker_init(PairWorker *w, const Config *cfg)
{
    bool ok = true;
    memset(w, 0, sizeof *w);
    if (affinity_wanted(cfg))
        w->pinned = affinity_pin(omp_get_thread_num());
    for (int i = 0; i < 2; i++) {
        if (player_config(cfg, i)->command[0]) {
            char err[512];
            w->proc[i] = malloc(sizeof *w->proc[i]);
            if (w->proc[i] &&
                !engine_proc_init(w->proc[i], player_config(cfg, i), config_variant(cfg),
                                  interrupt_flag(), err, sizeof err)) {
                fprintf(stderr, "maxtune: %s\n", err);
                free(w->proc[i]);
                w->proc[i] = NULL;
            }
            ok = ok && w->proc[i];
            continue;
        }
        w->engine[i] = engine_new((size_t)player_config(cfg, i)->hash_mb);
        if (w->engine[i]) /* a stop request ends the games in progress at once */
            engine_watch(w->engine[i], interrupt_flag());
        ok = ok && w->engine[i];
    }
    if (ok)
        return true;
    pair_worker_free(w);
    return false;
}

void pair_worker_free(PairWorker *w)
{
    for (int i = 0; i < 2; i++) {
        engine_free(w->engine[i]);
        w->engine[i] = NULL;
        if (w->proc[i]) {
            engine_proc_free(w->proc[i]);
            free(w->proc[i]);
            w->proc[i] = NULL;
        }
    }
    affinity_restore(w->pinned);
    w->pinned = NULL;
}

bool pair_log_fault(PairWorker *w, const Config *cfg, long opening_index, int g,
                    const GameRecord *rec)
{
    bool go_on = true;
    for (int side = 0; side < 2; side++) /* game 0: the first player has White */
        if (w->proc[side] && !engine_check_game(w->proc[side], cfg, opening_index, g,
                                                side == g ? WHITE : BLACK, rec))
            go_on = false;
    return go_on;
}

bool pair_compact_game(const GameRecord *rec, GameResult *out)
{
    out->result = (uint8_t)rec->result;
    out->term = (uint8_t)rec->term;
    out->nmoves = (uint16_t)rec->nmoves;
    out->moves = malloc(((size_t)rec->nmoves + 1) * sizeof(Move));
    if (!out->moves)
        return false;
    memcpy(out->moves, rec->moves, (size_t)rec->nmoves * sizeof(Move));
    return true;
}

bool pair_play(PairWorker *w, const Config *cfg, const Openings *o, long opening_index,
               const Weights *wa, const Weights *wb, PairResult *out)
{
    Position opening;
    openings_get(o, opening_index, &opening);
    Player a, b;
    player_setup(&a, player_config(cfg, 0), w->engine[0], w->proc[0], wa);
    player_setup(&b, player_config(cfg, 1), w->engine[1], w->proc[1], wb);
    GameRecord *rec = malloc(sizeof *rec);
    if (!rec)
        return false;
    memset(out, 0, sizeof *out);
    game_play(&opening, &a, &b, match_config(cfg), rec);
    bool ok = pair_log_fault(w, cfg, opening_index, 0, rec); /* false: an engine stops the run */
    ok = ok && pair_compact_game(rec, &out->game[0]);
    out->search_seconds = rec->search_seconds;
    if (ok)
        game_play(&opening, &b, &a, match_config(cfg), rec);
    ok = ok && pair_log_fault(w, cfg, opening_index, 1, rec);
    ok = ok && pair_compact_game(rec, &out->game[1]);
    out->search_seconds += rec->search_seconds;
    free(rec);
    return ok;
}

double pair_score(const PairResult *p, int g)
{
    int white_half = p->game[g].result;
    return (g == 0 ? white_half : 2 - white_half) / 2.0;
}

/* Writes the text of `n` games (joined by spaces) into a malloc'd string. */
static char *encode_games(const GameResult *games, int n)
{
    size_t len = 64;
    for (int g = 0; g < n; g++)
        len += 6 * (size_t)games[g].nmoves;
    char *s = malloc(len);
    if (!s)
        return NULL;
    size_t k = 0;
    for (int g = 0; g < n; g++) {
        const GameResult *r = &games[g];
        k += (size_t)snprintf(s + k, len - k, "%s%d %d %d", g ? " " : "", r->result, r->term,
                              r->nmoves);
        for (int i = 0; i < r->nmoves; i++)
            k += (size_t)snprintf(s + k, len - k, " %x", r->moves[i]);
    }
    return s;
}

char *pair_encode_game(const GameResult *g) { return encode_games(g, 1); }

char *pair_encode(const PairResult *p) { return encode_games(p->game, 2); }

/* Parses the text of n games (pair_encode_game's, joined by spaces) into games (move lists
 * allocated; all NULL again on failure); false with a reason. */
static bool decode_games(const char *text, GameResult *games, int n, char *why, size_t whylen)
{
    const char *s = text;
    const char *bad = NULL;
    for (int g = 0; g < n && !bad; g++) {
        char *end;
        long v[3];
        for (int k = 0; k < 3 && !bad; k++) {
            v[k] = strtol(s, &end, 10);
            bad = end == s ? "missing game field" : NULL;
            s = end;
        }
        if (bad)
            break;
        if (v[0] < 0 || v[0] > 2 || v[1] < 0 || v[1] >= TERM_NB || v[2] < 0 ||
            v[2] > GAME_MAX_PLIES) {
            bad = "game field out of range";
            break;
        }
        GameResult *r = &games[g];
        r->result = (uint8_t)v[0];
        r->term = (uint8_t)v[1];
        r->nmoves = (uint16_t)v[2];
        r->moves = malloc(((size_t)r->nmoves + 1) * sizeof(Move));
        if (!r->moves) {
            bad = "out of memory";
            break;
        }
        for (int i = 0; i < r->nmoves && !bad; i++) {
            unsigned long m = strtoul(s, &end, 16);
            bad = end == s || m > 0xFFFF ? "bad move field" : NULL; /* 16 bits: a Move */
            r->moves[i] = (Move)m;
            s = end;
        }
    }
    while (!bad && *s == ' ')
        s++;
    if (!bad && *s)
        bad = "trailing data";
    if (!bad)
        return true;
    snprintf(why, whylen, "%s", bad);
    for (int g = 0; g < n; g++) {
        free(games[g].moves);
        games[g].moves = NULL;
    }
    return false;
}

bool pair_decode(const char *text, PairResult *p, char *why, size_t whylen)
{
    memset(p, 0, sizeof *p);
    return decode_games(text, p->game, 2, why, whylen);
}

bool pair_decode_game(const char *text, GameResult *g, char *why, size_t whylen)
{
    memset(g, 0, sizeof *g);
    return decode_games(text, g, 1, why, whylen);
}

int pair_game_replay(const GameResult *g, const Position *opening)
{
    Position pos = *opening;
    for (int i = 0; i < g->nmoves; i++) {
        Move legal[MAX_MOVES];
        int n = movegen_legal(&pos, legal), k = 0;
        while (k < n && legal[k] != g->moves[i])
            k++;
        if (k == n)
            return i + 1;
        Undo u;
        move_do(&pos, legal[k], &u);
    }
    return 0;
}

void pair_free(PairResult *p)
{
    for (int g = 0; g < 2; g++) {
        free(p->game[g].moves);
        p->game[g].moves = NULL;
    }
}
