/* spsa_job.c: SPSA by self-play.
 *
 * Iterations are played in batches of [spsa] batch: every pair of every iteration of a batch
 * is played in parallel from the same theta (on every thread and, in bin/maxtune-mpi, every MPI
 * rank: rank 0 sends the batch's perturbed weights with the task), then rank 0 applies the
 * updates in iteration order.
 * Each finished pair is journaled (record k * pairs_per_iteration + j), so a killed run loses
 * no finished pair, and theta is recomputed exactly on resume. The verification match's pairs
 * follow in the same journal. */
#include "spsa_job.h"
#include "tune/jobs/spsa/spsa_report.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "search/clock.h"
#include "tune/run/interrupt.h"
#include "tune/run/journal.h"
#include "tune/run/params.h"
#include "tune/jobs/common/job.h"
#include "tune/play/engine_check.h"
#include "tune/play/pair_task.h"
#include "tune/play/pairs.h"
#include "tune/play/player_config.h"
#include "tune/play/match_config.h"
#include "tune/jobs/spsa/spsa_config.h"

/* Opening numbers of the verification match start here, away from the tuning openings. */
#define VERIFY_OPENING_OFFSET 1000000000L

/* A parameter tuning the weights of set from start within their common range, with c_end and
 * r_end. */
static SpsaParam spsa_param(const char *name, const WeightSet *set, double start, double lo,
                            double hi, double c_end, double r_end)
{
    SpsaParam p = {*set, start, lo, hi, c_end, r_end, 0, 0, ""};
    snprintf(p.name, sizeof p.name, "%s", name);
    return p;
}

/* Reads the fishtest-style params_file of game v's weights into params, each starting at its
 * start column or, with from, at from's value kept within its [min, max]; errors
 * "file:line: problem". */
static bool spsa_params_file(const Variant *game, const char *path, const Weights *from,
                             SpsaParam *params, int *n, char *err, size_t errlen)
{
    char other[64];
    snprintf(other, sizeof other, "not %s %s weight", game->id == VARIANT_ULTIMA ? "an" : "a",
             game->title);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    char line[512];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *hash = strpbrk(line, "#;");
        if (hash)
            *hash = '\0';
        char name[64];
        double v[5];
        WeightSet set;
        int got = sscanf(line, " %63[^, \t] , %lf , %lf , %lf , %lf , %lf", name, &v[0], &v[1],
                         &v[2], &v[3], &v[4]);
        if (got <= 0 || (got == 1 && name[0] == '\n'))
            continue;
        const char *problem = !weights_term_game(game, name, &set, NULL, 0)
                                  ? (weights_term(name, &set) ? other : "unknown weight")
                              : got != 6     ? "expected: name, start, min, max, c_end, r_end"
                              : v[1] >= v[2] ? "min must be below max"
                              : v[0] < v[1] || v[0] > v[2] ? "start outside [min, max]"
                              : v[3] <= 0 || v[4] < 0      ? "c_end must be > 0 and r_end >= 0"
                              : *n >= SPSA_MAX_PARAMS      ? "too many parameters"
                                                           : NULL;
        for (int i = 0; !problem && i < *n; i++)
            for (int a = 0; a < params[i].set.n; a++)
                for (int b = 0; b < set.n; b++)
                    if (params[i].set.idx[a] == set.idx[b])
                        problem = "parameter given twice";
        if (problem) {
            snprintf(err, errlen, "%s:%d: %s ('%s')", path, lineno, problem, name);
            fclose(f);
            return false;
        }
        if (from) { /* the weights' value, within [min, max] */
            double w = params_value(&set, from);
            v[0] = w < v[1] ? v[1] : w > v[2] ? v[2] : w;
        }
        params[(*n)++] = spsa_param(name, &set, v[0], v[1], v[2], v[3], v[4]);
    }
    fclose(f);
    if (*n == 0) {
        snprintf(err, errlen, "%s: no parameter to tune", path);
        return false;
    }
    return true;
}

/* The parameters of [spsa] options: UCI options of the external [engine_a], each a parameter
 * that moves no weight (an empty set) under the option's name. */
static bool spsa_options_load(const SpsaConfig *sc, SpsaParam *params, int *n, char *err,
                              size_t errlen)
{
    const SpsaOption *o = sc->option; /* parsed at load (spsa_config.h) */
    _Static_assert((int)SPSA_MAX_PARAMS >= (int)SPSA_CONFIG_MAX_OPTIONS, "every option fits");
    *n = sc->noptions;
    if (*n <= 0) {
        snprintf(err, errlen, "[spsa] options: no option to tune");
        return false;
    }
    WeightSet none;
    memset(&none, 0, sizeof none);
    _Static_assert(sizeof o[0].name == sizeof params[0].name, "option names fit parameters'");
    for (int i = 0; i < *n; i++) {
        params[i] = spsa_param("", &none, o[i].start, o[i].min, o[i].max,
                               o[i].c_end > 0 ? o[i].c_end : sc->c_end,
                               o[i].r_end >= 0 ? o[i].r_end : sc->r_end);
        memcpy(params[i].name, o[i].name, sizeof params[i].name);
    }
    return true;
}

/* Journal replay: tuning pairs and verification pairs of an interrupted run. */
static bool spsa_on_record(void *data, long index, const char *payload, char *why, size_t len)
{
    SpsaJob *j = data;
    if (index < 0 || index >= j->npairs + spsa_config(j->cfg)->verify_pairs) {
        snprintf(why, len, "record index %ld out of range", index);
        return false;
    }
    if (index >= j->npairs)
        return verify_keep_record(&j->verify, index, payload, why, len);
    int w, l, d, end = 0;
    if (sscanf(payload, "%d %d %d%n", &w, &l, &d, &end) != 3 || payload[end] || w < 0 || l < 0 ||
        d < 0 || w + l + d != 2 || j->pairs[index].done) {
        snprintf(why, len, "bad tuning pair record");
        return false;
    }
    j->pairs[index] = (SpsaPair){(signed char)w, (signed char)l, (signed char)d, true};
    j->resumed++;
    return true;
}

/* Weights of one side of a perturbation. */
static void point_weights(const SpsaJob *j, const int *values, Weights *w)
{
    *w = j->start;
    for (int i = 0; i < j->spsa.n; i++)
        params_assign(&j->spsa.p[i].set, w, values[i]);
}

/* The options of one side of a perturbation ("Name=value, ..." of the parameters that are
 * options; "" when only weights are tuned) into out; false when they do not fit. */
static bool point_options(const SpsaJob *j, const int *values, char *out, size_t len)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < j->spsa.n; i++) {
        if (j->spsa.p[i].set.n)
            continue;
        int k = snprintf(out + used, len - used, "%s%s=%d", used ? ", " : "", j->spsa.p[i].name,
                         values[i]);
        if (k < 0 || (size_t)k >= len - used)
            return false;
        used += (size_t)k;
    }
    return true;
}

/* Progress line of the tuning phase. */
static void spsa_progress(const SpsaJob *j, long k, bool final)
{
    static const int shown = 4;
    bool tty = isatty(STDERR_FILENO);
    double elapsed = clock_now() - j->start_time;
    long played = 0;
    for (long i = 0; i < j->npairs; i++)
        played += j->pairs[i].done;
    double rate = elapsed > 0 ? 2.0 * (played - j->resumed) / elapsed : 0;
    double eta = rate > 0 ? 2.0 * (j->npairs - played) / rate : 0;
    char params[256] = "";
    size_t n = 0;
    for (int i = 0; i < j->spsa.n && i < shown; i++)
        n += (size_t)snprintf(params + n, sizeof params - n, " %s=%.0f", j->spsa.p[i].name,
                              j->spsa.theta[i]);
    if (j->spsa.n > shown)
        snprintf(params + n, sizeof params - n, " ...");
    fprintf(stderr, "%siteration %ld/%ld %s  %.2f games/s  ETA %.0fs%s", tty ? "\r\033[K" : "", k,
            j->iterations, params, rate, eta, tty && !final ? "" : "\n");
}

/* The pairs of one batch for dist: item t is tuning pair first_index + t. */
typedef struct SpsaBatch {
    SpsaJob *job;
    Journal *journal;
    long first_index;
} SpsaBatch;

/* DistSink.wanted: pairs of the batch not played yet, while not interrupted. */
static bool batch_wanted(void *data, long t)
{
    SpsaBatch *b = data;
    return !interrupt_requested() && !b->job->pairs[b->first_index + t].done;
}

/* DistSink.take: journals a finished tuning pair as "w l d" (the plus side's games won, lost,
 * drawn) and stores it. */
static bool batch_take(void *data, long t, const char *payload, double busy)
{
    (void)busy;
    SpsaBatch *b = data;
    long index = b->first_index + t;
    PairResult p;
    char why[128];
    if (!pair_decode(payload, &p, why, sizeof why))
        return false;
    SpsaPair r = {0, 0, 0, true};
    for (int g = 0; g < 2; g++) {
        double s = pair_score(&p, g);
        r.w += s == 1.0;
        r.l += s == 0.0;
        r.d += s == 0.5;
    }
    pair_free(&p);
    char text[32];
    snprintf(text, sizeof text, "%d %d %d", r.w, r.l, r.d);
    if (!journal_append(b->journal, index, text))
        return false;
    b->job->pairs[index] = r;
    return true;
}

/* Plays the missing pairs of iterations [first, last) from the current theta: iteration k's
 * pairs play theta + c delta (first player) against theta - c delta, on every thread and rank
 * (dist); pair index = opening number = k * pairs_per_iteration + j. */
static bool spsa_play_batch(SpsaJob *j, long first, long last, const SpsaPoint *points,
                            Journal *journal)
{
    long nsets = last - first;
    bool options = spsa_config(j->cfg)->options[0];
    size_t olen = options ? 2 * (size_t)nsets * PAIR_OPTIONS_LEN : 0;
    Weights *sets = malloc(2 * (size_t)nsets * sizeof *sets);
    char *texts = options ? calloc(1, olen) : NULL;
    bool ok = sets && (!options || texts);
    for (long k = 0; ok && k < nsets; k++) {
        point_weights(j, points[k].plus, &sets[2 * k]);
        point_weights(j, points[k].minus, &sets[2 * k + 1]);
        ok = !options || (point_options(j, points[k].plus, texts + 2 * k * PAIR_OPTIONS_LEN,
                                        PAIR_OPTIONS_LEN) &&
                          point_options(j, points[k].minus, texts + (2 * k + 1) * PAIR_OPTIONS_LEN,
                                        PAIR_OPTIONS_LEN));
    }
    SpsaBatch batch = {j, journal, first * j->per_iter};
    PairTask task = {&j->play_cfg, &j->openings, first * j->per_iter, sets, nsets, j->per_iter};
    DistSink sink = {&batch, batch_wanted, batch_take};
    int players;
    ok = ok &&
         pair_task_run(&pair_task_kind, &task, texts, olen, nsets * j->per_iter, &sink, &players);
    free(sets);
    free(texts);
    return ok;
}

/* Runs the tuning iterations; returns an ExitStatus. */
static int spsa_tune(SpsaJob *j, Journal *journal)
{
    long batch = spsa_config(j->cfg)->batch;
    SpsaPoint *points = malloc((size_t)batch * sizeof *points);
    if (!points)
        return EXIT_FAIL;
    fprintf(j->trajectory, "iteration");
    for (int i = 0; i < j->spsa.n; i++)
        fprintf(j->trajectory, ",%s", j->spsa.p[i].name);
    fprintf(j->trajectory, ",plus_wins,plus_losses,draws,plus_score\n");
    fprintf(j->trajectory, "0");
    for (int i = 0; i < j->spsa.n; i++)
        fprintf(j->trajectory, ",%.3f", j->spsa.theta[i]);
    fprintf(j->trajectory, ",0,0,0,0.5\n");
    int code = EXIT_OK;
    double last_progress = 0;
    for (long first = 0; first < j->iterations && !code; first += batch) {
        long last = first + batch < j->iterations ? first + batch : j->iterations;
        for (long k = first; k < last; k++)
            spsa_point(&j->spsa, k + 1, &points[k - first]);
        if (!spsa_play_batch(j, first, last, points, journal)) {
            if (engine_check_stopped()) /* an engine stopped the run: say why */
                engine_check_report_failure(journal, "tuning pair");
            code = EXIT_FAIL;
            break;
        }
        for (long k = first; k < last && !code; k++) {
            double r = 0;
            for (long p = 0; p < j->per_iter; p++) {
                const SpsaPair *sp = &j->pairs[k * j->per_iter + p];
                if (!sp->done) {
                    code = EXIT_INTERRUPTED; /* inside this batch */
                    break;
                }
                r += sp->w - sp->l;
                j->plus_w += sp->w;
                j->plus_l += sp->l;
                j->draws += sp->d;
            }
            if (code)
                break;
            spsa_update(&j->spsa, k + 1, &points[k - first], r);
            long games = j->plus_w + j->plus_l + j->draws;
            fprintf(j->trajectory, "%ld", k + 1);
            for (int i = 0; i < j->spsa.n; i++)
                fprintf(j->trajectory, ",%.3f", j->spsa.theta[i]);
            fprintf(j->trajectory, ",%ld,%ld,%ld,%.4f\n", j->plus_w, j->plus_l, j->draws,
                    (j->plus_w + 0.5 * j->draws) / (double)games);
        }
        double now = clock_now();
        if (!code && (now - last_progress > (isatty(STDERR_FILENO) ? 0.25 : 10.0))) {
            spsa_progress(j, last, false);
            last_progress = now;
        }
    }
    if (!code)
        spsa_progress(j, j->iterations, true);
    free(points);
    return code;
}

/* The parameters [spsa] tunes (options, a params file or a list of weights), each from start. */
bool spsa_params_load(const Variant *v, const SpsaConfig *sc, const Weights *start,
                      SpsaParam *params, int *n, char *err, size_t errlen)
{
    *n = 0;
    if (sc->options[0])
        return spsa_options_load(sc, params, n, err, errlen);
    if (strcmp(sc->params_file, "none") != 0)
        return spsa_params_file(v, sc->params_file,
                                strcmp(sc->params_start, "weights") ? NULL : start, params, n, err,
                                errlen);
    TuneParam *list = malloc(PARAMS_MAX * sizeof *list);
    char why[512];
    bool ok = list && params_parse_game(v, sc->params, list, SPSA_MAX_PARAMS, n, why, sizeof why);
    if (!ok)
        snprintf(err, errlen, "[spsa] params: %s", list ? why : "out of memory");
    for (int i = 0; ok && i < *n; i++) {
        int lo, hi;
        params_range(&list[i].set, &lo, &hi);
        /* A parameter with a small range (a search depth) is perturbed by at most an eighth of
         * it: c_end in centipawns would throw it from end to end. */
        double c = sc->c_end < (hi - lo) / 8.0 ? sc->c_end : (hi - lo) / 8.0;
        params[i] = spsa_param(list[i].name, &list[i].set, params_value(&list[i].set, start), lo,
                               hi, c, sc->r_end);
    }
    free(list);
    return ok;
}

/* The config of the verification match: play_cfg, and with [spsa] options the tuned values
 * appended to the first player's options and the start values to the second's; NULL (message
 * printed) when they do not fit. */
static const Config *spsa_verify_config(SpsaJob *j)
{
    if (!spsa_config(j->cfg)->options[0])
        return &j->play_cfg;
    j->verify_cfg = j->play_cfg;
    int values[2][SPSA_MAX_PARAMS];
    for (int i = 0; i < j->spsa.n; i++) {
        values[0][i] = spsa_param_tuned(j, i);
        values[1][i] = (int)lround(j->spsa.p[i].start);
    }
    for (int s = 0; s < 2; s++) {
        EngineConfig *e = player_config_edit(&j->verify_cfg, s);
        char add[sizeof j->tuned_options - 1]; /* with its newline, tuned_options holds it */
        size_t len = strlen(e->options);
        if (!point_options(j, values[s], add, sizeof add) ||
            snprintf(e->options + len, sizeof e->options - len, "%s%s", len ? ", " : "", add) >=
                (int)(sizeof e->options - len)) {
            fprintf(stderr, "maxtune: [engine_a] options with [spsa] options: too long\n");
            return NULL;
        }
        if (!s)
            snprintf(j->tuned_options, sizeof j->tuned_options, "%s\n", add);
    }
    config_finish(&j->verify_cfg); /* the options' typed list (player_config.h) */
    return &j->verify_cfg;
}

bool spsa_check(const Config *cfg, char *err, size_t errlen)
{
    if (!player_config(cfg, 0)->command[0] != !spsa_config(cfg)->options[0]) {
        snprintf(err, errlen, "[spsa] options: %s",
                 spsa_config(cfg)->options[0]
                     ? "UCI options are tuned on an external engine: give "
                       "[engine_a] command"
                     : "an external [engine_a] is tuned by its UCI options: "
                       "give [spsa] options");
        return false;
    }
    char why[900];
    Weights w;
    SpsaParam params[SPSA_MAX_PARAMS];
    int n;
    const Variant *v = config_variant(cfg);
    if (!weights_load_game(&w, spsa_config(cfg)->start_weights, v, why, sizeof why) ||
        !spsa_params_load(v, spsa_config(cfg), &w, params, &n, why, sizeof why)) {
        snprintf(err, errlen, "[spsa] %s", why);
        return false;
    }
    return true;
}

/* The options of [spsa] options against those the external [engine_a] advertises (started
 * once more for it, engine_check_start): EXIT_OK, or the status with the message printed. */
static int spsa_check_engine(const Config *cfg)
{
    const SpsaConfig *sc = spsa_config(cfg);
    EngineRange ranges[SPSA_CONFIG_MAX_OPTIONS];
    for (int i = 0; i < sc->noptions; i++)
        ranges[i] = (EngineRange){sc->option[i].name, sc->option[i].min, sc->option[i].max};
    return engine_check_start(player_config(cfg, 0), "engine_a", config_variant(cfg), ranges,
                              sc->noptions, "[spsa] options");
}

/* Sets up the job from its config (start weights, parameters, openings, memory); EXIT_OK, or
 * EXIT_USAGE / EXIT_FAIL with the message printed. */
static int spsa_setup(SpsaJob *j, const Config *cfg, RunDir *rd)
{
    char err[1024];
    j->cfg = cfg;
    j->rd = rd;
    j->play_cfg = *cfg;
    *player_config_edit(&j->play_cfg, 1) = *player_config(cfg, 0);
    j->iterations = spsa_config(cfg)->iterations;
    j->per_iter = spsa_config(cfg)->pairs_per_iteration;
    j->npairs = j->iterations * j->per_iter;
    SpsaParam params[SPSA_MAX_PARAMS];
    int n = 0;
    const Variant *v = config_variant(cfg);
    if (!weights_load_game(&j->start, spsa_config(cfg)->start_weights, v, err, sizeof err) ||
        !spsa_params_load(v, spsa_config(cfg), &j->start, params, &n, err, sizeof err) ||
        !openings_load(&j->openings, match_config(cfg), config_variant(cfg), cfg->seed, err,
                       sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_USAGE;
    }
    spsa_init(&j->spsa, params, n, j->iterations, spsa_config(cfg)->a_ratio * j->iterations,
              spsa_config(cfg)->alpha, spsa_config(cfg)->gamma, cfg->seed);
    j->pairs = calloc((size_t)j->npairs, sizeof *j->pairs);
    j->trajectory = open_memstream(&j->trajectory_text, &j->trajectory_len);
    if (!j->pairs || !j->trajectory ||
        !verify_init(&j->verify, spsa_config(cfg)->verify_pairs, j->npairs)) {
        fprintf(stderr, "maxtune: out of memory\n");
        return EXIT_FAIL;
    }
    return EXIT_OK;
}

/* Frees everything the job holds. */
static void spsa_free(SpsaJob *j)
{
    if (j->trajectory)
        fclose(j->trajectory);
    verify_free(&j->verify);
    free(j->trajectory_text);
    free(j->pairs);
    openings_free(&j->openings);
    free(j);
}

int spsa_run(const Config *cfg, RunDir *rd)
{
    SpsaJob *j = calloc(1, sizeof *j);
    if (!j)
        return EXIT_FAIL;
    int status = spsa_setup(j, cfg, rd);
    if (status != EXIT_OK) {
        spsa_free(j);
        return status;
    }
    Job job;
    status = job_begin(&job, cfg, rd, spsa_on_record, j);
    if (status == EXIT_OK && spsa_external(cfg))
        status = spsa_check_engine(cfg);
    if (status == EXIT_OK) {
        if (j->resumed)
            fprintf(stderr, "resuming %s: %ld tuning pairs already played\n", rd->path, j->resumed);
        j->start_time = clock_now();
        status = spsa_tune(j, &job.journal);
    }
    j->tuned = j->start;
    spsa_apply(&j->spsa, &j->tuned);
    const Config *verify_cfg = spsa_verify_config(j);
    if (status == EXIT_OK)
        status = !verify_cfg ? EXIT_USAGE
                             : verify_play(&j->verify, verify_cfg, &j->tuned, &j->start, "tuned",
                                           "start", &j->openings, &job.journal);
    fclose(j->trajectory);
    j->trajectory = NULL;
    JobOutputs out = {.plot = spsa_plot,
                      .plot_data = j,
                      .report = {"report.md", spsa_write_report, j},
                      .summary = {RUNDIR_SUMMARY, spsa_write_summary, j},
                      .print = spsa_print,
                      .print_data = j};
    job_add_file(&out, "trajectory.csv", job_write_text, j->trajectory_text);
    JobWeights tuned_file = {&j->tuned, config_variant(cfg)};
    if (spsa_external(cfg)) /* the engine's options: no weights are tuned */
        job_add_file(&out, "tuned.options", job_write_text, j->tuned_options);
    else
        job_add_file(&out, "tuned.weights", job_write_weights, &tuned_file);
    verify_add_files(&j->verify, &out);
    status = job_end(&job, status, &out);
    spsa_free(j);
    return status;
}
