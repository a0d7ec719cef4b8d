/* values_config.c: the [values] section's rows (see values_config.h). */
#include "values_config.h"

#include "tune/run/config_schema.h"
#include "tune/run/params.h"

static const ConfigKey VALUES_KEYS[] = {
    KEY_STR(ValuesConfig, positions, "selfplay", OPTIONAL, NULL,
            "regression data: \"selfplay\" (play [selfplay] first), a .traces file, or "
            "\"none\""),
    KEY_INT(ValuesConfig, pairs, "0", "10000000", "100",
            "handicap game pairs per piece type, 0 = no handicap matches"),
    KEY_INT(ValuesConfig, calibration_pairs, "1", "10000000", "200",
            "pincer-odds game pairs (Martian Chess: point-odds, a point of score given): the unit "
            "of the handicap "
            "method"),
    KEY_INT(ValuesConfig, calibration_pincers, "1", "6", "1",
            "pincers removed (Martian Chess: points given) in the calibration matches; a pincer is "
            "worth 1/N of their Elo (N > 1 measures the unit more precisely, assuming pincers' "
            "worth adds up)"),
    KEY_STR(ValuesConfig, types,
            "pincer,coordinator,long_leaper,chameleon,withdrawer,"
            "immobilizer,mage,guard",
            OPTIONAL, NULL, "piece types to value: comma separated material weight names"),
    KEY_STR_EMPTY(
        ValuesConfig, offsets, "",
        "imbalance handicaps, e.g. \"mage:6, guard:2\": the side that keeps the piece gives "
        "k pincers (0..6; Martian Chess: k points of score), so the match is near equal and the "
        "value is k + "
        "its Elo / a pincer's (far more precise for big pieces); types not listed: k = 0"),
    KEY_BOOL(ValuesConfig, pgn, "false", "write the handicap games as handicap.pgn"),

};

static const ConfigGameDefault VALUES_GAME_DEFAULTS[] = {
    {"ultima", "types", PARAMS_ULTIMA_PIECES},
    {"martian", "types", PARAMS_MARTIAN_PIECES},
    {"martian4", "types", PARAMS_MARTIAN_PIECES},
};

static const ConfigSection VALUES_SECTIONS[] = {
    {"values", NULL, "piece values by regression and by handicap matches (job = values)", NULL,
     false},
};

static const ConfigPathKey VALUES_PATHS[] = {
    {"positions", "selfplay|none"},
};

static const ConfigPart VALUES_PART = {
    .group = "ValuesConfig",
    .size = sizeof(ValuesConfig),
    .sections = VALUES_SECTIONS,
    .nsections = CONFIG_COUNT(VALUES_SECTIONS),
    .keys = VALUES_KEYS,
    .nkeys = CONFIG_COUNT(VALUES_KEYS),
    .paths = VALUES_PATHS,
    .npaths = CONFIG_COUNT(VALUES_PATHS),
    .game_defaults = VALUES_GAME_DEFAULTS,
    .ngame_defaults = CONFIG_COUNT(VALUES_GAME_DEFAULTS),
};

void values_config_register(void) { config_register(&VALUES_PART); }

const ValuesConfig *values_config(const Config *cfg) { return config_fields(cfg, &VALUES_PART, 0); }

ValuesConfig *values_config_edit(Config *cfg) { return config_fields_edit(cfg, &VALUES_PART, 0); }
