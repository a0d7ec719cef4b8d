/* spsa_config.h: the [spsa] section (config_schema.h), owned by the spsa job. */
#ifndef MAXTUNE_SPSA_CONFIG_H
#define MAXTUNE_SPSA_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "tune/run/config.h"

/* One UCI option SPSA tunes ([spsa] options): its name and fishtest's figures; c_end and r_end
 * are -1 where the item leaves them to [spsa] c_end and r_end. */
typedef struct SpsaOption {
    char name[64];
    double start, min, max, c_end, r_end;
} SpsaOption;

enum { SPSA_CONFIG_MAX_OPTIONS = 32 };

/* SPSA tuning: [spsa]. */
typedef struct SpsaConfig {
    char start_weights[256]; /* weights the tuning starts from: file, "default" or "material" */
    char params[1024];       /* weights to tune: names from the weights table, comma separated */
    char params_file
        [256]; /* "none", or fishtest-style lines "name, start, min, max, c_end, r_end" */
    char params_start[16];    /* where a params_file parameter starts: "" or "file" (its start
                            * column), "weights" (start_weights' value, kept in [min, max]) */
    long iterations;          /* SPSA iterations */
    long pairs_per_iteration; /* game pairs per iteration (theta+ vs theta-) */
    long batch;               /* iterations played in parallel from the same theta (OpenBench) */
    double a_ratio;           /* A = int(a_ratio * iterations), fishtest's truncation (0.1) */
    double alpha;             /* step exponent, 0.602 */
    double gamma;             /* perturbation exponent, 0.101 */
    double c_end;             /* final perturbation of every parameter, unless params_file says */
    double r_end;             /* final learning rate of every parameter, unless params_file says */
    long verify_pairs;        /* verification match tuned vs start, 0 = none */
    char options[1024]; /* "Name:start:min:max[:c_end[:r_end]], ...": UCI options of an external
                         * [engine_a] to tune instead of weights ("" = tune weights) */
    SpsaOption option[SPSA_CONFIG_MAX_OPTIONS]; /* options, parsed at load (not a key) */
    int noptions;                               /* ... their count */
} SpsaConfig;

/* The [spsa] section of cfg; spsa_config_edit for a caller that changes it. */
const SpsaConfig *spsa_config(const Config *cfg);
SpsaConfig *spsa_config_edit(Config *cfg);

/* Parses "Name:start:min:max[:c_end[:r_end]], ..." into out (at most max items); returns the
 * count, or -1 with the problem in err. */
int spsa_config_parse_options(const char *text, SpsaOption *out, int max, char *err, size_t errlen);

/* Registers [spsa] with the config (catalog.c, in the order of the jobs). */
void spsa_config_register(void);

#endif
