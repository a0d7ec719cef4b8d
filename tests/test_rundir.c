/* test_rundir.c: the config hash that ties a checkpoint to its run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/position.h"
#include "tune/jobs/catalog.h"
#include "tune/run/rundir.h"

/* A loaded config for a match named "h". */
static void base_config(Config *cfg)
{
    char err[256];
    char *sets[] = {"run.job=match", "run.name=h"};
    assert_true(config_load(cfg, NULL, sets, 2, err, sizeof err));
}

/* Keys that cannot change results leave the hash alone; others change it. */
static void test_config_hash(void **state)
{
    (void)state;
    Config a, b;
    char err[256];
    base_config(&a);
    uint64_t h = rundir_config_hash(&a);
    base_config(&b);
    assert_true(config_set(&b, "run.threads=7", err, sizeof err));
    assert_true(config_set(&b, "run.results_dir=/tmp/elsewhere", err, sizeof err));
    assert_true(config_set(&b, "match.checkpoint_seconds=60", err, sizeof err));
    assert_true(rundir_config_hash(&b) == h);
    /* Setting a key to its default is the same config. */
    base_config(&b);
    assert_true(config_set(&b, "match.pairs=100", err, sizeof err));
    assert_true(rundir_config_hash(&b) == h);
    const char *changes[] = {"run.seed=2", "match.pairs=101", "engine_a.nodes=1999",
                             "engine_b.weights=material", "spsa.iterations=5"};
    for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++) {
        base_config(&b);
        assert_true(config_set(&b, changes[i], err, sizeof err));
        if (rundir_config_hash(&b) == h)
            fail_msg("%s does not change the hash", changes[i]);
    }
}

int main(void)
{
    core_init();        /* the games config_variant names (a load checks the weights lists) */
    catalog_register(); /* the job names [run] job accepts */
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_config_hash)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
