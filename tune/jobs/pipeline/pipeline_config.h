/* pipeline_config.h: the [pipeline] section (config_schema.h), owned by the pipeline job. */
#ifndef MAXTUNE_PIPELINE_CONFIG_H
#define MAXTUNE_PIPELINE_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "tune/run/config.h"

/* The tuning pipeline ([run] job = pipeline): self-play, fit, SPSA, gate; the stages read
 * [selfplay], [fit] and [spsa] as their jobs do, these keys say what is the pipeline's own. */
typedef struct PipelineConfig {
    char start_weights[256]; /* the weights the pipeline starts from (and the gate plays) */
    char fit_params[1024];   /* the fit's parameters (params.h), e.g. "@all" */
    char spsa_params[1024];  /* SPSA's parameters, tuned from the fitted weights */
    long gate_nodes;         /* nodes per move of the final gate match */
    long gate_pairs;         /* its game pairs (the most, with gate_sprt) */
    bool gate_sprt;          /* stop the gate early by [match]'s SPRT (elo0, elo1, alpha, beta) */
    /* Other engines the final weights also play at gate_nodes, gate_pairs pairs each, so that a
     * flaw the start shares with them shows: "none", or a comma-separated list of weights (a
     * built-in set of WEIGHTS_BUILTIN or a file), at most PIPE_MAX_OPPONENTS. */
    char gate_opponents[1024];
} PipelineConfig;

enum { PIPE_MAX_OPPONENTS = 4 };

/* Splits a gate_opponents list into its weights (each trimmed; "none": 0 of them) into out;
 * returns the count, or -1 with the problem in err (an empty item, a name too long, more than
 * max). */
int pipeline_opponents(const char *list, char out[][256], int max, char *err, size_t errlen);

/* The [pipeline] section of cfg; pipeline_config_edit for a caller that changes it. */
const PipelineConfig *pipeline_config(const Config *cfg);
PipelineConfig *pipeline_config_edit(Config *cfg);

/* What the SPSA stage tunes, for a report, into buf: "`<spsa_params>`", or with [spsa]
 * params_file "the parameters of `<file>`"; returns buf. */
const char *pipeline_spsa_what(const Config *cfg, char *buf, size_t len);

/* Registers [pipeline] with the config (catalog.c, in the order of the jobs). */
void pipeline_config_register(void);

#endif
