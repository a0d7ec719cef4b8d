/* markdown.h: report.md rendered as HTML for its page: headings, paragraphs (one that opens
 * with a single '*' is a caption), tables (a ':' at the right of an alignment cell aligns that
 * column right), "- " lists, `code`, **bold**, *italic*, [links](url) (a part's report.md
 * becomes its report.html), the one piece of raw HTML report.md holds (a foldable
 * <details><summary> line and its </details> line) and images: the page's plots drawn in
 * their place, else the PNG of the folder embedded, else a link to it. Everything else is
 * escaped. */
#ifndef MAXTUNE_MARKDOWN_H
#define MAXTUNE_MARKDOWN_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/pages/html_chart.h"

/* What the renderer needs to know of the page: its plots by the PNG they replace. */
typedef struct MarkdownContext {
    const char *dir;                  /* the run folder (the PNGs embedded are read from it) */
    const HtmlChart *charts;          /* the page's plots: up to HTML_MAX_CHARTS, ended by one
                                       * with no png (NULL: none) */
    bool chart_used[HTML_MAX_CHARTS]; /* set by the renderer: plot i stood for an image */
    bool chart_ok[HTML_MAX_CHARTS];   /* plot i is in the page's data */
} MarkdownContext;

/* Writes text (report.md, cut into lines in place, at most 8192) as HTML. */
void markdown_render(FILE *out, char *text, MarkdownContext *ctx);

#endif
