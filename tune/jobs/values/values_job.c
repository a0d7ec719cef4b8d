/* values_job.c: the values job (see values_job.h).
 *
 * Phases in one journal: the [selfplay] games (records 0 .. games-1, when positions =
 * selfplay), then the handicap pairs of every type (the pincer-odds calibration first).
 *
 * Units. The regression fits p = 1 / (1 + 10^(-s/400)) with s = b0 + sum_t b_t d_t (b0: the
 * side to move's edge; d_t: count difference of type t), so each b_t is in Elo: the logit of the
 * expected score a piece is worth, in the middle-game positions sampled. A handicap match gives
 * the Elo of the score the full side makes at the start; an imbalance match (the side with the
 * piece gives k pincers) gives its surplus over k pincers, so the piece's Elo is the surplus
 * plus k pincers' Elo. Both ratios to the pincer's are pawn values; intervals for ratios are Fieller's (exact for a ratio of normal estimates, and
 * unbounded when the pincer's own estimate is not clearly above zero). */
#include "values_job.h"
#include "tune/jobs/values/values_report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tune/jobs/common/job.h"
#include "tune/jobs/selfplay/selfplay_job.h"
#include "tune/stats/stats.h"
#include "core/fen.h"
#include "tune/play/handicap.h"
#include "tune/play/match_config.h"
#include "tune/play/selfplay_config.h"
#include "tune/jobs/values/values_config.h"
#include "tune/run/text.h"

/* How many pieces of type t one side of game v has at the start (White's; the sides are
 * alike). */
static int start_count(const Variant *v, int t)
{
    Position pos;
    fen_parse_variant(&pos, "start", v, NULL, 0);
    int n = 0;
    for (int sq = 0; sq < SQ_NB; sq++)
        n += pos.board[sq] == piece_make(WHITE, t);
    return n;
}

/* False with "[values] KEY: k units, more than a side of the game has" in err when the k units
 * that key removes exceed a side's units at the start (Martian Chess has 3 pawns a side). */
static bool units_exist(const ValuesJob *j, const char *key, long k, char *err, size_t errlen)
{
    const Variant *v = config_variant(j->cfg);
    if (j->unit == T_POINTS) /* points given: as many as asked */
        return true;
    int have = start_count(v, weight_piece_type(j->unit));
    if (k <= have)
        return true;
    snprintf(err, errlen, "[values] %s: %ld %ss, but a side of %s has %d at the start", key, k,
             weight_term_names[j->unit], v->title, have);
    return false;
}

/* Reads [values] offsets ("type:k, ...") into j->offset; requested[w]: w is in [values]
 * types. */
static bool parse_offsets(ValuesJob *j, const bool *requested, char *err, size_t errlen)
{
    char list[sizeof values_config(j->cfg)->offsets];
    snprintf(list, sizeof list, "%s", values_config(j->cfg)->offsets);
    bool seen[W_NB] = {false};
    for (char *tok = strtok(list, ", \t"); tok; tok = strtok(NULL, ", \t")) {
        char *colon = strchr(tok, ':'), *end = NULL;
        long k = -1;
        if (colon) {
            *colon = '\0';
            k = strtol(colon + 1, &end, 10);
        }
        int w = weights_find_term(tok);
        if (!colon || end == colon + 1 || *end || k < 0 || k > 6) {
            snprintf(err, errlen,
                     "[values] offsets: '%s' is not type:k with k a number of "
                     "%ss from 0 to 6",
                     colon ? (*colon = ':', tok) : tok, weight_term_names[j->unit]);
            return false;
        }
        if (w < 0 || !weight_is_material(w) || w == j->unit || !requested[w]) {
            snprintf(err, errlen,
                     "[values] offsets: '%s' is not one of the [values] types "
                     "other than the %s",
                     tok, weight_term_names[j->unit]);
            return false;
        }
        if (seen[w]) {
            snprintf(err, errlen, "[values] offsets: '%s' given twice", tok);
            return false;
        }
        seen[w] = true;
        j->offset[w] = (int)k;
        if (!units_exist(j, "offsets", k, err, errlen))
            return false;
    }
    return true;
}

/* The material term named name if it is a piece type of game v, else -1. */
static int game_type(const Variant *v, const char *name)
{
    int w = weights_find_term(name);
    return w >= 0 && weight_is_material(w) && variant_has_type(v, weight_piece_type(w)) ? w : -1;
}

/* Writes "[values] types: 'name' is not a piece type (one of pincer, ...)" of game v into
 * err (Maxima's without naming the game). */
static void type_error(const Variant *v, const char *name, char *err, size_t errlen)
{
    char list[256];
    Text types = text_start(list, sizeof list);
    for (int w = 0; w < VALUES_TERMS; w++)
        if (game_type(v, weight_term_names[w]) == w)
            text_item(&types, ", ", "%s", weight_term_names[w]);
    snprintf(err, errlen, "[values] types: '%s' is not a piece type%s%s (one of %s)", name,
             v->id == VARIANT_MAXIMA ? "" : " of ", v->id == VARIANT_MAXIMA ? "" : v->title, list);
}

/* Reads [values] types, piece types of the run's game, into j->types (and [values]
 * offsets). */
static bool parse_types(ValuesJob *j, char *err, size_t errlen)
{
    char list[sizeof values_config(j->cfg)->types];
    snprintf(list, sizeof list, "%s", values_config(j->cfg)->types);
    j->unit = handicap_unit_term(config_variant(j->cfg));
    bool seen[W_NB] = {false};
    for (char *tok = strtok(list, ", \t"); tok; tok = strtok(NULL, ", \t")) {
        int w = game_type(config_variant(j->cfg), tok);
        if (w < 0) {
            type_error(config_variant(j->cfg), tok, err, errlen);
            return false;
        }
        if (seen[w]) {
            snprintf(err, errlen, "[values] types: '%s' given twice", tok);
            return false;
        }
        seen[w] = true;
        j->types[j->ntypes++] = w;
    }
    if (j->ntypes == 0) {
        snprintf(err, errlen, "[values] types: no piece type");
        return false;
    }
    if (!parse_offsets(j, seen, err, errlen) ||
        !units_exist(j, "calibration_pincers", values_config(j->cfg)->calibration_pincers, err,
                     errlen))
        return false;
    if (values_config(j->cfg)->pairs > 0) {
        j->matched[j->nmatched++] = j->unit;
        for (int i = 0; i < j->ntypes; i++)
            if (j->types[i] != j->unit)
                j->matched[j->nmatched++] = j->types[i];
    }
    return true;
}

bool values_check(const Config *cfg, char *err, size_t errlen)
{
    ValuesJob j = {.cfg = cfg};
    char why[900];
    if (!parse_types(&j, err, errlen))
        return false;
    const char *pos = values_config(cfg)->positions;
    if (strcmp(pos, "selfplay") != 0 && strcmp(pos, "none") != 0 &&
        !traces_check(pos, why, sizeof why)) {
        snprintf(err, errlen, "[values] positions: %s", why);
        return false;
    }
    return true;
}

/* Journal replay: self-play games, then handicap pairs. */
static bool on_record(void *data, long index, const char *payload, char *why, size_t len)
{
    ValuesJob *j = data;
    if (index >= 0 && index < j->nselfplay)
        return selfplay_record(j->selfplay, index, payload, why, len);
    if (!j->handicap) {
        snprintf(why, len, "record index %ld out of range", index);
        return false;
    }
    return handicap_record(j->handicap, index - j->nselfplay, payload, why, len);
}

/* Ratio of estimate e to the unit's (the pincer's, or Martian Chess's pawn's), in place. */
static void to_pincers(Estimate *e, const Estimate *pincer, double cov)
{
    if (!e->have || !pincer->have)
        return;
    e->have_value = true;
    e->value = e->elo / pincer->elo;
    e->cov_pincer = cov;
    fit_ratio_interval(e->elo, pincer->elo, e->elo_se * e->elo_se, pincer->elo_se * pincer->elo_se,
                       cov, STATS_Z95, &e->lo, &e->hi);
}

/* The regression of outcome on material difference; fills j->reg. */
static void regression(ValuesJob *j)
{
    char err[512];
    if (j->traces.n == 0) {
        snprintf(j->reg_note, sizeof j->reg_note, "no positions");
        return;
    }
    bool varies[W_NB] = {false};
    for (long k = 0; k < j->traces.nterms; k++)
        varies[j->traces.index[k]] = true;
    /* The unit first (the covariances are with row 0), then the other types in order; in a game
     * of points the score difference too (T_POINTS, a control: the lead decides the result). */
    int order[VALUES_TERMS], n = 0;
    order[n++] = j->unit;
    for (int t = 0; t < VALUES_TERMS; t++)
        if (t != j->unit && (weight_is_material(t) || t == T_POINTS))
            order[n++] = t;
    for (int k = 0; k < n; k++)
        if (varies[weight_mg(order[k])] || varies[weight_eg(order[k])])
            j->reg_params[j->nreg++] = order[k];
    j->reg_params[j->nreg++] = T_TEMPO;
    WeightSet sets[VALUES_TERMS + 1];
    for (int x = 0; x < j->nreg; x++)
        weights_term_set(j->reg_params[x], &sets[x]); /* both phases: one value per term */
    Weights zero;
    memset(&zero, 0, sizeof zero);
    Fit *f = fit_new_sets(&j->traces, sets, j->nreg, &zero, FIT_CROSS_ENTROPY,
                          config_threads(j->cfg));
    if (!f) {
        snprintf(j->reg_note, sizeof j->reg_note, "out of memory");
        return;
    }
    FitOptions opt = {FIT_BFGS2, 500, 1e-7, true};
    memset(j->beta, 0, sizeof j->beta);
    if (fit_minimize(f, j->beta, &opt, NULL, NULL, err, sizeof err) < 0 ||
        !fit_errors(f, j->beta, &j->fe, err, sizeof err)) {
        snprintf(j->reg_note, sizeof j->reg_note, "%s", err);
        fit_free(f);
        return;
    }
    fit_free(f);
    j->regression = true;
    int m = j->nreg;
    for (int x = 0; x < m - 1; x++) {
        Estimate *e = &j->reg[j->reg_params[x]];
        e->have = true;
        e->elo = j->beta[x];
        e->elo_se = sqrt(j->fe.cov_clustered[x * m + x]);
    }
    /* reg_params[0] is the unit whenever it varies: the covariances are with row 0. */
    for (int x = 0; x < m - 1 && j->reg_params[0] == j->unit; x++)
        to_pincers(&j->reg[j->reg_params[x]], &j->reg[j->unit], j->fe.cov_clustered[x * m]);
    j->reg[j->unit].value = j->reg[j->unit].lo = j->reg[j->unit].hi = 1;
}

/* Handicap estimates from the finished matches; fills j->hc. */
static void handicap_estimates(ValuesJob *j)
{
    for (int i = 0; i < j->nmatched; i++) {
        int w = j->matched[i];
        j->counts[w] = handicap_counts(j->handicap, i);
        EloEstimate e = stats_estimate_pentanomial(&j->counts[w]);
        j->hc[w] = (Estimate){true, e.elo, e.elo_err / STATS_Z95, false, 0, 0, 0, 0};
    }
    /* The calibration removed N units: one is worth 1/N of their Elo (units add up). */
    double n = (double)values_config(j->cfg)->calibration_pincers;
    const Estimate *p = &j->hc[j->unit];
    j->hc[j->unit].elo /= n;
    j->hc[j->unit].elo_se /= n;
    /* An imbalance match measured the surplus s over k pincers: the piece is s + k p in Elo,
     * which shares k p with the unit p (covariance k var(p); Fieller's interval then equals
     * k + the interval of s / p). */
    for (int i = 0; i < j->nmatched; i++) {
        int w = j->matched[i], k = j->offset[w];
        Estimate *e = &j->hc[w];
        j->surplus[w] = e->elo;
        j->surplus_se[w] = e->elo_se;
        e->elo += k * p->elo;
        e->elo_se = sqrt(e->elo_se * e->elo_se + k * k * p->elo_se * p->elo_se);
        to_pincers(e, p, k * p->elo_se * p->elo_se);
    }
    j->hc[j->unit].value = j->hc[j->unit].lo = j->hc[j->unit].hi = 1;
}

/* Frees everything the job holds. */
static void job_free(ValuesJob *j)
{
    handicap_free(j->handicap);
    selfplay_free(j->selfplay);
    traces_free(&j->traces);
    fit_errors_free(&j->fe);
    openings_free(&j->openings);
    free(j);
}

/* Creates the phases; false with the message in err. */
static bool job_setup(ValuesJob *j, Journal *journal, char *err, size_t errlen)
{
    const Config *cfg = j->cfg;
    if (!parse_types(j, err, errlen) || !openings_load(&j->openings, match_config(cfg),
                                                       config_variant(cfg), cfg->seed, err, errlen))
        return false;
    if (!strcmp(values_config(cfg)->positions, "selfplay")) {
        j->selfplay = selfplay_new(cfg, &j->openings, journal, 0, err, errlen);
        if (!j->selfplay)
            return false;
        j->nselfplay = selfplay_games(j->selfplay);
    }
    if (j->nmatched) {
        int types[HANDICAP_MAX_TYPES], counts[HANDICAP_MAX_TYPES], offsets[HANDICAP_MAX_TYPES];
        long pairs[HANDICAP_MAX_TYPES];
        for (int i = 0; i < j->nmatched; i++) {
            types[i] = j->matched[i] == T_POINTS ? HANDICAP_POINT
                                                 : weight_piece_type(j->matched[i]);
            counts[i] = i == 0 ? (int)values_config(cfg)->calibration_pincers : 1;
            offsets[i] = j->offset[j->matched[i]];
            pairs[i] = i == 0 ? values_config(cfg)->calibration_pairs : values_config(cfg)->pairs;
        }
        j->handicap = handicap_new(cfg, &j->openings, types, counts, offsets, pairs, j->nmatched,
                                   journal, j->nselfplay, err, errlen);
        if (!j->handicap)
            return false;
    }
    return true;
}

int values_run(const Config *cfg, RunDir *rd)
{
    char err[1024];
    ValuesJob *j = calloc(1, sizeof *j);
    if (!j)
        return EXIT_FAIL;
    j->cfg = cfg;
    j->rd = rd;
    traces_init(&j->traces);
    Job job;
    if (!job_setup(j, &job.journal, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        job_free(j);
        return EXIT_USAGE;
    }
    bool positions = strcmp(values_config(cfg)->positions, "none") != 0;
    int status = job_begin(&job, cfg, rd, on_record, j);
    if (status == EXIT_OK && positions)
        status = selfplay_positions(j->selfplay, values_config(cfg)->positions, rd, &j->traces,
                                    &j->st);
    if (status == EXIT_OK && j->handicap)
        status = handicap_play(j->handicap);
    if (status == EXIT_OK && positions)
        regression(j);
    if (status == EXIT_OK && j->handicap)
        handicap_estimates(j);
    JobOutputs out = {.plot = values_plot,
                      .plot_data = j,
                      .report = {"report.md", values_write_report, j},
                      .summary = {RUNDIR_SUMMARY, values_write_summary, j},
                      .print = values_print,
                      .print_data = j};
    job_add_file(&out, "values.csv", values_write_csv, j);
    job_add_file(&out, j->selfplay && selfplay_config(cfg)->pgn ? "games.pgn" : NULL,
                 selfplay_write_pgn, j->selfplay);
    job_add_file(&out, j->handicap && values_config(cfg)->pgn ? "handicap.pgn" : NULL,
                 handicap_write_pgn, j->handicap);
    status = job_end(&job, status, &out);
    job_free(j);
    return status;
}
