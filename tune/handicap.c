/* handicap.c: handicap openings and matches (see handicap.h). */
#include "handicap.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/attack.h"
#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "search/search.h"
#include "tune/match.h"
#include "tune/pgn.h"
#include "tune/rng.h"

enum { ATTEMPTS = 64 };

struct Handicap {
    const Config *cfg;
    Config play_cfg;       /* both sides with [engine_a]'s limits */
    const Openings *openings;
    Journal *journal;
    long offset;
    Weights weights;
    int ntypes;
    int types[HANDICAP_MAX_TYPES], counts[HANDICAP_MAX_TYPES];
    long first[HANDICAP_MAX_TYPES + 1]; /* pair k is of type i when first[i] <= k < first[i+1] */
    PairResult *pairs;
    bool *done;
    long finished, resumed;
    double start_time, last_progress;
};

/* Removes copy `copy` (mod the count) of colour c's pieces of type `type`; false when there is
 * none. Black's pieces are counted in mirrored square order, so the same copy is chosen on both
 * sides of a symmetric position. */
static bool remove_copy(Position *pos, int c, int type, long copy)
{
    int squares[SQ_NB], n = 0;
    for (int k = 0; k < SQ_NB; k++) {
        int sq = c == WHITE ? k : sq_mirror(k);
        if (sq < SQ_NB && pos->board[sq] == piece_make(c, type))
            squares[n++] = sq;
    }
    if (n == 0)
        return false;
    position_remove(pos, squares[copy % n]);
    return true;
}

bool handicap_openings(const Openings *o, int ti, int type, int count, long j, Position out[2])
{
    Openings own = *o;
    if (!o->list) {
        Rng mix = rng_for(o->seed, RNG_HANDICAP, (uint64_t)ti);
        own.seed = rng_next(&mix);
    }
    for (long a = 0; a < ATTEMPTS; a++) {
        Position base;
        openings_get(&own, o->list ? (j + a * 7919) % o->count : j * ATTEMPTS + a, &base);
        bool ok = true;
        for (int c = 0; c < 2 && ok; c++) {
            out[c] = base;
            for (int r = 0; r < count && ok; r++)
                ok = remove_copy(&out[c], c, type, j);
            ok = ok && !attack_king_attacked(&out[c], !out[c].side) &&
                 gamestate_of(&out[c]) == GAME_ONGOING;
        }
        if (ok)
            return true;
    }
    return false;
}

Handicap *handicap_new(const Config *cfg, const Openings *o, const int *types, const int *counts,
                       const long *pairs, int ntypes, Journal *journal, long journal_offset,
                       char *err, size_t errlen)
{
    Handicap *h = calloc(1, sizeof *h);
    if (!h || ntypes > HANDICAP_MAX_TYPES) {
        free(h);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    h->cfg = cfg;
    h->play_cfg = *cfg;
    h->play_cfg.engine[1] = cfg->engine[0];
    h->openings = o;
    h->journal = journal;
    h->offset = journal_offset;
    h->ntypes = ntypes;
    char why[512];
    if (!weights_load(&h->weights, cfg->engine[0].weights, why, sizeof why)) {
        snprintf(err, errlen, "[engine_a] weights: %s", why);
        free(h);
        return NULL;
    }
    for (int i = 0; i < ntypes; i++) {
        h->types[i] = types[i];
        h->counts[i] = counts[i];
        h->first[i + 1] = h->first[i] + pairs[i];
    }
    long n = h->first[ntypes];
    h->pairs = calloc((size_t)n + 1, sizeof *h->pairs);
    h->done = calloc((size_t)n + 1, sizeof *h->done);
    if (!h->pairs || !h->done) {
        handicap_free(h);
        snprintf(err, errlen, "out of memory for %ld handicap pairs", n);
        return NULL;
    }
    return h;
}

void handicap_free(Handicap *h)
{
    if (!h)
        return;
    for (long k = 0; h->pairs && k < h->first[h->ntypes]; k++)
        pair_free(&h->pairs[k]);
    free(h->pairs);
    free(h->done);
    free(h);
}

long handicap_records(const Handicap *h) { return h->first[h->ntypes]; }

/* Type index and pair number of record k. */
static void locate(const Handicap *h, long k, int *ti, long *j)
{
    int i = 0;
    while (k >= h->first[i + 1])
        i++;
    *ti = i;
    *j = k - h->first[i];
}

/* True when every move of game g of the pair is legal from its opening. */
static bool game_is_valid(const GameResult *g, const Position *opening)
{
    Position pos = *opening;
    for (int i = 0; i < g->nmoves; i++) {
        Move legal[MAX_MOVES];
        int n = movegen_legal(&pos, legal), k = 0;
        while (k < n && legal[k] != g->moves[i])
            k++;
        if (k == n)
            return false;
        Undo u;
        move_do(&pos, legal[k], &u);
    }
    return true;
}

bool handicap_record(Handicap *h, long index, const char *payload, char *why, size_t len)
{
    if (index < 0 || index >= handicap_records(h) || h->done[index]) {
        snprintf(why, len, "handicap pair %ld out of range or repeated", index);
        return false;
    }
    int ti;
    long j;
    locate(h, index, &ti, &j);
    Position open[2];
    PairResult p;
    if (!pair_decode(payload, &p, why, len))
        return false;
    if (!handicap_openings(h->openings, ti, h->types[ti], h->counts[ti], j, open) ||
        !game_is_valid(&p.game[0], &open[0]) || !game_is_valid(&p.game[1], &open[1])) {
        snprintf(why, len, "illegal move in a handicap game");
        pair_free(&p);
        return false;
    }
    h->pairs[index] = p;
    h->done[index] = true;
    h->finished++;
    h->resumed++;
    return true;
}

/* Score of game g of a pair for the side with the full army (game 0: Black, game 1: White). */
static double full_side_score(const PairResult *p, int g)
{
    int white = p->game[g].result;
    return (g == 0 ? 2 - white : white) / 2.0;
}

/* The progress line. */
static void handicap_progress(Handicap *h, bool final)
{
    double now = search_now();
    bool tty = isatty(STDERR_FILENO);
    if (!final && now - h->last_progress < (tty ? 0.25 : 10.0))
        return;
    h->last_progress = now;
    long total = handicap_records(h);
    double elapsed = now - h->start_time;
    double rate = elapsed > 0 ? 2.0 * (h->finished - h->resumed) / elapsed : 0;
    double eta = rate > 0 ? 2.0 * (total - h->finished) / rate : 0;
    fprintf(stderr, "%shandicap: games %ld/%ld  %.2f games/s  ETA %.0fs%s", tty ? "\r\033[K" : "",
            2 * h->finished, 2 * total, rate, eta, tty && !final ? "" : "\n");
}

int handicap_play(Handicap *h)
{
    long total = handicap_records(h);
    bool failed = false;
    h->start_time = search_now();
    if (h->resumed)
        fprintf(stderr, "handicap: resuming: %ld pairs already played\n", h->resumed);
    SearchLimits limits = {(int)h->cfg->engine[0].depth, (uint64_t)h->cfg->engine[0].nodes,
                           (int)h->cfg->engine[0].movetime_ms};
#pragma omp parallel num_threads(match_threads(h->cfg))
    {
        PairWorker worker;
        bool ready = pair_worker_init(&worker, &h->play_cfg);
        GameRecord *rec = ready ? malloc(sizeof *rec) : NULL;
        if (!rec) {
#pragma omp critical(handicap)
            failed = true;
        }
#pragma omp for schedule(dynamic, 1)
        for (long k = 0; k < total; k++) {
            bool skip;
#pragma omp critical(handicap)
            skip = failed;
            if (!rec || skip || match_interrupted || h->done[k])
                continue;
            int ti;
            long j;
            locate(h, k, &ti, &j);
            Position open[2];
            PairResult p;
            memset(&p, 0, sizeof p);
            bool ok = handicap_openings(h->openings, ti, h->types[ti], h->counts[ti], j, open);
            for (int g = 0; g < 2 && ok; g++) {
                Player white = {worker.engine[0], &h->weights, limits};
                Player black = {worker.engine[1], &h->weights, limits};
                game_play(&open[g], &white, &black, &h->cfg->match, rec);
                GameResult *r = &p.game[g];
                r->result = (uint8_t)rec->result;
                r->term = (uint8_t)rec->term;
                r->nmoves = (uint16_t)rec->nmoves;
                r->moves = malloc(((size_t)rec->nmoves + 1) * sizeof(Move));
                ok = r->moves != NULL;
                if (ok)
                    memcpy(r->moves, rec->moves, (size_t)rec->nmoves * sizeof(Move));
            }
            char *payload = ok ? pair_encode(&p) : NULL;
#pragma omp critical(handicap)
            {
                if (!payload || !journal_append(h->journal, h->offset + k, payload)) {
                    failed = true;
                    pair_free(&p);
                } else {
                    h->pairs[k] = p;
                    h->done[k] = true;
                    h->finished++;
                    handicap_progress(h, false);
                }
            }
            free(payload);
        }
        free(rec);
        if (ready)
            pair_worker_free(&worker);
    }
    handicap_progress(h, true);
    if (failed) {
        fprintf(stderr, "maxtune: a handicap pair could not be played or saved; finished pairs "
                        "are kept in %s; rerun to resume\n", h->journal->path);
        return 1;
    }
    if (h->finished < total) {
        fprintf(stderr, "interrupted: finished work is saved in %s; run the same command again "
                        "to resume\n", h->journal->path);
        return 130;
    }
    return 0;
}

MatchCounts handicap_counts(const Handicap *h, int i)
{
    MatchCounts mc = {0};
    for (long k = h->first[i]; k < h->first[i + 1]; k++)
        if (h->done[k])
            stats_add_pair(&mc, full_side_score(&h->pairs[k], 0),
                           full_side_score(&h->pairs[k], 1));
    return mc;
}

bool handicap_write_pgn(FILE *out, void *data)
{
    Handicap *h = data;
    static const char *const NAMES[TYPE_NB] = {"", "pincer", "coordinator", "long_leaper",
                                               "chameleon", "withdrawer", "immobilizer", "mage",
                                               "guard", "king"};
    for (long k = 0; k < handicap_records(h); k++) {
        int ti;
        long j;
        locate(h, k, &ti, &j);
        Position open[2];
        if (!h->done[k] ||
            !handicap_openings(h->openings, ti, h->types[ti], h->counts[ti], j, open))
            continue;
        for (int g = 0; g < 2; g++) {
            char event[96], round[48];
            snprintf(event, sizeof event, "%s: %d %s odds", h->cfg->name, h->counts[ti],
                     NAMES[h->types[ti]]);
            snprintf(round, sizeof round, "%ld.%d", j + 1, g + 1);
            const GameResult *r = &h->pairs[k].game[g];
            pgn_write_game(out, event, round, g == 0 ? "handicapped" : "full",
                           g == 0 ? "full" : "handicapped", &open[g], r->moves, r->nmoves,
                           r->result, (Termination)r->term);
        }
    }
    return true;
}
