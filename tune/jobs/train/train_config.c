/* train_config.c: the [train] section's rows (see train_config.h). */
#include "train_config.h"

#include <stdio.h>
#include <string.h>

#include "tune/run/config_schema.h"

static const ConfigKey TRAIN_KEYS[] = {
    KEY_STR_EMPTY(TrainConfig, data, "",
                  "the positions file to learn from (job = datagen's positions.bin), of the run's "
                  "game; datagen: generate them first ([engine_a], [match], [datagen]) into the "
                  "run's data/ folder"),
    KEY_INT(TrainConfig, hidden, "16", "512", "256",
            "hidden units per view (a multiple of 16): the network's width"),
    KEY_INT(TrainConfig, epochs, "1", "10000", "20", "passes over the training positions"),
    KEY_INT(TrainConfig, batch, "1", "10000000", "16384", "positions per optimiser step"),
    KEY_REAL(TrainConfig, lr, "0.000001", "1", "0.001", "Adam's learning rate in epoch 1"),
    KEY_REAL(TrainConfig, gamma, "0.001", "1", "0.3",
             "the learning rate is multiplied by this every lr_step epochs"),
    KEY_INT(TrainConfig, lr_step, "1", "10000", "8", "epochs between two learning-rate decays"),
    KEY_REAL(TrainConfig, k, "0.01", "100", "1",
             "the logistic's scale K of the loss, sigma(K eval) with sigma(v) = 1 / (1 + "
             "10^(-v/400)), as [fit] k"),
    KEY_REAL(TrainConfig, blend, "0", "1", "0.5",
             "the target: blend * sigma(K score) + (1 - blend) * result (0: the games' results "
             "alone, 1: the search's scores alone)"),
    KEY_REAL(TrainConfig, validation, "0", "0.5", "0.05",
             "the fraction of the positions held out to measure the loss on (the last games)"),
    KEY_BOOL(TrainConfig, mirror_files, "false",
             "also train each position's image under the file mirror (a symmetry of Maxima's and "
             "Ultima's rules)"),
    KEY_ENUM_SPARSE(TrainConfig, base, "none|weights", "none",
                    "none: the network is the evaluation; weights: it adds to the evaluation of "
                    "[engine_a]'s weights and learns what they miss (not with mirror_files)"),
};

/* The width is a multiple of 16: the vector code works on 16 accumulators at a time. */
static bool rule_hidden(const void *fields, char *msg, size_t len)
{
    const TrainConfig *t = fields;
    if (t->hidden % 16 == 0)
        return true;
    snprintf(msg, len, "hidden = %ld is not a multiple of 16", t->hidden);
    return false;
}

/* A base evaluation is given for the positions as they are, not for their mirror images. */
static bool rule_base_mirror(const void *fields, char *msg, size_t len)
{
    const TrainConfig *t = fields;
    if (!t->mirror_files || !strcmp(t->base, "none"))
        return true;
    snprintf(msg, len, "base = weights does not go with mirror_files = true");
    return false;
}

static const ConfigRule TRAIN_RULES[] = {{rule_hidden, {"hidden"}},
                                         {rule_base_mirror, {"base", "mirror_files"}}};

static const ConfigPathKey TRAIN_PATHS[] = {{"data", "datagen"}};

static const ConfigSection TRAIN_SECTIONS[] = {
    {"train", NULL, "the network trainer (job = train, and each generation of job = learn)",
     "train|learn", false},
};

static const ConfigPart TRAIN_PART = {
    .group = "TrainConfig",
    .size = sizeof(TrainConfig),
    .sections = TRAIN_SECTIONS,
    .nsections = CONFIG_COUNT(TRAIN_SECTIONS),
    .keys = TRAIN_KEYS,
    .nkeys = CONFIG_COUNT(TRAIN_KEYS),
    .rules = TRAIN_RULES,
    .nrules = CONFIG_COUNT(TRAIN_RULES),
    .paths = TRAIN_PATHS,
    .npaths = CONFIG_COUNT(TRAIN_PATHS),
};

void train_config_register(void) { config_register(&TRAIN_PART); }

bool train_config_generates(const TrainConfig *tc) { return !strcmp(tc->data, "datagen"); }

const TrainConfig *train_config(const Config *cfg) { return config_fields(cfg, &TRAIN_PART, 0); }

TrainConfig *train_config_edit(Config *cfg) { return config_fields_edit(cfg, &TRAIN_PART, 0); }
