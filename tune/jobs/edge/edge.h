/* edge.h: the edge job ([run] job = edge): how the run's game ([run] variant: Maxima, Ultima or
 * Martian Chess) plays in self-play. For each strength of [edge] nodes, the engine of [edge]
 * weights against itself, [edge] games games from fresh random openings ([match]
 * opening_plies; the same openings at every strength), into <game>-<nodes>/ (the selfplay
 * job's games.pgn, a part of its own: parts.h, series.h). The report (edge_report.c) replays
 * every game with the rules core: the first player's (White's, South's) score, W-D-L and draw
 * rate at each strength and its trend with strength; how the games end, their length; in a
 * zoned game also the points margin and ties, the merges, who calls the clock and how the
 * caller fares, and how often the no-undo rule takes a move away. */
#ifndef MAXTUNE_JOBS_EDGE_H
#define MAXTUNE_JOBS_EDGE_H

#include <stdbool.h>

#include "tune/jobs/common/series.h"
#include "tune/jobs/edge/edge_config.h"
#include "tune/play/game.h"
#include "tune/run/config.h"
#include "tune/run/rundir.h"
#include "tune/stats/stats.h"

/* The margins of the distribution (0, 1, 2, 3 and 4 or more points) and the callers' standing
 * at the call (ahead, level, behind on points). */
enum {
    EDGE_MARGINS = 5,
    EDGE_CALLER_AHEAD = 0,
    EDGE_CALLER_LEVEL,
    EDGE_CALLER_BEHIND,
    EDGE_STANDINGS
};

/* What one strength's games say (its games.pgn, every game replayed). The first player is
 * player 0 (White, South); counts are of games unless said. */
typedef struct EdgeCell {
    long games, wins, draws, losses; /* the first player's */
    long half_sq;                    /* the sum of the squares of his half points per game */
    long term[TERM_NB];              /* how they ended */
    long plies, plies_sq;            /* the games' plies after the opening, sum and squares */
    int plies_max;
    long plies_count[GAME_MAX_PLIES + 1]; /* games of each length (for the median) */
    /* Zoned games only (0 elsewhere): */
    long ties;                       /* games ending with the two scores level */
    long margin[EDGE_MARGINS];       /* games by |score difference| at the end */
    long margin_sum;                 /* their sum (points) */
    long merges, merge_games;        /* merges played, games with at least one */
    long calls[EDGE_STANDINGS];      /* clock calls by the caller's standing */
    long call_wins[EDGE_STANDINGS];  /* ... of which the caller went on to win */
    long call_draws[EDGE_STANDINGS]; /* ... or to draw */
    long positions;                  /* positions a move was played from (after the opening) */
    long undo_positions;             /* ... where the no-undo rule removed a legal move */
    long undo_games;                 /* games with at least one such position */
    /* Team games only (four-player Martian Chess, 0 elsewhere): a player taking a piece of his
     * partner's quadrant (docs/rules/martian.md 10.5), and how the taker's team ended that game. */
    long partner_captures;  /* such captures played after the opening */
    long partner_games;     /* games with at least one */
    long partner_result[3]; /* per capture: the taker's team lost, drew, won the game */
} EdgeCell;

/* What the report reads back from the parts. */
typedef struct EdgeResult {
    const Config *cfg;
    const RunDir *rd;
    const EdgeConfig *ec;
    const Variant *game; /* the run's game */
    EdgeCell cell[EDGE_MAX_DEPTHS];
} EdgeResult;

/* The part folder of strength k ("martian-2000"); edge.c, shared by the run and its report. */
void edge_part_dir(const EdgeResult *r, int k, char *out, size_t len);

#endif
