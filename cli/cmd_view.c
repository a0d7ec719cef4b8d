/* cmd_view.c: `view PGN [-o FILE]`, a page to step through the games of a PGN file, and
 * `report FOLDER...`, report.html made again from a run folder's files (tune/pages/html.h). */
#include "cmd_view.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "tune/run/text.h"
#include "tune/pages/html.h"
#include "tune/jobs/common/job.h"
#include "tune/run/json.h"
#include "tune/run/rundir.h"

enum { VIEW_MAX_WANTED = 64 };

/* What html_write_viewer needs, for a FILE writer. */
typedef struct ViewPage {
    const char *title, *pgn, *source;
    size_t len, cap;
    const long *wanted;
    int nwanted;
    char err[1024];
} ViewPage;

/* Writer of the viewer page (data: a ViewPage). */
static bool write_view(FILE *out, void *data)
{
    ViewPage *v = data;
    return html_write_viewer(out, v->title, v->pgn, v->len, v->source, v->cap, v->wanted,
                             v->nwanted, v->err, sizeof v->err);
}

int cmd_view(int argc, char **argv)
{
    static const char help[] =
        "usage: maxtune view PGN [-o FILE] [--game N]... [--cap BYTES]\n"
        "Writes a self-contained HTML page (no network) to step through the games of a PGN\n"
        "file that `maxtune replay` accepts: the board of each position (computed here by the\n"
        "rules core), the moves, check, and how each game ended. Buttons and the arrow keys\n"
        "step. FILE defaults to the PGN's name with .html for .pgn ('-': standard output).\n"
        "The page is kept under BYTES (default 2000000; 0: no cap): then it holds the first\n"
        "games, the longest, the first of each ending, the shortest decisive ones and games\n"
        "evenly spaced over the file, and says so; --game N (1-based, repeatable) always puts\n"
        "game N in.\n";
    if (cli_wants_help(argc, argv)) {
        fputs(help, stdout);
        return EXIT_OK;
    }
    const char *pgn_path = NULL, *out_path = NULL;
    long wanted[VIEW_MAX_WANTED], cap = HTML_PAGE_CAP;
    int nwanted = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            out_path = argv[++i];
        } else if (!strcmp(argv[i], "--game") && i + 1 < argc) {
            if (nwanted == VIEW_MAX_WANTED) {
                fprintf(stderr, "maxtune view: at most %d --game options\n", VIEW_MAX_WANTED);
                return EXIT_USAGE;
            }
            if (!cli_parse_long("view", "--game", argv[++i], 1, 1000000000, &wanted[nwanted++]))
                return EXIT_USAGE;
        } else if (!strcmp(argv[i], "--cap") && i + 1 < argc) {
            if (!cli_parse_long("view", "--cap", argv[++i], 0, 1000000000000L, &cap))
                return EXIT_USAGE;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "maxtune view: unknown option '%s'\n%s", argv[i], help);
            return EXIT_USAGE;
        } else if (!pgn_path) {
            pgn_path = argv[i];
        } else {
            fprintf(stderr, "maxtune view: unexpected argument '%s'\n%s", argv[i], help);
            return EXIT_USAGE;
        }
    }
    if (!pgn_path) {
        fputs(help, stderr);
        return EXIT_USAGE;
    }
    char default_out[1024];
    if (!out_path) {
        size_t n = strlen(pgn_path);
        bool dotpgn = n > 4 && !strcmp(pgn_path + n - 4, ".pgn");
        snprintf(default_out, sizeof default_out, "%.*s.html", (int)(dotpgn ? n - 4 : n), pgn_path);
        out_path = default_out;
    }
    size_t len;
    char *pgn = text_read_file(pgn_path, &len);
    if (!pgn) {
        fprintf(stderr, "maxtune view: %s: cannot read: %s\n", pgn_path, strerror(errno));
        return EXIT_USAGE;
    }
    const char *base = strrchr(pgn_path, '/');
    base = base ? base + 1 : pgn_path;
    char title[512];
    snprintf(title, sizeof title, "Games of %s", base);
    ViewPage v = {title, pgn, base, len, (size_t)cap, wanted, nwanted, ""};
    bool ok;
    char err[1200] = "";
    if (!strcmp(out_path, "-")) {
        ok = write_view(stdout, &v) && fflush(stdout) == 0;
    } else {
        /* Written beside its final name, then renamed (rundir_write). */
        char dir[1024];
        const char *slash = strrchr(out_path, '/');
        snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - out_path) : 1,
                 slash ? out_path : ".");
        RunDir rd = {0};
        snprintf(rd.path, sizeof rd.path, "%.700s", dir[0] ? dir : "/");
        ok = rundir_write(&rd, slash ? slash + 1 : out_path, write_view, &v, err, sizeof err);
    }
    free(pgn);
    if (!ok) {
        fprintf(stderr, "maxtune view: %s\n", v.err[0] ? v.err : err);
        return v.err[0] ? EXIT_USAGE : EXIT_FAIL;
    }
    if (strcmp(out_path, "-"))
        printf("%s\n", out_path);
    return EXIT_OK;
}

/* Rewrites report.html of one run folder (and of its parts); false with the message printed. */
static bool report_folder(const char *dir, size_t cap, int depth)
{
    char path[1100];
    snprintf(path, sizeof path, "%.900s/%s", dir, RUNDIR_SUMMARY);
    size_t len;
    char *summary = text_read_file(path, &len);
    if (!summary) {
        fprintf(stderr, "maxtune report: %s: no summary.json: not a finished run\n", dir);
        return false;
    }
    char job[64];
    json_string(summary, "job", job, sizeof job);
    free(summary);
    const JobDef *def = job_find(job);
    if (!def || !def->html) {
        fprintf(stderr, "maxtune report: %s: summary.json names no job of this version (\"%s\")\n",
                dir, job);
        return false;
    }
    bool ok = true;
    for (int i = 0; depth < 3 && i < HTML_MAX_PARTS && def->html->parts[i]; i++) {
        char part[1100];
        snprintf(part, sizeof part, "%.900s/%.100s", dir, def->html->parts[i]);
        /* A part this run did not make (a generations run of fewer generations than its page
         * may list) has no page, as the page itself leaves it out. */
        if (access(part, F_OK) != 0)
            continue;
        ok = report_folder(part, cap, depth + 1) && ok;
    }
    HtmlRun run = {.dir = dir, .spec = def->html, .status = "finished", .cap = cap};
    RunDir rd = {0};
    snprintf(rd.path, sizeof rd.path, "%.700s", dir);
    char err[1200];
    if (!rundir_write(&rd, "report.html", html_write_run, &run, err, sizeof err)) {
        fprintf(stderr, "maxtune report: %s\n", err);
        return false;
    }
    printf("%s/report.html\n", dir);
    return ok;
}

int cmd_report(int argc, char **argv)
{
    static const char help[] =
        "usage: maxtune report FOLDER... [--cap BYTES]\n"
        "Writes report.html again in finished run folders (those with summary.json), from\n"
        "their files alone (summary.json, report.md, the CSV files, the PGN games): no game is\n"
        "played. A suite's parts get theirs too. BYTES caps each page's size (default\n"
        "2000000; games beyond it are left out, and the page says which are in).\n";
    if (cli_wants_help(argc, argv)) {
        fputs(help, stdout);
        return EXIT_OK;
    }
    long cap = HTML_PAGE_CAP;
    int nfolders = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--cap") && i + 1 < argc) {
            if (!cli_parse_long("report", "--cap", argv[++i], 0, 1000000000000L, &cap))
                return EXIT_USAGE;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "maxtune report: unknown option '%s'\n%s", argv[i], help);
            return EXIT_USAGE;
        } else {
            nfolders++;
        }
    }
    if (!nfolders) {
        fputs(help, stderr);
        return EXIT_USAGE;
    }
    bool ok = true;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--cap")) {
            i++;
            continue;
        }
        char dir[900];
        snprintf(dir, sizeof dir, "%s", argv[i]);
        size_t n = strlen(dir);
        while (n > 1 && dir[n - 1] == '/')
            dir[--n] = '\0';
        ok = report_folder(dir, (size_t)cap, 0) && ok;
    }
    return ok ? EXIT_OK : EXIT_FAIL;
}
