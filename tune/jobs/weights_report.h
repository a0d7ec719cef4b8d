/* weights_report.h: a weights vector in a report, readable with hundreds of weights. The scalar
 * terms are one table (middle game and end game side by side, with the start values), the
 * phase weights and search parameters another, and the piece-square tables are drawn as heat
 * maps (a square's value is its file entry plus its rank entry) instead of 342 rows: one PNG
 * (gnuplot) and, in report.md, one small table per piece type and phase. */
#ifndef MAXTUNE_WEIGHTS_REPORT_H
#define MAXTUNE_WEIGHTS_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "search/weights.h"
#include "tune/run/rundir.h"

/* vchess's hand table of piece values (shared/METHODS.md), in pawns, by material term
 * (T_PINCER .. T_GUARD): the outside reference the SPSA and values reports set the weights
 * beside. */
extern const double weights_report_vchess[T_GUARD + 1];

/* The outside table of game v's piece values, in pawns, for material term t of the game: in
 * Maxima vchess's, in Ultima ChessV's (its start table, weights_ultima). */
double weights_report_reference(const Variant *v, int t);

/* The name of that table in reports: "vchess", "ChessV". */
const char *weights_report_reference_name(const Variant *v);

/* What to show: the weights and those they started from (NULL: none), of one game (its
 * weights, piece types and board: Maxima's 11 ranks with palaces, Ultima's 8 x 8). */
typedef struct WeightsView {
    const Weights *w, *start;
    const char *png;     /* the heat map's file name in the run folder (NULL: no picture) */
    const Variant *game; /* the game of the weights */
} WeightsView;

/* Writer for rundir_write: the piece-square values of every square as gnuplot data blocks
 * (one block per piece type and phase, in weights.h's type order, mg then eg), the data of the
 * heat map. data is a WeightsView. */
bool weights_report_write_squares(FILE *out, void *data);

/* Writes the markdown section: the tables and the heat map (data is a WeightsView). */
void weights_report_markdown(FILE *out, const WeightsView *v);

/* Draws the heat map `v->png` from `squares` (written by weights_report_write_squares) in the
 * run folder; false (with gnuplot's note printed) when it cannot. */
bool weights_report_plot(const RunDir *rd, const char *squares, const WeightsView *v);

#endif
