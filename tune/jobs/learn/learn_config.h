/* learn_config.h: the [learn] section (config_schema.h), owned by the learn job (learn.h): how
 * many generations of networks it trains and the gate each must pass to be kept. */
#ifndef MAXTUNE_LEARN_CONFIG_H
#define MAXTUNE_LEARN_CONFIG_H

#include "tune/run/config.h"

/* At most this many generations. */
enum { LEARN_MAX = 20 };

/* Generations of networks ([run] job = learn): each a train run ([train], [datagen], [match])
 * on the data of the best engine so far, then a gate match against it. */
typedef struct LearnConfig {
    long generations;  /* the generations to run */
    long gate_nodes;   /* nodes per move of each gate's two players */
    long gate_pairs;   /* game pairs of each gate */
    long gate_hash_mb; /* hash MiB of each gate's two players */
} LearnConfig;

/* The [learn] section of cfg. */
const LearnConfig *learn_config(const Config *cfg);

/* Registers [learn] with the config (catalog.c, in the order of the jobs). */
void learn_config_register(void);

#endif
