/* test_engine_option.c: the check of [engine_x] options against the `option` lines an external
 * engine advertises (tune/play/engine_option.h), at the edges of what it advertises.
 *
 * A spin option takes every integer of its [min, max], both bounds included, and refuses the
 * integers just outside; a name matches in any case (UCI option names are case-insensitive:
 * "hash" is "Hash"); a check option takes true and false; a combo option one of its vars. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tune/play/engine_option.h"

enum { WHY_LEN = 512 };

/* The options of a made-up engine, as its `option` lines say. */
static const char *const LINES[] = {
    "option name Hash type spin default 16 min 1 max 1024",
    "option name Contempt type spin default 0 min -100 max 100",
    "option name Ponder type check default false",
    "option name UCI_Variant type combo default maxima var maxima var ultima",
    "option name Weights type string default default",
};

/* Reads LINES into os. */
static void advertise(EngineOptions *os)
{
    memset(os, 0, sizeof *os);
    for (size_t i = 0; i < sizeof LINES / sizeof LINES[0]; i++) {
        EngineOption o;
        assert_true(engine_option_parse(LINES[i], &o));
        assert_true(engine_options_add(os, &o));
    }
}

/* Checks one "Name value" pair (engine_options_check_words' words): accepted when want is,
 * refused with problem in the message otherwise. */
static void expect(const EngineOptions *os, const char *name, const char *value, bool want,
                   const char *problem)
{
    char words[256], why[WHY_LEN] = "";
    size_t n = strlen(name) + 1;
    memcpy(words, name, n);
    memcpy(words + n, value, strlen(value) + 1);
    bool ok = engine_options_check_words(os, words, 2, why, sizeof why);
    if (ok != want || (!want && !strstr(why, problem)))
        fail_msg("%s=%s: %s ('%s'), want %s '%s'", name, value, ok ? "accepted" : "refused", why,
                 want ? "accepted" : "refused with", want ? "" : problem);
}

/* A spin option: its minimum and maximum are accepted, one past either is out of range; a
 * range below zero likewise. */
static void test_spin_bounds(void **state)
{
    (void)state;
    EngineOptions os;
    advertise(&os);
    expect(&os, "Hash", "1", true, NULL);
    expect(&os, "Hash", "1024", true, NULL);
    expect(&os, "Hash", "512", true, NULL);
    expect(&os, "Hash", "0", false,
           "Hash=0: out of range (the engine advertises Hash as a spin "
           "option in [1, 1024])");
    expect(&os, "Hash", "1025", false, "Hash=1025: out of range");
    expect(&os, "Contempt", "-100", true, NULL);
    expect(&os, "Contempt", "100", true, NULL);
    expect(&os, "Contempt", "-101", false, "out of range");
    expect(&os, "Contempt", "101", false, "out of range");
    expect(&os, "Hash", "12x", false, "not an integer");
    engine_options_free(&os);
}

/* Names in any case find their option; values are checked the same; a name that is no
 * option's in any case is unknown. */
static void test_names_any_case(void **state)
{
    (void)state;
    EngineOptions os;
    advertise(&os);
    static const char *const hash[] = {"Hash", "hash", "HASH", "hAsH"};
    for (size_t i = 0; i < sizeof hash / sizeof hash[0]; i++) {
        const EngineOption *o = engine_options_find(&os, hash[i]);
        if (!o || strcmp(o->name, "Hash"))
            fail_msg("'%s' does not find the option Hash", hash[i]);
        expect(&os, hash[i], "1024", true, NULL);
        expect(&os, hash[i], "1025", false, "out of range");
    }
    expect(&os, "uci_variant", "ultima", true, NULL);
    expect(&os, "weights", "v1", true, NULL);
    expect(&os, "Hashes", "1", false, "unknown option");
    assert_non_null(engine_options_find(&os, "ucI_vARIANT"));
    assert_null(engine_options_find(&os, "Has"));
    engine_options_free(&os);
}

/* A check option takes true and false only; a combo option one of its vars. */
static void test_check_and_combo(void **state)
{
    (void)state;
    EngineOptions os;
    advertise(&os);
    expect(&os, "Ponder", "true", true, NULL);
    expect(&os, "Ponder", "false", true, NULL);
    expect(&os, "Ponder", "yes", false, "neither true nor false");
    expect(&os, "UCI_Variant", "maxima", true, NULL);
    expect(&os, "UCI_Variant", "chess", false, "not one of its values");
    engine_options_free(&os);
}

/* Runs the option check tests. */
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spin_bounds),
        cmocka_unit_test(test_names_any_case),
        cmocka_unit_test(test_check_and_combo),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
