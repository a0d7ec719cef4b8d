/* pairs.h: game pairs, the unit of work of every match-based job. A pair plays the same opening
 * twice with colours swapped; game 0 has the first player as White. Pairs are played by
 * per-thread workers (each owns its two engines) and encoded as journal records. */
#ifndef MAXTUNE_PAIRS_H
#define MAXTUNE_PAIRS_H

#include "tune/run/config.h"
#include "tune/play/affinity.h"
#include "tune/play/game.h"

/* A finished game, compactly: White's result in half points, how it ended, its moves. */
typedef struct GameResult {
    uint8_t result;
    uint8_t term;
    uint16_t nmoves;
    Move *moves;
} GameResult;

typedef struct PairResult {
    GameResult game[2];
    double search_seconds; /* time inside the engines' searches (not journaled) */
} PairResult;

/* A thread's engines: [0] plays for the first player, [1] for the second; each is in-process
 * (engine) or an external process (proc, for a section with a command; engine is then NULL). */
typedef struct PairWorker {
    Engine *engine[2];
    EngineProc *proc[2];
    AffinitySaved *pinned; /* the thread's mask before pair_worker_init pinned it; NULL: not */
} PairWorker;

/* Allocates the worker's engines with the hash sizes of [engine_a] and [engine_b], or prepares
 * their processes (started at their first game, from the calling thread; cfg must outlive the
 * worker). When affinity_wanted(cfg), pins the calling thread (the OpenMP thread number picks
 * the CPU), and so the processes, until pair_worker_free. */
bool pair_worker_init(PairWorker *w, const Config *cfg);

/* Frees the worker's engines, stops its processes and unpins the calling thread. */
void pair_worker_free(PairWorker *w);

/* Plays the pair from opening number `opening_index`: the first player uses weights wa and the
 * limits of [engine_a], the second wb and [engine_b]. Allocates the move lists in out. */
bool pair_play(PairWorker *w, const Config *cfg, const Openings *o, long opening_index,
               const Weights *wa, const Weights *wb, PairResult *out);

/* After game g of a pair, for each external engine (engine_check_game): a fault is printed,
 * its protocol traffic and the engine's stderr appended to engines.log in the run folder and
 * the process killed (the next game starts it again); [run] engine_log = all logs every game.
 * False when an engine stops the run (engine_check.h). */
bool pair_log_fault(PairWorker *w, const Config *cfg, long opening_index, int g,
                    const GameRecord *rec);

/* Copies a played game into its compact form (allocates the move list); false when out of
 * memory. */
bool pair_compact_game(const GameRecord *rec, GameResult *out);

/* Journal text of one game: "result termination nmoves move..." (moves in hex; malloc'd). A
 * pair's text is its two games' texts joined by a space. */
char *pair_encode_game(const GameResult *g);

/* Score of game g (0 or 1) from the first player's view: 1, 0.5 or 0. */
double pair_score(const PairResult *p, int g);

/* Journal payload of a pair (malloc'd string). */
char *pair_encode(const PairResult *p);

/* Parses a journal payload; false with a reason (the move lists are then NULL). */
bool pair_decode(const char *text, PairResult *p, char *why, size_t whylen);

/* Parses the journal text of one game (pair_encode_game's); false with a reason (moves NULL). */
bool pair_decode_game(const char *text, GameResult *g, char *why, size_t whylen);

/* Replays game g from its opening: 0 when every move is legal, else the number of the first
 * ply that is not (the check of every game read back from a journal). */
int pair_game_replay(const GameResult *g, const Position *opening);

/* Frees the move lists of a pair. */
void pair_free(PairResult *p);

#endif
