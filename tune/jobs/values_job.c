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

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tune/stats/fit.h"
#include "tune/play/handicap.h"
#include "tune/play/match.h"
#include "tune/run/plot.h"
#include "tune/play/selfplay.h"

static const double Z95 = 1.959963984540054;

/* vchess's hand table (shared/METHODS.md), pawns, by material weight. */
static const double VCHESS[W_GUARD + 1] = {1, 2, 5, 4, 2, 5, 7, 4};

/* One estimate of a piece's worth: in Elo, and in pincers with a 95% interval. */
typedef struct Estimate {
    bool have;          /* measured at all */
    double elo, elo_se; /* Elo per piece and its standard error */
    bool have_value;    /* a pawn value exists (the pincer was measured too) */
    double value, lo, hi; /* in pincers; lo/hi infinite when unbounded */
} Estimate;

/* State of the job. Arrays indexed by material weight (W_PINCER .. W_GUARD). */
typedef struct ValuesJob {
    const Config *cfg;
    RunDir *rd;
    Openings openings;
    Selfplay *selfplay;
    long nselfplay;
    Handicap *handicap;
    int types[W_GUARD + 1], ntypes;        /* requested material weights */
    int matched[W_GUARD + 1], nmatched;    /* weights with a handicap match, pincer first */
    Traces traces;
    SelfplayStats st;
    bool regression;                       /* the regression ran */
    int reg_params[W_GUARD + 2], nreg;     /* material weights that vary, then tempo */
    double beta[W_GUARD + 2];
    FitErrors fe;
    char reg_note[600];                    /* why the regression is missing, if it is */
    Estimate reg[W_GUARD + 1], hc[W_GUARD + 1];
    MatchCounts counts[W_GUARD + 1];
    int offset[W_GUARD + 1];               /* [values] offsets: pincers given, per type */
    double surplus[W_GUARD + 1], surplus_se[W_GUARD + 1]; /* Elo over those pincers */
} ValuesJob;

/* Reads [values] offsets ("type:k, ...") into j->offset; requested[w]: w is in [values]
 * types. */
static bool parse_offsets(ValuesJob *j, const bool *requested, char *err, size_t errlen)
{
    char list[sizeof j->cfg->values.offsets];
    snprintf(list, sizeof list, "%s", j->cfg->values.offsets);
    bool seen[W_NB] = {false};
    for (char *tok = strtok(list, ", \t"); tok; tok = strtok(NULL, ", \t")) {
        char *colon = strchr(tok, ':'), *end = NULL;
        long k = -1;
        if (colon) {
            *colon = '\0';
            k = strtol(colon + 1, &end, 10);
        }
        int w = weights_find(tok);
        if (!colon || end == colon + 1 || *end || k < 0 || k > 6) {
            snprintf(err, errlen, "[values] offsets: '%s' is not type:k with k a number of "
                                  "pincers from 0 to 6", colon ? (*colon = ':', tok) : tok);
            return false;
        }
        if (w < 0 || w > W_GUARD || w == W_PINCER || !requested[w]) {
            snprintf(err, errlen, "[values] offsets: '%s' is not one of the [values] types "
                                  "other than the pincer", tok);
            return false;
        }
        if (seen[w]) {
            snprintf(err, errlen, "[values] offsets: '%s' given twice", tok);
            return false;
        }
        seen[w] = true;
        j->offset[w] = (int)k;
    }
    return true;
}

/* Reads [values] types into j->types (and [values] offsets). */
static bool parse_types(ValuesJob *j, char *err, size_t errlen)
{
    char list[sizeof j->cfg->values.types];
    snprintf(list, sizeof list, "%s", j->cfg->values.types);
    bool seen[W_NB] = {false};
    for (char *tok = strtok(list, ", \t"); tok; tok = strtok(NULL, ", \t")) {
        int w = weights_find(tok);
        if (w < 0 || w > W_GUARD) {
            snprintf(err, errlen, "[values] types: '%s' is not a piece type (one of pincer, "
                                  "coordinator, long_leaper, chameleon, withdrawer, immobilizer, "
                                  "mage, guard)", tok);
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
    if (!parse_offsets(j, seen, err, errlen))
        return false;
    if (j->cfg->values.pairs > 0) {
        j->matched[j->nmatched++] = W_PINCER;
        for (int i = 0; i < j->ntypes; i++)
            if (j->types[i] != W_PINCER)
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
    const char *pos = cfg->values.positions;
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

/* Ratio of estimate a to the pincer's, in place. */
static void to_pincers(Estimate *e, const Estimate *pincer, double cov)
{
    if (!e->have || !pincer->have)
        return;
    e->have_value = true;
    e->value = e->elo / pincer->elo;
    fit_ratio_interval(e->elo, pincer->elo, e->elo_se * e->elo_se,
                       pincer->elo_se * pincer->elo_se, cov, Z95, &e->lo, &e->hi);
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
    for (int w = W_PINCER; w <= W_GUARD; w++)
        if (varies[w])
            j->reg_params[j->nreg++] = w;
    j->reg_params[j->nreg++] = W_TEMPO;
    Weights zero;
    memset(&zero, 0, sizeof zero);
    Fit *f = fit_new(&j->traces, j->reg_params, j->nreg, &zero, FIT_CROSS_ENTROPY,
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
    /* reg_params[0] is the pincer whenever it varies: the covariances are with row 0. */
    for (int x = 0; x < m - 1 && j->reg_params[0] == W_PINCER; x++)
        to_pincers(&j->reg[j->reg_params[x]], &j->reg[W_PINCER], j->fe.cov_clustered[x * m]);
    j->reg[W_PINCER].value = j->reg[W_PINCER].lo = j->reg[W_PINCER].hi = 1;
}

/* Handicap estimates from the finished matches; fills j->hc. */
static void handicap_estimates(ValuesJob *j)
{
    for (int i = 0; i < j->nmatched; i++) {
        int w = j->matched[i];
        j->counts[w] = handicap_counts(j->handicap, i);
        EloEstimate e = stats_estimate_pentanomial(&j->counts[w]);
        j->hc[w] = (Estimate){true, e.elo, e.elo_err / Z95, false, 0, 0, 0};
    }
    /* The calibration removed N pincers: one is worth 1/N of their Elo (pincers add up). */
    double n = (double)j->cfg->values.calibration_pincers;
    const Estimate *p = &j->hc[W_PINCER];
    j->hc[W_PINCER].elo /= n;
    j->hc[W_PINCER].elo_se /= n;
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
    j->hc[W_PINCER].value = j->hc[W_PINCER].lo = j->hc[W_PINCER].hi = 1;
}

/* Formats an estimate in pincers: "v [lo, hi]", or "-" / "v [unbounded]". */
static void fmt_value(const Estimate *e, char *buf, size_t len)
{
    if (!e->have_value)
        snprintf(buf, len, "-");
    else if (isfinite(e->lo))
        snprintf(buf, len, "%.2f [%.2f, %.2f]", e->value, e->lo, e->hi);
    else
        snprintf(buf, len, "%.2f [unbounded]", e->value);
}

/* Verdict on two estimates of one piece: "agree", "differ" or "-" (not comparable). */
static const char *agreement(const Estimate *a, const Estimate *b, double *z)
{
    *z = NAN;
    if (!a->have_value || !b->have_value || !isfinite(a->lo) || !isfinite(b->lo))
        return "-";
    double sa = (a->hi - a->lo) / (2 * Z95), sb = (b->hi - b->lo) / (2 * Z95);
    if (sa + sb == 0)
        return "-";
    *z = (a->value - b->value) / sqrt(sa * sa + sb * sb);
    return fabs(*z) < Z95 ? "agree" : "differ";
}

/* Verdict on the two Elo figures of one piece, as agreement() does for pincers. */
static const char *agreement_elo(const Estimate *a, const Estimate *b, double *z)
{
    *z = NAN;
    if (!a->have || !b->have || a->elo_se + b->elo_se == 0)
        return "-";
    *z = (a->elo - b->elo) / sqrt(a->elo_se * a->elo_se + b->elo_se * b->elo_se);
    return fabs(*z) < Z95 ? "agree" : "differ";
}

/* Writer for values.csv. */
static bool write_csv(FILE *out, void *data)
{
    ValuesJob *j = data;
    fprintf(out, "piece,vchess,regression_elo,regression_elo_se,regression_pincers,"
                 "regression_low95,regression_high95,handicap_games,handicap_score,handicap_elo,"
                 "handicap_elo_se,handicap_pincers,handicap_low95,handicap_high95,agreement,"
                 "agreement_elo,handicap_offset,handicap_surplus_elo,handicap_surplus_elo_se\n");
    for (int i = 0; i < j->ntypes; i++) {
        int w = j->types[i];
        const Estimate *r = &j->reg[w], *h = &j->hc[w];
        double z;
        fprintf(out, "%s,%g,", weight_defs[w].name, VCHESS[w]);
        if (r->have)
            fprintf(out, "%.2f,%.2f,%.4f,%.4f,%.4f,", r->elo, r->elo_se, r->value, r->lo, r->hi);
        else
            fprintf(out, ",,,,,");
        if (h->have) {
            EloEstimate e = stats_estimate(&j->counts[w]);
            fprintf(out, "%ld,%.4f,%.2f,%.2f,%.4f,%.4f,%.4f,", stats_games(&j->counts[w]),
                    e.score, h->elo, h->elo_se, h->value, h->lo, h->hi);
        } else {
            fprintf(out, ",,,,,,,");
        }
        fprintf(out, "%s,", agreement(r, h, &z));
        fprintf(out, "%s,", agreement_elo(r, h, &z));
        if (h->have)
            fprintf(out, "%d,%.2f,%.2f\n", j->offset[w], j->surplus[w], j->surplus_se[w]);
        else
            fprintf(out, ",,\n");
    }
    return true;
}

/* Writer for summary.json. */
static bool write_summary(FILE *out, void *data)
{
    ValuesJob *j = data;
    fprintf(out, "{\n  \"job\": \"values\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n",
            j->cfg->name, j->cfg->seed);
    if (j->selfplay) {
        fprintf(out, "  \"selfplay\": ");
        selfplay_write_json(out, &j->st, &j->traces);
        fprintf(out, ",\n");
    }
    fprintf(out, "  \"regression\": ");
    if (j->regression)
        fprintf(out, "{\"positions\": %ld, \"games\": %ld, \"loss\": %.8f, \"side_to_move_elo\": "
                     "%.2f},\n",
                j->fe.positions, j->fe.games, j->fe.loss, j->beta[j->nreg - 1]);
    else
        fprintf(out, "null,\n");
    fprintf(out, "  \"pieces\": {\n");
    for (int i = 0; i < j->ntypes; i++) {
        int w = j->types[i];
        const Estimate *r = &j->reg[w], *h = &j->hc[w];
        double z;
        const char *verdict = agreement(r, h, &z);
        fprintf(out, "    \"%s\": {\"vchess\": %g", weight_defs[w].name, VCHESS[w]);
        if (r->have)
            fprintf(out, ", \"regression\": {\"elo\": %.2f, \"elo_se\": %.2f, \"pincers\": %.4f, "
                         "\"low95\": %.4f, \"high95\": %.4f}",
                    r->elo, r->elo_se, r->value, isfinite(r->lo) ? r->lo : -1e9,
                    isfinite(r->hi) ? r->hi : 1e9);
        if (h->have) {
            const MatchCounts *mc = &j->counts[w];
            fprintf(out, ", \"handicap\": {\"games\": %ld, \"full_side_wins\": %ld, "
                         "\"losses\": %ld, \"draws\": %ld, \"offset_pincers\": %d, "
                         "\"surplus_elo\": %.2f, \"surplus_elo_se\": %.2f, \"elo\": %.2f, "
                         "\"elo_se\": %.2f, \"pincers\": %.4f, \"low95\": %.4f, "
                         "\"high95\": %.4f}",
                    stats_games(mc), mc->wins, mc->losses, mc->draws, j->offset[w],
                    j->surplus[w], j->surplus_se[w], h->elo, h->elo_se, h->value,
                    isfinite(h->lo) ? h->lo : -1e9, isfinite(h->hi) ? h->hi : 1e9);
        }
        fprintf(out, ", \"agreement\": \"%s\"", verdict);
        if (isfinite(z))
            fprintf(out, ", \"z\": %.3f", z);
        fprintf(out, ", \"agreement_elo\": \"%s\"", agreement_elo(r, h, &z));
        if (isfinite(z))
            fprintf(out, ", \"z_elo\": %.3f", z);
        fprintf(out, "}%s\n", i + 1 < j->ntypes ? "," : "");
    }
    fprintf(out, "  }\n}\n");
    return true;
}

/* Writer for report.md. */
static bool write_report(FILE *out, void *data)
{
    ValuesJob *j = data;
    const Config *cfg = j->cfg;
    Weights defaults;
    weights_default(&defaults);
    fprintf(out, "# Piece values `%s`\n\n", cfg->name);
    fprintf(out, "What each Maxima piece is worth, in pincers (pawns), measured by play two "
                 "independent ways. Intervals are 95%%.\n\n");
    fprintf(out, "![Piece values by both methods](values.png)\n\n*Each piece's value in "
                 "pincers with its 95%% interval: regression (blue, left) and handicap matches "
                 "(red, right) side by side, vchess's table as open circles, the dashed line at "
                 "1 pincer; an unbounded interval is drawn from -2 to 25.*\n\n");
    fprintf(out, "| piece | vchess | default weights | regression: Elo per piece | "
                 "regression: pincers | handicap: games, score of the side with the piece | "
                 "handicap: Elo | "
                 "handicap: pincers | methods (pincers) | methods (Elo) |\n"
                 "|---|---:|---:|---:|---|---:|---:|---|---|---|\n");
    int agree = 0, differ = 0, agree_elo = 0, differ_elo = 0;
    char agreed[512] = "", differed[512] = "", agreed_elo[512] = "", differed_elo[512] = "";
    for (int i = 0; i < j->ntypes; i++) {
        int w = j->types[i];
        const Estimate *r = &j->reg[w], *h = &j->hc[w];
        char rv[64], hv[64], rel[64] = "-", hel[64] = "-", games[64] = "-";
        fmt_value(r, rv, sizeof rv);
        fmt_value(h, hv, sizeof hv);
        if (r->have)
            snprintf(rel, sizeof rel, "%.0f +- %.0f", r->elo, Z95 * r->elo_se);
        if (h->have) {
            EloEstimate e = stats_estimate(&j->counts[w]);
            snprintf(hel, sizeof hel, "%.0f +- %.0f", h->elo, Z95 * h->elo_se);
            snprintf(games, sizeof games, "%ld, %.3f", stats_games(&j->counts[w]), e.score);
            if (w == W_PINCER && j->cfg->values.calibration_pincers > 1)
                snprintf(games + strlen(games), sizeof games - strlen(games), " (%ld pincers)",
                         j->cfg->values.calibration_pincers);
            if (j->offset[w])
                snprintf(games + strlen(games), sizeof games - strlen(games),
                         " (against %d pincer%s)", j->offset[w], j->offset[w] > 1 ? "s" : "");
        }
        double z;
        const char *verdict = w == W_PINCER ? "(unit)" : agreement(r, h, &z);
        if (w != W_PINCER && !strcmp(verdict, "agree")) {
            agree++;
            snprintf(agreed + strlen(agreed), sizeof agreed - strlen(agreed), "%s%s",
                     *agreed ? ", " : "", weight_defs[w].name);
        } else if (!strcmp(verdict, "differ")) {
            differ++;
            snprintf(differed + strlen(differed), sizeof differed - strlen(differed),
                     "%s%s (z = %.1f)", *differed ? ", " : "", weight_defs[w].name, z);
        }
        double ze;
        const char *verdict_elo = agreement_elo(r, h, &ze);
        if (!strcmp(verdict_elo, "agree")) {
            agree_elo++;
            snprintf(agreed_elo + strlen(agreed_elo), sizeof agreed_elo - strlen(agreed_elo),
                     "%s%s", *agreed_elo ? ", " : "", weight_defs[w].name);
        } else if (!strcmp(verdict_elo, "differ")) {
            differ_elo++;
            size_t used = strlen(differed_elo);
            snprintf(differed_elo + used, sizeof differed_elo - used, "%s%s (z = %.1f)",
                     used ? ", " : "", weight_defs[w].name, ze);
        }
        fprintf(out, "| %s | %g | %.2f | %s | %s | %s | %s | %s | %s | %s |\n",
                weight_defs[w].name, VCHESS[w], (double)defaults.v[w] / defaults.v[W_PINCER],
                rel, rv, games, hel, hv, verdict, verdict_elo);
    }
    fprintf(out, "\n## Where the two methods agree\n\n"
                 "\"Agree\" means that the two estimates differ by less than 1.96 standard "
                 "errors of their difference, nothing stronger: with wide intervals two methods "
                 "agree easily.\n\n");
    if (agree + differ == 0)
        fprintf(out, "- In pincers: no piece has a bounded interval from both methods, so "
                     "nothing can be compared in pawn units yet (the pincer's own value is not "
                     "measured precisely enough to divide by).\n");
    else
        fprintf(out, "- In pincers: agree: %s; differ: %s.\n", agree ? agreed : "none",
                differ ? differed : "none");
    if (agree_elo + differ_elo)
        fprintf(out, "- In Elo per piece (regression: middle-game positions; handicap: from "
                     "the opening, so the two need not be equal): agree: %s; differ: %s.\n",
                agree_elo ? agreed_elo : "none", differ_elo ? differed_elo : "none");
    fprintf(out, "\n## Method 1: regression on material difference\n\n");
    if (j->selfplay)
        selfplay_write_markdown(out, cfg, &j->st, &j->traces);
    else if (strcmp(cfg->values.positions, "none") != 0)
        fprintf(out, "Positions from `%s`.\n\n", cfg->values.positions);
    if (j->regression)
        fprintf(out, "Logistic regression (GSL BFGS2, cross-entropy) of the result for the side "
                     "to move on the count difference of each piece type and a constant (the "
                     "side to move's edge: %.0f Elo), over %ld positions from %ld games. "
                     "Standard errors clustered by game (the positions of a game share its "
                     "result). Coefficients are in Elo per piece; pincers = ratio to the "
                     "pincer's coefficient, Fieller's interval from the joint covariance. "
                     "Types whose count never differs cannot be estimated.\n",
                j->beta[j->nreg - 1], j->fe.positions, j->fe.games);
    else
        fprintf(out, "Not run: %s.\n", j->reg_note[0] ? j->reg_note : "positions = none");
    fprintf(out, "\n## Method 2: handicap matches\n\n");
    if (j->nmatched)
        fprintf(out, "For each type, %ld game pairs from balanced random openings of %ld plies, "
                     "one piece removed: once from White, once from Black, the same engine "
                     "(`%s`, %ld nodes per move) on both sides. Score of the full side -> Elo "
                     "(pentanomial interval, fastchess's) -> pincers = Elo / pincer Elo, with "
                     "Fieller's interval (the matches are independent). The pincer's Elo comes "
                     "from %ld pairs at %ld-pincer odds%s. Games: %s.\n",
                cfg->values.pairs, cfg->match.opening_plies,
                cfg->engine[0].weights, cfg->engine[0].nodes, cfg->values.calibration_pairs,
                cfg->values.calibration_pincers,
                cfg->values.calibration_pincers > 1
                    ? ", divided by that number of pincers (this assumes that the pincers' worth "
                      "adds up)"
                    : "",
                cfg->values.pgn ? "`handicap.pgn`" : "not kept (`[values] pgn = true` keeps them)");
    else
        fprintf(out, "Not run (`[values] pairs = 0`).\n");
    char given[256] = "";
    for (int i = 0; i < j->nmatched; i++) {
        int w = j->matched[i];
        if (j->offset[w])
            snprintf(given + strlen(given), sizeof given - strlen(given), "%s%s against %d",
                     *given ? ", " : "", weight_defs[w].name, j->offset[w]);
    }
    if (*given)
        fprintf(out, "\nImbalance matches (`[values] offsets`): %s pincers. There the side with "
                     "the piece also lacks k pincers, so the match is near even and measures the "
                     "piece's surplus over k pincers, s Elo: value = k + s / (a pincer's Elo), "
                     "whose interval grows with s rather than with the whole value (the unit's "
                     "error is multiplied only by the surplus). The table's handicap Elo is "
                     "s + k pincers' Elo; `values.csv` also has s. This assumes, as the "
                     "calibration does, that pincers' worth adds up.\n",
                given);
    fprintf(out, "\n## Precision\n\nThe widest bounded interval half-width in pincers: ");
    double widest = 0;
    int unbounded = 0;
    for (int i = 0; i < j->ntypes; i++) {
        int w = j->types[i];
        const Estimate *es[2] = {&j->reg[w], &j->hc[w]};
        for (int k = 0; k < 2; k++) {
            if (w == W_PINCER || !es[k]->have_value)
                continue;
            if (!isfinite(es[k]->lo))
                unbounded++;
            else if ((es[k]->hi - es[k]->lo) / 2 > widest)
                widest = (es[k]->hi - es[k]->lo) / 2;
        }
    }
    fprintf(out, "%.2f%s. %s\n", widest,
            unbounded ? " (and some intervals are unbounded)" : "",
            widest <= 0.3 && !unbounded
                ? "Every value is known to +-0.3 pawn or better."
                : "Intervals of +-0.3 pawn need more games: the half-width shrinks as "
                  "1/sqrt(games), and a ratio's interval carries the pincer's own (the "
                  "denominator's) relative error times the Elo converted (imbalance matches, "
                  "`[values] offsets`, convert only the surplus).");
    fprintf(out, "\nFiles: `values.csv` (this table), `values.png` (the plot), "
                 "`summary.json`%s.\n",
            j->selfplay ? ", `positions.traces`" : "");
    return true;
}

/* Draws values.png from values.csv: each piece's value in pincers by both methods side by side,
 * with their 95% intervals (unbounded ends clipped to the plot), and vchess's table. */
static void values_plot(const ValuesJob *j)
{
    static const char script[] =
        "set ylabel 'value (pincers = pawns)'\nset xrange [-0.6:*]\nset offsets 0, 0.6, 0, 0\n"
        "set yrange [*:*]\nset xtics rotate by -30\nset key below horizontal\n"
        "set datafile missing ''\n"
        "clip(x) = x < -2 ? -2 : (x > 25 ? 25 : x)\n"
        "plot 'values.csv' skip 1 using ($0-0.15):(clip($5)):(clip($6)):(clip($7)):xtic(1) "
        "with yerrorbars pt 7 ps 1.2 lw 2 lc rgb '#1f4e9c' title 'regression on material', "
        "'' skip 1 using ($0+0.15):(clip($12)):(clip($13)):(clip($14)) with yerrorbars pt 5 "
        "ps 1.2 lw 2 lc rgb '#c0392b' title 'handicap matches', "
        "'' skip 1 using 0:2 with points pt 6 ps 2 lc rgb '#555555' title 'vchess table', "
        "1 with lines dt 2 lc rgb '#888888' title '1 pincer'\n";
    char title[160];
    snprintf(title, sizeof title, "%s: piece values in pincers with 95%% intervals", j->cfg->name);
    plot_draw(j->rd, "values.png", title, script);
}

/* Writes values.csv, draws values.png from it, then the games, the report, run.txt and
 * summary.json (last: it marks the run finished); false with the message in err. */
static bool write_outputs(ValuesJob *j, char *err, size_t errlen)
{
    const Config *cfg = j->cfg;
    RunDir *rd = j->rd;
    if (!rundir_write(rd, "values.csv", write_csv, j, err, errlen))
        return false;
    values_plot(j);
    return (!j->selfplay || !cfg->selfplay.pgn ||
            rundir_write(rd, "games.pgn", selfplay_write_pgn, j->selfplay, err, errlen)) &&
           (!j->handicap || !cfg->values.pgn ||
            rundir_write(rd, "handicap.pgn", handicap_write_pgn, j->handicap, err, errlen)) &&
           rundir_write(rd, "report.md", write_report, j, err, errlen) &&
           rundir_write_runinfo(rd, cfg, config_threads(cfg), "finished", err, errlen) &&
           rundir_write(rd, RUNDIR_SUMMARY, write_summary, j, err, errlen);
}

/* Prints the table of values. */
static void print_result(const ValuesJob *j)
{
    printf("%-12s %6s  %-24s  %-24s  %s\n", "piece", "vchess", "regression (pincers)",
           "handicap (pincers)", "methods");
    for (int i = 0; i < j->ntypes; i++) {
        int w = j->types[i];
        char rv[64], hv[64];
        double z;
        fmt_value(&j->reg[w], rv, sizeof rv);
        fmt_value(&j->hc[w], hv, sizeof hv);
        printf("%-12s %6g  %-24s  %-24s  %s\n", weight_defs[w].name, VCHESS[w], rv, hv,
               w == W_PINCER ? "(unit)" : agreement(&j->reg[w], &j->hc[w], &z));
    }
    printf("Results in %s/ (report.md)\n", j->rd->path);
}

/* Frees everything the job holds. */
static void job_free(ValuesJob *j)
{
    handicap_free(j->handicap);
    selfplay_free(j->selfplay);
    traces_free(&j->traces);
    openings_free(&j->openings);
    free(j);
}

/* Creates the phases; false with the message in err. */
static bool job_setup(ValuesJob *j, Journal *journal, char *err, size_t errlen)
{
    const Config *cfg = j->cfg;
    if (!parse_types(j, err, errlen) ||
        !openings_load(&j->openings, &cfg->match, cfg->seed, err, errlen))
        return false;
    if (!strcmp(cfg->values.positions, "selfplay")) {
        j->selfplay = selfplay_new(cfg, &j->openings, journal, 0, err, errlen);
        if (!j->selfplay)
            return false;
        j->nselfplay = selfplay_games(j->selfplay);
    }
    if (j->nmatched) {
        int types[HANDICAP_MAX_TYPES], counts[HANDICAP_MAX_TYPES], offsets[HANDICAP_MAX_TYPES];
        long pairs[HANDICAP_MAX_TYPES];
        for (int i = 0; i < j->nmatched; i++) {
            types[i] = j->matched[i] - W_PINCER + PINCER;
            counts[i] = i == 0 ? (int)cfg->values.calibration_pincers : 1;
            offsets[i] = j->offset[j->matched[i]];
            pairs[i] = i == 0 ? cfg->values.calibration_pairs : cfg->values.pairs;
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
    char err[1024], path[1024];
    ValuesJob *j = calloc(1, sizeof *j);
    if (!j)
        return 1;
    j->cfg = cfg;
    j->rd = rd;
    traces_init(&j->traces);
    Journal journal = {0};
    if (!job_setup(j, &journal, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        job_free(j);
        return 2;
    }
    int code = 0;
    rundir_file(rd, RUNDIR_JOURNAL, path, sizeof path);
    if (!journal_open(&journal, path, rundir_config_hash(cfg), on_record, j, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        code = 2;
    } else if (!rundir_write_runinfo(rd, cfg, config_threads(cfg), "running", err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        code = 1;
    }
    if (!code && strcmp(cfg->values.positions, "none") != 0)
        code = selfplay_positions(j->selfplay, cfg->values.positions, rd, &j->traces, &j->st);
    if (!code && j->handicap)
        code = handicap_play(j->handicap);
    if (!code) {
        if (strcmp(cfg->values.positions, "none") != 0)
            regression(j);
        if (j->handicap)
            handicap_estimates(j);
    }
    if (code == 130) {
        rundir_write_runinfo(rd, cfg, config_threads(cfg), "interrupted", err, sizeof err);
    } else if (code == 0 && !write_outputs(j, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        code = 1;
    } else if (code == 0) {
        print_result(j);
    }
    if (journal.file)
        journal_close(&journal, code == 0);
    job_free(j);
    return code;
}
