/* nnue.h: a learned evaluation, a small network whose first layer is updated move by move
 * (NNUE), and its file.
 *
 * Inputs (features): one per (view, piece, square). A view is a team (WHITE, BLACK); from view
 * c a piece p on square sq is the feature
 *     (r * T + i) * SQ_NB + s
 * where r is 0 when the piece is of team c and 1 otherwise, i the index of p's type among the
 * game's types (in enum PieceType order: Maxima's Pincer .. King are 0..8), T the game's number
 * of types, and s = sq seen from c: sq itself for WHITE, Geometry.mirror[sq] for BLACK. So a
 * game has 2 * T * SQ_NB features (Maxima: 1584); the holes' features are never set. The same
 * first-layer weights serve both views. These are feature set 1 (NNUE_FEATURES_BOARD), Maxima's
 * and Ultima's: their board says everything the rules read but the side to move (the output's
 * order) and, in Maxima, repetitions.
 *
 * State features (feature set 2, NNUE_FEATURES_STATE): a zoned scoring game (Martian Chess, two
 * and four players: variant_zoned and Variant.scores) is decided by what its board does not show,
 * the points and the clock. Its features are set 1's, then from B = 2 * T * SQ_NB on:
 *     B + 0 .. 2L         the lead from view c, score[c] - score[!c] clamped to -L..L
 *                         (L = NNUE_LEAD_MAX), one-hot at lead + L
 *     B + 2L+1 ..         the clock, one-hot: CLOCK_OFF at 0, k moves left at 1 + k
 *                         (k = 0..Variant.clock_moves)
 *     then (four players) which player of the team to move is to move, one-hot at
 *                         (side >> 1) ^ c: from view BLACK the board is half-turned
 *                         (Geometry.mirror), which takes each zone to the partner's, so the
 *                         mover is the partner there
 * (Martian Chess 2 * 3 * 88 + 25 + 9 = 562 features, four players 564.) Each view has one
 * lead, one clock and (four players) one mover feature set: at most NNUE_STATE_ACTIVE. Why
 * one-hot and not a number: the points' worth is not linear in the lead (a lead of 4 with one
 * move left wins, with the clock not called it is an edge), and one-hot rows keep the
 * network's arithmetic the board features' (a row added), so the integer bound below covers
 * them alike. The lead, not both scores: the winner is the higher score, so only the
 * difference decides; leads beyond L are rare and decided alike. The clock, not the plies:
 * the rules count no plies. Left out: the last canal crossing (two players' no-undo rule),
 * which forbids one move only.
 *
 * The engine keeps its accumulators of the board features alone, move by move (nnue_apply):
 * the state changes with nearly every move (the clock) and is read at once where it is used,
 * so nnue_evaluate adds the state features' rows to a copy of the accumulators before the
 * activation; the sums are exactly a full refresh's with every feature.
 *
 * The network (float, as the trainer holds it):
 *     a_c = b1 + sum of W1[f] over the features f of view c        (H numbers per view)
 *     h_c = clamp(a_c, 0, 1)^2                                      (SCReLU)
 *     y   = b2 + W2[0..H) . h_us + W2[H..2H) . h_them               (us: the team to move)
 *     eval = y * NNUE_SCALE                                         (centipawns, side to move)
 * Quantised (as the engine plays it), QA = NNUE_QA, QB = NNUE_QB:
 *     w1 = round(W1 * QA), b1 = round(b1 * QA)             int16
 *     w2 = round(W2 * QB)                                  int16, |w2| <= 127
 *     b2 = round(b2 * QA * QB)                             int32
 *     A_c = b1 + sum w1[f]                                 int16 (the accumulators)
 *     v = clamp(A_c, 0, QA)
 *     S = sum v * v * w2                                   (exact: int64 in the portable path;
 *                                                           AVX2's int32 lanes cannot overflow)
 *     out = S / QA + b2                                    (C division, toward zero)
 *     eval = out * NNUE_SCALE / (QA * QB)                  (C division)
 * The trainer keeps |W1|, |b1| <= NNUE_CLIP_1 and |W2| <= NNUE_CLIP_2, so that no
 * accumulator leaves int16 (at most NNUE_MAX_ACTIVE = 39 features a view are set, 36 pieces
 * and 3 state features; with b1, 40 * 505 = 20200 < 32767) and w2 * v fits int16.
 *
 * The file (".nnue", little-endian):
 *     offset  size  field
 *          0     8  magic "MXTNNUE1"
 *          8     4  format version (NNUE_VERSION)
 *         12    16  the game's name (Variant.name), NUL-padded
 *         28     4  feature set: the game's (nnue_feature_set): NNUE_FEATURES_BOARD (1, the
 *                   (view, piece, square) features: Maxima, Ultima) or NNUE_FEATURES_STATE (2,
 *                   those and the state features: Martian Chess, two and four players)
 *         32     4  F: feature count, the state features included (must be the game's)
 *         36     4  H: hidden units per view (8 .. NNUE_MAX_HIDDEN, a multiple of 16)
 *         40     4  activation (NNUE_SCRELU)
 *         44     4  QA      48  4  QB      52  4  NNUE_SCALE     (must be this program's)
 *         56     4  output buckets (1)
 *         60     4  base evaluation: NNUE_BASE_NONE (the network is the evaluation) or
 *                   NNUE_BASE_WEIGHTS (the evaluation is the engine's weights' plus the
 *                   network's: the network learned what the weights miss)
 *         64     -  w1: F * H int16 (feature-major), b1: H int16, w2: 2H int16, b2: int32
 *          -     8  FNV-1a 64 hash of every byte before it
 * A file that is short, long, of another game, feature set or architecture, damaged (hash), or
 * whose w2 exceed 127 in size is refused with one line naming it and the problem (a Martian
 * file of set 1, a Maxima file of set 2: "feature set 1 with 528 features (this program's
 * martian has set 2 with 562)"). */
#ifndef MAXTUNE_NNUE_H
#define MAXTUNE_NNUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/makemove.h"
#include "core/position.h"

enum {
    NNUE_VERSION = 1,
    NNUE_FEATURES_BOARD = 1,
    NNUE_FEATURES_STATE = 2,
    NNUE_LEAD_MAX = 12,                       /* L: the lead's features cover -L..L */
    NNUE_STATE_ACTIVE = 3,                    /* state features set a view, at most */
    NNUE_MAX_ACTIVE = 36 + NNUE_STATE_ACTIVE, /* features set a view: the most pieces on a board
                                               * (Maxima's and four-player Martian's start) and
                                               * the state's */
    NNUE_SCRELU = 1,
    NNUE_QA = 255,
    NNUE_QB = 64,
    NNUE_SCALE = 400,
    NNUE_MAX_HIDDEN = 512,
    NNUE_HEADER = 64,
    NNUE_BASE_NONE = 0,
    NNUE_BASE_WEIGHTS = 1
};
#define NNUE_CLIP_1 (505.0 / NNUE_QA) /* |W1|, |b1| at most this (trainer) */
#define NNUE_CLIP_2 (127.0 / NNUE_QB) /* |W2| at most this (trainer) */

/* A quantised network, read-only once loaded: any number of engines share one. */
typedef struct Network {
    const Variant *variant;
    int features; /* F */
    int hidden;   /* H */
    int16_t *w1;  /* F * H, feature-major, 64-byte aligned */
    int16_t *b1;  /* H */
    int16_t *w2;  /* 2H: the team to move's half first */
    int32_t b2;
    int base; /* NNUE_BASE_NONE or NNUE_BASE_WEIGHTS (the file's field) */
} Network;

/* The feature set of game v: NNUE_FEATURES_STATE for a zoned scoring game, else
 * NNUE_FEATURES_BOARD. */
int nnue_feature_set(const Variant *v);

/* The number of features of game v (2 * its piece types * SQ_NB, and its state features). */
int nnue_feature_count(const Variant *v);

/* The feature of piece p on square sq from view c (WHITE or BLACK) in game v. */
int nnue_feature(const Variant *v, int c, Piece p, int sq);

/* What a position holds besides its board, as the state features read it (Position's fields;
 * a training record's, tune/stats/packed.h). */
typedef struct NnueState {
    int score[COLOR_NB]; /* each team's points */
    int clock;           /* moves left, or CLOCK_OFF */
    int side;            /* the player to move */
} NnueState;

/* The state of pos. */
NnueState nnue_state_of(const Position *pos);

/* The active state features of state st from view c in game v, at most NNUE_STATE_ACTIVE (none
 * in feature set 1); returns their count. The one formula of the engine and the trainer. */
int nnue_state_features(const Variant *v, int c, const NnueState *st, int *out);

/* The active features of pos from view c (one per piece on the board, then its state
 * features), at most NNUE_MAX_ACTIVE; returns their count. */
int nnue_features(const Position *pos, int c, int *out);

/* Allocates a zeroed network of game v with h hidden units; NULL when out of memory or h is
 * not a multiple of 16 in 16..NNUE_MAX_HIDDEN. */
Network *nnue_new(const Variant *v, int h);

/* Frees a network. */
void nnue_free(Network *net);

/* Reads a network file; NULL with "PATH: problem" in err. */
Network *nnue_load(const char *path, char *err, size_t errlen);

/* The same from len bytes in memory (name: how messages call them). */
Network *nnue_load_bytes(const void *bytes, size_t len, const char *name, char *err, size_t errlen);

/* Writes net in the file format to out; false on a write error. */
bool nnue_write(const Network *net, FILE *out);

/* The accumulators of one position: one per view, H int16 each. */
typedef struct Accumulator {
    _Alignas(64) int16_t v[2][NNUE_MAX_HIDDEN];
} Accumulator;

/* Computes both accumulators of pos afresh: the board features' (the state's are added by
 * nnue_evaluate). */
void nnue_refresh(const Network *net, const Position *pos, Accumulator *acc);

/* Adds (sign +1) or removes (-1) piece p on square sq in both views of acc. */
void nnue_update(const Network *net, Accumulator *acc, Piece p, int sq, int sign);

/* What one move changed on the board: the pieces it removed (the mover from its square, what
 * it captured or merged with) and the one it put down (the mover on its new square, with a
 * zoned game's new owner or merged type); a suicide puts nothing down. */
typedef struct NnueDelta {
    uint8_t nsub, nadd;
    Piece sub_p[MAX_CAPTURES + 1];
    Square sub_sq[MAX_CAPTURES + 1];
    Piece add_p;
    Square add_sq;
} NnueDelta;

/* The delta of move m, played (move_do) into the position `after` with undo record u. */
void nnue_delta(const Position *after, Move m, const Undo *u, NnueDelta *d);

/* to = from with delta d applied (to may be from). */
void nnue_apply(const Network *net, const Accumulator *from, Accumulator *to, const NnueDelta *d);

/* The evaluation (centipawns, the side to move's view) of pos whose board accumulators are acc
 * (its state features are added here, feature set 2). */
int nnue_evaluate(const Network *net, const Accumulator *acc, const Position *pos);

/* The same by the portable code alone (the tests compare it with the vector path). */
int nnue_evaluate_portable(const Network *net, const Accumulator *acc, const Position *pos);
void nnue_update_portable(const Network *net, Accumulator *acc, Piece p, int sq, int sign);

/* Whether the vector (AVX2) path is in use on this machine. */
bool nnue_vector(void);

#endif
