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
 * first-layer weights serve both views.
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
 * accumulator leaves int16 (at most PACKED_MAX_PIECES = 36 features a view are set: 37 * 505
 * < 32767) and w2 * v fits int16.
 *
 * The file (".nnue", little-endian):
 *     offset  size  field
 *          0     8  magic "MXTNNUE1"
 *          8     4  format version (NNUE_VERSION)
 *         12    16  the game's name (Variant.name), NUL-padded
 *         28     4  feature set (NNUE_FEATURES_BOARD: the (view, piece, square) features above)
 *         32     4  F: feature count (must be the game's)
 *         36     4  H: hidden units per view (8 .. NNUE_MAX_HIDDEN, a multiple of 16)
 *         40     4  activation (NNUE_SCRELU)
 *         44     4  QA      48  4  QB      52  4  NNUE_SCALE     (must be this program's)
 *         56     4  output buckets (1)
 *         60     4  base evaluation: NNUE_BASE_NONE (the network is the evaluation) or
 *                   NNUE_BASE_WEIGHTS (the evaluation is the engine's weights' plus the
 *                   network's: the network learned what the weights miss)
 *         64     -  w1: F * H int16 (feature-major), b1: H int16, w2: 2H int16, b2: int32
 *          -     8  FNV-1a 64 hash of every byte before it
 * A file that is short, long, of another game or architecture, damaged (hash), or whose w2
 * exceed 127 in size is refused with one line naming it and the problem. */
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

/* The number of features of game v (2 * its piece types * SQ_NB). */
int nnue_feature_count(const Variant *v);

/* The feature of piece p on square sq from view c (WHITE or BLACK) in game v. */
int nnue_feature(const Variant *v, int c, Piece p, int sq);

/* The active features of pos from view c (one per piece on the board); returns their count. */
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

/* Computes both accumulators of pos afresh. */
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

/* The evaluation (centipawns, the side to move's view) of a position whose accumulators are
 * acc and whose team to move is us. */
int nnue_evaluate(const Network *net, const Accumulator *acc, int us);

/* The same by the portable code alone (the tests compare it with the vector path). */
int nnue_evaluate_portable(const Network *net, const Accumulator *acc, int us);
void nnue_update_portable(const Network *net, Accumulator *acc, Piece p, int sq, int sign);

/* Whether the vector (AVX2) path is in use on this machine. */
bool nnue_vector(void);

#endif
