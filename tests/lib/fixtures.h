/* fixtures.h: set-ups shared by the cmocka suites (linked into every test binary and the
 * benchmarks; no cmocka calls here, the tests assert on what these return). */
#ifndef MAXTUNE_FIXTURES_H
#define MAXTUNE_FIXTURES_H

#include "search/search.h"
#include "tune/play/game.h"
#include "tune/stats/stats.h"
#include "tune/stats/fit.h"
#include "tune/stats/traces.h"
#include "tune/play/match_config.h"

/* Middle-game positions of tests/data/reference/perft.epd ("random-00", -02, -03, -05, -07, -11; none
 * with a forced game end in sight), for the search tests that switch an option on. */
enum { FIXTURES_MIDGAME_NB = 6 };
extern const char *const fixtures_midgame[FIXTURES_MIDGAME_NB];

/* True when a and b hold the same position: board, bitboards, line occupancies, Kings, side,
 * plies, key, game, and a Martian game's scores, last crossing and clock. */
bool fixtures_same_position(const Position *a, const Position *b);

/* Square sq of the four-player Martian board turned through 90 degrees clockwise (rank 8 at
 * the top): a1 to a8, a8 to h8, each quadrant to the next player's. */
int fixtures_quarter_turn(int sq);

/* A four-player Martian position turned through 90 degrees clockwise: each piece to its turned
 * square, owned there by the next player; the next player to move; the teams' scores swapped
 * (the teams swap seats). */
void fixtures_position_quarter_turn(const Position *pos, Position *out);

/* Counts holding the given pentanomial vector [LL, LD+DL, LW+DD+WL, WD+DW, WW], with W/L/D made
 * consistent with it (index 2 counted as DD). */
MatchCounts fixtures_counts_from_penta(const long p[5]);

/* Two engines with default weights searching to a fixed depth, the match rules of a game with
 * the adjudications off, and room for its record. */
typedef struct GameSetup {
    Engine *engine[2];
    Weights weights;
    Player white, black;
    MatchConfig mc;
    GameRecord rec;
} GameSetup;

/* A game set-up: both players search to depth plies; repetition and max_plies as given, draw
 * and resign adjudication off. NULL when out of memory. */
GameSetup *fixtures_game_setup(int depth, long repetition, long max_plies);

/* Frees a game set-up. */
void fixtures_game_free(GameSetup *s);

/* The central difference (loss(theta + h e_j) - loss(theta - h e_j)) / 2h of a fit's loss
 * (theta is restored). */
double fixtures_numeric_gradient(Fit *f, double *theta, int j, double h);

/* Writes t to a new temporary file /tmp/<name>.XXXXXX; returns its path (a static buffer, the
 * next call overwrites it), or NULL when it cannot be made or written. */
const char *fixtures_save_traces(const Traces *t, const char *name);

#endif
