/* selfplay_job.c: the selfplay job, and the self-play phase of the fit and values jobs (see
 * selfplay_job.h). */
#include "selfplay_job.h"

#include <stdio.h>
#include <string.h>

#include "tune/pages/html.h"
#include "tune/jobs/common/job.h"
#include "tune/play/match_config.h"
#include "tune/play/player_config.h"
#include "tune/play/players.h"
#include "tune/play/selfplay_config.h"

void selfplay_write_markdown(FILE *out, const Config *cfg, const SelfplayStats *st, const Traces *t)
{
    const SelfplayConfig *sc = selfplay_config(cfg);
    const Variant *v = config_variant(cfg);
    /* A game without a King (Martian Chess) has no mates: its search scores a decided game. */
    const char *mate = v->kings ? "mate scores" : "scores of a decided game";
    char limits[256];
    player_limits_text(player_config(cfg, 0), limits, sizeof limits);
    fprintf(out,
            "%ld self-play games (`%s` against `%s`, %s, random openings of %ld plies): %s "
            "won %ld, drew %ld, lost %ld; %.0f plies per game.\n\n",
            st->games, player_config(cfg, 0)->weights, player_config(cfg, 1)->weights, limits,
            match_config(cfg)->opening_plies, v->team_names[WHITE], st->white_wins, st->draws,
            st->black_wins, st->games ? (double)st->plies / st->games : 0);
    if (st->leaf) {
        fprintf(out,
                "Sampling (`sampling = leaf`): %ld positions examined (rate %g, from ply %ld on), "
                "each resolved by the capture search to the leaf of its principal variation; "
                "%ld kept, %ld of them resolved to a different leaf (the trace is the leaf's, "
                "the score the capture search's); dropped %ld with %s or a game end, "
                "%ld with |eval| > %ld. Kept positions: %ld won, %ld drawn, %ld lost by the side "
                "to move; %.1f nonzero trace entries per position.\n\n",
                st->examined, sc->sample_rate, sc->skip_plies, st->kept, st->resolved, st->mate,
                mate, st->lopsided, sc->max_eval, st->wins, st->draws_stm, st->losses,
                t->n ? (double)t->nterms / t->n : 0);
        return;
    }
    fprintf(out,
            "Sampling: %ld positions examined (rate %g, from ply %ld on), %ld kept; dropped "
            "%ld not quiet (1-ply search and static eval differ by more than %ld cp), %ld "
            "with %s, %ld with |eval| > %ld. Kept positions: %ld won, %ld drawn, "
            "%ld lost by the side to move; %.1f nonzero trace entries per position.\n\n",
            st->examined, sc->sample_rate, sc->skip_plies, st->kept, st->noisy, sc->quiet_margin,
            st->mate, mate, st->lopsided, sc->max_eval, st->wins, st->draws_stm, st->losses,
            t->n ? (double)t->nterms / t->n : 0);
}

int selfplay_positions(Selfplay *s, const char *source, RunDir *rd, Traces *t, SelfplayStats *st)
{
    char err[1024];
    memset(st, 0, sizeof *st);
    if (!s) {
        if (traces_load(t, source, err, sizeof err)) {
            fprintf(stderr, "positions: %ld from %ld games in %s\n", t->n, traces_games(t), source);
            return EXIT_OK;
        }
        fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_USAGE;
    }
    int status = selfplay_play(s);
    if (status != EXIT_OK)
        return status;
    if (!selfplay_sample(s, t, st, err, sizeof err) ||
        !rundir_write(rd, "positions.traces", selfplay_write_traces, t, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_FAIL;
    }
    fprintf(stderr, "positions: %ld kept of %ld examined in %ld games\n", st->kept, st->examined,
            st->games);
    return EXIT_OK;
}

/* Journal replay for the selfplay job: every record is a game. */
static bool on_record(void *data, long index, const char *payload, char *why, size_t len)
{
    return selfplay_record(data, index, payload, why, len);
}

/* Data for the selfplay job's summary and report writers. */
typedef struct SelfplayOutcome {
    const Config *cfg;
    const RunDir *rd;
    SelfplayStats st;
    Traces traces;
} SelfplayOutcome;

/* Writer for the selfplay job's summary.json. */
static bool write_summary(FILE *out, void *data)
{
    SelfplayOutcome *o = data;
    fprintf(out, "{\n  \"job\": \"selfplay\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n",
            o->cfg->name, o->cfg->seed);
    job_summary_game(out, o->cfg);
    fprintf(out, "  \"positions_file\": \"positions.traces\",\n  \"selfplay\": ");
    selfplay_write_json(out, &o->st, &o->traces);
    fprintf(out, "\n}\n");
    return true;
}

/* Writer for the selfplay job's report.md. */
static bool write_report(FILE *out, void *data)
{
    SelfplayOutcome *o = data;
    fprintf(out, "# Self-play positions `%s`\n\n", o->cfg->name);
    job_report_game(out, o->cfg);
    selfplay_write_markdown(out, o->cfg, &o->st, &o->traces);
    fprintf(out,
            "The positions are in `positions.traces` (%ld positions from %ld games; "
            "format in tune/stats/traces.h). Fit them with `[fit] positions = %s/%s/positions."
            "traces`.\n",
            o->traces.n, traces_games(&o->traces), o->cfg->results_dir, o->cfg->name);
    return true;
}

/* JobOutputs.print: what the games and the sampling gave. */
static void print(void *data)
{
    const SelfplayOutcome *o = data;
    printf("%ld games, %ld positions kept of %ld examined (%ld not quiet, %ld mate, "
           "%ld lopsided)\nResults in %s/ (positions.traces, report.md)\n",
           o->st.games, o->st.kept, o->st.examined, o->st.noisy, o->st.mate, o->st.lopsided,
           o->rd->path);
}

int selfplay_run(const Config *cfg, RunDir *rd)
{
    char err[1024];
    Openings openings;
    if (!openings_load(&openings, match_config(cfg), config_variant(cfg), cfg->seed, err,
                       sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_USAGE;
    }
    Job job;
    Selfplay *s = selfplay_new(cfg, &openings, &job.journal, 0, err, sizeof err);
    if (!s) {
        fprintf(stderr, "maxtune: %s\n", err);
        openings_free(&openings);
        return EXIT_USAGE;
    }
    int status = job_begin(&job, cfg, rd, on_record, s);
    if (status == EXIT_OK)
        status = selfplay_play(s);
    SelfplayOutcome o = {cfg, rd, {0}, {0}};
    traces_init(&o.traces);
    if (status == EXIT_OK && !selfplay_sample(s, &o.traces, &o.st, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        status = EXIT_FAIL;
    }
    JobOutputs out = {.report = {"report.md", write_report, &o},
                      .summary = {RUNDIR_SUMMARY, write_summary, &o},
                      .print = print,
                      .print_data = &o};
    job_add_file(&out, "positions.traces", selfplay_write_traces, &o.traces);
    job_add_file(&out, selfplay_config(cfg)->pgn ? "games.pgn" : NULL, selfplay_write_pgn, s);
    status = job_end(&job, status, &out);
    traces_free(&o.traces);
    selfplay_free(s);
    openings_free(&openings);
    return status;
}

const HtmlSpec selfplay_html = {
    .figures = {{"selfplay.games", "games", NULL, NULL},
                {"selfplay.plies", "plies", NULL, NULL},
                {"selfplay.positions", "positions kept", NULL, NULL}},
    .games = {"games.pgn"},
};
