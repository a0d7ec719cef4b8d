/* test_study_config.c: the study's engine settings ([study] engines, ladder_extra): each
 * "[name=]weights@nodes" item parsed into its weights, nodes and label (the name given, else the
 * weights' file name), and every malformed item refused with the item named. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tune/jobs/study/study_config.h"

static StudySetting set[STUDY_MAX_SETTINGS];

/* Parses text; asserts the outcome and, on failure, that the message holds want. */
static int parse(const char *text, bool ok, const char *want)
{
    char err[256] = "";
    int n = study_parse_settings(text, set, STUDY_MAX_SETTINGS, err, sizeof err);
    if ((n >= 0) != ok || (!ok && !strstr(err, want)))
        fail_msg("'%s': %s (%s)", text, n >= 0 ? "accepted" : "refused", err);
    return n;
}

/* Without a name the label is the weights' file name without folder or extension, a dash and
 * the nodes; the weights keep their folder. */
static void test_labels_from_weights(void **state)
{
    (void)state;
    assert_int_equal(parse(" v1@500, default@2000 ,configs/v4.weights@8000", true, NULL), 3);
    assert_string_equal(set[0].weights, "v1");
    assert_int_equal(set[0].nodes, 500);
    assert_string_equal(set[0].label, "v1-500");
    assert_string_equal(set[1].label, "default-2000");
    assert_string_equal(set[2].weights, "configs/v4.weights");
    assert_int_equal(set[2].nodes, 8000);
    assert_string_equal(set[2].label, "v4-8000");
}

/* "name=weights@nodes": the name labels the setting, the weights are what is played (a study
 * pinned to the weights it was made with keeps its folders' names). */
static void test_named_settings(void **state)
{
    (void)state;
    assert_int_equal(parse("v1@500, default=v2@500, default=v2@2000", true, NULL), 3);
    assert_string_equal(set[1].weights, "v2");
    assert_string_equal(set[1].label, "default-500");
    assert_string_equal(set[2].label, "default-2000");
    assert_int_equal(parse("gen_4=results/x=y/final.weights@100", true, NULL), 1);
    assert_string_equal(set[0].weights, "results/x=y/final.weights");
    assert_string_equal(set[0].label, "gen_4-100");
}

/* Malformed items and repeated labels are refused, naming the item. */
static void test_refusals(void **state)
{
    (void)state;
    parse("v1", false, "\"v1\": expected [name=]weights@nodes");
    parse("v1@0", false, "\"v1@0\": expected");
    parse("v1@12x", false, "\"v1@12x\": expected");
    parse("@500", false, "\"@500\": expected");
    parse("a=@500", false, "\"a=@500\": expected");
    parse("=v1@500", false, "\"=v1@500\": a setting's name is 1 to 32 of");
    parse("a b=v1@500", false, "\"a b=v1@500\": a setting's name");
    parse("../x=v1@500", false, "\"../x=v1@500\": a setting's name");
    parse("v1@500, v1=v2@500", false, "\"v1-500\" given twice");
    parse("a@1,b@1,c@1,d@1,e@1,f@1,g@1", false, "at most 6 settings");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_labels_from_weights),
        cmocka_unit_test(test_named_settings),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
