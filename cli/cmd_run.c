/* cmd_run.c: `run` (a job described by a config file) and `config` (the config keys). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tune/jobs/common/job.h"
#include "tune/play/dist.h"
#include "tune/run/config.h"
#include "tune/run/escape.h"
#include "tune/run/interrupt.h"
#include "tune/run/rundir.h"

/* Loads a config with its --set overrides; prints the error and returns false on failure. */
static bool load_config(const char *cmd, const char *path, char **sets, int nsets, Config *cfg)
{
    char err[1024];
    if (config_load(cfg, path, sets, nsets, err, sizeof err))
        return true;
    fprintf(stderr, "maxtune %s: %s\n", cmd, err);
    return false;
}

/* Checks every input the job will read (weights, SPSA parameters, fit parameters, positions,
 * openings) before the results folder is touched, so bad input never leaves or empties a
 * folder; prints "maxtune CMD: CONFIG: problem" and returns false on a problem. */
static bool check_inputs(const char *cmd, const char *path, const Config *cfg)
{
    char err[1024];
    if (job_check(cfg, err, sizeof err))
        return true;
    escape_in_place(err, sizeof err); /* it may quote a file's content */
    fprintf(stderr, "maxtune %s: %s: %s\n", cmd, path, err);
    return false;
}

int cmd_run(int argc, char **argv)
{
    static const char help[] =
        "usage: maxtune run CONFIG [--set section.key=value ...] [--force]\n"
        "Runs the job the config describes ([run] job) into results/<[run] name>/.\n"
        "A finished run is not overwritten without --force; an interrupted run (killed, or\n"
        "stopped with Ctrl-C) resumes where it stopped when the same command is run again.\n"
        "A run writes only into an empty folder or one of its own runs (any other is refused,\n"
        "--force or not); a folder another run is using is refused (exit 2).\n"
        "`maxtune config --doc` lists every key.\n";
    if (cli_wants_help(argc, argv)) {
        fputs(help, stdout);
        return EXIT_OK;
    }
    const char *path = NULL;
    char **sets = calloc((size_t)argc, sizeof *sets);
    int nsets = 0;
    bool force = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--set") && i + 1 < argc)
            sets[nsets++] = argv[++i];
        else if (!strncmp(argv[i], "--set=", 6))
            sets[nsets++] = argv[i] + 6;
        else if (!strcmp(argv[i], "--force"))
            force = true;
        else if (!strcmp(argv[i], "--resume"))
            ; /* resuming is automatic; accepted for clarity */
        else if (argv[i][0] != '-' && !path)
            path = argv[i];
        else {
            fprintf(stderr, "maxtune run: unexpected argument '%s'\n%s", argv[i], help);
            free(sets);
            return EXIT_USAGE;
        }
    }
    if (!path) {
        fputs(help, stderr);
        free(sets);
        return EXIT_USAGE;
    }
    Config cfg;
    bool ok = load_config("run", path, sets, nsets, &cfg);
    free(sets);
    if (!ok)
        return EXIT_USAGE;
    const JobDef *job = job_find(cfg.job);
    if (!job || !check_inputs("run", path, &cfg))
        return EXIT_USAGE;
    RunDir rd;
    char err[1024];
    uint64_t extend = job->grows ? job_config_hash(&cfg) : 0;
    if (!rundir_prepare(&rd, &cfg, force, extend, argc + 1, argv - 1, err, sizeof err)) {
        fprintf(stderr, "maxtune run: %s\n", err);
        return EXIT_USAGE;
    }
    rd.ranks = dist_size();
    interrupt_install();
    int status = job->run(&cfg, &rd);
    rundir_release(&rd);
    return status;
}

int cmd_config(int argc, char **argv)
{
    static const char help[] =
        "usage: maxtune config --doc                print every key, its meaning and default\n"
        "       maxtune config --man                the same as the man page's CONFIG KEYS (roff)\n"
        "       maxtune config CONFIG [--set k=v]   check a config and print it in full\n";
    if (argc == 2 && !strcmp(argv[1], "--doc")) {
        config_print_doc(stdout, false);
        printf("\n; The jobs ([run] job):\n");
        for (int i = 0; i < job_count(); i++)
            printf(";   %-9s %s\n", job_at(i)->name, job_at(i)->doc);
        return EXIT_OK;
    }
    if (argc == 2 && !strcmp(argv[1], "--man")) {
        config_print_doc(stdout, true);
        printf(".SS The jobs ([run] job)\n");
        for (int i = 0; i < job_count(); i++)
            printf(".TP\n.B %s\n%s\n", job_at(i)->name, job_at(i)->doc);
        return EXIT_OK;
    }
    if (cli_wants_help(argc, argv)) {
        fputs(help, stdout);
        return EXIT_OK;
    }
    if (argc < 2) {
        fputs(help, stderr);
        return EXIT_USAGE;
    }
    char **sets = calloc((size_t)argc, sizeof *sets);
    int nsets = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--set") && i + 1 < argc)
            sets[nsets++] = argv[++i];
        else {
            fprintf(stderr, "maxtune config: unexpected argument '%s'\n%s", argv[i], help);
            free(sets);
            return EXIT_USAGE;
        }
    }
    Config cfg;
    bool ok = load_config("config", argv[1], sets, nsets, &cfg);
    free(sets);
    if (!ok)
        return EXIT_USAGE;
    if (!check_inputs("config", argv[1], &cfg))
        return EXIT_USAGE;
    config_write(&cfg, stdout);
    return EXIT_OK;
}
