/* html_chart.h: a plot of the page (HtmlChart) from its CSV text, as the JSON object
 * the page's script draws as SVG: {"id", "title", "png" (null: none), "csv", "xlabel", "ylabel",
 * "categories", "logy", "yclamp", "yref" and "yref_label" (when set), "rows" (the CSV's), "shown", "x": [...], "series": [{"name",
 * "y": [...], and "lo", "hi" for a band}]}. Rows are thinned to at most 400, evenly, the first
 * and the last kept; a field that is not a finite number is null. */
#ifndef MAXTUNE_HTML_CHART_H
#define MAXTUNE_HTML_CHART_H

#include <stdbool.h>
#include <stdio.h>

/* A plot drawn in the page from a CSV file of the run. */
typedef struct HtmlChart {
    const char *png; /* the report.md image it stands for (a path in the folder) */
    const char *csv; /* its data (a path in the folder) */
    const char *title;
    const char *x; /* the x column; with categories, the column of names */
    const char *y; /* the series: space-separated "column" or "column:low:high"; or "*"
                         * (every column but x) followed by " -column" for those left out */
    const char *xlabel, *ylabel;
    bool categories; /* points with error bars per name, instead of lines over x */
    bool logy;
    double yclamp; /* the y axis stays within [-yclamp, yclamp] (0: as the data) */
    double yref;   /* a dashed reference line at this y, drawn when yref_label is set */
    const char *yref_label;
} HtmlChart;

/* The most plots a page has. */
enum { HTML_MAX_CHARTS = 6 };

/* Writes plot c (number id in the page) from csv, the text of its CSV file (split in place);
 * false when the CSV has no data row or lacks a column c names, or out of memory. */
bool html_chart_write(FILE *out, char *csv, const HtmlChart *c, int id);

#endif
