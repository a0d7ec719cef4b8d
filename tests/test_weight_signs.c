/* test_weight_signs.c: the sign column of the weights table (weights.h) and the check of a
 * weights vector against it: a reward planted below 0 (Martian Chess's clock_lead.mg = -147,
 * the tuned default's) and a penalty above 0 are flagged, the same weights with the right sign
 * or 0 are not, nor a weight the game lacks; the start tables have no contradiction; the
 * report's section (weights_report_signs) lists a flagged weight with its value, start and
 * meaning, or says there is none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/position.h"
#include "search/weights.h"
#include "tune/pages/weights_report.h"

/* The index of a weight by name, asserted to exist. */
static int find(const char *name)
{
    int i = weights_find(name);
    assert_true(i >= 0);
    return i;
}

/* The table: every sign is one of the three, a term's two weights share theirs, the single
 * weights and the piece-square entries have none, and the rows the issue names have theirs. */
static void test_table(void **state)
{
    (void)state;
    for (int i = 0; i < W_NB; i++) {
        WeightSign s = weight_defs[i].sign;
        assert_true(s == SIGN_REWARD || s == SIGN_FREE || s == SIGN_PENALTY);
        if (i < W_PHASE_FIRST)
            assert_int_equal(s, weight_defs[i ^ 1].sign);
        else
            assert_int_equal(s, SIGN_FREE);
        if (i >= weight_mg(T_PST_FIRST) && i < W_PHASE_FIRST)
            assert_int_equal(s, SIGN_FREE);
    }
    assert_int_equal(weight_defs[find("clock_lead.mg")].sign, SIGN_REWARD);
    assert_int_equal(weight_defs[find("points.eg")].sign, SIGN_REWARD);
    assert_int_equal(weight_defs[find("mob_queen.mg")].sign, SIGN_REWARD);
    assert_int_equal(weight_defs[find("frozen.mg")].sign, SIGN_PENALTY);
    assert_int_equal(weight_defs[find("king_frozen.eg")].sign, SIGN_PENALTY);
    assert_int_equal(weight_defs[find("tempo.mg")].sign, SIGN_FREE);
    assert_int_equal(weight_defs[find("pawn.mg")].sign, SIGN_FREE); /* a held Martian piece */
}

/* A planted wrong sign is flagged, the right one and 0 are not; a weight the game lacks is not
 * counted. */
static void test_planted(void **state)
{
    (void)state;
    const Variant *martian = variant_get(VARIANT_MARTIAN), *maxima = variant_get(VARIANT_MAXIMA);
    Weights w;
    int idx[W_NB], lead = find("clock_lead.mg"), frozen = find("frozen.mg");
    weights_martian(&w);
    assert_int_equal(weights_sign_contradictions(&w, martian, idx, W_NB), 0);
    w.v[lead] = -147;
    assert_int_equal(weights_sign_contradictions(&w, martian, idx, W_NB), 1);
    assert_int_equal(idx[0], lead);
    assert_true(weights_sign_contradicts(lead, -1));
    w.v[lead] = 35;
    assert_int_equal(weights_sign_contradictions(&w, martian, idx, W_NB), 0);
    w.v[lead] = 0;
    w.v[frozen] = 8; /* Maxima's weight: not Martian Chess's */
    assert_int_equal(weights_sign_contradictions(&w, martian, NULL, 0), 0);

    weights_v1(&w);
    assert_int_equal(weights_sign_contradictions(&w, maxima, idx, W_NB), 0);
    w.v[frozen] = 8;
    w.v[find("mob_king.eg")] = -3;
    assert_int_equal(weights_sign_contradictions(&w, maxima, idx, W_NB), 2);
    assert_int_equal(idx[0], find("mob_king.eg")); /* table order */
    assert_int_equal(idx[1], frozen);
    assert_int_equal(weights_sign_contradictions(&w, maxima, idx, 1), 2); /* counts past max */
    w.v[frozen] = -60;
    assert_false(weights_sign_contradicts(frozen, w.v[frozen]));
}

/* Every game's start table has the signs its meanings fix. */
static void test_start_tables(void **state)
{
    (void)state;
    for (int g = 0; g < VARIANT_NB; g++) {
        const Variant *v = variant_get((VariantId)g);
        if (!v->engine)
            continue;
        Weights w;
        weights_start(&w, v);
        assert_int_equal(weights_sign_contradictions(&w, v, NULL, 0), 0);
    }
}

/* The report's section: Martian Chess's built-in default lists clock_lead.mg with its value,
 * start value and meaning; the start table says none. */
static void test_report(void **state)
{
    (void)state;
    const Variant *martian = variant_get(VARIANT_MARTIAN);
    Weights w, start;
    weights_martian_default(&w);
    weights_martian(&start);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    weights_report_signs(out, &w, &start, martian, "the tuned weights");
    fclose(out);
    assert_non_null(strstr(text, "## Signs that contradict their meaning\n"));
    assert_non_null(strstr(text, "| clock_lead.mg | -147 | 0 | >= 0 (a reward) | while the clock "
                                 "runs: the score lead times 8 - clock"));
    assert_null(strstr(text, "| clock_lead.eg |"));
    assert_null(strstr(text, "None:"));
    free(text);

    out = open_memstream(&text, &len);
    assert_non_null(out);
    weights_report_signs(out, &start, NULL, martian, "the start weights");
    fclose(out);
    assert_non_null(strstr(text, "None: in the start weights, each of the"));
    assert_null(strstr(text, "| weight |"));
    free(text);
}

int main(void)
{
    core_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_planted),
        cmocka_unit_test(test_start_tables),
        cmocka_unit_test(test_report),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
