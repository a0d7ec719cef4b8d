/* test_eval.c: the evaluation and the weights files.
 *
 * The evaluation promises three things the tuners rely on: it is exactly linear in the weights
 * (eval_evaluate == sum coef * weight over eval_trace), it does not care which colour is which
 * (a mirrored position scores the same for the side to move), and its features count what the
 * weights table says they count. The reference positions are those of the shared data files;
 * the hand-checked counts use tiny positions whose numbers were worked out on paper.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/fen.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "core/position.h"
#include "search/eval.h"
#include "search/weights.h"

enum { MAX_FENS = 256, FEN_LEN = 256, ERR_LEN = 512 };

/* The reference positions, loaded once by setup_positions. */
static char fens[MAX_FENS][FEN_LEN];
static int nfens;

/* Appends the FENs of one data file: perft.epd lines (FEN before " ;") or "fen <FEN>" lines. */
static int load_fens(const char *path, bool epd)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[1024];
    int added = 0;
    while (fgets(line, sizeof line, f) && nfens < MAX_FENS) {
        line[strcspn(line, "\r\n")] = '\0';
        const char *fen = NULL;
        if (epd && line[0] && line[0] != '#') {
            char *semi = strstr(line, " ;");
            if (semi)
                *semi = '\0';
            fen = line;
        } else if (!epd && !strncmp(line, "fen ", 4)) {
            fen = line + 4;
        }
        if (fen && strlen(fen) < FEN_LEN) {
            memcpy(fens[nfens++], fen, strlen(fen) + 1);
            added++;
        }
    }
    fclose(f);
    return added;
}

/* Group setup: loads both reference files (the test needs them all). */
static int setup_positions(void **state)
{
    (void)state;
    nfens = 0;
    int a = load_fens(MAXTUNE_REFDATA_DIR "/perft.epd", true);
    int b = load_fens(MAXTUNE_REFDATA_DIR "/legal_moves.txt", false);
    if (a < 30 || b < 30) {
        fprintf(stderr, "reference data missing: %d perft, %d legal-move positions\n", a, b);
        return -1;
    }
    return 0;
}

/* Parses a FEN the test relies on, failing the test with the parser's message if it is bad. */
static void parse(Position *pos, const char *fen)
{
    char err[ERR_LEN];
    if (!fen_parse(pos, fen, err, sizeof err))
        fail_msg("bad FEN %s: %s", fen, err);
}

/* Deterministic pseudo-random numbers (64-bit LCG, high bits). */
static uint32_t rng_next(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(*s >> 33);
}

/* A weights vector drawn uniformly from every Maxima weight's [min, max] (the others 0, as in
 * every Maxima vector). */
static void weights_random(Weights *w, uint64_t *seed)
{
    for (int i = 0; i < W_NB; i++) {
        uint32_t span = (uint32_t)(weight_defs[i].max - weight_defs[i].min + 1);
        w->v[i] = weight_defs[i].min + (int)(rng_next(seed) % span);
    }
    weights_keep_game(w, variant_get(VARIANT_MAXIMA));
}

/* sum coef[i] * w[i], computed independently of eval.c. */
static long dot(const int coef[T_NB], const Weights *w)
{
    long s = 0;
    for (int i = 0; i < W_NB; i++)
        s += (long)coef[i] * w->v[i];
    return s;
}

/* No term Maxima lacks (Ultima's own: frozen pieces by type, suicide, the King attack by
 * capture kind) counts in a Maxima position. */
static void assert_maxima_terms_only(const Position *pos, const char *fen)
{
    int f[T_NB];
    eval_features(pos, f);
    for (int t = 0; t < T_NB; t++)
        if (f[t] != 0 && !weights_term_in_game(variant_get(VARIANT_MAXIMA), t))
            fail_msg("%s: feature %s, not a Maxima term, is %d", fen, weight_term_names[t], f[t]);
}

/* eval_evaluate equals the trace's dot product (divided by the trace scale, toward zero) for
 * default, v1, material-only and random weights; the phase weights and search parameters have
 * no coefficient. */
static void test_trace_exact(void **state)
{
    (void)state;
    Weights sets[3 + 5];
    weights_default(&sets[0]);
    weights_v1(&sets[1]);
    weights_material_only(&sets[2]);
    uint64_t seed = 12345;
    for (int k = 3; k < 8; k++)
        weights_random(&sets[k], &seed);
    /* The material-only set really is material only (v1 piece values, phases equal). */
    for (int i = 0; i < W_PHASE_FIRST; i++)
        assert_int_equal(sets[2].v[i], i <= W_GUARD_EG ? weight_defs[i].v1 : 0);

    int checked = 0;
    static EvalPst pst;
    for (int p = 0; p < nfens; p++) {
        Position pos;
        parse(&pos, fens[p]);
        for (int k = 0; k < 8; k++) {
            int coef[W_NB];
            eval_trace(&pos, &sets[k], coef);
            long want = dot(coef, &sets[k]) / EVAL_TRACE_SCALE;
            int got = eval_evaluate(&pos, &sets[k]);
            if (got != want)
                fail_msg("%s, weights set %d: eval %d, trace gives %ld", fens[p], k, got, want);
            eval_pst_build(&pst, &sets[k]);
            got = eval_evaluate_pst(&pos, &sets[k], &pst);
            if (got != want)
                fail_msg("%s, weights set %d: eval_evaluate_pst %d, trace gives %ld", fens[p], k,
                         got, want);
            for (int i = W_PHASE_FIRST; i < W_NB; i++)
                assert_int_equal(coef[i], 0);
            /* Tempo is +1 for the side to move, whatever the colour, split by the phase. */
            assert_int_equal(coef[W_TEMPO_MG] + coef[W_TEMPO_EG], EVAL_PHASE_MAX);
            assert_int_equal(coef[W_TEMPO_MG], eval_phase(&pos, &sets[k]));
            checked++;
        }
    }
    assert_int_equal(checked, nfens * 8);
}

/* A position keeping the sums of the engine's table (position_attach_sums) through make and
 * unmake evaluates as one that does not, in every game, along random games of 120 plies; after
 * taking every move back its sums are those of a fresh attachment. */
static void test_sums_through_moves(void **state)
{
    (void)state;
    static EvalPst pst;
    Weights w;
    uint64_t seed = 4242;
    weights_random(&w, &seed);
    eval_pst_build(&pst, &w);
    int plies = 0;
    for (int g = 0; g < VARIANT_NB; g++) {
        const Variant *v = variant_get((VariantId)g);
        if (!v->engine)
            continue;
        Position pos;
        char err[ERR_LEN];
        assert_true(fen_parse_variant(&pos, "start", v, err, sizeof err));
        position_attach_sums(&pos, pst.v[g]);
        Position fresh = pos;
        Move played[120];
        Undo undo[120];
        int n = 0;
        for (; n < 120; n++) {
            Position plain = pos;
            position_attach_sums(&plain, NULL);
            if (eval_evaluate_pst(&pos, &w, &pst) != eval_evaluate_pst(&plain, &w, &pst) ||
                eval_evaluate_pst(&pos, &w, &pst) != eval_evaluate(&pos, &w))
                fail_msg("%s, ply %d: the kept sums evaluate differently", v->name, n);
            Move list[MAX_MOVES];
            int k = movegen_legal(&pos, list);
            if (k == 0)
                break;
            played[n] = list[rng_next(&seed) % (uint32_t)k];
            move_do(&pos, played[n], &undo[n]);
        }
        plies += n;
        while (n > 0) {
            n--;
            move_undo(&pos, played[n], &undo[n]);
        }
        position_attach_sums(&fresh, pst.v[g]);
        assert_memory_equal(pos.sums, fresh.sums, sizeof pos.sums);
    }
    assert_true(plies > 200);
}

/* The mirrored position (colours and side swapped) has the same trace and the same score. */
static void test_mirror_symmetry(void **state)
{
    (void)state;
    Weights def, mat, rnd;
    weights_default(&def);
    weights_material_only(&mat);
    uint64_t seed = 777;
    weights_random(&rnd, &seed);
    for (int p = 0; p < nfens; p++) {
        Position pos, mir, back;
        parse(&pos, fens[p]);
        position_mirror(&pos, &mir);
        assert_maxima_terms_only(&pos, fens[p]);
        char why[ERR_LEN];
        if (!position_is_consistent(&mir, why, sizeof why))
            fail_msg("mirror of %s: %s", fens[p], why);
        assert_int_not_equal(mir.side, pos.side);
        int c1[W_NB], c2[W_NB];
        eval_trace(&pos, &rnd, c1);
        eval_trace(&mir, &rnd, c2);
        for (int i = 0; i < W_NB; i++)
            if (c1[i] != c2[i])
                fail_msg("%s: coefficient of %s is %d, %d in the mirror", fens[p],
                         weight_defs[i].name, c1[i], c2[i]);
        /* White-minus-Black features change sign. */
        int f1[T_NB], f2[T_NB];
        eval_features(&pos, f1);
        eval_features(&mir, f2);
        for (int i = 0; i < T_NB; i++)
            assert_int_equal(f1[i], -f2[i]);
        assert_int_equal(eval_evaluate(&pos, &def), eval_evaluate(&mir, &def));
        assert_int_equal(eval_evaluate(&pos, &mat), eval_evaluate(&mir, &mat));
        assert_int_equal(eval_evaluate(&pos, &rnd), eval_evaluate(&mir, &rnd));
        /* Mirroring twice gives the position back. */
        position_mirror(&mir, &back);
        assert_int_equal(back.key, pos.key);
        assert_memory_equal(back.board, pos.board, sizeof pos.board);
    }
}

/* Features (White minus Black) of a FEN. */
static void features_of(const char *fen, int f[T_NB])
{
    Position pos;
    parse(&pos, fen);
    eval_features(&pos, f);
}

/* Asserts every feature except those listed (terminated by -1) is 0. */
static void assert_only(const int f[T_NB], const int *allowed)
{
    for (int i = 0; i < T_NB; i++) {
        bool ok = false;
        for (const int *a = allowed; *a >= 0; a++)
            ok |= *a == i;
        if (!ok && f[i] != 0)
            fail_msg("feature %s is %d, expected 0", weight_defs[weight_mg(i)].name, f[i]);
    }
}

/* An extra White Mage: material +1 for White to move, -1 in the trace for Black to move. */
static void test_material_lone_mage(void **state)
{
    (void)state;
    Position w, b;
    /* Kings a9 and e1 (their jumps do not touch d1's lines), White Mage d1. */
    parse(&w, "xxx2xxx/k7/8/8/8/8/8/8/8/3GK3/xxx2xxx w 0");
    parse(&b, "xxx2xxx/k7/8/8/8/8/8/8/8/3GK3/xxx2xxx b 0");
    int fw[T_NB], fb[T_NB];
    eval_features(&w, fw);
    eval_features(&b, fb);
    for (int t = T_PINCER; t <= T_GUARD; t++) {
        assert_int_equal(fw[t], t == T_MAGE);
        assert_int_equal(fb[t], t == T_MAGE);
    }
    assert_int_equal(fw[T_TEMPO], 1);
    assert_int_equal(fb[T_TEMPO], -1);
    /* In the trace, from the side to move's view: the Mage counts -1 for Black to move. */
    Weights v1;
    weights_v1(&v1);
    int cb[W_NB];
    eval_trace(&b, &v1, cb);
    assert_int_equal(cb[W_MAGE_MG] + cb[W_MAGE_EG], -EVAL_PHASE_MAX);
    assert_int_equal(cb[W_TEMPO_MG] + cb[W_TEMPO_EG], EVAL_PHASE_MAX);
    /* Mage d1: NW c2 + c3..c9 + b2,a2 (10); NE e2 + e3..e10 + f2..h2 (12); SE e0 (1); SW is
     * a hole. 23, the number of legal moves of the Mage there. */
    assert_int_equal(fw[T_MOB_MAGE], 23);
    /* Material-only score: exactly one Mage, from each side's view. */
    Weights mat;
    weights_material_only(&mat);
    assert_int_equal(eval_evaluate(&w, &mat), weight_defs[W_MAGE_MG].v1);
    assert_int_equal(eval_evaluate(&b, &mat), -weight_defs[W_MAGE_MG].v1);
}

/* Guard and King mobility on the edges: off-board and hole directions are not moves. */
static void test_mobility_edges(void **state)
{
    (void)state;
    int f[T_NB];
    /* Guard a1: a2, b2, b1 (a0, b0 are holes, the rest off the board). */
    features_of("xxx2xxx/7k/8/8/8/8/8/8/8/D3K3/xxx2xxx w 0", f);
    assert_int_equal(f[T_MOB_GUARD], 3);
    /* Guard h9 for Black: g9, g8, h8 (g10, h10 are holes). Black counts negative. */
    features_of("xxx2xxx/7d/8/8/8/8/8/8/8/4K2k/xxx2xxx w 0", f);
    assert_int_equal(f[T_MOB_GUARD], -3);
    /* Guard d0 in its own palace: c1, d1, e1, e0. */
    features_of("xxx2xxx/7k/8/8/8/8/8/8/8/K7/xxxD1xxx w 0", f);
    assert_int_equal(f[T_MOB_GUARD], 4);
    /* King a5 (White) jumps b3, b7, c4, c6 and, around the cylinder, g4, g6, h3, h7; Black's
     * King e10 jumps c9, g9, d8, f8. */
    features_of("xxx1kxxx/8/8/8/8/K7/8/8/8/8/xxx2xxx w 0", f);
    assert_int_equal(f[T_MOB_KING], 8 - 4);
}

/* A piece standing on an enemy palace square counts in palace_occupy; a second piece that
 * could reach the other square adds palace_reach and palace_double. */
static void test_palace_features(void **state)
{
    (void)state;
    int f[T_NB];
    /* White Guard on d10; kings a9 (jumps b7, c8, g8, h7) and a1. */
    features_of("xxxD1xxx/k7/8/8/8/8/8/8/8/K7/xxx2xxx w 0", f);
    assert_int_equal(f[T_PALACE_OCCUPY], 1);
    assert_int_equal(f[T_PALACE_REACH], 0); /* the occupant itself is not a reacher */
    assert_int_equal(f[T_PALACE_DOUBLE], 0);
    /* Plus a White Pincer e4 that can slide to e10. */
    features_of("xxxD1xxx/k7/8/8/8/8/4P3/8/8/K7/xxx2xxx w 0", f);
    assert_int_equal(f[T_PALACE_OCCUPY], 1);
    assert_int_equal(f[T_PALACE_REACH], 1);
    assert_int_equal(f[T_PALACE_DOUBLE], 1);
    /* The same for Black in White's palace (and Black to move: features stay White-minus-Black,
     * the trace flips sign). */
    Position pos;
    parse(&pos, "xxx2xxx/k7/8/8/8/8/4p3/8/8/7K/xxxd1xxx b 0");
    eval_features(&pos, f);
    assert_int_equal(f[T_PALACE_OCCUPY], -1);
    assert_int_equal(f[T_PALACE_REACH], -1);
    assert_int_equal(f[T_PALACE_DOUBLE], -1);
    int coef[W_NB];
    Weights v1;
    weights_v1(&v1);
    eval_trace(&pos, &v1, coef);
    assert_int_equal(coef[W_PALACE_OCCUPY_MG] + coef[W_PALACE_OCCUPY_EG], EVAL_PHASE_MAX);
    assert_int_equal(coef[W_PALACE_DOUBLE_MG] + coef[W_PALACE_DOUBLE_EG], EVAL_PHASE_MAX);
}

/* A piece next to an enemy Immobilizer is frozen (the Mage never is); an Immobilizer next to an
 * enemy Chameleon is frozen too. Frozen pieces have no mobility. */
static void test_frozen_features(void **state)
{
    (void)state;
    int f[T_NB];
    /* White Pincer e5 and Mage d5 next to the Black Immobilizer e6. */
    features_of("xxx2xxx/k7/8/8/4m3/3GP3/8/8/8/7K/xxx2xxx w 0", f);
    assert_int_equal(f[T_FROZEN], 1);
    assert_int_equal(f[T_MOB_PINCER], 0);
    assert_true(f[T_MOB_MAGE] > 0);
    /* Black's Immobilizer zone: Pincer e5 counts, the Mage does not. */
    assert_int_equal(f[T_IMMOB_ZONE], -1);
    assert_int_equal(f[T_PINCER], 1);
    assert_int_equal(f[T_MAGE], 1);
    assert_int_equal(f[T_IMMOBILIZER], -1);
    /* Add a White Chameleon f7 next to the Immobilizer: it freezes it (and is frozen by it). */
    features_of("xxx2xxx/k7/8/5B2/4m3/3GP3/8/8/8/7K/xxx2xxx w 0", f);
    assert_int_equal(f[T_FROZEN], 2 - 1);
    assert_int_equal(f[T_MOB_IMMOBILIZER], 0);
    assert_int_equal(f[T_MOB_CHAMELEON], 0);
    assert_int_equal(f[T_IMMOB_ZONE], 0); /* a frozen Immobilizer has no zone */
}

/* The start position is balanced: every feature is 0 but tempo. */
static void test_start_balanced(void **state)
{
    (void)state;
    int f[T_NB];
    features_of(START_FEN, f);
    const int allowed[] = {T_TEMPO, -1};
    assert_only(f, allowed);
    assert_int_equal(f[T_TEMPO], 1);
    Weights w;
    weights_default(&w);
    Position pos;
    parse(&pos, START_FEN);
    assert_int_equal(eval_evaluate(&pos, &w), w.v[W_TEMPO_MG]); /* phase: all pieces there */
}

/* A temporary file name; the caller unlinks it. */
static void temp_path(char *buf, size_t len)
{
    snprintf(buf, len, "/tmp/maxtune_test_eval_XXXXXX");
    int fd = mkstemp(buf);
    assert_true(fd >= 0);
    close(fd);
}

/* Writes text into path. */
static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* weights_write output loads back to the same vector; weights_save does the same atomically. */
static void test_weights_roundtrip(void **state)
{
    (void)state;
    char path[64], err[ERR_LEN] = "";
    temp_path(path, sizeof path);
    uint64_t seed = 99;
    for (int k = 0; k < 4; k++) {
        Weights w, back;
        if (k == 0)
            weights_default(&w);
        else if (k == 1)
            weights_material_only(&w);
        else
            weights_random(&w, &seed);
        if (k == 3) { /* the range ends of Maxima's weights */
            for (int i = 0; i < W_NB; i++)
                w.v[i] = i & 1 ? weight_defs[i].min : weight_defs[i].max;
            weights_keep_game(&w, variant_get(VARIANT_MAXIMA));
        }
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        weights_write(&w, f);
        assert_int_equal(fclose(f), 0);
        memset(&back, 0x55, sizeof back);
        if (!weights_load(&back, path, err, sizeof err))
            fail_msg("set %d: %s", k, err);
        assert_memory_equal(back.v, w.v, sizeof w.v);

        assert_true(weights_save(&w, path, err, sizeof err));
        memset(&back, 0x55, sizeof back);
        assert_true(weights_load(&back, path, err, sizeof err));
        assert_memory_equal(back.v, w.v, sizeof w.v);
    }
    unlink(path);
}

/* "default", "material", comments, blanks, a section header and a partial file. */
static void test_weights_builtin_and_partial(void **state)
{
    (void)state;
    char err[ERR_LEN] = "", path[64];
    Weights w, want;
    assert_true(weights_load(&w, "default", err, sizeof err));
    weights_default(&want);
    assert_memory_equal(w.v, want.v, sizeof w.v);
    assert_true(weights_load(&w, "material", err, sizeof err));
    weights_material_only(&want);
    assert_memory_equal(w.v, want.v, sizeof w.v);
    for (int i = 0; i < W_NB; i++)
        assert_int_equal(weights_find(weight_defs[i].name), i);
    assert_int_equal(weights_find("no_such_weight"), -1);

    temp_path(path, sizeof path);
    write_file(path, "# header comment\n"
                     "[weights]\n"
                     "\n"
                     "  mage=650   ; trailing comment\n"
                     "frozen = -100\t\n"
                     "tempo = 0 # zero\n");
    assert_true(weights_load(&w, path, err, sizeof err));
    weights_v1(&want); /* a file is read on top of the v1 values, a term's name sets both phases */
    weights_set_term(&want, T_MAGE, 650);
    weights_set_term(&want, T_FROZEN, -100);
    weights_set_term(&want, T_TEMPO, 0);
    assert_memory_equal(w.v, want.v, sizeof w.v);
    unlink(path);
}

/* Loads text as a weights file that must fail; checks "path:line: " and a fragment. */
static void expect_load_error(const char *text, int line, const char *fragment)
{
    char path[64], err[ERR_LEN] = "", prefix[96];
    temp_path(path, sizeof path);
    write_file(path, text);
    Weights w;
    bool ok = weights_load(&w, path, err, sizeof err);
    unlink(path);
    if (ok)
        fail_msg("file accepted:\n%s", text);
    snprintf(prefix, sizeof prefix, "%s:%d: ", path, line);
    if (strncmp(err, prefix, strlen(prefix)) != 0 || !strstr(err, fragment))
        fail_msg("message '%s', want '%s...%s...'", err, prefix, fragment);
}

/* Every kind of bad line is reported as "file:line: problem". */
static void test_weights_errors(void **state)
{
    (void)state;
    expect_load_error("mage = 700\n# ok\nbishop = 300\n", 3, "unknown weight 'bishop'");
    expect_load_error("mage = 7x0\n", 1, "'7x0' is not an integer");
    expect_load_error("pincer = 100\nmage =\n", 2, "not an integer");
    expect_load_error("mage = 3.5\n", 1, "not an integer");
    expect_load_error("tempo = 99999999999999999999\n", 1, "not an integer");
    expect_load_error("\n\nmage = 1501\n", 3, "out of range [0, 1500]");
    expect_load_error("frozen = -501\n", 1, "out of range [-500, 100]");
    expect_load_error("mage = 600\npincer = 90\nmage = 650\n", 3, "'mage.mg' given twice");
    expect_load_error("mage.eg = 600\nmage = 650\n", 2, "'mage.eg' given twice");
    expect_load_error("pst_rank.king.11 = 5\n", 1, "unknown weight 'pst_rank.king.11'");
    expect_load_error("search.nmp_reduction = 1\n", 1, "out of range [2, 6]");
    expect_load_error("pincer = 90\nmage 650\n", 2, "expected 'name = value'");
    /* Ultima's own weights are not Maxima's. */
    expect_load_error("frozen.pincer = -25\n", 1, "'frozen.pincer' is not a Maxima weight");
    expect_load_error("tempo = 1\nking_attack.king.eg = 3\n", 2,
                      "'king_attack.king.eg' is not a Maxima weight");

    /* A missing file names the file. */
    char err[ERR_LEN] = "";
    Weights w;
    const char *missing = "/nonexistent/dir/weights.ini";
    assert_false(weights_load(&w, missing, err, sizeof err));
    assert_int_equal(strncmp(err, missing, strlen(missing)), 0);
    assert_non_null(strstr(err, "cannot open"));
}

/* Every position of an evaluations file (tests/data/v1_evals.txt and the like: "FEN;eval" lines) evaluates with w
 * as the file says; returns the positions checked. */
static int check_reference_evals(const char *path, const Weights *w, const char *who)
{
    char line[512];
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        char *semi = strchr(line, ';');
        if (line[0] == '#' || !semi)
            continue;
        *semi = '\0';
        Position pos;
        parse(&pos, line);
        int want = atoi(semi + 1), got = eval_evaluate(&pos, w);
        if (got != want)
            fail_msg("%s: eval %d, %s gave %d", line, got, who, want);
        assert_maxima_terms_only(&pos, line);
        checked++;
    }
    fclose(f);
    return checked;
}

/* The v1 weights (configs/v1.weights, the built-in "v1") evaluate every reference position
 * exactly as the program of 93de8ac did with its defaults (tests/data/v1_evals.txt): the richer
 * evaluation with v1 weights is the old evaluation. */
static void test_v1_reference(void **state)
{
    (void)state;
    char err[ERR_LEN] = "";
    Weights file, builtin;
    if (!weights_load(&file, "configs/v1.weights", err, sizeof err))
        fail_msg("%s", err);
    weights_v1(&builtin);
    assert_memory_equal(file.v, builtin.v, sizeof file.v);
    assert_true(check_reference_evals("tests/data/v1_evals.txt", &file,
                                      "the old program with its defaults") >= 1400);
}

/* The v2 weights (configs/v2.weights, the built-in "v2" and `weights = v2`) evaluate the same
 * positions exactly as the default did when it was pinned (tests/data/v2_evals.txt), so runs
 * made with that default still reproduce when the default moves on. */
static void test_v2_reference(void **state)
{
    (void)state;
    char err[ERR_LEN] = "";
    Weights file, builtin, named;
    if (!weights_load(&file, "configs/v2.weights", err, sizeof err) ||
        !weights_load(&named, "v2", err, sizeof err))
        fail_msg("%s", err);
    weights_v2(&builtin);
    assert_memory_equal(file.v, builtin.v, sizeof file.v);
    assert_memory_equal(named.v, builtin.v, sizeof file.v);
    assert_true(check_reference_evals("tests/data/v2_evals.txt", &file,
                                      "the default when it was pinned") >= 1400);
}

/* The game phase: EVAL_PHASE_MAX at the start, 0 with Kings and Pincers only (Pincers weigh 0),
 * in between after trades, and EVAL_PHASE_MAX whatever the position with all phase weights 0. */
static void test_phase(void **state)
{
    (void)state;
    Weights w;
    weights_v1(&w);
    Position pos;
    parse(&pos, START_FEN);
    assert_int_equal(eval_phase(&pos, &w), EVAL_PHASE_MAX);
    parse(&pos, "xxx2xxx/4k3/8/pppp4/8/8/8/4PPPP/8/4K3/xxx2xxx w 0");
    assert_int_equal(eval_phase(&pos, &w), 0);
    /* One Mage each: 2 * 7 of the start's 2 * 44. */
    parse(&pos, "xxx2xxx/4k1g1/8/8/8/8/8/8/8/1G2K3/xxx2xxx w 0");
    assert_int_equal(eval_phase(&pos, &w), 14 * EVAL_PHASE_MAX / 88);
    for (int t = PINCER; t <= GUARD; t++)
        w.v[weight_phase(t)] = 0;
    assert_int_equal(eval_phase(&pos, &w), EVAL_PHASE_MAX);
}

/* Piece-square terms: a piece counts on its file and on its rank from its own side (Black's
 * ranks mirrored, files kept), and a weight on that square moves the score by that much. */
static void test_pst_features(void **state)
{
    (void)state;
    int f[T_NB];
    /* White Guard c4, Black Guard f8 (its rank 2 from Black's side); Kings a1 (White), h9. */
    features_of("xxx2xxx/7k/5d2/8/8/8/2D5/8/8/K7/xxx2xxx w 0", f);
    assert_int_equal(f[weight_pst_file(GUARD, 2)], 1);
    assert_int_equal(f[weight_pst_file(GUARD, 5)], -1);
    assert_int_equal(f[weight_pst_rank(GUARD, 4)], 1);
    assert_int_equal(f[weight_pst_rank(GUARD, 2)], -1);
    assert_int_equal(f[weight_pst_file(KING, 0)], 1);
    assert_int_equal(f[weight_pst_file(KING, 7)], -1);
    assert_int_equal(f[weight_pst_rank(KING, 1)], 2 - 1 - 1); /* a1 and h9 are both rank 1 */
    /* End game (no phase pieces left but the Guards: phase 6/88): a weight on the Guard's
     * end-game rank-4 entry adds its share to White's score. */
    Weights w;
    weights_material_only(&w);
    Position pos;
    parse(&pos, "xxx2xxx/7k/5d2/8/8/8/2D5/8/8/K7/xxx2xxx w 0");
    int base = eval_evaluate(&pos, &w), p = eval_phase(&pos, &w);
    w.v[weight_eg(weight_pst_rank(GUARD, 4))] = 88;
    assert_int_equal(eval_evaluate(&pos, &w) - base, 88 * (EVAL_PHASE_MAX - p) / EVAL_PHASE_MAX);
    assert_string_equal(weight_defs[weight_eg(weight_pst_rank(GUARD, 4))].name,
                        "pst_rank.guard.4.eg");
    assert_string_equal(weight_defs[weight_mg(weight_pst_file(KING, 7))].name,
                        "pst_file.king.h.mg");
}

/* The King-safety terms of the richer evaluation, worked out by hand. */
static void test_king_terms(void **state)
{
    (void)state;
    int f[T_NB];
    /* White King a5 with a Guard b5 next to it; Black Immobilizer h6 two files away across the
     * a-h edge (distance 7 without the wrap): king_wrap_pressure for Black, Immobilizer
     * closeness 0. Black King e10. */
    features_of("xxx1kxxx/8/8/8/8/7m/KD6/8/8/8/xxx2xxx w 0", f);
    assert_int_equal(f[T_GUARD_SHELTER], 1);
    assert_int_equal(f[T_KING_WRAP_PRESSURE], -1);
    assert_int_equal(f[T_IMMOB_KING], 0);
    assert_int_equal(f[T_KING_FROZEN], 0);
    /* Black Immobilizer b6 next to the White King a5: the King is frozen; closeness 7 - 1. */
    features_of("xxx1kxxx/8/8/8/8/1m6/K7/8/8/8/xxx2xxx w 0", f);
    assert_int_equal(f[T_KING_FROZEN], 1);
    assert_int_equal(f[T_IMMOB_KING], -6);
    /* Pincers c3 and d3 side by side support each other; e5 stands alone. */
    features_of("xxx1kxxx/8/8/8/8/4P3/8/2PP4/8/K7/xxx2xxx w 0", f);
    assert_int_equal(f[T_PINCER_SUPPORT], 2);
}

/* eval_defence: the defender's material lost since the start, its King frozen and the enemy's
 * Immobilizer closing in count; a term outside its share (mob_king) does not; the other colour's
 * safety is not the defender's; the sign follows the side to move. */
static void test_defence(void **state)
{
    (void)state;
    Weights w;
    memset(&w, 0, sizeof w);
    weights_set_term(&w, T_PINCER, 100);
    weights_set_term(&w, T_KING_FROZEN, -100);
    weights_set_term(&w, T_IMMOB_KING, 10);
    weights_set_term(&w, T_MOB_KING, 50);
    Position start, pos;
    parse(&start, START_FEN);
    int pincers = bb_popcount(position_pieces(&start, WHITE, PINCER));
    assert_true(pincers > 0);
    /* White King a5 frozen by the Black Immobilizer b6 (closeness 6); no Pincer left. */
    parse(&pos, "xxx1kxxx/8/8/8/8/1m6/K7/8/8/8/xxx2xxx w 0");
    int white = -100 * pincers - 100 - 6 * 10;
    assert_int_equal(eval_defence(&pos, &w, WHITE), white);
    assert_int_equal(eval_defence(&pos, &w, BLACK),
                     100 * pincers); /* Black's loss, White to move */
    parse(&pos, "xxx1kxxx/8/8/8/8/1m6/K7/8/8/8/xxx2xxx b 0");
    assert_int_equal(eval_defence(&pos, &w, WHITE), -white);
    assert_int_equal(eval_defence(&start, &w, WHITE), 0);
}

/* Weights files with every one of the hundreds of weights, written and read back through a term
 * name file and a full-name file. */
static void test_weights_count(void **state)
{
    (void)state;
    assert_true(W_NB >= 300);
    WeightSet set;
    assert_true(weights_term("pincer", &set));
    assert_int_equal(set.n, 2);
    assert_int_equal(set.idx[0], W_PINCER_MG);
    assert_int_equal(set.idx[1], W_PINCER_EG);
    assert_true(weights_term("pincer.eg", &set));
    assert_int_equal(set.n, 1);
    assert_false(weights_term("pinc", &set));
    /* Maxima's table is the table it had before Ultima got its own: 31 scalar terms and 9 x 19
     * piece-square terms, in pairs, then 8 phase weights, 8 search parameters and the 6
     * selective ones (the second generation's: @search still names its 8). */
    const Variant *maxima = variant_get(VARIANT_MAXIMA);
    assert_int_equal(weights_game_count(maxima), 426);
    int idx[W_NB];
    assert_int_equal(weights_group("@all", idx, W_NB), 426);
    for (int i = 0; i < 426; i++)
        assert_true(weights_in_game(maxima, idx[i]));
    assert_int_equal(weights_group("@eval", idx, W_NB), 404);
    assert_int_equal(weights_group("@search", idx, W_NB), 8);
    assert_int_equal(weights_group("@selective", idx, W_NB), W_NB - W_CHECK_EXTENSION);
    assert_int_equal(weights_group("@pst", idx, W_NB), 2 * 9 * PST_TYPE_TERMS);
    assert_int_equal(weights_group("@material", idx, W_NB), 16);
    assert_int_equal(weights_group("@nothing", idx, W_NB), -1);
    assert_int_equal(weights_group_game(maxima, "@phase", idx, W_NB), 8);
    assert_string_equal(weights_doc(maxima, weight_mg(weight_pst_rank(KING, 6))),
                        "on the enemy's rank 4 (middle game)");
}

/* Runs the evaluation and weights-file tests (core and evaluation tables built first). */
int main(void)
{
    core_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trace_exact),
        cmocka_unit_test(test_mirror_symmetry),
        cmocka_unit_test(test_sums_through_moves),
        cmocka_unit_test(test_material_lone_mage),
        cmocka_unit_test(test_mobility_edges),
        cmocka_unit_test(test_palace_features),
        cmocka_unit_test(test_frozen_features),
        cmocka_unit_test(test_start_balanced),
        cmocka_unit_test(test_weights_roundtrip),
        cmocka_unit_test(test_weights_builtin_and_partial),
        cmocka_unit_test(test_weights_errors),
        cmocka_unit_test(test_v1_reference),
        cmocka_unit_test(test_v2_reference),
        cmocka_unit_test(test_phase),
        cmocka_unit_test(test_pst_features),
        cmocka_unit_test(test_king_terms),
        cmocka_unit_test(test_defence),
        cmocka_unit_test(test_weights_count),
    };
    return cmocka_run_group_tests(tests, setup_positions, NULL);
}
