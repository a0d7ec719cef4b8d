/* match_output.h: the files and printed result made of a match (tune/play/match.h): the games,
 * summary.json, the Elo after each pair with its plot, timing.json and the cutechess-style
 * block; for the match job, the tournament's games and the verification matches of spsa and
 * fit. */
#ifndef MAXTUNE_MATCH_OUTPUT_H
#define MAXTUNE_MATCH_OUTPUT_H

#include <stdio.h>

#include "tune/play/match.h"
#include "tune/run/rundir.h"

/* Writers for rundir_write (data is the Match): the games, and the reproducible summary. */
bool match_write_pgn(FILE *out, void *data);
bool match_write_summary(FILE *out, void *data);

/* Writes the `"verification": {...}` member of a job's summary.json (null without a match). */
void match_write_verification_json(FILE *out, const Match *m);

/* Writer of the Elo estimate after each pair (CSV: games, elo, elo_low, elo_high, score). */
bool match_write_progress(FILE *out, void *data);

/* Writer of timing.json: the speed figures, which change from run to run. */
bool match_write_timing(FILE *out, void *data);

/* Draws that CSV (already written as `csv` in the run folder) as `png`; false when the plot
 * failed (the reason printed). */
bool match_plot_progress(const Match *m, const RunDir *rd, const char *csv, const char *png);

/* Prints the cutechess-style result block. */
void match_print_result(const Match *m);

#endif
