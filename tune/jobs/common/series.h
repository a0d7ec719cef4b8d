/* series.h: self-play series run as parts (parts.h) and read back, shared by the jobs that
 * measure how a game plays (family, edge): one engine against itself at a number of nodes per
 * move, into a part folder "<game>-<nodes>" holding the selfplay job's games.pgn; the reading
 * of such a games.pgn game by game (pgn_replay.h) with each game's result and termination; the
 * parsing of a nodes list; rates and means with their 95% intervals. */
#ifndef MAXTUNE_SERIES_H
#define MAXTUNE_SERIES_H

#include <stdbool.h>
#include <stddef.h>

#include "core/variant.h"
#include "tune/play/game.h"
#include "tune/play/pgn_replay.h"
#include "tune/run/config.h"
#include "tune/run/rundir.h"

/* A proportion or a mean with its 95% interval [lo, hi] (NAN all three without data). */
typedef struct SeriesRate {
    double p, lo, hi;
} SeriesRate;

/* k of n with its 95% Wilson score interval. */
SeriesRate series_wilson(long k, long n);

/* The mean of n values (their sum and sum of squares) with its normal 95% interval. */
SeriesRate series_mean(double sum, double sumsq, long n);

/* The part folder of game v's series at `nodes` ("maxima-2000"). */
void series_part_dir(const Variant *v, long nodes, char *out, size_t len);

/* The config of a part: the selfplay job in game v into rd's folder dir, both players the
 * engine of `weights` at `nodes` per move (defence 100), `games` games kept as games.pgn (the
 * least sample rate: the parts keep games, not positions); false with the message in err. */
bool series_part_config(const Config *cfg, const RunDir *rd, const char *dir, const Variant *v,
                        const char *weights, long nodes, long games, Config *pc, char *err,
                        size_t errlen);

/* Parses "n1, n2, ..." (increasing, 1..100000000 each, min..max of them) into out; returns
 * the count, or -1 with the problem in err. */
int series_parse_nodes(const char *text, long *out, int min, int max, char *err, size_t errlen);

/* A game of a part as series_read hands it over: the replayed game (its opening, moves, final
 * position and tags), White's (the first player's) half points (2 win, 1 draw, 0 loss) and
 * how it ended. */
typedef bool (*SeriesGameFn)(void *data, const PgnGame *g, int white, Termination term);

/* Reads the games of path (a games.pgn of game v) through fn, which must see `games` games;
 * false with "path:line: problem" or "path: problem" in err (fn's own failures: its message
 * left in err by fn is replaced by "path: stopped"). */
bool series_read(const char *path, const Variant *v, long games, SeriesGameFn fn, void *data,
                 char *err, size_t errlen);

#endif
