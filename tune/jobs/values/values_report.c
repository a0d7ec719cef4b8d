/* values_report.c: what the values job writes: values.csv, summary.json, report.md, values.png
 * and the printed table. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune/pages/html.h"
#include "tune/jobs/common/job.h"
#include "tune/jobs/selfplay/selfplay_job.h"
#include "tune/jobs/values/values_report.h"
#include "tune/play/players.h"
#include "tune/pages/weights_report.h"
#include "tune/run/plot.h"
#include "tune/run/text.h"
#include "tune/play/player_config.h"
#include "tune/play/match_config.h"
#include "tune/jobs/values/values_config.h"

/* The unit's name: "pincer" (Maxima, Ultima) or "point" (Martian Chess: a point of score). */
static const char *unit(const ValuesJob *j) { return job_unit_name(config_variant(j->cfg)); }

/* The unit in the report's sentences: "pawn" (the pincer is Maxima's and Ultima's pawn), or
 * "point". */
static const char *unit_word(const ValuesJob *j) { return j->unit == T_PINCER ? "pawn" : "point"; }

/* Values "in pincers (pawns)" (the pincer is Maxima's and Ultima's pawn), or "in points" (of
 * score: a captured pawn's). */
static const char *in_units(const ValuesJob *j)
{
    return j->unit == T_PINCER ? "pincers (pawns)" : "points";
}

/* Formats an estimate in units: "v [lo, hi]", or "-" / "v [unbounded]"; from the figures as
 * values.csv holds them (4 decimals), so that the suite, which reads them back, prints the
 * same. */
static void fmt_value(const Estimate *e, char *buf, size_t len)
{
    double v = text_rounded(e->value, 4), lo = text_rounded(e->lo, 4);
    if (!e->have_value)
        snprintf(buf, len, "-");
    else if (isfinite(e->lo))
        snprintf(buf, len, "%.2f [%.2f, %.2f]", v, lo, text_rounded(e->hi, 4));
    else
        snprintf(buf, len, "%.2f [unbounded]", v);
}

/* Verdict on two estimates of one piece: "agree", "differ" or "-" (not comparable). */
static const char *agreement(const Estimate *a, const Estimate *b, double *z)
{
    *z = NAN;
    if (!a->have_value || !b->have_value || !isfinite(a->lo) || !isfinite(b->lo))
        return "-";
    double sa = (a->hi - a->lo) / (2 * STATS_Z95), sb = (b->hi - b->lo) / (2 * STATS_Z95);
    if (sa + sb == 0)
        return "-";
    *z = (a->value - b->value) / sqrt(sa * sa + sb * sb);
    return fabs(*z) < STATS_Z95 ? "agree" : "differ";
}

/* Verdict on the two Elo figures of one piece, as agreement() does for pincers. */
static const char *agreement_elo(const Estimate *a, const Estimate *b, double *z)
{
    *z = NAN;
    if (!a->have || !b->have || a->elo_se + b->elo_se == 0)
        return "-";
    *z = (a->elo - b->elo) / sqrt(a->elo_se * a->elo_se + b->elo_se * b->elo_se);
    return fabs(*z) < STATS_Z95 ? "agree" : "differ";
}

bool values_write_csv(FILE *out, void *data)
{
    const ValuesJob *j = data;
    const Variant *v = config_variant(j->cfg);
    /* The columns keep their names in every game: *_pincers hold values in units (unit()). */
    fprintf(out, "piece,vchess,regression_elo,regression_elo_se,regression_pincers,"
                 "regression_low95,regression_high95,handicap_games,handicap_score,handicap_elo,"
                 "handicap_elo_se,handicap_pincers,handicap_low95,handicap_high95,agreement,"
                 "agreement_elo,handicap_offset,handicap_surplus_elo,handicap_surplus_elo_se,"
                 "regression_cov_pincer,handicap_cov_pincer,handicap_pentanomial\n");
    for (int i = 0; i < j->ntypes; i++) {
        int w = j->types[i];
        const Estimate *r = &j->reg[w], *h = &j->hc[w];
        double z;
        fprintf(out, "%s,%g,", weight_term_names[w], job_reference_value(v, w));
        if (r->have)
            fprintf(out, "%.2f,%.2f,%.4f,%.4f,%.4f,", r->elo, r->elo_se, r->value, r->lo, r->hi);
        else
            fprintf(out, ",,,,,");
        if (h->have) {
            EloEstimate e = stats_estimate(&j->counts[w]);
            fprintf(out, "%ld,%.4f,%.2f,%.2f,%.4f,%.4f,%.4f,", stats_games(&j->counts[w]), e.score,
                    h->elo, h->elo_se, h->value, h->lo, h->hi);
        } else {
            fprintf(out, ",,,,,,,");
        }
        fprintf(out, "%s,", agreement(r, h, &z));
        fprintf(out, "%s,", agreement_elo(r, h, &z));
        if (h->have)
            fprintf(out, "%d,%.2f,%.2f,", j->offset[w], j->surplus[w], j->surplus_se[w]);
        else
            fprintf(out, ",,,");
        /* The covariances Fieller's intervals used, so that the bounds can be re-derived. */
        if (r->have_value)
            fprintf(out, "%.6g", r->cov_pincer);
        fprintf(out, ",");
        if (h->have_value)
            fprintf(out, "%.6g", h->cov_pincer);
        /* The pair counts the handicap Elo comes from (regularised as fishtest's, the score
         * alone no longer gives it). */
        const long *pc = j->counts[w].penta;
        if (h->have)
            fprintf(out, ",%ld %ld %ld %ld %ld\n", pc[0], pc[1], pc[2], pc[3], pc[4]);
        else
            fprintf(out, ",\n");
    }
    return true;
}

bool values_write_summary(FILE *out, void *data)
{
    const ValuesJob *j = data;
    const Variant *v = config_variant(j->cfg);
    fprintf(out, "{\n  \"job\": \"values\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n", j->cfg->name,
            j->cfg->seed);
    job_summary_game(out, j->cfg);
    if (j->unit != T_PINCER) { /* the "pincers" members hold values in this unit */
        fprintf(out, "  \"unit\": \"%s\",\n", unit(j));
        if (j->hc[j->unit].have) /* not a valued type: its Elo is in no piece's member */
            fprintf(out, "  \"unit_elo\": %.2f,\n  \"unit_elo_se\": %.2f,\n", j->hc[j->unit].elo,
                    j->hc[j->unit].elo_se);
    }
    if (j->selfplay) {
        fprintf(out, "  \"selfplay\": ");
        selfplay_write_json(out, &j->st, &j->traces);
        fprintf(out, ",\n");
    }
    fprintf(out, "  \"regression\": ");
    if (j->regression)
        fprintf(out,
                "{\"positions\": %ld, \"games\": %ld, \"loss\": %.8f, \"side_to_move_elo\": "
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
        fprintf(out, "    \"%s\": {\"vchess\": %g", weight_term_names[w],
                job_reference_value(v, w));
        if (r->have)
            fprintf(out,
                    ", \"regression\": {\"elo\": %.2f, \"elo_se\": %.2f, \"pincers\": %.4f, "
                    "\"low95\": %.4f, \"high95\": %.4f}",
                    r->elo, r->elo_se, r->value, isfinite(r->lo) ? r->lo : -1e9,
                    isfinite(r->hi) ? r->hi : 1e9);
        if (h->have) {
            const MatchCounts *mc = &j->counts[w];
            fprintf(out,
                    ", \"handicap\": {\"games\": %ld, \"full_side_wins\": %ld, "
                    "\"losses\": %ld, \"draws\": %ld, \"offset_pincers\": %d, "
                    "\"surplus_elo\": %.2f, \"surplus_elo_se\": %.2f, \"elo\": %.2f, "
                    "\"elo_se\": %.2f, \"pincers\": %.4f, \"low95\": %.4f, "
                    "\"high95\": %.4f}",
                    stats_games(mc), mc->wins, mc->losses, mc->draws, j->offset[w], j->surplus[w],
                    j->surplus_se[w], h->elo, h->elo_se, h->value, isfinite(h->lo) ? h->lo : -1e9,
                    isfinite(h->hi) ? h->hi : 1e9);
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

/* report.md: the table of values by both methods. */
static void report_table(FILE *out, const ValuesJob *j)
{
    const Variant *v = config_variant(j->cfg);
    Weights defaults;
    weights_start(&defaults, v); /* the game's hand-set table, fixed */
    fprintf(out,
            "| piece | %s | hand-set (%s) | regression: Elo per piece | "
            "regression: %ss | handicap: games, score of the side with the piece | "
            "handicap: Elo | "
            "handicap: %ss | methods (%ss) | methods (Elo) |\n"
            "|---|---:|---:|---:|---|---:|---:|---|---|---|\n",
            job_reference_name(v), v->id == VARIANT_MAXIMA ? "v1" : v->name, unit(j), unit(j),
            unit(j));
    for (int i = 0; i < j->ntypes; i++) {
        int w = j->types[i];
        const Estimate *r = &j->reg[w], *h = &j->hc[w];
        char rv[64], hv[64], rel[64] = "-", hel[64] = "-", games_buf[64] = "-";
        fmt_value(r, rv, sizeof rv);
        fmt_value(h, hv, sizeof hv);
        if (r->have)
            snprintf(rel, sizeof rel, "%.0f +- %.0f", r->elo, STATS_Z95 * r->elo_se);
        if (h->have) {
            EloEstimate e = stats_estimate(&j->counts[w]);
            snprintf(hel, sizeof hel, "%.0f +- %.0f", h->elo, STATS_Z95 * h->elo_se);
            Text games = text_start(games_buf, sizeof games_buf);
            text_add(&games, "%ld, %.3f", stats_games(&j->counts[w]), e.score);
            if (w == j->unit && values_config(j->cfg)->calibration_pincers > 1)
                text_add(&games, " (%ld %ss)", values_config(j->cfg)->calibration_pincers, unit(j));
            if (j->offset[w])
                text_add(&games, " (against %d %s%s)", j->offset[w], unit(j),
                         j->offset[w] > 1 ? "s" : "");
        }
        double z, ze;
        const char *verdict = w == j->unit ? "(unit)" : agreement(r, h, &z);
        fprintf(out, "| %s | %g | %.2f | %s | %s | %s | %s | %s | %s | %s |\n",
                weight_term_names[w], job_reference_value(v, w),
                (double)defaults.v[weight_mg(w)] / defaults.v[weight_mg(j->unit)], rel, rv,
                games_buf, hel, hv, verdict, agreement_elo(r, h, &ze));
    }
}

/* report.md: which pieces the two methods agree on, in pincers and in Elo. */
static void report_agreement(FILE *out, const ValuesJob *j)
{
    char agreed_buf[512], differed_buf[512], agreed_elo_buf[512], differed_elo_buf[512];
    Text agreed = text_start(agreed_buf, sizeof agreed_buf);
    Text differed = text_start(differed_buf, sizeof differed_buf);
    Text agreed_elo = text_start(agreed_elo_buf, sizeof agreed_elo_buf);
    Text differed_elo = text_start(differed_elo_buf, sizeof differed_elo_buf);
    for (int i = 0; i < j->ntypes; i++) {
        int w = j->types[i];
        const Estimate *r = &j->reg[w], *h = &j->hc[w];
        const char *name = weight_term_names[w];
        double z, ze;
        const char *verdict = w == j->unit ? "(unit)" : agreement(r, h, &z);
        if (w != j->unit && !strcmp(verdict, "agree"))
            text_item(&agreed, ", ", "%s", name);
        else if (!strcmp(verdict, "differ"))
            text_item(&differed, ", ", "%s (z = %.1f)", name, z);
        const char *verdict_elo = agreement_elo(r, h, &ze);
        if (!strcmp(verdict_elo, "agree"))
            text_item(&agreed_elo, ", ", "%s", name);
        else if (!strcmp(verdict_elo, "differ"))
            text_item(&differed_elo, ", ", "%s (z = %.1f)", name, ze);
    }
    fprintf(out, "\n## Where the two methods agree\n\n"
                 "\"Agree\" means that the two estimates differ by less than 1.96 standard "
                 "errors of their difference, nothing stronger: with wide intervals two methods "
                 "agree easily.\n\n");
    if (agreed.len + differed.len == 0)
        fprintf(out,
                "- In %ss: no piece has a bounded interval from both methods, so "
                "nothing can be compared in %s units yet (the %s's own value is not "
                "measured precisely enough to divide by).\n",
                unit(j), unit_word(j), unit(j));
    else
        fprintf(out, "- In %ss: agree: %s; differ: %s.\n", unit(j),
                agreed.len ? agreed_buf : "none", differed.len ? differed_buf : "none");
    if (agreed_elo.len + differed_elo.len)
        fprintf(out,
                "- In Elo per piece (regression: middle-game positions; handicap: from "
                "the opening, so the two need not be equal): agree: %s; differ: %s.\n",
                agreed_elo.len ? agreed_elo_buf : "none",
                differed_elo.len ? differed_elo_buf : "none");
}

/* report.md: how each method measured. */
static void report_methods(FILE *out, const ValuesJob *j)
{
    const Config *cfg = j->cfg;
    char limits[256];
    player_limits_text(player_config(cfg, 0), limits, sizeof limits);
    fprintf(out, "\n## Method 1: regression on material difference\n\n");
    if (j->selfplay)
        selfplay_write_markdown(out, cfg, &j->st, &j->traces);
    else if (strcmp(values_config(cfg)->positions, "none") != 0)
        fprintf(out, "Positions from `%s`.\n\n", values_config(cfg)->positions);
    if (j->regression)
        fprintf(out,
                "Logistic regression (GSL BFGS2, cross-entropy) of the result for the side "
                "to move on the count difference of each piece type and a constant (the "
                "side to move's edge: %.0f Elo), over %ld positions from %ld games. "
                "Standard errors clustered by game (the positions of a game share its "
                "result). Coefficients are in Elo per piece; %ss = ratio to the "
                "%s's coefficient, Fieller's interval from the joint covariance. "
                "Types whose count never differs cannot be estimated.%s\n",
                j->beta[j->nreg - 1], j->fe.positions, j->fe.games, unit(j), unit(j),
                config_variant(cfg)->scores
                    ? " A piece counts for the side whose half it stands in; the score "
                      "difference (the points already won) is one more term, a control whose "
                      "coefficient is no piece's value."
                    : "");
    else
        fprintf(out, "Not run: %s.\n", j->reg_note[0] ? j->reg_note : "positions = none");
    fprintf(out, "\n## Method 2: handicap matches\n\n");
    const Variant *v = config_variant(cfg);
    const char *u = unit(j);
    char divided[320] = "";
    Text d = text_start(divided, sizeof divided);
    if (values_config(cfg)->calibration_pincers > 1)
        text_item(&d, "",
                  ", divided by that number of %ss (this assumes that the %ss' worth adds up)", u,
                  u);
    if (j->unit != T_PINCER && j->hc[j->unit].have) /* no row of its own in the table */
        text_item(&d, "", ": **%.1f +/- %.1f Elo a %s**", j->hc[j->unit].elo,
                  STATS_Z95 * j->hc[j->unit].elo_se, u);
    if (j->nmatched)
        fprintf(out,
                "For each type, %ld game pairs from balanced random openings of %ld plies, "
                "one piece removed: once from %s, once from %s%s, the same engine "
                "(`%s`, %s) on both sides. Score of the full side -> Elo "
                "(pentanomial interval, fastchess's) -> %ss = Elo / %s Elo, with "
                "Fieller's interval (the matches are independent). The %s's Elo comes "
                "from %ld pairs at %ld-%s odds%s. Games: %s.\n",
                values_config(cfg)->pairs, match_config(cfg)->opening_plies, v->team_names[WHITE],
                v->team_names[BLACK],
                v->players == 4 ? " (one of the pieces standing in that team's quadrants)"
                : v->scores     ? " (one of the pieces standing in that side's half)"
                                : "",
                player_config(cfg, 0)->weights, limits, u, u, u,
                values_config(cfg)->calibration_pairs, values_config(cfg)->calibration_pincers, u,
                divided,
                values_config(cfg)->pgn ? "`handicap.pgn`"
                                        : "not kept (`[values] pgn = true` keeps them)");
    else
        fprintf(out, "Not run (`[values] pairs = 0`).\n");
    char given_buf[256];
    Text given = text_start(given_buf, sizeof given_buf);
    for (int i = 0; i < j->nmatched; i++) {
        int w = j->matched[i];
        if (j->offset[w])
            text_item(&given, ", ", "%s against %d", weight_term_names[w], j->offset[w]);
    }
    if (given.len)
        fprintf(out,
                "\nImbalance matches (`[values] offsets`): %s %ss. There the side with "
                "the piece also lacks k %ss, so the match is near even and measures the "
                "piece's surplus over k %ss, s Elo: value = k + s / (a %s's Elo), "
                "whose interval grows with s rather than with the whole value (the unit's "
                "error is multiplied only by the surplus). The table's handicap Elo is "
                "s + k %ss' Elo; `values.csv` also has s. This assumes, as the "
                "calibration does, that %ss' worth adds up.\n",
                given_buf, u, u, u, u, u, u);
}

/* report.md: the widest interval, and what more games would give. */
static void report_precision(FILE *out, const ValuesJob *j)
{
    fprintf(out, "\n## Precision\n\nThe widest bounded interval half-width in %ss: ", unit(j));
    double widest = 0;
    int unbounded = 0;
    for (int i = 0; i < j->ntypes; i++) {
        int w = j->types[i];
        const Estimate *es[2] = {&j->reg[w], &j->hc[w]};
        for (int k = 0; k < 2; k++) {
            if (w == j->unit || !es[k]->have_value)
                continue;
            if (!isfinite(es[k]->lo))
                unbounded++;
            else if ((es[k]->hi - es[k]->lo) / 2 > widest)
                widest = (es[k]->hi - es[k]->lo) / 2;
        }
    }
    if (widest <= 0.3 && !unbounded)
        fprintf(out, "%.2f. Every value is known to +-0.3 %s or better.\n", widest, unit_word(j));
    else
        fprintf(out,
                "%.2f%s. Intervals of +-0.3 %s need more games: the half-width shrinks as "
                "1/sqrt(games), and a ratio's interval carries the %s's own (the "
                "denominator's) relative error times the Elo converted (imbalance matches, "
                "`[values] offsets`, convert only the surplus).\n",
                widest, unbounded ? " (and some intervals are unbounded)" : "", unit_word(j),
                unit(j));
    fprintf(out,
            "\nFiles: `values.csv` (this table), `values.png` (the plot), "
            "`summary.json`%s.\n",
            j->selfplay ? ", `positions.traces`" : "");
}

/* The line that says which engine and strength the values belong to. */
static void report_engine(FILE *out, const ValuesJob *j)
{
    char limits[128];
    player_limits_text(player_config(j->cfg, 0), limits, sizeof limits);
    fprintf(out,
            "**These values belong to one engine: `%s` weights at %s** (on both sides of every "
            "game). Piece values change with the engine and its depth: "
            "`results/README.md` sets them side by side at several settings.\n\n",
            player_config(j->cfg, 0)->weights, limits);
}

bool values_write_report(FILE *out, void *data)
{
    const ValuesJob *j = data;
    const Variant *v = config_variant(j->cfg);
    fprintf(out, "# Piece values `%s`\n\n", j->cfg->name);
    job_report_game(out, j->cfg);
    fprintf(out,
            "What each %s piece is worth, in %s, measured by play two "
            "independent ways. Intervals are 95%%.\n\n",
            v->title, in_units(j));
    report_engine(out, j);
    fprintf(out,
            "![Piece values by both methods](values.png)\n\n*Each piece's value in "
            "%ss with its 95%% interval: regression (blue, left) and handicap matches "
            "(red, right) side by side, %s's table as open circles, the dashed line at "
            "1 %s; an unbounded interval is drawn from -2 to 25.*\n\n",
            unit(j), job_reference_name(v), unit(j));
    if (j->unit != T_PINCER)
        fprintf(out,
                "The unit is the %s: `values.csv`'s *_pincers columns and summary.json's "
                "\"pincers\" members hold values in %ss.\n\n",
                unit(j), unit(j));
    report_table(out, j);
    report_agreement(out, j);
    report_methods(out, j);
    report_precision(out, j);
    return true;
}

/* Draws values.png from values.csv: each piece's value in pincers by both methods side by side,
 * with their 95% intervals (unbounded ends clipped to the plot), and vchess's table. */
bool values_plot(void *data)
{
    const ValuesJob *j = data;
    static const char script[] = /* %s: the unit (twice), the game's outside table, the unit */
        "set ylabel 'value (%s)'\nset xrange [-0.6:*]\nset offsets 0, 0.6, 0, 0\n"
        "set yrange [-2<*<-0.5:*]\nset xtics rotate by -30\nset key below horizontal\n"
        "set datafile missing ''\n"
        "clip(x) = x < -2 ? -2 : (x > 25 ? 25 : x)\n"
        "plot 'values.csv' skip 1 using ($0-0.15):(clip($5)):(clip($6)):(clip($7)):xtic(1) "
        "with yerrorbars pt 7 ps 1.2 lw 2 lc rgb '#1f4e9c' title 'regression on material', "
        "'' skip 1 using ($0+0.15):(clip($12)):(clip($13)):(clip($14)) with yerrorbars pt 5 "
        "ps 1.2 lw 2 lc rgb '#c0392b' title 'handicap matches', "
        "'' skip 1 using 0:2 with points pt 6 ps 2 lc rgb '#555555' title '%s table', "
        "1 with lines dt 2 lc rgb '#888888' title '1 %s'\n";
    char title[160], text[sizeof script + 64];
    snprintf(title, sizeof title, "%s: piece values in %ss with 95%% intervals", j->cfg->name,
             unit(j));
    snprintf(text, sizeof text, script, j->unit == T_PINCER ? "pincers = pawns" : "points",
             job_reference_name(config_variant(j->cfg)), unit(j));
    return plot_draw(j->rd, "values.png", title, text);
}

/* Prints the table of values. */
void values_print(void *data)
{
    const ValuesJob *j = data;
    const Variant *v = config_variant(j->cfg);
    char reg[64], hc[64];
    snprintf(reg, sizeof reg, "regression (%ss)", unit(j));
    snprintf(hc, sizeof hc, "handicap (%ss)", unit(j));
    printf("%-12s %6s  %-24s  %-24s  %s\n", "piece", job_reference_name(v), reg, hc, "methods");
    for (int i = 0; i < j->ntypes; i++) {
        int w = j->types[i];
        char rv[64], hv[64];
        double z;
        fmt_value(&j->reg[w], rv, sizeof rv);
        fmt_value(&j->hc[w], hv, sizeof hv);
        printf("%-12s %6g  %-24s  %-24s  %s\n", weight_term_names[w], job_reference_value(v, w), rv,
               hv, w == j->unit ? "(unit)" : agreement(&j->reg[w], &j->hc[w], &z));
    }
    printf("Results in %s/ (report.md, report.html)\n", j->rd->path);
}

const HtmlSpec values_html = {
    .figures = {{"selfplay.games", "self-play games", NULL, NULL},
                {"regression.positions", "positions in the regression", NULL, NULL},
                {"regression.side_to_move_elo", "side to move (Elo)", NULL, NULL}},
    .charts = {VALUES_HTML_CHART("")},
    .games = {"games.pgn", "handicap.pgn"},
};

PieceValue values_parse(char **f)
{
    if (!*f[0])
        return (PieceValue){false, 0, 0, 0};
    return (PieceValue){true, strtod(f[0], NULL), strtod(f[1], NULL), strtod(f[2], NULL)};
}

void values_format(const PieceValue *p, char *buf, size_t len)
{
    if (!p->have)
        snprintf(buf, len, "-");
    else if (isfinite(p->lo) && isfinite(p->hi))
        snprintf(buf, len, "%.2f [%.2f, %.2f]", p->v, p->lo, p->hi);
    else
        snprintf(buf, len, "%.2f [unbounded]", p->v);
}

void values_write_json(FILE *out, const PieceValue *p)
{
    fprintf(out, "{\"pincers\": %.4f, \"low95\": %.4f, \"high95\": %.4f}", p->v,
            isfinite(p->lo) ? p->lo : -1e9, isfinite(p->hi) ? p->hi : 1e9);
}
