/* verify.c: the verification match of the tuning jobs (see verify.h). */
#include "verify.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune/jobs/common/match_output.h"
#include "tune/run/json.h"
#include "tune/run/text.h"
#include "tune/stats/stats.h"

bool verify_init(Verify *v, long pairs, long journal_offset)
{
    *v = (Verify){pairs, journal_offset, calloc((size_t)pairs + 1, sizeof *v->records), NULL};
    return v->records != NULL;
}

bool verify_keep_record(Verify *v, long index, const char *payload, char *why, size_t len)
{
    long k = index - v->journal_offset;
    if (k < 0 || k >= v->pairs) {
        snprintf(why, len, "record index %ld out of range", index);
        return false;
    }
    if (v->records[k]) {
        snprintf(why, len, "verification pair %ld recorded twice", k);
        return false;
    }
    v->records[k] = strdup(payload);
    return v->records[k] != NULL;
}

int verify_play(Verify *v, const Config *play_cfg, const Weights *a, const Weights *b,
                const char *name_a, const char *name_b, const Openings *o, Journal *journal)
{
    if (v->pairs <= 0)
        return EXIT_OK;
    v->match = match_new(play_cfg, a, b, name_a, name_b, o, VERIFY_OPENING_OFFSET, v->pairs,
                         journal, v->journal_offset);
    if (!v->match) {
        fprintf(stderr, "maxtune: out of memory for the verification match\n");
        return EXIT_FAIL;
    }
    match_set_label(v->match, "verify: ");
    char why[512];
    for (long k = 0; k < v->pairs; k++)
        if (v->records[k] && !match_record(v->match, k, v->records[k], why, sizeof why)) {
            fprintf(stderr, "maxtune: %s:%ld: corrupted checkpoint record: %s\n", journal->path,
                    v->journal_offset + k, why);
            return EXIT_USAGE;
        }
    return match_play(v->match);
}

void verify_add_files(Verify *v, JobOutputs *out)
{
    if (!v->match)
        return;
    job_add_file(out, "verify.pgn", match_write_pgn, v->match);
    job_add_file(out, "verify_progress.csv", match_write_progress, v->match);
    job_add_file(out, "verify.json", match_write_summary, v->match);
}

bool verify_plot(const Verify *v, const RunDir *rd)
{
    return !v->match ||
           match_plot_progress(v->match, rd, "verify_progress.csv", "verify_progress.png");
}

void verify_print(const Verify *v, const char *what)
{
    if (!v->match)
        return;
    printf("Verification, %s:\n", what);
    match_print_result(v->match);
}

void verify_write_markdown(FILE *out, const Verify *v, const char *what, const char *kind,
                           const char *openings)
{
    if (!v->match)
        return;
    MatchCounts mc = match_counts(v->match);
    EloEstimate e = stats_estimate(&mc);
    /* The figures as verify.json holds them, so that a report made from that file (the
     * suite's) prints the same. */
    e.score = text_rounded(e.score, 6);
    e.elo = text_rounded(e.elo, 2);
    e.elo_err = text_rounded(e.elo_err, 2);
    e.elo_lo = text_rounded(e.elo_lo, 2);
    e.elo_hi = text_rounded(e.elo_hi, 2);
    e.los = text_rounded(e.los, 6);
    fprintf(out,
            "\n## Verification: %s against start\n\n%ld games (%ld pairs, %s): +%ld -%ld "
            "=%ld, score %.3f.\n\n**Elo difference: %.1f +/- %.1f** (95%% interval [%.1f, "
            "%.1f]), LOS %.1f%%. The %s %s are %s.\n\n",
            what, stats_games(&mc), stats_pairs(&mc), openings, mc.wins, mc.losses, mc.draws,
            e.score, e.elo, e.elo_err, e.elo_lo, e.elo_hi, 100 * e.los, what, kind,
            e.elo_lo > 0   ? "significantly stronger"
            : e.elo_hi < 0 ? "significantly weaker"
                           : "not significantly different at 95%");
    fprintf(out,
            "![Elo of %s vs start over the verification games](verify_progress.png)\n\n"
            "*The Elo difference of the %s %s against the start after each game "
            "pair, with its 95%% interval narrowing as games accumulate.*\n\nGames: "
            "`verify.pgn`; figures: `verify.json`, `verify_progress.csv`.\n",
            what, what, kind);
}

void verify_free(Verify *v)
{
    for (long k = 0; v->records && k <= v->pairs; k++)
        free(v->records[k]);
    free(v->records);
    match_free(v->match);
    *v = (Verify){0};
}

void verify_write_figures(FILE *out, const MatchFigures *m)
{
    if (!m->have) {
        fprintf(out, "null");
        return;
    }
    fprintf(out,
            "{\"games\": %ld, \"score\": %.6f, \"elo\": %.2f, \"elo_error95\": %.2f, \"los\": "
            "%.6f, \"sprt_verdict\": \"%s\"}",
            m->games, m->score, m->elo, m->elo_err, m->los, m->verdict);
}

void verify_read_figures(const char *path, MatchFigures *m)
{
    size_t len;
    char *json = text_read_file(path, &len);
    memset(m, 0, sizeof *m);
    if (!json)
        return;
    m->have = true;
    m->games = (long)json_number(json, "games");
    m->score = json_number(json, "score");
    m->elo = json_number(json, "elo");
    m->elo_err = json_number(json, "elo_error95");
    m->los = json_number(json, "los");
    json_string(json, "sprt.verdict", m->verdict, sizeof m->verdict);
    free(json);
}
