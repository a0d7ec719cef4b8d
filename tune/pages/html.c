/* html.c: report.html and the viewer page (see html.h). */
#include "html.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tune/pages/html_assets.h"
#include "tune/pages/html_chart.h"
#include "tune/pages/html_games.h"
#include "tune/pages/html_text.h"
#include "tune/pages/markdown.h"
#include "tune/run/json.h"
#include "tune/run/text.h"

/* Room the page keeps for everything but the games (markup, CSS, script, plots). */
enum { HTML_PAGE_RESERVE = 200000 };

/* ---- the run's files ---- */

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

/* Writes the value at one path of summary.json with its data attributes (its JSON text; a
 * string shown without its quotes); false when summary.json has no such value. */
static bool figure_value(FILE *out, const char *summary, const char *key)
{
    const char *v;
    size_t len;
    if (!json_find(summary, key, &v, &len) || (len == 4 && !memcmp(v, "null", 4)))
        return false;
    fputs("<span class=\"val\" data-key=\"", out);
    html_escape(out, key);
    fputs("\" data-value=\"", out);
    html_escape_n(out, v, len);
    fputs("\">", out);
    if (len >= 2 && v[0] == '"')
        html_escape_n(out, v + 1, len - 2);
    else
        html_escape_n(out, v, len);
    fputs("</span>", out);
    return true;
}

/* Writes one headline card: its label, the value and its error ("+/-"); nothing when the value
 * is absent or the figure's condition is not true. */
static void figure_card(FILE *out, const char *summary, const HtmlFigure *f)
{
    const char *v;
    size_t len;
    if (f->when && !(json_find(summary, f->when, &v, &len) && len == 4 && !memcmp(v, "true", 4)))
        return;
    if (!json_find(summary, f->key, &v, &len) || (len == 4 && !memcmp(v, "null", 4)))
        return;
    fputs("<div class=\"fig\"><span class=\"label\">", out);
    html_escape(out, f->label);
    fputs("</span>", out);
    figure_value(out, summary, f->key);
    if (f->error && json_find(summary, f->error, &v, &len)) {
        fputs(" &plusmn; ", out);
        figure_value(out, summary, f->error);
    }
    fputs("</div>\n", out);
}

/* ---- plots ---- */

/* Writes one plot's JSON object from its CSV (its PNG named only when the folder has it);
 * false when the CSV is missing or lacks a column. */
static bool chart_json(FILE *out, const HtmlRun *run, const HtmlChart *c, int id)
{
    size_t len;
    char *csv = run_read(run, c->csv, &len);
    if (!csv)
        return false;
    HtmlChart drawn = *c;
    if (!run_has(run, c->png))
        drawn.png = NULL; /* no gnuplot: the page links no PNG */
    bool ok = html_chart_write(out, csv, &drawn, id);
    free(csv);
    return ok;
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

/* True for the big data a run makes again from its config, which the repository does not
 * commit (.gitignore): named in the list but not linked, so that a committed page opens whole
 * in a fresh clone. */
static bool regenerated(const char *name)
{
    return !strcmp(name, "positions.bin") || !strcmp(name, "positions.traces");
}

/* Writes a file of the list linked (a folder: its page, when it has one; a folder without
 * one is named alone; regenerated data is named with what it is). */
static void file_link(FILE *out, const char *rundir, const char *name, bool dir)
{
    char page[2048];
    struct stat st;
    if (!dir && regenerated(name)) {
        html_escape(out, name);
        fputs(" (not linked: big data the config makes again)", out);
        return;
    }
    snprintf(page, sizeof page, "%s/%s/report.html", rundir, name);
    if (dir && stat(page, &st) != 0) {
        html_escape(out, name);
        fputs("/", out);
        return;
    }
    fputs("<a href=\"", out);
    html_escape(out, name);
    fputs(dir ? "/report.html\">" : "\">", out);
    html_escape(out, name);
    fputs(dir ? "/</a> (its page)" : "</a>", out);
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
        fputs("<tr><td>", out);
        file_link(out, run->dir, names[i], dir);
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

/* Notes the spec's PGN files that the folder holds only gzipped (a committed folder): the
 * viewer cannot show them, the note says how to. */
static void games_gzipped(FILE *out, const HtmlRun *run)
{
    for (int i = 0; run->spec && i < HTML_MAX_SOURCES && run->spec->games[i]; i++) {
        char gz[1024];
        snprintf(gz, sizeof gz, "%s.gz", run->spec->games[i]);
        if (run_has(run, run->spec->games[i]) || !run_has(run, gz))
            continue;
        fputs("<p class=\"note\">The games are kept compressed, in <a href=\"", out);
        html_escape(out, gz);
        fputs("\">", out);
        html_escape(out, gz);
        fputs("</a>: <code>gunzip -k ", out);
        html_escape(out, gz);
        fputs("</code>, then <code>maxtune report</code> of this folder shows them here, or "
              "<code>maxtune view ",
              out);
        html_escape(out, run->spec->games[i]);
        fputs("</code> in a page of their own.</p>\n", out);
    }
}

/* The JSON array of the page's plots (malloc'd, its length in *len); marks in ctx which plots
 * could be drawn. NULL when out of memory. */
static char *charts_json(const HtmlRun *run, MarkdownContext *ctx, size_t *len)
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
                        MarkdownContext *ctx)
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
            figure_card(out, summary, &spec->figures[i]);
        fputs("</div>\n</section>\n", out);
    }
    if (md) {
        fputs("<section id=\"report\" class=\"report\">\n", out);
        char *body = md;
        if (body[0] == '#' && body[1] == ' ') /* the title is the page's */
            body += strcspn(body, "\n");
        markdown_render(out, body, ctx);
        fputs("</section>\n", out);
    }
}

/* The plots report.md did not show, and the links to a suite's parts (those whose page is
 * written). */
static void page_plots_parts(FILE *out, const HtmlRun *run, const MarkdownContext *ctx)
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
            char page[2048];
            struct stat st;
            snprintf(page, sizeof page, "%s/%s/report.html", run->dir, spec->parts[i]);
            bool have = stat(page, &st) == 0;
            fputs(have ? "<li><a class=\"part\" href=\"" : "<li>", out);
            if (have) {
                html_escape(out, spec->parts[i]);
                fputs("/report.html\">", out);
            }
            html_escape(out, spec->parts[i]);
            fputs(have ? "/report.html</a></li>\n" : "/report.html (not written yet)</li>\n", out);
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
    MarkdownContext ctx = {.dir = run->dir, .charts = run->spec ? run->spec->charts : NULL};
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
    games_gzipped(out, run);
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
