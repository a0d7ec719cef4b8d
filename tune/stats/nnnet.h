/* nnnet.h: the network trainer's float network (search/nnue.h's), its features and its
 * quantised .nnue file.
 *
 * The network is nnue.h's: features (view, piece, square) from both teams' views, one first
 * layer W1 (F x H) and b1 (H) shared by both views, SCReLU h = clamp(a, 0, 1)^2, and
 *     y = b2 + W2[0..H) . h_us + W2[H..2H) . h_them,   eval = y * NNUE_SCALE (centipawns),
 * us the team to move (position_team: the record's player to move & 1). Quantised as nnue.h
 * says: each weight rounded to nearest (ties away from zero, lround) after scaling by QA, QB or
 * QA * QB. */
#ifndef MAXTUNE_NNNET_H
#define MAXTUNE_NNNET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/position.h"
#include "search/nnue.h"
#include "tune/stats/packed.h"

/* The float network. */
typedef struct NnNet {
    const Variant *variant;
    int features; /* F = nnue_feature_count(variant) */
    int hidden;   /* H */
    float *w1;    /* F * H, feature-major */
    float *b1;    /* H */
    float *w2;    /* 2H: the team to move's half first */
    float b2;
    bool base; /* it adds to the weights' evaluation (nnue.h: the file's base field) */
} NnNet;

/* The features of record r from the team to move's view (us) and the other's (them), the
 * engine's (search/nnue.h: a piece's, then the state's from the record's points, clock and
 * player to move); with mirror, of its file mirror image (the state unchanged). Returns the
 * number of features per view. */
int nn_record_features(const Variant *v, const PackedPos *r, bool mirror, int us[NNUE_MAX_ACTIVE],
                       int them[NNUE_MAX_ACTIVE]);

/* The accumulator of one view: a (H floats) = b1 + the W1 rows of its n features. */
void nn_accumulate(const NnNet *net, const int *feat, int n, float *restrict a);

/* y from both views' accumulators (a[0..H) the team to move's, a[H..2H) the other's); the
 * activations clamp(a, 0, 1)^2 into hid (2H floats). */
float nn_output(const NnNet *net, const float *restrict a, float *restrict hid);

/* The float network's evaluation of record r (centipawns, side to move's view): y * NNUE_SCALE
 * (without a base evaluation's share);
 * H at most NNUE_MAX_HIDDEN. */
double nn_forward(const NnNet *net, const PackedPos *r);

/* The network quantised in the .nnue format (nnue.h), hash included: a malloc'ed buffer of
 * *len bytes, NULL when out of memory. */
uint8_t *nn_nnue_bytes(const NnNet *net, size_t *len);

/* Writes len bytes to path: to PATH.tmp, flushed and synced, renamed over path; false with
 * "PATH: problem". */
bool nn_write_atomic(const char *path, const void *bytes, size_t len, char *err, size_t errlen);

/* Writes nn_nnue_bytes to path (a temporary file then rename); false with "PATH: problem". */
bool nn_write_nnue(const NnNet *net, const char *path, char *err, size_t errlen);

#endif
