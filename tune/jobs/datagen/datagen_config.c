/* datagen_config.c: the [datagen] section's rows (see datagen_config.h). */
#include "datagen_config.h"

#include "tune/run/config_schema.h"

static const ConfigKey DATAGEN_KEYS[] = {
    KEY_INT(DatagenConfig, games, "1", "100000000", "1000",
            "self-play games of [engine_a] against itself (its weights and limits for both "
            "sides), game i from random opening i ([match] opening_plies)"),
    KEY_INT(DatagenConfig, skip_plies, "0", "1000", "8",
            "positions fewer than this many plies after the opening are not kept"),
    KEY_BOOL(DatagenConfig, skip_check, "true",
             "drop positions whose side to move is in check (games with a King)"),
    KEY_BOOL(DatagenConfig, skip_captures, "true",
             "drop positions whose played move (the search's best) captures"),
    KEY_INT(DatagenConfig, max_score, "1", "32000", "3000",
            "drop positions whose |search score| exceeds this (centipawns); mate scores and "
            "decided games are always dropped"),
    KEY_BOOL(DatagenConfig, pgn, "false", "write the games as games.pgn"),
};

static const ConfigSection DATAGEN_SECTIONS[] = {
    {"datagen", NULL,
     "the datagen job (job = datagen): self-play positions with the search's score and the "
     "game's result, for the network trainer (positions.bin); job = train with data = datagen "
     "runs one first",
     "datagen|train|learn", false},
};

static const ConfigPart DATAGEN_PART = {
    .group = "DatagenConfig",
    .size = sizeof(DatagenConfig),
    .sections = DATAGEN_SECTIONS,
    .nsections = CONFIG_COUNT(DATAGEN_SECTIONS),
    .keys = DATAGEN_KEYS,
    .nkeys = CONFIG_COUNT(DATAGEN_KEYS),
};

void datagen_config_register(void) { config_register(&DATAGEN_PART); }

const DatagenConfig *datagen_config(const Config *cfg)
{
    return config_fields(cfg, &DATAGEN_PART, 0);
}
