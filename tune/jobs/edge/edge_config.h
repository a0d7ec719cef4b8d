/* edge_config.h: the [edge] section (config_schema.h), owned by the edge job: the engine that
 * plays itself, the strengths it plays at and the games at each. */
#ifndef MAXTUNE_EDGE_CONFIG_H
#define MAXTUNE_EDGE_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "tune/run/config.h"

enum { EDGE_MIN_DEPTHS = 2, EDGE_MAX_DEPTHS = 6 };

/* The edge job's settings: [edge]. */
typedef struct EdgeConfig {
    char weights[256]; /* the engine: a weights file or a built-in name, of the run's game */
    char nodes[256];   /* "500, 2000, 8000": the nodes per move of each strength (2..6) */
    long games;        /* self-play games at each strength */
    /* Parsed at load from nodes (not a key): */
    long node[EDGE_MAX_DEPTHS];
    int ndepths;
} EdgeConfig;

/* The [edge] section of cfg. */
const EdgeConfig *edge_config(const Config *cfg);

/* Registers [edge] with the config (catalog.c, in the order of the jobs). */
void edge_config_register(void);

#endif
