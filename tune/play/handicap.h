/* handicap.h: handicap matches, H. G. Muller's way of measuring a piece's value by play.
 *
 * For a piece type X, pair j starts from a balanced random opening (as a match's, with its own
 * seed per type) and is played twice with [engine_a]'s weights and limits on both sides: once
 * with one X taken from White, once with the corresponding X taken from Black (the copy
 * removed cycles with j; Black's copies are counted in mirrored square order). Each game is
 * scored for the side with the full army, and the pair is a pentanomial sample, as in a match:
 * the pairing cancels whatever the opening and the colours favour. (A match may also remove
 * several pieces of one type: several pincers, for a more precise pawn unit.)
 *
 * Imbalance matches: with an offset k > 0 the side that keeps its X gives k pincers instead
 * (X against k pincers, Muller's "X instead of Y"). The score is still counted for the side
 * with the X; near 50% when k is near X's value, so that the calibration's error, which
 * scales with the Elo being converted, touches only the small surplus. Openings in which
 * the piece is gone, or whose removal would leave a King in check or end the game, are skipped
 * for the next attempt of the same pair.
 *
 * Why not Match: a Match pairs two players on one opening, swapping their colours; here both
 * sides are the same engine and the pair swaps which colour lacks the piece (with one engine on
 * both sides a Match pair would be the same game twice). The pairs are counted as Match counts
 * them (stats_add_pair, pentanomial) and journaled in its format (pair_encode).
 *
 * Pairs are played in parallel by dist (threads, and MPI ranks in bin/maxtune-mpi: a
 * DIST_HANDICAP pair task) and journaled pair by pair (journal_offset + k, pairs numbered over
 * all types in order). */
#ifndef MAXTUNE_HANDICAP_H
#define MAXTUNE_HANDICAP_H

#include "tune/play/dist.h"
#include "tune/run/config.h"
#include "tune/play/game.h"
#include "tune/run/journal.h"
#include "tune/play/pairs.h"
#include "tune/stats/stats.h"

enum { HANDICAP_MAX_TYPES = 8 };

/* The matches of a values run. */
typedef struct Handicap Handicap;

/* Which pairs are of which type: pair k is of type types[i] (counts[i] pieces removed, the
 * other side giving offsets[i] pincers) when first[i] <= k < first[i + 1]. A plain struct: it
 * travels in task bytes. */
typedef struct HandicapPlan {
    int ntypes;
    int types[HANDICAP_MAX_TYPES], counts[HANDICAP_MAX_TYPES], offsets[HANDICAP_MAX_TYPES];
    long first[HANDICAP_MAX_TYPES + 1];
} HandicapPlan;

/* The unit of a game of points (Martian Chess): one point of score, what a captured pawn scores.
 * The calibration gives the other side points instead of taking a piece away, and an offset
 * gives points; a "type" of the handicap plan (no piece type). */
enum { HANDICAP_POINT = NO_TYPE };

/* What game v's piece values are counted in, the unit the calibration takes and an offset
 * gives: a point of score in a game of points (HANDICAP_POINT: Martian Chess, whose pawn is a
 * piece measured like the others), else the pincer (Maxima, Ultima: the pincer is their pawn). */
int handicap_unit(const Variant *v);

/* The weight term of handicap_unit(v): T_POINTS (the score) or the pincer's material term. */
int handicap_unit_term(const Variant *v);

/* The two openings of pair j of type `type` (PINCER..GUARD, PAWN..QUEEN, or HANDICAP_POINT),
 * with type index ti (its seed stream): out[0] lacks `count` White pieces of the type (of
 * HANDICAP_POINT: Black has `count` points more) and `offset` Black units (handicap_unit; a
 * point: White has `offset` points more), out[1] the same with colours swapped. False when no attempt gives a legal position (practically
 * never). */
bool handicap_openings(const Openings *o, int ti, int type, int count, int offset, long j,
                       Position out[2]);

/* Creates the matches: types[i] (piece types), counts[i] pieces removed, offsets[i] pincers
 * given by the other side, pairs[i] pairs each, players from cfg's [engine_a]. NULL when out
 * of memory or the weights do not load (message in err). */
Handicap *handicap_new(const Config *cfg, const Openings *o, const int *types, const int *counts,
                       const int *offsets, const long *pairs, int ntypes, Journal *journal,
                       long journal_offset, char *err, size_t errlen);

/* Frees the matches. */
void handicap_free(Handicap *h);

/* Number of pairs over all types (journal records journal_offset + 0 .. this - 1). */
long handicap_records(const Handicap *h);

/* Takes a journal record read back on resume (index relative to journal_offset). */
bool handicap_record(Handicap *h, long index, const char *payload, char *why, size_t len);

/* Plays pair k of the plan with worker w: weights wt and [engine_a]'s limits of cfg on both
 * sides. Returns its journal payload (pair_encode's text, malloc'd) or NULL when out of memory;
 * sets *busy to the seconds spent in search. */
char *handicap_pair(PairWorker *w, const Config *cfg, const Openings *o, const Weights *wt,
                    const HandicapPlan *plan, long k, double *busy);

/* Plays the missing pairs in parallel; EXIT_OK when complete, EXIT_INTERRUPTED or EXIT_FAIL. */
int handicap_play(Handicap *h);

/* Counts of type i's match from the view of the side with the piece (wins: it won). */
MatchCounts handicap_counts(const Handicap *h, int i);

/* Writer for rundir_write: every game as PGN (data is the Handicap). */
bool handicap_write_pgn(FILE *out, void *data);

/* The DistKind of handicap pairs (item k: pair k of the HandicapPlan in the extra bytes, with
 * weights[0] on both sides); register it (dist_register) before use. */
extern const DistKind handicap_kind;

#endif
