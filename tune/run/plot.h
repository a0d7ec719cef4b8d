/* plot.h: PNG plots of a run's CSV files, drawn by gnuplot (installed by scripts/deps.sh).
 * Plots are a view of the data: when gnuplot is missing or fails, the job says which (gnuplot
 * not found, or gnuplot's own message) and goes on; the CSV files beside them hold every number.
 * gnuplot is started without a shell, in the run folder, so no folder name reaches a command
 * line; the title is passed as a single-quoted gnuplot string (no backquote substitution). */
#ifndef MAXTUNE_PLOT_H
#define MAXTUNE_PLOT_H

#include <stdbool.h>

#include "tune/run/rundir.h"

/* Draws `png` in the run folder from a gnuplot script body (terminal and output are set here;
 * the script reads data files by their names in the run folder). Returns false and prints a
 * note on failure. */
bool plot_draw(const RunDir *rd, const char *png, const char *title, const char *script);

#endif
