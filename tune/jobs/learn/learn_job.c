/* learn_job.c: the generations of networks and their gates, run one after the other (see
 * learn_job.h). */
#include "learn_job.h"
#include "tune/jobs/learn/learn_report.h"

#include <stdlib.h>
#include <string.h>

#include "tune/jobs/common/job.h"
#include "tune/jobs/common/parts.h"
#include "tune/jobs/train/train_config.h"
#include "tune/jobs/train/train_job.h"
#include "tune/play/match_config.h"
#include "tune/play/player_config.h"

/* The gates' openings come from a seed of their own (gate g plays (seed ^ mix) + g), so that a
 * gate plays none of the openings its generations' data came from (those take seed + g - 1). */
#define LEARN_GATE_SEED_MIX 0xA0761D6478BD642Full

bool learn_check(const Config *cfg, char *err, size_t errlen)
{
    const char *data = train_config(cfg)->data;
    if (data[0] && !train_config_generates(train_config(cfg))) {
        snprintf(err, errlen,
                 "[train] data = %.800s: the learn job makes each generation's positions itself "
                 "(leave it out, or datagen)",
                 data);
        return false;
    }
    Config *pc = malloc(sizeof *pc);
    if (!pc) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    *pc = *cfg;
    snprintf(pc->job, sizeof pc->job, "train");
    snprintf(train_config_edit(pc)->data, sizeof train_config(pc)->data, "datagen");
    bool ok = train_check(pc, err, errlen);
    free(pc);
    return ok;
}

/* Player i of pc: [engine_a] of cfg (its weights and every other key) named name, with network
 * net ("" none), at the gate's nodes and hash; its limits, time control, command and options
 * those of an in-process player. */
static bool set_gate_player(const Config *cfg, Config *pc, int i, const char *name, const char *net,
                            char *err, size_t errlen)
{
    const LearnConfig *lc = learn_config(cfg);
    EngineConfig *e = player_config_edit(pc, i);
    const EngineConfig *a = player_config(cfg, 0);
    if (strlen(net) >= sizeof e->net) {
        snprintf(err, errlen, "%.900s: path too long for [%s] net", net, player_section(i));
        return false;
    }
    *e = *a;
    snprintf(e->name, sizeof e->name, "%s", name);
    snprintf(e->net, sizeof e->net, "%s", net);
    e->nodes = lc->gate_nodes;
    e->depth = 0;
    e->movetime_ms = 0;
    e->hash_mb = lc->gate_hash_mb;
    e->tc[0] = e->command[0] = e->working_dir[0] = e->options[0] = '\0';
    return true;
}

/* The network of the best generation b into net; for b = 0 (the start) [engine_a]'s own net of
 * cfg ("" none). */
static bool best_net(const Config *cfg, const RunDir *rd, int b, char *net, size_t len, char *err,
                     size_t errlen)
{
    if (b == 0) {
        snprintf(net, len, "%s", player_config(cfg, 0)->net);
        return true;
    }
    return learn_path(rd, "gen", b, LEARN_NET, net, len, err, errlen);
}

/* PartsTable.config: generation g's train run (even k) or its gate (odd k), g = k / 2 + 1. */
static bool part_config(const Config *cfg, const RunDir *rd, int k, const void *data, Config *pc,
                        char *err, size_t errlen)
{
    (void)data;
    int g = k / 2 + 1, b = learn_best_before(rd, g);
    char dir[32], net[1100];
    learn_part_dir(k, dir, sizeof dir);
    if (!parts_config(cfg, rd, k % 2 ? "match" : "train", dir, pc, err, errlen) ||
        !best_net(cfg, rd, b, net, sizeof net, err, errlen))
        return false;
    if (k % 2 == 0) {
        snprintf(train_config_edit(pc)->data, sizeof train_config(pc)->data, "datagen");
        EngineConfig *a = player_config_edit(pc, 0);
        if (strlen(net) >= sizeof a->net) {
            snprintf(err, errlen, "%.900s: path too long for [engine_a] net", net);
            return false;
        }
        memcpy(a->net, net, strlen(net) + 1); /* it fits: checked above */
        pc->seed = cfg->seed + (uint64_t)(g - 1);
        return true;
    }
    char name[16], mine[1100];
    snprintf(name, sizeof name, "gen-%d", g);
    if (!learn_path(rd, "gen", g, LEARN_NET, mine, sizeof mine, err, errlen) ||
        !set_gate_player(cfg, pc, 0, name, mine, err, errlen))
        return false;
    snprintf(name, sizeof name, b ? "gen-%d" : "start", b);
    if (!set_gate_player(cfg, pc, 1, name, net, err, errlen))
        return false;
    MatchConfig *mc = match_config_edit(pc);
    mc->pairs = learn_config(cfg)->gate_pairs;
    mc->sprt = false;
    pc->seed = (cfg->seed ^ LEARN_GATE_SEED_MIX) + (uint64_t)g;
    config_finish(pc);
    return true;
}

/* PartsTable.what: the words of part k's progress line. */
static const char *part_what(int k, const void *data)
{
    (void)data;
    return k % 2 ? "the gate: the generation's network against the best so far"
                 : "a generation: positions of the best engine so far, a network learned from them";
}

int learn_run(const Config *cfg, RunDir *rd)
{
    Job job;
    int status = job_begin(&job, cfg, rd, NULL, NULL);
    int count = (int)learn_config(cfg)->generations;
    PartsTable t = {.n = 2 * count,
                    .config = part_config,
                    .what = part_what,
                    .data = NULL,
                    .label = "learn: part"};
    if (status == EXIT_OK)
        status = parts_run_all(cfg, rd, &t);
    LearnResult *r = calloc(1, sizeof *r);
    char err[1024];
    if (!r) {
        status = EXIT_FAIL;
    } else {
        *r = (LearnResult){.cfg = cfg, .rd = rd, .count = count};
        if (status == EXIT_OK && !learn_read(r, err, sizeof err)) {
            fprintf(stderr, "maxtune: %s\n", err);
            status = EXIT_FAIL;
        }
    }
    if (status == EXIT_INTERRUPTED)
        fprintf(stderr, "learn interrupted: run the same command again to resume\n");
    JobOutputs out = {.report = {"report.md", learn_write_report, r},
                      .summary = {RUNDIR_SUMMARY, learn_write_summary, r},
                      .print = learn_print,
                      .print_data = r};
    if (status == EXIT_OK && r->final)
        job_add_file(&out, LEARN_FINAL, learn_write_final, r);
    status = job_end(&job, status, &out);
    if (r)
        free(r->final);
    free(r);
    return status;
}
