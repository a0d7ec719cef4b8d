/* job.c: the table of jobs and a job's life (see job.h). */
#include "job.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search/weights.h"
#include "tune/pages/html.h"
#include "tune/pages/weights_report.h"
#include "tune/run/text.h"
#include "tune/play/engine_check.h"
#include "tune/play/engine_proc.h"
#include "tune/play/game.h"
#include "tune/play/handicap.h"
#include "tune/play/player_config.h"
#include "tune/play/players.h"
#include "tune/play/match_config.h"

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

static bool engine_allowed(const Config *cfg, int i, char *err, size_t errlen);
static void jobs_named(bool (*has)(const JobDef *job), char *buf, size_t len);

/* Whether a job plays every game (JobDef.any_game), for jobs_named. */
static bool plays_any_game(const JobDef *job) { return job->any_game; }

/* Whether the job plays the run's game; false with the problem in err. */
static bool game_allowed(const JobDef *job, const Config *cfg, char *err, size_t errlen)
{
    const Variant *v = config_variant(cfg);
    if (job->any_game || v == variant_get(VARIANT_MAXIMA))
        return true;
    char names[256];
    jobs_named(plays_any_game, names, sizeof names);
    snprintf(err, errlen,
             "[run] variant = %s: the %s job does not support %s yet (it plays Maxima only; %s "
             "jobs play %s)",
             v->name, job->name, v->title, names, v->title);
    return false;
}

bool job_check(const Config *cfg, char *err, size_t errlen)
{
    const JobDef *job = job_find(cfg->job);
    if (!job) {
        snprintf(err, errlen, "[run] job = %s is not a job of this version", cfg->job);
        return false;
    }
    if (!game_allowed(job, cfg, err, errlen))
        return false;
    char why[900];
    Weights w;
    const Network *net;
    for (int i = 0; i < player_count(cfg); i++)
        if (!player_weights(cfg, i, &w, err, errlen) || !player_net(cfg, i, &net, err, errlen))
            return false;
    if (job->check && !job->check(cfg, err, errlen))
        return false;
    for (int i = 0; i < player_count(cfg); i++)
        if (!engine_allowed(cfg, i, err, errlen))
            return false;
    Openings o;
    if (!openings_load(&o, match_config(cfg), config_variant(cfg), cfg->seed, why, sizeof why)) {
        snprintf(err, errlen, "[match] openings: %s", why);
        return false;
    }
    openings_free(&o);
    return true;
}

void job_report_game(FILE *out, const Config *cfg)
{
    const Variant *v = config_variant(cfg);
    if (v == variant_get(VARIANT_MAXIMA))
        return;
    size_t n = strcspn(v->no_move_rule,
                       " "); /* "docs/rules/ultima.md 7": its rules file, its section */
    if (!v->scores) {
        fprintf(out, "Game: **%s** (rules: %.*s; %s, %s).\n\n", v->title, (int)n, v->no_move_rule,
                v->stalemate_loses ? "a stalemate loses" : "a stalemate is a draw",
                v->no_move_rule);
        return;
    }
    /* A game of points (Martian Chess): how it ends, from its Variant fields. */
    char ends[256];
    Text t = text_start(ends, sizeof ends);
    if (v->empty_zone_ends)
        text_item(&t, ", ", "a player's %s is empty", v->players == 4 ? "quadrant" : "half");
    if (v->clock_moves)
        text_item(&t, v->no_undo ? ", " : " or ",
                  "a called clock runs out (%d moves without a capture)", v->clock_moves);
    if (v->no_undo) /* without the no-undo rule a player always has a move (docs/rules/martian.md 10.8) */
        text_item(&t, " or ", "the side to move has no move");
    fprintf(out,
            "Game: **%s** (rules: %.*s; no King: captures score points, the game ends when %s, "
            "and the higher score wins, %s).\n\n",
            v->title, (int)n, v->no_move_rule, ends, v->no_move_rule);
}

const char *job_unit_name(const Variant *v)
{
    return v->scores ? "point" : weight_term_names[handicap_unit_term(v)];
}

const char *job_reference_name(const Variant *v)
{
    return v->scores ? "points" : weights_report_reference_name(v);
}

double job_reference_value(const Variant *v, int w)
{
    if (!v->scores)
        return w <= T_GUARD ? weights_report_reference(v, w) : 0;
    int t = weight_piece_type(w); /* in points of score: the unit */
    return weight_is_material(w) && t < TYPE_NB ? (double)v->points[t] : 0;
}

void job_summary_game(FILE *out, const Config *cfg)
{
    const Variant *v = config_variant(cfg);
    if (v != variant_get(VARIANT_MAXIMA))
        fprintf(out, "  \"variant\": \"%s\",\n", v->name);
}

void job_add_file(JobOutputs *o, const char *name, bool (*write)(FILE *out, void *data), void *data)
{
    if (o->nfiles < JOB_MAX_FILES)
        o->files[o->nfiles++] = (JobFile){name, write, data};
}

bool job_write_text(FILE *out, void *data) { return fputs(data, out) >= 0; }

bool job_write_weights(FILE *out, void *data)
{
    const JobWeights *jw = data;
    weights_write_game(jw->w, jw->v, out);
    return true;
}

/* The names of the jobs for which has is true, "match and tournament". */
static void jobs_named(bool (*has)(const JobDef *job), char *buf, size_t len)
{
    int n = 0, count = 0;
    for (int i = 0; i < job_count(); i++)
        count += has(job_at(i));
    buf[0] = '\0';
    for (int i = 0; i < job_count(); i++) {
        if (!has(job_at(i)))
            continue;
        size_t used = strlen(buf);
        const char *sep = n == 0 ? "" : n == count - 1 ? " and " : ", ";
        snprintf(buf + used, len - used, "%s%s", sep, job_at(i)->name);
        n++;
    }
}

/* Whether a job plays games between its players (JobDef.games), for jobs_named. */
static bool plays_games(const JobDef *job) { return job->games; }

/* The phrase naming the other jobs whose players may be external ("spsa jobs that ..."),
 * joined by ", and in "; "" when none. */
static void external_jobs(char *buf, size_t len)
{
    buf[0] = '\0';
    for (int i = 0; i < job_count(); i++) {
        if (!job_at(i)->external_doc)
            continue;
        size_t used = strlen(buf);
        snprintf(buf + used, len - used, ", and in %s", job_at(i)->external_doc);
    }
}

/* Whether engine i's time control and external command suit the job (time controls: the jobs
 * that play games; external engines: those and the jobs whose external hook accepts this
 * config) and its command can be run; false with the problem in err. */
static bool engine_allowed(const Config *cfg, int i, char *err, size_t errlen)
{
    const char *section = player_section(i);
    const JobDef *job = job_find(cfg->job);
    bool games = job && job->games;
    char names[256], others[512];
    jobs_named(plays_games, names, sizeof names);
    if (player_config(cfg, i)->tc[0] && !games) {
        snprintf(err, errlen, "[%s] tc: time controls are for %s jobs only, not %s", section, names,
                 cfg->job);
        return false;
    }
    if (!player_config(cfg, i)->command[0])
        return true;
    EngineProc *p = malloc(sizeof *p);
    if (!p) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    bool ok = engine_proc_init(p, player_config(cfg, i), config_variant(cfg), NULL, err, errlen);
    free(p);
    if (ok && !games && !(job && job->external && job->external(cfg))) {
        ok = false;
        external_jobs(others, sizeof others);
        snprintf(err, errlen, "[%s] command: external engines play in %s jobs%s; not in %s",
                 section, names, others, cfg->job);
    }
    return ok;
}

uint64_t job_config_hash(const Config *cfg)
{
    const JobDef *job = job_find(cfg->job);
    if (!job || !job->grows)
        return rundir_config_hash(cfg);
    Config *c = malloc(2 * sizeof *c); /* cfg's copy, then the defaults */
    if (!c)
        return rundir_config_hash(cfg);
    c[0] = *cfg;
    config_defaults(&c[1]);
    uint64_t salt = job->grows(&c[0], &c[1]);
    uint64_t h = rundir_config_hash(&c[0]) ^ salt;
    free(c);
    return h;
}

int job_begin(Job *job, const Config *cfg, RunDir *rd, JournalRecordFn on_record, void *data)
{
    char err[1024], path[1024];
    job->cfg = cfg;
    job->rd = rd;
    job->threads = config_threads(cfg);
    job->live_next = 0;
    memset(&job->journal, 0, sizeof job->journal);
    /* An engine that fails here stops the run before it wrote anything: a folder it made for
     * the run goes again. */
    for (int i = 0; i < player_count(cfg); i++)
        if (!engine_allowed(cfg, i, err, sizeof err)) {
            fprintf(stderr, "maxtune: %s\n", err);
            rundir_discard(rd);
            return EXIT_USAGE;
        }
    for (int i = 0; i < player_count(cfg); i++) {
        int status = player_config(cfg, i)->command[0]
                         ? engine_check_start(player_config(cfg, i), player_section(i),
                                              config_variant(cfg), NULL, 0, NULL)
                         : EXIT_OK;
        if (status != EXIT_OK) {
            rundir_discard(rd);
            return status;
        }
    }
    rundir_file(rd, RUNDIR_JOURNAL, path, sizeof path);
    if (on_record && !journal_open(&job->journal, path, job_config_hash(cfg), on_record, data, err,
                                   sizeof err)) {
        char diff[2100];
        if (job->journal.failure == JOURNAL_FAIL_CONFIG &&
            rundir_config_diff(rd, cfg, diff, sizeof diff))
            fprintf(stderr, "maxtune: %s (%s)\n", err, diff);
        else
            fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_USAGE;
    }
    if (rd->extending) { /* the finished run is being extended: not finished until it is */
        rundir_file(rd, RUNDIR_SUMMARY, path, sizeof path);
        remove(path);
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

/* Monotonic seconds. */
static double job_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Writes a file's writer output into a malloc'd text; NULL on failure. */
static char *job_text_of(const JobFile *f, size_t *len)
{
    char *text = NULL;
    FILE *m = open_memstream(&text, len);
    if (!m)
        return NULL;
    bool ok = f->write(m, f->data);
    fclose(m);
    if (!ok) {
        free(text);
        return NULL;
    }
    return text;
}

/* Writes report.html with the job's HtmlSpec: summary and files[0..nfiles) taken from their
 * writers, everything else from the folder; false with the message in err. */
static bool job_write_page(const Job *job, const char *status, const char *progress,
                           const JobFile *summary, const JobFile *files, int nfiles, char *err,
                           size_t errlen)
{
    const JobDef *def = job_find(job->cfg->job);
    if (!def || !def->html)
        return true;
    HtmlRun run = {.dir = job->rd->path,
                   .spec = def->html,
                   .status = status,
                   .live = !strcmp(status, "running"),
                   .progress = progress};
    char *texts[HTML_MAX_INPUTS] = {NULL};
    int n = 0;
    for (int i = -1; i < nfiles && n < HTML_MAX_INPUTS; i++) {
        const JobFile *f = i < 0 ? summary : &files[i];
        size_t len = 0;
        if (!f || !f->name || !f->write || !(texts[n] = job_text_of(f, &len)))
            continue;
        html_add_input(&run, f->name, texts[n++], len);
    }
    bool ok = rundir_write(job->rd, "report.html", html_write_run, &run, err, errlen);
    for (int i = 0; i < n; i++)
        free(texts[i]);
    return ok;
}

void job_write_live(Job *job, const char *status, const char *progress, const JobFile *summary,
                    const JobFile *files, int nfiles, bool force)
{
    double now = job_clock();
    if (!force && now < job->live_next)
        return;
    char err[1024];
    job_write_page(job, status, progress, summary, files, nfiles, err, sizeof err);
    double cost = job_clock() - now;
    job->live_next = job_clock() + (50 * cost > 5.0 ? 50 * cost : 5.0);
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
        fprintf(stderr,
                "maxtune: %s: a plot could not be drawn (above); the data files are "
                "written: run the same command again to finish the run\n",
                job->rd->path);
        return false;
    }
    if (!write_file(job, &out->report, err, sizeof err) ||
        !job_write_page(job, "finished", NULL, &out->summary, NULL, 0, err, sizeof err) ||
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
        journal_close(&job->journal, status == EXIT_OK && !job->rd->extend_hash);
    return status;
}
