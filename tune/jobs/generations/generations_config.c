/* generations_config.c: the [generations] section's rows (see generations_config.h). */
#include "generations_config.h"

#include "search/weights.h"
#include "tune/run/config_schema.h"

static const ConfigKey GENERATIONS_KEYS[] = {
    KEY_STR(GenerationsConfig, start_weights, "default", OPTIONAL, NULL,
            "weights the first generation starts from (generation 0): a file, \"default\", "
            "\"v1\", \"v2\" or \"material\""),
    KEY_INT(GenerationsConfig, count, "1", "15", "2",
            "generations to run, each a pipeline from the winner of the one before"),
    KEY_INT(GenerationsConfig, ladder_nodes, "1", "1000000000000", "2000",
            "nodes per move of the ladder (every generation against every other)"),
    KEY_INT(GenerationsConfig, ladder_pairs, "1", "10000000", "100",
            "game pairs of each pairing of the ladder"),
};

static const ConfigSection GENERATIONS_SECTIONS[] = {
    {"generations", NULL,
     "generations of the tuning pipeline (job = generations): each a pipeline run ([pipeline], "
     "[selfplay], [fit], [spsa]) from the winner of the one before, then a ladder of them all",
     "generations", false},
};

static const ConfigPathKey GENERATIONS_PATHS[] = {
    {"start_weights", WEIGHTS_BUILTIN},
};

static const ConfigPart GENERATIONS_PART = {
    .group = "GenerationsConfig",
    .size = sizeof(GenerationsConfig),
    .sections = GENERATIONS_SECTIONS,
    .nsections = CONFIG_COUNT(GENERATIONS_SECTIONS),
    .keys = GENERATIONS_KEYS,
    .nkeys = CONFIG_COUNT(GENERATIONS_KEYS),
    .paths = GENERATIONS_PATHS,
    .npaths = CONFIG_COUNT(GENERATIONS_PATHS),
};

void generations_config_register(void) { config_register(&GENERATIONS_PART); }

const GenerationsConfig *generations_config(const Config *cfg)
{
    return config_fields(cfg, &GENERATIONS_PART, 0);
}
