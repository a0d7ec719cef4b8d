/* edge_config.c: the [edge] section's rows and its nodes list (see edge_config.h). */
#include "edge_config.h"

#include <stdio.h>

#include "search/weights.h"
#include "tune/jobs/common/series.h"
#include "tune/run/config_schema.h"

/* StringCheck of the nodes list (series_parse_nodes, 2..EDGE_MAX_DEPTHS strengths). */
static bool check_nodes(const char *value, char *msg, size_t len)
{
    long node[EDGE_MAX_DEPTHS];
    return series_parse_nodes(value, node, EDGE_MIN_DEPTHS, EDGE_MAX_DEPTHS, msg, len) > 0;
}

static const ConfigKey EDGE_KEYS[] = {
    KEY_STR(EdgeConfig, weights, "default", OPTIONAL, NULL,
            "the engine that plays itself: a weights file or a built-in set of the run's game "
            "(default: the game's own default)"),
    KEY_STR(EdgeConfig, nodes, "500, 2000, 8000", OPTIONAL, check_nodes,
            "nodes per move of each strength, increasing (2 to 6 strengths)"),
    KEY_INT(EdgeConfig, games, "1", "10000000", "1000",
            "self-play games at each strength (a fresh random opening each; [match] "
            "opening_plies)"),
};

/* Parses the nodes list (checked) into the strengths. */
static void edge_finish(void *fields)
{
    EdgeConfig *ec = fields;
    char err[128];
    int n = series_parse_nodes(ec->nodes, ec->node, EDGE_MIN_DEPTHS, EDGE_MAX_DEPTHS, err,
                               sizeof err);
    ec->ndepths = n > 0 ? n : 0;
}

static const ConfigSection EDGE_SECTIONS[] = {
    {"edge", NULL,
     "the edge job (job = edge): the run's game in self-play at several strengths; the first "
     "player's edge and how the games end",
     "edge", false},
};

static const ConfigPathKey EDGE_PATHS[] = {{"weights", WEIGHTS_BUILTIN "|ultima"}};

static const ConfigPart EDGE_PART = {
    .group = "EdgeConfig",
    .size = sizeof(EdgeConfig),
    .sections = EDGE_SECTIONS,
    .nsections = CONFIG_COUNT(EDGE_SECTIONS),
    .keys = EDGE_KEYS,
    .nkeys = CONFIG_COUNT(EDGE_KEYS),
    .paths = EDGE_PATHS,
    .npaths = CONFIG_COUNT(EDGE_PATHS),
    .finish = edge_finish,
};

void edge_config_register(void) { config_register(&EDGE_PART); }

const EdgeConfig *edge_config(const Config *cfg) { return config_fields(cfg, &EDGE_PART, 0); }
