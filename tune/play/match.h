/* match.h: a match of two weight sets in game pairs (each opening played twice, colours
 * swapped), in parallel over threads and MPI ranks (dist), with SPRT and a journaled pair per
 * record; used by the match job and by the verification matches of spsa and fit. The match
 * keeps its pairs and figures; the files made of them are the jobs' (tune/jobs/common/match_output.h). */
#ifndef MAXTUNE_MATCH_H
#define MAXTUNE_MATCH_H

#include "tune/run/config.h"
#include "tune/run/journal.h"
#include "tune/play/pairs.h"
#include "tune/stats/stats.h"

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

/* The config the match was made with (its rules, its players, its run's name and seed). */
const Config *match_run_config(const Match *m);

/* The opening of pair i. */
void match_opening(const Match *m, long i, Position *out);

/* How fast the match played (timing.json): what changes from run to run. */
typedef struct MatchTiming {
    int players;           /* threads that played, over all ranks */
    double seconds;        /* wall time of match_play */
    long played, resumed;  /* pairs played now, pairs read back from the journal */
    double search_seconds; /* inside the searches, summed over threads, pairs played now */
} MatchTiming;

/* The speed figures of the match. */
MatchTiming match_timing(const Match *m);

/* Checks that every move of a decoded pair is legal from its opening; false with a reason. */
bool match_pair_is_valid(const PairResult *p, const Position *opening, char *why, size_t len);

#endif
