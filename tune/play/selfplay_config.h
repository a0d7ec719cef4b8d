/* selfplay_config.h: the [selfplay] section (config_schema.h), owned by the play layer, which plays the
 * games and samples the positions; read by the selfplay, fit, values and pipeline jobs. */
#ifndef MAXTUNE_SELFPLAY_CONFIG_H
#define MAXTUNE_SELFPLAY_CONFIG_H

#include <stdbool.h>

#include "tune/run/config.h"

/* Self-play positions for the fit and the values jobs: [selfplay]. */
typedef struct SelfplayConfig {
    long games;         /* games to play ([engine_a] against [engine_b], colours alternating) */
    long skip_plies;    /* plies after the opening that are never sampled */
    double sample_rate; /* chance that a position is examined */
    long quiet_margin;  /* keep a position when |1-ply search - static eval| <= this (cp) */
    long max_eval;      /* drop positions whose |static eval| exceeds this (cp) */
    bool pgn;           /* write the games as games.pgn */
    char sampling[8];   /* margin (quiet_margin) | leaf (the capture search's PV leaf) */
} SelfplayConfig;

/* Whether [selfplay] sampling = leaf: each examined position resolved to the leaf of its
 * capture search (with the search's score stored). */
bool selfplay_config_leaf(const SelfplayConfig *sc);

/* The [selfplay] section of cfg; selfplay_config_edit for a caller that changes it. */
const SelfplayConfig *selfplay_config(const Config *cfg);
SelfplayConfig *selfplay_config_edit(Config *cfg);

/* Registers [selfplay] with the config (catalog.c, in the order of the jobs). */
void selfplay_config_register(void);

#endif
