/* family_config.c: the [family] section's rows and its nodes list's parser (see
 * family_config.h). */
#include "family_config.h"

#include <stdio.h>

#include "search/weights.h"
#include "tune/jobs/common/series.h"
#include "tune/run/config_schema.h"

/* Parses the nodes list into out (3..FAMILY_MAX_DEPTHS depths); the count, or -1 with err. */
static int parse_nodes(const char *text, long *out, char *err, size_t errlen)
{
    return series_parse_nodes(text, out, 3, FAMILY_MAX_DEPTHS, err, errlen);
}

/* StringCheck of the nodes list. */
static bool check_nodes(const char *value, char *msg, size_t len)
{
    long node[FAMILY_MAX_DEPTHS];
    return parse_nodes(value, node, msg, len) > 0;
}

static const ConfigKey FAMILY_KEYS[] = {
    KEY_STR(FamilyConfig, maxima_weights, "default", OPTIONAL, NULL,
            "Maxima's engine: a weights file or a built-in set (default, v1, v2, material)"),
    KEY_STR(FamilyConfig, ultima_weights, "default", OPTIONAL, NULL,
            "Ultima's engine: a weights file or a built-in set (default, ultima: the start "
            "table)"),
    KEY_STR(FamilyConfig, nodes, "500, 2000, 8000", OPTIONAL, check_nodes,
            "nodes per move of each game's self-play series, increasing (3 or 4 depths)"),
    KEY_INT(FamilyConfig, games, "1", "10000000", "400",
            "self-play games of each game at each depth (a fresh random opening each)"),
    KEY_INT(FamilyConfig, defence, "100", "1000", "300",
            "the defensive player's percent (see [engine_a] defence) in each game against the "
            "normal engine; 100: no defensive experiment"),
    KEY_INT(FamilyConfig, defence_nodes, "1", "100000000", "2000",
            "nodes per move of the defensive player's games (both players)"),
    KEY_INT(FamilyConfig, defence_games, "1", "10000000", "400",
            "games of the defensive player against the normal engine in each game (colours "
            "alternating)"),
};

/* Parses the nodes list (checked) into the depths. */
static void family_finish(void *fields)
{
    FamilyConfig *fc = fields;
    char err[128];
    int n = parse_nodes(fc->nodes, fc->node, err, sizeof err);
    fc->ndepths = n > 0 ? n : 0;
}

static const ConfigSection FAMILY_SECTIONS[] = {
    {"family", NULL,
     "the family study (job = family): Maxima's and Ultima's engines against themselves at "
     "several depths, and a defensive player in each",
     "family", false},
};

static const ConfigPathKey FAMILY_PATHS[] = {{"maxima_weights", WEIGHTS_BUILTIN},
                                             {"ultima_weights", WEIGHTS_BUILTIN "|ultima"}};

static const ConfigPart FAMILY_PART = {
    .group = "FamilyConfig",
    .size = sizeof(FamilyConfig),
    .sections = FAMILY_SECTIONS,
    .nsections = CONFIG_COUNT(FAMILY_SECTIONS),
    .keys = FAMILY_KEYS,
    .nkeys = CONFIG_COUNT(FAMILY_KEYS),
    .paths = FAMILY_PATHS,
    .npaths = CONFIG_COUNT(FAMILY_PATHS),
    .finish = family_finish,
};

void family_config_register(void) { config_register(&FAMILY_PART); }

const FamilyConfig *family_config(const Config *cfg) { return config_fields(cfg, &FAMILY_PART, 0); }
