/* study_limit.c: the study's limits as the nodes per move grow (see study_limit.h). */
#include "tune/jobs/study/study_limit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tune/jobs/values/values_report.h"
#include "tune/run/plot.h"
#include "tune/run/text.h"

/* The methods the limit is fitted to. */
static const StudySeries METHODS[] = {SERIES_REGRESSION, SERIES_HANDICAP};
enum { NMETHODS = sizeof METHODS / sizeof METHODS[0] };

/* limits.csv's curve runs to this many times the most nodes measured. */
enum { CURVE_REACH = 16 };

int study_limit_settings(const StudyResult *r, int *k)
{
    int n = 0, last = r->sc->nmeasured - 1;
    for (int s = 0; s <= last; s++)
        if (!strcmp(r->sc->setting[s].weights, r->sc->setting[last].weights))
            k[n++] = s;
    return n;
}

bool study_limit(const StudyResult *r, StudySeries s, int i, LimitFit *f)
{
    int k[STUDY_MAX_SETTINGS], m = study_limit_settings(r, k);
    double n[STUDY_MAX_SETTINGS], v[STUDY_MAX_SETTINGS], se[STUDY_MAX_SETTINGS];
    for (int j = 0; j < m; j++) {
        const PieceValue *p = &r->val[s][k[j]][i];
        n[j] = (double)r->sc->setting[k[j]].nodes;
        v[j] = p->have ? p->v : NAN;
        se[j] = study_value_se(p);
    }
    return limit_fit(n, v, se, m, STUDY_LIMIT_TOLERANCE, f);
}

/* Whether series s has a fitted line for some piece (else it has no curve to draw). */
static bool method_fitted(const StudyResult *r, StudySeries s)
{
    LimitFit f;
    for (int i = 0; i < r->npieces; i++)
        if (!study_is_unit(r, i) && study_limit(r, s, i, &f))
            return true;
    return false;
}

/* "v [lo, hi]" with two decimals, or "-" when v is not finite. */
static void format_interval(double v, double lo, double hi, char *buf, size_t len)
{
    if (isfinite(v))
        snprintf(buf, len, "%.2f [%.2f, %.2f]", v, lo, hi);
    else
        snprintf(buf, len, "-");
}

/* The "limit" table of series s: a row per piece (the unit left out), its value at each of the
 * limit's settings, the limit, the gap at the top, the top two's test and the verdict. */
static void report_method(FILE *out, const StudyResult *r, StudySeries s)
{
    int k[STUDY_MAX_SETTINGS], m = study_limit_settings(r, k);
    fprintf(out, "### limit: %s\n\n| piece |", STUDY_SERIES_NAME[s]);
    for (int j = 0; j < m; j++)
        fprintf(out, " %s |", r->sc->setting[k[j]].label);
    fprintf(out, " limit [95%%] | gap at the top [95%%] | top two: difference (p) | verdict "
                 "|\n|---|");
    for (int j = 0; j < m; j++)
        fprintf(out, "---|");
    fprintf(out, "---|---|---|---|\n");
    for (int i = 0; i < r->npieces; i++) {
        if (study_is_unit(r, i))
            continue;
        fprintf(out, "| %s |", r->piece[i]);
        for (int j = 0; j < m; j++) {
            char cell[64];
            values_format(&r->val[s][k[j]][i], cell, sizeof cell);
            fprintf(out, " %s |", cell);
        }
        LimitFit f;
        study_limit(r, s, i, &f);
        char lim[80], gap[80], top[64] = "-";
        format_interval(f.a, f.limit_lo, f.limit_hi, lim, sizeof lim);
        format_interval(f.gap, f.gap_lo, f.gap_hi, gap, sizeof gap);
        if (f.top)
            snprintf(top, sizeof top, "%+.2f (p = %.2g)", f.top_diff, f.top_p);
        fprintf(out, " %s | %s | %s | %s%s |\n", lim, gap, top, limit_verdict_name(f.verdict),
                f.fitted || f.m >= 3 ? "" : " (too few settings)");
    }
    fprintf(out, "\n");
}

/* The two methods' limits side by side, and whether they meet (their difference's interval
 * holds 0). */
static void report_meet(FILE *out, const StudyResult *r)
{
    fprintf(out, "### Do the methods meet at the limit?\n\n| piece | regression limit | handicap "
                 "limit | regression - handicap [95%%] | |\n|---|---|---|---|---|\n");
    for (int i = 0; i < r->npieces; i++) {
        if (study_is_unit(r, i))
            continue;
        LimitFit reg, hc;
        study_limit(r, SERIES_REGRESSION, i, &reg);
        study_limit(r, SERIES_HANDICAP, i, &hc);
        double d, lo, hi;
        bool have = limit_difference(&reg, &hc, &d, &lo, &hi);
        char a[80], b[80], c[80];
        format_interval(reg.a, reg.limit_lo, reg.limit_hi, a, sizeof a);
        format_interval(hc.a, hc.limit_lo, hc.limit_hi, b, sizeof b);
        format_interval(d, lo, hi, c, sizeof c);
        fprintf(out, "| %s | %s | %s | %s | %s |\n", r->piece[i], a, b, c,
                !have                ? "-"
                : lo <= 0 && 0 <= hi ? "meet"
                                     : "**differ**");
    }
    fprintf(out, "\n");
}

void study_limit_report(FILE *out, const StudyResult *r)
{
    int k[STUDY_MAX_SETTINGS], m = study_limit_settings(r, k);
    const char *u = study_unit(r);
    fprintf(out,
            "## Where the values stop moving: the limit as the nodes grow\n\n"
            "The settings with the weights of the last one (`%s`):",
            r->sc->setting[k[m - 1]].weights);
    for (int j = 0; j < m; j++)
        fprintf(out, "%s %s", j ? "," : "", r->sc->setting[k[j]].label);
    fprintf(out,
            ". Each piece's values at them against x = 1 / log2(nodes per move): a weighted "
            "least-squares line v = a + b x (the values' errors as weights, GSL's "
            "`gsl_fit_wlinear`; its covariance multiplied by chi2 / dof when the values scatter "
            "about it more than their errors allow), whose a is the value as the nodes grow "
            "without bound: the **limit**, with its 95%% interval (+-1.96 standard errors, the "
            "errors taken as known). **Gap**: the line at the most nodes minus the limit. "
            "**Verdict**: \"settled\" when the gap's interval lies inside +-%.1f %s, \"still "
            "moving\" when it lies wholly outside, \"undetermined\" otherwise, or with fewer "
            "than 3 settings (no line is fitted). **Top two**: the value at the most nodes "
            "minus the value at the next, and the two-sided p of no difference (no model). "
            "The model and why: maxtune's docs/jobs.md (study) and tune/stats/limit.h; the "
            "curves: `limits.csv`.\n\n",
            STUDY_LIMIT_TOLERANCE, u);
    if (m < 3)
        fprintf(out,
                "Only %d setting%s share%s these weights: too few for a line (3 are needed); "
                "the tables give the values and the top two's test alone.\n\n",
                m, m == 1 ? "" : "s", m == 1 ? "s" : "");
    for (int s = NMETHODS - 1; s >= 0; s--)
        report_method(out, r, METHODS[s]);
    report_meet(out, r);
    for (int s = NMETHODS - 1; s >= 0; s--)
        if (method_fitted(r, METHODS[s]))
            fprintf(out,
                    "![%s values against 1 / log2(nodes), the fitted lines and their 95%% bands "
                    "to the limit at 0](limit_%s.png)\n\n*Each piece's %s values at the limit's "
                    "settings against x = 1 / log2(nodes) (x = 0: infinitely many nodes), with "
                    "the fitted line and its 95%% band.*\n\n",
                    STUDY_SERIES_NAME[METHODS[s]], STUDY_SERIES_NAME[METHODS[s]],
                    STUDY_SERIES_NAME[METHODS[s]]);
}

/* Compares two doubles for qsort. */
static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The nodes limits.csv gives a curve at: the settings' and doublings of the fewest up to
 * CURVE_REACH times the most, sorted, without repeats; returns their count. */
static int curve_nodes(const StudyResult *r, const int *k, int m, double *out, int max)
{
    double lo = INFINITY, hi = 0;
    int n = 0;
    for (int j = 0; j < m && n < max; j++) {
        out[n++] = (double)r->sc->setting[k[j]].nodes;
        lo = fmin(lo, out[n - 1]);
        hi = fmax(hi, out[n - 1]);
    }
    for (double x = 2 * lo; x <= CURVE_REACH * hi && n < max; x *= 2)
        out[n++] = x;
    qsort(out, (size_t)n, sizeof *out, compare_double);
    int u = 0;
    for (int j = 0; j < n; j++)
        if (u == 0 || out[j] != out[u - 1])
            out[u++] = out[j];
    return u;
}

/* The rows of limits.csv of series s of piece i (nothing unless its line is fitted). */
static void csv_curve(FILE *out, const StudyResult *r, StudySeries s, int i)
{
    enum { MOST = 64 };
    int k[STUDY_MAX_SETTINGS], m = study_limit_settings(r, k);
    LimitFit f;
    if (!study_limit(r, s, i, &f))
        return;
    double nodes[MOST];
    int n = curve_nodes(r, k, m, nodes, MOST);
    for (int j = 0; j <= n; j++) {
        double x = j < n ? nodes[j] : INFINITY, se, v = limit_curve(&f, x, &se);
        char at[32] = "inf";
        if (j < n)
            snprintf(at, sizeof at, "%.0f", x);
        fprintf(out, "%s,%s,%s,%.6f,%.4f,%.4f,%.4f,", STUDY_SERIES_NAME[s], r->piece[i], at,
                limit_x(x), v, v - STATS_Z95 * se, v + STATS_Z95 * se);
        const PieceValue *p = NULL;
        for (int q = 0; q < m && j < n && !p; q++)
            if ((double)r->sc->setting[k[q]].nodes == x && r->val[s][k[q]][i].have)
                p = &r->val[s][k[q]][i];
        if (p)
            fprintf(out, "%.4f,%.4f,%.4f\n", p->v, p->lo, p->hi);
        else
            fprintf(out, ",,\n");
    }
}

bool study_limit_write_csv(FILE *out, void *data)
{
    const StudyResult *r = data;
    fprintf(out, "method,piece,nodes,inv_log2_nodes,fitted,low95,high95,value,value_low95,"
                 "value_high95\n");
    for (int s = 0; s < NMETHODS; s++)
        for (int i = 0; i < r->npieces; i++)
            if (!study_is_unit(r, i))
                csv_curve(out, r, METHODS[s], i);
    return true;
}

/* Writes "name": x as JSON (null when not finite). */
static void json_number_field(FILE *out, const char *sep, const char *name, double x)
{
    if (isfinite(x))
        fprintf(out, "%s\"%s\": %.5g", sep, name, x);
    else
        fprintf(out, "%s\"%s\": null", sep, name);
}

void study_limit_write_json(FILE *out, const StudyResult *r, StudySeries s, int i)
{
    if (s != SERIES_REGRESSION && s != SERIES_HANDICAP)
        return;
    LimitFit f;
    study_limit(r, s, i, &f);
    if (!f.top)
        return;
    fprintf(out, ", \"limit\": {\"settings\": %d, \"verdict\": \"%s\"", f.m,
            limit_verdict_name(f.verdict));
    const char *const NAME[] = {"limit",          "low95",      "high95", "gap",
                                "gap_low95",      "gap_high95", "chi2",   "scale",
                                "top_difference", "top_p"};
    const double X[] = {f.a,      f.limit_lo, f.limit_hi, f.gap,      f.gap_lo,
                        f.gap_hi, f.chi2,     f.scale,    f.top_diff, f.top_p};
    for (size_t j = 0; j < sizeof X / sizeof X[0]; j++)
        json_number_field(out, ", ", NAME[j], X[j]);
    fprintf(out, "}");
}

/* Draws limit_<series>.png from limits.csv: per piece its values with 95% intervals against
 * 1 / log2(nodes), the fitted line and its band down to x = 0 (the limit). */
static bool plot_method(const StudyResult *r, StudySeries s)
{
    char names[STUDY_MAX_PIECES * 33] = "";
    Text t = text_start(names, sizeof names);
    for (int i = 0; i < r->npieces; i++)
        if (!study_is_unit(r, i))
            text_item(&t, " ", "%s", r->piece[i]);
    const char *m = STUDY_SERIES_NAME[s];
    char script[2048], png[64], title[160];
    snprintf(script, sizeof script,
             "set datafile separator ','\nset key outside right\nset style fill transparent "
             "solid 0.15 noborder\nset xlabel '1 / log2(nodes per move)  (0: the limit)'\n"
             "set ylabel 'value (%ss)'\nset xrange [0:*]\npieces = '%s'\n"
             "sel(i) = strcol(1) eq '%s' && strcol(2) eq word(pieces, i)\n"
             "plot for [i=1:words(pieces)] 'limits.csv' skip 1 using (sel(i) ? $4 : 1/0):6:7 "
             "with filledcurves lc i notitle, \\\n"
             "  for [i=1:words(pieces)] 'limits.csv' skip 1 using (sel(i) ? $4 : 1/0):5 with "
             "lines lw 2 lc i title word(pieces, i), \\\n"
             "  for [i=1:words(pieces)] 'limits.csv' skip 1 using (sel(i) ? $4 : 1/0):8:9:10 "
             "with yerrorbars pt 7 lc i notitle\n",
             study_unit(r), names, m);
    snprintf(png, sizeof png, "limit_%s.png", m);
    snprintf(title, sizeof title, "%s: %s values against 1 / log2(nodes), to the limit",
             r->cfg->name, m);
    return plot_draw(r->rd, png, title, script);
}

bool study_limit_plot(const StudyResult *r)
{
    bool ok = true;
    for (int s = 0; s < NMETHODS; s++)
        if (method_fitted(r, METHODS[s]))
            ok &= plot_method(r, METHODS[s]);
    return ok;
}
