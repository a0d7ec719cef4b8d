/* spsa_config.c: the [spsa] section's rows (see spsa_config.h). */
#include "spsa_config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "tune/play/player_config.h"
#include "search/weights.h"
#include "tune/run/config_schema.h"
#include "tune/run/config_value.h"
#include "tune/run/params.h"

int spsa_config_parse_options(const char *text, SpsaOption *out, int max, char *err, size_t errlen)
{
    int n = 0;
    for (const char *s = text; *s;) {
        size_t len = strcspn(s, ",");
        char item[256], rest;
        snprintf(item, sizeof item, "%.*s", (int)(len < sizeof item ? len : sizeof item - 1), s);
        s += len + (s[len] == ',');
        SpsaOption o = {.c_end = -1, .r_end = -1};
        int got = sscanf(item, " %63[^: \t] : %lf : %lf : %lf : %lf : %lf %c", o.name, &o.start,
                         &o.min, &o.max, &o.c_end, &o.r_end, &rest);
        const char *problem = got < 4 || got > 6 ? "expected Name:start:min:max[:c_end[:r_end]]"
                              : o.min >= o.max   ? "min must be below max"
                              : o.start < o.min || o.start > o.max ? "start outside [min, max]"
                              : (got >= 5 && o.c_end <= 0) || (got == 6 && o.r_end < 0)
                                  ? "c_end must be > 0 and r_end >= 0"
                              : n == max ? "too many options"
                                         : NULL;
        for (int i = 0; !problem && i < n; i++)
            if (!strcasecmp(out[i].name, o.name)) /* UCI option names: any case */
                problem = "option given twice";
        if (problem) {
            snprintf(err, errlen, "%s: %s", config_trim(item), problem);
            return -1;
        }
        out[n++] = o;
    }
    return n;
}

/* [spsa] params_start: "", "file" or "weights". */
static bool check_params_start(const char *v, char *msg, size_t len)
{
    if (!v[0] || !strcmp(v, "file") || !strcmp(v, "weights"))
        return true;
    snprintf(msg, len, "expected file or weights");
    return false;
}

/* [spsa] options: what config_parse_spsa_options reads. */
static bool check_spsa_options(const char *v, char *msg, size_t len)
{
    SpsaOption o[SPSA_CONFIG_MAX_OPTIONS];
    return player_check_protocol_text(v, msg, len) &&
           spsa_config_parse_options(v, o, SPSA_CONFIG_MAX_OPTIONS, msg, len) >= 0;
}

/* Parses [spsa] options (checked when set) into the typed list. */
static void spsa_finish(void *fields)
{
    SpsaConfig *sc = fields;
    char err[256];
    memset(sc->option, 0, sizeof sc->option);
    sc->noptions = spsa_config_parse_options(sc->options, sc->option, SPSA_CONFIG_MAX_OPTIONS, err,
                                             sizeof err);
    if (sc->noptions < 0)
        sc->noptions = 0;
}

static const ConfigKey SPSA_KEYS[] = {
    KEY_STR(SpsaConfig, start_weights, "default", OPTIONAL, NULL,
            "weights the tuning starts from: a file, \"default\", \"v1\" or \"material\""),
    KEY_STR(SpsaConfig, params,
            "pincer,coordinator,long_leaper,chameleon,withdrawer,immobilizer,mage,guard", OPTIONAL,
            params_check,
            "parameters to tune, comma separated: weights or terms (a term's weights move "
            "together), @groups (each weight its own parameter, e.g. @all)"),
    KEY_STR(SpsaConfig, params_file, "none", OPTIONAL, NULL,
            "\"none\" or a file of lines \"name, start, min, max, c_end, r_end\" (fishtest)"),
    KEY_STR_SPARSE(SpsaConfig, params_start, "", check_params_start,
                   "where each params_file parameter starts: \"file\" (its start column; \"\" "
                   "too) or \"weights\" (start_weights' value, kept within its [min, max]: a "
                   "pipeline's SPSA from the fitted weights)"),
    KEY_INT(SpsaConfig, iterations, "1", "100000000", "1000", "SPSA iterations"),
    KEY_INT(SpsaConfig, pairs_per_iteration, "1", "1000", "1",
            "game pairs per iteration (theta+ against theta-)"),
    KEY_INT(SpsaConfig, batch, "1", "100000", "8",
            "iterations played in parallel from the same theta (OpenBench batching)"),
    KEY_REAL(SpsaConfig, a_ratio, "0", "10", "0.1",
             "A = int(a_ratio * iterations), truncated as fishtest does"),
    KEY_REAL(SpsaConfig, alpha, "0", "2", "0.602", "learning-rate decay exponent"),
    KEY_REAL(SpsaConfig, gamma, "0", "2", "0.101", "perturbation decay exponent"),
    KEY_REAL(SpsaConfig, c_end, "0.001", "100000", "20",
             "final perturbation size of each parameter (centipawns; at most an eighth of a "
             "parameter's range)"),
    KEY_REAL(SpsaConfig, r_end, "0", "100", "0.002", "final learning rate of each parameter"),
    KEY_INT(SpsaConfig, verify_pairs, "0", "10000000", "200",
            "pairs of the verification match, tuned against start (0 = none)"),
    KEY_STR_SPARSE(SpsaConfig, options, "", check_spsa_options,
                   "UCI options of the external [engine_a] to tune instead of weights: "
                   "\"Name:start:min:max[:c_end[:r_end]], ...\" (integers; c_end and r_end "
                   "default to the keys above), \"\" = tune weights"),

};

/* [spsa] params: the run's game's weights (params_check_run). */
static bool spsa_config_check(const Config *cfg, ConfigCheck *ck)
{
    return params_check_run(cfg, ck, "spsa", "params", spsa_config(cfg)->params);
}

static const ConfigGameDefault SPSA_GAME_DEFAULTS[] = {
    {"ultima", "params", PARAMS_ULTIMA_PIECES},
    {"martian", "params", PARAMS_MARTIAN_PIECES},
    {"martian4", "params", PARAMS_MARTIAN_PIECES},
};

static const ConfigSection SPSA_SECTIONS[] = {
    {"spsa", NULL, "SPSA tuning (job = spsa): what to tune, how long, how fast", NULL, false},
};

static const ConfigPathKey SPSA_PATHS[] = {
    {"start_weights", WEIGHTS_BUILTIN},
    {"params_file", "none"},
};

static const ConfigPart SPSA_PART = {
    .group = "SpsaConfig",
    .size = sizeof(SpsaConfig),
    .sections = SPSA_SECTIONS,
    .nsections = CONFIG_COUNT(SPSA_SECTIONS),
    .keys = SPSA_KEYS,
    .nkeys = CONFIG_COUNT(SPSA_KEYS),
    .finish = spsa_finish,
    .paths = SPSA_PATHS,
    .npaths = CONFIG_COUNT(SPSA_PATHS),
    .check = spsa_config_check,
    .game_defaults = SPSA_GAME_DEFAULTS,
    .ngame_defaults = CONFIG_COUNT(SPSA_GAME_DEFAULTS),
};

void spsa_config_register(void) { config_register(&SPSA_PART); }

const SpsaConfig *spsa_config(const Config *cfg) { return config_fields(cfg, &SPSA_PART, 0); }

SpsaConfig *spsa_config_edit(Config *cfg) { return config_fields_edit(cfg, &SPSA_PART, 0); }
