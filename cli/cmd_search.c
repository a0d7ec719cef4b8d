/* cmd_search.c: subcommands over the engine: search, bench, weights. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/fen.h"
#include "core/makemove.h"
#include "core/notation.h"
#include "search/eval.h"
#include "search/search.h"

/* Writes the score as UCI does: "cp X" or "mate M" (M in moves, negative when losing). */
void cli_format_score(int score, char *buf, size_t len)
{
    if (score > SCORE_MATE_BOUND)
        snprintf(buf, len, "mate %d", (SCORE_MATE - score + 1) / 2);
    else if (score < -SCORE_MATE_BOUND)
        snprintf(buf, len, "mate -%d", (SCORE_MATE + score) / 2);
    else
        snprintf(buf, len, "cp %d", score);
}

/* Writes a PV in docs/rules/maxima.md notation, playing it on a copy of root. */
void cli_format_pv(const Position *root, const Move *pv, int n, char *buf, size_t len)
{
    Position pos = *root;
    size_t k = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && k + MOVE_STR_LEN + 2 < len; i++) {
        char text[MOVE_STR_LEN];
        Undo u;
        notation_move(&pos, pv[i], text, sizeof text);
        k += (size_t)snprintf(buf + k, len - k, "%s%s", i ? " " : "", text);
        move_do(&pos, pv[i], &u);
    }
}

/* Prints one "info" line per finished iteration. */
void cli_print_info(const SearchInfo *info, const Position *root, void *data)
{
    (void)data;
    char score[32], pv[4096];
    cli_format_score(info->score, score, sizeof score);
    cli_format_pv(root, info->pv, info->pvlen, pv, sizeof pv);
    double nps = info->seconds > 0 ? info->nodes / info->seconds : 0;
    printf("info depth %d score %s nodes %" PRIu64 " nps %.0f time %.0f pv %s\n", info->depth,
           score, info->nodes, nps, info->seconds * 1000, pv);
    fflush(stdout);
}

bool cli_load_weights(const char *cmd, const char *path, const Variant *v, Weights *w)
{
    char err[512];
    if (weights_load_game(w, path, v, err, sizeof err))
        return true;
    fprintf(stderr, "maxtune %s: %s\n", cmd, err);
    return false;
}

/* Loads the network at path for game v (NULL path: none, *net NULL); false with a message. */
static bool load_net(const char *cmd, const char *path, const Variant *v, Network **net)
{
    char err[600];
    *net = NULL;
    if (!path)
        return true;
    if (!(*net = nnue_load(path, err, sizeof err))) {
        fprintf(stderr, "maxtune %s: --net %s\n", cmd, err);
        return false;
    }
    if ((*net)->variant != v) {
        fprintf(stderr, "maxtune %s: --net %s is a network of %s, not of %s\n", cmd, path,
                (*net)->variant->name, v->name);
        nnue_free(*net);
        *net = NULL;
        return false;
    }
    return true;
}

int cmd_search(int argc, char **argv)
{
    static const char help[] =
        "usage: maxtune search FEN [--depth D | --nodes N | --movetime MS] [--weights FILE]\n"
        "                          [--net FILE] [--hash MB] [--moves M1 M2 ...]\n"
        "                          [--variant maxima|ultima|martian|martian4]\n"
        "Searches FEN ('start' for the initial position of --variant's game) after playing the\n"
        "--moves; prints one info line per depth (depth, score, nodes, nps, pv) and finally\n"
        "'bestmove <move>'. Weights: a weights file, 'default' or 'material' (the game's).\n"
        "--net: evaluate with that network (job = train) instead. Without a limit: depth 6.\n";
    const Variant *variant;
    int rc = cli_usage_variant("search", &argc, argv, help, 2, argc, false, &variant);
    if (rc >= 0)
        return rc;
    Position start;
    if (!cli_parse_fen("search", argv[1], variant, &start) || !cli_engine_plays("search", &start))
        return EXIT_USAGE;
    SearchLimits limits = {0, 0, 0};
    const char *weights_path = "default", *net_path = NULL;
    long hash = 16, v;
    Move moves[1024];
    int nmoves = 0;
    Position pos = start;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        if (!strcmp(a, "--depth") && has_value) {
            if (!cli_parse_long("search", "--depth", argv[++i], 1, MAX_PLY - 2, &v))
                return EXIT_USAGE;
            limits.depth = (int)v;
        } else if (!strcmp(a, "--nodes") && has_value) {
            if (!cli_parse_long("search", "--nodes", argv[++i], 1, 1000000000000L, &v))
                return EXIT_USAGE;
            limits.nodes = (uint64_t)v;
        } else if (!strcmp(a, "--movetime") && has_value) {
            if (!cli_parse_long("search", "--movetime", argv[++i], 1, 100000000L, &v))
                return EXIT_USAGE;
            limits.movetime_ms = (int)v;
        } else if (!strcmp(a, "--hash") && has_value) {
            if (!cli_parse_long("search", "--hash", argv[++i], 1, 65536, &hash))
                return EXIT_USAGE;
        } else if (!strcmp(a, "--weights") && has_value) {
            weights_path = argv[++i];
        } else if (!strcmp(a, "--net") && has_value) {
            net_path = argv[++i];
        } else if (!strcmp(a, "--moves")) {
            nmoves = cli_play_moves("search", &pos, argc, argv, &i, moves, nmoves,
                                    (int)(sizeof moves / sizeof moves[0]));
            if (nmoves < 0)
                return EXIT_USAGE;
        } else {
            fprintf(stderr, "maxtune search: unknown or incomplete option '%s'\n%s", a, help);
            return EXIT_USAGE;
        }
    }
    Weights w;
    Network *net;
    if (!cli_load_weights("search", weights_path, start.variant, &w) ||
        !load_net("search", net_path, start.variant, &net))
        return EXIT_USAGE;
    Engine *e = engine_new((size_t)hash);
    if (!e || !engine_set_net(e, net)) {
        fprintf(stderr, "maxtune search: out of memory for a %ld MiB hash table\n", hash);
        engine_free(e);
        nnue_free(net);
        return EXIT_FAIL;
    }
    engine_set_weights(e, &w);
    engine_set_position(e, &start, moves, nmoves);
    int score;
    Move best = engine_search(e, &limits, &score, NULL, cli_print_info, NULL);
    char text[MOVE_STR_LEN] = "(none)";
    if (best != MOVE_NONE)
        notation_move(&e->pos, best, text, sizeof text);
    printf("bestmove %s\n", text);
    engine_free(e);
    nnue_free(net);
    return EXIT_OK;
}

/* Bench positions of Maxima: the start, and middle-game positions from
 * tests/data/reference/perft.epd. */
static const char *const BENCH_FENS[] = {
    START_FEN,
    "xxx2xxx/1g1qk1g1/1pnmrnb1/d2ppppd/2b5/2p5/2P3P1/DP1PPP1D/1BN1RNB1/1GM1K1G1/xxx1Qxxx w 8",
    "xxx1qxxx/1g2krg1/b1nm1nb1/dpppp1p1/4P1d1/2R2p2/1P4D1/D1PP1P2/1BNM1NB1/1G1QK1G1/xxx2xxx w 12",
    "xxx2xxx/1gbqkrg1/2n1n1bp/dppp1p2/P3N2d/Mp6/7m/3PPPPD/DP2RN2/BG1QK1GB/xxx2xxx b 19",
    "xxx2xxx/1gmqkn1d/1bn1rgb1/Gppp1p2/3P4/5p1p/2DN4/1PP2PPD/1B2R1B1/P1MQKNG1/xxx2xxx b 27",
    "xxx2xxx/1gq1k1gd/db1mr3/pnpp4/2P3p1/4K3/1n1P4/PDP1N1PD/2NMRp2/BG1Q1BG1/xxx2xxx b 35",
    "xxxq1xxx/1g1m2g1/db1n2k1/1ppp1npd/5r2/4P3/4Pp2/D2K1Pp1/1PNM1GPD/BGQR1N2/xxx1Bxxx w 50",
    "xxx2xxx/3qk3/2m2g2/1ppR4/2n1b1rd/gDP4D/3bPn2/1P4P1/G1Q1N1BG/1PB1Kp2/xxxM1xxx w 66",
};

/* Bench positions of Ultima: the start and seven playouts of tests/data/reference/ultima_perft.epd
 * (28 to 130 plies). */
static const char *const BENCH_FENS_ULTIMA[] = {
    "rnbqkbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBKQBNR w 0",
    "2q1kbnm/p3pppp/5b2/6B1/p1p3P1/8/1PP2PPP/MN1K1BNR w 0",
    "2r1kbnm/ppp1pp2/5qp1/5BP1/5B2/8/6PP/MN1KQN1R w 0",
    "p5nm/1b1pkp1p/4p3/3P1B2/bP4p1/4P3/P4P1q/MN1K1Q1R w 0",
    "b2qk1nm/3p2pp/8/P7/3P4/MB1K1P2/P2P4/2p2B1Q w 0",
    "8/4k3/b7/1Q3P2/1P3K2/b7/BP5P/1N1M4 w 0",
    "3k3m/p6p/P5p1/1n6/3Pb2N/M1P5/5B2/4K3 b 0",
    "3kP3/2p5/2M5/6N1/7P/8/p4K2/8 w 0",
};

/* Bench positions of Martian Chess: the start and seven positions of two seeded random playouts
 * from it (captures taken half the time), 9 to 37 plies in, both sides to move: a crossing that
 * the no-undo rule forbids to undo (3, 5, 7), a called clock (6, 7), an ending with 7 pieces (8). */
static const char *const BENCH_FENS_MARTIAN[] = {
    "QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 - -",
    "QQD1/QD2/D1P1/P1P1/P2D/P1P1/2DQ/D1QQ n 0 0 - -",
    "QQD1/QD1P/D3/P3/P2P/P1P1/2DQ/DQ1Q s 0 2 c5-d4 -",
    "QQ2/1QDQ/D3/P3/P3/P1P1/2DQ/1D1Q n 3 3 - -",
    "Q3/D2Q/4/PQ2/4/P1P1/2DQ/3Q n 9 5 b3-b5 -",
    "1PQQ/3D/1P2/2P1/2Q1/4/1QD1/P1Q1 n 5 8 - 7",
    "2QQ/2P1/1P2/4/3Q/1QD1/4/P1Q1 s 6 10 c5-d4 7",
    "Q3/2D1/4/2P1/4/P3/D2Q/3Q n 10 11 b4-c5 -",
};
/* Bench positions of four-player Martian Chess: the start and seven positions of the reference
 * playouts (tests/data/reference/martian4_moves.txt: playout_s12, s14, s15, s18, s20, s24, s36),
 * every player to move, a called clock (s12, s24), an ending with 25 pieces (s20). */
static const char *const BENCH_FENS_MARTIAN4[] = {
    "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 0 0 -",
    "QQDP1DQQ/QDP3DQ/1P2P1PD/8/D1P2PD1/D1P2P1D/Q1D2P1Q/QQDP1DQQ 4 0 1 6",
    "QQ5Q/1DP1QPDQ/D3D2D/2PP3P/5P2/DDPP1PQD/Q4DD1/Q2QP1QQ 4 7 2 -",
    "1P1D1Q1Q/3Q1PDQ/D5PD/DDQQQ3/8/PP3PQ1/D1P2Q2/1QDQPD1D 2 5 6 -",
    "QQ1D2DQ/1DP5/D1Q1PPD1/3D1PPP/5P1D/QPPPQ3/1D6/QQ3DQQ 3 9 5 -",
    "4D3/3Q2D1/2DPQ3/4QP1D/D6P/6Q1/5DQD/6Q1 3 13 24 -",
    "QQD4Q/Q1P2PD1/DDP2P1D/7D/6PQ/DP2P1P1/QDPDQ2Q/Q3P1Q1 2 9 5 7",
    "1Q1D1PQ1/1D2DPDQ/3P3D/1D1PQ2Q/1Q1D1P2/Q3QQP1/Q1P1Q3/2D1D3 1 9 5 -",
};
enum { BENCH_NB = sizeof BENCH_FENS / sizeof BENCH_FENS[0] };
_Static_assert(sizeof BENCH_FENS_MARTIAN4 / sizeof BENCH_FENS_MARTIAN4[0] == BENCH_NB,
               "as many bench positions in each game");
_Static_assert(sizeof BENCH_FENS_ULTIMA / sizeof BENCH_FENS_ULTIMA[0] == BENCH_NB,
               "as many bench positions in each game");
_Static_assert(sizeof BENCH_FENS_MARTIAN / sizeof BENCH_FENS_MARTIAN[0] == BENCH_NB,
               "as many bench positions in each game");

/* The bench positions of game v (one of the engine's games). */
static const char *const *bench_fens(const Variant *v)
{
    switch (v->id) {
    case VARIANT_ULTIMA:
        return BENCH_FENS_ULTIMA;
    case VARIANT_MARTIAN:
        return BENCH_FENS_MARTIAN;
    case VARIANT_MARTIAN4:
        return BENCH_FENS_MARTIAN4;
    default:
        return BENCH_FENS;
    }
}

int cmd_bench(int argc, char **argv)
{
    static const char help[] =
        "usage: maxtune bench [DEPTH] [--variant maxima|ultima|martian|martian4]\n"
        "                     [--weights FILE] [--net FILE]\n"
        "Searches a fixed set of positions of the game (Maxima by default) to DEPTH (default 7)\n"
        "with its default weights (or --weights: a file, 'default' or 'material') and a 16 MiB\n"
        "hash; prints each position's nodes, then the total node count (a signature that\n"
        "changes only when search behaviour changes) and nodes/s. --net: evaluate with that\n"
        "network (job = train).\n";
    const char *weights_path = "default", *net_path = NULL;
    for (int i = 1; i < argc; i++) {
        bool net = !strcmp(argv[i], "--net");
        if (strcmp(argv[i], "--weights") && !net)
            continue;
        if (i + 1 >= argc) {
            fprintf(stderr, "maxtune bench: %s needs a file\n%s", argv[i], help);
            return EXIT_USAGE;
        }
        *(net ? &net_path : &weights_path) = argv[i + 1];
        memmove(&argv[i], &argv[i + 2], (size_t)(argc - i - 2 + 1) * sizeof *argv);
        argc -= 2;
        i--;
    }
    const Variant *variant;
    int rc = cli_usage_variant("bench", &argc, argv, help, 1, 2, false, &variant);
    if (rc >= 0)
        return rc;
    if (!variant)
        variant = variant_get(VARIANT_MAXIMA);
    const char *const *fens = bench_fens(variant);
    long depth = 7;
    if (argc == 2 && !cli_parse_long("bench", "DEPTH", argv[1], 1, 30, &depth))
        return EXIT_USAGE;
    Engine *e = engine_new(16);
    if (!e) {
        fprintf(stderr, "maxtune bench: out of memory\n");
        return EXIT_FAIL;
    }
    Weights w;
    Network *net = NULL;
    if (!cli_load_weights("bench", weights_path, variant, &w) ||
        !load_net("bench", net_path, variant, &net) || !engine_set_net(e, net)) {
        engine_free(e);
        nnue_free(net);
        return EXIT_USAGE;
    }
    uint64_t total = 0;
    double t0 = clock_now();
    engine_set_weights(e, &w);
    for (size_t i = 0; i < BENCH_NB; i++) {
        Position pos;
        fen_parse_variant(&pos, fens[i], variant, NULL, 0);
        engine_new_game(e);
        engine_set_position(e, &pos, NULL, 0);
        SearchLimits limits = {(int)depth, 0, 0};
        SearchInfo last;
        int score;
        Move best = engine_search(e, &limits, &score, &last, NULL, NULL);
        char text[MOVE_STR_LEN];
        notation_move(&pos, best, text, sizeof text);
        printf("position %zu: nodes %" PRIu64 " score %d bestmove %s\n", i + 1, last.nodes, score,
               text);
        total += last.nodes;
    }
    double secs = clock_now() - t0;
    printf("bench: %" PRIu64 " nodes %.0f nps (depth %ld, %.2f s)\n", total,
           secs > 0 ? total / secs : 0, depth, secs);
    engine_free(e);
    nnue_free(net);
    return EXIT_OK;
}

/* Takes "--signs" out of argv; true when it was there. */
static bool take_signs_flag(int *argc, char **argv)
{
    bool found = false;
    int n = 0;
    for (int i = 0; i < *argc; i++)
        if (i > 0 && !strcmp(argv[i], "--signs"))
            found = true;
        else
            argv[n++] = argv[i];
    *argc = n;
    return found;
}

/* Prints the weights of w (game v) whose value contradicts the sign their meaning fixes, one a
 * line, or that there is none; EXIT_FAIL when there is one. */
static int print_signs(const Weights *w, const Variant *v)
{
    int idx[W_NB], n = weights_sign_contradictions(w, v, idx, W_NB);
    for (int k = 0; k < n; k++)
        printf("%s = %d contradicts its meaning, %s: %s\n", weight_defs[idx[k]].name, w->v[idx[k]],
               weight_defs[idx[k]].sign == SIGN_REWARD ? "a reward (>= 0)" : "a penalty (<= 0)",
               weights_doc(v, idx[k]));
    printf("signs that contradict their meaning: %d\n", n);
    return n ? EXIT_FAIL : EXIT_OK;
}

int cmd_weights(int argc, char **argv)
{
    static const char help[] =
        "usage: maxtune weights [FILE|default|v1|v2|material] [--variant "
        "maxima|ultima|martian|martian4] [--signs]\n"
        "Prints a weights set as a valid weights file (the defaults without an argument), with\n"
        "each weight's meaning and range. A file is read and checked first. --variant ultima\n"
        "prints and reads Ultima's table (its own weights; 'ultima' is its start table),\n"
        "--variant martian Martian Chess's ('start' is its start table). --signs prints instead\n"
        "each weight whose value contradicts the sign its meaning fixes (a reward below 0, a\n"
        "penalty above 0) and their count; exit 1 when there is one.\n";
    bool signs = take_signs_flag(&argc, argv);
    const Variant *variant;
    int rc = cli_usage_variant("weights", &argc, argv, help, 1, 2, false, &variant);
    if (rc >= 0)
        return rc;
    if (!variant)
        variant = variant_get(VARIANT_MAXIMA);
    Weights w;
    if (!cli_load_weights("weights", argc == 2 ? argv[1] : "default", variant, &w))
        return EXIT_USAGE;
    if (signs)
        return print_signs(&w, variant);
    weights_write_game(&w, variant, stdout);
    return EXIT_OK;
}
