/* selfplay_config.c: the [selfplay] section's rows (see selfplay_config.h). */
#include "selfplay_config.h"

#include <string.h>

#include "tune/run/config_schema.h"

static const ConfigKey SELFPLAY_KEYS[] = {
    KEY_INT(SelfplayConfig, games, "1", "100000000", "200",
            "games to play, [engine_a] against [engine_b] (A has White in even games)"),
    KEY_INT(SelfplayConfig, skip_plies, "0", "1000", "8",
            "plies after the opening whose positions are never sampled"),
    KEY_REAL(SelfplayConfig, sample_rate, "0.0001", "1", "0.3",
             "chance that a position is examined for sampling"),
    KEY_INT(SelfplayConfig, quiet_margin, "0", "100000", "60",
            "keep a position when a 1-ply search (with capture search) and the static eval "
            "differ by at most this (centipawns)"),
    KEY_INT(SelfplayConfig, max_eval, "1", "100000", "3000",
            "drop positions whose |static eval| exceeds this (centipawns)"),
    KEY_BOOL(SelfplayConfig, pgn, "false", "write the self-play games as games.pgn"),
    KEY_ENUM_SPARSE(SelfplayConfig, sampling, "margin|leaf", "margin",
                    "margin: keep the examined position when quiet (quiet_margin); leaf: resolve "
                    "it by the capture search and keep the leaf of its principal variation, with "
                    "the search's score (for [fit] label = score or blend)"),

};

static const ConfigSection SELFPLAY_SECTIONS[] = {
    {"selfplay", NULL,
     "self-play positions (job = selfplay, and fit/values with positions = selfplay)", NULL, false},
};

static const ConfigPart SELFPLAY_PART = {
    .group = "SelfplayConfig",
    .size = sizeof(SelfplayConfig),
    .sections = SELFPLAY_SECTIONS,
    .nsections = CONFIG_COUNT(SELFPLAY_SECTIONS),
    .keys = SELFPLAY_KEYS,
    .nkeys = CONFIG_COUNT(SELFPLAY_KEYS),
};

void selfplay_config_register(void) { config_register(&SELFPLAY_PART); }

bool selfplay_config_leaf(const SelfplayConfig *sc) { return !strcmp(sc->sampling, "leaf"); }

const SelfplayConfig *selfplay_config(const Config *cfg)
{
    return config_fields(cfg, &SELFPLAY_PART, 0);
}

SelfplayConfig *selfplay_config_edit(Config *cfg)
{
    return config_fields_edit(cfg, &SELFPLAY_PART, 0);
}
