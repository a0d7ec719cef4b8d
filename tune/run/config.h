/* config.h: the run configuration, read from an INI file plus "section.key=value" overrides.
 *
 * A config file has the sections [run], [engine_a], [engine_b], [match] and one per job
 * ([spsa], [selfplay], [fit], [values], [pipeline], [tournament]); `maxtune config --doc`
 * (config_print_doc) lists every key with its type, range, default and meaning. Lines are
 * `key = value`; ';' or '#' starts a comment at the start of a line or after whitespace.
 * Every key has one row in the schema of the part that owns its section (config_schema.h:
 * [run] here, the players and [match] in tune/play, each job's section in tune/jobs), which
 * drives defaults, parsing, validation, overrides, config_write and config_print_doc alike. */
#ifndef MAXTUNE_CONFIG_H
#define MAXTUNE_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "core/variant.h"

/* Room for the registered parts' structs in a Config (config_register stops the program when
 * they do not fit). */
enum { CONFIG_ARENA_SIZE = 100 * 1024 };

/* The whole configuration of one run: the [run] keys, then the registered parts' structs
 * (config_schema.h), read through their owners' accessors. Plain bytes: a Config may be copied
 * by value and compared with memcmp. */
typedef struct Config {
    char job[16];             /* [run] job: a name of the jobs table (jobs/job.c) */
    char variant[16];         /* [run] variant: the game played, a name of core/variant.h
                               * ("maxima", the default, or "ultima"); config_variant */
    char name[64];            /* [run] name: results folder name, [A-Za-z0-9._-], no leading dot */
    unsigned long long seed;  /* [run] seed, default 1 */
    long threads;             /* [run] threads, 0 = OpenMP default (default 0) */
    char affinity[8];         /* [run] affinity: auto, on or off (tune/play/affinity.h) */
    char engine_log[16];      /* [run] engine_log: failures or all (tune/play/engine_check.h) */
    char results_dir[256];    /* [run] results_dir, default "results" */
    unsigned long long given; /* not a key: bit s set when the sparse section number s (in
                               * registration order) was given, by the file (its header
                               * suffices) or by --set */
    char source[512];         /* path the config was read from (not a key; "" when none) */
    _Alignas(max_align_t) unsigned char parts[CONFIG_ARENA_SIZE]; /* the parts' slots */
} Config;

/* Fills every key with its default (required keys empty); zeroes everything else, padding
 * included, so two configs holding the same values compare equal with memcmp. */
void config_defaults(Config *cfg);

/* Loads path (defaults first; path NULL: defaults only), then applies overrides
 * "section.key=value" in order, then checks required keys and cross-key rules. On error returns
 * false and writes "file:line: problem" (for --set: "--set section.key=value: problem") into err;
 * cfg is then unspecified. Missing required keys are reported as
 * "file: missing required key [run] name".
 * File paths (weights, start_weights, openings, params_file, positions) are then resolved: a
 * relative path not found from the current folder but found from the folder of path is
 * rewritten to that one; results_dir is left relative to the current folder. */
bool config_load(Config *cfg, const char *path, char *const *overrides, int noverrides, char *err,
                 size_t errlen);

/* Applies one "section.key=value" override to a loaded config and rechecks the cross-key rules.
 * On error returns false with "--set section.key=value: problem" in err; cfg is unchanged. */
bool config_set(Config *cfg, const char *assignment, char *err, size_t errlen);

/* Writes the effective config: every key of every section, defaults filled, as a valid INI that
 * config_load reads back to an identical Config (source aside). Deterministic output.
 * Returns false on a write error. */
bool config_write(const Config *cfg, FILE *out);

/* Prints every key with type, range, default and its one-line doc, grouped by section: as plain
 * text (`maxtune config --doc`), or with man = true as the man page's sections and tagged
 * paragraphs (roff: `maxtune config --man`, the CONFIG KEYS of docs/maxtune.1). */
void config_print_doc(FILE *out, bool man);

/* Whether key of [section] (names without brackets) is one that does not change results
 * (ConfigKey.not_result: threads, the checkpoint interval, the results folder, the engine
 * log); false for any other key, and for a key or section this version does not know. */
bool config_key_not_result(const char *section, const char *key);

/* Sets the values [run] job accepts ("match|spsa|..."); the jobs layer calls it once at
 * start-up (jobs/job.h: job_register) with the names of its table. */
void config_set_jobs(const char *names);

/* The game the run plays ([run] variant). */
const Variant *config_variant(const Config *cfg);

/* Number of threads a parallel region of this config uses ([run] threads, or OpenMP's default
 * when 0). */
int config_threads(const Config *cfg);

/* Refills every part's typed fields from its text (the finish hooks, config_schema.h), for a
 * caller that edited text fields of a loaded config. */
void config_finish(Config *cfg);

#endif
