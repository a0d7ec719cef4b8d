/* match_job.c: the match job (see match_job.h). */
#include "match_job.h"
#include "tune/jobs/match/match_report.h"

#include <stdio.h>

#include "tune/jobs/common/job.h"
#include "tune/play/game.h"
#include "tune/jobs/common/match_output.h"
#include "tune/play/match.h"
#include "tune/stats/stats.h"
#include "tune/play/player_config.h"
#include "tune/play/players.h"
#include "tune/play/match_config.h"

/* Journal replay for the match job: every record is a pair. */
static bool on_record(void *data, long index, const char *payload, char *why, size_t len)
{
    return match_record(data, index, payload, why, len);
}

uint64_t match_grows(Config *cfg, const Config *defaults)
{
    match_config_edit(cfg)->pairs = match_config(defaults)->pairs;
    return 0; /* the records are as before: older checkpoints of default pairs still resume */
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
    printf("Results in %s/ (report.md, report.html)\n", r->rd->path);
}

/* A match whose report.html is rewritten while it plays. */
typedef struct LiveMatch {
    Job *job;
    Match *match;
    const Config *cfg;
} LiveMatch;

/* Writes the live report.html: the figures, games and Elo curve so far (status "running",
 * throttled by job_write_live unless force; or "interrupted"). */
static void write_live(LiveMatch *l, const char *status, bool force)
{
    MatchSummary s = match_summary(l->match);
    char progress[256];
    if (s.pairs == 0) {
        snprintf(progress, sizeof progress, "games 0 of %ld: no game pair finished yet",
                 2 * match_config(l->cfg)->pairs);
    } else {
        EloEstimate e = stats_estimate(&s.counts);
        char sprt[96] = "";
        if (match_config(l->cfg)->sprt)
            snprintf(sprt, sizeof sprt, ", SPRT LLR %.2f in [%.2f, %.2f]", s.llr, s.lower, s.upper);
        snprintf(progress, sizeof progress,
                 "games %ld of %ld, W-L-D %ld-%ld-%ld, Elo %.1f +/- %.1f%s", 2 * s.pairs,
                 2 * match_config(l->cfg)->pairs, s.counts.wins, s.counts.losses, s.counts.draws,
                 e.elo, e.elo_err, sprt);
    }
    JobFile summary = {RUNDIR_SUMMARY, match_write_summary, l->match};
    JobFile files[2] = {{"games.pgn", match_write_pgn, l->match},
                        {"elo_progress.csv", match_write_progress, l->match}};
    job_write_live(l->job, status, progress, &summary, files, 2, force);
}

/* The match's progress hook: the live page, at most every few seconds. */
static void on_progress(void *data) { write_live(data, "running", false); }

int match_run(const Config *cfg, RunDir *rd)
{
    char err[1024];
    Weights w[2];
    for (int i = 0; i < 2; i++)
        if (!player_weights(cfg, i, &w[i], err, sizeof err)) {
            fprintf(stderr, "maxtune: %s\n", err);
            return EXIT_USAGE;
        }
    Openings openings;
    if (!openings_load(&openings, match_config(cfg), config_variant(cfg), cfg->seed, err,
                       sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_USAGE;
    }
    Job job;
    Match *m = match_new(cfg, &w[0], &w[1], player_config(cfg, 0)->name,
                         player_config(cfg, 1)->name, &openings, 0, match_config(cfg)->pairs,
                         &job.journal, 0);
    if (!m) {
        fprintf(stderr, "maxtune: out of memory for %ld pairs\n", match_config(cfg)->pairs);
        openings_free(&openings);
        return EXIT_FAIL;
    }
    int status = job_begin(&job, cfg, rd, on_record, m);
    LiveMatch live = {&job, m, cfg};
    if (status == EXIT_OK) {
        write_live(&live, "running", true);
        match_set_progress_hook(m, on_progress, &live);
        status = match_play(m);
        if (status == EXIT_INTERRUPTED)
            write_live(&live, "interrupted", true);
    }
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
