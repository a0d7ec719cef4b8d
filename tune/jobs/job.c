/* job.c: the table of jobs and a job's life (see job.h). */
#include "job.h"

#include <string.h>

#include "search/weights.h"
#include "tune/play/game.h"

/* The table of jobs, set once at start-up (job_set_table). */
static const JobDef *table;
static int table_count;

void job_set_table(const JobDef *jobs, int count)
{
    table = jobs;
    table_count = count;
}

const JobDef *job_find(const char *name)
{
    for (int i = 0; i < table_count; i++)
        if (!strcmp(table[i].name, name))
            return &table[i];
    return NULL;
}

int job_count(void) { return table_count; }

const JobDef *job_at(int i) { return &table[i]; }

bool job_check(const Config *cfg, char *err, size_t errlen)
{
    const JobDef *job = job_find(cfg->job);
    if (!job) {
        snprintf(err, errlen, "[run] job = %s is not a job of this version", cfg->job);
        return false;
    }
    char why[900];
    Weights w;
    for (int i = 0; i < 2; i++)
        if (!weights_load(&w, cfg->engine[i].weights, why, sizeof why)) {
            snprintf(err, errlen, "[%s] weights: %s", i ? "engine_b" : "engine_a", why);
            return false;
        }
    if (job->check && !job->check(cfg, err, errlen))
        return false;
    Openings o;
    if (!openings_load(&o, &cfg->match, cfg->seed, why, sizeof why)) {
        snprintf(err, errlen, "[match] openings: %s", why);
        return false;
    }
    openings_free(&o);
    return true;
}

void job_add_file(JobOutputs *o, const char *name, bool (*write)(FILE *out, void *data),
                  void *data)
{
    if (o->nfiles < JOB_MAX_FILES)
        o->files[o->nfiles++] = (JobFile){name, write, data};
}

bool job_write_text(FILE *out, void *data) { return fputs(data, out) >= 0; }

bool job_write_weights(FILE *out, void *data)
{
    weights_write(data, out);
    return true;
}

int job_begin(Job *job, const Config *cfg, RunDir *rd, JournalRecordFn on_record, void *data)
{
    char err[1024], path[1024];
    job->cfg = cfg;
    job->rd = rd;
    job->threads = config_threads(cfg);
    memset(&job->journal, 0, sizeof job->journal);
    rundir_file(rd, RUNDIR_JOURNAL, path, sizeof path);
    if (on_record && !journal_open(&job->journal, path, rundir_config_hash(cfg), on_record, data, err,
                      sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_USAGE;
    }
    if (!rundir_write_runinfo(rd, cfg, job->threads, "running", err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_FAIL;
    }
    return EXIT_OK;
}

/* Writes one output file (skipped without a name); false with the message in err. */
static bool write_file(const Job *job, const JobFile *f, char *err, size_t errlen)
{
    return !f->name || rundir_write(job->rd, f->name, f->write, f->data, err, errlen);
}

/* Writes everything a finished job promises, in job.h's order; false with the message
 * printed. */
static bool write_outputs(const Job *job, const JobOutputs *out)
{
    char err[1024] = "";
    for (int i = 0; i < out->nfiles; i++)
        if (!write_file(job, &out->files[i], err, sizeof err)) {
            fprintf(stderr, "maxtune: %s\n", err);
            return false;
        }
    if (out->plot && !out->plot(out->plot_data)) {
        fprintf(stderr, "maxtune: %s: a plot could not be drawn (above); the data files are "
                        "written: run the same command again to finish the run\n",
                job->rd->path);
        return false;
    }
    if (!write_file(job, &out->report, err, sizeof err) ||
        !rundir_write_runinfo(job->rd, job->cfg, job->threads, "finished", err, sizeof err) ||
        !write_file(job, &out->summary, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        return false;
    }
    return true;
}

int job_end(Job *job, int status, const JobOutputs *out)
{
    char err[1024];
    if (status == EXIT_OK && !write_outputs(job, out))
        status = EXIT_FAIL;
    else if (status == EXIT_OK && out->print)
        out->print(out->print_data);
    if (status == EXIT_INTERRUPTED)
        rundir_write_runinfo(job->rd, job->cfg, job->threads, "interrupted", err, sizeof err);
    if (job->journal.file)
        journal_close(&job->journal, status == EXIT_OK);
    return status;
}
