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

/* The outside table of game v's piece values, in pawns, for material term t of the game, that
 * the SPSA and values reports set the weights beside: in Maxima vchess's (docs/methods.md), in
 * Ultima ChessV's (its start table, weights_ultima), in Martian Chess the official points of a
 * capture (pawn 1, drone 2, queen 3): weights_report_published's first. */
double weights_report_reference(const Variant *v, int t);

/* The name of that table in reports: "vchess", "ChessV". */
const char *weights_report_reference_name(const Variant *v);

/* A published table of piece values in pawns, by material term (T_PINCER .. T_GUARD, Martian
 * Chess's T_PAWN .. T_QUEEN; 0 for a type the table does not value). */
typedef struct PublishedTable {
    const char *name; /* as the reports name it: "vchess", "ChessV", "Jocly" */
    double value[T_QUEEN + 1];
} PublishedTable;

/* The published tables of game v's piece values (Maxima: vchess's; Ultima: ChessV's (George
 * Duke), Jocly's and vchess's Baroque table, as issue 28 quotes them; Martian Chess: the
 * official points of a capture, pawn 1, drone 2, queen 3); *tables points at them, the first
 * being weights_report_reference's. Returns their count. */
int weights_report_published(const Variant *v, const PublishedTable **tables);

/* What to show: the weights and those they started from (NULL: none), of one game (its
 * weights, piece types and board: Maxima's 11 ranks with palaces, Ultima's 8 x 8, Martian
 * Chess's tables per type over the 4 x 4 squares of the owner's half). */
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

/* Writes the section "Signs that contradict their meaning" of w, weights of game v (`whose`
 * names them in its text: "the tuned weights"): each weight whose value contradicts the sign
 * its meaning fixes (weights.h's sign column: a reward below 0, a penalty above 0), with its
 * value, its value in start (NULL: no such column), the sign it should have and its meaning;
 * or a line saying there is none. */
void weights_report_signs(FILE *out, const Weights *w, const Weights *start, const Variant *v,
                          const char *whose);

/* Draws the heat map `v->png` from `squares` (written by weights_report_write_squares) in the
 * run folder; false (with gnuplot's note printed) when it cannot. */
bool weights_report_plot(const RunDir *rd, const char *squares, const WeightsView *v);

#endif
