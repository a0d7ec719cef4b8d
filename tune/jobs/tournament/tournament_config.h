/* tournament_config.h: the [tournament] section (config_schema.h), owned by the tournament job. */
#ifndef MAXTUNE_TOURNAMENT_CONFIG_H
#define MAXTUNE_TOURNAMENT_CONFIG_H

#include <stdbool.h>

#include "tune/run/config.h"

/* A tournament of the players [engine_a], [engine_b], [engine_c], ...: [tournament]. */
typedef struct TournamentConfig {
    char format[16];   /* "round_robin" (every two players meet) or "gauntlet" ([engine_a] meets
                        * every other player) */
    long pairs;        /* game pairs per pairing, default 50 */
    char anchor[64];   /* the player whose rating is held at anchor_elo ("" = [engine_a]'s) */
    double anchor_elo; /* default 0 */
    double draws;      /* virtual draws between every two players who met, default 0 */
} TournamentConfig;

/* The [tournament] section of cfg; tournament_config_edit for a caller that changes it. */
const TournamentConfig *tournament_config(const Config *cfg);
TournamentConfig *tournament_config_edit(Config *cfg);

/* Registers [tournament] with the config (catalog.c, in the order of the jobs). */
void tournament_config_register(void);

#endif
