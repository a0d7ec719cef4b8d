/* train_config.h: the [train] section (config_schema.h) of the train job (train.h): the
 * positions it learns from and the trainer's settings (tune/stats/nntrain.h). */
#ifndef MAXTUNE_TRAIN_CONFIG_H
#define MAXTUNE_TRAIN_CONFIG_H

#include <stdbool.h>

#include "tune/run/config.h"

/* [train]. */
typedef struct TrainConfig {
    char data[256];    /* a positions file (job = datagen's positions.bin) of the run's game */
    long hidden;       /* hidden units per view */
    long epochs;       /* epochs */
    long batch;        /* positions per optimiser step */
    double lr;         /* Adam's learning rate in epoch 1 */
    double gamma;      /* the rate's factor every lr_step epochs */
    long lr_step;      /* epochs between two decays */
    double k;          /* the logistic's scale K: sigma(K eval), as [fit] k */
    double blend;      /* the search score's weight in the target (0: the result alone) */
    double validation; /* the fraction of the positions held out (whole games) */
    bool mirror_files; /* also train each position's file mirror image */
    char base[8];      /* none | weights: the network adds to [engine_a]'s weights' evaluation */
} TrainConfig;

/* True when [train] data = datagen: the run generates its positions first. */
bool train_config_generates(const TrainConfig *tc);

/* The [train] section of cfg; train_config_edit for a caller that changes it. */
const TrainConfig *train_config(const Config *cfg);
TrainConfig *train_config_edit(Config *cfg);

/* Registers [train] with the config (catalog.c, in the order of the jobs). */
void train_config_register(void);

#endif
