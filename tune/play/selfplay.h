/* selfplay.h: self-play games and the labelled positions sampled from them ([selfplay]).
 *
 * Game i starts from opening i (random plies from the run seed, as in a match) and is played by
 * [engine_a] against [engine_b], A with White when i is even. Games are played in parallel by
 * dist (threads, and MPI ranks in bin/maxtune-mpi: a DIST_GAMES pair task) and journaled one by
 * one (record journal_offset + i), so an interrupted run resumes.
 *
 * Sampling, after the games: every position from `skip_plies` plies after the opening on is
 * examined with probability `sample_rate` (drawn from (seed, game)); it is kept when it is quiet
 * (a 1-ply search, which resolves captures with the capture search, agrees with the static
 * evaluation within `quiet_margin`), no forced game end is in sight (mate scores) and
 * |static eval| <= `max_eval`. Evaluations use [engine_a]'s weights. A kept position is stored
 * as its trace with the game's result for the side to move (tune/stats/traces.h). With
 * `sampling = leaf` the examined position is instead resolved by the capture search
 * (engine_quiet_leaf) and the leaf of its principal variation is kept: its trace from the
 * examined position's side to move (negated when the leaf's side differs), the result, and the
 * capture search's score (a scored set), unless that is a game end, a mate score or above
 * `max_eval`. The positions do not depend on the number of threads. */
#ifndef MAXTUNE_SELFPLAY_H
#define MAXTUNE_SELFPLAY_H

#include "tune/play/dist.h"
#include "tune/run/config.h"
#include "tune/play/game.h"
#include "tune/run/journal.h"
#include "tune/play/pairs.h"
#include "tune/run/rundir.h"
#include "tune/stats/traces.h"

/* What the games and the sampling produced. */
typedef struct SelfplayStats {
    long games, plies;
    long white_wins, draws, black_wins;
    long term[TERM_NB];
    long examined;                /* positions drawn for examination */
    long kept;                    /* ... kept */
    long noisy;                   /* ... dropped: the 1-ply search disagrees with the static eval */
    long mate;                    /* ... dropped: mate score */
    long lopsided;                /* ... dropped: |static eval| > max_eval */
    long wins, draws_stm, losses; /* labels of the kept positions, side to move's view */
    long resolved;                /* sampling = leaf: kept positions whose leaf is another */
    bool leaf;                    /* sampled with sampling = leaf */
} SelfplayStats;

/* The self-play phase of a run. */
typedef struct Selfplay Selfplay;

/* Creates the phase: [selfplay] games from cfg, openings from o, journal records from
 * journal_offset. NULL when out of memory or [engine_a]/[engine_b] weights do not load (the
 * message is in err). */
Selfplay *selfplay_new(const Config *cfg, const Openings *o, Journal *journal, long journal_offset,
                       char *err, size_t errlen);

/* Frees the phase. */
void selfplay_free(Selfplay *s);

/* Number of games of the phase (its journal records are journal_offset + 0 .. games - 1). */
long selfplay_games(const Selfplay *s);

/* Takes a journal record of game `index` read back on resume; false with a reason. */
bool selfplay_record(Selfplay *s, long index, const char *payload, char *why, size_t len);

/* Plays game i with worker w: weights wt[0] and [engine_a]'s limits of cfg for A, wt[1] and
 * [engine_b]'s for B. Returns its journal payload (pair_encode_game's text, malloc'd) or NULL
 * when out of memory; sets *busy to the seconds spent in search. */
char *selfplay_game(PairWorker *w, const Config *cfg, const Openings *o, const Weights wt[2],
                    long i, double *busy);

/* Plays the missing games in parallel; EXIT_OK when complete, EXIT_INTERRUPTED or EXIT_FAIL. */
int selfplay_play(Selfplay *s);

/* The engine that judges quietness when sampling (a small hash); NULL when out of memory. */
Engine *selfplay_sampler_new(void);

/* Samples the positions of game i of `games` (a DIST_SAMPLE task's extra bytes, len bytes)
 * with engine e and weights w. Returns the payload (the counts and the positions kept, as
 * text; malloc'd) or NULL when the bytes are malformed or memory is short. */
char *selfplay_sample_unit(Engine *e, const Config *cfg, const Openings *o, const Weights *w,
                           const void *games, size_t len, long i);

/* Samples the positions of the finished games (in parallel, by dist) into t (emptied first)
 * and fills st. */
bool selfplay_sample(Selfplay *s, Traces *t, SelfplayStats *st, char *err, size_t errlen);

/* Writer for rundir_write: the games as PGN (data is the Selfplay). */
bool selfplay_write_pgn(FILE *out, void *data);

/* Writes the [selfplay] part of a summary.json (one JSON object, no trailing newline). */
void selfplay_write_json(FILE *out, const SelfplayStats *st, const Traces *t);

/* Writer for rundir_write: a trace set in the .traces format (data is the Traces). */
bool selfplay_write_traces(FILE *out, void *data);

/* The DistKinds of self-play games (item i: game i, weights[0] [engine_a]'s, weights[1]
 * [engine_b]'s) and of the sampling of their positions (item i: game i of the games packed in
 * the extra bytes, weights[0]); register both (dist_register) before use. */
extern const DistKind selfplay_games_kind, selfplay_sample_kind;

#endif
