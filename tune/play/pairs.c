/* pairs.c: playing and encoding game pairs. */
#include "pairs.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
            if (w->proc[i] && !engine_proc_init(w->proc[i], player_config(cfg, i), interrupt_flag(),
                                                err, sizeof err)) {
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

void pair_log_fault(PairWorker *w, const Config *cfg, long opening_index, int g,
                    const GameRecord *rec)
{
    int side = rec->fault == WHITE ? g : !g; /* game 0: the first player has White */
    EngineProc *p = w->proc[side];
    if (rec->fault < 0 || !p)
        return;
    if (interrupt_requested()) { /* a stopped game is abandoned, not scored: nothing to log */
        engine_proc_kill(p);
        return;
    }
    char path[1024], header[1024];
    snprintf(path, sizeof path, "%s/%s/engines.log", cfg->results_dir, cfg->name);
    snprintf(header, sizeof header,
             "=== opening %ld, game %d: %s (%s) loses by %s after %d plies: %s", opening_index,
             g + 1, player_config(cfg, side)->name, rec->fault == WHITE ? "White" : "Black",
             game_termination_name(rec->term), rec->nmoves, rec->fault_why);
    engine_proc_note(p, "the game is lost: %s", rec->fault_why);
    engine_proc_kill(p); /* its exit status goes into the transcript */
    if (!engine_proc_write_log(p, path, header))
        fprintf(stderr, "maxtune: %s: cannot write the engine log\n", path);
}

/* Search limits of an engine section. */
static SearchLimits limits_of(const EngineConfig *ec)
{
    SearchLimits l = {(int)ec->depth, (uint64_t)ec->nodes, (int)ec->movetime_ms};
    return l;
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
    const EngineConfig *ea = player_config(cfg, 0), *eb = player_config(cfg, 1);
    Player a = {w->engine[0], wa, limits_of(ea), w->proc[0], ea->timeout_ms, ea->clock};
    Player b = {w->engine[1], wb, limits_of(eb), w->proc[1], eb->timeout_ms, eb->clock};
    GameRecord *rec = malloc(sizeof *rec);
    if (!rec)
        return false;
    memset(out, 0, sizeof *out);
    game_play(&opening, &a, &b, match_config(cfg), rec);
    pair_log_fault(w, cfg, opening_index, 0, rec);
    bool ok = pair_compact_game(rec, &out->game[0]);
    out->search_seconds = rec->search_seconds;
    game_play(&opening, &b, &a, match_config(cfg), rec);
    pair_log_fault(w, cfg, opening_index, 1, rec);
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

bool pair_decode(const char *text, PairResult *p, char *why, size_t whylen)
{
    memset(p, 0, sizeof *p);
    const char *s = text;
    for (int g = 0; g < 2; g++) {
        char *end;
        long v[3];
        for (int k = 0; k < 3; k++) {
            v[k] = strtol(s, &end, 10);
            if (end == s) {
                snprintf(why, whylen, "missing game field");
                pair_free(p);
                return false;
            }
            s = end;
        }
        if (v[0] < 0 || v[0] > 2 || v[1] < 0 || v[1] >= TERM_NB || v[2] < 0 ||
            v[2] > GAME_MAX_PLIES) {
            snprintf(why, whylen, "game field out of range");
            pair_free(p);
            return false;
        }
        GameResult *r = &p->game[g];
        r->result = (uint8_t)v[0];
        r->term = (uint8_t)v[1];
        r->nmoves = (uint16_t)v[2];
        r->moves = malloc(((size_t)r->nmoves + 1) * sizeof(Move));
        if (!r->moves) {
            snprintf(why, whylen, "out of memory");
            pair_free(p);
            return false;
        }
        for (int i = 0; i < r->nmoves; i++) {
            unsigned long m = strtoul(s, &end, 16);
            if (end == s || m > 0x3FFF) {
                snprintf(why, whylen, "bad move field");
                pair_free(p);
                return false;
            }
            r->moves[i] = (Move)m;
            s = end;
        }
    }
    while (*s == ' ')
        s++;
    if (*s) {
        snprintf(why, whylen, "trailing data");
        pair_free(p);
        return false;
    }
    return true;
}

void pair_free(PairResult *p)
{
    for (int g = 0; g < 2; g++) {
        free(p->game[g].moves);
        p->game[g].moves = NULL;
    }
}
