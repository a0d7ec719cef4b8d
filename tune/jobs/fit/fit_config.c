/* fit_config.c: the [fit] section's rows (see fit_config.h). */
#include "fit_config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/weights.h"
#include "tune/run/config_schema.h"
#include "tune/play/selfplay_config.h"
#include "tune/run/params.h"
#include "tune/stats/traces.h"

bool fit_config_lambda(const char *text, double *lambda)
{
    if (!strcmp(text, "auto")) {
        *lambda = -1;
        return true;
    }
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end || errno || !isfinite(v) || v < 0 || isspace((unsigned char)*text))
        return false;
    *lambda = v;
    return true;
}

/* [fit] regularize: a real >= 0 or "auto". */
static bool check_lambda(const char *v, char *msg, size_t len)
{
    double lambda;
    if (fit_config_lambda(v, &lambda))
        return true;
    snprintf(msg, len, "expected a number >= 0 or \"auto\"");
    return false;
}

/* [fit] regularize = auto chooses by the held-out loss: validation must hold games out. */
static bool rule_lambda_auto(const void *fields, char *msg, size_t len)
{
    const FitConfig *f = fields;
    if (strcmp(f->regularize, "auto") != 0 || f->validation > 0)
        return true;
    snprintf(msg, len, "regularize = auto needs held-out games: set validation > 0");
    return false;
}

double fit_config_blend(const FitConfig *fc)
{
    return !strcmp(fc->label, "score") ? 1 : !strcmp(fc->label, "blend") ? fc->blend : 0;
}

bool fit_config_check_label(const Config *cfg, char *err, size_t errlen)
{
    const FitConfig *fc = fit_config(cfg);
    if (!strcmp(fc->label, "result"))
        return true;
    if (!strcmp(fc->positions, "selfplay")) {
        if (selfplay_config_leaf(selfplay_config(cfg)))
            return true;
        snprintf(err, errlen,
                 "[fit] label = %s needs the positions' search scores: set [selfplay] sampling "
                 "= leaf",
                 fc->label);
        return false;
    }
    bool scored;
    char why[900];
    if (!traces_check_scores(fc->positions, &scored, why, sizeof why)) {
        snprintf(err, errlen, "[fit] positions: %s", why);
        return false;
    }
    if (!scored)
        snprintf(err, errlen,
                 "[fit] label = %s: %s has no search scores (format version 2, or made with "
                 "[selfplay] sampling = margin); use label = result or positions made with "
                 "sampling = leaf",
                 fc->label, fc->positions);
    return scored;
}

/* [fit] blend is the weight of label = blend: given with another label it would do nothing. */
static bool rule_blend_label(const void *fields, char *msg, size_t len)
{
    const FitConfig *f = fields;
    if (f->blend == 0.5 || !strcmp(f->label, "blend"))
        return true;
    snprintf(msg, len, "blend is the weight of label = blend; label is %s", f->label);
    return false;
}

static const ConfigKey FIT_KEYS[] = {
    KEY_STR(FitConfig, positions, "selfplay", OPTIONAL, NULL,
            "\"selfplay\" (play [selfplay] games first) or a positions file (.traces)"),
    KEY_STR(FitConfig, start_weights, "default", OPTIONAL, NULL,
            "weights the fit starts from; the weights not fitted keep these values"),
    KEY_STR(FitConfig, params,
            "pincer,coordinator,long_leaper,chameleon,withdrawer,immobilizer,mage,guard,"
            "palace_occupy,palace_reach,palace_double,palace_close",
            OPTIONAL, params_check,
            "parameters to fit, comma separated: weights or terms (a term's weights tied to one "
            "value), @groups (each weight its own parameter, e.g. @all), or \"all\" (= @all)"),
    KEY_ENUM(FitConfig, loss, "cross_entropy|squared", "cross_entropy", OPTIONAL,
             "loss: cross-entropy (logistic likelihood) or Texel's squared error"),
    KEY_ENUM(FitConfig, method, "bfgs2|nelder_mead", "bfgs2", OPTIONAL,
             "minimiser: GSL BFGS2 with the analytic gradient, or Nelder-Mead simplex"),
    KEY_BOOL(FitConfig, fit_k, "true", "fit the scale K first (Brent), else use k"),
    KEY_REAL(FitConfig, k, "0.001", "100", "1", "scale K of the logistic when fit_k is false"),
    KEY_INT(FitConfig, max_iterations, "1", "1000000", "500",
            "BFGS iterations at most (Nelder-Mead: 50 times as many)"),
    KEY_REAL(FitConfig, tolerance, "0", "1", "1e-6",
             "stop when the gradient norm (BFGS) or simplex size (Nelder-Mead) is below this"),
    KEY_INT(FitConfig, bootstrap, "0", "100000", "0",
            "bootstrap replicates over games for a third standard error, 0 = none"),
    KEY_REAL(FitConfig, validation, "0", "0.9", "0.1",
             "share of games held out to measure the fit out of sample, 0 = none"),
    KEY_INT(FitConfig, verify_pairs, "0", "10000000", "100",
            "pairs of the verification match, fitted against start (0 = none)"),
    KEY_STR(FitConfig, regularize, "0", OPTIONAL, check_lambda,
            "lambda >= 0: adds lambda * sum ((weight - start) / 100 cp)^2 to the mean loss, "
            "holding weights the positions barely see near the start; \"auto\": the lambda of "
            "0, 1e-5, 1e-4, 1e-3, 1e-2 with the least held-out loss (needs validation > 0)"),
    KEY_BOOL_SPARSE(FitConfig, phase_values, "false",
                    "write pincers.csv: each fitted material weight in pincers of its phase "
                    "(the ratio to the fitted pincer of that phase, Fieller's 95% interval)"),
    KEY_ENUM_SPARSE(FitConfig, label, "result|score|blend", "result",
                    "the target of a position: its game's result, the logistic sigma(K score) of "
                    "its search score (K fitted on the results first; needs [selfplay] sampling "
                    "= leaf) or a blend of both (blend)"),
    KEY_REAL_SPARSE(FitConfig, blend, "0", "1", "0.5",
                    "label = blend: target = (1 - blend) result + blend sigma(K score)"),

};

/* [fit] params: the run's game's weights (params_check_run). */
static bool fit_config_check(const Config *cfg, ConfigCheck *ck)
{
    return params_check_run(cfg, ck, "fit", "params", fit_config(cfg)->params);
}

static const ConfigGameDefault FIT_GAME_DEFAULTS[] = {
    {"ultima", "params", PARAMS_ULTIMA_PIECES},
    {"martian", "params", PARAMS_MARTIAN_PIECES},
    {"martian4", "params", PARAMS_MARTIAN_PIECES},
};

static const ConfigSection FIT_SECTIONS[] = {
    {"fit", NULL, "fitting weights to game outcomes (job = fit): data, weights, loss, minimiser",
     NULL, false},
};

static const ConfigPathKey FIT_PATHS[] = {
    {"positions", "selfplay"},
    {"start_weights", WEIGHTS_BUILTIN},
};

static const ConfigRule FIT_RULES[] = {
    {rule_lambda_auto, {"regularize", "validation"}},
    {rule_blend_label, {"blend", "label"}},
};

static const ConfigPart FIT_PART = {
    .group = "FitConfig",
    .size = sizeof(FitConfig),
    .sections = FIT_SECTIONS,
    .nsections = CONFIG_COUNT(FIT_SECTIONS),
    .keys = FIT_KEYS,
    .nkeys = CONFIG_COUNT(FIT_KEYS),
    .rules = FIT_RULES,
    .nrules = CONFIG_COUNT(FIT_RULES),
    .paths = FIT_PATHS,
    .npaths = CONFIG_COUNT(FIT_PATHS),
    .check = fit_config_check,
    .game_defaults = FIT_GAME_DEFAULTS,
    .ngame_defaults = CONFIG_COUNT(FIT_GAME_DEFAULTS),
};

void fit_config_register(void) { config_register(&FIT_PART); }

const FitConfig *fit_config(const Config *cfg) { return config_fields(cfg, &FIT_PART, 0); }

FitConfig *fit_config_edit(Config *cfg) { return config_fields_edit(cfg, &FIT_PART, 0); }
