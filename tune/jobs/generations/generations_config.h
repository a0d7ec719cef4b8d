/* generations_config.h: the [generations] section (config_schema.h), owned by the generations
 * job: where the first generation starts, how many generations run, and the ladder that puts
 * them on one Elo scale. */
#ifndef MAXTUNE_GENERATIONS_CONFIG_H
#define MAXTUNE_GENERATIONS_CONFIG_H

#include "tune/run/config.h"

/* At most this many generations: the ladder plays each with the start (16 players). */
enum { GENERATIONS_MAX = 15 };

/* Generations of the tuning pipeline ([run] job = generations): each a pipeline run from the
 * winner of the one before; the stages read [pipeline], [selfplay], [fit] and [spsa]. */
typedef struct GenerationsConfig {
    char start_weights[256]; /* generation 0: the weights the first generation starts from */
    long count;              /* the generations to run */
    long ladder_nodes;       /* nodes per move of the ladder */
    long ladder_pairs;       /* game pairs of each pairing of the ladder */
} GenerationsConfig;

/* The [generations] section of cfg. */
const GenerationsConfig *generations_config(const Config *cfg);

/* Registers [generations] with the config (catalog.c, in the order of the jobs). */
void generations_config_register(void);

#endif
