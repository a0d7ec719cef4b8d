/* test_job_intervals.c: every interval a job writes, re-derived from the figures written beside
 * it (issue 18).
 *
 * Each test runs a small fixed job through the program ($BIN, default bin/maxtune; one thread)
 * into a temporary folder, reads what it wrote and recomputes each interval independently of
 * tune/: match and verification Elo intervals, LOS and normalized Elo from the counts in
 * summary.json / verify.json (and the last line of elo_progress.csv); fit.csv's intervals from
 * the fitted value and the clustered standard error, and both standard errors themselves from
 * the positions the fit read (a sandwich estimator written here); values.csv's Fieller bounds
 * from the Elo figures, standard errors and covariances beside them; a study's table from its
 * parts' files, and its trends against strength by a weighted least-squares line written out
 * here. Confidence: 95%, as the
 * column names and the reports state; z comes from GSL here, not from the program.
 *
 * So that no check passes by accident, every test also asserts that the same figure at another
 * confidence (90%), or with the other standard error, would have been told apart.
 */
/* First: core/geometry.h (through eval.h) names an enumerator LINE_MAX, which limits.h defines
 * as a macro. */
#include "search/eval.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_linalg.h>

#include "search/weights.h"
#include "tune/stats/traces.h"

enum { PATH_LEN = 512, MAX_COLS = 32, MAX_ROWS = 64, FIELD_LEN = 64, NFIT = 4 };

static const double CONFIDENCE = 0.95, OTHER_CONFIDENCE = 0.90;

/* The temporary folder of this run of the tests (set up in main). */
static char tmp[64];

/* Two-sided normal quantile for a confidence level (1.95996... at 0.95). */
static double z_of(double confidence) { return gsl_cdf_ugaussian_Pinv(0.5 + confidence / 2); }

/* Writes text to tmp/name; returns the path in out. */
static void write_file(const char *name, const char *text, char *out)
{
    snprintf(out, PATH_LEN, "%s/%s", tmp, name);
    FILE *f = fopen(out, "w");
    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
}

/* Runs `$BIN run config --set run.results_dir=tmp/dir` (output to tmp/dir.log); asserts exit 0. */
static void run_job(const char *config, const char *dir)
{
    const char *bin = getenv("BIN") ? getenv("BIN") : "bin/maxtune";
    char set[PATH_LEN + 32], log[PATH_LEN + 8];
    snprintf(set, sizeof set, "run.results_dir=%s/%s", tmp, dir);
    snprintf(log, sizeof log, "%s/%s.log", tmp, dir);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        if (!freopen(log, "w", stdout) || !freopen(log, "a", stderr))
            _exit(127);
        execl(bin, bin, "run", config, "--set", set, "--set", "run.threads=1", (char *)NULL);
        _exit(127);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        fail_msg("%s run %s failed (status %d); see %s", bin, config, status, log);
}

/* The whole of a file as a string (malloc'd). */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s", path);
    char *buf = malloc(1 << 20);
    assert_non_null(buf);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* The number after "key": in text (from `from` on, if not NULL); fails when absent. */
static double json_num(const char *text, const char *from, const char *key)
{
    char pat[96];
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    const char *start = text;
    if (from) {
        start = strstr(text, from);
        if (!start)
            fail_msg("no %s in the JSON", from);
    }
    const char *p = strstr(start, pat);
    if (!p)
        fail_msg("no \"%s\" in the JSON (after %s)", key, from ? from : "the start");
    return strtod(p + strlen(pat), NULL);
}

/* A CSV file: header and rows of text fields. */
typedef struct Csv {
    int ncols, nrows;
    char head[MAX_COLS][FIELD_LEN];
    char cell[MAX_ROWS][MAX_COLS][FIELD_LEN];
} Csv;

/* Splits one line into fields (empty ones kept). */
static int split(char *line, char fields[][FIELD_LEN])
{
    int n = 0;
    line[strcspn(line, "\r\n")] = '\0';
    for (char *p = line; n < MAX_COLS;) {
        char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        snprintf(fields[n++], FIELD_LEN, "%.*s", (int)len, p);
        if (!comma)
            break;
        p = comma + 1;
    }
    return n;
}

/* Reads a CSV file (header line first). */
static Csv *csv_read(const char *path)
{
    Csv *c = calloc(1, sizeof *c);
    assert_non_null(c);
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s", path);
    char line[2048];
    assert_non_null(fgets(line, sizeof line, f));
    c->ncols = split(line, c->head);
    while (c->nrows < MAX_ROWS && fgets(line, sizeof line, f))
        assert_int_equal(split(line, c->cell[c->nrows++]), c->ncols);
    fclose(f);
    return c;
}

/* Index of the named column; fails when absent. */
static int col(const Csv *c, const char *name)
{
    for (int i = 0; i < c->ncols; i++)
        if (!strcmp(c->head[i], name))
            return i;
    fail_msg("no column %s", name);
    return -1;
}

/* The number in row r, column name ("inf"/"-inf" included); fails when the cell is empty. */
static double num(const Csv *c, int r, const char *name)
{
    const char *s = c->cell[r][col(c, name)];
    if (!*s)
        fail_msg("row %s: %s is empty", c->cell[r][0], name);
    return strtod(s, NULL);
}

/* The row whose first field is key, or -1. */
static int row(const Csv *c, const char *key)
{
    for (int r = 0; r < c->nrows; r++)
        if (!strcmp(c->cell[r][0], key))
            return r;
    return -1;
}

/* Asserts |got - want| <= tol, naming the figure. */
static void near(const char *what, double got, double want, double tol)
{
    if (!(got == want || fabs(got - want) <= tol)) /* equal infinities: the same bound */
        fail_msg("%s: written %.6f, re-derived %.6f (tolerance %g)", what, got, want, tol);
}

/* Asserts the written figure could not also pass for `other` (the check tells them apart). */
static void apart(const char *what, double written, double other, double tol)
{
    if (!(fabs(written - other) > 3 * tol))
        fail_msg("%s: %.6f vs %.6f: the check cannot tell these apart", what, written, other);
}

/* ---------------------------------------------------------------------------------------- */
/* Match figures (the formulas of docs/methods.md and tune/stats.h, written out again) */

/* Logistic Elo of a score clamped to [0.001, 0.999]. */
static double elo_of(double s)
{
    s = s < 1e-3 ? 1e-3 : s > 1 - 1e-3 ? 1 - 1e-3 : s;
    return -400 * log10(1 / s - 1);
}

/* Mean and variance (divided by n) of outcomes i/(k-1) with the given counts. */
static void moments(const double *c, int k, double *n, double *mu, double *var)
{
    *n = *mu = *var = 0;
    for (int i = 0; i < k; i++) {
        *n += c[i];
        *mu += c[i] * i / (k - 1);
    }
    *mu /= *n;
    for (int i = 0; i < k; i++)
        *var += c[i] * (i / (double)(k - 1) - *mu) * (i / (double)(k - 1) - *mu);
    *var /= *n;
}

/* fishtest's regularisation: every zero count becomes 0.001 (at most 5 counts). */
static void regularise(const double *c, int k, double *out)
{
    for (int i = 0; i < k; i++)
        out[i] = c[i] > 0 ? c[i] : 1e-3;
}

/* Elo and its interval at a confidence from outcome counts (3: L D W, or 5: pair scores),
 * regularised as fishtest does. */
static void elo_interval(const double *counts, int k, double conf, double *elo, double *lo,
                         double *hi)
{
    double n, mu, var, c[5];
    regularise(counts, k, c);
    moments(c, k, &n, &mu, &var);
    double sd = sqrt(var / n), z = z_of(conf);
    *elo = elo_of(mu);
    *lo = elo_of(mu - z * sd);
    *hi = elo_of(mu + z * sd);
}

/* Normalized Elo of pentanomial counts and its half-width at a confidence, by fishtest's
 * formulas (its template_helpers.py nElo table), written out again. */
static void nelo_of(const double *counts, double conf, double *nelo, double *half)
{
    double n, mu, var, c[5], m3 = 0, m4 = 0;
    regularise(counts, 5, c);
    moments(c, 5, &n, &mu, &var);
    for (int i = 0; i < 5; i++) {
        double d = i / 4.0 - mu;
        m3 += c[i] * d * d * d / n;
        m4 += c[i] * d * d * d * d / n;
    }
    double skew = m3 / pow(var, 1.5), exkurt = m4 / (var * var) - 3;
    double t = (mu - 0.5) / sqrt(var);
    double var_t = fmax(1 - t * skew + t * t * (exkurt + 2) / 4, 0);
    double unit = 800 / log(10) / sqrt(2);
    *nelo = unit * t;
    *half = unit * z_of(conf) * sqrt(var_t / n);
}

/* The pair counts of row r of values.csv (handicap_pentanomial: "LL LD+DL ... WW"). */
static void penta_counts(const Csv *c, int r, double *pairs)
{
    const char *s = c->cell[r][col(c, "handicap_pentanomial")];
    assert_int_equal(
        sscanf(s, "%lf %lf %lf %lf %lf", &pairs[0], &pairs[1], &pairs[2], &pairs[3], &pairs[4]), 5);
}

/* The handicap Elo of row r of values.csv from its pair counts, regularised as fishtest's. */
static double penta_elo(const Csv *c, int r)
{
    double pairs[5], elo, lo, hi;
    penta_counts(c, r, pairs);
    elo_interval(pairs, 5, CONFIDENCE, &elo, &lo, &hi);
    return elo;
}

/* Checks a verification object {games, wins, losses, draws, elo, elo_error95, elo_low,
 * elo_high, los} (summary.json of the spsa and fit jobs) against its counts. */
static void check_verification(const char *json, const char *from)
{
    double w = json_num(json, from, "wins"), l = json_num(json, from, "losses");
    double d = json_num(json, from, "draws");
    assert_true(json_num(json, from, "games") == w + l + d && w + l + d > 0);
    double c[3] = {l, d, w}, elo, lo, hi, elo90, lo90, hi90;
    elo_interval(c, 3, CONFIDENCE, &elo, &lo, &hi);
    elo_interval(c, 3, OTHER_CONFIDENCE, &elo90, &lo90, &hi90);
    near("verification elo", json_num(json, from, "elo"), elo, 0.006);
    near("verification elo_low", json_num(json, from, "elo_low"), lo, 0.006);
    near("verification elo_high", json_num(json, from, "elo_high"), hi, 0.006);
    near("verification elo_error95", json_num(json, from, "elo_error95"), (hi - lo) / 2, 0.006);
    apart("verification elo_error95 at 90%", json_num(json, from, "elo_error95"), (hi90 - lo90) / 2,
          0.006);
    double los = w + l > 0 ? 0.5 + 0.5 * erf((w - l) / sqrt(2 * (w + l))) : 0.5;
    near("verification los", json_num(json, from, "los"), los, 2e-6);
}

/* Checks a match summary (summary.json of a match, verify.json of spsa and fit): counts, the
 * trinomial and pentanomial Elo intervals, LOS, draw ratio and normalized Elo; and, when
 * progress is not NULL, that the last line of that elo_progress.csv agrees. */
static void check_match_summary(const char *path, const char *progress)
{
    char *js = slurp(path);
    double w = json_num(js, NULL, "wins"), l = json_num(js, NULL, "losses");
    double d = json_num(js, NULL, "draws"), pairs = json_num(js, NULL, "pairs");
    double games = json_num(js, NULL, "games");
    const char *pp = strstr(js, "\"pentanomial\": [");
    assert_non_null(pp);
    double p[5], np = 0;
    char *end = (char *)pp + strlen("\"pentanomial\": [");
    for (int i = 0; i < 5; i++) {
        p[i] = strtod(end, &end);
        np += p[i];
        end += strspn(end, ", ");
    }
    assert_true(games == w + l + d && games == 2 * pairs && np == pairs && pairs > 0);
    /* The pentanomial counts hold the same points as the games. */
    assert_true(p[1] + 2 * p[2] + 3 * p[3] + 4 * p[4] == 2 * w + d);
    double c[3] = {l, d, w}, elo, lo, hi, e90, lo90, hi90;
    elo_interval(c, 3, CONFIDENCE, &elo, &lo, &hi);
    elo_interval(c, 3, OTHER_CONFIDENCE, &e90, &lo90, &hi90);
    near("score", json_num(js, NULL, "score"), (w + d / 2) / games, 2e-6);
    near("elo", json_num(js, NULL, "elo"), elo, 0.006);
    near("elo_error95", json_num(js, NULL, "elo_error95"), (hi - lo) / 2, 0.006);
    apart("elo_error95 at 90%", json_num(js, NULL, "elo_error95"), (hi90 - lo90) / 2, 0.006);
    double pe, plo, phi;
    elo_interval(p, 5, CONFIDENCE, &pe, &plo, &phi);
    near("elo_pentanomial", json_num(js, NULL, "elo_pentanomial"), pe, 0.006);
    near("elo_pentanomial_error95", json_num(js, NULL, "elo_pentanomial_error95"), (phi - plo) / 2,
         0.006);
    double los = w + l > 0 ? 0.5 + 0.5 * erf((w - l) / sqrt(2 * (w + l))) : 0.5;
    near("los", json_num(js, NULL, "los"), los, 2e-6);
    near("draw_ratio", json_num(js, NULL, "draw_ratio"), d / games, 2e-6);
    /* Normalized Elo from the pairs as fishtest computes it: regularised counts, t = (mu - 1/2)
     * / sigma, the variance of t corrected for skewness and kurtosis, per pair 800 / ln 10 /
     * sqrt(2) per unit of t. */
    double nelo, nelo_err, nelo_err90;
    nelo_of(p, CONFIDENCE, &nelo, &nelo_err);
    nelo_of(p, OTHER_CONFIDENCE, &nelo, &nelo_err90);
    near("nelo", json_num(js, NULL, "nelo"), nelo, 0.006);
    near("nelo_error95", json_num(js, NULL, "nelo_error95"), nelo_err, 0.006);
    apart("nelo_error95 at 90%", json_num(js, NULL, "nelo_error95"), nelo_err90, 0.006);
    if (progress) {
        /* Its last line: the figures after the last pair. */
        char *text = slurp(progress), *last = text + strlen(text) - 1;
        while (last > text && last[-1] != '\n')
            last--;
        double g, e, elo_lo, elo_hi, s;
        assert_int_equal(sscanf(last, "%lf,%lf,%lf,%lf,%lf", &g, &e, &elo_lo, &elo_hi, &s), 5);
        assert_true(g == games);
        near("elo_progress.csv elo", e, elo, 0.006);
        near("elo_progress.csv elo_low", elo_lo, lo, 0.006);
        near("elo_progress.csv elo_high", elo_hi, hi, 0.006);
        free(text);
    }
    free(js);
}

/* Engine settings shared by the jobs: fast, one thread, small hash. */
#define ENGINES                                                                                    \
    "[engine_a]\nnodes = 200\nhash_mb = 1\n[engine_b]\nnodes = 200\nhash_mb = 1\n"                 \
    "[match]\nmax_plies = 160\n"

/* match: summary.json and elo_progress.csv against the counts. */
static void test_match_intervals(void **state)
{
    (void)state;
    char cfg[PATH_LEN], path[PATH_LEN * 2];
    write_file("match.ini",
               "[run]\njob = match\nname = m\nseed = 5\n"
               "[engine_a]\nweights = default\nnodes = 200\nhash_mb = 1\n"
               "[engine_b]\nweights = material\nnodes = 200\nhash_mb = 1\n"
               "[match]\npairs = 16\nmax_plies = 160\n",
               cfg);
    run_job(cfg, "match");
    snprintf(path, sizeof path, "%s/match/m/summary.json", tmp);
    char progress[PATH_LEN * 2];
    snprintf(progress, sizeof progress, "%s/match/m/elo_progress.csv", tmp);
    check_match_summary(path, progress);
}

/* spsa: verify.json and the verification object of summary.json. */
static void test_spsa_verification_intervals(void **state)
{
    (void)state;
    char cfg[PATH_LEN], path[PATH_LEN * 2];
    write_file("spsa.ini",
               "[run]\njob = spsa\nname = s\nseed = 5\n" ENGINES
               "[spsa]\nparams = pincer,guard\niterations = 4\nbatch = 2\nverify_pairs = 10\n",
               cfg);
    run_job(cfg, "spsa");
    snprintf(path, sizeof path, "%s/spsa/s/verify.json", tmp);
    check_match_summary(path, NULL);
    snprintf(path, sizeof path, "%s/spsa/s/summary.json", tmp);
    char *js = slurp(path);
    check_verification(js, "\"verification\": {");
    free(js);
}

/* ---------------------------------------------------------------------------------------- */
/* fit and values on synthetic positions */

/* The synthetic positions: material-like count differences (mostly 0, within -2..2) of 4
 * weights (pincer, coordinator, long_leaper, chameleon) plus the tempo term (always 1), results
 * drawn from a logistic model with the v1 weights as the truth, and 6 positions per game
 * sharing its result, so that the clustered and the plain errors differ. */
static Traces synth;
static char synth_path[PATH_LEN];
static const char *const FIT_NAMES[] = {"pincer", "coordinator", "long_leaper", "chameleon"};
static Weights truth;

/* splitmix64: the test's own random numbers. */
static uint64_t next_random(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* A uniform number in [0, 1). */
static double uniform(uint64_t *s) { return (next_random(s) >> 11) * 0x1.0p-53; }

/* Draws the synthetic positions and writes them to tmp/synth.traces. */
static void make_synth(void)
{
    enum { GAMES = 2500, PER_GAME = 6 };
    uint64_t rng = 11;
    weights_v1(&truth);
    traces_init(&synth);
    for (uint32_t g = 0; g < GAMES; g++) {
        int coef[W_NB] = {0};
        double s = truth.v[W_TEMPO_MG];
        coef[W_TEMPO_MG] = 1; /* counts in the middle-game weights: a term's pair sums them */
        for (int t = 0; t < NFIT; t++) {
            double u = uniform(&rng);
            int x = u < 0.6 ? 0 : u < 0.75 ? 1 : u < 0.9 ? -1 : u < 0.95 ? 2 : -2;
            coef[weight_mg(t)] = x;
            s += x * truth.v[weight_mg(t)];
        }
        double p = 1 / (1 + pow(10, -s / 400)), u = uniform(&rng);
        /* E[result] = p with draws: a draw takes 2 min(p, 1-p) * 0.4 of the mass. */
        double d = 0.8 * (p < 1 - p ? p : 1 - p);
        int result = u < p - d / 2 ? 2 : u < p + d / 2 ? 1 : 0;
        int scaled[W_NB]; /* the trace of evaluation s (eval.h) */
        for (int w = 0; w < W_NB; w++)
            scaled[w] = coef[w] * EVAL_TRACE_SCALE;
        for (int k = 0; k < PER_GAME; k++)
            assert_true(traces_add(&synth, g, result, scaled));
    }
    snprintf(synth_path, sizeof synth_path, "%s/synth.traces", tmp);
    FILE *f = fopen(synth_path, "wb");
    assert_non_null(f);
    assert_true(traces_write(&synth, f));
    assert_int_equal(fclose(f), 0);
}

/* Standard errors of the cross-entropy fit of weights 0..NFIT-1 (the others at their v1
 * values, the fit's start) at theta with scale K: the
 * inverse Hessian of the summed loss (se_h) and the sandwich H^-1 B H^-1 clustered by game
 * with the factor G/(G-1) (N-1)/(N-m) (se_c). Written from the textbook formulas, not from
 * tune/fit.c. */
static void fit_errors_here(const double *theta, double k, double *se_h, double *se_c)
{
    const int m = NFIT;
    double a = k * log(10) / 400, H[NFIT * NFIT] = {0}, B[NFIT * NFIT] = {0}, g[NFIT] = {0};
    long games = 0;
    for (long i = 0; i < synth.n; i++) {
        double x[NFIT] = {0}, s = 0;
        for (uint64_t e = synth.start[i]; e < synth.start[i + 1]; e++) {
            double c = synth.coef[e] / (double)EVAL_TRACE_SCALE;
            if (synth.index[e] % 2 == 0 && synth.index[e] / 2 < m)
                x[synth.index[e] / 2] = c; /* term index/2's middle-game weight */
            else                           /* a weight not fitted: its start value (the default) */
                s += c * truth.v[synth.index[e]];
        }
        for (int j = 0; j < m; j++)
            s += theta[j] * x[j];
        double p = 1 / (1 + exp(-a * s)), r = synth.result[i] / 2.0;
        for (int u = 0; u < m; u++) {
            g[u] += a * (p - r) * x[u];
            for (int v = 0; v < m; v++)
                H[u * m + v] += a * a * p * (1 - p) * x[u] * x[v];
        }
        if (i + 1 == synth.n || synth.game[i + 1] != synth.game[i]) {
            for (int u = 0; u < m; u++)
                for (int v = 0; v < m; v++)
                    B[u * m + v] += g[u] * g[v];
            memset(g, 0, sizeof g);
            games++;
        }
    }
    gsl_matrix_view hv = gsl_matrix_view_array(H, m, m);
    assert_int_equal(gsl_linalg_cholesky_decomp1(&hv.matrix), 0);
    assert_int_equal(gsl_linalg_cholesky_invert(&hv.matrix), 0);
    double c = (double)games / (games - 1) * (synth.n - 1.0) / (synth.n - m);
    for (int u = 0; u < m; u++) {
        double s = 0;
        for (int y = 0; y < m; y++)
            for (int z = 0; z < m; z++)
                s += H[u * m + y] * B[y * m + z] * H[z * m + u];
        se_h[u] = sqrt(H[u * m + u]);
        se_c[u] = sqrt(c * s);
    }
}

/* fit: fit.csv's intervals = fitted +- z se_clustered; both standard errors recomputed from the
 * positions; summary.json agrees with fit.csv; the verification's figures. */
static void test_fit_intervals(void **state)
{
    (void)state;
    char cfg[PATH_LEN], text[2048], path[PATH_LEN * 2];
    snprintf(text, sizeof text,
             "[run]\njob = fit\nname = f\nseed = 5\n" ENGINES
             "[fit]\npositions = %s\nparams = pincer,coordinator,long_leaper,chameleon\n"
             "start_weights = v1\n"
             "validation = 0\nfit_k = true\nbootstrap = 0\nverify_pairs = 8\n",
             synth_path);
    write_file("fit.ini", text, cfg);
    run_job(cfg, "fit");
    snprintf(path, sizeof path, "%s/fit/f/fit.csv", tmp);
    Csv *c = csv_read(path);
    snprintf(path, sizeof path, "%s/fit/f/summary.json", tmp);
    char *js = slurp(path);
    assert_int_equal(c->nrows, NFIT);
    double z = z_of(CONFIDENCE), theta[NFIT], k = json_num(js, NULL, "k");
    for (int x = 0; x < NFIT; x++) {
        assert_string_equal(c->cell[x][0], FIT_NAMES[x]);
        theta[x] = num(c, x, "fitted");
    }
    double se_h[NFIT], se_c[NFIT];
    fit_errors_here(theta, k, se_h, se_c);
    for (int x = 0; x < NFIT; x++) {
        const char *name = c->cell[x][0];
        char from[FIELD_LEN + 16];
        snprintf(from, sizeof from, "\"%s\": {", name);
        double fitted = theta[x], sc = num(c, x, "se_clustered"), sh = num(c, x, "se_hessian");
        double lo = num(c, x, "low95"), hi = num(c, x, "high95");
        char what[96];
        /* The errors themselves, from the positions. */
        snprintf(what, sizeof what, "%s se_clustered (recomputed from the positions)", name);
        near(what, sc, se_c[x], 0.002 + 0.003 * se_c[x]);
        snprintf(what, sizeof what, "%s se_hessian (recomputed from the positions)", name);
        near(what, sh, se_h[x], 0.002 + 0.003 * se_h[x]);
        apart("clustered vs Hessian error", se_c[x], se_h[x], 0.002 + 0.003 * se_c[x]);
        /* The interval from the figures beside it (rounded to 3 decimals each). */
        snprintf(what, sizeof what, "%s low95 (fitted - z se_clustered)", name);
        near(what, lo, fitted - z * sc, 0.0025);
        snprintf(what, sizeof what, "%s high95 (fitted + z se_clustered)", name);
        near(what, hi, fitted + z * sc, 0.0025);
        apart("interval with the Hessian error", lo, fitted - z * sh, 0.0025);
        apart("interval at 90%", lo, fitted - z_of(OTHER_CONFIDENCE) * sc, 0.0025);
        /* summary.json says the same. */
        near("summary fitted", json_num(js, from, "fitted"), fitted, 0.0006);
        near("summary se_clustered", json_num(js, from, "se_clustered"), sc, 0.0006);
        near("summary se_hessian", json_num(js, from, "se_hessian"), sh, 0.0006);
    }
    check_verification(js, "\"verification\": {");
    free(js);
    free(c);
    snprintf(path, sizeof path, "%s/fit/f/verify.json", tmp);
    check_match_summary(path, NULL);
}

/* Fieller's interval at confidence conf for a / b (variances vaa, vbb, covariance vab): the r
 * with (a - r b)^2 <= z^2 (vaa - 2 r vab + r^2 vbb); false when unbounded. */
static bool fieller(double a, double b, double vaa, double vbb, double vab, double conf, double *lo,
                    double *hi)
{
    double z2 = z_of(conf) * z_of(conf);
    double qa = b * b - z2 * vbb, qb = -2 * (a * b - z2 * vab), qc = a * a - z2 * vaa;
    double disc = qb * qb - 4 * qa * qc;
    if (qa <= 0 || disc < 0)
        return false;
    *lo = (-qb - sqrt(disc)) / (2 * qa);
    *hi = (-qb + sqrt(disc)) / (2 * qa);
    return true;
}

/* Checks one method's value in pincers in row r of values.csv ("regression" or "handicap")
 * against Fieller's interval from the Elo figures, errors and covariance beside it; returns
 * true when the interval is bounded. */
static bool check_fieller(const Csv *c, int r, const char *method)
{
    char e[64], se[64], cov[64], v[64], lo[64], hi[64];
    snprintf(e, sizeof e, "%s_elo", method);
    snprintf(se, sizeof se, "%s_elo_se", method);
    snprintf(cov, sizeof cov, "%s_cov_pincer", method);
    snprintf(v, sizeof v, "%s_pincers", method);
    snprintf(lo, sizeof lo, "%s_low95", method);
    snprintf(hi, sizeof hi, "%s_high95", method);
    int p = row(c, "pincer");
    assert_true(p >= 0);
    double a = num(c, r, e), sa = num(c, r, se), b = num(c, p, e), sb = num(c, p, se);
    double vab = num(c, r, cov), l, h, l90, h90;
    char what[128];
    snprintf(what, sizeof what, "%s %s (elo / pincer's elo)", c->cell[r][0], v);
    /* Elo and errors are written to 2 decimals: the bounds carry that rounding. */
    double tol = 0.0002 + 0.002 * fabs(a / b) + 0.0051 * (1 + fabs(a / b)) / fabs(b) * 2;
    near(what, num(c, r, v), a / b, tol);
    snprintf(what, sizeof what, "%s %s (Fieller, 95%%)", c->cell[r][0], lo);
    if (!fieller(a, b, sa * sa, sb * sb, vab, CONFIDENCE, &l, &h)) {
        assert_true(isinf(num(c, r, lo)) && isinf(num(c, r, hi)));
        return false;
    }
    tol += 0.002 * (h - l);
    near(what, num(c, r, lo), l, tol);
    snprintf(what, sizeof what, "%s %s (Fieller, 95%%)", c->cell[r][0], hi);
    near(what, num(c, r, hi), h, tol);
    if (fieller(a, b, sa * sa, sb * sb, vab, OTHER_CONFIDENCE, &l90, &h90))
        apart("Fieller interval at 90%", num(c, r, hi) - num(c, r, lo), h90 - l90, tol);
    return true;
}

/* values, regression: each Fieller interval from the regression's Elo figures, errors and the
 * covariance with the pincer's coefficient; summary.json gives the same bounds. */
static void test_values_regression_intervals(void **state)
{
    (void)state;
    char cfg[PATH_LEN], text[2048], path[PATH_LEN * 2];
    snprintf(text, sizeof text,
             "[run]\njob = values\nname = v\nseed = 5\n" ENGINES
             "[values]\npositions = %s\npairs = 0\ntypes = pincer,coordinator,long_leaper,"
             "chameleon\n",
             synth_path);
    write_file("values-reg.ini", text, cfg);
    run_job(cfg, "vreg");
    snprintf(path, sizeof path, "%s/vreg/v/values.csv", tmp);
    Csv *c = csv_read(path);
    snprintf(path, sizeof path, "%s/vreg/v/summary.json", tmp);
    char *js = slurp(path);
    int bounded = 0;
    for (int r = 0; r < c->nrows; r++) {
        if (!strcmp(c->cell[r][0], "pincer")) {
            assert_true(num(c, r, "regression_pincers") == 1);
            continue;
        }
        bounded += check_fieller(c, r, "regression");
        char from[FIELD_LEN + 16];
        snprintf(from, sizeof from, "\"%s\": {", c->cell[r][0]);
        near("summary regression low95", json_num(js, from, "low95"), num(c, r, "regression_low95"),
             1e-4);
        near("summary regression high95", json_num(js, from, "high95"),
             num(c, r, "regression_high95"), 1e-4);
    }
    assert_int_equal(bounded, NFIT - 1); /* the synthetic pincer is sharp: all bounded */
    free(js);
    free(c);
}

/* values, handicap (imbalance for the mage): Elo from the score, the piece's Elo from its
 * surplus over k pincers, its error and covariance with the unit, Fieller's interval. */
static void test_values_handicap_intervals(void **state)
{
    (void)state;
    enum { CAL_PINCERS = 6 };
    char cfg[PATH_LEN], text[2048], path[PATH_LEN * 2];
    /* The v2 weights (the default before v4): v4 wins every pair at 6-pincer odds at this
     * size, which leaves no bounded interval to check. */
    snprintf(text, sizeof text,
             "[run]\njob = values\nname = v\nseed = 5\n" ENGINES
             "[engine_a]\nweights = v2\n[engine_b]\nweights = v2\n"
             "[values]\npositions = none\npairs = 12\ncalibration_pairs = 40\n"
             "calibration_pincers = %d\ntypes = pincer,mage,guard\noffsets = mage:3\n",
             CAL_PINCERS);
    write_file("values-hc.ini", text, cfg);
    run_job(cfg, "vhc");
    snprintf(path, sizeof path, "%s/vhc/v/values.csv", tmp);
    Csv *c = csv_read(path);
    int p = row(c, "pincer"), bounded = 0;
    assert_true(p >= 0);
    double pe = num(c, p, "handicap_elo"), pse = num(c, p, "handicap_elo_se");
    /* The unit: the calibration's Elo over its pincers. */
    near("pincer handicap_elo", pe, penta_elo(c, p) / CAL_PINCERS, 0.006);
    assert_true(num(c, p, "handicap_pincers") == 1);
    for (int r = 0; r < c->nrows; r++) {
        if (r == p)
            continue;
        const char *name = c->cell[r][0];
        double k = num(c, r, "handicap_offset"), s = num(c, r, "handicap_surplus_elo");
        double sse = num(c, r, "handicap_surplus_elo_se"), score = num(c, r, "handicap_score");
        assert_true(k == (strcmp(name, "mage") ? 0 : 3));
        near("surplus Elo from the pair counts", s, penta_elo(c, r), 0.006);
        double pairs[5];
        penta_counts(c, r, pairs);
        near("score from the pair counts", score,
             (pairs[1] + 2 * pairs[2] + 3 * pairs[3] + 4 * pairs[4]) /
                 (4 * (pairs[0] + pairs[1] + pairs[2] + pairs[3] + pairs[4])),
             0.00006);
        near("Elo = surplus + k pincers", num(c, r, "handicap_elo"), s + k * pe, 0.006 + k * 0.005);
        near("error of surplus + k pincers", num(c, r, "handicap_elo_se"),
             sqrt(sse * sse + k * k * pse * pse), 0.006 + k * 0.005);
        near("covariance with the unit", num(c, r, "handicap_cov_pincer"), k * pse * pse,
             0.01 + k * 0.005 * 2 * pse);
        bounded += check_fieller(c, r, "handicap");
    }
    if (bounded == 0)
        fail_msg("no bounded handicap interval: the check would be empty");
    free(c);
}

/* ---------------------------------------------------------------------------------------- */
/* The study: its table from the parts' files, its trends re-derived */

enum { STUDY_SETTINGS = 3 };

/* The study's settings (weakest first) and the folders of their parts. */
static const char *const STUDY_LABEL[STUDY_SETTINGS] = {"v1-80", "default-80", "default-160"};

/* The row of csv c whose columns a and b hold va and vb, or -1. */
static int row2(const Csv *c, const char *a, const char *va, const char *b, const char *vb)
{
    for (int r = 0; r < c->nrows; r++)
        if (!strcmp(c->cell[r][col(c, a)], va) && !strcmp(c->cell[r][col(c, b)], vb))
            return r;
    return -1;
}

/* Reads the CSV file name of the study part "<kind>-<label>" (or "ladder"). */
static Csv *study_part(const char *kind, const char *label, const char *name)
{
    char path[PATH_LEN * 2];
    if (label)
        snprintf(path, sizeof path, "%s/study/st/%s-%s/%s", tmp, kind, label, name);
    else
        snprintf(path, sizeof path, "%s/study/st/%s/%s", tmp, kind, name);
    return csv_read(path);
}

/* One row of study.csv against the part file it was read from: the values part's values.csv
 * for both methods, the fit part's pincers.csv (whose point value is the ratio of fit.csv's
 * fitted weights) for the phases, regression minus handicap for the gap. */
static void check_study_row(const Csv *st, int r, int k)
{
    const char *piece = st->cell[r][col(st, "piece")], *series = st->cell[r][col(st, "series")];
    static const char *const CELL[] = {"pincers", "low95", "high95"};
    Csv *v = study_part("values", STUDY_LABEL[k], "values.csv");
    int vr = row(v, piece);
    assert_true(vr >= 0);
    if (!strcmp(series, "handicap") || !strcmp(series, "regression"))
        for (int i = 0; i < 3; i++) {
            char name[64];
            snprintf(name, sizeof name, "%s_%s", series, CELL[i]);
            near(name, num(st, r, CELL[i]), num(v, vr, name), 1e-4);
        }
    else if (!strcmp(series, "gap"))
        near("gap = regression - handicap", num(st, r, "pincers"),
             num(v, vr, "regression_pincers") - num(v, vr, "handicap_pincers"), 2e-4);
    else if (strcmp(piece, "pincer") != 0) {
        const char *ph = !strcmp(series, "middle_game") ? "mg" : "eg";
        char weight[FIELD_LEN + 4], unit[16];
        snprintf(weight, sizeof weight, "%s.%s", piece, ph);
        snprintf(unit, sizeof unit, "pincer.%s", ph);
        Csv *pc = study_part("fit", STUDY_LABEL[k], "pincers.csv");
        Csv *fit = study_part("fit", STUDY_LABEL[k], "fit.csv");
        int pr = row(pc, weight), fw = row(fit, weight), fu = row(fit, unit);
        assert_true(pr >= 0 && fw >= 0 && fu >= 0);
        for (int i = 0; i < 3; i++)
            near(weight, num(st, r, CELL[i]), num(pc, pr, CELL[i]), 1e-4);
        double ratio = num(fit, fw, "fitted") / num(fit, fu, "fitted");
        near("phase value = fitted weight / fitted pincer", num(st, r, "pincers"), ratio,
             1e-3 * (1 + fabs(ratio)));
        free(pc);
        free(fit);
    }
    free(v);
}

/* The weighted least-squares slope of y on x (weights 1 / se^2) and its standard error, scaled
 * by the Birge ratio sqrt(chi2 / (n - 2)) when that is above 1 (*birge: the ratio, at least 1). */
static void wls_slope(const double *x, const double *y, const double *se, int n, double *b,
                      double *b_se, double *birge)
{
    double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int i = 0; i < n; i++) {
        double w = 1 / (se[i] * se[i]);
        sw += w;
        sx += w * x[i];
        sy += w * y[i];
        sxx += w * x[i] * x[i];
        sxy += w * x[i] * y[i];
    }
    double d = sw * sxx - sx * sx;
    *b = (sw * sxy - sx * sy) / d;
    double a = (sy - *b * sx) / sw, chi2 = 0;
    for (int i = 0; i < n; i++)
        chi2 += (y[i] - a - *b * x[i]) * (y[i] - a - *b * x[i]) / (se[i] * se[i]);
    *birge = fmax(1, sqrt(chi2 / (n - 2)));
    *b_se = sqrt(sw / d) * *birge;
}

/* The row of study.csv holding setting k's value of piece in series, or -1. */
static int study_row(const Csv *st, int k, const char *piece, const char *series)
{
    for (int i = 0; i < st->nrows; i++)
        if (!strcmp(st->cell[i][col(st, "setting")], STUDY_LABEL[k]) &&
            !strcmp(st->cell[i][col(st, "piece")], piece) &&
            !strcmp(st->cell[i][col(st, "series")], series))
            return i;
    return -1;
}

/* The cells of report.md's trend-table row of piece/series ("| piece | series | slope +- half |
 * Birge | p | step (z = z) | verdict |"), trimmed, into cell[5]; fails when the row is absent. */
static void study_trend_cells(const char *md, const char *piece, const char *series,
                              char cell[5][FIELD_LEN])
{
    char head[2 * FIELD_LEN];
    snprintf(head, sizeof head, "\n| %s | %s | ", piece, series);
    const char *at = strstr(md, head);
    if (!at)
        fail_msg("report.md has no trend row for %s, %s", piece, series);
    at += strlen(head);
    for (int c = 0; c < 5; c++) {
        size_t n = strcspn(at, "|\n");
        if (at[n] != '|')
            fail_msg("report.md's trend row of %s, %s is cut short", piece, series);
        snprintf(cell[c], FIELD_LEN, "%.*s", (int)n, at);
        for (size_t k = strlen(cell[c]); k > 0 && cell[c][k - 1] == ' '; k--)
            cell[c][k - 1] = '\0';
        at += n + 1 + (at[n + 1] == ' ');
    }
}

/* The last step of piece/series re-derived from study.csv: the value at the strongest setting
 * (by the ladder's Elo) minus the value at the second strongest, and its z (their errors, from
 * the 95% intervals, in quadrature); false when either value lacks a bounded interval. */
static bool study_last_step(const Csv *st, const char *piece, const char *series, double *d,
                            double *z)
{
    int top = -1, next = -1;
    double elo[STUDY_SETTINGS];
    int r[STUDY_SETTINGS];
    for (int k = 0; k < STUDY_SETTINGS; k++) {
        r[k] = study_row(st, k, piece, series);
        if (r[k] < 0)
            return false;
        elo[k] = num(st, r[k], "elo");
        if (top < 0 || elo[k] > elo[top]) {
            next = top;
            top = k;
        } else if (next < 0 || elo[k] > elo[next]) {
            next = k;
        }
    }
    double se[2], v[2], q = z_of(CONFIDENCE);
    const int which[2] = {top, next};
    for (int i = 0; i < 2; i++) {
        double lo = num(st, r[which[i]], "low95"), hi = num(st, r[which[i]], "high95");
        if (!isfinite(lo) || !isfinite(hi))
            return false;
        se[i] = (hi - lo) / (2 * q);
        v[i] = num(st, r[which[i]], "pincers");
    }
    *d = v[0] - v[1];
    *z = *d / hypot(se[0], se[1]);
    return true;
}

/* How many last steps check_study_report_row has compared (the check must not be empty). */
static int study_steps_checked;

/* report.md's trend row of piece/series against the figures re-derived here: the slope, its
 * 95% half-width, the Birge ratio and p (have_trend; "-" otherwise), the last step between the
 * two strongest settings and its z ("-" when it has none), and the verdict they give. */
static void check_study_report_row(const char *md, const Csv *st, const char *piece,
                                   const char *series, bool have_trend, double b, double b_se,
                                   double birge, double p)
{
    char cell[5][FIELD_LEN], what[3 * FIELD_LEN];
    study_trend_cells(md, piece, series, cell);
    snprintf(what, sizeof what, "report.md, %s %s: ", piece, series);
    double z95 = z_of(CONFIDENCE), slope, half, d, z;
    if (have_trend) {
        if (sscanf(cell[0], "%lf +- %lf", &slope, &half) != 2)
            fail_msg("%sslope cell '%s'", what, cell[0]);
        char name[4 * FIELD_LEN];
        snprintf(name, sizeof name, "%sslope", what);
        near(name, slope, b, 2e-3 * (1 + fabs(b)));
        snprintf(name, sizeof name, "%sslope's 95%% half-width", what);
        near(name, half, z95 * b_se, 2e-3 * (1 + z95 * b_se));
        snprintf(name, sizeof name, "%sBirge ratio", what);
        near(name, strtod(cell[1], NULL), birge, 6e-3 + 2e-3 * birge);
        snprintf(name, sizeof name, "%sp", what);
        near(name, strtod(cell[2], NULL), p, 3e-3);
    } else if (strcmp(cell[0], "-") || strcmp(cell[1], "-") || strcmp(cell[2], "-")) {
        fail_msg("%sno trend, yet '%s', '%s', '%s'", what, cell[0], cell[1], cell[2]);
    }
    bool have_step = study_last_step(st, piece, series, &d, &z);
    double written_d, written_z;
    if (!have_step) {
        if (strcmp(cell[3], "-"))
            fail_msg("%sno last step, yet '%s'", what, cell[3]);
    } else if (sscanf(cell[3], "%lf (z = %lf)", &written_d, &written_z) != 2) {
        fail_msg("%slast step cell '%s'", what, cell[3]);
    } else {
        char name[4 * FIELD_LEN];
        snprintf(name, sizeof name, "%slast step (strongest minus second strongest)", what);
        near(name, written_d, d, 6e-3);
        snprintf(name, sizeof name, "%slast step's z", what);
        near(name, written_z, z, 0.051 + 1e-3 * fabs(z));
        study_steps_checked++;
    }
    const char *verdict = !have_trend                                  ? "-"
                          : p >= 0.05 && (!have_step || fabs(z) < z95) ? "no change detected"
                          : have_step && fabs(z) < z95                 ? "trend, settled at the top"
                                                                       : "still changing";
    if (strcmp(cell[4], verdict))
        fail_msg("%sverdict '%s', re-derived '%s' (p %g, step z %g)", what, cell[4], verdict, p,
                 have_step ? z : NAN);
}

/* Re-derives the trend of piece/series from study.csv's rows (x: Elo / 100, se from the 95%
 * interval) and compares it with summary.json's and report.md's; false when the series has no
 * trend. */
static bool check_study_trend(const Csv *st, const char *js, const char *md, const char *piece,
                              const char *series)
{
    double x[STUDY_SETTINGS], y[STUDY_SETTINGS], se[STUDY_SETTINGS], z = z_of(CONFIDENCE);
    bool bounded = true;
    for (int k = 0; k < STUDY_SETTINGS && bounded; k++) {
        int r = study_row(st, k, piece, series);
        if (r < 0 || !isfinite(num(st, r, "low95")) || !isfinite(num(st, r, "high95"))) {
            bounded = false;
            break;
        }
        x[k] = num(st, r, "elo") / 100;
        y[k] = num(st, r, "pincers");
        se[k] = (num(st, r, "high95") - num(st, r, "low95")) / (2 * z);
    }
    bool shown = strcmp(series, "middle_game") && strcmp(series, "end_game");
    if (!bounded) {
        if (shown)
            check_study_report_row(md, st, piece, series, false, 0, 0, 0, 0);
        return false;
    }
    double b, b_se, birge, ones[STUDY_SETTINGS] = {1, 1, 1}, b_flat, flat_se, flat_birge;
    wls_slope(x, y, se, STUDY_SETTINGS, &b, &b_se, &birge);
    wls_slope(x, y, ones, STUDY_SETTINGS, &b_flat, &flat_se, &flat_birge);
    char from[FIELD_LEN + 16], in[64];
    snprintf(from, sizeof from, "\"%s\": {\"vchess\"", piece);
    const char *at = strstr(js, from);
    assert_non_null(at);
    snprintf(in, sizeof in, "\"%s\": {", series);
    at = strstr(at, in);
    assert_non_null(at);
    double slope = json_num(at, NULL, "slope_per_100_elo"), jse = json_num(at, NULL, "se");
    double p = 2 * gsl_cdf_ugaussian_Q(fabs(b / b_se));
    /* Rows hold 4 decimals and Elo 2: the tolerance follows from them. */
    near("trend slope (weighted least squares)", slope, b, 2e-3 * (1 + fabs(b)));
    near("trend slope's standard error", jse, b_se, 2e-3 * (1 + b_se));
    near("trend p", json_num(at, NULL, "p"), p, 2e-3);
    if (fabs(b - b_flat) > 1e-2 * (1 + fabs(b)))
        apart("weighted slope against the unweighted one", slope, b_flat, 2e-3 * (1 + fabs(b)));
    if (shown)
        check_study_report_row(md, st, piece, series, true, b, b_se, birge, p);
    return true;
}

/* Splits the markdown table row starting at line (up to its newline) into its trimmed cells
 * (at most max); returns how many. */
static int md_cells(const char *line, char cell[][FIELD_LEN], int max)
{
    int n = 0;
    const char *at = line + (line[0] == '|');
    while (n < max && *at && *at != '\n') {
        size_t len = strcspn(at, "|\n");
        if (at[len] != '|')
            break;
        const char *b = at, *e = at + len;
        while (b < e && *b == ' ')
            b++;
        while (e > b && e[-1] == ' ')
            e--;
        snprintf(cell[n++], FIELD_LEN, "%.*s", (int)(e - b), b);
        at += len + 1;
    }
    return n;
}

/* The line after the one that starts with head in md (the first after `from`, when given);
 * fails when absent. */
static const char *md_after(const char *md, const char *from, const char *head)
{
    const char *at = from ? strstr(md, from) : md;
    if (at)
        at = strstr(at, head);
    if (!at)
        fail_msg("report.md has no \"%s\"", head);
    return strchr(at, '\n') + 1;
}

/* report.md's precision line (each setting's widest handicap half-width, the pincer left out)
 * and its table of the published tables against the strongest setting's values (per table and
 * series: the pieces both value, the mean distance, chi-square with as many degrees of freedom
 * as pieces, its p and verdict), re-derived from study.csv and the published values that
 * report.md's handicap table lists. */
static void check_study_published(const Csv *st, const char *md)
{
    enum { MAX_CELLS = 16 };
    char head[MAX_CELLS][FIELD_LEN], cell[MAX_CELLS][FIELD_LEN];
    double z = z_of(CONFIDENCE);
    int top = 0;
    double elo[STUDY_SETTINGS];
    for (int k = 0; k < STUDY_SETTINGS; k++) {
        int r = study_row(st, k, "coordinator", "handicap");
        assert_true(r >= 0);
        elo[k] = num(st, r, "elo");
        top = elo[k] > elo[top] ? k : top;
    }
    /* Precision: "Precision (...): v1-80 0.85 (wider than the target); ...". */
    const char *prec = strstr(md, "Precision (the widest handicap half-width");
    assert_non_null(prec);
    for (int k = 0; k < STUDY_SETTINGS; k++) {
        double widest = 0;
        for (int r = 0; r < st->nrows; r++)
            if (!strcmp(st->cell[r][col(st, "setting")], STUDY_LABEL[k]) &&
                !strcmp(st->cell[r][col(st, "series")], "handicap") &&
                strcmp(st->cell[r][col(st, "piece")], "pincer"))
                widest = fmax(widest, (num(st, r, "high95") - num(st, r, "low95")) / 2);
        char label[FIELD_LEN + 4];
        snprintf(label, sizeof label, " %s ", STUDY_LABEL[k]);
        const char *at = strstr(prec, label);
        assert_non_null(at);
        if (isfinite(widest))
            near("precision: the widest handicap half-width", strtod(at + strlen(label), NULL),
                 widest, 6e-3);
        else
            assert_int_equal(strncmp(at + strlen(label), "unbounded", 9), 0);
    }
    /* The published values: the handicap table's columns between the piece and the settings. */
    const char *line = md_after(md, "## Handicap matches", "| piece |") - 1;
    while (line > md && line[-1] != '\n')
        line--;
    int ncols = md_cells(line, head, MAX_CELLS), ntables = ncols - 1 - STUDY_SETTINGS;
    assert_true(ntables >= 1);
    const char *pieces = strchr(strchr(line, '\n') + 1, '\n') + 1; /* past the rule line */
    const char *pub_at = md_after(md, NULL, "| table | series | pieces | mean distance |");
    pub_at = strchr(pub_at, '\n') + 1; /* past the rule line */
    int rows = 0;
    for (; *pub_at == '|'; pub_at = strchr(pub_at, '\n') + 1, rows++) {
        int n = md_cells(pub_at, cell, MAX_CELLS);
        assert_int_equal(n, 7);
        int t = 1;
        while (t <= ntables && strcmp(head[t], cell[0]))
            t++;
        if (t > ntables)
            fail_msg("report.md's published table %s is not a column of the handicap table",
                     cell[0]);
        double chi2 = 0, dev = 0;
        int used = 0;
        char pc[MAX_CELLS][FIELD_LEN];
        for (const char *pl = pieces; *pl == '|'; pl = strchr(pl, '\n') + 1) {
            assert_int_equal(md_cells(pl, pc, MAX_CELLS), ncols);
            int r = study_row(st, top, pc[0], cell[1]);
            double pub = strtod(pc[t], NULL);
            if (!strcmp(pc[0], "pincer") || pub <= 0 || r < 0 || !isfinite(num(st, r, "low95")) ||
                !isfinite(num(st, r, "high95")))
                continue;
            double se = (num(st, r, "high95") - num(st, r, "low95")) / (2 * z),
                   v = num(st, r, "pincers");
            chi2 += (pub - v) * (pub - v) / (se * se);
            dev += fabs(pub - v);
            used++;
        }
        char what[2 * FIELD_LEN + 32];
        snprintf(what, sizeof what, "published %s against %s: ", cell[0], cell[1]);
        if (atoi(cell[2]) != used)
            fail_msg("%s%s pieces written, %d re-derived", what, cell[2], used);
        char name[sizeof what + 32];
        snprintf(name, sizeof name, "%smean distance", what);
        near(name, strtod(cell[3], NULL), dev / used, 6e-3);
        snprintf(name, sizeof name, "%schi-square", what);
        near(name, strtod(cell[4], NULL), chi2, 0.051 + 2e-3 * chi2);
        double p = gsl_cdf_chisq_Q(chi2, used);
        snprintf(name, sizeof name, "%sp", what);
        near(name, strtod(cell[5], NULL), p, 6e-3 * p + 1e-9);
        if (strcmp(cell[6], p >= 0.05 ? "consistent with the measurement" : "**rejected**"))
            fail_msg("%sverdict '%s' for p = %g", what, cell[6], p);
    }
    if (rows == 0)
        fail_msg("report.md compares no published table: the check would be empty");
}

/* study: study.csv holds every part's values as the parts wrote them, each setting's Elo as
 * the ladder rated it, and summary.json's trends are the weighted lines through them; every
 * figure of report.md's trend table (slope, half-width, Birge ratio, p, the last step between
 * the two strongest settings and its z, the verdict), its precision line and its comparison of
 * the published tables (pieces, mean distance, chi-square, p, verdict) is re-derived from
 * study.csv. */
static void test_study_table_and_trends(void **state)
{
    (void)state;
    char cfg[PATH_LEN], path[PATH_LEN * 2];
    write_file("study.ini",
               "[run]\njob = study\nname = st\nseed = 3\n[engine_a]\nhash_mb = 1\n"
               "[engine_b]\nhash_mb = 1\n[match]\nopening_plies = 8\nmax_plies = 200\n"
               "[selfplay]\ngames = 300\n[fit]\nvalidation = 0\nverify_pairs = 0\n"
               "[values]\npositions = selfplay\npairs = 30\ncalibration_pairs = 80\n"
               "calibration_pincers = 6\ntypes = pincer,coordinator,mage\noffsets = mage:5\n"
               "[study]\nengines = v1@80, default@80, default@160\nladder_pairs = 10\n",
               cfg);
    run_job(cfg, "study");
    snprintf(path, sizeof path, "%s/study/st/study.csv", tmp);
    Csv *st = csv_read(path);
    assert_true(st->nrows > 0 && st->nrows < MAX_ROWS);
    Csv *ratings = study_part("ladder", NULL, "ratings.csv");
    for (int r = 0; r < st->nrows; r++) {
        int k = 0;
        while (k < STUDY_SETTINGS && strcmp(st->cell[r][col(st, "setting")], STUDY_LABEL[k]))
            k++;
        assert_true(k < STUDY_SETTINGS);
        int lr = row2(ratings, "player", STUDY_LABEL[k], "player", STUDY_LABEL[k]);
        assert_true(lr >= 0);
        near("setting Elo (ladder)", num(st, r, "elo"), num(ratings, lr, "elo"), 0.006);
        near("setting Elo's standard error", num(st, r, "elo_se"),
             num(ratings, lr, "error95") / z_of(CONFIDENCE), 0.006);
        check_study_row(st, r, k);
    }
    snprintf(path, sizeof path, "%s/study/st/summary.json", tmp);
    char *js = slurp(path);
    snprintf(path, sizeof path, "%s/study/st/report.md", tmp);
    char *md = slurp(path);
    static const char *const SERIES[] = {"handicap", "regression", "middle_game", "end_game",
                                         "gap"};
    int trends = 0;
    for (int s = 0; s < 5; s++) {
        trends += check_study_trend(st, js, md, "coordinator", SERIES[s]);
        trends += check_study_trend(st, js, md, "mage", SERIES[s]);
    }
    if (trends == 0)
        fail_msg("no trend with three bounded values: the check would be empty");
    if (study_steps_checked == 0)
        fail_msg("no last step in report.md was compared: the check would be empty");
    check_study_published(st, md);
    free(md);
    free(js);
    free(ratings);
    free(st);
}

/* Creates the temporary folder and the synthetic positions. */
static int setup(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/test_job_intervals.XXXXXX");
    if (!mkdtemp(tmp))
        return -1;
    make_synth();
    return 0;
}

/* Removes the temporary folder (kept, and named, when KEEP_TMP is set: for debugging). */
static int teardown(void **state)
{
    (void)state;
    traces_free(&synth);
    if (getenv("KEEP_TMP")) {
        fprintf(stderr, "kept %s\n", tmp);
        return 0;
    }
    char cmd[PATH_LEN + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    return system(cmd) == 0 ? 0 : -1;
}

/* Runs the interval re-derivation tests. */
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_match_intervals),
        cmocka_unit_test(test_spsa_verification_intervals),
        cmocka_unit_test(test_fit_intervals),
        cmocka_unit_test(test_values_regression_intervals),
        cmocka_unit_test(test_values_handicap_intervals),
        cmocka_unit_test(test_study_table_and_trends),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
