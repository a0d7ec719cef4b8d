/* test_params.c: the parameter lists of the tuners (tune/run/params.h): weights and terms are
 * one parameter each, groups one per weight; unknown names, repeats and overlaps are refused;
 * each game's lists hold its own weights only, and a group the game has no weight of is
 * refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/position.h"
#include "tune/run/params.h"

static TuneParam list[PARAMS_MAX];

/* Parses text; asserts the outcome and, on failure, that the message holds want. */
static int parse(const char *text, bool ok, const char *want)
{
    char err[256] = "";
    int n = -1;
    bool got = params_parse(text, list, PARAMS_MAX, &n, err, sizeof err);
    if (got != ok || (!ok && !strstr(err, want)))
        fail_msg("'%s': %s (%s)", text, got ? "accepted" : "refused", err);
    return n;
}

/* Weight names become one-weight sets, term names two-weight sets (mg and eg tied), in order;
 * groups expand to every weight. */
static void test_names_and_groups(void **state)
{
    (void)state;
    assert_int_equal(parse(" pincer, mage,tempo ", true, NULL), 3);
    assert_string_equal(list[1].name, "mage");
    assert_int_equal(list[1].set.n, 2);
    assert_int_equal(list[1].set.idx[0], W_MAGE_MG);
    assert_int_equal(list[1].set.idx[1], W_MAGE_EG);
    assert_int_equal(list[2].set.idx[0], W_TEMPO_MG);
    assert_int_equal(parse("mage.eg,search.aspiration", true, NULL), 2);
    assert_int_equal(list[0].set.n, 1);
    assert_int_equal(list[0].set.idx[0], W_MAGE_EG);
    assert_int_equal(list[1].set.idx[0], W_ASPIRATION);
    /* Groups are Maxima's weights, in table order (Ultima's own rows are not among them). */
    const Variant *maxima = variant_get(VARIANT_MAXIMA);
    assert_int_equal(parse("@pst", true, NULL), 2 * 9 * PST_TYPE_TERMS);
    assert_int_equal(parse("@all", true, NULL), 426);
    for (int i = 0, k = 0; i < W_NB; i++) {
        if (!weights_in_game(maxima, i))
            continue;
        assert_int_equal(list[k].set.idx[0], i);
        assert_string_equal(list[k++].name, weight_defs[i].name);
    }
    assert_int_equal(parse("all", true, NULL), 426);
}

/* Bad lists are refused with a message that says why. */
static void test_refusals(void **state)
{
    (void)state;
    parse("pincer,bishop", false, "unknown weight 'bishop'");
    parse("@nothing", false, "unknown group '@nothing'");
    parse("pincer,mage,pincer", false, "'pincer' given twice");
    parse("pincer,pincer.eg", false, "both move weight pincer.eg");
    parse("mage,@all", false, "both move weight mage.mg (again in @all)");
    parse(" , ", false, "no parameter");
    char msg[128];
    assert_false(params_check("mage,bishop", msg, sizeof msg));
    assert_non_null(strstr(msg, "bishop"));
    assert_true(params_check("@all", msg, sizeof msg));
}

/* An Ultima run's lists name Ultima's weights only: its groups hold none of Maxima's own, and
 * a weight of the other game is refused in each. */
static void test_game_lists(void **state)
{
    (void)state;
    const Variant *u = variant_find("ultima");
    char err[256] = "";
    int n = -1;
    assert_true(params_parse_game(u, "@all", list, PARAMS_MAX, &n, err, sizeof err));
    assert_int_equal(n, weights_game_count(u));
    for (int k = 0; k < n; k++)
        assert_true(weights_in_game(u, list[k].set.idx[0]));
    assert_true(params_parse_game(u, "king_attack.pincer, frozen.immobilizer.eg, @material", list,
                                  PARAMS_MAX, &n, err, sizeof err));
    assert_int_equal(n, 2 + 12);
    assert_int_equal(list[0].set.idx[0], W_KING_ATTACK_PINCER_MG);
    assert_int_equal(list[1].set.idx[0], W_FROZEN_IMMOBILIZER_EG);
    static const struct {
        const char *list, *want;
    } bad[] = {
        {"pincer, mage", "'mage' is not an Ultima weight (see maxtune weights --variant ultima)"},
        {"frozen", "'frozen' is not an Ultima weight"},
        {"@palace", "group '@palace' has no Ultima weight"},
        {"queen", "'queen' is not an Ultima weight"}, /* Martian Chess's */
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        if (params_parse_game(u, bad[k].list, list, PARAMS_MAX, &n, err, sizeof err))
            fail_msg("'%s' accepted for Ultima", bad[k].list);
        if (!strstr(err, bad[k].want))
            fail_msg("'%s': message '%s' lacks '%s'", bad[k].list, err, bad[k].want);
    }
    parse("pincer,king_attack.pincer", false, "'king_attack.pincer' is not a Maxima weight");
}

/* A group of the table that a game has no weight of (Ultima's @palace) is refused in that
 * game's lists, alone or beside weights that would make the list valid without it (it must not
 * vanish silently); found by looking at every group of the table for every game. */
static void test_empty_groups_refused(void **state)
{
    (void)state;
    int empty = 0;
    for (int g = 0; g < VARIANT_NB; g++) {
        const Variant *v = variant_get((VariantId)g);
        for (int i = 0; i < W_NB; i++) {
            char group[64], text[96], err[256] = "";
            snprintf(group, sizeof group, "@%s", weight_defs[i].group);
            int idx[W_NB], n = -1;
            if (weights_group_game(v, group, idx, W_NB) != 0)
                continue;
            empty++;
            static const char *const lists[] = {"%s", "pincer, %s", "%s, coordinator"};
            for (size_t k = 0; k < sizeof lists / sizeof lists[0]; k++) {
                snprintf(text, sizeof text, lists[k], group);
                if (params_parse_game(v, text, list, PARAMS_MAX, &n, err, sizeof err))
                    fail_msg("%s: '%s' accepted (%d parameters), though %s has no %s weight",
                             v->title, text, n, group, v->title);
            }
        }
    }
    if (empty == 0)
        fail_msg("no game lacks a group of the table: the check is empty");
}

/* A set's start value is the mean of its weights; assigning sets every weight; its range is
 * what every weight allows. */
static void test_set_helpers(void **state)
{
    (void)state;
    Weights w;
    weights_default(&w);
    WeightSet set = {2, {W_PINCER_MG, W_FROZEN_EG}};
    w.v[W_PINCER_MG] = 100;
    w.v[W_FROZEN_EG] = -61;
    assert_true(params_value(&set, &w) == 19.5);
    params_assign(&set, &w, 7);
    assert_int_equal(w.v[W_PINCER_MG], 7);
    assert_int_equal(w.v[W_FROZEN_EG], 7);
    int lo, hi;
    params_range(&set, &lo, &hi);
    assert_int_equal(lo, weight_defs[W_PINCER_MG].min);
    assert_int_equal(hi, weight_defs[W_FROZEN_EG].max);
}

/* Runs the parameter-list tests (the games built first: the lists are a game's). */
int main(void)
{
    core_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_and_groups), cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_game_lists),       cmocka_unit_test(test_empty_groups_refused),
        cmocka_unit_test(test_set_helpers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
