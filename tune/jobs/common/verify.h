/* verify.h: the verification match that ends a tuning job (spsa, fit): the result's weights
 * against the start's, both with [engine_a]'s limits, on openings of their own (index
 * VERIFY_OPENING_OFFSET on, never the tuning's), journaled after the job's own records. It
 * writes verify.pgn, verify_progress.csv/.png and verify.json, and the "verification" member
 * of the job's summary.json. */
#ifndef MAXTUNE_VERIFY_H
#define MAXTUNE_VERIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "tune/jobs/common/job.h"
#include "tune/play/match.h"

/* Verification openings start here, far from every tuning opening. */
#define VERIFY_OPENING_OFFSET 1000000000L

// clang-format off
/* The report.html headline figures of the "verification" member of summary.json
 * (HtmlSpec.figures); `what` names the weights ("tuned", "fitted"). */
#define VERIFY_HTML_FIGURES(what)                                                                  \
    {"verification.elo", "Elo, " what " against the start",                                        \
     "verification.elo_error95", NULL},                                                           \
    {"verification.games", "verification games", NULL, NULL},                                     \
    {"verification.los", "verification LOS", NULL, NULL}

/* The report.html chart of verify_progress.csv (HtmlSpec.charts); `what` names the weights
 * ("tuned", "fitted"). */
#define VERIFY_HTML_CHART(what)                                                                    \
    {.png = "verify_progress.png", .csv = "verify_progress.csv",                                  \
     .title = "Elo, " what " against the start, over the verification games",                      \
     .x = "games", .y = "elo:elo_low:elo_high", .xlabel = "games", .ylabel = "Elo",               \
     .yclamp = 1000}
// clang-format on

/* The headline figures of a match, read back from its JSON (verify.json, a match job's
 * summary.json). */
typedef struct MatchFigures {
    bool have; /* the file was there */
    long games;
    double score, elo, elo_err, los;
    char verdict[16]; /* the SPRT's: "H1", "H0", "none", ... ("" without one) */
} MatchFigures;

/* Reads the figures of the match JSON at path into *m; a missing file leaves m->have false. */
void verify_read_figures(const char *path, MatchFigures *m);

/* Writes m as a JSON object (games, score, elo, elo_error95, los, sprt_verdict), or null
 * without figures. */
void verify_write_figures(FILE *out, const MatchFigures *m);

/* A verification match and the journal records read back before it exists. */
typedef struct Verify {
    long pairs;          /* 0: no verification */
    long journal_offset; /* pair v is journal record journal_offset + v */
    char **records;      /* payloads read back on resume, by pair (NULL: not played) */
    Match *match;        /* after verify_play */
} Verify;

/* Prepares a verification of `pairs` pairs (0: none) journaled from journal_offset; false when
 * out of memory. */
bool verify_init(Verify *v, long pairs, long journal_offset);

/* Journal replay: keeps verification record `index` (a journal index at or after the offset);
 * false with a reason when it is out of range or repeated. */
bool verify_keep_record(Verify *v, long index, const char *payload, char *why, size_t len);

/* Plays the verification match, name_a (weights a) against name_b (weights b), with the
 * records kept on resume; returns an ExitStatus (EXIT_OK at once without verification). */
int verify_play(Verify *v, const Config *play_cfg, const Weights *a, const Weights *b,
                const char *name_a, const char *name_b, const Openings *o, Journal *journal);

/* Adds verify.pgn, verify_progress.csv and verify.json to a job's outputs (none without a
 * match). */
void verify_add_files(Verify *v, JobOutputs *out);

/* Draws verify_progress.png; true without a match; false when the plot failed. */
bool verify_plot(const Verify *v, const RunDir *rd);

/* Prints the result of the match under "Verification, <what>:" (nothing without a match). */
void verify_print(const Verify *v, const char *what);

/* Writes the report.md section of the match: "## Verification: <what> against start", its
 * figures, a verdict on the <what> <kind> ("tuned", "weights" or "options"), the plot and the
 * files; `openings` says which openings it used (nothing without a match). */
void verify_write_markdown(FILE *out, const Verify *v, const char *what, const char *kind,
                           const char *openings);

/* Frees the records and the match. */
void verify_free(Verify *v);

#endif
