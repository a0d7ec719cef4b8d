/* nntrain.h: the network trainer: fits the float network (nnnet.h, search/nnue.h's) to training
 * positions (tune/stats/packed.h); nn_write_nnue then writes it quantised as a .nnue file.
 *
 * The loss of a position, as the Texel fit's (tune/stats/fit.h) sigma and K:
 *     (sigma(K eval) - target)^2,   sigma(v) = 1 / (1 + 10^(-v / 400)),
 *     target = blend sigma(K score) + (1 - blend) result / 2,
 * score the record's search score and result its 0/1/2 half points, both the side to move's.
 * Adam (beta1 0.9, beta2 0.999, eps 1e-8) on the mean loss of mini-batches of `batch` records,
 * the records in an order shuffled each epoch from (seed, epoch); the learning rate is
 * lr * gamma^floor((epoch - 1) / lr_step) in epoch 1, 2, ...; after each step W1 and b1 are
 * clipped to +-NNUE_CLIP_1 and W2 to +-NNUE_CLIP_2, so that the quantised network's
 * accumulators stay in int16. With mirror_files each record also trains as its image under the
 * file mirror (file f -> files - 1 - f, same rank), a symmetry of the rules of Maxima, Ultima
 * and two-player Martian Chess (a batch's mean loss is then over twice its records); refused
 * for four-player Martian Chess, whose file mirror takes a zone to the other team's.
 *
 * Validation: the last `validation` fraction of the records, moved to the nearest game boundary
 * (records are stored game by game, packed.h), is never trained on; its loss is computed after
 * each epoch.
 *
 * Determinism: initialisation and shuffling come from the seed alone (tune/stats/rng.h,
 * RNG_NNUE_INIT and RNG_NNUE_SHUFFLE). A batch is cut into `threads` contiguous chunks, each with
 * its own gradient buffers, worked by OpenMP threads and added in chunk order, so the same
 * data, configuration and thread count give the same weights bit for bit, however the threads
 * are scheduled; another thread count may round differently. A run resumed from a checkpoint
 * gives the same bytes as one never interrupted.
 *
 * Use (a job): packed_load the records; nn_config_default, then the config's keys;
 * nn_trainer_new; nn_checkpoint_load where a checkpoint exists (resuming at the epoch after
 * it); nn_train with a callback that reports the epoch, saves a checkpoint and returns false to
 * stop early; nn_write_nnue(nn_trainer_net(t), ...). */
#ifndef MAXTUNE_NNTRAIN_H
#define MAXTUNE_NNTRAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/position.h"
#include "tune/stats/nnnet.h"
#include "tune/stats/packed.h"

/* The trainer's parameters (nn_config_default gives the defaults). */
typedef struct NnConfig {
    int hidden;        /* H, hidden units per view: a multiple of 16 in 16..NNUE_MAX_HIDDEN (256) */
    int epochs;        /* epochs to train (20) */
    int batch;         /* records per optimiser step (16384) */
    double lr;         /* Adam's learning rate in epoch 1 (0.001) */
    double gamma;      /* the rate's factor every lr_step epochs (0.3) */
    int lr_step;       /* epochs between two decays (8) */
    double k;          /* the logistic's scale K (1, as the fit's default) */
    double blend;      /* the search score's weight in the target, 0..1 (0.5) */
    double validation; /* fraction of the records held out, 0..0.5 (0.05) */
    bool mirror_files; /* also train each record's file mirror image (false) */
    uint64_t seed;     /* initialisation and shuffling (1) */
    int threads;       /* chunks of a batch, and OpenMP threads; 0: omp_get_max_threads() (0) */
    /* A base evaluation the network adds to (NULL: none): base[i] is record i's, centipawns,
     * the side to move's view (the weights' evaluation); the network then learns what the base
     * misses: eval = base + network (its file says so, nnue.h). Kept by reference. Not with
     * mirror_files (a base of the mirror images is not given). */
    const float *base;
} NnConfig;

/* The defaults above. */
void nn_config_default(NnConfig *cfg);

/* One epoch's figures, given to the callback of nn_train. */
typedef struct NnEpoch {
    int epoch;          /* 1, 2, ... */
    int epochs;         /* the configuration's */
    long steps;         /* optimiser steps taken since the start (all epochs) */
    double lr;          /* the epoch's learning rate */
    double train_loss;  /* mean loss over the epoch's trained positions, as they were trained */
    double valid_loss;  /* mean loss over the validation records after the epoch (NAN: none) */
    double positions_s; /* trained positions (mirror images included) per second */
    double seconds;     /* the epoch's wall time, validation included */
} NnEpoch;

/* Called after each epoch; returning false stops training there (the trainer is left after
 * that epoch: nn_checkpoint_save may be called, from the callback too). */
typedef bool (*NnEpochFn)(const NnEpoch *e, void *data);

typedef struct NnTrainer NnTrainer;

/* A trainer of a fresh network (initialised from cfg->seed) on the records of set (kept by
 * reference: set must outlive the trainer); NULL with a message on a bad configuration (each
 * key named), data without a training or, with validation > 0, a validation game, or out of
 * memory. */
NnTrainer *nn_trainer_new(const PackedSet *set, const NnConfig *cfg, char *err, size_t errlen);

/* Frees a trainer (and its network). */
void nn_trainer_free(NnTrainer *t);

/* The network being trained. */
const NnNet *nn_trainer_net(const NnTrainer *t);

/* Epochs done so far (0 for a fresh trainer; a loaded checkpoint's). */
int nn_trainer_epoch(const NnTrainer *t);

/* Records trained on and held out. */
long nn_trainer_train_count(const NnTrainer *t);
long nn_trainer_valid_count(const NnTrainer *t);

/* The mean loss of the current network on the validation records (NAN when there are none). */
double nn_validation_loss(NnTrainer *t);

/* The mean loss of an evaluation without the network, base[i] record i's (centipawns, the side
 * to move's view, e.g. the weights' evaluation), against the trainer's targets: on the trained
 * records into *train_loss, on the held-out ones into *valid_loss (NAN when there are none). It
 * is the figure the network's losses are to beat. */
void nn_base_losses(const NnTrainer *t, const float *base, double *train_loss, double *valid_loss);

/* Trains from the epoch after nn_trainer_epoch to cfg->epochs, calling fn (may be NULL) after
 * each. Returns the epochs done in all. */
int nn_train(NnTrainer *t, NnEpochFn fn, void *data);

/* A hash of the configuration (but epochs and threads = 0 resolved) and of the data: a
 * checkpoint only resumes the run it was written by. */
uint64_t nn_trainer_hash(const NnTrainer *t);

/* Writes the whole trainer state (weights, Adam's moments, epochs and steps done, the hash) to
 * path, through a temporary file renamed over it; false with "PATH: problem". */
bool nn_checkpoint_save(const NnTrainer *t, const char *path, char *err, size_t errlen);

/* Restores a state written by nn_checkpoint_save; refuses (false, t unchanged) a file that is
 * short, long, damaged (its hash), of another format, or of another run (configuration or
 * data), with one line "PATH: problem". */
bool nn_checkpoint_load(NnTrainer *t, const char *path, char *err, size_t errlen);

#endif
