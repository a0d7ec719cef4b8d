/* study_report.c: the study's study.csv, report.md, summary.json, plots and printed result,
 * made from its parts' files: values-<label>/values.csv (both methods), fit-<label>/pincers.csv
 * (the material weights by phase) and ladder/ratings.csv (the settings' Elo). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "search/weights.h"
#include "tune/pages/html.h"
#include "tune/jobs/study/study_report.h"
#include "tune/jobs/study/study_limit.h"
#include "tune/jobs/common/job.h"
#include "tune/jobs/fit/fit_config.h"
#include "tune/jobs/values/values_config.h"
#include "tune/jobs/values/values_report.h"
#include "tune/pages/weights_report.h"
#include "tune/play/selfplay_config.h"
#include "tune/run/plot.h"
#include "tune/run/text.h"
#include "tune/run/json.h"
#include "tune/run/rundir.h"

/* The half-width of a 95% interval in standard errors. */
#define Z95 STATS_Z95

/* One CSV file of a part, read line by line. */
typedef struct PartFile {
    char path[1100];
    FILE *f;
    char line[2048];
    char *field[32];
    int nfields;
} PartFile;

/* Opens "<run folder>/<dir>/<name>" and skips its header; false with the problem in err. */
static bool part_open(PartFile *p, const StudyResult *r, const char *dir, const char *name,
                      char *err, size_t errlen)
{
    snprintf(p->path, sizeof p->path, "%s/%s/%s", r->rd->path, dir, name);
    p->f = fopen(p->path, "r");
    if (!p->f) {
        snprintf(err, errlen, "%.1000s: cannot open", p->path);
        return false;
    }
    if (fgets(p->line, sizeof p->line, p->f))
        return true;
    snprintf(err, errlen, "%.1000s: empty", p->path);
    fclose(p->f);
    return false;
}

/* Reads the next row into p->field (at least min fields); 1, 0 at the end, -1 (err) when short. */
static int part_row(PartFile *p, int min, char *err, size_t errlen)
{
    if (!fgets(p->line, sizeof p->line, p->f))
        return 0;
    p->line[strcspn(p->line, "\r\n")] = '\0';
    p->nfields = text_split_csv(p->line, p->field, 32);
    if (p->nfields >= min)
        return 1;
    snprintf(err, errlen, "%.1000s: a row with %d fields, expected %d", p->path, p->nfields, min);
    return -1;
}

/* The index of piece name among r's pieces, or -1. */
static int piece_index(const StudyResult *r, const char *name)
{
    for (int i = 0; i < r->npieces; i++)
        if (!strcmp(r->piece[i], name))
            return i;
    return -1;
}

/* The unit's Elo of setting k from its values part's summary.json (folder dir) when the unit
 * is no valued piece (Martian Chess's point: values.csv has no row of it); false with err when
 * the file or its figure is missing. */
static bool read_unit_elo(StudyResult *r, int k, const char *dir, char *err, size_t errlen)
{
    if (piece_index(r, study_unit(r)) >= 0)
        return true;
    char path[1200];
    snprintf(path, sizeof path, "%s/%s/%s", r->rd->path, dir, RUNDIR_SUMMARY);
    size_t len;
    char *json = text_read_file(path, &len);
    double elo = json ? json_number(json, "unit_elo") : NAN,
           se = json ? json_number(json, "unit_elo_se") : NAN;
    free(json);
    if (!isfinite(elo) || !isfinite(se)) {
        snprintf(err, errlen, "%.1100s: no unit_elo and unit_elo_se (the %s's Elo)", path,
                 study_unit(r));
        return false;
    }
    r->pincer_elo[k] = elo;
    r->pincer_elo_se[k] = se;
    return true;
}

/* Reads values-<label>/values.csv of setting k (the first also fixes the pieces). */
static bool read_values(StudyResult *r, int k, char *err, size_t errlen)
{
    PartFile p;
    char dir[128];
    study_part_dir(r->sc, "values", k, dir, sizeof dir);
    if (!part_open(&p, r, dir, "values.csv", err, errlen))
        return false;
    int got, n = 0;
    while ((got = part_row(&p, 15, err, errlen)) == 1) {
        int i = k == 0 ? r->npieces : piece_index(r, p.field[0]);
        if (k == 0 && r->npieces < STUDY_MAX_PIECES) {
            snprintf(r->piece[i], sizeof r->piece[i], "%s", p.field[0]);
            r->vchess[i] = strtod(p.field[1], NULL);
            r->npieces++;
        } else if (i < 0) {
            snprintf(err, errlen, "%.1000s: piece %.40s is not in the first setting's table",
                     p.path, p.field[0]);
            got = -1;
            break;
        }
        r->val[SERIES_REGRESSION][k][i] = values_parse(&p.field[4]);
        r->val[SERIES_HANDICAP][k][i] = values_parse(&p.field[11]);
        if (!strcmp(p.field[0], study_unit(r))) {
            r->pincer_elo[k] = strtod(p.field[9], NULL);
            r->pincer_elo_se[k] = strtod(p.field[10], NULL);
        }
        n++;
    }
    fclose(p.f);
    if (got == 0 && n != r->npieces) {
        snprintf(err, errlen, "%.1000s: %d pieces, the first setting has %d", p.path, n,
                 r->npieces);
        got = -1;
    }
    return got == 0 && read_unit_elo(r, k, dir, err, errlen);
}

/* The lambda of the fit part of setting k (folder dir) from its summary.json, which has
 * "regularize" only when [fit] regularize is not 0. */
static void read_fit_lambda(StudyResult *r, int k, const char *dir)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s/%s", r->rd->path, dir, RUNDIR_SUMMARY);
    size_t len;
    char *json = text_read_file(path, &len);
    double lambda = json ? json_number(json, "regularize.lambda") : NAN;
    r->fit_lambda[k] = json && isnan(lambda) ? 0 : lambda;
    free(json);
}

/* Reads fit-<label>/pincers.csv of setting k: "<piece>.mg" and "<piece>.eg" rows. */
static bool read_phases(StudyResult *r, int k, char *err, size_t errlen)
{
    PartFile p;
    char dir[128];
    study_part_dir(r->sc, "fit", k, dir, sizeof dir);
    if (!part_open(&p, r, dir, "pincers.csv", err, errlen))
        return false;
    int got;
    while ((got = part_row(&p, 5, err, errlen)) == 1) {
        char *dot = strrchr(p.field[0], '.');
        if (dot)
            *dot = '\0';
        int i = piece_index(r, p.field[0]);
        StudySeries s = !strcmp(p.field[1], "mg") ? SERIES_MIDDLE_GAME : SERIES_END_GAME;
        if (i >= 0 && (s == SERIES_MIDDLE_GAME || !strcmp(p.field[1], "eg")))
            r->val[s][k][i] = values_parse(&p.field[2]);
    }
    fclose(p.f);
    read_fit_lambda(r, k, dir);
    for (int i = 0; i < r->npieces; i++)
        if (study_is_unit(r, i))
            r->val[SERIES_MIDDLE_GAME][k][i] = r->val[SERIES_END_GAME][k][i] = (PieceValue){true, 1,
                                                                                            1, 1};
    return got == 0;
}

/* Reads ladder/ratings.csv: each setting's Elo and standard error. */
static bool read_ladder(StudyResult *r, char *err, size_t errlen)
{
    PartFile p;
    if (!part_open(&p, r, "ladder", "ratings.csv", err, errlen))
        return false;
    bool seen[STUDY_MAX_SETTINGS] = {false};
    int got;
    while ((got = part_row(&p, 6, err, errlen)) == 1)
        for (int k = 0; k < r->sc->nsettings; k++)
            if (!strcmp(p.field[1], r->sc->setting[k].label)) {
                r->elo[k] = strtod(p.field[2], NULL);
                r->elo_se[k] = strtod(p.field[5], NULL) / Z95;
                seen[k] = true;
            }
    fclose(p.f);
    for (int k = 0; k < r->sc->nsettings && got == 0; k++)
        if (!seen[k]) {
            snprintf(err, errlen, "%.1000s: no rating for %s", p.path, r->sc->setting[k].label);
            got = -1;
        }
    return got == 0;
}

/* The gap series: regression minus handicap, for every setting and piece that has both. */
static void make_gaps(StudyResult *r)
{
    for (int k = 0; k < r->sc->nmeasured; k++)
        for (int i = 0; i < r->npieces; i++) {
            const PieceValue *a = &r->val[SERIES_REGRESSION][k][i];
            const PieceValue *b = &r->val[SERIES_HANDICAP][k][i];
            double se = hypot(study_value_se(a), study_value_se(b));
            if (a->have && b->have && isfinite(se) && se > 0)
                r->val[SERIES_GAP][k][i] = (PieceValue){true, a->v - b->v, a->v - b->v - Z95 * se,
                                                        a->v - b->v + Z95 * se};
        }
}

bool study_read(StudyResult *r, char *err, size_t errlen)
{
    for (int k = 0; k < r->sc->nmeasured; k++)
        if (!read_values(r, k, err, errlen) || !read_phases(r, k, err, errlen))
            return false;
    if (!read_ladder(r, err, errlen))
        return false;
    make_gaps(r);
    return true;
}

bool study_trend(const StudyResult *r, StudySeries s, int i, StatsTrend *t)
{
    double x[STUDY_MAX_SETTINGS], y[STUDY_MAX_SETTINGS], se[STUDY_MAX_SETTINGS];
    int n = 0;
    for (int k = 0; k < r->sc->nmeasured; k++) {
        const PieceValue *v = &r->val[s][k][i];
        if (!isfinite(study_value_se(v)))
            continue;
        x[n] = r->elo[k] / 100;
        y[n] = v->v;
        se[n++] = study_value_se(v);
    }
    return n == r->sc->nmeasured && stats_trend(x, y, se, n, t);
}

/* The change of series s of piece i from the second strongest measured setting to the
 * strongest (by the ladder), with its z; false when either value lacks a finite interval. */
static bool last_step(const StudyResult *r, StudySeries s, int i, double *d, double *z)
{
    int top = -1, next = -1;
    for (int k = 0; k < r->sc->nmeasured; k++)
        if (top < 0 || r->elo[k] > r->elo[top]) {
            next = top;
            top = k;
        } else if (next < 0 || r->elo[k] > r->elo[next])
            next = k;
    if (next < 0)
        return false;
    const PieceValue *a = &r->val[s][next][i], *b = &r->val[s][top][i];
    double se = hypot(study_value_se(a), study_value_se(b));
    if (!isfinite(se) || se <= 0)
        return false;
    *d = b->v - a->v;
    *z = *d / se;
    return true;
}

bool study_write_table(FILE *out, void *data)
{
    const StudyResult *r = data;
    fprintf(out, "setting,weights,nodes,elo,elo_se,piece,vchess,series,pincers,low95,high95\n");
    for (int s = 0; s < STUDY_SERIES; s++)
        for (int i = 0; i < r->npieces; i++)
            for (int k = 0; k < r->sc->nmeasured; k++) {
                const StudySetting *st = &r->sc->setting[k];
                const PieceValue *v = &r->val[s][k][i];
                if (!v->have)
                    continue;
                fprintf(out, "%s,%s,%ld,%.2f,%.2f,%s,%g,%s,%.4f,%.4f,%.4f\n", st->label,
                        st->weights, st->nodes, r->elo[k], r->elo_se[k], r->piece[i], r->vchess[i],
                        STUDY_SERIES_NAME[s], v->v, v->lo, v->hi);
            }
    return true;
}

/* The published tables of the run's game (weights_report_published), or for a game of points
 * (Martian Chess) one: its official points (job_reference_value). Returns their count. */
static int published_tables(const StudyResult *r, const PublishedTable **tables)
{
    static const PublishedTable POINTS[] = {{"points", {0}}};
    if (!config_variant(r->cfg)->scores)
        return weights_report_published(config_variant(r->cfg), tables);
    *tables = POINTS;
    return 1;
}

/* The published value of piece i in table t (0 when the table does not value it). */
static double published_value(const StudyResult *r, const PublishedTable *t, int i)
{
    int term = weights_find_term(r->piece[i]);
    if (config_variant(r->cfg)->scores)
        return term >= 0 ? job_reference_value(config_variant(r->cfg), term) : 0;
    return term >= 0 && term <= T_GUARD ? t->value[term] : 0;
}

/* The report's table of one series: a row per piece, the game's published tables, then a
 * column per measured setting. */
static void report_series(FILE *out, const StudyResult *r, StudySeries s)
{
    const PublishedTable *tables;
    int ntables = published_tables(r, &tables);
    fprintf(out, "| piece |");
    for (int t = 0; t < ntables; t++)
        fprintf(out, " %s |", tables[t].name);
    for (int k = 0; k < r->sc->nmeasured; k++)
        fprintf(out, " %s |", r->sc->setting[k].label);
    fprintf(out, "\n|---|");
    for (int t = 0; t < ntables; t++)
        fprintf(out, "---:|");
    for (int k = 0; k < r->sc->nmeasured; k++)
        fprintf(out, "---|");
    fprintf(out, "\n");
    for (int i = 0; i < r->npieces; i++) {
        fprintf(out, "| %s |", r->piece[i]);
        for (int t = 0; t < ntables; t++)
            fprintf(out, " %g |", published_value(r, &tables[t], i));
        for (int k = 0; k < r->sc->nmeasured; k++) {
            char cell[64];
            values_format(&r->val[s][k][i], cell, sizeof cell);
            fprintf(out, " %s |", cell);
        }
        fprintf(out, "\n");
    }
    fprintf(out, "\n");
}

/* The measured setting rated highest in the ladder. */
static int strongest_setting(const StudyResult *r)
{
    int top = 0;
    for (int k = 1; k < r->sc->nmeasured; k++)
        if (r->elo[k] > r->elo[top])
            top = k;
    return top;
}

/* One row of the published tables' comparison: table t against series s at setting k. */
static void published_row(FILE *out, const StudyResult *r, const PublishedTable *t, StudySeries s,
                          int k)
{
    double chi2 = 0, dev = 0;
    int n = 0;
    for (int i = 0; i < r->npieces; i++) {
        const PieceValue *v = &r->val[s][k][i];
        double pub = published_value(r, t, i), se = study_value_se(v);
        if (study_is_unit(r, i) || pub <= 0 || !isfinite(se) || se <= 0)
            continue;
        chi2 += (pub - v->v) * (pub - v->v) / (se * se);
        dev += fabs(pub - v->v);
        n++;
    }
    if (n == 0)
        return;
    double p = gsl_cdf_chisq_Q(chi2, n);
    fprintf(out, "| %s | %s | %d | %.2f | %.1f | %.3g | %s |\n", t->name, STUDY_SERIES_NAME[s], n,
            dev / n, chi2, p, p >= 0.05 ? "consistent with the measurement" : "**rejected**");
}

/* How far each published table lies from the values of the strongest measured setting. */
static void report_published(FILE *out, const StudyResult *r)
{
    const PublishedTable *tables;
    int ntables = published_tables(r, &tables), k = strongest_setting(r);
    fprintf(out,
            "## The published tables against the measured values\n\n"
            "Each published table against the values of the strongest measured setting (`%s`), "
            "over the pieces both value (the unit left out): the mean distance in %ss, and "
            "chi-square = sum ((published - measured) / se)^2 with as many degrees of freedom as "
            "pieces (the measured errors only: the tables come without errors); \"rejected\" "
            "when p < 0.05.\n\n| table | series | pieces | mean distance | chi-square | p | "
            "verdict |\n|---|---|---:|---:|---:|---:|---|\n",
            r->sc->setting[k].label, study_unit(r));
    for (int t = 0; t < ntables; t++) {
        published_row(out, r, &tables[t], SERIES_HANDICAP, k);
        published_row(out, r, &tables[t], SERIES_REGRESSION, k);
    }
    fprintf(out, "\n");
}

/* The ladder's table: each setting's Elo and, for the measured ones, the unit's Elo. */
static void report_ladder(FILE *out, const StudyResult *r)
{
    fprintf(out,
            "| setting | weights | nodes per move | Elo (ladder) | a %s's Elo (handicap "
            "unit) |\n|---|---|---:|---|---|\n",
            study_unit(r));
    for (int k = 0; k < r->sc->nsettings; k++) {
        const StudySetting *st = &r->sc->setting[k];
        fprintf(out, "| %s | `%s` | %ld | %.1f +- %.1f |", st->label, st->weights, st->nodes,
                r->elo[k], Z95 * r->elo_se[k]);
        if (k < r->sc->nmeasured)
            fprintf(out, " %.1f +- %.1f |\n", r->pincer_elo[k], Z95 * r->pincer_elo_se[k]);
        else
            fprintf(out, " (ladder only) |\n");
    }
    fprintf(out, "\n");
}

/* The trend table: per piece and series, the slope against Elo and the last step. */
static void report_trends(FILE *out, const StudyResult *r)
{
    static const StudySeries SHOWN[] = {SERIES_HANDICAP, SERIES_REGRESSION, SERIES_GAP};
    fprintf(out,
            "| piece | series | slope (%ss per 100 Elo) | Birge ratio | p (no trend) "
            "| last step (strongest two) | verdict |\n|---|---|---|---:|---:|---|---|\n",
            study_unit(r));
    for (int i = 0; i < r->npieces; i++) {
        if (study_is_unit(r, i))
            continue;
        for (size_t s = 0; s < sizeof SHOWN / sizeof SHOWN[0]; s++) {
            StatsTrend t;
            double d, z;
            bool have_t = study_trend(r, SHOWN[s], i, &t),
                 have_d = last_step(r, SHOWN[s], i, &d, &z);
            char slope[64] = "-", pval[32] = "-", step[64] = "-", birge[32] = "-";
            if (have_t) {
                snprintf(slope, sizeof slope, "%+.3f +- %.3f", t.slope, Z95 * t.se);
                snprintf(pval, sizeof pval, "%.3g", t.p);
                snprintf(birge, sizeof birge, "%.2f", t.birge);
            }
            if (have_d)
                snprintf(step, sizeof step, "%+.2f (z = %.1f)", d, z);
            const char *verdict = !have_t                                     ? "-"
                                  : t.p >= 0.05 && (!have_d || fabs(z) < Z95) ? "no change detected"
                                  : have_d && fabs(z) < Z95 ? "trend, settled at the top"
                                                            : "still changing";
            fprintf(out, "| %s | %s | %s | %s | %s | %s | %s |\n", r->piece[i],
                    STUDY_SERIES_NAME[SHOWN[s]], slope, birge, pval, step, verdict);
        }
    }
    fprintf(out, "\n");
}

/* The widest half-width of the handicap values of setting k (the unit excluded; INFINITY
 * when one is unbounded). */
static double widest_handicap(const StudyResult *r, int k)
{
    double w = 0;
    for (int i = 0; i < r->npieces; i++) {
        const PieceValue *v = &r->val[SERIES_HANDICAP][k][i];
        if (!study_is_unit(r, i) && v->have)
            w = isfinite(study_value_se(v)) ? fmax(w, (v->hi - v->lo) / 2) : INFINITY;
    }
    return w;
}

/* The precision line: each setting's widest handicap half-width against the +-0.3 target. */
static void report_precision(FILE *out, const StudyResult *r)
{
    fprintf(out,
            "Precision (the widest handicap half-width, the target is 0.3 %s):", study_unit(r));
    for (int k = 0; k < r->sc->nmeasured; k++) {
        double w = widest_handicap(r, k);
        if (isfinite(w))
            fprintf(out, "%s %s %.2f%s", k ? ";" : "", r->sc->setting[k].label, w,
                    w <= 0.3 ? "" : " (wider than the target)");
        else
            fprintf(out, "%s %s unbounded", k ? ";" : "", r->sc->setting[k].label);
    }
    fprintf(out, ".\n\n");
}

/* What each method measures, why they differ and which number to cite. */
static void report_guidance(FILE *out, const StudyResult *r)
{
    const char *u = study_unit(r);
    fprintf(out,
            "## Which number to cite\n\n"
            "- **Handicap matches** measure a piece's worth as odds: the score change when one "
            "piece is removed at the start (the side without it gets k %ss back in the "
            "imbalance matches), converted to %ss by the %s's own handicap. Cite them "
            "for \"what is this piece worth\" in the usual sense (material odds, a trade from "
            "the start), with the engine and nodes they belong to.\n"
            "- **Regression on material** measures an association: how the material balance of "
            "positions from the engine's own games goes with their result. It mixes the "
            "piece's worth with when and why it leaves the board: a piece that is traded early "
            "is seldom missing in decided positions, a piece that is lost only in games already "
            "lost looks worth more (selection), and a piece the engine misuses is worth less "
            "in its games. Cite it for what a material balance in the middle of a game says "
            "about the result, for example as an evaluation's start.\n"
            "- **Phase values** are the evaluation's own material weights fitted to the same "
            "positions' results, middle game and end game apart (each against the %s of "
            "its phase): they say in which phase a piece gains or loses worth.\n"
            "- The values belong to the engine and its depth; the trend table says whether "
            "they still move between the strongest settings measured. Where the verdict is "
            "\"no change detected\", the strongest setting's value is the one to quote.\n\n",
            u, u, u, u);
}

/* The report's opening: what was run, and the ladder. */
static void report_design(FILE *out, const StudyResult *r)
{
    const ValuesConfig *vc = values_config(r->cfg);
    fprintf(out,
            "What each %s piece is worth, in %ss%s, measured the same way at "
            "several engine settings, so that a value can be quoted with the strength of play "
            "it belongs to. Config `config.ini` (seed %llu); every part is a run of its own in "
            "its folder, with its own report:",
            config_variant(r->cfg)->title, study_unit(r),
            strcmp(study_unit(r), "pincer") ? "" : " (pawns)", r->cfg->seed);
    static const char *const KINDS[] = {"values", "fit"};
    for (int kind = 0; kind < 2; kind++)
        for (int k = 0; k < r->sc->nmeasured; k++) {
            char dir[128];
            study_part_dir(r->sc, KINDS[kind], k, dir, sizeof dir);
            fprintf(out, " [%s](%s/report.md),", dir, dir);
        }
    fprintf(out, " [ladder](ladder/report.md).\n\n");
    fprintf(out,
            "At each setting: %ld self-play games (the regression's positions and the fit's), "
            "%ld handicap pairs per piece%s%s%s, %ld calibration pairs at %ld-%s odds; the same "
            "seed, so the same openings, at every setting. Then a round robin of every setting, "
            "%ld pairs per pairing, puts them on one Elo scale (`%s` held at 0).\n\n",
            selfplay_config(r->cfg)->games, vc->pairs,
            vc->offsets[0] ? " (the piece against k " : "", vc->offsets[0] ? study_unit(r) : "",
            vc->offsets[0] ? "s: `[values] offsets`)" : "", vc->calibration_pairs,
            vc->calibration_pincers, study_unit(r), r->sc->ladder_pairs, r->sc->setting[0].label);
    fprintf(out, "## The settings and their strength\n\n");
    report_ladder(out, r);
}

/* The fit parts' regularisation: "[fit] regularize" and the lambda each setting's fit used. */
static void report_fit_lambda(FILE *out, const StudyResult *r)
{
    fprintf(
        out,
        "Fitted with `[fit] regularize = %s` (a penalty toward the setting's weights): lambda =",
        fit_config(r->cfg)->regularize);
    for (int k = 0; k < r->sc->nmeasured; k++) {
        if (isfinite(r->fit_lambda[k]))
            fprintf(out, "%s %g", k ? "," : "", r->fit_lambda[k]);
        else
            fprintf(out, "%s unknown (no summary.json)", k ? "," : "");
        fprintf(out, " (%s)", r->sc->setting[k].label);
    }
    fprintf(out, ".\n\n");
}

bool study_write_report(FILE *out, void *data)
{
    const StudyResult *r = data;
    fprintf(out, "# Piece-value study `%s`\n\n", r->cfg->name);
    report_design(out, r);
    fprintf(out, "## Handicap matches (%ss, 95%% intervals)\n\n", study_unit(r));
    report_series(out, r, SERIES_HANDICAP);
    fprintf(out, "![Handicap values against strength](trend_handicap.png)\n\n*Each piece's "
                 "handicap value at each measured setting, against the setting's Elo in the "
                 "ladder, with its 95%% interval.*\n\n");
    report_precision(out, r);
    fprintf(out,
            "## Regression on material (%ss, 95%% intervals)\n\n"
            "Fitted with lambda = 0 (no regularisation: the values job's regression on material "
            "does not read `[fit] regularize`).\n\n",
            study_unit(r));
    report_series(out, r, SERIES_REGRESSION);
    fprintf(out, "![Regression values against strength](trend_regression.png)\n\n*Each piece's "
                 "regression value at each measured setting against the setting's Elo.*\n\n");
    fprintf(out, "## By game phase: the fitted material weights (%ss of the same phase)\n\n",
            study_unit(r));
    report_fit_lambda(out, r);
    fprintf(out, "Middle game:\n\n");
    report_series(out, r, SERIES_MIDDLE_GAME);
    fprintf(out, "End game:\n\n");
    report_series(out, r, SERIES_END_GAME);
    fprintf(out, "## Do the values settle as play gets stronger?\n\n"
                 "A weighted least-squares line of each value against the settings' Elo (the "
                 "values' errors as weights, the Elo taken as exact; the slope's error scaled "
                 "up by the Birge ratio, shown, when the points scatter about the line more "
                 "than their errors allow), its slope with a 95%% interval and the p of no "
                 "trend; and the change between the two strongest measured settings with its z "
                 "(where those two share their weights, the effect of depth alone). The "
                 "verdict: \"no change detected\" when neither is significant at 5%%, "
                 "\"trend, settled at the top\" when the line rises or falls but the last step "
                 "does not, \"still changing\" when the last step is significant. Gap: "
                 "regression minus handicap (do the methods meet?).\n\n");
    report_trends(out, r);
    study_limit_report(out, r);
    report_published(out, r);
    report_guidance(out, r);
    fprintf(out, "Files: `study.csv` (every value: setting, its Elo, piece, series, 95%% "
                 "interval), `limits.csv` (the limit's fitted curves with 95%% bands, to n = inf), "
                 "`summary.json`, `trend_handicap.png`, `trend_regression.png` (and "
                 "`limit_handicap.png`, `limit_regression.png` where a limit is fitted); each "
                 "part's folder holds its own `config.ini` (which re-runs that part alone), data "
                 "files and report.\n");
    return true;
}

/* The "pieces" object of summary.json: each piece's series by setting and their trends. */
static void summary_pieces(FILE *out, const StudyResult *r)
{
    fprintf(out, "  \"pieces\": {\n");
    for (int i = 0; i < r->npieces; i++) {
        fprintf(out, "    \"%s\": {\"vchess\": %g", r->piece[i], r->vchess[i]);
        for (int s = 0; s < STUDY_SERIES; s++) {
            fprintf(out, ", \"%s\": {", STUDY_SERIES_NAME[s]);
            const char *sep = "";
            for (int k = 0; k < r->sc->nmeasured; k++)
                if (r->val[s][k][i].have) {
                    fprintf(out, "%s\"%s\": ", sep, r->sc->setting[k].label);
                    values_write_json(out, &r->val[s][k][i]);
                    sep = ", ";
                }
            StatsTrend t;
            if (study_trend(r, (StudySeries)s, i, &t))
                fprintf(out,
                        "%s\"trend\": {\"slope_per_100_elo\": %.5f, \"se\": %.5f, \"p\": %.5g, "
                        "\"birge\": %.4f}",
                        sep, t.slope, t.se, t.p, t.birge);
            study_limit_write_json(out, r, (StudySeries)s, i);
            fprintf(out, "}");
        }
        fprintf(out, "}%s\n", i + 1 < r->npieces ? "," : "");
    }
    fprintf(out, "  }\n");
}

bool study_write_summary(FILE *out, void *data)
{
    const StudyResult *r = data;
    fprintf(out,
            "{\n  \"job\": \"study\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n  \"settings\": [",
            r->cfg->name, r->cfg->seed);
    for (int k = 0; k < r->sc->nsettings; k++) {
        const StudySetting *st = &r->sc->setting[k];
        fprintf(
            out,
            "%s\n    {\"label\": \"%s\", \"weights\": \"%s\", \"nodes\": %ld, \"measured\": %s, "
            "\"elo\": %.2f, \"elo_se\": %.2f}",
            k ? "," : "", st->label, st->weights, st->nodes,
            k < r->sc->nmeasured ? "true" : "false", r->elo[k], r->elo_se[k]);
    }
    fprintf(out, "\n  ],\n");
    summary_pieces(out, r);
    fprintf(out, "}\n");
    return true;
}

void study_print(void *data)
{
    const StudyResult *r = data;
    printf("\nStudy %s: handicap values in %ss (95%% intervals) by setting\n%-12s", r->cfg->name,
           study_unit(r), "piece");
    for (int k = 0; k < r->sc->nmeasured; k++)
        printf("  %-22s", r->sc->setting[k].label);
    printf("\n");
    for (int i = 0; i < r->npieces; i++) {
        printf("%-12s", r->piece[i]);
        for (int k = 0; k < r->sc->nmeasured; k++) {
            char cell[64];
            values_format(&r->val[SERIES_HANDICAP][k][i], cell, sizeof cell);
            printf("  %-22s", cell);
        }
        printf("\n");
    }
    printf("Elo (ladder):");
    for (int k = 0; k < r->sc->nsettings; k++)
        printf(" %s %.0f +- %.0f%s", r->sc->setting[k].label, r->elo[k], Z95 * r->elo_se[k],
               k + 1 < r->sc->nsettings ? "," : "\n");
    printf("Report: %s/report.md\n", r->rd->path);
}

/* Draws trend_<series>.png from study.csv: a line per piece (the unit left out) of its value
 * against the settings' Elo, with 95% intervals. */
static bool plot_series(const StudyResult *r, const char *series)
{
    char names[STUDY_MAX_PIECES * 33] = "";
    Text t = text_start(names, sizeof names);
    for (int i = 0; i < r->npieces; i++)
        if (!study_is_unit(r, i))
            text_item(&t, " ", "%s", r->piece[i]);
    char script[2048], png[64], title[160];
    snprintf(script, sizeof script,
             "set datafile separator ','\nset key outside right\nset xlabel 'Elo (ladder)'\n"
             "set ylabel 'value (%ss)'\nset offsets graph 0.05, graph 0.05, 0, 0\n"
             "pieces = '%s'\nplot for [i=1:words(pieces)] 'study.csv' skip 1 using "
             "(strcol(6) eq word(pieces, i) && strcol(8) eq '%s' ? $4 + 4 * (i - 4) : 1/0):9:"
             "($10 < -5 ? -5 : $10):($11 > 25 ? 25 : $11) with yerrorlines pt 7 lw 2 "
             "title word(pieces, i)\n",
             study_unit(r), names, series);
    snprintf(png, sizeof png, "trend_%s.png", series);
    snprintf(title, sizeof title, "%s: %s values in %ss against strength", r->cfg->name, series,
             study_unit(r));
    return plot_draw(r->rd, png, title, script);
}

bool study_plot(void *data)
{
    const StudyResult *r = data;
    return plot_series(r, "handicap") && plot_series(r, "regression") && study_limit_plot(r);
}

const HtmlSpec study_html = {
    .parts = {"ladder"},
};
