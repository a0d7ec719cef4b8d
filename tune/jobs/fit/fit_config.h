/* fit_config.h: the [fit] section (config_schema.h), owned by the fit job. */
#ifndef MAXTUNE_FIT_CONFIG_H
#define MAXTUNE_FIT_CONFIG_H

#include <stdbool.h>

#include "tune/run/config.h"

/* Fitting weights to game outcomes: [fit]. */
typedef struct FitConfig {
    char positions[256];     /* "selfplay" (play [selfplay] first) or a .traces file */
    char start_weights[256]; /* weights the fit starts from (and the fixed ones) */
    char params[1024];       /* weights to fit: names, or "all" */
    char loss[16];           /* cross_entropy | squared */
    char method[16];         /* bfgs2 | nelder_mead */
    bool fit_k;              /* fit K first (else use k) */
    double k;                /* K when fit_k is false */
    long max_iterations;     /* BFGS iterations (Nelder-Mead: 50 times as many) */
    double tolerance;        /* gradient norm (BFGS) or simplex size (Nelder-Mead) */
    long bootstrap;          /* bootstrap replicates over games, 0 = none */
    double validation;       /* share of games held out to measure the fit, 0 = none */
    long verify_pairs;       /* verification match fitted vs start, 0 = none */
    char regularize[32]; /* lambda >= 0 toward the start weights, or "auto" (fit_config_lambda) */
    bool phase_values;   /* write pincers.csv: each material weight in pincers of its phase */
    char label[8];       /* the target: result | score | blend (fit_config_blend) */
    double blend;        /* label = blend: the weight of the score */
} FitConfig;

/* The [fit] section of cfg; fit_config_edit for a caller that changes it. */
const FitConfig *fit_config(const Config *cfg);
FitConfig *fit_config_edit(Config *cfg);

/* Reads a regularisation ([fit] regularize): a real lambda >= 0 into *lambda, or "auto" (*lambda
 * = -1: chosen from a grid by held-out loss). False when text is neither. */
bool fit_config_lambda(const char *text, double *lambda);

/* The weight lambda of the search score in the fit's target, (1 - lambda) result +
 * lambda sigma(K score) (fit_set_targets): 0 for label = result, 1 for score, [fit] blend for
 * blend. */
double fit_config_blend(const FitConfig *fc);

/* Checks that the positions have the search scores [fit] label = score or blend needs: with
 * positions = selfplay, [selfplay] sampling = leaf; a positions file must be of format version 3.
 * False with a one-line message (naming the file) in err. */
bool fit_config_check_label(const Config *cfg, char *err, size_t errlen);

/* Registers [fit] with the config (catalog.c, in the order of the jobs). */
void fit_config_register(void);

#endif
