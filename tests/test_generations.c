/* test_generations.c: the generations job's winner rule and the chain of starts it gives
 * (tune/jobs/generations/generations_job.h): a generation's final weights win when its gate's SPRT says H1,
 * or without an SPRT verdict when the gate's 95% interval lies above 0; each generation starts
 * from the last winner, read back from the earlier generations' gate summaries (written here
 * by hand, so that every case is met). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "tune/jobs/catalog.h"
#include "tune/jobs/generations/generations_job.h"

enum { PATH_LEN = 1100 };

static char tmp[64];

/* Figures of a gate: Elo, its 95% error, the SPRT's verdict ("" without one). */
static MatchFigures gate(double elo, double err, const char *verdict)
{
    MatchFigures m = {.have = true, .games = 100, .elo = elo, .elo_err = err};
    snprintf(m.verdict, sizeof m.verdict, "%s", verdict);
    return m;
}

/* Without an SPRT the interval decides; an SPRT's verdict decides whatever the interval. */
static void test_gate_rule(void **state)
{
    (void)state;
    MatchFigures m = gate(30, 20, "");
    assert_true(generations_gate_won(&m));
    m = gate(30, 31, "none");
    assert_false(generations_gate_won(&m));
    m = gate(-5, 3, "");
    assert_false(generations_gate_won(&m));
    m = gate(5, 30, "H1");
    assert_true(generations_gate_won(&m));
    m = gate(50, 10, "H0");
    assert_false(generations_gate_won(&m));
}

/* Writes gen-<g>/gate/summary.json of the run folder dir with the gate's figures. */
static void write_gate(const char *dir, int g, double elo, double err, const char *verdict)
{
    char path[PATH_LEN];
    snprintf(path, sizeof path, "%s/gen-%d", dir, g);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(path, sizeof path, "%s/gen-%d/gate", dir, g);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(path, sizeof path, "%s/gen-%d/gate/summary.json", dir, g);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "{\n  \"games\": 200,\n  \"elo\": %.2f,\n  \"elo_error95\": %.2f", elo, err);
    if (verdict[0])
        fprintf(f, ",\n  \"sprt\": {\"verdict\": \"%s\"}", verdict);
    fprintf(f, "\n}\n");
    fclose(f);
}

/* The starts of five generations: 1 from the start weights; 2 from gen-1 (it won); 3 from
 * gen-2 (H1 though the interval reaches 0); 4 from gen-2 again (gen-3 lost); 5 from gen-4. A
 * generation whose gate left no summary is an error naming the file. */
static void test_chain_of_starts(void **state)
{
    (void)state;
    Config cfg;
    char err[1200];
    config_defaults(&cfg);
    assert_true(config_set(&cfg, "run.job=generations", err, sizeof err));
    assert_true(config_set(&cfg, "generations.start_weights=v2", err, sizeof err));
    RunDir rd;
    memset(&rd, 0, sizeof rd);
    snprintf(rd.path, sizeof rd.path, "%s/run", tmp);
    assert_int_equal(mkdir(rd.path, 0755), 0);
    write_gate(rd.path, 1, 40, 20, "");
    write_gate(rd.path, 2, 10, 12, "H1");
    write_gate(rd.path, 3, 15, 14, "H0");
    write_gate(rd.path, 4, 25, 10, "none");
    static const int from[] = {0, 0, 1, 2, 2, 4};
    for (int g = 1; g <= 5; g++) {
        char got[PATH_LEN], want[PATH_LEN];
        assert_true(generations_start(&cfg, &rd, g, got, sizeof got, err, sizeof err));
        if (from[g])
            snprintf(want, sizeof want, "%s/gen-%d/final.weights", rd.path, from[g]);
        else
            snprintf(want, sizeof want, "v2");
        assert_string_equal(got, want);
    }
    char got[PATH_LEN];
    assert_false(generations_start(&cfg, &rd, 6, got, sizeof got, err, sizeof err));
    assert_non_null(strstr(err, "gen-5/gate/summary.json: cannot be read (generation 5's gate)"));
}

/* A temporary folder for the run folders. */
static int setup(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/maxtune-gen-XXXXXX");
    return catalog_register() && mkdtemp(tmp) ? 0 : -1;
}

/* Removes the temporary folder (no shell: the files this test wrote, by name). */
static int teardown(void **state)
{
    (void)state;
    char path[PATH_LEN];
    for (int g = 1; g <= 4; g++) {
        snprintf(path, sizeof path, "%s/run/gen-%d/gate/summary.json", tmp, g);
        remove(path);
        snprintf(path, sizeof path, "%s/run/gen-%d/gate", tmp, g);
        remove(path);
        snprintf(path, sizeof path, "%s/run/gen-%d", tmp, g);
        remove(path);
    }
    snprintf(path, sizeof path, "%s/run", tmp);
    remove(path);
    remove(tmp);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gate_rule),
        cmocka_unit_test(test_chain_of_starts),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
