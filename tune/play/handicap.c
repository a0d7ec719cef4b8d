/* handicap.c: handicap openings and matches (see handicap.h). */
#include "handicap.h"

#include <stdlib.h>
#include <string.h>

#include "core/attack.h"
#include "core/gamestate.h"
#include "tune/play/ledger.h"
#include "tune/play/pair_task.h"
#include "tune/play/pgn.h"
#include "tune/play/players.h"
#include "tune/stats/rng.h"
#include "tune/play/player_config.h"
#include "tune/play/match_config.h"

enum { ATTEMPTS = 64 };

struct Handicap {
    const Config *cfg;
    Config play_cfg; /* both sides with [engine_a]'s limits */
    const Openings *openings;
    Journal *journal;
    long offset;
    Weights weights[2]; /* [engine_a]'s, twice (a pair task's weight set) */
    HandicapPlan plan;
    PairResult *pairs;
    Ledger ledger; /* which pairs are stored, how many resumed */
};

/* Removes copy `copy` (mod the count) of colour c's pieces of type `type`; false when there is
 * none. Black's pieces are counted in mirrored square order, so the same copy is chosen on both
 * sides of a symmetric position. */
static bool remove_copy(Position *pos, int c, int type, long copy)
{
    int squares[SQ_NB], n = 0;
    for (int k = 0; k < SQ_NB; k++) {
        int sq = c == WHITE ? k : position_geo(pos)->mirror[k];
        if (sq < SQ_NB && pos->board[sq] == piece_make(c, type))
            squares[n++] = sq;
    }
    if (n == 0)
        return false;
    position_remove(pos, squares[copy % n]);
    return true;
}

int handicap_unit(const Variant *v) { return v->scores ? HANDICAP_POINT : PINCER; }

int handicap_unit_term(const Variant *v)
{
    return v->scores ? T_POINTS : weight_material(handicap_unit(v));
}

/* Takes k units of `type` from colour c: k of its pieces of the type (remove_copy), or, for
 * HANDICAP_POINT, k points to the other side's score (the key follows). */
static bool take_units(Position *pos, int c, int type, int k, long copy)
{
    if (type == HANDICAP_POINT) {
        pos->score[!c] += k;
        pos->key = position_compute_key(pos);
        return true;
    }
    bool ok = true;
    for (int r = 0; r < k && ok; r++)
        ok = remove_copy(pos, c, type, copy);
    return ok;
}

bool handicap_openings(const Openings *o, int ti, int type, int count, int offset, long j,
                       Position out[2])
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
            ok = take_units(&out[c], c, type, count, j) &&
                 take_units(&out[c], !c, handicap_unit(base.variant), offset, j);
            ok = ok && !(base.variant->kings && attack_king_attacked(&out[c], !out[c].side)) &&
                 gamestate_of(&out[c]) == GAME_ONGOING;
        }
        if (ok)
            return true;
    }
    return false;
}

/* The two openings of pair j of the plan's type index ti. */
static bool plan_openings(const Openings *o, const HandicapPlan *plan, int ti, long j,
                          Position out[2])
{
    return handicap_openings(o, ti, plan->types[ti], plan->counts[ti], plan->offsets[ti], j, out);
}

Handicap *handicap_new(const Config *cfg, const Openings *o, const int *types, const int *counts,
                       const int *offsets, const long *pairs, int ntypes, Journal *journal,
                       long journal_offset, char *err, size_t errlen)
{
    Handicap *h = calloc(1, sizeof *h);
    if (!h || ntypes > HANDICAP_MAX_TYPES) {
        free(h);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    h->cfg = cfg;
    h->play_cfg = *cfg;
    *player_config_edit(&h->play_cfg, 1) = *player_config(cfg, 0);
    h->openings = o;
    h->journal = journal;
    h->offset = journal_offset;
    h->plan.ntypes = ntypes;
    if (!player_weights(cfg, 0, &h->weights[0], err, errlen)) {
        free(h);
        return NULL;
    }
    h->weights[1] = h->weights[0];
    for (int i = 0; i < ntypes; i++) {
        h->plan.types[i] = types[i];
        h->plan.counts[i] = counts[i];
        h->plan.offsets[i] = offsets[i];
        h->plan.first[i + 1] = h->plan.first[i] + pairs[i];
    }
    long n = h->plan.first[ntypes];
    h->pairs = calloc((size_t)n + 1, sizeof *h->pairs);
    if (!ledger_init(&h->ledger, n) || !h->pairs) {
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
    for (long k = 0; h->pairs && k < h->plan.first[h->plan.ntypes]; k++)
        pair_free(&h->pairs[k]);
    free(h->pairs);
    ledger_free(&h->ledger);
    free(h);
}

long handicap_records(const Handicap *h) { return h->plan.first[h->plan.ntypes]; }

/* Type index and pair number of record k. */
static void locate(const HandicapPlan *plan, long k, int *ti, long *j)
{
    int i = 0;
    while (k >= plan->first[i + 1])
        i++;
    *ti = i;
    *j = k - plan->first[i];
}

/* Stores pair `index` from its journal payload after checking its games (resumed: read back
 * from the journal); false with a reason. */
static bool handicap_store(Handicap *h, long index, const char *payload, bool resumed, char *why,
                           size_t len)
{
    const char *bad = "handicap pair %ld out of range or repeated";
    if (!ledger_can_store(&h->ledger, index, bad, bad, why, len))
        return false;
    int ti;
    long j;
    locate(&h->plan, index, &ti, &j);
    Position open[2];
    PairResult p;
    if (!pair_decode(payload, &p, why, len))
        return false;
    if (!plan_openings(h->openings, &h->plan, ti, j, open) ||
        pair_game_replay(&p.game[0], &open[0]) || pair_game_replay(&p.game[1], &open[1])) {
        snprintf(why, len, "illegal move in a handicap game");
        pair_free(&p);
        return false;
    }
    h->pairs[index] = p;
    ledger_store(&h->ledger, index, resumed);
    return true;
}

bool handicap_record(Handicap *h, long index, const char *payload, char *why, size_t len)
{
    return handicap_store(h, index, payload, true, why, len);
}

/* Score of game g of a pair for the side with the piece (game 0: Black, game 1: White). */
static double full_side_score(const PairResult *p, int g)
{
    int white = p->game[g].result;
    return (g == 0 ? 2 - white : white) / 2.0;
}

/* The progress line (PairUnits.progress; data is the Handicap). */
static void handicap_progress(void *data, bool final)
{
    Handicap *h = data;
    bool tty;
    if (!ledger_line_due(&h->ledger, final, &tty))
        return;
    long total = handicap_records(h);
    double rate, eta;
    ledger_speed(&h->ledger, 2.0, (double)(total - h->ledger.finished), &rate, &eta);
    ledger_print(tty, final, "handicap: games %ld/%ld  %.2f games/s  ETA %.0fs",
                 2 * h->ledger.finished, 2 * total, rate, eta);
}

char *handicap_pair(PairWorker *w, const Config *cfg, const Openings *o, const Weights *wt,
                    const HandicapPlan *plan, long k, double *busy)
{
    int ti;
    long j;
    locate(plan, k, &ti, &j);
    Position open[2];
    PairResult p;
    memset(&p, 0, sizeof p);
    Player white, black; /* both with [engine_a]'s limits */
    player_setup(&white, player_config(cfg, 0), w->engine[0], w->proc[0], wt);
    player_setup(&black, player_config(cfg, 0), w->engine[1], w->proc[1], wt);
    GameRecord *rec = malloc(sizeof *rec);
    bool ok = rec && plan_openings(o, plan, ti, j, open);
    *busy = 0;
    for (int g = 0; g < 2 && ok; g++) {
        game_play(&open[g], &white, &black, match_config(cfg), rec);
        *busy += rec->search_seconds;
        ok = pair_compact_game(rec, &p.game[g]);
    }
    char *payload = ok ? pair_encode(&p) : NULL;
    pair_free(&p);
    free(rec);
    return payload;
}

/* DistKind.play of handicap pairs: plays pair `item` of the plan in the extra bytes. */
static char *play_pair_item(void *task, void *thread, long item, double *busy)
{
    PairTaskState *s = task;
    HandicapPlan plan;
    if (s->extra_len != sizeof plan)
        return NULL;
    memcpy(&plan, s->extra, sizeof plan);
    if (plan.ntypes < 1 || plan.ntypes > HANDICAP_MAX_TYPES || item < 0 ||
        item >= plan.first[plan.ntypes])
        return NULL;
    return pair_task_keep(
        handicap_pair(thread, &s->cfg, &s->openings, &s->weights[0], &plan, item, busy));
}

const DistKind handicap_kind = {"handicap pairs",     pair_task_open,        pair_task_close,
                                pair_task_worker_new, pair_task_worker_free, play_pair_item};

/* PairUnits.store: a pair played now. */
static bool store_unit(void *data, long k, const char *payload, char *why, size_t len)
{
    return handicap_store(data, k, payload, false, why, len);
}

int handicap_play(Handicap *h)
{
    ledger_start(&h->ledger, "handicap: ", "pairs");
    /* Both sides are [engine_a] (play_cfg); the pairs come back here in completion order and
     * are kept by index. */
    PairUnits u = {.kind = &handicap_kind,
                   .task = {&h->play_cfg, h->openings, 0, h->weights, 1, handicap_records(h)},
                   .extra = &h->plan,
                   .extra_len = sizeof h->plan,
                   .what = "handicap pair",
                   .done = h->ledger.done,
                   .journal = h->journal,
                   .journal_offset = h->offset,
                   .data = h,
                   .store = store_unit,
                   .progress = handicap_progress};
    return pair_task_play_units(&u);
}

MatchCounts handicap_counts(const Handicap *h, int i)
{
    MatchCounts mc = {0};
    for (long k = h->plan.first[i]; k < h->plan.first[i + 1]; k++)
        if (h->ledger.done[k])
            stats_add_pair(&mc, full_side_score(&h->pairs[k], 0), full_side_score(&h->pairs[k], 1));
    return mc;
}

bool handicap_write_pgn(FILE *out, void *data)
{
    Handicap *h = data;
    /* the units' and pieces' names: a point of score (HANDICAP_POINT), then the types */
    static const char *const NAMES[TYPE_NB] = {
        "point", "pincer", "coordinator", "long_leaper", "chameleon", "withdrawer", "immobilizer",
        "mage",  "guard",  "king",        "pawn",        "drone",     "queen"};
    const char *unit = NAMES[handicap_unit(config_variant(h->cfg))];
    for (long k = 0; k < handicap_records(h); k++) {
        int ti;
        long j;
        locate(&h->plan, k, &ti, &j);
        Position open[2];
        if (!h->ledger.done[k] || !plan_openings(h->openings, &h->plan, ti, j, open))
            continue;
        for (int g = 0; g < 2; g++) {
            char event[160], round[48];
            if (h->plan.offsets[ti])
                snprintf(event, sizeof event, "%s: %d %s against %d %s%s", h->cfg->name,
                         h->plan.counts[ti], NAMES[h->plan.types[ti]], h->plan.offsets[ti], unit,
                         h->plan.offsets[ti] > 1 ? "s" : "");
            else
                snprintf(event, sizeof event, "%s: %d %s odds", h->cfg->name, h->plan.counts[ti],
                         NAMES[h->plan.types[ti]]);
            snprintf(round, sizeof round, "%ld.%d", j + 1, g + 1);
            const GameResult *r = &h->pairs[k].game[g];
            pgn_write_game(out, event, round, g == 0 ? "handicapped" : "full",
                           g == 0 ? "full" : "handicapped", &open[g], r->moves, r->nmoves,
                           r->result, (Termination)r->term);
        }
    }
    return true;
}
