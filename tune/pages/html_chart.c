/* html_chart.c: a plot's CSV columns as the page's JSON (see html_chart.h). */
#include "html_chart.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tune/pages/html_text.h"
#include "tune/run/text.h"

enum { CHART_MAX_ROWS = 400 };

/* The index of a column in the header fields, or -1. */
static int csv_column(char **head, int n, const char *name, size_t len)
{
    for (int i = 0; i < n; i++)
        if (strlen(head[i]) == len && !memcmp(head[i], name, len))
            return i;
    return -1;
}

/* Writes a CSV field as a JSON number, or null when it is not a finite number. */
static void json_number_field(FILE *out, const char *f)
{
    char *end;
    double v = strtod(f, &end);
    if (end == f || *end || !isfinite(v))
        fputs("null", out);
    else
        fputs(f, out);
}

enum { CHART_MAX_SERIES = 16, CSV_MAX_FIELDS = 64 };

/* A plot's CSV, split: its non-empty lines, the header's fields, the x column and the series
 * (per series: the y column, and the low and high columns of its band or -1). */
typedef struct ChartData {
    char *text;
    char **lines;
    long nrows; /* lines, the header included */
    char *head[CSV_MAX_FIELDS];
    int nhead, xcol, ns;
    int col[CHART_MAX_SERIES][3];
} ChartData;

/* Splits text into its non-empty lines and the header into fields; false when out of memory. */
static bool chart_split(ChartData *d)
{
    long nlines = 0;
    for (const char *p = d->text; *p; p++)
        nlines += *p == '\n';
    d->lines = malloc(((size_t)nlines + 2) * sizeof *d->lines);
    if (!d->lines)
        return false;
    for (char *p = d->text; p && *p;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        if (*p)
            d->lines[d->nrows++] = p;
        p = nl ? nl + 1 : NULL;
    }
    d->nhead = d->nrows ? text_split_csv(d->lines[0], d->head, CSV_MAX_FIELDS) : 0;
    return true;
}

/* The series of "*": every column but x and those written "-name" after the star. */
static bool chart_star_series(ChartData *d, const char *y)
{
    for (int k = 0; k < d->nhead && d->ns < CHART_MAX_SERIES; k++) {
        char skip[80];
        snprintf(skip, sizeof skip, " -%s", d->head[k]);
        size_t sl = strlen(skip);
        const char *hit = strstr(y, skip);
        if (k == d->xcol || (hit && (hit[sl] == ' ' || hit[sl] == '\0')))
            continue;
        d->col[d->ns][0] = k;
        d->col[d->ns][1] = d->col[d->ns][2] = -1;
        d->ns++;
    }
    return d->ns > 0;
}

/* The series of a list "y" or "y:lo:hi" separated by spaces; false when a column is missing. */
static bool chart_listed_series(ChartData *d, const char *y)
{
    for (const char *p = y; *p && d->ns < CHART_MAX_SERIES;) {
        size_t n = strcspn(p, " ");
        const char *colon = memchr(p, ':', n);
        size_t k = colon ? (size_t)(colon - p) : n;
        int *col = d->col[d->ns++];
        col[0] = csv_column(d->head, d->nhead, p, k);
        col[1] = col[2] = -1;
        if (colon) {
            const char *lo = colon + 1, *hi = memchr(lo, ':', (size_t)(p + n - lo));
            if (hi) {
                col[1] = csv_column(d->head, d->nhead, lo, (size_t)(hi - lo));
                col[2] = csv_column(d->head, d->nhead, hi + 1, (size_t)(p + n - hi - 1));
            }
        }
        if (col[0] < 0 || (colon && (col[1] < 0 || col[2] < 0)))
            return false;
        p += n;
        while (*p == ' ')
            p++;
    }
    return true;
}

/* Writes the JSON object of a plot from its split CSV, rows thinned to at most
 * CHART_MAX_ROWS (the first and last kept); false when out of memory. */
static bool chart_write_json(FILE *out, const ChartData *d, const HtmlChart *c, int id)
{
    long data = d->nrows - 1, keep = data > CHART_MAX_ROWS ? CHART_MAX_ROWS : data;
    char *(*rows)[CSV_MAX_FIELDS] = malloc((size_t)keep * sizeof *rows);
    int *nf = malloc((size_t)keep * sizeof *nf);
    bool ok = rows && nf;
    for (long r = 0; ok && r < keep; r++) {
        long src = keep > 1 ? 1 + (long)((double)r * (double)(data - 1) / (double)(keep - 1) + 0.5)
                            : 1;
        nf[r] = text_split_csv(d->lines[src], rows[r], CSV_MAX_FIELDS);
    }
    if (ok) {
        fprintf(out, "{\"id\":%d,\"title\":", id);
        html_json_str(out, c->title);
        fputs(",\"png\":", out);
        if (c->png)
            html_json_str(out, c->png);
        else
            fputs("null", out);
        fputs(",\"csv\":", out);
        html_json_str(out, c->csv);
        fputs(",\"xlabel\":", out);
        html_json_str(out, c->xlabel);
        fputs(",\"ylabel\":", out);
        html_json_str(out, c->ylabel);
        if (c->yref_label) {
            fprintf(out, ",\"yref\":%g,\"yref_label\":", c->yref);
            html_json_str(out, c->yref_label);
        }
        fprintf(out,
                ",\"categories\":%s,\"logy\":%s,\"yclamp\":%g,\"rows\":%ld,\"shown\":%ld,"
                "\"x\":[",
                c->categories ? "true" : "false", c->logy ? "true" : "false", c->yclamp, data,
                keep);
        for (long r = 0; r < keep; r++) {
            const char *f = d->xcol < nf[r] ? rows[r][d->xcol] : "";
            fputs(r ? "," : "", out);
            if (c->categories)
                html_json_str(out, f);
            else
                json_number_field(out, f);
        }
        fputs("],\"series\":[", out);
        for (int s = 0; s < d->ns; s++) {
            fputs(s ? ",{\"name\":" : "{\"name\":", out);
            html_json_str(out, d->head[d->col[s][0]]);
            static const char *const part[3] = {"y", "lo", "hi"};
            for (int k = 0; k < 3; k++) {
                if (d->col[s][k] < 0)
                    continue;
                fprintf(out, ",\"%s\":[", part[k]);
                for (long r = 0; r < keep; r++) {
                    fputs(r ? "," : "", out);
                    json_number_field(out, d->col[s][k] < nf[r] ? rows[r][d->col[s][k]] : "");
                }
                fputs("]", out);
            }
            fputs("}", out);
        }
        fputs("]}", out);
    }
    free(rows);
    free(nf);
    return ok;
}

bool html_chart_write(FILE *out, char *csv, const HtmlChart *c, int id)
{
    ChartData d = {0};
    d.text = csv;
    bool ok = chart_split(&d);
    if (ok) {
        d.xcol = csv_column(d.head, d.nhead, c->x, strlen(c->x));
        ok = d.xcol >= 0 && d.nrows > 1 &&
             (c->y[0] == '*' ? chart_star_series(&d, c->y) : chart_listed_series(&d, c->y)) &&
             chart_write_json(out, &d, c, id);
    }
    free(d.lines);
    return ok;
}
