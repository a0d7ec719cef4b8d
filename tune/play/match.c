/* match.c: a match of two weight sets in game pairs.
 *
 * Pairs are played in parallel (dist: OpenMP threads, and MPI ranks in bin/maxtune-mpi); each
 * finished pair is stored at its index and journaled at once. Statistics, the SPRT decision
 * and the pairs the output files are written from (tune/jobs/common/match_output.c) are taken in pair
 * order from the lowest unfinished index (the "frontier"), so they never depend on the number of
 * threads or ranks or on which pair finished first. */
#include "match.h"

#include <stdlib.h>
#include <string.h>

#include "search/search.h"
#include "tune/play/ledger.h"
#include "tune/play/pair_task.h"
#include "tune/play/engine_check.h"
#include "tune/run/interrupt.h"
#include "tune/run/journal.h"
#include "tune/run/status.h"
#include "tune/stats/stats.h"
#include "tune/play/match_config.h"

bool match_pair_is_valid(const PairResult *p, const Position *opening, char *why, size_t len)
{
    for (int g = 0; g < 2; g++) {
        int ply = pair_game_replay(&p->game[g], opening);
        if (ply) {
            snprintf(why, len, "game %d, ply %d: illegal move", g + 1, ply);
            return false;
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
    Ledger ledger;      /* which pairs are done (any order), how many resumed */
    long frontier;      /* pairs [0, frontier) are counted, in order */
    long stop_at;       /* no pair at or beyond this index is needed */
    MatchCounts counts; /* of pairs [0, frontier) */
    SprtConfig sprt;
    SprtVerdict verdict;
    double llr;
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
    while (m->frontier < m->stop_at && m->ledger.done[m->frontier]) {
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
    if (index >= m->npairs) {
        snprintf(why, len,
                 "it holds pair %ld, more than the %ld pairs asked: pairs may be raised to "
                 "extend a run, not lowered",
                 index + 1, m->npairs);
        return false;
    }
    if (!ledger_can_store(&m->ledger, index, "pair index %ld out of range",
                          "pair %ld recorded twice", why, len))
        return false;
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
    ledger_store(&m->ledger, index, true);
    return true;
}

/* Prints the progress line: redrawn in place on a terminal, a plain line otherwise. */
static void match_progress(Match *m, bool final)
{
    bool tty;
    if (!ledger_line_due(&m->ledger, final, &tty))
        return;
    EloEstimate e = stats_estimate(&m->counts);
    /* games and W-L-D both count the pairs [0, frontier), the ones the Elo is computed from;
     * pairs finished beyond the frontier (out of order) count in the speed and the ETA. */
    long games = 2 * m->frontier, total = 2 * m->stop_at;
    double rate, eta;
    ledger_speed(&m->ledger, 2.0, (double)(m->stop_at - m->ledger.finished), &rate, &eta);
    char sprt[64] = "";
    if (match_config(m->cfg)->sprt)
        snprintf(sprt, sizeof sprt, " LLR %.2f", m->llr);
    ledger_print(tty, final,
                 "%sgames %ld/%ld  W-L-D %ld-%ld-%ld  Elo %.1f +/- %.1f%s  %.2f games/s  ETA %.0fs",
                 m->label, games, total, m->counts.wins, m->counts.losses, m->counts.draws, e.elo,
                 e.elo_err, sprt, rate, eta);
}

const Config *match_run_config(const Match *m) { return m->cfg; }

void match_opening(const Match *m, long i, Position *out)
{
    openings_get(m->openings, m->opening_offset + i, out);
}

MatchTiming match_timing(const Match *m)
{
    MatchTiming t = {m->players > 0 ? m->players : m->threads, m->play_seconds,
                     m->ledger.finished - m->ledger.resumed, m->ledger.resumed, m->search_seconds};
    return t;
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
    if (!ledger_init(&m->ledger, npairs) || !m->pairs) {
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
    ledger_free(&m->ledger);
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
    return !interrupt_requested() && i < m->stop_at && !m->ledger.done[i];
}

/* DistSink.take: journals a finished pair, stores it at its index and counts the frontier. */
static bool match_take(void *data, long i, const char *payload, double busy)
{
    Match *m = data;
    PairResult p;
    char why[128];
    if (i < 0 || i >= m->npairs || m->ledger.done[i] || !pair_decode(payload, &p, why, sizeof why))
        return false;
    if (!journal_append(m->journal, m->journal_offset + i, payload)) {
        pair_free(&p);
        return false;
    }
    m->pairs[i] = p;
    ledger_store(&m->ledger, i, false);
    m->search_seconds += busy;
    match_advance(m);
    match_progress(m, false);
    if (m->on_progress)
        m->on_progress(m->progress_data);
    return true;
}

int match_play(Match *m)
{
    ledger_start(&m->ledger, m->label, "pairs");
    match_advance(m);
    /* Pairs are played wherever dist puts them (threads, MPI ranks) and come back here in
     * completion order; match_take keeps them by index. */
    PairTask task = {m->cfg, m->openings, m->opening_offset, m->weights, 1, m->npairs};
    DistSink sink = {m, match_wanted, match_take};
    bool ok = pair_task_run(&pair_task_kind, &task, NULL, 0, m->npairs, &sink, &m->players);
    m->play_seconds = clock_now() - m->ledger.start;
    match_progress(m, true);
    if (!ok) {
        engine_check_report_failure(m->journal, "game pair"); /* an engine's stop, or memory */
        return EXIT_FAIL;
    }
    if (m->frontier < m->stop_at) {
        ledger_report_interrupted(m->journal);
        return EXIT_INTERRUPTED;
    }
    return engine_check_played(2 * m->frontier, match_summary(m).term[TERM_ABANDONED]);
}
