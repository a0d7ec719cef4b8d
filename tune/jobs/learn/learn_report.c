/* learn_report.c: the learn job's report, made from its parts' files (each generation's
 * gen-<g>/summary.json and network.nnue, each gate's gate-<g>/summary.json): final.nnue,
 * report.md, summary.json and the printed result. */
#include "tune/jobs/learn/learn_report.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tune/jobs/common/job.h"
#include "tune/jobs/train/train_config.h"
#include "tune/pages/html.h"
#include "tune/play/player_config.h"
#include "tune/run/json.h"
#include "tune/run/text.h"

/* Reads gen-<g>/summary.json: the positions and the held-out loss (NAN when null). */
static bool read_generation(LearnResult *r, int g, char *err, size_t errlen)
{
    char path[1100];
    if (!learn_path(r->rd, "gen", g, RUNDIR_SUMMARY, path, sizeof path, err, errlen))
        return false;
    size_t len;
    char *js = text_read_file(path, &len);
    if (!js) {
        snprintf(err, errlen, "%.1000s: cannot be read (generation %d)", path, g);
        return false;
    }
    double positions = json_number(js, "positions");
    r->held_out_loss[g] = json_number(js, "held_out_loss");
    free(js);
    if (isnan(positions)) {
        snprintf(err, errlen, "%.1000s: no \"positions\" (generation %d)", path, g);
        return false;
    }
    r->positions[g] = (long)positions;
    return true;
}

bool learn_read(LearnResult *r, char *err, size_t errlen)
{
    r->best = 0;
    for (int g = 1; g <= r->count; g++) {
        char path[1100];
        r->maker[g] = r->best;
        if (!read_generation(r, g, err, errlen) ||
            !learn_path(r->rd, "gate", g, RUNDIR_SUMMARY, path, sizeof path, err, errlen))
            return false;
        verify_read_figures(path, &r->gate[g]);
        if (!r->gate[g].have) {
            snprintf(err, errlen, "%.1000s: cannot be read (generation %d's gate)", path, g);
            return false;
        }
        r->kept[g] = learn_gate_won(&r->gate[g]);
        if (r->kept[g])
            r->best = g;
    }
    free(r->final);
    r->final = NULL;
    r->final_len = 0;
    if (r->best == 0)
        return true;
    char path[1100];
    if (!learn_path(r->rd, "gen", r->best, LEARN_NET, path, sizeof path, err, errlen))
        return false;
    r->final = (uint8_t *)text_read_file(path, &r->final_len);
    if (!r->final) {
        snprintf(err, errlen, "%.1000s: cannot be read: %s", path, strerror(errno));
        return false;
    }
    return true;
}

bool learn_write_final(FILE *out, void *data)
{
    const LearnResult *r = data;
    return fwrite(r->final, 1, r->final_len, out) == r->final_len;
}

/* The name of generation g's engine: "gen-<g>", or "start" for 0. */
static const char *engine_name(int g, char *buf, size_t len)
{
    if (g > 0)
        snprintf(buf, len, "gen-%d", g);
    else
        snprintf(buf, len, "start");
    return buf;
}

/* A number as JSON: null when it is not finite. */
static void json_real(FILE *out, const char *fmt, double x)
{
    if (isfinite(x))
        fprintf(out, fmt, x);
    else
        fprintf(out, "null");
}

bool learn_write_report(FILE *out, void *data)
{
    const LearnResult *r = data;
    const LearnConfig *lc = learn_config(r->cfg);
    const EngineConfig *a = player_config(r->cfg, 0);
    const TrainConfig *tc = train_config(r->cfg);
    fprintf(out, "# Learn `%s`\n\n", r->cfg->name);
    job_report_game(out, r->cfg);
    fprintf(out,
            "%d generations of networks, config `config.ini` (seed %llu; generation g's data "
            "plays seed + g - 1). The start is `[engine_a]`: weights `%s`, %s%s%s. Each "
            "generation is a train run (`gen-g/`: [datagen] self-play of the best engine so "
            "far, then a network of %ld hidden units, %ld epochs, blend %g), then a gate "
            "(`gate-g/`): its network against the best engine so far, %ld pairs at %ld nodes "
            "a move, on openings of a seed of their own. A generation is kept, and becomes the "
            "best, when its gate's 95%% interval lies above 0.\n\n",
            r->count, r->cfg->seed, a->weights, a->net[0] ? "network `" : "no network",
            a->net[0] ? a->net : "", a->net[0] ? "`" : "", tc->hidden, tc->epochs, tc->blend,
            lc->gate_pairs, lc->gate_nodes);
    fprintf(out, "| generation | data made by | positions | held-out loss | gate Elo | "
                 "against | kept |\n|---|---|---:|---:|---:|---|---|\n");
    for (int g = 1; g <= r->count; g++) {
        char maker[16], loss[32] = "-", elo[64] = "-";
        engine_name(r->maker[g], maker, sizeof maker);
        if (isfinite(r->held_out_loss[g]))
            snprintf(loss, sizeof loss, "%.6f", r->held_out_loss[g]);
        if (isfinite(r->gate[g].elo) && isfinite(r->gate[g].elo_err))
            snprintf(elo, sizeof elo, "%+.1f +/- %.1f", r->gate[g].elo, r->gate[g].elo_err);
        else if (!isnan(r->gate[g].elo))
            snprintf(elo, sizeof elo, "%+.0f", r->gate[g].elo);
        fprintf(out,
                "| [gen-%d](gen-%d/report.md) | %s | %ld | %s | [%s](gate-%d/report.md) | %s "
                "| %s |\n",
                g, g, maker, r->positions[g], loss, elo, g, maker, r->kept[g] ? "yes" : "no");
    }
    if (r->best > 0)
        fprintf(out,
                "\n**Best: gen-%d**: its network is `%s` (the bytes of `gen-%d/%s`); play it with "
                "`[engine_x] net = %s` or `maxtune uci`'s `EvalFile`.\n",
                r->best, LEARN_FINAL, r->best, LEARN_NET, LEARN_FINAL);
    else
        fprintf(out,
                "\n**No generation was kept**: no gate found its network stronger than the "
                "start, so there is no `%s`.\n",
                LEARN_FINAL);
    return true;
}

bool learn_write_summary(FILE *out, void *data)
{
    const LearnResult *r = data;
    fprintf(out, "{\n  \"job\": \"learn\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n", r->cfg->name,
            r->cfg->seed);
    job_summary_game(out, r->cfg);
    fprintf(out, "  \"generations\": [\n");
    for (int g = 1; g <= r->count; g++) {
        char maker[16];
        fprintf(out,
                "    {\"generation\": %d, \"data_by\": \"%s\", \"positions\": %ld, "
                "\"held_out_loss\": ",
                g, engine_name(r->maker[g], maker, sizeof maker), r->positions[g]);
        json_real(out, "%.8f", r->held_out_loss[g]);
        fprintf(out, ", \"gate\": ");
        verify_write_figures(out, &r->gate[g]);
        fprintf(out, ", \"kept\": %s}%s\n", r->kept[g] ? "true" : "false", g < r->count ? "," : "");
    }
    char best[16];
    fprintf(out, "  ],\n  \"best\": %d,\n  \"best_name\": \"%s\",\n  \"final\": ", r->best,
            engine_name(r->best, best, sizeof best));
    if (r->best > 0)
        fprintf(out, "\"%s\",\n  \"best_gate_elo\": %.2f,\n  \"best_gate_elo_error95\": %.2f\n}\n",
                LEARN_FINAL, r->gate[r->best].elo, r->gate[r->best].elo_err);
    else
        fprintf(out, "null\n}\n");
    return true;
}

void learn_print(void *data)
{
    const LearnResult *r = data;
    printf("\nLearn %s:\n", r->cfg->name);
    for (int g = 1; g <= r->count; g++) {
        char maker[16];
        engine_name(r->maker[g], maker, sizeof maker);
        printf("  gen-%-2d data by %-6s %8ld positions  gate %+.1f +/- %.1f against %-6s %s\n", g,
               maker, r->positions[g], r->gate[g].elo, r->gate[g].elo_err, maker,
               r->kept[g] ? "kept" : "not kept");
    }
    if (r->best > 0)
        printf("Best: gen-%d, %s/%s\n", r->best, r->rd->path, LEARN_FINAL);
    else
        printf("Best: the start (no generation kept, no %s)\n", LEARN_FINAL);
    printf("Report: %s/report.md\n", r->rd->path);
}

const HtmlSpec learn_html = {
    .figures = {{"best", "best generation (0: the start)", NULL, NULL},
                {"best_gate_elo", "its gate's Elo", "best_gate_elo_error95", NULL}},
    .parts = {"gen-1", "gate-1", "gen-2", "gate-2", "gen-3", "gate-3", "gen-4", "gate-4"},
};
