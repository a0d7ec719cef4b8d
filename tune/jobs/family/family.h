/* family.h: the family job ([run] job = family): how Maxima and Ultima play as play gets
 * stronger (Abbott's "What's wrong with Ultima?" put to the test). For each game and each depth
 * of [family] nodes, self-play of the game's engine ([family] maxima_weights, ultima_weights)
 * against itself, [family] games games from fresh random openings, into <game>-<nodes>/ (the
 * selfplay job with its games.pgn); then, when [family] defence is above 100, the defensive
 * player (the same engine with [engine_a] defence) against the normal engine into
 * defensive-<game>/. One report (family_report.c): the draw and decisive rates with their
 * intervals, how the games end, White's score and the games' length at every depth; a test of
 * whether the draw rate climbs with depth faster in Ultima than in Maxima (the difference of
 * the two slopes); the defensive player's score and draws in each game.
 *
 * Every part is a run of its own with its own checkpoint (parts.h): an interrupted study
 * resumes in the part it stopped in. The report is made from the parts' games only. */
#ifndef MAXTUNE_JOBS_FAMILY_H
#define MAXTUNE_JOBS_FAMILY_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/common/series.h"
#include "tune/jobs/family/family_config.h"
#include "tune/play/game.h"
#include "tune/run/config.h"
#include "tune/run/rundir.h"
#include "tune/stats/stats.h"

/* The two games the engine plays (Maxima, Ultima), in the order of core/variant.h. */
enum { FAMILY_GAMES = VARIANT_ULTIMA + 1 };

/* What one part's games say (from its games.pgn). */
typedef struct FamilyCell {
    long games, white_wins, draws, black_wins;
    long a_half_points;   /* player A's half points (defensive-<game>: the defensive player's) */
    long a_half_sq;       /* the sum of their squares (for the score's error) */
    long plies, plies_sq; /* the games' plies and the sum of their squares */
    int plies_max;
    long term[TERM_NB]; /* how they ended, by the PGN comment */
} FamilyCell;

/* What the report reads back from the parts. */
typedef struct FamilyResult {
    const Config *cfg;
    const RunDir *rd;
    const FamilyConfig *fc;
    FamilyCell self[FAMILY_GAMES][FAMILY_MAX_DEPTHS]; /* [game][depth] */
    FamilyCell defensive[FAMILY_GAMES];               /* when fc->defence > 100 */
} FamilyResult;

/* A proportion or mean with its 95% interval (series.h). */
typedef SeriesRate FamilyRate;

/* The part folder of game g at depth k ("maxima-2000"), or of its defensive player (k < 0:
 * "defensive-maxima"). */
void family_part_dir(const FamilyConfig *fc, int g, int k, char *out, size_t len);

#endif
