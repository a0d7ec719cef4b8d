/* match.c: a match of two weight sets in game pairs.
 *
 * Pairs are played in parallel (dist: OpenMP threads, and MPI ranks in bin/maxtune-mpi); each
 * finished pair is stored at its index and journaled at once. Statistics, the SPRT decision
 * and the output files are taken in pair order from the lowest unfinished index (the
 * "frontier"), so they never depend on the number of threads or ranks or on which pair
 * finished first. */
#include "match.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/makemove.h"
#include "core/movegen.h"
#include "search/search.h"
#include "tune/run/interrupt.h"
#include "tune/run/journal.h"
#include "tune/play/pair_task.h"
#include "tune/play/pgn.h"
#include "tune/run/plot.h"
#include "tune/run/status.h"
#include "tune/stats/stats.h"
#include "tune/play/match_config.h"

bool match_pair_is_valid(const PairResult *p, const Position *opening, char *why, size_t len)
{
    for (int g = 0; g < 2; g++) {
        Position pos = *opening;
        for (int i = 0; i < p->game[g].nmoves; i++) {
            Move legal[MAX_MOVES];
            int n = movegen_legal(&pos, legal), k = 0;
            while (k < n && legal[k] != p->game[g].moves[i])
                k++;
            if (k == n) {
                snprintf(why, len, "game %d, ply %d: illegal move", g + 1, i + 1);
                return false;
            }
            Undo u;
            move_do(&pos, legal[k], &u);
        }
    }
    return true;
}

/* The state of one match; while pairs are played, only the dist sink (under dist's lock)
 * touches it. */
struct Match {
    const Config *cfg;
    const Openings *openings;
    long opening_offset; /* pair i plays opening opening_offset + i */
    Journal *journal;
    long journal_offset; /* pair i is journal record journal_offset + i */
    Weights weights[2];
    char names[2][64];
    long npairs;
    PairResult *pairs;
    bool *done;
    long finished;      /* pairs done (any order) */
    long frontier;      /* pairs [0, frontier) are counted, in order */
    long stop_at;       /* no pair at or beyond this index is needed */
    MatchCounts counts; /* of pairs [0, frontier) */
    SprtConfig sprt;
    SprtVerdict verdict;
    double llr;
    double last_progress;
    double start_time;
    long resumed_pairs;
    int threads;                     /* threads per rank */
    int players;                     /* threads that played, over all ranks */
    const char *label;               /* progress line prefix */
    void (*on_progress)(void *data); /* match_set_progress_hook */
    void *progress_data;
    double search_seconds; /* summed over threads, pairs played now */
    double play_seconds;   /* wall time of match_play */
};

/* Counts the finished pairs at the frontier in order and takes the SPRT decision. */
static void match_advance(Match *m)
{
    while (m->frontier < m->stop_at && m->done[m->frontier]) {
        const PairResult *p = &m->pairs[m->frontier];
        stats_add_pair(&m->counts, pair_score(p, 0), pair_score(p, 1));
        m->frontier++;
        if (match_config(m->cfg)->sprt) {
            m->verdict = stats_sprt_verdict(&m->counts, &m->sprt, &m->llr);
            if (m->verdict != SPRT_CONTINUE)
                m->stop_at = m->frontier;
        }
    }
}

bool match_record(Match *m, long index, const char *payload, char *why, size_t len)
{
    if (index < 0 || index >= m->npairs) {
        snprintf(why, len, "pair index %ld out of range", index);
        return false;
    }
    if (m->done[index]) {
        snprintf(why, len, "pair %ld recorded twice", index);
        return false;
    }
    PairResult p;
    if (!pair_decode(payload, &p, why, len))
        return false;
    Position opening;
    openings_get(m->openings, m->opening_offset + index, &opening);
    if (!match_pair_is_valid(&p, &opening, why, len)) {
        pair_free(&p);
        return false;
    }
    m->pairs[index] = p;
    m->done[index] = true;
    m->finished++;
    m->resumed_pairs++;
    return true;
}

/* Prints the progress line: redrawn in place on a terminal, a plain line otherwise. */
static void match_progress(Match *m, bool final)
{
    double now = search_now();
    bool tty = isatty(STDERR_FILENO);
    if (!final && now - m->last_progress < (tty ? 0.25 : 10.0))
        return;
    m->last_progress = now;
    EloEstimate e = stats_estimate(&m->counts);
    /* games and W-L-D both count the pairs [0, frontier), the ones the Elo is computed from;
     * pairs finished beyond the frontier (out of order) count in the speed and the ETA. */
    long games = 2 * m->frontier, total = 2 * m->stop_at;
    double elapsed = now - m->start_time;
    double rate = elapsed > 0 ? 2.0 * (m->finished - m->resumed_pairs) / elapsed : 0;
    double eta = rate > 0 ? (total - 2.0 * m->finished) / rate : 0;
    if (eta < 0)
        eta = 0;
    char sprt[64] = "";
    if (match_config(m->cfg)->sprt)
        snprintf(sprt, sizeof sprt, " LLR %.2f", m->llr);
    fprintf(stderr,
            "%s%sgames %ld/%ld  W-L-D %ld-%ld-%ld  Elo %.1f +/- %.1f%s  %.2f games/s  ETA %.0fs%s",
            tty ? "\r\033[K" : "", m->label, games, total, m->counts.wins, m->counts.losses,
            m->counts.draws, e.elo, e.elo_err, sprt, rate, eta, tty && !final ? "" : "\n");
}

/* JSON string escape of a plain name (config names have no quotes or backslashes). */
static const char *json_name(const char *s) { return s; }

/* Writer for games.pgn: every counted pair in order. */
bool match_write_pgn(FILE *out, void *data)
{
    Match *m = data;
    for (long i = 0; i < m->frontier; i++) {
        Position opening;
        openings_get(m->openings, m->opening_offset + i, &opening);
        for (int g = 0; g < 2; g++) {
            const GameResult *r = &m->pairs[i].game[g];
            char round[48];
            snprintf(round, sizeof round, "%ld.%d", i + 1, g + 1);
            const char *white = m->names[g], *black = m->names[!g];
            pgn_write_game(out, m->cfg->name, round, white, black, &opening, r->moves, r->nmoves,
                           r->result, (Termination)r->term);
        }
    }
    return true;
}

/* Writer for summary.json: everything reproducible about the result (no timing). */
bool match_write_summary(FILE *out, void *data)
{
    Match *m = data;
    EloEstimate e = stats_estimate(&m->counts), ep = stats_estimate_pentanomial(&m->counts);
    long term[TERM_NB] = {0};
    for (long i = 0; i < m->frontier; i++)
        for (int g = 0; g < 2; g++)
            term[m->pairs[i].game[g].term]++;
    const char *verdict = !match_config(m->cfg)->sprt    ? "none"
                          : m->verdict == SPRT_ACCEPT_H1 ? "H1"
                          : m->verdict == SPRT_ACCEPT_H0 ? "H0"
                                                         : "inconclusive";
    double lo = 0, hi = 0;
    stats_sprt_bounds(&m->sprt, &lo, &hi);
    char llr[32] = "null"; /* NAN: fishtest's LLR is undefined on these counts */
    if (!isnan(m->llr))
        snprintf(llr, sizeof llr, "%.4f", m->llr);
    fprintf(out, "{\n  \"job\": \"match\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n",
            json_name(m->cfg->name), m->cfg->seed);
    fprintf(out, "  \"player_a\": \"%s\",\n  \"player_b\": \"%s\",\n", json_name(m->names[0]),
            json_name(m->names[1]));
    fprintf(out,
            "  \"pairs\": %ld,\n  \"games\": %ld,\n  \"wins\": %ld,\n  \"losses\": %ld,\n"
            "  \"draws\": %ld,\n",
            m->frontier, 2 * m->frontier, m->counts.wins, m->counts.losses, m->counts.draws);
    fprintf(out, "  \"pentanomial\": [%ld, %ld, %ld, %ld, %ld],\n", m->counts.penta[0],
            m->counts.penta[1], m->counts.penta[2], m->counts.penta[3], m->counts.penta[4]);
    fprintf(out,
            "  \"score\": %.6f,\n  \"elo\": %.2f,\n  \"elo_error95\": %.2f,\n"
            "  \"elo_pentanomial\": %.2f,\n  \"elo_pentanomial_error95\": %.2f,\n"
            "  \"los\": %.6f,\n  \"draw_ratio\": %.6f,\n  \"nelo\": %.2f,\n"
            "  \"nelo_error95\": %.2f,\n",
            e.score, e.elo, e.elo_err, ep.elo, ep.elo_err, e.los, e.draw_ratio, e.nelo, e.nelo_err);
    fprintf(out,
            "  \"sprt\": {\"enabled\": %s, \"elo0\": %g, \"elo1\": %g, \"alpha\": %g, "
            "\"beta\": %g, \"model\": \"%s\", \"llr\": %s, \"lower\": %.4f, "
            "\"upper\": %.4f, \"verdict\": \"%s\"},\n",
            match_config(m->cfg)->sprt ? "true" : "false", m->sprt.elo0, m->sprt.elo1,
            m->sprt.alpha, m->sprt.beta, match_config(m->cfg)->sprt_model, llr, lo, hi, verdict);
    fprintf(out, "  \"terminations\": {");
    for (int t = 0; t < TERM_NB; t++)
        fprintf(out, "%s\"%s\": %ld", t ? ", " : "", game_termination_name((Termination)t),
                term[t]);
    fprintf(out, "}\n}\n");
    return true;
}

bool match_write_timing(FILE *out, void *data)
{
    Match *m = data;
    double elapsed = m->play_seconds;
    long played = m->finished - m->resumed_pairs;
    int players = m->players > 0 ? m->players : m->threads;
    double busy = elapsed > 0 ? m->search_seconds / (players * elapsed) : 0;
    fprintf(out,
            "{\n  \"threads\": %d,\n  \"seconds\": %.3f,\n  \"games_played_now\": %ld,\n"
            "  \"games_per_second\": %.4f,\n  \"resumed_games\": %ld,\n"
            "  \"search_seconds\": %.3f,\n  \"fraction_outside_search\": %.4f\n}\n",
            players, elapsed, 2 * played, elapsed > 0 ? 2 * played / elapsed : 0,
            2 * m->resumed_pairs, m->search_seconds, 1 - busy);
    return true;
}

void match_write_verification_json(FILE *out, const Match *m)
{
    if (!m) {
        fprintf(out, "  \"verification\": null\n");
        return;
    }
    EloEstimate e = stats_estimate(&m->counts);
    fprintf(out,
            "  \"verification\": {\"games\": %ld, \"wins\": %ld, \"losses\": %ld, "
            "\"draws\": %ld, \"elo\": %.2f, \"elo_error95\": %.2f, \"elo_low\": %.2f, "
            "\"elo_high\": %.2f, \"los\": %.6f}\n",
            stats_games(&m->counts), m->counts.wins, m->counts.losses, m->counts.draws, e.elo,
            e.elo_err, e.elo_lo, e.elo_hi, e.los);
}

bool match_write_progress(FILE *out, void *data)
{
    Match *m = data;
    MatchCounts mc = {0};
    fprintf(out, "games,elo,elo_low,elo_high,score\n");
    for (long i = 0; i < m->frontier; i++) {
        stats_add_pair(&mc, pair_score(&m->pairs[i], 0), pair_score(&m->pairs[i], 1));
        EloEstimate e = stats_estimate(&mc);
        fprintf(out, "%ld,%.2f,%.2f,%.2f,%.4f\n", 2 * (i + 1), e.elo, e.elo_lo, e.elo_hi, e.score);
    }
    return true;
}

/* Draws the Elo over the games with its band. The y range grows with the data up to +-1250,
 * beyond the +-1199.8 where Elo saturates, so that the first games' wide intervals are drawn
 * whole instead of clipped (it was +-1000). */
bool match_plot_progress(const Match *m, const RunDir *rd, const char *csv, const char *png)
{
    char script[1024], title[256];
    snprintf(title, sizeof title, "%s vs %s: Elo difference with its 95%% interval", m->names[0],
             m->names[1]);
    snprintf(script, sizeof script,
             "set xlabel 'games'\nset ylabel 'Elo'\nset yrange [-1250<*<0:0<*<1250]\n"
             "plot '%s' using 1:3:4 with filledcurves lc rgb '#c8d8f0' title '95%% interval', "
             "'' using 1:2 with lines lw 2 lc rgb '#1f4e9c' title 'Elo', 0 with lines lc rgb "
             "'#888888' notitle\n",
             csv);
    return plot_draw(rd, png, title, script);
}

/* Prints the cutechess-style result block. */
void match_print_result(const Match *m)
{
    EloEstimate e = stats_estimate(&m->counts);
    const char *a = m->names[0], *b = m->names[1];
    printf("Score of %s vs %s: %ld - %ld - %ld  [%.3f] %ld\n", a, b, m->counts.wins,
           m->counts.losses, m->counts.draws, e.score, 2 * m->frontier);
    printf("Elo difference: %.1f +/- %.1f, LOS: %.1f %%, DrawRatio: %.1f %%\n", e.elo, e.elo_err,
           100 * e.los, 100 * e.draw_ratio);
    printf("Pentanomial [LL, LD+DL, LW+DD+WL, WD+DW, WW]: [%ld, %ld, %ld, %ld, %ld]\n",
           m->counts.penta[0], m->counts.penta[1], m->counts.penta[2], m->counts.penta[3],
           m->counts.penta[4]);
    printf("Normalized Elo: %.1f +/- %.1f\n", e.nelo, e.nelo_err);
    if (match_config(m->cfg)->sprt) {
        double lo, hi;
        stats_sprt_bounds(&m->sprt, &lo, &hi);
        printf("SPRT: llr %.2f (%.1f%%), lbound %.2f, ubound %.2f - %s\n", m->llr,
               100 * m->llr / hi, lo, hi,
               m->verdict == SPRT_ACCEPT_H1   ? "H1 was accepted"
               : m->verdict == SPRT_ACCEPT_H0 ? "H0 was accepted"
                                              : "no decision");
    }
}

Match *match_new(const Config *cfg, const Weights *wa, const Weights *wb, const char *name_a,
                 const char *name_b, const Openings *openings, long opening_offset, long npairs,
                 Journal *journal, long journal_offset)
{
    Match *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->cfg = cfg;
    m->openings = openings;
    m->opening_offset = opening_offset;
    m->journal = journal;
    m->journal_offset = journal_offset;
    m->weights[0] = *wa;
    m->weights[1] = *wb;
    snprintf(m->names[0], sizeof m->names[0], "%s", name_a);
    snprintf(m->names[1], sizeof m->names[1], "%s", name_b);
    m->npairs = npairs;
    m->stop_at = npairs;
    m->threads = config_threads(cfg);
    m->label = "";
    m->sprt = (SprtConfig){match_config(cfg)->elo0, match_config(cfg)->elo1,
                           match_config(cfg)->alpha, match_config(cfg)->beta,
                           strcmp(match_config(cfg)->sprt_model, "logistic") ? SPRT_NORMALIZED
                                                                             : SPRT_LOGISTIC};
    m->pairs = calloc((size_t)npairs, sizeof *m->pairs);
    m->done = calloc((size_t)npairs, sizeof *m->done);
    if (!m->pairs || !m->done) {
        match_free(m);
        return NULL;
    }
    return m;
}

void match_free(Match *m)
{
    if (!m)
        return;
    if (m->pairs)
        for (long i = 0; i < m->npairs; i++)
            pair_free(&m->pairs[i]);
    free(m->pairs);
    free(m->done);
    free(m);
}

void match_set_label(Match *m, const char *label) { m->label = label; }

void match_set_progress_hook(Match *m, void (*fn)(void *data), void *data)
{
    m->on_progress = fn;
    m->progress_data = data;
}

MatchCounts match_counts(const Match *m) { return m->counts; }

const PairResult *match_pair(const Match *m, long i)
{
    return i >= 0 && i < m->frontier ? &m->pairs[i] : NULL;
}

MatchSummary match_summary(const Match *m)
{
    MatchSummary r = {m->names[0], m->names[1], m->frontier, m->counts, m->sprt,
                      m->verdict,  m->llr,      0,           0,         {0}};
    stats_sprt_bounds(&m->sprt, &r.lower, &r.upper);
    for (long i = 0; i < m->frontier; i++)
        for (int g = 0; g < 2; g++)
            r.term[m->pairs[i].game[g].term]++;
    return r;
}

/* DistSink.wanted: pairs not played yet, before the SPRT stop, while not interrupted. */
static bool match_wanted(void *data, long i)
{
    Match *m = data;
    return !interrupt_requested() && i < m->stop_at && !m->done[i];
}

/* DistSink.take: journals a finished pair, stores it at its index and counts the frontier. */
static bool match_take(void *data, long i, const char *payload, double busy)
{
    Match *m = data;
    PairResult p;
    char why[128];
    if (i < 0 || i >= m->npairs || m->done[i] || !pair_decode(payload, &p, why, sizeof why))
        return false;
    if (!journal_append(m->journal, m->journal_offset + i, payload)) {
        pair_free(&p);
        return false;
    }
    m->pairs[i] = p;
    m->done[i] = true;
    m->finished++;
    m->search_seconds += busy;
    match_advance(m);
    match_progress(m, false);
    if (m->on_progress)
        m->on_progress(m->progress_data);
    return true;
}

int match_play(Match *m)
{
    m->start_time = search_now();
    if (m->resumed_pairs)
        fprintf(stderr, "%sresuming: %ld pairs already played\n", m->label, m->resumed_pairs);
    match_advance(m);
    /* Pairs are played wherever dist puts them (threads, MPI ranks) and come back here in
     * completion order; match_take keeps them by index. */
    PairTask task = {m->cfg, m->openings, m->opening_offset, m->weights, 1, m->npairs};
    DistSink sink = {m, match_wanted, match_take};
    bool ok = pair_task_run(&pair_task_kind, &task, NULL, 0, m->npairs, &sink, &m->players);
    m->play_seconds = search_now() - m->start_time;
    match_progress(m, true);
    if (!ok) {
        journal_report_failure(m->journal, "game pair");
        return EXIT_FAIL;
    }
    if (m->frontier < m->stop_at) {
        fprintf(stderr,
                "interrupted: finished work is saved in %s; run the same command "
                "again to resume\n",
                m->journal->path);
        return EXIT_INTERRUPTED;
    }
    return EXIT_OK;
}
