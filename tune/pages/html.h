/* html.h: report.html, a run's page: one self-contained file that opens from disk with no
 * network (the CSS, the script and every datum inline).
 *
 * The page is made from the run's own files, like report.md, so that it can be made again
 * from a finished folder (`maxtune report FOLDER`) and made while the run goes on (the live
 * page: the files given in memory):
 *   - the job's few headline figures, read from summary.json (each value carries data-key, its
 *     path in summary.json, and data-value, its JSON text, so that a test can compare them);
 *   - report.md rendered, its images replaced by plots drawn in the page as SVG from the CSV
 *     files they were made from (values on hover and in a table), the PNG linked;
 *   - a game viewer over the run's PGN files (html_games.h: the positions come from the rules
 *     core; the page draws them);
 *   - the parts' pages (suite) and the list of files.
 * A running page reloads itself every few seconds; a finished one does not.
 * This file (html.c) writes the page; markdown.h renders report.md, html_chart.h the plots'
 * data, html_games.h the viewer's games, html_text.h escapes text for it. */
#ifndef MAXTUNE_HTML_H
#define MAXTUNE_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "tune/pages/html_chart.h"

/* The default size cap of a page, in bytes: games beyond it are left out (html_games.h). */
enum { HTML_PAGE_CAP = 2000000 };

/* A headline figure of the page, one of the job's few (the rest stays in report.md's tables):
 * a path in summary.json ("elo", "sprt.llr"), its label, the path of its error shown as
 * "+/- error" (NULL: none) and the path of a condition that must be true for it to be shown
 * ("sprt.enabled"; NULL: always). A figure whose value is absent or null is left out. */
typedef struct HtmlFigure {
    const char *key;
    const char *label;
    const char *error;
    const char *when;
} HtmlFigure;

enum { HTML_MAX_FIGURES = 8, HTML_MAX_SOURCES = 3, HTML_MAX_PARTS = 8 };

/* What the page of one job shows beyond report.md; each job's report file defines one. */
typedef struct HtmlSpec {
    HtmlFigure figures[HTML_MAX_FIGURES];
    HtmlChart charts[HTML_MAX_CHARTS];
    const char *games[HTML_MAX_SOURCES]; /* PGN files for the viewer, when present */
    const char *parts[HTML_MAX_PARTS];   /* subfolders with pages of their own */
} HtmlSpec;

/* A file of the run given in memory instead of read from the folder (summary.json before it is
 * written, the games and CSV of a run still going on). */
typedef struct HtmlInput {
    const char *name;
    char *text;
    size_t len;
} HtmlInput;

enum { HTML_MAX_INPUTS = 6 };

/* A page to write (the data of html_write_run). */
typedef struct HtmlRun {
    const char *dir;      /* the results folder */
    const HtmlSpec *spec; /* NULL: report.md, summary.json and the files only */
    bool live;            /* the run is going on: reload every few seconds */
    const char *status;   /* "finished", "running", "interrupted" */
    const char *progress; /* a line for the live page, or NULL */
    HtmlInput inputs[HTML_MAX_INPUTS];
    int ninputs;
    size_t cap; /* the page's size cap (0: HTML_PAGE_CAP) */
} HtmlRun;

/* Writer of report.html for rundir_write (data: an HtmlRun). */
bool html_write_run(FILE *out, void *data);

/* Adds a file in memory to a page (the text is owned by the caller); false when full. */
bool html_add_input(HtmlRun *run, const char *name, char *text, size_t len);

/* Writes a page with only the viewer, for the games of one PGN text: title, the games chosen
 * as html_games_write_json does within cap bytes (0: no cap), wanted games always. False with
 * "source:line: problem" in err when the text is not PGN or a move is illegal. */
bool html_write_viewer(FILE *out, const char *title, const char *pgn, size_t len,
                       const char *source, size_t cap, const long *wanted, int nwanted, char *err,
                       size_t errlen);

#endif
