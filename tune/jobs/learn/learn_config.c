/* learn_config.c: the [learn] section's rows (see learn_config.h). */
#include "learn_config.h"

#include "tune/run/config_schema.h"

static const ConfigKey LEARN_KEYS[] = {
    KEY_INT(LearnConfig, generations, "1", "20", "2",
            "generations of networks, each trained on the data of the best engine so far and "
            "kept when its gate finds it stronger"),
    KEY_INT(LearnConfig, gate_nodes, "1", "1000000000000", "2000",
            "nodes per move of each gate (a generation's network against the best so far)"),
    KEY_INT(LearnConfig, gate_pairs, "1", "10000000", "200", "game pairs of each gate"),
    KEY_INT(LearnConfig, gate_hash_mb, "1", "4096", "16",
            "hash MiB of each of a gate's two players"),
};

static const ConfigSection LEARN_SECTIONS[] = {
    {"learn", NULL,
     "generations of networks (job = learn): each a train run ([train], [datagen], [match]) on "
     "the data of the best engine so far, kept when its gate finds it stronger",
     "learn", false},
};

static const ConfigPart LEARN_PART = {
    .group = "LearnConfig",
    .size = sizeof(LearnConfig),
    .sections = LEARN_SECTIONS,
    .nsections = CONFIG_COUNT(LEARN_SECTIONS),
    .keys = LEARN_KEYS,
    .nkeys = CONFIG_COUNT(LEARN_KEYS),
};

void learn_config_register(void) { config_register(&LEARN_PART); }

const LearnConfig *learn_config(const Config *cfg) { return config_fields(cfg, &LEARN_PART, 0); }
