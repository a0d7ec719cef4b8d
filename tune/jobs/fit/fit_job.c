/* fit_job.c: the fit job.
 *
 * Phases, all in one journal: the [selfplay] games (records 0 .. games-1, when positions =
 * selfplay), then the verification match (the records after them). The fit itself is quick and
 * deterministic, so it is redone on resume rather than checkpointed.
 *
 * Steps: positions (played or loaded) -> games split into fitting and held-out sets ->
 * K by Brent with the start weights -> the parameters by BFGS2 (or Nelder-Mead) -> standard
 * errors (inverse Hessian, clustered by game, optional bootstrap) -> fitted weights file ->
 * verification match fitted vs start. */
#include "fit_job.h"
#include "tune/jobs/fit/fit_report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search/clock.h"
#include "tune/jobs/common/job.h"
#include "tune/jobs/selfplay/selfplay_job.h"
#include "tune/stats/fit.h"
#include "tune/stats/rng.h"
#include "tune/stats/stats.h"
#include "tune/play/player_config.h"
#include "tune/play/match_config.h"
#include "tune/play/selfplay_config.h"
#include "tune/jobs/fit/fit_config.h"

/* Reads [fit] params (names, terms, groups, "all" of the run's game's weights) into
 * params[0..*m-1]. */
static bool parse_params(const Config *cfg, TuneParam *params, int *m, char *err, size_t errlen)
{
    char why[512];
    if (params_parse_game(config_variant(cfg), fit_config(cfg)->params, params, PARAMS_MAX, m, why,
                          sizeof why))
        return true;
    snprintf(err, errlen, "[fit] params: %s", why);
    return false;
}

bool fit_check(const Config *cfg, char *err, size_t errlen)
{
    Weights w;
    int m;
    char why[900];
    if (!weights_load_game(&w, fit_config(cfg)->start_weights, config_variant(cfg), why,
                           sizeof why)) {
        snprintf(err, errlen, "[fit] start_weights: %s", why);
        return false;
    }
    TuneParam *params = malloc(PARAMS_MAX * sizeof *params);
    bool ok = params && parse_params(cfg, params, &m, err, errlen);
    free(params);
    if (!ok)
        return false;
    if (strcmp(fit_config(cfg)->positions, "selfplay") != 0 &&
        !traces_check(fit_config(cfg)->positions, why, sizeof why)) {
        snprintf(err, errlen, "[fit] positions: %s", why);
        return false;
    }
    return fit_config_check_label(cfg, err, errlen);
}

/* Journal replay: self-play games, then verification pairs. */
static bool on_record(void *data, long index, const char *payload, char *why, size_t len)
{
    FitJob *j = data;
    if (index >= 0 && index < j->nselfplay)
        return selfplay_record(j->selfplay, index, payload, why, len);
    return verify_keep_record(&j->verify, index, payload, why, len);
}

/* Splits j->all by game into the fitting set and the held-out set. */
static bool split_games(FitJob *j)
{
    const Traces *t = &j->all;
    for (long i = 0; i < t->n;) {
        long e = i;
        while (e < t->n && t->game[e] == t->game[i])
            e++;
        Rng rng = rng_for(j->cfg->seed, RNG_HOLDOUT, t->game[i]);
        Traces *dst = rng_uniform(&rng) < fit_config(j->cfg)->validation ? &j->valid : &j->train;
        for (long p = i; p < e; p++)
            if (!traces_add_from(dst, t, p))
                return false;
        i = e;
    }
    return true;
}

/* Keeps the parameters with a weight whose coefficient is nonzero somewhere in the fitting
 * set, with their start values. */
static void identified_params(FitJob *j)
{
    bool seen[W_NB] = {false};
    for (long k = 0; k < j->train.nterms; k++)
        seen[j->train.index[k]] = true;
    j->mf = 0;
    for (int i = 0; i < j->m; i++) {
        bool any = false;
        for (int k = 0; k < j->params[i].set.n; k++)
            any = any || seen[j->params[i].set.idx[k]];
        if (any) {
            j->theta0[j->mf] = params_value(&j->params[i].set, &j->start);
            j->fitted[j->mf++] = j->params[i];
        } else {
            fprintf(stderr,
                    "note: weight %s has a zero coefficient in every position; it is "
                    "not fitted\n",
                    j->params[i].name);
        }
    }
}

/* The weight sets of the fitted parameters, for fit_new_sets (malloc'd; NULL when out of
 * memory). */
static WeightSet *fitted_sets(const FitJob *j)
{
    WeightSet *sets = malloc(((size_t)j->mf + 1) * sizeof *sets);
    for (int x = 0; sets && x < j->mf; x++)
        sets[x] = j->fitted[x].set;
    return sets;
}

/* A problem over t with the fitted parameters (others at start) and the job's loss; NULL when
 * out of memory. */
static Fit *fit_problem(const FitJob *j, const Traces *t)
{
    WeightSet *sets = fitted_sets(j);
    Fit *f = sets ? fit_new_sets(t, sets, j->mf, &j->start,
                                 strcmp(fit_config(j->cfg)->loss, "squared") ? FIT_CROSS_ENTROPY
                                                                             : FIT_SQUARED,
                                 config_threads(j->cfg))
                  : NULL;
    free(sets);
    return f;
}

/* Loss curve callback: one CSV row per iteration. */
static void curve_row(void *data, int iteration, double loss, double gnorm, const double *theta)
{
    FitJob *j = data;
    fprintf(j->curve, "%d,%.10f,%.6g", iteration, loss, gnorm);
    for (int x = 0; x < j->mf; x++)
        fprintf(j->curve, ",%.3f", theta[x]);
    fputc('\n', j->curve);
}

/* Mean loss of set t under the parameters theta (others at start), with j->k. */
static double set_loss(FitJob *j, const Traces *t, const double *theta)
{
    if (t->n == 0)
        return NAN;
    Fit *f = fit_problem(j, t);
    if (!f)
        return NAN;
    fit_set_k(f, j->k);
    double l = fit_loss(f, theta, NULL);
    fit_free(f);
    return l;
}

/* The fitted weights rounded into the weights table's ranges (j->result). */
static void round_result(FitJob *j);

/* Minimises from the start at regularisation lambda (theta into th, the curve to fn when not
 * NULL); returns the iterations or -1 with the message in err. */
static int fit_at_lambda(FitJob *j, Fit *f, double lambda, const FitOptions *opt, double *th,
                         FitCurveFn fn, char *err, size_t errlen)
{
    if (!fit_set_regularization(f, lambda, j->theta0)) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    memcpy(th, j->theta0, (size_t)j->mf * sizeof *th);
    return fit_minimize(f, th, opt, fn, j, err, errlen);
}

/* [fit] regularize = auto: fits at every lambda of FIT_LAMBDAS and keeps the one whose weights
 * predict the held-out games best (least held-out loss; the smaller lambda on a tie), so that
 * the penalty is as strong as the data ask and no stronger. A lambda at which the data leave
 * the weights undetermined (the Hessian is not positive definite, so the fit's errors cannot be
 * computed: piece-square files that add up to the material, with lambda 0) is skipped. Returns
 * j->lambda. */
static double choose_lambda(FitJob *j, Fit *f, const FitOptions *opt, char *err, size_t errlen)
{
    double th[PARAMS_MAX], best = INFINITY;
    j->lambda = -1;
    for (int g = 0; g < FIT_NLAMBDAS; g++) {
        if (fit_at_lambda(j, f, FIT_LAMBDAS[g], opt, th, NULL, err, errlen) < 0)
            return -1;
        FitErrors fe;
        char why[256];
        j->undetermined[g] = !fit_errors(f, th, &fe, why, sizeof why);
        fit_errors_free(&fe);
        fit_set_regularization(f, 0, j->theta0);
        j->grid[g][0] = fit_loss(f, th, NULL);
        j->grid[g][1] = set_loss(j, &j->valid, th);
        fprintf(stderr, "fit: regularize %g: loss %.6f, held out %.6f%s%s\n", FIT_LAMBDAS[g],
                j->grid[g][0], j->grid[g][1], j->undetermined[g] ? "; skipped: " : "",
                j->undetermined[g] ? why : "");
        if (!j->undetermined[g] && j->grid[g][1] < best) {
            best = j->grid[g][1];
            j->lambda = FIT_LAMBDAS[g];
        }
    }
    if (j->lambda < 0)
        snprintf(err, errlen,
                 "regularize = auto: no lambda with a held-out loss and a determined "
                 "fit to choose");
    return j->lambda;
}

/* The minimisation with [fit] regularize (a lambda, or auto: chosen first), its curve into
 * loss_curve.csv; returns the iterations or -1 with the message in err. */
static int fit_regularized(FitJob *j, Fit *f, const FitOptions *opt, char *err, size_t errlen)
{
    double lambda;
    fit_config_lambda(fit_config(j->cfg)->regularize, &lambda);
    j->lambda_auto = lambda < 0;
    j->lambda = lambda;
    if (j->lambda_auto && choose_lambda(j, f, opt, err, errlen) < 0)
        return -1;
    return fit_at_lambda(j, f, j->lambda, opt, j->theta, curve_row, err, errlen);
}

/* The fit: K, parameters, errors, bootstrap. Returns an ExitStatus, with the message printed. */
static int do_fit(FitJob *j)
{
    char err[512];
    const FitConfig *fc = fit_config(j->cfg);
    double t0 = clock_now();
    if (!split_games(j)) {
        fprintf(stderr, "maxtune: out of memory\n");
        return EXIT_FAIL;
    }
    if (j->train.n == 0) {
        fprintf(stderr, "maxtune: no positions to fit (play more games or lower "
                        "[fit] validation)\n");
        return EXIT_FAIL;
    }
    identified_params(j);
    if (j->mf == 0) {
        fprintf(stderr, "maxtune: none of the [fit] params varies in the positions\n");
        return EXIT_FAIL;
    }
    Fit *f = fit_problem(j, &j->train);
    if (!f) {
        fprintf(stderr, "maxtune: out of memory for the fit\n");
        return EXIT_FAIL;
    }
    memcpy(j->theta, j->theta0, (size_t)j->mf * sizeof *j->theta);
    j->k = fc->k;
    fit_set_k(f, j->k);
    j->loss_start[0] = fit_loss(f, j->theta, NULL);
    j->loss_start[1] = set_loss(j, &j->valid, j->theta);
    if (fc->fit_k && !fit_tune_k(f, j->theta, &j->k, err, sizeof err)) {
        fprintf(stderr, "maxtune: fitting K: %s\n", err);
        fit_free(f);
        return EXIT_FAIL;
    }
    fit_set_k(f, j->k);
    j->loss_k[0] = fit_loss(f, j->theta, NULL);
    j->loss_k[1] = set_loss(j, &j->valid, j->theta);
    /* The targets blend in the search scores at the K just fitted on the results; the held-out
     * loss (set_loss) stays against the results, comparable whatever the label. */
    if (fit_config_blend(fc) > 0 && !fit_set_targets(f, &j->train, fit_config_blend(fc))) {
        fprintf(stderr, "maxtune: [fit] label = %s: the positions have no search scores\n",
                fc->label);
        fit_free(f);
        return EXIT_FAIL;
    }
    fprintf(stderr, "fit: %ld positions from %ld games (%ld held out), K = %.4f, %d weights\n",
            j->train.n, traces_games(&j->train), traces_games(&j->valid), j->k, j->mf);
    FitOptions opt = {strcmp(fc->method, "nelder_mead") ? FIT_BFGS2 : FIT_NELDER_MEAD,
                      (int)fc->max_iterations, fc->tolerance, true};
    fprintf(j->curve, "iteration,loss,gradient_norm");
    for (int x = 0; x < j->mf; x++)
        fprintf(j->curve, ",%s", j->fitted[x].name);
    fputc('\n', j->curve);
    j->iterations = fit_regularized(j, f, &opt, err, sizeof err);
    if (j->iterations < 0 || !fit_errors(f, j->theta, &j->errors, err, sizeof err)) {
        fprintf(stderr, "maxtune: fit: %s\n", err);
        fit_free(f);
        return EXIT_FAIL;
    }
    /* Against the results, as the losses before it, whatever the label. */
    j->loss_end[0] = fit_config_blend(fc) > 0 ? set_loss(j, &j->train, j->theta) : j->errors.loss;
    j->loss_end[1] = set_loss(j, &j->valid, j->theta);
    if (fc->bootstrap > 0) {
        fprintf(stderr, "fit: bootstrap, %ld replicates\n", fc->bootstrap);
        snprintf(err, sizeof err, "out of memory");
        j->boot_cov = malloc((size_t)j->mf * j->mf * sizeof *j->boot_cov);
        j->have_boot = j->boot_cov &&
                       fit_bootstrap(f, j->theta, &opt, (int)fc->bootstrap, j->cfg->seed,
                                     j->boot_cov, NULL, NULL, err, sizeof err);
        if (!j->have_boot) {
            fprintf(stderr, "maxtune: bootstrap: %s\n", err);
            fit_free(f);
            return EXIT_FAIL;
        }
    }
    fit_free(f);
    round_result(j);
    j->fit_seconds = clock_now() - t0;
    return EXIT_OK;
}

/* The fitted weights rounded into the weights table's ranges (j->result). */
static void round_result(FitJob *j)
{
    j->result = j->start;
    for (int x = 0; x < j->mf; x++) {
        int lo, hi;
        params_range(&j->fitted[x].set, &lo, &hi);
        long v = lround(j->theta[x]);
        if (v < lo || v > hi) {
            fprintf(stderr,
                    "note: fitted %s = %.1f lies outside its range [%d, %d]; the "
                    "weights file holds the nearest bound\n",
                    j->fitted[x].name, j->theta[x], lo, hi);
            v = v < lo ? lo : hi;
            j->clamped++;
        }
        params_assign(&j->fitted[x].set, &j->result, (int)v);
    }
}

/* Frees everything the job holds. */
static void fit_free_job(FitJob *j)
{
    verify_free(&j->verify);
    selfplay_free(j->selfplay);
    traces_free(&j->all);
    traces_free(&j->train);
    traces_free(&j->valid);
    fit_errors_free(&j->errors);
    free(j->boot_cov);
    if (j->curve)
        fclose(j->curve);
    free(j->curve_text);
    openings_free(&j->openings);
    free(j);
}

/* Sets up the job from its config (start weights, parameters, openings, self-play phase,
 * memory); EXIT_OK, or EXIT_USAGE / EXIT_FAIL with the message printed. */
static int fit_setup(FitJob *j, const Config *cfg, RunDir *rd, Journal *journal)
{
    char err[1024];
    j->cfg = cfg;
    j->rd = rd;
    j->play_cfg = *cfg;
    *player_config_edit(&j->play_cfg, 1) = *player_config(cfg, 0);
    traces_init(&j->all);
    traces_init(&j->train);
    traces_init(&j->valid);
    bool from_selfplay = !strcmp(fit_config(cfg)->positions, "selfplay");
    if (!weights_load_game(&j->start, fit_config(cfg)->start_weights, config_variant(cfg), err,
                           sizeof err) ||
        !parse_params(cfg, j->params, &j->m, err, sizeof err) ||
        !openings_load(&j->openings, match_config(cfg), config_variant(cfg), cfg->seed, err,
                       sizeof err) ||
        (from_selfplay &&
         !(j->selfplay = selfplay_new(cfg, &j->openings, journal, 0, err, sizeof err)))) {
        fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_USAGE;
    }
    j->nselfplay = from_selfplay ? selfplay_games(j->selfplay) : 0;
    j->curve = open_memstream(&j->curve_text, &j->curve_len);
    if (!j->curve || !verify_init(&j->verify, fit_config(cfg)->verify_pairs, j->nselfplay)) {
        fprintf(stderr, "maxtune: out of memory\n");
        return EXIT_FAIL;
    }
    return EXIT_OK;
}

int fit_run(const Config *cfg, RunDir *rd)
{
    FitJob *j = calloc(1, sizeof *j);
    if (!j)
        return EXIT_FAIL;
    Job job;
    int status = fit_setup(j, cfg, rd, &job.journal);
    if (status != EXIT_OK) {
        fit_free_job(j);
        return status;
    }
    status = job_begin(&job, cfg, rd, on_record, j);
    if (status == EXIT_OK)
        status = selfplay_positions(j->selfplay, fit_config(cfg)->positions, rd, &j->all, &j->st);
    if (status == EXIT_OK)
        status = do_fit(j);
    if (status == EXIT_OK)
        status = verify_play(&j->verify, &j->play_cfg, &j->result, &j->start, "fitted", "start",
                             &j->openings, &job.journal);
    fclose(j->curve);
    j->curve = NULL;
    JobOutputs out = {.plot = fit_plot,
                      .plot_data = j,
                      .report = {"report.md", fit_write_report, j},
                      .summary = {RUNDIR_SUMMARY, fit_write_summary, j},
                      .print = fit_print,
                      .print_data = j};
    job_add_file(&out, "fitted.weights", fit_write_weights, j);
    job_add_file(&out, "fit.csv", fit_write_table, j);
    job_add_file(&out, fit_config(cfg)->phase_values ? "pincers.csv" : NULL, fit_write_pincers, j);
    job_add_file(&out, "loss_curve.csv", job_write_text, j->curve_text);
    job_add_file(&out, j->selfplay && selfplay_config(cfg)->pgn ? "games.pgn" : NULL,
                 selfplay_write_pgn, j->selfplay);
    verify_add_files(&j->verify, &out);
    status = job_end(&job, status, &out);
    fit_free_job(j);
    return status;
}
