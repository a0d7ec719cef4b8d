/* test_fishtest_ref.c: tune/stats/stats.c against reference values computed with fishtest's
 * formulas by scripts/fishtest_reference.py (committed output: tests/data/fishtest_reference.txt;
 * the script is not run here).
 *
 * For each count vector (pentanomial "P" lines; "T" lines: unpaired games only) the Elo and its
 * 95% half-width from games and from pairs, nElo and its half-width, LOS and the LLR under six
 * pairs of hypotheses must agree to 1e-6 relative (plus 1e-9 absolute, for figures that are 0
 * up to rounding, such as the LLR of a symmetric test on symmetric counts). Where fishtest
 * raises (an LLR it cannot compute), stats_sprt_llr must return NAN. Every interval maxtune
 * gives must have a positive width, including where fishtest's own is 0 (both ends clamped at
 * 1199.8 Elo): there maxtune's documented interval, moved inside the clamp, is checked instead.
 * Run from the repository root (make test does). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/lib/fixtures.h"
#include "tune/stats/stats.h"

#define REFERENCE_FILE "tests/data/fishtest_reference.txt"

enum { FIELDS = 22, HYPOTHESES = 6 };

/* The hypotheses of the LLR columns, in the script's order. */
static const SprtConfig HYP[HYPOTHESES] = {
    {0.0, 2.0, 0.05, 0.05, SPRT_NORMALIZED},    {0.5, 2.5, 0.05, 0.05, SPRT_NORMALIZED},
    {0.0, 5.0, 0.05, 0.05, SPRT_LOGISTIC},      {-3.0, 1.0, 0.05, 0.05, SPRT_LOGISTIC},
    {-10.0, 10.0, 0.05, 0.05, SPRT_NORMALIZED}, {0.0, 400.0, 0.05, 0.05, SPRT_NORMALIZED},
};

/* One line of the reference file, split into its fields. */
typedef struct RefLine {
    int lineno;
    char field[FIELDS][40];
} RefLine;

/* Tallies of what the comparison saw, for the summary line. */
typedef struct Seen {
    int vectors, compared, llr_errors, clamped, worst_field;
    double worst;
} Seen;

/* Fails unless got agrees with the reference field to 1e-6 relative (1e-9 absolute floor). */
static void check_value(const RefLine *r, int field, double got, Seen *seen)
{
    char *end;
    double want = strtod(r->field[field], &end);
    if (*end)
        fail_msg("line %d field %d: '%s' is not a number", r->lineno, field, r->field[field]);
    double diff = fabs(got - want), tol = 1e-6 * fabs(want) + 1e-9;
    if (!isfinite(got) || diff > tol)
        fail_msg("line %d field %d: maxtune %.15g, fishtest %.15g", r->lineno, field, got, want);
    if (diff / tol > seen->worst) {
        seen->worst = diff / tol;
        seen->worst_field = field;
    }
    seen->compared++;
}

/* Fails unless width is a positive finite number. */
static void check_width(const RefLine *r, const char *what, double width)
{
    if (!(width > 0.0 && isfinite(width)))
        fail_msg("line %d: %s half-width %g: zero-width interval", r->lineno, what, width);
}

/* An interval half-width: compared with fishtest's where that is positive; where fishtest's is 0
 * (both ends clamped), maxtune's must still be positive and end at the clamp. */
static void check_interval(const RefLine *r, int field, const EloEstimate *e, const char *what,
                           Seen *seen)
{
    check_width(r, what, e->elo_err);
    if (atof(r->field[field]) > 0.0) {
        check_value(r, field, e->elo_err, seen);
        return;
    }
    seen->clamped++;
    double clamp = stats_elo_from_score(0.999);
    assert_true(fabs(fabs(e->elo) - clamp) < 1e-9);
    assert_true(fabs(e->elo > 0 ? e->elo_hi - clamp : e->elo_lo + clamp) < 1e-9);
}

/* Compares one reference line with maxtune's figures. */
static void check_line(const RefLine *r, Seen *seen)
{
    bool paired = !strcmp(r->field[0], "P");
    long p[5];
    for (int i = 0; i < 5; i++)
        p[i] = atol(r->field[1 + i]);
    MatchCounts mc = {
        .wins = atol(r->field[6]), .losses = atol(r->field[7]), .draws = atol(r->field[8])};
    if (paired) {
        mc = fixtures_counts_from_penta(p);
        assert_int_equal(mc.wins, atol(r->field[6]));
        assert_int_equal(mc.losses, atol(r->field[7]));
        assert_int_equal(mc.draws, atol(r->field[8]));
    }
    EloEstimate e = stats_estimate(&mc);
    check_value(r, 9, e.elo, seen);
    check_interval(r, 10, &e, "Elo", seen);
    check_value(r, 13, e.nelo, seen);
    check_width(r, "nElo", e.nelo_err);
    check_value(r, 14, e.nelo_err, seen);
    check_value(r, 15, e.los, seen);
    if (!paired)
        return;
    EloEstimate q = stats_estimate_pentanomial(&mc);
    check_value(r, 11, q.elo, seen);
    check_interval(r, 12, &q, "pentanomial Elo", seen);
    for (int h = 0; h < HYPOTHESES; h++) {
        double llr = stats_sprt_llr(&mc, &HYP[h]);
        if (!strcmp(r->field[16 + h], "error")) {
            if (!isnan(llr))
                fail_msg("line %d: fishtest raises for hypothesis %d, maxtune's LLR is %g",
                         r->lineno, h, llr);
            seen->llr_errors++;
        } else {
            check_value(r, 16 + h, llr, seen);
        }
    }
}

/* Every vector of the reference file agrees with fishtest's figures. */
static void test_against_fishtest(void **state)
{
    (void)state;
    FILE *f = fopen(REFERENCE_FILE, "r");
    if (!f)
        fail_msg("cannot open %s (run the tests from the repository root)", REFERENCE_FILE);
    char buf[1024];
    Seen seen = {0};
    RefLine r;
    int lineno = 0, hand_edges = 0;
    while (fgets(buf, sizeof buf, f)) {
        lineno++;
        if (buf[0] == '#' || buf[0] == '\n')
            continue;
        memset(&r, 0, sizeof r);
        r.lineno = lineno;
        int n = 0;
        for (char *tok = strtok(buf, " \n"); tok; tok = strtok(NULL, " \n")) {
            if (n == FIELDS)
                fail_msg("line %d: more than %d fields", lineno, FIELDS);
            snprintf(r.field[n++], sizeof r.field[0], "%s", tok);
        }
        if (n != FIELDS)
            fail_msg("line %d: %d fields, want %d", lineno, n, FIELDS);
        hand_edges += !strcmp(r.field[1], "0") && !strcmp(r.field[2], "0") &&
                      !strcmp(r.field[3], "2") && !strcmp(r.field[4], "30");
        check_line(&r, &seen);
        seen.vectors++;
    }
    fclose(f);
    print_message("%d count vectors, %d figures within 1e-6 relative + 1e-9 (worst: %.2g of "
                  "the tolerance, field %d), "
                  "%d LLRs fishtest cannot compute (NAN here too), %d intervals fishtest "
                  "clamps to width 0 (positive here)\n",
                  seen.vectors, seen.compared, seen.worst, seen.worst_field, seen.llr_errors,
                  seen.clamped);
    assert_true(seen.vectors >= 30);
    assert_int_equal(hand_edges, 1); /* the issue's lopsided [0, 0, 2, 30, 60] is there */
    assert_true(seen.llr_errors > 0 && seen.clamped > 0);
}

/* The issue's figures: nElo half-widths 146.8 and 37.6 where fastchess's formula gave 50.2 and
 * 31.1; one game won is no longer "+/- 0". */
static void test_issue_examples(void **state)
{
    (void)state;
    static const long lopsided[5] = {0, 0, 2, 30, 60}, spread[5] = {20, 30, 40, 60, 90};
    MatchCounts a = fixtures_counts_from_penta(lopsided), b = fixtures_counts_from_penta(spread);
    assert_true(fabs(stats_estimate(&a).nelo_err - 146.8) < 0.05);
    assert_true(fabs(stats_estimate(&b).nelo_err - 37.6) < 0.05);
    MatchCounts one = {0};
    stats_add_game(&one, 1.0);
    EloEstimate e = stats_estimate(&one);
    assert_true(e.elo_err > 100.0);
    MatchCounts none = {0};
    e = stats_estimate(&none);
    assert_true(e.elo == 0.0 && e.elo_err > 1000.0 && e.nelo_err > 0.0);
}

/* The reach of the SPRT models: where fishtest starts to raise whatever the counts, and the
 * LLR is NAN beyond it (the config's [match] rule asks stats_sprt_reachable: test_config.c). */
static void test_sprt_reach(void **state)
{
    (void)state;
    double reach = stats_sprt_nelo_reach();
    char why[200];
    SprtConfig in = {0.0, reach - 0.5, 0.05, 0.05, SPRT_NORMALIZED};
    SprtConfig out = {0.0, reach + 0.01, 0.05, 0.05, SPRT_NORMALIZED};
    SprtConfig low = {-reach - 0.01, 0.0, 0.05, 0.05, SPRT_NORMALIZED};
    assert_true(stats_sprt_reachable(&in, why, sizeof why));
    assert_false(stats_sprt_reachable(&out, why, sizeof why));
    assert_non_null(strstr(why, "elo1"));
    assert_false(stats_sprt_reachable(&low, why, sizeof why));
    assert_non_null(strstr(why, "elo0"));
    SprtConfig logi = {0.0, 1000.0, 0.05, 0.05, SPRT_LOGISTIC};
    assert_true(stats_sprt_reachable(&logi, NULL, 0));
    static const long vectors[3][5] = {{10, 40, 100, 50, 20}, {0, 0, 0, 0, 7}, {3, 1, 4, 1, 5}};
    for (int v = 0; v < 3; v++) {
        MatchCounts mc = fixtures_counts_from_penta(vectors[v]);
        assert_true(isnan(stats_sprt_llr(&mc, &out)));
        assert_true(isnan(stats_sprt_llr(&mc, &low)));
        assert_int_equal(stats_sprt_verdict(&mc, &out, NULL), SPRT_CONTINUE);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_fishtest),
        cmocka_unit_test(test_issue_examples),
        cmocka_unit_test(test_sprt_reach),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
