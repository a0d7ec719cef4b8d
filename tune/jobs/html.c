/* html.c: report.html and the viewer page (see html.h). */
#include "html.h"

#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tune/jobs/html_assets.h"
#include "tune/jobs/html_games.h"
#include "tune/run/json.h"
#include "tune/run/text.h"

/* Room the page keeps for everything but the games (markup, CSS, script, plots). */
enum { HTML_PAGE_RESERVE = 200000, CHART_MAX_ROWS = 400 };

/* ---- text helpers ---- */

/* Writes text[0..len) with &, <, > and " escaped for HTML. */
static void html_escape_n(FILE *out, const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c == '&')
            fputs("&amp;", out);
        else if (c == '<')
            fputs("&lt;", out);
        else if (c == '>')
            fputs("&gt;", out);
        else if (c == '"')
            fputs("&quot;", out);
        else
            fputc(c, out);
    }
}

/* Writes a NUL-terminated text escaped for HTML. */
static void html_escape(FILE *out, const char *text) { html_escape_n(out, text, strlen(text)); }

/* Writes a NUL-terminated text as a JSON string. */
static void json_str(FILE *out, const char *s) { html_json_string(out, s, strlen(s)); }

/* A file of the run: from the inputs in memory, else from the folder; a malloc'd copy (NULL
 * when absent). */
static char *run_read(const HtmlRun *run, const char *name, size_t *len)
{
    for (int i = 0; i < run->ninputs; i++)
        if (!strcmp(run->inputs[i].name, name)) {
            char *copy = malloc(run->inputs[i].len + 1);
            if (copy) {
                memcpy(copy, run->inputs[i].text, run->inputs[i].len);
                copy[run->inputs[i].len] = '\0';
                *len = run->inputs[i].len;
            }
            return copy;
        }
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", run->dir, name);
    return text_read_file(path, len);
}

/* True when the run has that file (in memory or in the folder). */
static bool run_has(const HtmlRun *run, const char *name)
{
    for (int i = 0; i < run->ninputs; i++)
        if (!strcmp(run->inputs[i].name, name))
            return true;
    char path[2048];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", run->dir, name);
    return stat(path, &st) == 0;
}

bool html_add_input(HtmlRun *run, const char *name, char *text, size_t len)
{
    if (run->ninputs >= HTML_MAX_INPUTS)
        return false;
    run->inputs[run->ninputs++] = (HtmlInput){name, text, len};
    return true;
}

/* ---- the headline figures ---- */

/* Writes one row of the figures table: label, then the value with its data attributes. */
static void figure_row(FILE *out, const char *key, const char *label, const char *v, size_t len)
{
    fputs("<div class=\"fig\"><span class=\"label\">", out);
    html_escape(out, label ? label : key);
    fputs("</span><span class=\"val\" data-key=\"", out);
    html_escape(out, key);
    fputs("\" data-value=\"", out);
    html_escape_n(out, v, len);
    fputs("\">", out);
    if (len >= 2 && v[0] == '"')
        html_escape_n(out, v + 1, len - 2);
    else
        html_escape_n(out, v, len);
    fputs("</span></div>\n", out);
}

/* Writes the rows of one figure, expanding a "*" segment over the members of its object. */
static void figure_rows(FILE *out, const char *summary, const HtmlFigure *f)
{
    const char *star = strstr(f->key, "*");
    const char *v;
    size_t len;
    if (!star) {
        if (json_find(summary, f->key, &v, &len))
            figure_row(out, f->key, f->label, v, len);
        return;
    }
    char prefix[256];
    snprintf(prefix, sizeof prefix, "%.*s", (int)(star - f->key - (star > f->key)), f->key);
    const char *obj = summary;
    size_t objlen;
    if (prefix[0] && !json_find(summary, prefix, &obj, &objlen))
        return;
    JsonWalk w = json_walk_start(obj);
    while (json_walk_next(&w)) {
        char path[512];
        snprintf(path, sizeof path, "%s%s%.*s%s", prefix, prefix[0] ? "." : "", (int)w.key_len,
                 w.key, star + 1);
        if (json_find(summary, path, &v, &len))
            figure_row(out, path, NULL, v, len);
    }
}

/* ---- plots: CSV columns as JSON ---- */

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
static bool chart_write(FILE *out, const ChartData *d, const HtmlChart *c, int id)
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
        json_str(out, c->title);
        fputs(",\"png\":", out);
        json_str(out, c->png);
        fputs(",\"csv\":", out);
        json_str(out, c->csv);
        fputs(",\"xlabel\":", out);
        json_str(out, c->xlabel);
        fputs(",\"ylabel\":", out);
        json_str(out, c->ylabel);
        fprintf(out,
                ",\"categories\":%s,\"logy\":%s,\"yclamp\":%g,\"rows\":%ld,\"shown\":%ld,"
                "\"x\":[",
                c->categories ? "true" : "false", c->logy ? "true" : "false", c->yclamp, data,
                keep);
        for (long r = 0; r < keep; r++) {
            const char *f = d->xcol < nf[r] ? rows[r][d->xcol] : "";
            fputs(r ? "," : "", out);
            if (c->categories)
                json_str(out, f);
            else
                json_number_field(out, f);
        }
        fputs("],\"series\":[", out);
        for (int s = 0; s < d->ns; s++) {
            fputs(s ? ",{\"name\":" : "{\"name\":", out);
            json_str(out, d->head[d->col[s][0]]);
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

/* Writes one plot's JSON object from its CSV; false when the CSV is missing or lacks a
 * column. */
static bool chart_json(FILE *out, const HtmlRun *run, const HtmlChart *c, int id)
{
    size_t len;
    ChartData d = {0};
    d.text = run_read(run, c->csv, &len);
    if (!d.text)
        return false;
    bool ok = chart_split(&d);
    if (ok) {
        d.xcol = csv_column(d.head, d.nhead, c->x, strlen(c->x));
        ok = d.xcol >= 0 && d.nrows > 1 &&
             (c->y[0] == '*' ? chart_star_series(&d, c->y) : chart_listed_series(&d, c->y)) &&
             chart_write(out, &d, c, id);
    }
    free(d.lines);
    free(d.text);
    return ok;
}

/* ---- report.md as HTML ---- */

/* What the markdown renderer needs: the page's plots by the PNG they replace. */
typedef struct MdContext {
    const HtmlRun *run;
    bool chart_used[HTML_MAX_CHARTS];
    bool chart_ok[HTML_MAX_CHARTS];
} MdContext;

/* Writes a link target: a part's report.md becomes its report.html. */
static void md_href(FILE *out, const char *url, size_t len)
{
    if (len >= 9 && !memcmp(url + len - 9, "report.md", 9)) {
        html_escape_n(out, url, len - 2);
        fputs("html", out);
    } else {
        html_escape_n(out, url, len);
    }
}

/* Writes inline markdown: `code`, **bold**, *italic*, [text](url); the rest escaped. */
static void md_inline(FILE *out, const char *s, size_t len)
{
    bool strong = false, em = false;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '`') {
            const char *close = memchr(s + i + 1, '`', len - i - 1);
            if (close) {
                fputs("<code>", out);
                html_escape_n(out, s + i + 1, (size_t)(close - s - i - 1));
                fputs("</code>", out);
                i = (size_t)(close - s);
                continue;
            }
        } else if (c == '*' && i + 1 < len && s[i + 1] == '*') {
            fputs(strong ? "</strong>" : "<strong>", out);
            strong = !strong;
            i++;
            continue;
        } else if (c == '*' &&
                   (em ? i > 0 && s[i - 1] != ' '
                       : i + 1 < len && s[i + 1] != ' ' && memchr(s + i + 1, '*', len - i - 1))) {
            fputs(em ? "</em>" : "<em>", out);
            em = !em;
            continue;
        } else if (c == '[') {
            const char *close = memchr(s + i, ']', len - i);
            if (close && (size_t)(close - s) + 1 < len && close[1] == '(') {
                const char *end = memchr(close, ')', len - (size_t)(close - s));
                if (end) {
                    fputs("<a href=\"", out);
                    md_href(out, close + 2, (size_t)(end - close - 2));
                    fputs("\">", out);
                    md_inline(out, s + i + 1, (size_t)(close - s - i - 1));
                    fputs("</a>", out);
                    i = (size_t)(end - s);
                    continue;
                }
            }
        }
        html_escape_n(out, &c, 1);
    }
    if (em)
        fputs("</em>", out);
    if (strong)
        fputs("</strong>", out);
}

/* Writes n bytes as base64 (RFC 4648, padded). */
static void base64_write(FILE *out, const unsigned char *b, size_t n)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)b[i] << 16 | (i + 1 < n ? (unsigned)b[i + 1] << 8 : 0) |
                     (i + 2 < n ? b[i + 2] : 0);
        char q[4] = {digits[v >> 18 & 63], digits[v >> 12 & 63],
                     i + 1 < n ? digits[v >> 6 & 63] : '=', i + 2 < n ? digits[v & 63] : '='};
        fwrite(q, 1, 4, out);
    }
}

/* Writes a PNG of the run folder that no chart stands for into the page itself (a data URL, so
 * that the page stays one file): a plain file name ending in .png, at most 1 MB. False when it
 * is not there or not such a file. */
static bool md_embed_png(FILE *out, const MdContext *ctx, const char *alt, size_t altlen,
                         const char *src, size_t srclen)
{
    char path[4096];
    if (srclen < 5 || srclen > 200 || memchr(src, '/', srclen) ||
        memcmp(src + srclen - 4, ".png", 4))
        return false;
    snprintf(path, sizeof path, "%s/%.*s", ctx->run->dir, (int)srclen, src);
    size_t len;
    unsigned char *png = (unsigned char *)text_read_file(path, &len);
    if (!png || len > 1000000 || len < 8 || memcmp(png, "\x89PNG", 4)) {
        free(png);
        return false;
    }
    fputs("<figure class=\"png\"><img alt=\"", out);
    html_escape_n(out, alt, altlen);
    fputs("\" src=\"data:image/png;base64,", out);
    base64_write(out, png, len);
    fputs("\" style=\"max-width:100%\"></figure>\n", out);
    free(png);
    return true;
}

/* Writes report.md's one piece of raw HTML, a foldable block: a line
 * "<details><summary>TEXT</summary>" and a line "</details>". False for any other line. */
static bool md_details(FILE *out, const char *l)
{
    static const char open[] = "<details><summary>", close[] = "</summary>";
    size_t n = strlen(l), a = sizeof open - 1, b = sizeof close - 1;
    if (!strcmp(l, "</details>")) {
        fputs("</details>\n", out);
        return true;
    }
    if (n < a + b || strncmp(l, open, a) != 0 || strcmp(l + n - b, close) != 0)
        return false;
    fputs("<details><summary>", out);
    md_inline(out, l + a, n - a - b);
    fputs("</summary>\n", out);
    return true;
}

/* Writes the plots standing for an image of report.md (or a link to the PNG alone). */
static void md_image(FILE *out, MdContext *ctx, const char *alt, size_t altlen, const char *src,
                     size_t srclen)
{
    const HtmlSpec *spec = ctx->run->spec;
    bool drawn = false;
    for (int i = 0; spec && i < HTML_MAX_CHARTS && spec->charts[i].png; i++) {
        const HtmlChart *c = &spec->charts[i];
        if (strlen(c->png) != srclen || memcmp(c->png, src, srclen) || !ctx->chart_ok[i])
            continue;
        fprintf(out, "<figure class=\"chart\" data-chart=\"%d\" id=\"chart-%d\"></figure>\n", i, i);
        ctx->chart_used[i] = true;
        drawn = true;
    }
    if (!drawn && md_embed_png(out, ctx, alt, altlen, src, srclen))
        drawn = true;
    if (!drawn) {
        fputs("<p class=\"noplot\">Plot: <a href=\"", out);
        html_escape_n(out, src, srclen);
        fputs("\">", out);
        md_inline(out, alt, altlen);
        fputs("</a></p>\n", out);
    }
}

/* Writes a table row's cells; head: th instead of td; align: per column 'l' or 'r'. */
static void md_row(FILE *out, const char *line, size_t len, bool head, const char *align)
{
    const char *p = line, *end = line + len;
    if (p < end && *p == '|')
        p++;
    if (end > p && end[-1] == '|')
        end--;
    fputs("<tr>", out);
    for (int k = 0; p <= end; k++) {
        const char *bar = memchr(p, '|', (size_t)(end - p));
        const char *q = bar ? bar : end;
        const char *a = p, *b = q;
        while (a < b && *a == ' ')
            a++;
        while (b > a && b[-1] == ' ')
            b--;
        fprintf(out, "<%s%s>", head ? "th" : "td",
                k < 32 && align[k] == 'r' ? " class=\"num\"" : "");
        md_inline(out, a, (size_t)(b - a));
        fprintf(out, "</%s>", head ? "th" : "td");
        if (!bar)
            break;
        p = bar + 1;
    }
    fputs("</tr>\n", out);
}

/* Renders the markdown of report.md: headings, paragraphs, tables, lists, images. */
static void md_render(FILE *out, char *text, MdContext *ctx)
{
    char *lines[8192];
    int n = 0;
    for (char *p = text; p && n < 8192;) {
        lines[n++] = p;
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        p = nl ? nl + 1 : NULL;
    }
    for (int i = 0; i < n;) {
        char *l = lines[i];
        size_t len = strlen(l);
        if (!len) {
            i++;
        } else if (l[0] == '#') {
            int level = (int)strspn(l, "#");
            level = level > 4 ? 4 : level;
            const char *t = l + strspn(l, "#");
            t += *t == ' ';
            fprintf(out, "<h%d>", level + 1);
            md_inline(out, t, strlen(t));
            fprintf(out, "</h%d>\n", level + 1);
            i++;
        } else if (l[0] == '|') {
            char align[32] = {0};
            bool has_align = i + 1 < n && lines[i + 1][0] == '|' &&
                             strspn(lines[i + 1], "|-: ") == strlen(lines[i + 1]);
            if (has_align) {
                int k = 0;
                for (const char *p = lines[i + 1] + 1; *p && k < 32; p++)
                    if (*p == '|')
                        k++;
                    else if (*p == ':' && (p[1] == '|' || !p[1]))
                        align[k] = 'r';
            }
            fputs("<div class=\"tablewrap\"><table class=\"md\">\n", out);
            md_row(out, l, len, has_align, align);
            i += has_align ? 2 : 1;
            while (i < n && lines[i][0] == '|') {
                md_row(out, lines[i], strlen(lines[i]), false, align);
                i++;
            }
            fputs("</table></div>\n", out);
        } else if (l[0] == '-' && l[1] == ' ') {
            fputs("<ul>\n", out);
            while (i < n && lines[i][0] == '-' && lines[i][1] == ' ') {
                fputs("<li>", out);
                md_inline(out, lines[i] + 2, strlen(lines[i] + 2));
                fputs("</li>\n", out);
                i++;
            }
            fputs("</ul>\n", out);
        } else if (l[0] == '!' && l[1] == '[' && strstr(l, "](") && l[len - 1] == ')') {
            const char *mid = strstr(l, "](");
            md_image(out, ctx, l + 2, (size_t)(mid - l - 2), mid + 2,
                     (size_t)(l + len - 1 - mid - 2));
            i++;
        } else if (l[0] == '<' && md_details(out, l)) {
            i++;
        } else {
            bool caption = l[0] == '*' && l[1] != '*';
            fputs(caption ? "<p class=\"caption\">" : "<p>", out);
            for (bool first = true;
                 i < n && lines[i][0] && lines[i][0] != '#' && lines[i][0] != '|' &&
                 !(lines[i][0] == '!' && lines[i][1] == '[') &&
                 !(lines[i][0] == '-' && lines[i][1] == ' ');
                 i++, first = false) {
                if (!first)
                    fputc(' ', out);
                md_inline(out, lines[i], strlen(lines[i]));
            }
            fputs("</p>\n", out);
        }
    }
}

/* ---- the list of files ---- */

/* qsort comparator for file names. */
static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* True for the files whose bytes change from run to run, or between equivalent runs
 * (config.ini: threads, results_dir), whose sizes are not shown so that report.html is the same
 * whenever the run is repeated. */
static bool varies(const char *name)
{
    size_t l = strlen(name);
    return !strcmp(name, "run.txt") || !strcmp(name, "config.ini") || !strncmp(name, "timing", 6) ||
           (l > 4 && !strcmp(name + l - 4, ".png")) || !strcmp(name, "report.html");
}

/* Writes the folder's files (and those given in memory) with their sizes, linked (a part's
 * folder links its page). */
static void files_list(FILE *out, const HtmlRun *run)
{
    DIR *d = opendir(run->dir);
    char *names[512];
    int n = 0;
    bool self = false;
    for (struct dirent *e; d && n < 512 && (e = readdir(d));) {
        const char *nm = e->d_name;
        size_t l = strlen(nm);
        if (nm[0] == '.' || (l > 4 && !strcmp(nm + l - 4, ".tmp")) ||
            !strncmp(nm, "checkpoint", 10))
            continue;
        self = self || !strcmp(nm, "report.html");
        names[n++] = strdup(nm);
    }
    if (d)
        closedir(d);
    if (!self && n < 512)
        names[n++] = strdup("report.html");
    for (int i = 0; i < run->ninputs && n < 512; i++) {
        bool have = strchr(run->inputs[i].name, '/') != NULL;
        for (int k = 0; k < n && !have; k++)
            have = names[k] && !strcmp(names[k], run->inputs[i].name);
        if (!have)
            names[n++] = strdup(run->inputs[i].name);
    }
    qsort(names, (size_t)n, sizeof names[0], compare_names);
    fputs("<table class=\"files\">\n<tr><th>file</th><th class=\"num\">bytes</th></tr>\n", out);
    for (int i = 0; i < n; i++) {
        if (!names[i])
            continue;
        char path[2048];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", run->dir, names[i]);
        bool dir = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
        fputs("<tr><td><a href=\"", out);
        html_escape(out, names[i]);
        fputs(dir ? "/report.html\">" : "\">", out);
        html_escape(out, names[i]);
        fputs(dir ? "/</a> (its page)" : "</a>", out);
        if (!strcmp(names[i], "report.html"))
            fputs(" (this page)", out);
        fputs("</td><td class=\"num\">", out);
        size_t mem = 0;
        bool in_memory = false;
        for (int k = 0; k < run->ninputs; k++)
            if (!strcmp(run->inputs[k].name, names[i]))
                in_memory = true, mem = run->inputs[k].len;
        if (!dir && varies(names[i]))
            fputs("(varies)", out);
        else if (in_memory)
            fprintf(out, "%zu", mem);
        else if (!dir && stat(path, &st) == 0)
            fprintf(out, "%lld", (long long)st.st_size);
        fputs("</td></tr>\n", out);
        free(names[i]);
    }
    fputs("</table>\n", out);
}

/* ---- the page ---- */

/* Writes the head of a page and opens its body. */
static void page_begin(FILE *out, const char *title, bool live, const char *status)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
          out);
    if (live)
        fputs("<meta http-equiv=\"refresh\" content=\"5\">\n", out);
    fputs("<title>", out);
    html_escape(out, title);
    fputs("</title>\n<style>\n", out);
    fputs(html_asset_css, out);
    fputs("</style>\n</head>\n<body data-status=\"", out);
    html_escape(out, status);
    fputs("\">\n", out);
}

/* Writes the viewer's markup (filled by the script from the game data). */
static void viewer_markup(FILE *out)
{
    fputs("<section id=\"games\">\n<h2>Games</h2>\n<p id=\"games-note\" class=\"note\"></p>\n"
          "<div class=\"viewer\">\n<div class=\"viewer-controls\">\n"
          "<label>Game <select id=\"game-select\"></select></label>\n"
          "<label>number <input id=\"game-index\" type=\"number\" min=\"1\" step=\"1\" "
          "size=\"6\"></label> <button id=\"game-go\" type=\"button\">Go</button>\n"
          "<span id=\"game-missing\" class=\"note\"></span>\n</div>\n"
          "<div class=\"viewer-main\">\n<div class=\"board-wrap\"><div id=\"board\"></div>\n"
          "<div class=\"steps\"><button id=\"ply-first\" type=\"button\" title=\"Home\">|&lt;"
          "</button><button id=\"ply-prev\" type=\"button\" title=\"left arrow\">&lt;</button>"
          "<span id=\"ply-label\"></span><button id=\"ply-next\" type=\"button\" "
          "title=\"right arrow\">&gt;</button><button id=\"ply-last\" type=\"button\" "
          "title=\"End\">&gt;|</button></div>\n"
          "<p id=\"position-status\"></p>\n</div>\n"
          "<div class=\"game-side\"><p id=\"game-head\"></p><div id=\"move-list\"></div>\n"
          "<p id=\"game-end\"></p><div id=\"legend\"></div></div>\n</div>\n"
          "<p class=\"note\">Keys: left and right arrows step, Home and End jump. The positions "
          "were computed by maxtune's rules core when this page was written.</p>\n"
          "</div>\n</section>\n",
          out);
}

/* Writes the data script elements and the page's script, and closes the page. */
static void page_end(FILE *out, const char *charts, const char *games)
{
    fputs("<script type=\"application/json\" id=\"chart-data\">", out);
    fputs(charts ? charts : "[]", out);
    fputs("</script>\n<script type=\"application/json\" id=\"game-data\">", out);
    fputs(games ? games : "[]", out);
    fputs("</script>\n<script>\n", out);
    fputs(html_asset_js, out);
    fputs("</script>\n</body>\n</html>\n", out);
}

/* The title of a page: report.md's first heading, else "run <dir>". */
static void page_title(const char *md, const char *dir, char *buf, size_t len)
{
    const char *slash = strrchr(dir, '/');
    snprintf(buf, len, "run %s", slash && slash[1] ? slash + 1 : dir);
    if (md && md[0] == '#' && md[1] == ' ') {
        size_t n = strcspn(md + 2, "\n");
        snprintf(buf, len, "%.*s", (int)n, md + 2);
        for (char *p = buf; *p; p++)
            if (*p == '`')
                memmove(p, p + 1, strlen(p));
    }
}

/* Writes the game data of the spec's PGN files (each its share of the budget) as a JSON
 * array into a malloc'd text; NULL when there are none. */
static char *games_data(const HtmlRun *run, size_t budget, char *problems, size_t plen)
{
    const HtmlSpec *spec = run->spec;
    int nsources = 0;
    for (int i = 0; spec && i < HTML_MAX_SOURCES && spec->games[i]; i++)
        nsources += run_has(run, spec->games[i]);
    if (!nsources)
        return NULL;
    char *json = NULL;
    size_t jlen = 0;
    FILE *o = open_memstream(&json, &jlen);
    if (!o)
        return NULL;
    fputc('[', o);
    bool first = true;
    for (int i = 0; i < HTML_MAX_SOURCES && spec->games[i]; i++) {
        size_t len;
        char *pgn = run_read(run, spec->games[i], &len);
        if (!pgn)
            continue;
        HtmlGames gs;
        char err[512];
        if (html_games_read(&gs, pgn, len, spec->games[i], err, sizeof err)) {
            fputs(first ? "\n" : ",\n", o);
            html_games_write_json(o, &gs, budget / (size_t)nsources,
                                  run->cap ? run->cap : HTML_PAGE_CAP, NULL, 0);
            first = false;
        } else {
            size_t k = strlen(problems);
            snprintf(problems + k, plen - k, "%s%s", k ? "; " : "", err);
        }
        html_games_free(&gs);
        free(pgn);
    }
    fputs("]", o);
    fclose(o);
    if (first) {
        free(json);
        return NULL;
    }
    return json;
}

/* The JSON array of the page's plots (malloc'd, its length in *len); marks in ctx which plots
 * could be drawn. NULL when out of memory. */
static char *charts_json(const HtmlRun *run, MdContext *ctx, size_t *len)
{
    const HtmlSpec *spec = run->spec;
    char *charts = NULL;
    FILE *co = open_memstream(&charts, len);
    if (!co)
        return NULL;
    fputc('[', co);
    bool firstc = true;
    for (int i = 0; spec && i < HTML_MAX_CHARTS && spec->charts[i].png; i++) {
        char *one = NULL;
        size_t olen = 0;
        FILE *oo = open_memstream(&one, &olen);
        if (!oo)
            continue;
        ctx->chart_ok[i] = chart_json(oo, run, &spec->charts[i], i);
        fclose(oo);
        if (ctx->chart_ok[i]) {
            fputs(firstc ? "" : ",\n", co);
            fputs(one, co);
            firstc = false;
        }
        free(one);
    }
    fputc(']', co);
    fclose(co);
    return charts;
}

/* The page's header: title, status and, while running, the progress line. */
static void page_header(FILE *out, const HtmlRun *run, const char *title)
{
    fputs("<header><h1>", out);
    html_escape(out, title);
    fputs("</h1>\n<p class=\"status\">Status: <strong id=\"run-status\">", out);
    html_escape(out, run->status);
    fputs("</strong>", out);
    if (run->live)
        fputs(" (this page reloads itself every 5 seconds while the run goes on)", out);
    fputs("</p>\n", out);
    if (run->progress) {
        fputs("<p class=\"progress\" id=\"progress\">", out);
        html_escape(out, run->progress);
        fputs("</p>\n", out);
    }
    fputs("</header>\n<main>\n", out);
}

/* The headline figures of summary.json and report.md rendered (its plots drawn in place). */
static void page_report(FILE *out, const HtmlRun *run, const char *summary, char *md,
                        MdContext *ctx)
{
    const HtmlSpec *spec = run->spec;
    if (summary && spec && spec->figures[0].key) {
        fputs("<section id=\"headline\">\n<h2>Headline figures</h2>\n<p class=\"note\">From "
              "<code>summary.json</code>",
              out);
        if (run->live)
            fputs(" as it would be written now", out);
        fputs(".</p>\n<div class=\"figs\">\n", out);
        for (int i = 0; i < HTML_MAX_FIGURES && spec->figures[i].key; i++)
            figure_rows(out, summary, &spec->figures[i]);
        fputs("</div>\n</section>\n", out);
    }
    if (md) {
        fputs("<section id=\"report\" class=\"report\">\n", out);
        char *body = md;
        if (body[0] == '#' && body[1] == ' ') /* the title is the page's */
            body += strcspn(body, "\n");
        md_render(out, body, ctx);
        fputs("</section>\n", out);
    }
}

/* The plots report.md did not show, and the links to a suite's parts. */
static void page_plots_parts(FILE *out, const HtmlRun *run, const MdContext *ctx)
{
    const HtmlSpec *spec = run->spec;
    bool more = false;
    for (int i = 0; spec && i < HTML_MAX_CHARTS && spec->charts[i].png; i++)
        if (ctx->chart_ok[i] && !ctx->chart_used[i]) {
            if (!more)
                fputs("<section id=\"plots\">\n<h2>Plots</h2>\n", out);
            more = true;
            fprintf(out, "<figure class=\"chart\" data-chart=\"%d\" id=\"chart-%d\"></figure>\n", i,
                    i);
        }
    if (more)
        fputs("</section>\n", out);
    if (spec && spec->parts[0]) {
        fputs("<section id=\"parts\">\n<h2>Parts</h2>\n<ul>\n", out);
        for (int i = 0; i < HTML_MAX_PARTS && spec->parts[i]; i++) {
            fputs("<li><a class=\"part\" href=\"", out);
            html_escape(out, spec->parts[i]);
            fputs("/report.html\">", out);
            html_escape(out, spec->parts[i]);
            fputs("/report.html</a></li>\n", out);
        }
        fputs("</ul>\n</section>\n", out);
    }
}

/* The folder's files with the note on which change from run to run. */
static void page_files(FILE *out, const HtmlRun *run)
{
    fputs("<section id=\"files-section\">\n<h2>Files</h2>\n", out);
    files_list(out, run);
    fputs("<p class=\"note\">Sizes in bytes; <code>run.txt</code> (machine, times, command), "
          "the timing files and the PNG plots change from run to run, and "
          "<code>config.ini</code> with the threads and results folder; every other file is the "
          "same whenever the run is repeated.</p>\n",
          out);
    fputs("</section>\n</main>\n", out);
}

bool html_write_run(FILE *out, void *data)
{
    const HtmlRun *run = data;
    size_t cap = run->cap ? run->cap : HTML_PAGE_CAP;
    size_t mdlen = 0, slen = 0, clen = 0;
    char *md = run->live ? NULL : run_read(run, "report.md", &mdlen);
    char *summary = run_read(run, "summary.json", &slen);
    char title[512];
    page_title(md, run->dir, title, sizeof title);
    /* The plots' data first: the markdown needs to know which ones exist. */
    MdContext ctx = {run, {false}, {false}};
    char *charts = charts_json(run, &ctx, &clen);
    if (!charts) {
        free(md);
        free(summary);
        return false;
    }
    page_begin(out, title, run->live, run->status);
    page_header(out, run, title);
    page_report(out, run, summary, md, &ctx);
    page_plots_parts(out, run, &ctx);
    char problems[1024] = "";
    size_t used = (size_t)ftell(out) + clen + strlen(html_asset_js) + 4096;
    size_t budget = cap > used + HTML_PAGE_RESERVE ? cap - used - HTML_PAGE_RESERVE / 2 : 100000;
    char *games = games_data(run, budget, problems, sizeof problems);
    if (games)
        viewer_markup(out);
    if (problems[0]) {
        fputs("<p class=\"note\">Games that could not be shown: ", out);
        html_escape(out, problems);
        fputs("</p>\n", out);
    }
    page_files(out, run);
    page_end(out, charts, games);
    free(games);
    free(charts);
    free(md);
    free(summary);
    return !ferror(out);
}

bool html_write_viewer(FILE *out, const char *title, const char *pgn, size_t len,
                       const char *source, size_t cap, const long *wanted, int nwanted, char *err,
                       size_t errlen)
{
    HtmlGames gs;
    if (!html_games_read(&gs, pgn, len, source, err, errlen))
        return false;
    char *games = NULL;
    size_t glen = 0;
    FILE *o = open_memstream(&games, &glen);
    if (!o) {
        html_games_free(&gs);
        snprintf(err, errlen, "out of memory");
        return false;
    }
    fputc('[', o);
    html_games_write_json(o, &gs, cap > HTML_PAGE_RESERVE ? cap - HTML_PAGE_RESERVE / 2 : cap, cap,
                          wanted, nwanted);
    fputc(']', o);
    fclose(o);
    html_games_free(&gs);
    page_begin(out, title, false, "viewer");
    fputs("<header><h1>", out);
    html_escape(out, title);
    fputs("</h1></header>\n<main>\n", out);
    viewer_markup(out);
    fputs("</main>\n", out);
    page_end(out, "[]", games);
    free(games);
    return !ferror(out);
}
