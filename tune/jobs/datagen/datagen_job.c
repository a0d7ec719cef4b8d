/* datagen_job.c: the datagen job: games, positions.bin and the reports (see datagen_job.h). */
#include "datagen_job.h"

#include <stdio.h>
#include <string.h>

#include "search/search.h"
#include "tune/jobs/common/job.h"
#include "tune/jobs/datagen/datagen.h"
#include "tune/jobs/datagen/datagen_config.h"
#include "tune/pages/html.h"
#include "tune/play/match_config.h"
#include "tune/play/player_config.h"
#include "tune/play/players.h"
#include "tune/run/plot.h"
#include "tune/stats/packed.h"

/* Everything the outputs of a run read. */
typedef struct DatagenOutcome {
    const Config *cfg;
    const RunDir *rd;
    Datagen *d;
    DatagenStats st;
    int threads;
} DatagenOutcome;

/* Journal replay: every record is a game. */
static bool on_record(void *data, long index, const char *payload, char *why, size_t len)
{
    return datagen_record(data, index, payload, why, len);
}

/* The size in bytes of a positions file of n records. */
static long long file_bytes(long n) { return PACKED_HEADER + (long long)n * PACKED_RECORD + 8; }

/* The lower end of histogram bucket b. */
static int bucket_low(int b) { return DATAGEN_HIST_LOW + b * DATAGEN_HIST_STEP; }

/* Writer for summary.json. */
static bool write_summary(FILE *out, void *data)
{
    const DatagenOutcome *o = data;
    const DatagenStats *st = &o->st;
    const DatagenConfig *dc = datagen_config(o->cfg);
    fprintf(out, "{\n  \"job\": \"datagen\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n",
            o->cfg->name, o->cfg->seed);
    job_summary_game(out, o->cfg);
    fprintf(out,
            "  \"positions_file\": \"positions.bin\",\n  \"format_version\": %d,\n"
            "  \"records\": %ld,\n  \"file_bytes\": %lld,\n",
            PACKED_VERSION, st->kept, file_bytes(st->kept));
    fprintf(out,
            "  \"datagen\": {\"games\": %ld, \"plies\": %ld, \"white_wins\": %ld, \"draws\": %ld, "
            "\"black_wins\": %ld, \"terminations\": {",
            st->games, st->plies, st->white_wins, st->draws, st->black_wins);
    for (int k = 0, first = 1; k < TERM_NB; k++)
        if (game_termination_in_game((Termination)k, config_variant(o->cfg))) {
            fprintf(out, "%s\"%s\": %ld", first ? "" : ", ", game_termination_name((Termination)k),
                    st->term[k]);
            first = 0;
        }
    fprintf(out,
            "}, \"positions\": %ld, \"kept\": %ld, \"dropped_opening\": %ld, "
            "\"dropped_decided\": %ld, \"dropped_score\": %ld, \"dropped_check\": %ld, "
            "\"dropped_capture\": %ld, \"kept_in_check\": %ld, \"kept_capture\": %ld, "
            "\"position_results\": [%ld, %ld, %ld], \"skip_plies\": %ld, \"skip_check\": %s, "
            "\"skip_captures\": %s, \"max_score\": %ld}\n}\n",
            st->positions, st->kept, st->opening, st->decided, st->lopsided, st->check, st->capture,
            st->kept_check, st->kept_capture, st->losses, st->draws_stm, st->wins, dc->skip_plies,
            dc->skip_check ? "true" : "false", dc->skip_captures ? "true" : "false", dc->max_score);
    return true;
}

/* Writer for timing.json: the speed of the games played by this process (not the resumed). */
static bool write_timing(FILE *out, void *data)
{
    const DatagenOutcome *o = data;
    double seconds;
    long games_now, kept_now;
    datagen_timing(o->d, &seconds, &games_now, &kept_now);
    fprintf(out,
            "{\n  \"threads\": %d,\n  \"seconds\": %.3f,\n  \"games_played_now\": %ld,\n"
            "  \"resumed_games\": %ld,\n  \"positions_now\": %ld,\n"
            "  \"positions_per_second\": %.1f,\n  \"games_per_second\": %.4f\n}\n",
            o->threads, seconds, games_now, o->st.games - games_now, kept_now,
            seconds > 0 ? kept_now / seconds : 0, seconds > 0 ? games_now / seconds : 0);
    return true;
}

/* Writer for scores.csv: the kept positions by score bucket, with their results. */
static bool write_scores(FILE *out, void *data)
{
    const DatagenOutcome *o = data;
    fprintf(out, "score_low,score_high,positions,wins,draws,losses\n");
    for (int b = 0; b < DATAGEN_HIST_BUCKETS; b++) {
        const long *h = o->st.hist[b];
        fprintf(out, "%d,%d,%ld,%ld,%ld,%ld\n", bucket_low(b), bucket_low(b + 1),
                h[0] + h[1] + h[2], h[2], h[1], h[0]);
    }
    return true;
}

/* JobOutputs.plot: the score histogram. */
static bool plot(void *data)
{
    const DatagenOutcome *o = data;
    char script[512];
    snprintf(script, sizeof script,
             "set key off\nset style fill solid 0.6\nset boxwidth %d\nset xrange [%d:%d]\n"
             "set xlabel 'search score (centipawns, side to move)'\nset ylabel 'positions'\n"
             "plot 'scores.csv' using (($1+$2)/2):3 every ::1 with boxes\n",
             DATAGEN_HIST_STEP * 9 / 10, DATAGEN_HIST_LOW,
             DATAGEN_HIST_LOW + DATAGEN_HIST_BUCKETS * DATAGEN_HIST_STEP);
    return plot_draw(o->rd, "scores.png", "Kept positions by search score", script);
}

/* A share in percent. */
static double pct(long part, long whole) { return whole ? 100.0 * part / whole : 0; }

/* Writer for report.md. */
static bool write_report(FILE *out, void *data)
{
    const DatagenOutcome *o = data;
    const DatagenStats *st = &o->st;
    const DatagenConfig *dc = datagen_config(o->cfg);
    const Variant *v = config_variant(o->cfg);
    char limits[256];
    player_limits_text(player_config(o->cfg, 0), limits, sizeof limits);
    fprintf(out, "# Training positions `%s`\n\n", o->cfg->name);
    job_report_game(out, o->cfg);
    fprintf(out,
            "%ld self-play games of `%s` against itself (%s, random openings of %ld plies): "
            "%s won %ld, drew %ld, lost %ld; %ld plies, %.0f per game.\n\n",
            st->games, player_config(o->cfg, 0)->weights, limits,
            match_config(o->cfg)->opening_plies, v->team_names[WHITE], st->white_wins, st->draws,
            st->black_wins, st->plies, st->games ? (double)st->plies / st->games : 0);
    fprintf(out,
            "**%ld positions kept** of %ld (%.1f%%), %.1f per game, in `positions.bin` (%lld "
            "bytes, %d-byte records; the format is in docs/formats.md, \"Training positions\"). "
            "Each position was dropped by the first filter that applies:\n\n",
            st->kept, st->positions, pct(st->kept, st->positions),
            st->games ? (double)st->kept / st->games : 0, file_bytes(st->kept), PACKED_RECORD);
    fprintf(out, "| filter | positions dropped | share |\n|---|---:|---:|\n");
    char what[96];
    snprintf(what, sizeof what, "the first %ld plies after the opening", dc->skip_plies);
    const struct {
        const char *name;
        long n;
        bool on;
    } rows[] = {
        {what, st->opening, true},
        {v->kings ? "a mate score" : "a decided game's score", st->decided, true},
        {"a score beyond max_score either way", st->lopsided, true},
        {"side to move in check", st->check, dc->skip_check && v->kings},
        {"the played move captures", st->capture, dc->skip_captures},
    };
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++)
        if (rows[r].on)
            fprintf(out, "| %s | %ld | %.1f%% |\n", rows[r].name, rows[r].n,
                    pct(rows[r].n, st->positions));
    fprintf(out,
            "\n(max_score = %ld cp.) Kept positions flagged: %ld in check, %ld whose move "
            "captured.\n\n",
            dc->max_score, st->kept_check, st->kept_capture);
    fprintf(out,
            "Results of the kept positions for the side to move: %ld won (%.1f%%), %ld drawn "
            "(%.1f%%), %ld lost (%.1f%%).\n\n",
            st->wins, pct(st->wins, st->kept), st->draws_stm, pct(st->draws_stm, st->kept),
            st->losses, pct(st->losses, st->kept));
    fprintf(out, "## Scores\n\n![Kept positions by search score](scores.png)\n\n"
                 "The kept positions by the search's score (side to move's view), in 500 cp "
                 "bands (100 cp buckets in `scores.csv`; the end bands take every score beyond "
                 "them), with the side to move's results:\n\n"
                 "| score (cp) | positions | won | drawn | lost | score of the side to move |\n"
                 "|---|---:|---:|---:|---:|---:|\n");
    int per = 500 / DATAGEN_HIST_STEP;
    for (int b = 0; b < DATAGEN_HIST_BUCKETS; b += per) {
        long r[3] = {0, 0, 0};
        for (int k = b; k < b + per; k++)
            for (int x = 0; x < 3; x++)
                r[x] += st->hist[k][x];
        long n = r[0] + r[1] + r[2];
        char share[16] = "-";
        if (n)
            snprintf(share, sizeof share, "%.3f", (r[2] + 0.5 * r[1]) / n);
        fprintf(out, "| %d .. %d | %ld | %ld | %ld | %ld | %s |\n", bucket_low(b),
                bucket_low(b + per), n, r[2], r[1], r[0], share);
    }
    fprintf(out,
            "\nThe speed (positions/s of the games played by this run) is in `timing.json`.\n");
    return true;
}

/* JobOutputs.print: what the run gave. */
static void print(void *data)
{
    const DatagenOutcome *o = data;
    double seconds;
    long games_now, kept_now;
    datagen_timing(o->d, &seconds, &games_now, &kept_now);
    printf("%ld games, %ld positions kept of %ld (%ld opening, %ld decided, %ld |score|, %ld "
           "check, %ld capture)\n",
           o->st.games, o->st.kept, o->st.positions, o->st.opening, o->st.decided, o->st.lopsided,
           o->st.check, o->st.capture);
    if (games_now)
        printf("%.0f positions/s (%ld games played now in %.1f s)\n",
               seconds > 0 ? kept_now / seconds : 0, games_now, seconds);
    printf("Results in %s/ (positions.bin, report.md)\n", o->rd->path);
}

int datagen_run(const Config *cfg, RunDir *rd)
{
    char err[1024];
    Openings openings;
    if (!openings_load(&openings, match_config(cfg), config_variant(cfg), cfg->seed, err,
                       sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_USAGE;
    }
    Job job;
    Datagen *d = datagen_new(cfg, &openings, &job.journal, err, sizeof err);
    if (!d) {
        fprintf(stderr, "maxtune: %s\n", err);
        openings_free(&openings);
        return EXIT_USAGE;
    }
    int status = job_begin(&job, cfg, rd, on_record, d);
    if (status == EXIT_OK)
        status = datagen_play(d);
    DatagenOutcome o = {cfg, rd, d, {0}, job.threads};
    if (status == EXIT_OK)
        datagen_count(d, &o.st);
    JobOutputs out = {.plot = plot,
                      .plot_data = &o,
                      .report = {"report.md", write_report, &o},
                      .summary = {RUNDIR_SUMMARY, write_summary, &o},
                      .print = print,
                      .print_data = &o};
    job_add_file(&out, "positions.bin", datagen_write_positions, d);
    job_add_file(&out, "scores.csv", write_scores, &o);
    job_add_file(&out, "timing.json", write_timing, &o);
    job_add_file(&out, datagen_config(cfg)->pgn ? "games.pgn" : NULL, datagen_write_pgn, d);
    status = job_end(&job, status, &out);
    datagen_free(d);
    openings_free(&openings);
    return status;
}

const HtmlSpec datagen_html = {
    .figures = {{"datagen.games", "games", NULL, NULL},
                {"datagen.positions", "positions", NULL, NULL},
                {"records", "positions kept", NULL, NULL}},
    .charts = {{.png = "scores.png",
                .csv = "scores.csv",
                .title = "Kept positions by search score",
                .x = "score_low",
                .y = "positions",
                .xlabel = "search score (centipawns, side to move)",
                .ylabel = "positions"}},
    .games = {"games.pgn"},
};
