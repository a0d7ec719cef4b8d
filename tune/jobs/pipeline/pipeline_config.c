/* pipeline_config.c: the [pipeline] section's rows (see pipeline_config.h). */
#include "pipeline_config.h"

#include <stdio.h>
#include <string.h>

#include "search/weights.h"
#include "tune/jobs/spsa/spsa_config.h"
#include "tune/run/config_schema.h"
#include "tune/run/params.h"

int pipeline_opponents(const char *list, char out[][256], int max, char *err, size_t errlen)
{
    int n = 0;
    const char *p = list;
    while (*p == ' ')
        p++;
    if (!strcmp(p, "none"))
        return 0;
    for (;;) {
        size_t len = strcspn(p, ",");
        size_t end = len;
        while (end > 0 && p[end - 1] == ' ')
            end--;
        if (end == 0 || end >= 256) {
            snprintf(err, errlen, "\"%s\": %s", list,
                     end ? "a name longer than 255 characters"
                         : "an empty item (a list of weights, or none)");
            return -1;
        }
        if (n >= max) {
            snprintf(err, errlen, "\"%s\": more than %d opponents", list, max);
            return -1;
        }
        snprintf(out[n++], 256, "%.*s", (int)end, p);
        if (!p[len])
            return n;
        p += len + 1;
        while (*p == ' ')
            p++;
    }
}

/* StringCheck of gate_opponents: a list pipeline_opponents reads. */
static bool check_opponents(const char *value, char *msg, size_t len)
{
    char names[PIPE_MAX_OPPONENTS][256];
    return pipeline_opponents(value, names, PIPE_MAX_OPPONENTS, msg, len) >= 0;
}

static const ConfigKey PIPELINE_KEYS[] = {
    KEY_STR(PipelineConfig, start_weights, "default", OPTIONAL, NULL,
            "weights the pipeline starts from: self-play, the fit's start, the gate's opponent"),
    KEY_STR(PipelineConfig, fit_params, "@eval", OPTIONAL, params_check,
            "parameters of the fit stage ([fit] params' form), e.g. @eval"),
    KEY_STR(PipelineConfig, spsa_params,
            "palace_occupy,palace_reach,palace_double,king_pressure,frozen,tempo", OPTIONAL,
            params_check,
            "parameters of the SPSA stage ([spsa] params' form), tuned from the fitted weights"),
    KEY_INT(PipelineConfig, gate_nodes, "1", "1000000000000", "2000",
            "nodes per move of the final gate match (final weights against the start)"),
    KEY_INT(PipelineConfig, gate_pairs, "1", "10000000", "500",
            "game pairs of the gate (the most, with gate_sprt)"),
    KEY_BOOL(PipelineConfig, gate_sprt, "false",
             "stop the gate by [match]'s SPRT (elo0, elo1, alpha, beta), else play every pair"),
    KEY_STR(PipelineConfig, gate_opponents, "none", OPTIONAL, check_opponents,
            "other engines the final weights also play after the gate, gate_pairs pairs each at "
            "gate_nodes (every pair) in gate-1/, gate-2/, ...: none, or up to 4 weights, comma "
            "separated (built-in sets such as start, default, material, or files)"),

};

/* [pipeline] fit_params and spsa_params: the run's game's weights (params_check_run). */
static bool pipeline_config_check(const Config *cfg, ConfigCheck *ck)
{
    const PipelineConfig *pc = pipeline_config(cfg);
    return params_check_run(cfg, ck, "pipeline", "fit_params", pc->fit_params) &&
           params_check_run(cfg, ck, "pipeline", "spsa_params", pc->spsa_params);
}

/* Ultima has no palace nor Maxima's frozen: its SPSA stage tunes the King's safety, the
 * frozen King's spare suicides and the tempo. */
static const ConfigGameDefault PIPELINE_GAME_DEFAULTS[] = {
    {"ultima", "spsa_params", "king_pressure,king_frozen,immobilizer_king,suicide_spare,tempo"},
    {"martian", "spsa_params", "points,attack.pawn,attack.drone,attack.queen,clock_lead,tempo"},
    {"martian4", "spsa_params", "points,attack.pawn,attack.drone,attack.queen,clock_lead,tempo"},
};

static const ConfigSection PIPELINE_SECTIONS[] = {
    {"pipeline", NULL,
     "the tuning pipeline (job = pipeline): self-play with the start weights, a fit of "
     "fit_params, SPSA of spsa_params from the fitted weights, a gate match; stages read "
     "[selfplay], [fit] and [spsa] as those jobs do",
     NULL, false},
};

static const ConfigPathKey PIPELINE_PATHS[] = {
    {"start_weights", WEIGHTS_BUILTIN},
};

static const ConfigPart PIPELINE_PART = {
    .group = "PipelineConfig",
    .size = sizeof(PipelineConfig),
    .sections = PIPELINE_SECTIONS,
    .nsections = CONFIG_COUNT(PIPELINE_SECTIONS),
    .keys = PIPELINE_KEYS,
    .nkeys = CONFIG_COUNT(PIPELINE_KEYS),
    .paths = PIPELINE_PATHS,
    .npaths = CONFIG_COUNT(PIPELINE_PATHS),
    .check = pipeline_config_check,
    .game_defaults = PIPELINE_GAME_DEFAULTS,
    .ngame_defaults = CONFIG_COUNT(PIPELINE_GAME_DEFAULTS),
};

const char *pipeline_spsa_what(const Config *cfg, char *buf, size_t len)
{
    const char *file = spsa_config(cfg)->params_file;
    if (strcmp(file, "none") != 0)
        snprintf(buf, len, "the parameters of `%s`", file);
    else
        snprintf(buf, len, "`%s`", pipeline_config(cfg)->spsa_params);
    return buf;
}

void pipeline_config_register(void) { config_register(&PIPELINE_PART); }

const PipelineConfig *pipeline_config(const Config *cfg)
{
    return config_fields(cfg, &PIPELINE_PART, 0);
}

PipelineConfig *pipeline_config_edit(Config *cfg)
{
    return config_fields_edit(cfg, &PIPELINE_PART, 0);
}
