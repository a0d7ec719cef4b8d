/* study_config.h: the [study] section (config_schema.h), owned by the study job: the engine
 * settings whose piece values the study measures, and the ladder that puts them on one Elo
 * scale. */
#ifndef MAXTUNE_STUDY_CONFIG_H
#define MAXTUNE_STUDY_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "tune/run/config.h"

enum { STUDY_MAX_SETTINGS = 6 };

/* One engine setting: weights (a file, "default", "v1", "v2" or "material") at a number of nodes
 * per move, and its label (the name given as "name=weights@nodes", else the weights' name
 * without folder or extension; a dash, the nodes: "default-2000"), which names its parts'
 * folders and its player in the ladder. */
typedef struct StudySetting {
    char weights[256];
    long nodes;
    char label[48];
} StudySetting;

/* The piece-value study: [study]. */
typedef struct StudyConfig {
    char engines[1024];      /* "[name=]weights@nodes, ...": the settings measured, weakest first */
    char ladder_extra[1024]; /* "[name=]weights@nodes, ...": ladder-only settings */
    long ladder_pairs;       /* game pairs of each pairing of the ladder */
    /* Parsed at load from the text above (not keys): */
    StudySetting setting[STUDY_MAX_SETTINGS]; /* engines, then ladder_extra */
    int nmeasured;                            /* the settings of engines */
    int nsettings;                            /* all of them */
} StudyConfig;

/* The [study] section of cfg. */
const StudyConfig *study_config(const Config *cfg);

/* Parses "[name=]weights@nodes, ..." into out[0..max) (labels made); returns the count, or -1 with
 * the problem in err. */
int study_parse_settings(const char *text, StudySetting *out, int max, char *err, size_t errlen);

/* Registers [study] with the config (catalog.c, in the order of the jobs). */
void study_config_register(void);

#endif
