/* generations.h: generations of the tuning pipeline ([run] job = generations). From
 * [generations] start_weights (generation 0):
 *     gen-1/, gen-2/, ...  each a pipeline run (pipeline_job.h: self-play, fit, SPSA, gate)
 *                          from the winner so far, with a seed of its own
 *     ladder/              a round robin of generation 0 and every generation's final weights
 *                          at [generations] ladder_nodes, which puts them on one Elo scale
 * The winner after a generation is its final weights when its gate found them stronger than
 * its start (the SPRT's H1 with gate_sprt, else the gate's 95% interval above 0), else its
 * start: the next generation repeats from there on other games. Every part is a run of its
 * own (parts.h): an interrupted run resumes in the part it stopped in. One report
 * (generations_report.c) with each generation's gains, its CPU time and Elo per CPU-hour. */
#ifndef MAXTUNE_JOBS_GENERATIONS_H
#define MAXTUNE_JOBS_GENERATIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/generations/generations_config.h"
#include "tune/jobs/common/verify.h"
#include "tune/run/config.h"
#include "tune/run/rundir.h"

/* The generations' parts: "gen-<g>" (g from 1) and "ladder". */
void generations_part_dir(int g, char *out, size_t len);

/* The weights generation g (from 1) starts from, into out: the start weights for the first,
 * else the winner after generation g - 1, read from the finished generations' gates. False
 * with the message in err when a gate's summary cannot be read. */
bool generations_start(const Config *cfg, const RunDir *rd, int g, char *out, size_t len, char *err,
                       size_t errlen);

/* "<run folder>/gen-<g>/<file>" into out; false with the message in err when too long. */
bool generations_path(const RunDir *rd, int g, const char *file, char *out, size_t len, char *err,
                      size_t errlen);

/* Whether a gate's figures say that the final weights are stronger than the start. */
bool generations_gate_won(const MatchFigures *gate);

/* What the report reads back from the parts' files. */
typedef struct GenerationsResult {
    const Config *cfg;
    const RunDir *rd;
    int count;
    char start[GENERATIONS_MAX + 1][1024]; /* [g]: what generation g started from (g >= 1) */
    MatchFigures fit[GENERATIONS_MAX + 1], spsa[GENERATIONS_MAX + 1], gate[GENERATIONS_MAX + 1];
    bool won[GENERATIONS_MAX + 1];
    double cpu_s[GENERATIONS_MAX + 1]; /* [g]: its stages' wall time x threads (run.txt) */
    double elo[GENERATIONS_MAX + 1], elo_err[GENERATIONS_MAX + 1]; /* ladder; [0] held at 0 */
} GenerationsResult;

#endif
