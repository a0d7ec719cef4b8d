/* job.h: what every job ([run] job) shares: the table of jobs (filled by catalog.c) and a
 * job's life in its results folder.
 *
 * A job's life, written once here:
 *     job_begin   open the checkpoint journal (replaying finished work), run.txt "running"
 *     ...         the job's own work; each step returns an ExitStatus
 *     job_end     EXIT_OK: the data files, the plots drawn from them, report.md, report.html
 *                 (the job's HtmlSpec, html.h), run.txt "finished" and summary.json last (a folder with summary.json is a finished
 *                 run, so it exists only once everything the run promises exists);
 *                 EXIT_INTERRUPTED: run.txt "interrupted"; then the journal is closed (and
 *                 removed once the run is finished). */
#ifndef MAXTUNE_JOB_H
#define MAXTUNE_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "search/weights.h"
#include "tune/run/config.h"
#include "tune/run/journal.h"
#include "tune/run/rundir.h"
#include "tune/run/status.h"

/* One job of the table. */
typedef struct JobDef {
    const char *name; /* its [run] job value */
    const char *doc;  /* one line: what it does and writes */
    /* Checks what the job reads beyond the config keys (lists inside keys, parameter files);
     * NULL when there is nothing more. False with "problem" in err. */
    bool (*check)(const Config *cfg, char *err, size_t errlen);
    /* Runs the job into the prepared results folder; returns an ExitStatus. */
    int (*run)(const Config *cfg, RunDir *rd);
    /* What its report.html shows beyond report.md (html.h); NULL: no page. */
    const struct HtmlSpec *html;
    /* Whether the job plays games between its players, so that a player may have a time
     * control or be an external engine. */
    bool games;
    /* For a job that plays no such games: whether this config's players may still be external
     * engines (spsa tuning an engine's options), and the phrase that says when ("spsa jobs
     * that tune ..."); NULL: never. */
    bool (*external)(const Config *cfg);
    const char *external_doc;
    /* For a job whose finished run may be extended (a match's pairs raised): sets in cfg the
     * keys that may grow to their values in defaults (a Config of every key's default), so
     * that they leave the checkpoint's config hash, and returns a number mixed into that hash
     * (its records' layout); NULL: none. Such a job keeps its checkpoint when it finishes. */
    uint64_t (*grows)(Config *cfg, const Config *defaults);
    /* Whether it plays every game of core/variant.h ([run] variant); false: Maxima only (its
     * start tables, parameters or reports are Maxima's), and job_check refuses the others. */
    bool any_game;
} JobDef;

/* Sets the table of jobs (catalog.c, at start-up), which the config ([run] job), `maxtune run`,
 * `config --doc` and the suite all read through job_find and job_at. */
void job_set_table(const JobDef *jobs, int count);

/* The job of that name, or NULL. */
const JobDef *job_find(const char *name);

/* Job i of the table (0 <= i < job_count()). */
int job_count(void);
const JobDef *job_at(int i);

/* The config hash of cfg's checkpoint: rundir_config_hash, of cfg with its growing keys at
 * their defaults for a job that grows (JobDef.grows). */
uint64_t job_config_hash(const Config *cfg);

/* Checks every input a run of cfg reads (the game, both engines' weights, the openings, the
 * job's own check), so that bad input is refused before a results folder is touched. False
 * with "[section] key: problem" in err. */
bool job_check(const Config *cfg, char *err, size_t errlen);

/* The reports of a run of a game other than Maxima name it: report.md a line after its title
 * ("Game: **Ultima** (rules: docs/rules/ultima.md; a stalemate loses, docs/rules/ultima.md 7).", job_report_game),
 * summary.json a member after "seed" ("variant": "ultima", job_summary_game). A Maxima run's
 * reports get nothing: they stay as they were. */
void job_report_game(FILE *out, const Config *cfg);
void job_summary_game(FILE *out, const Config *cfg);

/* The name of game v's unit of piece value (handicap_unit): "pincer", or "point" (of score, in
 * a game of points). */
const char *job_unit_name(const Variant *v);

/* The outside table of piece values set beside game v's measured ones, in units
 * (handicap_unit): weights_report_reference's published table (vchess, ChessV), or for a game
 * of points (Martian Chess) the official capture points (queen 3, drone 2, pawn 1); its name
 * in reports, and the value of material term w there (0: not valued). */
const char *job_reference_name(const Variant *v);
double job_reference_value(const Variant *v, int w);

/* An output file of a job: its name in the results folder and its writer (rundir_write). A
 * file without a name is skipped. */
typedef struct JobFile {
    const char *name;
    bool (*write)(FILE *out, void *data);
    void *data;
} JobFile;

enum { JOB_MAX_FILES = 16 };

/* Everything a finished job writes, in the order job_end writes it. */
typedef struct JobOutputs {
    JobFile files[JOB_MAX_FILES]; /* data files (CSV, weights, PGN, JSON) */
    int nfiles;
    /* Draws the plots from the data files (plot.h); false fails the job, so that a finished
     * run never links a missing plot; may be NULL. */
    bool (*plot)(void *data);
    void *plot_data;
    JobFile report;  /* report.md */
    JobFile summary; /* summary.json */
    /* Prints the result on stdout once everything is written; may be NULL. */
    void (*print)(void *data);
    void *print_data;
} JobOutputs;

/* Adds a data file to o (in order). */
void job_add_file(JobOutputs *o, const char *name, bool (*write)(FILE *out, void *data),
                  void *data);

/* A weights file to write: the weights and their game. */
typedef struct JobWeights {
    const Weights *w;
    const Variant *v;
} JobWeights;

/* Writers for the common kinds of output: a text held in memory (data: the NUL-terminated
 * text) and a weights file (data: a JobWeights, alive until job_end). */
bool job_write_text(FILE *out, void *data);
bool job_write_weights(FILE *out, void *data);

/* A job running in its results folder. */
typedef struct Job {
    const Config *cfg;
    RunDir *rd;
    Journal journal;
    int threads;      /* for run.txt */
    double live_next; /* the live report.html: when it may be rewritten next (monotonic s) */
} Job;

/* Begins a job: starts each external player once (engine_check_start: it must start and
 * accept its options), opens the checkpoint journal (finished records are handed to
 * on_record(data, ...); none when on_record is NULL) and writes run.txt "running". EXIT_OK,
 * EXIT_USAGE for a bad or foreign checkpoint or an option the engine does not take, EXIT_FAIL
 * when an engine cannot start or run.txt cannot be written (messages printed). An engine that
 * fails leaves no results folder behind when this run created it (rundir_discard). */
int job_begin(Job *job, const Config *cfg, RunDir *rd, JournalRecordFn on_record, void *data);

/* Rewrites report.html while the job runs (the live page, reloading itself; status "running")
 * or once it stopped early ("interrupted"): the figures from summary (summary.json as it would
 * be written now), the files given by files[0..nfiles) in memory, the others from the folder,
 * and a progress line. A running page is rewritten at most every 5 seconds, or 50 times as
 * long as writing it took, unless force. Failures are ignored: the page is a view. */
void job_write_live(Job *job, const char *status, const char *progress, const JobFile *summary,
                    const JobFile *files, int nfiles, bool force);

/* Ends a job whose work returned status (see the life above); returns the final status. */
int job_end(Job *job, int status, const JobOutputs *out);

#endif
