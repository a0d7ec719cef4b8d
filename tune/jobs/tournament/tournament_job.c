/* tournament_job.c: the tournament job (see tournament_job.h).
 *
 * Pairing k (players a and b) is a match of [tournament] pairs pairs, a with [engine_x]'s
 * settings as the match's first player, b as its second; every pairing plays the same openings
 * (pair i from opening i) and its pairs are journal records k * TOURNAMENT_STRIDE + i.
 * The matches are played one after the other, each over every thread (and MPI rank), so that
 * every result is that of the pairing's match alone: the same with any number of threads. */
#include "tournament_job.h"
#include "tune/jobs/tournament/tournament_report.h"

#include <stdlib.h>
#include <string.h>

#include "search/clock.h"
#include "tune/jobs/common/job.h"
#include "tune/play/pairs.h"
#include "tune/play/player_config.h"
#include "tune/play/players.h"
#include "tune/play/match_config.h"
#include "tune/jobs/tournament/tournament_config.h"

/* Fills the pairings: every two players (round robin), or [engine_a] against each other
 * player (gauntlet). */
static void pairings_build(Tournament *t)
{
    bool gauntlet = !strcmp(tournament_config(t->cfg)->format, "gauntlet");
    t->npairings = 0;
    for (int a = 0; a < t->nplayers; a++)
        for (int b = a + 1; b < t->nplayers && (a == 0 || !gauntlet); b++) {
            t->pairing[t->npairings][0] = a;
            t->pairing[t->npairings][1] = b;
            t->npairings++;
        }
}

/* The config of pairing k's match: cfg with engine[0] and engine[1] its players. */
static void pairing_config(const Tournament *t, int k, Config *out)
{
    *out = *t->cfg;
    *player_config_edit(out, 0) = *player_config(t->cfg, t->pairing[k][0]);
    *player_config_edit(out, 1) = *player_config(t->cfg, t->pairing[k][1]);
}

/* Allocates the tournament's tables and loads the players' weights and the openings; EXIT_OK,
 * or EXIT_USAGE / EXIT_FAIL with the message printed. */
static int tournament_setup(Tournament *t, const Config *cfg, const RunDir *rd)
{
    char err[1024];
    t->cfg = cfg;
    t->rd = rd;
    t->nplayers = player_count(cfg);
    size_t n = (size_t)t->nplayers, np = n * (n - 1) / 2;
    t->pairing = calloc(np, sizeof *t->pairing);
    t->label = calloc(np, sizeof *t->label);
    t->configs = calloc(np, sizeof *t->configs);
    t->matches = calloc(np, sizeof *t->matches);
    t->weights = calloc(n, sizeof *t->weights);
    t->ratings = calloc(n, sizeof *t->ratings);
    if (!t->pairing || !t->label || !t->configs || !t->matches || !t->weights || !t->ratings) {
        fprintf(stderr, "maxtune: out of memory\n");
        return EXIT_FAIL;
    }
    for (int i = 0; i < t->nplayers; i++)
        if (!player_weights(cfg, i, &t->weights[i], err, sizeof err)) {
            fprintf(stderr, "maxtune: %s\n", err);
            return EXIT_USAGE;
        }
    if (!openings_load(&t->openings, match_config(cfg), config_variant(cfg), cfg->seed, err,
                       sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_USAGE;
    }
    t->anchor = 0;
    for (int i = 0; i < t->nplayers; i++)
        if (!strcmp(player_config(cfg, i)->name, tournament_config(cfg)->anchor))
            t->anchor = i;
    pairings_build(t);
    return EXIT_OK;
}

/* Creates the match of every pairing; false when out of memory. */
static bool tournament_matches(Tournament *t, Journal *journal)
{
    long pairs = tournament_config(t->cfg)->pairs;
    for (int k = 0; k < t->npairings; k++) {
        int a = t->pairing[k][0], b = t->pairing[k][1];
        pairing_config(t, k, &t->configs[k]);
        t->matches[k] = match_new(&t->configs[k], &t->weights[a], &t->weights[b],
                                  player_config(t->cfg, a)->name, player_config(t->cfg, b)->name,
                                  &t->openings, 0, pairs, journal, k * TOURNAMENT_STRIDE);
        if (!t->matches[k])
            return false;
        snprintf(t->label[k], sizeof t->label[k], "pairing %d/%d, %s vs %s: ", k + 1, t->npairings,
                 player_config(t->cfg, a)->name, player_config(t->cfg, b)->name);
        match_set_label(t->matches[k], t->label[k]);
    }
    return true;
}

/* Journal replay: record k * TOURNAMENT_STRIDE + i is pair i of pairing k. */
static bool on_record(void *data, long index, const char *payload, char *why, size_t len)
{
    Tournament *t = data;
    if (index < 0 || index >= t->npairings * TOURNAMENT_STRIDE) {
        snprintf(why, len, "record index %ld out of range", index);
        return false;
    }
    return match_record(t->matches[index / TOURNAMENT_STRIDE], index % TOURNAMENT_STRIDE, payload,
                        why, len);
}

uint64_t tournament_grows(Config *cfg, const Config *defaults)
{
    tournament_config_edit(cfg)->pairs = tournament_config(defaults)->pairs;
    /* Records numbered by TOURNAMENT_STRIDE: a checkpoint of the earlier layout (k * pairs + i)
     * must not be read as this one, so the hash differs from it. */
    return 0x5452535452494445ull;
}

/* Plays the pairings in order; returns an ExitStatus. */
static int tournament_play(Tournament *t)
{
    double start = clock_now();
    int status = EXIT_OK;
    for (int k = 0; k < t->npairings && status == EXIT_OK; k++)
        status = match_play(t->matches[k]);
    t->seconds = clock_now() - start;
    return status;
}

void tournament_rate(Tournament *t)
{
    long pairs = tournament_config(t->cfg)->pairs, n = 0;
    RatingGame *games = malloc(2 * (size_t)(t->npairings * pairs) * sizeof *games);
    if (!games) {
        snprintf(t->rating_error, sizeof t->rating_error, "out of memory");
        return;
    }
    for (int k = 0; k < t->npairings; k++) {
        const PairResult *p;
        for (long i = 0; (p = match_pair(t->matches[k], i)); i++)
            for (int g = 0; g < 2; g++)
                games[n++] = (RatingGame){t->pairing[k][0], t->pairing[k][1], pair_score(p, g)};
    }
    t->rated = rating_fit(t->nplayers, games, n, t->anchor, tournament_config(t->cfg)->anchor_elo,
                          tournament_config(t->cfg)->draws, t->ratings, t->rating_error,
                          sizeof t->rating_error);
    free(games);
}

/* Frees everything the tournament holds. */
static void tournament_free(Tournament *t)
{
    for (int k = 0; t->matches && k < t->npairings; k++)
        match_free(t->matches[k]);
    openings_free(&t->openings);
    free(t->pairing);
    free(t->label);
    free(t->configs);
    free(t->matches);
    free(t->weights);
    free(t->ratings);
}

/* The job's outputs, in the order job_end writes them. */
static JobOutputs tournament_outputs(Tournament *t)
{
    JobOutputs out = {.plot = tournament_plot,
                      .plot_data = t,
                      .report = {"report.md", tournament_write_report, t},
                      .summary = {RUNDIR_SUMMARY, tournament_write_summary, t},
                      .print = tournament_print,
                      .print_data = t};
    job_add_file(&out, "games.pgn", tournament_write_pgn, t);
    job_add_file(&out, "pairings.csv", tournament_write_pairings, t);
    job_add_file(&out, "ratings.csv", tournament_write_ratings, t);
    job_add_file(&out, "timing.json", tournament_write_timing, t);
    return out;
}

int tournament_run(const Config *cfg, RunDir *rd)
{
    Tournament t;
    memset(&t, 0, sizeof t);
    Job job;
    memset(&job, 0, sizeof job);
    int status = tournament_setup(&t, cfg, rd);
    if (status == EXIT_OK && !tournament_matches(&t, &job.journal)) {
        fprintf(stderr, "maxtune: out of memory for %d pairings\n", t.npairings);
        status = EXIT_FAIL;
    }
    if (status != EXIT_OK) {
        tournament_free(&t);
        return status;
    }
    fprintf(stderr, "tournament: %d players, %s, %d pairings of %ld pairs\n", t.nplayers,
            tournament_config(cfg)->format, t.npairings, tournament_config(cfg)->pairs);
    status = job_begin(&job, cfg, rd, on_record, &t);
    if (status == EXIT_OK)
        status = tournament_play(&t);
    if (status == EXIT_OK)
        tournament_rate(&t);
    JobOutputs out = tournament_outputs(&t);
    status = job_end(&job, status, &out);
    tournament_free(&t);
    return status;
}
