/* search.h: the alpha-beta engine. An Engine owns everything it mutates (position, key history,
 * hash table, killers, history, node counter, stop flag), so any number of engines can search
 * side by side in different threads. With a node limit the search is deterministic: the same
 * position, history, weights, hash size and limit give the same move and score everywhere. */
#ifndef MAXTUNE_SEARCH_H
#define MAXTUNE_SEARCH_H

#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>

#include "core/position.h"
#include "clock.h" /* the clock of the search's deadlines, clock_now */
#include "eval.h"
#include "nnue.h"
#include "tt.h"
#include "weights.h"

enum {
    MAX_PLY = 64,
    SCORE_INF = 32000,
    SCORE_MATE = 30000,       /* a win at ply p scores SCORE_MATE - p */
    SCORE_MATE_BOUND = 29000, /* |score| above this is a forced game end */
    QS_MAX_DEPTH = 8,         /* capture-search plies; long leapers make it explode otherwise */
    QS_KEEP_CAPTURES = 48     /* a capture search node with at most this many moves keeps
                                 each one's captures from ordering to playing */
};

/* Search limits; 0 means "no limit of this kind". With none at all, depth 6 is used. */
typedef struct SearchLimits {
    int depth;
    uint64_t nodes;
    int movetime_ms;
} SearchLimits;

/* What one finished iteration found. */
typedef struct SearchInfo {
    int depth;
    int score;
    uint64_t nodes;
    double seconds;
    int pvlen;
    Move pv[MAX_PLY];
} SearchInfo;

typedef void (*SearchInfoFn)(const SearchInfo *info, const Position *root, void *data);

/* The evaluation cache: EVAL_CACHE_SIZE slots of one 64-bit word each, the slot chosen by the
 * low bits of the position's key. A slot holds the key's high 48 bits, mixed with the cache's
 * epoch (EVAL_EPOCH_MIX * epoch, so that a new epoch finds the old slots foreign), and the
 * score in its low 16 bits; 0 is an empty slot. A score that does not fit 16 bits is not kept.
 * The 48 bits make a false hit (another position's score taken) a chance of 2^-48 per look-up
 * of a slot that holds another position: about once in 3 x 10^14 such look-ups, where the
 * earlier 16-byte slot compared all 64 bits. Half the bytes of a slot give twice the slots in
 * the same 256 KiB, which stays in a core's second-level cache; the cache only saves
 * evaluations, so its size changes no search. Measured (build/prof pairs, 6 Dec evening):
 * against 1 << 14 16-byte slots, 1.2% fewer instructions in bench 5 (fewer evaluations
 * computed), bench 7 1.022x and 1.007x, the 1-thread 2000-node match 1.026x and 1.018x; with
 * 1 << 16 slots (512 KiB) slower again (0.979x, 0.919x; once more after 0d450b7: 1.0% fewer
 * instructions, bench 7 1.013x, the match 0.978x, whose two engines share the core's cache). */
enum { EVAL_CACHE_SIZE = 1 << 15 };
#define EVAL_EPOCH_MIX 0x9E3779B97F4A7C15ull /* odd: distinct epochs give distinct mixes */
#define EVAL_SLOT_SCORE 0xFFFFull            /* a slot's score bits; the others are its tag */

/* The accumulators of one node of the search path, with a learned evaluation: computed when
 * the node is evaluated (fresh), from its parent's and the move's delta. */
typedef struct NnueFrame {
    Accumulator acc;
    NnueDelta delta; /* what the move into this node changed (none after a null move) */
    bool fresh;      /* acc is this node's */
} NnueFrame;

typedef struct Engine {
    Position pos;  /* the position being searched */
    Position root; /* the root position (for reporting) */
    Weights weights;
    EvalPst pst; /* the weights' piece-square terms (eval_pst_build), set with them */
    TT tt;
    uint64_t *keys; /* keys of the game so far, then of the search path */
    int nkeys, keys_cap;
    int rep_floor;                       /* first index of keys a repetition may match */
    Move killers[MAX_PLY][2];            /* reset per game */
    int history[COLOR_NB][SQ_NB][SQ_NB]; /* reset per game */
    Move pv[MAX_PLY][MAX_PLY];           /* triangular PV table, per search */
    int pvlen[MAX_PLY];
    uint64_t *eval_cache;               /* key -> static evaluation, reset with the weights */
    uint32_t eval_epoch;                /* the cache's epoch: a reset starts a new one */
    uint64_t nodes, node_limit;         /* per search */
    double start_time, deadline;        /* per search; deadline 0 = none */
    atomic_int stop;                    /* set by the limits or by another thread */
    bool armed;                         /* engine_arm prepared the next search */
    int armed_soft_ms;                  /* its soft time limit (engine_arm) */
    double soft_deadline;               /* per search; no iteration starts past it; 0 = none */
    const volatile sig_atomic_t *abort; /* engine_watch: a flag set elsewhere ends every search */
    bool (*listen)(void *data);         /* engine_listen: asked every 1024 nodes; NULL none */
    void *listen_data;
    int root_depth;   /* the iteration's depth: no check extension past twice as many plies */
    int defence;      /* percent (engine_set_defence): 100 is the evaluation as it is */
    int defence_side; /* the colour the defensive evaluation defends: the last search's root */
    bool no_partner_captures; /* engine_set_partner_captures(e, false): four-player Martian
                               * Chess's captures of a partner's piece left out */
    const Network *net;       /* the learned evaluation (engine_set_net), NULL: the weights' */
    NnueFrame *frames;        /* [MAX_PLY + 1] with a network: the search path's accumulators */
} Engine;

/* Creates an engine with a hash table of hash_mb MiB and default weights; NULL on failure. */
Engine *engine_new(size_t hash_mb);

/* Frees an engine. */
void engine_free(Engine *e);

/* Forgets everything learned in earlier games (hash, killers, history). */
void engine_new_game(Engine *e);

/* Sets the weights the evaluation uses. */
void engine_set_weights(Engine *e, const Weights *w);

/* Has e evaluate with network net (its game must be the positions'), or with its weights (NULL,
 * the default); a network with a base (NNUE_BASE_WEIGHTS) adds to the weights' evaluation. The network is shared, not copied: it must outlive its use by e. The weights
 * keep their other roles (the search's parameters, the captures' order). False when out of
 * memory (e unchanged). */
bool engine_set_net(Engine *e, const Network *net);

/* Makes e a defensive player (pct > 100) or a normal one (100): every static evaluation gets
 * (pct - 100) % of eval_defence for the side to move at the search's root, so that its own
 * losses, its King's freezing and the enemy's threats to its King weigh pct % of what the
 * weights say. A player setting (Ultima's and Maxima's "defensive player" of the family study),
 * not a weight: the trace and the tuners do not see it. */
void engine_set_defence(Engine *e, int pct);

/* Lets e capture pieces in its partner's quadrant (allowed, the rules' and the default) or not:
 * in four-player Martian Chess a player who may not plays no such capture while another move is
 * left, nor searches one for its own team (the opponents' it searches as they are): an
 * experiment's player, what such captures are worth; not a weight. */
void engine_set_partner_captures(Engine *e, bool allowed);

/* Sets the position: `start` then the moves of the game (all legal), whose positions count for
 * repetition. */
bool engine_set_position(Engine *e, const Position *start, const Move *moves, int nmoves);

/* Searches the current position; returns the best move (MOVE_NONE if the game is over) and
 * writes its score (side to move's view) into *score. info, if not NULL, is called after each
 * iteration. */
Move engine_search(Engine *e, const SearchLimits *limits, int *score, SearchInfo *last,
                   SearchInfoFn info, void *data);

/* The capture search's principal variation from a position (engine_quiet_leaf). */
typedef struct QuietLeaf {
    int score;  /* the capture search's score, the root's side to move's view */
    int nmoves; /* moves from the root to the leaf (0: the root is quiet) */
    Move moves[QS_MAX_DEPTH];
    Position leaf; /* the position at the end of the PV: score is its static evaluation, negated
                    * when its side to move is not the root's */
} QuietLeaf;

/* Resolves the current position (engine_set_position) by a full-window capture search, the
 * one the main search ends in, without limits, and writes its score and the principal
 * variation to the leaf whose static evaluation the score is (Texel tuning's quiet position).
 * Touches only e's position (restored), PV table, node counter and stop flag; deterministic.
 * False when the score is no static evaluation: a game end (bare King, invasion, no move) at
 * the root or the leaf, or a search stopped by the engine_watch flag. */
bool engine_quiet_leaf(Engine *e, QuietLeaf *out);

/* Makes every search of e end soon (within 1024 nodes) once *flag is nonzero, e.g. the job's
 * interrupt flag, which a signal handler sets; NULL: none. A search ended so returns a move
 * that must not be trusted (the game it belongs to is abandoned). */
static inline void engine_watch(Engine *e, const volatile sig_atomic_t *flag) { e->abort = flag; }

/* Makes every search of e call fn(data) every 1024 nodes, in the searching thread; fn
 * returning true ends the search as a stop does (a protocol that reads its input meanwhile).
 * NULL: none. */
static inline void engine_listen(Engine *e, bool (*fn)(void *data), void *data)
{
    e->listen = fn;
    e->listen_data = data;
}

/* Asks a running search to stop (callable from another thread). */
static inline void engine_stop(Engine *e) { atomic_store(&e->stop, 1); }

/* Prepares the next engine_search for a caller that starts it in another thread: clears the
 * stop flag now, and that search leaves the flag as it finds it (an unarmed search clears it
 * when it starts), so an engine_stop that comes after engine_arm ends that search, however
 * early it comes. Call it before starting the thread. soft_ms > 0 gives that search a soft
 * time limit: past it no new iteration starts (the limits' movetime_ms is the hard one, which
 * aborts the iteration in progress). */
void engine_arm(Engine *e, int soft_ms);

/* Time management: what is kept back for the protocol and the process per move, and the
 * number of moves a clock without movestogo is divided by. */
enum { SEARCH_OVERHEAD_MS = 30, SEARCH_MOVES_TO_GO = 30 };

/* Splits the side to move's clock (time_ms left, inc_ms added after each move, movestogo
 * moves to the next time control, 0 if none) into this move's soft limit (no new iteration
 * past it) and hard limit (the search is aborted), in ms. The target is an even share of the
 * time left plus most of the increment; the hard limit is at most half the time left, so
 * neither the increment (credited only after the move) nor a slow answer can flag. */
void search_time_budget(long time_ms, long inc_ms, long movestogo, int *soft, int *hard);

#endif
