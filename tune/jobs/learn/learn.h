/* learn.h: generations of networks ([run] job = learn). For g = 1, 2, ... [learn] generations:
 *     gen-<g>/   a train run ([train] data = datagen): the positions of the best engine so far
 *                ([engine_a] with the best generation's network, or as given before any is
 *                kept), seed [run] seed + g - 1, and a network learned from them
 *     gate-<g>/  a match of gen-<g>'s network against the best engine so far, at [learn]
 *                gate_nodes, gate_pairs pairs, on openings of a seed of their own
 * Generation g is kept (becomes the best) when its gate's 95% interval lies above 0. Every part
 * is a run of its own (parts.h): an interrupted run resumes in the part it stopped in. Then
 * final.nnue (the best generation's network, when one was kept) and one report
 * (learn_report.c): each generation's data, held-out loss and gate. */
#ifndef MAXTUNE_JOBS_LEARN_H
#define MAXTUNE_JOBS_LEARN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tune/jobs/common/verify.h"
#include "tune/jobs/learn/learn_config.h"
#include "tune/run/config.h"
#include "tune/run/rundir.h"

/* The network a train part writes, and the best one the run keeps. */
#define LEARN_NET "network.nnue"
#define LEARN_FINAL "final.nnue"

/* Part k (from 0) of the job: "gen-<g>" for even k, "gate-<g>" for odd k, g = k / 2 + 1. */
void learn_part_dir(int k, char *out, size_t len);

/* "<run folder>/<part>-<g>/<file>" into out (part "gen" or "gate"); false with the message in
 * err when too long. */
bool learn_path(const RunDir *rd, const char *part, int g, const char *file, char *out, size_t len,
                char *err, size_t errlen);

/* The best generation before generation g (0: none kept, the start), read from the gates of
 * generations 1 .. g - 1: the last one whose gate won. A gate not (yet) finished counts as not
 * won (a --force run computes every part's config before any has run). */
int learn_best_before(const RunDir *rd, int g);

/* Whether a gate's figures say that the generation's network beat the best so far: its 95%
 * interval above 0 (generations_gate_won). */
bool learn_gate_won(const MatchFigures *gate);

/* What the report reads back from the parts' files. */
typedef struct LearnResult {
    const Config *cfg;
    const RunDir *rd;
    int count;
    int maker[LEARN_MAX + 1];            /* [g]: the generation whose engine made g's data and
                                          * which g's gate played (0: the start) */
    long positions[LEARN_MAX + 1];       /* [g]: the positions g's network learned from */
    double held_out_loss[LEARN_MAX + 1]; /* [g]: NAN when none were held out */
    MatchFigures gate[LEARN_MAX + 1];
    bool kept[LEARN_MAX + 1];
    int best;       /* the best generation after them all (0: none kept) */
    uint8_t *final; /* its network's bytes (final.nnue), NULL when none was kept */
    size_t final_len;
} LearnResult;

#endif
