/* generations_report.c: the generations' report, made from their parts' files (each
 * generation's fit/verify.json, spsa/verify.json, gate/summary.json and run.txt files, the
 * ladder's summary.json): generations.csv, generations.png, report.md, summary.json and the
 * printed result. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune/jobs/generations/generations_report.h"
#include "tune/pages/html.h"
#include "tune/pages/weights_report.h"
#include "tune/jobs/common/job.h"
#include "tune/jobs/pipeline/pipeline_config.h"
#include "tune/jobs/pipeline/pipeline.h"
#include "tune/run/json.h"
#include "tune/run/plot.h"
#include "tune/run/text.h"

/* Reads "<run folder>/gen-<g>/<file>" into m (m->have false when it is missing). */
static void read_figures(const GenerationsResult *r, int g, const char *file, MatchFigures *m)
{
    char path[1100], err[16];
    memset(m, 0, sizeof *m);
    if (generations_path(r->rd, g, file, path, sizeof path, err, sizeof err))
        verify_read_figures(path, m);
}

/* The CPU time of a part from its run.txt: the wall time (elapsed) times the threads; 0 when
 * it cannot be read (a part kept from an older run without one). */
static double part_cpu_seconds(const char *path)
{
    size_t len;
    char *text = text_read_file(path, &len);
    if (!text)
        return 0;
    double threads = 0, elapsed = 0;
    for (char *save = NULL, *line = strtok_r(text, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        sscanf(line, "threads: %lf", &threads);
        sscanf(line, "elapsed: %lf", &elapsed);
    }
    free(text);
    return threads * elapsed;
}

/* Reads ladder/summary.json: every generation's rating and its 95% error. */
static bool read_ladder(GenerationsResult *r, char *err, size_t errlen)
{
    char path[1100];
    snprintf(path, sizeof path, "%s/ladder/%s", r->rd->path, RUNDIR_SUMMARY);
    size_t len;
    char *js = text_read_file(path, &len);
    if (!js) {
        snprintf(err, errlen, "%.1000s: cannot be read", path);
        return false;
    }
    bool ok = true;
    for (int g = 0; g <= r->count && ok; g++) {
        char key[64];
        snprintf(key, sizeof key, "elo.gen-%d", g);
        r->elo[g] = json_number(js, key);
        snprintf(key, sizeof key, "elo_error95.gen-%d", g);
        r->elo_err[g] = json_number(js, key);
        if (isnan(r->elo[g]) || isnan(r->elo_err[g])) {
            snprintf(err, errlen, "%.1000s: no rating for gen-%d", path, g);
            ok = false;
        }
    }
    free(js);
    return ok;
}

bool generations_read(GenerationsResult *r, char *err, size_t errlen)
{
    for (int g = 1; g <= r->count; g++) {
        if (!generations_start(r->cfg, r->rd, g, r->start[g], sizeof r->start[g], err, errlen))
            return false;
        read_figures(r, g, "fit/verify.json", &r->fit[g]);
        read_figures(r, g, "spsa/verify.json", &r->spsa[g]);
        read_figures(r, g, "gate/" RUNDIR_SUMMARY, &r->gate[g]);
        r->won[g] = r->gate[g].have && generations_gate_won(&r->gate[g]);
        r->cpu_s[g] = 0;
        for (int k = 0; k < PIPE_STAGES; k++) {
            char file[64], path[1100];
            snprintf(file, sizeof file, "%s/run.txt", PIPE_STAGE_DIR[k]);
            if (generations_path(r->rd, g, file, path, sizeof path, err, errlen))
                r->cpu_s[g] += part_cpu_seconds(path);
        }
    }
    return read_ladder(r, err, errlen);
}

/* The name a generation's start is shown by: "gen-<h>" for an earlier generation's final
 * weights, else the weights as given. */
static void start_name(const GenerationsResult *r, int g, char *out, size_t len)
{
    snprintf(out, len, "%s", r->start[g]);
    for (int h = 1; h < g; h++) {
        char path[1100], err[16];
        if (generations_path(r->rd, h, "final.weights", path, sizeof path, err, sizeof err) &&
            !strcmp(r->start[g], path))
            snprintf(out, len, "gen-%d", h);
    }
}

/* The best generation: the last winner (0: none won). */
static int best_generation(const GenerationsResult *r)
{
    int best = 0;
    for (int g = 1; g <= r->count; g++)
        if (r->won[g])
            best = g;
    return best;
}

bool generations_write_csv(FILE *out, void *data)
{
    const GenerationsResult *r = data;
    fprintf(out, "generation,name,start,fit_elo,fit_error95,spsa_elo,spsa_error95,gate_elo,"
                 "gate_error95,gate_games,won,elo,elo_low,elo_high\n");
    for (int g = 0; g <= r->count; g++) {
        char start[1024] = "";
        if (g > 0)
            start_name(r, g, start, sizeof start);
        fprintf(out, "%d,gen-%d,%s,", g, g, g > 0 ? start : "");
        if (g > 0)
            fprintf(out, "%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%ld,%d,", r->fit[g].elo, r->fit[g].elo_err,
                    r->spsa[g].elo, r->spsa[g].elo_err, r->gate[g].elo, r->gate[g].elo_err,
                    r->gate[g].games, r->won[g]);
        else
            fprintf(out, ",,,,,,,,");
        fprintf(out, "%.2f,%.2f,%.2f\n", r->elo[g], r->elo[g] - r->elo_err[g],
                r->elo[g] + r->elo_err[g]);
    }
    return true;
}

bool generations_plot(void *data)
{
    const GenerationsResult *r = data;
    char title[300];
    snprintf(title, sizeof title, "%s: each generation's Elo in the ladder (gen-0 = 0)",
             r->cfg->name);
    return plot_draw(r->rd, "generations.png", title,
                     "set datafile separator ','\nset key off\nset xlabel 'generation'\n"
                     "set ylabel 'Elo'\nset xtics 1\nset offsets 0.3, 0.3, 0, 0\n"
                     "plot 'generations.csv' skip 1 using 1:12:13:14 with yerrorlines pt 7 lw 2\n");
}

/* "+12.3 +/- 4.5", or "-" without figures, into buf. */
static const char *elo_text(const MatchFigures *m, char *buf, size_t len)
{
    if (m->have)
        snprintf(buf, len, "%+.1f +/- %.1f", m->elo, m->elo_err);
    else
        snprintf(buf, len, "-");
    return buf;
}

/* The signs of the best weights (generation best's final weights; 0: the start) that
 * contradict their meaning, beside the start's (weights_report_signs). */
static void report_signs(FILE *out, const GenerationsResult *r, int best)
{
    const Variant *v = config_variant(r->cfg);
    const char *start_path = generations_config(r->cfg)->start_weights;
    char path[1100], err[1024], whose[64] = "the start weights";
    Weights w, start;
    bool ok = weights_load_game(&start, start_path, v, err, sizeof err);
    if (ok && best > 0) {
        snprintf(whose, sizeof whose, "gen-%d's final weights", best);
        ok = generations_path(r->rd, best, "final.weights", path, sizeof path, err, sizeof err) &&
             weights_load_game(&w, path, v, err, sizeof err);
    } else
        w = start;
    if (ok)
        weights_report_signs(out, &w, best > 0 ? &start : NULL, v, whose);
    else
        fprintf(out, "## Signs that contradict their meaning\n\nNot checked: %s.\n\n", err);
}

bool generations_write_report(FILE *out, void *data)
{
    const GenerationsResult *r = data;
    const GenerationsConfig *gc = generations_config(r->cfg);
    const PipelineConfig *pl = pipeline_config(r->cfg);
    char what[400];
    fprintf(out, "# Generations `%s`\n\n", r->cfg->name);
    fprintf(out,
            "%d generations of the tuning pipeline from `%s` (generation 0), config `config.ini` "
            "(seed %llu; generation g plays seed + g - 1): each self-play, a fit of `%s`, SPSA "
            "of %s and a gate of %ld pairs at %ld nodes against its start, in `gen-1/`, `gen-2/`, "
            "... with "
            "its own report. The winner after a generation is its final weights when the gate "
            "found them stronger (%s), else its start; the next generation starts from the "
            "winner. Then a round robin of generation 0 and every generation's final weights, "
            "%ld pairs per pairing at %ld nodes per move ([ladder](ladder/report.md)), puts "
            "them on one Elo "
            "scale.\n\n",
            r->count, gc->start_weights, r->cfg->seed, pl->fit_params,
            pipeline_spsa_what(r->cfg, what, sizeof what), pl->gate_pairs, pl->gate_nodes,
            pl->gate_sprt ? "the SPRT's H1" : "the 95% interval above 0", gc->ladder_pairs,
            gc->ladder_nodes);
    fprintf(out, "| generation | started from | fit (Elo vs start) | SPSA (vs fitted) | gate "
                 "(final vs start) | winner | ladder Elo | CPU hours | gate Elo per CPU hour |\n"
                 "|---|---|---:|---:|---:|---|---:|---:|---:|\n");
    fprintf(out, "| gen-0 | `%s` | | | | | 0.0 | | |\n", gc->start_weights);
    for (int g = 1; g <= r->count; g++) {
        char start[1024], a[48], b[48], c[48], rate[32] = "-";
        start_name(r, g, start, sizeof start);
        double hours = r->cpu_s[g] / 3600;
        if (hours > 0 && r->gate[g].have)
            snprintf(rate, sizeof rate, "%+.1f", r->gate[g].elo / hours);
        fprintf(out,
                "| [gen-%d](gen-%d/report.md) | `%s` | %s | %s | %s | %s | %+.1f +/- %.1f | %.3f | "
                "%s |\n",
                g, g, start, elo_text(&r->fit[g], a, sizeof a), elo_text(&r->spsa[g], b, sizeof b),
                elo_text(&r->gate[g], c, sizeof c), r->won[g] ? "final" : "start", r->elo[g],
                r->elo_err[g], hours, rate);
    }
    int best = best_generation(r);
    fprintf(out, "\n![Each generation's Elo](generations.png)\n\n*Each generation's rating in "
                 "the ladder (generation 0 held at 0), with its 95%% interval.*\n\n");
    if (best > 0)
        fprintf(out,
                "**Best: gen-%d** (`gen-%d/final.weights`), %+.1f +/- %.1f Elo over generation "
                "0 in the ladder.\n\n",
                best, best, r->elo[best], r->elo_err[best]);
    else
        fprintf(out, "**No generation's gate found its final weights stronger**: the start "
                     "stays the best.\n\n");
    report_signs(out, r, best);
    fprintf(out, "CPU hours: each generation's stages' wall time times their threads, from "
                 "their `run.txt` (this column and the last depend on the machine and its load: "
                 "the only figures of this page that differ between runs of the config; a stage "
                 "resumed after an interrupt counts its last session only).\n");
    return true;
}

bool generations_write_summary(FILE *out, void *data)
{
    const GenerationsResult *r = data;
    fprintf(out, "{\n  \"job\": \"generations\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n",
            r->cfg->name, r->cfg->seed);
    job_summary_game(out, r->cfg);
    fprintf(out, "  \"start_weights\": \"%s\",\n  \"generations\": [\n",
            generations_config(r->cfg)->start_weights);
    for (int g = 1; g <= r->count; g++) {
        char start[1024];
        start_name(r, g, start, sizeof start);
        fprintf(out, "    {\"generation\": %d, \"start\": \"%s\", \"fit\": ", g, start);
        verify_write_figures(out, &r->fit[g]);
        fprintf(out, ", \"spsa\": ");
        verify_write_figures(out, &r->spsa[g]);
        fprintf(out, ", \"gate\": ");
        verify_write_figures(out, &r->gate[g]);
        fprintf(out, ", \"won\": %s, \"elo\": %.2f, \"elo_error95\": %.2f}%s\n",
                r->won[g] ? "true" : "false", r->elo[g], r->elo_err[g], g < r->count ? "," : "");
    }
    int best = best_generation(r);
    fprintf(out, "  ],\n  \"best\": %d,\n  \"best_elo\": %.2f,\n  \"best_elo_error95\": %.2f\n}\n",
            best, r->elo[best], r->elo_err[best]);
    return true;
}

void generations_print(void *data)
{
    const GenerationsResult *r = data;
    printf("\nGenerations %s:\n", r->cfg->name);
    for (int g = 1; g <= r->count; g++) {
        char c[48];
        printf("  gen-%-2d gate %-18s winner %-5s ladder %+.1f +/- %.1f  (%.3f CPU hours)\n", g,
               elo_text(&r->gate[g], c, sizeof c), r->won[g] ? "final" : "start", r->elo[g],
               r->elo_err[g], r->cpu_s[g] / 3600);
    }
    int best = best_generation(r);
    if (best > 0)
        printf("Best: %s/gen-%d/final.weights\n", r->rd->path, best);
    else
        printf("Best: the start weights (no gate won)\n");
    printf("Report: %s/report.md\n", r->rd->path);
}

const HtmlSpec generations_html = {
    .figures = {{"best", "best generation", NULL, NULL},
                {"best_elo", "its Elo over generation 0", "best_elo_error95", NULL}},
    .charts = {{.png = "generations.png",
                .csv = "generations.csv",
                .title = "Each generation's Elo in the ladder",
                .x = "generation",
                .y = "elo:elo_low:elo_high",
                .xlabel = "generation",
                .ylabel = "Elo"}},
    .parts = {"gen-1", "gen-2", "gen-3", "ladder"},
};
