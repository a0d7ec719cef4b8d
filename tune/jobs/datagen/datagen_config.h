/* datagen_config.h: the [datagen] section (config_schema.h), owned by the datagen job: how many
 * self-play games, and which of their positions go into positions.bin. */
#ifndef MAXTUNE_DATAGEN_CONFIG_H
#define MAXTUNE_DATAGEN_CONFIG_H

#include <stdbool.h>

#include "tune/run/config.h"

/* The datagen job's settings: [datagen]. */
typedef struct DatagenConfig {
    long games;         /* self-play games of [engine_a] against itself */
    long skip_plies;    /* positions before this many plies after the opening are dropped */
    bool skip_check;    /* drop positions whose side to move is in check */
    bool skip_captures; /* drop positions whose played (best) move captures */
    long max_score;     /* drop positions whose |search score| exceeds this (centipawns) */
    bool pgn;           /* write the games as games.pgn */
} DatagenConfig;

/* The [datagen] section of cfg. */
const DatagenConfig *datagen_config(const Config *cfg);

/* Registers [datagen] with the config (catalog.c, in the order of the jobs). */
void datagen_config_register(void);

#endif
