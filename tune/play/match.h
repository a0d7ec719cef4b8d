/* match.h: a match of two weight sets in game pairs (each opening played twice, colours
 * swapped), in parallel over threads and MPI ranks (dist), with SPRT and a journaled pair per
 * record; used by the match job and by the verification matches of spsa and fit. */
#ifndef MAXTUNE_MATCH_H
#define MAXTUNE_MATCH_H

#include "tune/run/config.h"
#include "tune/run/journal.h"
#include "tune/play/pairs.h"
#include "tune/stats/stats.h"
#include "tune/run/rundir.h"

/* A match between two weight sets, its pairs, counts and SPRT state. */
typedef struct Match Match;

/* Creates a match of npairs pairs: pair i plays opening opening_offset + i and is journal record
 * journal_offset + i. Engine limits and match rules come from cfg. NULL when out of memory. */
Match *match_new(const Config *cfg, const Weights *wa, const Weights *wb, const char *name_a,
                 const char *name_b, const Openings *openings, long opening_offset, long npairs,
                 Journal *journal, long journal_offset);

/* Frees a match. */
void match_free(Match *m);

/* Takes a journal record (pair index relative to the match) read back on resume. */
bool match_record(Match *m, long index, const char *payload, char *why, size_t len);

/* Plays the missing pairs in parallel; returns EXIT_OK when complete, EXIT_INTERRUPTED or
 * EXIT_FAIL. */
int match_play(Match *m);

/* Has fn(data) called after each pair is taken while the match plays (the live report.html;
 * called under dist's lock, so fn must be quick or throttled); fn NULL: none. */
void match_set_progress_hook(Match *m, void (*fn)(void *data), void *data);

/* Sets the prefix of the progress line (e.g. "verify: "). */
void match_set_label(Match *m, const char *label);

/* The counts of the pairs taken in order. */
MatchCounts match_counts(const Match *m);

/* The figures of a match for its reports: the pairs counted in order and what they give. */
typedef struct MatchSummary {
    const char *name_a, *name_b; /* the players (figures are for name_a) */
    long pairs;                  /* pairs counted */
    MatchCounts counts;
    SprtConfig sprt;
    SprtVerdict verdict;
    double llr, lower, upper; /* the SPRT's log-likelihood ratio and its bounds */
    long term[TERM_NB];       /* games by termination */
} MatchSummary;

/* Pair i of those counted so far (0 <= i < match_summary's pairs), or NULL. */
const PairResult *match_pair(const Match *m, long i);

/* The figures of the pairs counted so far. */
MatchSummary match_summary(const Match *m);

/* Writers for rundir_write (data is the Match): the games, and the reproducible summary. */
bool match_write_pgn(FILE *out, void *data);
bool match_write_summary(FILE *out, void *data);

/* Writes the `"verification": {...}` member of a job's summary.json (null without a match). */
void match_write_verification_json(FILE *out, const Match *m);

/* Writer of the Elo estimate after each pair (CSV: games, elo, elo_low, elo_high, score). */
bool match_write_progress(FILE *out, void *data);

/* Writer of timing.json: the speed figures, which change from run to run. */
bool match_write_timing(FILE *out, void *data);

/* Draws that CSV (already written as `csv` in the run folder) as `png`; false when the plot
 * failed (the reason printed). */
bool match_plot_progress(const Match *m, const RunDir *rd, const char *csv, const char *png);

/* Prints the cutechess-style result block. */
void match_print_result(const Match *m);

/* Checks that every move of a decoded pair is legal from its opening; false with a reason. */
bool match_pair_is_valid(const PairResult *p, const Position *opening, char *why, size_t len);

#endif
