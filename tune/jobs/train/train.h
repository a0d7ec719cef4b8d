/* train.h: the train job ([run] job = train): a network (search/nnue.h) learned from a positions
 * file ([train] data, job = datagen's positions.bin) by the trainer (tune/stats/nntrain.h),
 * written as network.nnue (with data = datagen, a datagen run into data/ makes the file first), with the loss of every epoch on the training and the held-out
 * positions (loss.csv, loss.png). The trainer's state is saved after every epoch
 * (train.checkpoint in the run folder), so a killed run resumes at the epoch after the last
 * saved and ends with the same bytes; the checkpoint is removed once the run has finished.
 * train_job.c runs it, train_report.c writes what it found. */
#ifndef MAXTUNE_JOBS_TRAIN_H
#define MAXTUNE_JOBS_TRAIN_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/run/config.h"
#include "tune/run/rundir.h"
#include "tune/stats/nntrain.h"
#include "tune/stats/packed.h"

enum { TRAIN_MAX_EPOCHS = 10000 };

/* The folder of the positions of a run with [train] data = datagen (a datagen run of its own). */
#define TRAIN_DATA_DIR "data"

/* The checkpoint's name in the run folder. */
#define TRAIN_CHECKPOINT "train.checkpoint"

/* One epoch's row of loss.csv (and of the timing). */
typedef struct TrainEpoch {
    double lr, train_loss, valid_loss;
    double positions_s, seconds; /* timing: not in the reproducible files */
} TrainEpoch;

/* A train run: its data, trainer and what it found. */
typedef struct TrainJob {
    const Config *cfg;
    RunDir *rd;
    char data[1024]; /* the positions file read ([train] data, or the datagen part's) */
    PackedSet set;
    float *base; /* each record's evaluation by [engine_a]'s weights (the network's base when
                  * [train] base = weights) */
    /* The loss of those evaluations alone, on the trained and the held-out records: what the
     * network is to beat (NAN held out when nothing is held out). */
    double weights_train_loss, weights_valid_loss;
    NnConfig nc;
    NnTrainer *trainer;
    TrainEpoch epoch[TRAIN_MAX_EPOCHS]; /* epoch e + 1's row at [e] */
    int epochs;                         /* rows filled (this run's and a resumed one's) */
    int resumed;                        /* epochs a checkpoint brought */
    uint8_t *net;                       /* the quantised network's bytes, once trained */
    size_t net_len;
    /* The quantised network against the float one on the held-out positions: mean and largest
     * |integer - float| evaluation, centipawns, over `compared` positions. */
    double quant_mean, quant_max;
    long compared;
} TrainJob;

#endif
