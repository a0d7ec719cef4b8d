/* values_config.h: the [values] section (config_schema.h), owned by the values job. */
#ifndef MAXTUNE_VALUES_CONFIG_H
#define MAXTUNE_VALUES_CONFIG_H

#include <stdbool.h>

#include "tune/run/config.h"

/* Piece values two ways: [values]. */
typedef struct ValuesConfig {
    char positions[256];      /* "selfplay", a .traces file, or "none" (no regression) */
    long pairs;               /* handicap pairs per piece type (0 = no handicap matches) */
    long calibration_pairs;   /* pincer-odds pairs (Martian Chess: point-odds): the unit */
    long calibration_pincers; /* pincers removed in the calibration (Elo / N = a pincer) */
    char types[256];          /* piece types to value, comma separated weight names */
    char offsets[256];        /* "type:k, ...": the side with the piece also lacks k pincers */
    bool pgn;                 /* write the handicap games as handicap.pgn */
} ValuesConfig;

/* The [values] section of cfg; values_config_edit for a caller that changes it. */
const ValuesConfig *values_config(const Config *cfg);
ValuesConfig *values_config_edit(Config *cfg);

/* Registers [values] with the config (catalog.c, in the order of the jobs). */
void values_config_register(void);

#endif
