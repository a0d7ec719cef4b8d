/* match_job.c: the match job (see match_job.h). */
#include "match_job.h"

#include <stdio.h>

#include "tune/jobs/job.h"
#include "tune/play/game.h"
#include "tune/play/match.h"

/* Journal replay for the match job: every record is a pair. */
static bool on_record(void *data, long index, const char *payload, char *why, size_t len)
{
    return match_record(data, index, payload, why, len);
}

/* JobOutputs.plot: the Elo after each pair. */
static bool plot(void *data)
{
    const MatchReport *r = data;
    return match_plot_progress(r->match, r->rd, "elo_progress.csv", "elo_progress.png");
}

/* JobOutputs.print: the cutechess-style result and where the files are. */
static void print(void *data)
{
    const MatchReport *r = data;
    match_print_result(r->match);
    printf("Results in %s/ (report.md)\n", r->rd->path);
}

int match_run(const Config *cfg, RunDir *rd)
{
    char err[1024];
    Weights w[2];
    for (int i = 0; i < 2; i++)
        if (!weights_load(&w[i], cfg->engine[i].weights, err, sizeof err)) {
            fprintf(stderr, "maxtune: [%s] weights: %s\n", i ? "engine_b" : "engine_a", err);
            return EXIT_USAGE;
        }
    Openings openings;
    if (!openings_load(&openings, &cfg->match, cfg->seed, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_USAGE;
    }
    Job job;
    Match *m = match_new(cfg, &w[0], &w[1], cfg->engine[0].name, cfg->engine[1].name, &openings,
                         0, cfg->match.pairs, &job.journal, 0);
    if (!m) {
        fprintf(stderr, "maxtune: out of memory for %ld pairs\n", cfg->match.pairs);
        openings_free(&openings);
        return EXIT_FAIL;
    }
    int status = job_begin(&job, cfg, rd, on_record, m);
    if (status == EXIT_OK)
        status = match_play(m);
    MatchReport report = {cfg, rd, m};
    JobOutputs out = {.plot = plot,
                      .plot_data = &report,
                      .report = {"report.md", match_write_report, &report},
                      .summary = {RUNDIR_SUMMARY, match_write_summary, m},
                      .print = print,
                      .print_data = &report};
    job_add_file(&out, "games.pgn", match_write_pgn, m);
    job_add_file(&out, "elo_progress.csv", match_write_progress, m);
    job_add_file(&out, "timing.json", match_write_timing, m);
    status = job_end(&job, status, &out);
    match_free(m);
    openings_free(&openings);
    return status;
}
