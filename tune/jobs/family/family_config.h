/* family_config.h: the [family] section (config_schema.h), owned by the family job: the two
 * games' engines, the depths their self-play is measured at, and the defensive player. */
#ifndef MAXTUNE_FAMILY_CONFIG_H
#define MAXTUNE_FAMILY_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "tune/run/config.h"

enum { FAMILY_MAX_DEPTHS = 4 };

/* The family study: [family]. */
typedef struct FamilyConfig {
    char maxima_weights[256]; /* Maxima's engine: a weights file or a built-in name */
    char ultima_weights[256]; /* Ultima's engine */
    char nodes[256];    /* "500, 2000, 8000": the nodes per move of the self-play series (3 or 4) */
    long games;         /* self-play games of each game at each depth */
    long defence;       /* the defensive player's percent (100: no defensive experiment) */
    long defence_nodes; /* nodes per move of the defensive player's games */
    long defence_games; /* its games against the normal engine, in each game */
    /* Parsed at load from nodes (not a key): */
    long node[FAMILY_MAX_DEPTHS];
    int ndepths;
} FamilyConfig;

/* The [family] section of cfg. */
const FamilyConfig *family_config(const Config *cfg);

/* Registers [family] with the config (catalog.c, in the order of the jobs). */
void family_config_register(void);

#endif
