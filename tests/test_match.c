/* test_match.c: the pieces of the match runner: the checkpoint journal (round trip, a record
 * cut short by a kill, corruption, a different config), the journal encoding of game pairs,
 * one game between engines on tiny positions (endings by the rules and by adjudication), pair
 * validation and openings files. Statistics are tested in test_stats.c, the whole runner by
 * tests/match_cli.sh. Files are written to a mkdtemp folder in /tmp. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "tune/jobs/catalog.h"
#include "core/fen.h"
#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "search/eval.h"
#include "tests/lib/fixtures.h"
#include "tune/play/game.h"
#include "tune/run/journal.h"
#include "tune/play/match.h"
#include "tune/play/pairs.h"
#include "tune/play/pgn.h"
#include "tune/play/player_config.h"
#include "tune/play/match_config.h"

enum { MAX_RECORDS = 64 };

/* Journal records collected by collect(); reject_index makes it refuse that index. */
typedef struct Records {
    int n;
    long index[MAX_RECORDS];
    char payload[MAX_RECORDS][128];
    long reject_index;
} Records;

/* JournalRecordFn that stores every record in a Records. */
static bool collect(void *data, long index, const char *payload, char *why, size_t whylen)
{
    Records *r = data;
    if (index == r->reject_index) {
        snprintf(why, whylen, "rejected by the test");
        return false;
    }
    if (r->n == MAX_RECORDS) {
        snprintf(why, whylen, "too many records");
        return false;
    }
    r->index[r->n] = index;
    snprintf(r->payload[r->n], sizeof r->payload[r->n], "%s", payload);
    r->n++;
    return true;
}

/* The temporary folder of the running test (made by setup_dir, removed by teardown_dir). */
typedef struct TestDir {
    char dir[64];
    char path[128]; /* dir/checkpoint.journal */
} TestDir;

/* cmocka setup: a fresh folder holding the journal path. */
static int setup_dir(void **state)
{
    TestDir *t = calloc(1, sizeof *t);
    if (!t)
        return -1;
    snprintf(t->dir, sizeof t->dir, "/tmp/test_match_XXXXXX");
    if (!mkdtemp(t->dir)) {
        free(t);
        return -1;
    }
    snprintf(t->path, sizeof t->path, "%s/checkpoint.journal", t->dir);
    *state = t;
    return 0;
}

/* cmocka teardown: removes the folder's files and the folder. */
static int teardown_dir(void **state)
{
    TestDir *t = *state;
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", t->dir);
    int rc = system(cmd);
    free(t);
    return rc == 0 ? 0 : -1;
}

/* Reads a whole (small) file into buf; returns its length. */
static size_t slurp(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = '\0';
    fclose(f);
    return n;
}

/* Replaces a file's contents with text. */
static void spill(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* Size of a file in bytes. */
static long file_size(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return (long)st.st_size;
}

static const char *const PAYLOADS[] = {"2 0 3 1a 2b 3c 0 3 0", "alpha beta", "x", "1 1 0 1 1 0"};
enum { NPAYLOADS = 4, HASH = 0x1234 };

/* Opens the test journal, expecting success; returns the records replayed. */
static Records open_ok(Journal *j, const char *path, uint64_t hash)
{
    Records r = {.reject_index = -1};
    char err[512] = "";
    if (!journal_open(j, path, hash, collect, &r, err, sizeof err))
        fail_msg("journal_open failed: %s", err);
    return r;
}

/* Creates the test journal with the PAYLOADS as records 10, 11, ... and closes it. */
static void write_sample(const char *path)
{
    Journal j;
    Records r = open_ok(&j, path, HASH);
    assert_int_equal(r.n, 0);
    for (int i = 0; i < NPAYLOADS; i++)
        assert_true(journal_append(&j, 10 + i, PAYLOADS[i]));
    journal_close(&j, false);
}

/* Asserts that the records are the first n PAYLOADS, in order. */
static void assert_sample(const Records *r, int n)
{
    assert_int_equal(r->n, n);
    for (int i = 0; i < n; i++) {
        assert_int_equal(r->index[i], 10 + i);
        assert_string_equal(r->payload[i], PAYLOADS[i]);
    }
}

/* Opening the journal must fail with a message starting "path:line: " and holding keyword. */
static void expect_open_error(const char *path, uint64_t hash, long reject, int line,
                              const char *keyword)
{
    Journal j;
    Records r = {.reject_index = reject};
    char err[512] = "", want[256];
    bool ok = journal_open(&j, path, hash, collect, &r, err, sizeof err);
    snprintf(want, sizeof want, "%s:%d: ", path, line);
    if (ok) {
        journal_close(&j, false);
        fail_msg("journal_open succeeded, want \"%s...%s\"", want, keyword);
    }
    if (strncmp(err, want, strlen(want)) != 0 || !strstr(err, keyword))
        fail_msg("want \"%s...%s\", got \"%s\"", want, keyword, err);
}

/* Records written, closed and opened again come back in order, and appends continue. */
static void test_journal_round_trip(void **state)
{
    TestDir *t = *state;
    write_sample(t->path);
    Journal j;
    Records r = open_ok(&j, t->path, HASH);
    assert_sample(&r, NPAYLOADS);
    assert_true(journal_append(&j, 99, "more"));
    journal_close(&j, false);
    r = open_ok(&j, t->path, HASH);
    assert_int_equal(r.n, NPAYLOADS + 1);
    assert_int_equal(r.index[NPAYLOADS], 99);
    assert_string_equal(r.payload[NPAYLOADS], "more");
    journal_close(&j, true);
    assert_int_equal(access(t->path, F_OK), -1); /* removed when the run is complete */
}

/* A last line cut short (a kill in the middle of a write) is dropped and cut from the file. */
static void test_journal_truncated_last_line(void **state)
{
    TestDir *t = *state;
    write_sample(t->path);
    char text[4096];
    size_t len = slurp(t->path, text, sizeof text);
    long good = file_size(t->path);
    /* Cut the last record in the middle: the file then ends without a newline. */
    size_t cut = len - 5;
    spill(t->path, text, cut);
    Journal j;
    Records r = open_ok(&j, t->path, HASH);
    assert_sample(&r, NPAYLOADS - 1);
    assert_true(file_size(t->path) < good);
    char repaired[4096];
    slurp(t->path, repaired, sizeof repaired);
    assert_int_equal(repaired[strlen(repaired) - 1], '\n'); /* the partial line is gone */
    /* Appending after the repair gives a valid journal again. */
    assert_true(journal_append(&j, 10 + NPAYLOADS - 1, PAYLOADS[NPAYLOADS - 1]));
    journal_close(&j, false);
    r = open_ok(&j, t->path, HASH);
    assert_sample(&r, NPAYLOADS);
    journal_close(&j, false);
    assert_int_equal(file_size(t->path), good);
}

/* A file cut short inside its header, or empty, is started afresh and stays readable. */
static void test_journal_truncated_header(void **state)
{
    TestDir *t = *state;
    for (int variant = 0; variant < 2; variant++) {
        spill(t->path, "maxtune-journal 1 00000", variant ? 23 : 0);
        Journal j;
        Records r = open_ok(&j, t->path, HASH);
        assert_int_equal(r.n, 0);
        assert_true(journal_append(&j, 10, PAYLOADS[0]));
        journal_close(&j, false);
        r = open_ok(&j, t->path, HASH);
        assert_sample(&r, 1);
        journal_close(&j, false);
    }
}

/* A damaged line in the middle is an error naming the file and line; the file is kept. */
static void test_journal_corrupted_middle_line(void **state)
{
    TestDir *t = *state;
    write_sample(t->path);
    char text[4096];
    size_t len = slurp(t->path, text, sizeof text);
    /* Line 3 is the record of PAYLOADS[1], "11 alpha beta <sum>": change one letter. */
    char *p = strstr(text, "alpha");
    assert_non_null(p);
    *p = 'A';
    spill(t->path, text, len);
    expect_open_error(t->path, HASH, -1, 3, "corrupted checkpoint");
    expect_open_error(t->path, HASH, -1, 3, "lines 1-2 hold intact work");
    expect_open_error(t->path, HASH, -1, 3, "or use --force");
    assert_int_equal(file_size(t->path), (long)len);
    /* A line without its checksum is as bad. */
    char *nl = strchr(text, '\n');
    assert_non_null(nl);
    char broken[4096];
    int n = snprintf(broken, sizeof broken, "%.*s12 no checksum\n%s", (int)(nl + 1 - text), text,
                     nl + 1);
    spill(t->path, broken, (size_t)n);
    expect_open_error(t->path, HASH, -1, 2, "corrupted checkpoint");
}

/* A NUL byte inside the journal is reported as such, with the line to keep up to; a file of NUL
 * bytes at its end (a power loss can leave one) is a record cut short, dropped. */
static void test_journal_nul_byte(void **state)
{
    TestDir *t = *state;
    write_sample(t->path);
    char text[4096];
    size_t len = slurp(t->path, text, sizeof text);
    char *p = strstr(text, "beta");
    assert_non_null(p);
    p[1] = '\0';
    spill(t->path, text, len);
    expect_open_error(t->path, HASH, -1, 3, "a NUL byte at column 11");
    expect_open_error(t->path, HASH, -1, 3, "keep only those lines (e.g. head -n 2)");
    remove(t->path);
    write_sample(t->path);
    len = slurp(t->path, text, sizeof text);
    memset(text + len, 0, 100);
    spill(t->path, text, len + 100);
    Journal j;
    Records r = open_ok(&j, t->path, HASH);
    assert_sample(&r, NPAYLOADS);
    journal_close(&j, false);
    assert_int_equal(file_size(t->path), (long)len);
}

/* While a journal is open, a second opening of it is refused (two runs never write one). */
static void test_journal_second_writer(void **state)
{
    TestDir *t = *state;
    write_sample(t->path);
    Journal j, k;
    Records r = open_ok(&j, t->path, HASH), s = {.reject_index = -1};
    assert_sample(&r, NPAYLOADS);
    char err[512] = "";
    assert_false(journal_open(&k, t->path, HASH, collect, &s, err, sizeof err));
    if (!strstr(err, "in use by another run"))
        fail_msg("unexpected error: %s", err);
    assert_true(journal_append(&j, 99, "more"));
    journal_close(&j, false);
    r = open_ok(&j, t->path, HASH);
    assert_int_equal(r.n, NPAYLOADS + 1);
    journal_close(&j, false);
}

/* A record the job refuses is reported with its line and the job's reason. */
static void test_journal_rejected_record(void **state)
{
    TestDir *t = *state;
    write_sample(t->path);
    expect_open_error(t->path, HASH, 12, 4, "rejected by the test");
}

/* A journal of another config, or a file that is no journal, is refused at line 1. */
static void test_journal_other_config(void **state)
{
    TestDir *t = *state;
    write_sample(t->path);
    expect_open_error(t->path, HASH + 1, -1, 1, "different config");
    Journal j;
    Records r = open_ok(&j, t->path, HASH); /* untouched by the refusal */
    assert_sample(&r, NPAYLOADS);
    journal_close(&j, false);
    spill(t->path, "hello\n", 6);
    expect_open_error(t->path, HASH, -1, 1, "not a maxtune checkpoint");
}

/* The config hash is the 64-bit FNV-1a of the text. */
static void test_journal_hash(void **state)
{
    (void)state;
    assert_true(journal_hash("") == 0xCBF29CE484222325ull);
    assert_true(journal_hash("a") == 0xAF63DC4C8601EC8Cull);
    assert_true(journal_hash("a") != journal_hash("b"));
}

/* A pair with n0 and n1 moves of recognisable values. */
static PairResult sample_pair(int n0, int n1)
{
    PairResult p;
    memset(&p, 0, sizeof p);
    int n[2] = {n0, n1};
    for (int g = 0; g < 2; g++) {
        p.game[g].result = (uint8_t)(g ? 0 : 2);
        p.game[g].term = (uint8_t)(g ? TERM_ADJ_RESIGN : TERM_INVASION);
        p.game[g].nmoves = (uint16_t)n[g];
        p.game[g].moves = malloc(((size_t)n[g] + 1) * sizeof(Move));
        assert_non_null(p.game[g].moves);
        for (int i = 0; i < n[g]; i++)
            p.game[g].moves[i] = (Move)((i * 2654435761u + (unsigned)g) & 0x3FFF);
    }
    return p;
}

/* Encoding then decoding a pair gives it back exactly. */
static void test_pair_round_trip(void **state)
{
    (void)state;
    static const int sizes[][2] = {{0, 0}, {1, 0}, {5, 7}, {GAME_MAX_PLIES, GAME_MAX_PLIES}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        PairResult p = sample_pair(sizes[k][0], sizes[k][1]), q;
        p.game[0].moves[0] =
            0xFFFF;   /* the largest move code (a zoned game's clock-calling merge) */
        if (k == 2) { /* the terminations of an external engine's faults travel too */
            p.game[0].term = TERM_ABANDONED;
            p.game[1].term = TERM_TIME_FORFEIT;
        }
        char *text = pair_encode(&p);
        assert_non_null(text);
        char why[256] = "";
        if (!pair_decode(text, &q, why, sizeof why))
            fail_msg("decode of %s failed: %s", text, why);
        for (int g = 0; g < 2; g++) {
            assert_int_equal(q.game[g].result, p.game[g].result);
            assert_int_equal(q.game[g].term, p.game[g].term);
            assert_int_equal(q.game[g].nmoves, p.game[g].nmoves);
            assert_memory_equal(q.game[g].moves, p.game[g].moves,
                                (size_t)p.game[g].nmoves * sizeof(Move));
        }
        free(text);
        pair_free(&p);
        pair_free(&q);
        assert_null(p.game[0].moves);
    }
    /* The documented text form: "result term nmoves moves..." for each game, moves in hex. */
    PairResult p = sample_pair(2, 1);
    p.game[0].moves[0] = 0x3FFF;
    p.game[0].moves[1] = 0x1AB;
    p.game[1].moves[0] = 0;
    char *text = pair_encode(&p);
    assert_non_null(text);
    assert_string_equal(text, "2 3 2 3fff 1ab 0 7 1 0");
    free(text);
    pair_free(&p);
}

/* Damaged payloads are refused with a reason, and nothing leaks. */
static void test_pair_decode_errors(void **state)
{
    (void)state;
    static const struct {
        const char *text, *why;
    } cases[] = {
        {"", "missing"},
        {"2 0 0", "missing"},            /* second game absent */
        {"2 0 2 1", "bad move"},         /* one move of two */
        {"3 0 0 1 0 0", "out of range"}, /* result 3 half points */
        {"-1 0 0 1 0 0", "out of range"},
        {"2 14 0 1 0 0", "out of range"},   /* termination TERM_NB */
        {"2 0 2001 1 0 0", "out of range"}, /* more than GAME_MAX_PLIES */
        {"2 0 1 10000 1 0 0", "bad move"},  /* move code beyond 16 bits */
        {"2 0 1 zz 1 0 0", "bad move"},
        {"2 0 0 1 0 0 5", "trailing"},
        {"2 0 0 1 0 0 x", "trailing"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        PairResult p;
        char why[256] = "";
        if (pair_decode(cases[k].text, &p, why, sizeof why))
            fail_msg("'%s' decoded", cases[k].text);
        if (!strstr(why, cases[k].why))
            fail_msg("'%s': want a reason with '%s', got '%s'", cases[k].text, cases[k].why, why);
        assert_null(p.game[0].moves);
        assert_null(p.game[1].moves);
    }
}

/* Pair scores are from the first player's view in both games. */
static void test_pair_score(void **state)
{
    (void)state;
    PairResult p = sample_pair(0, 0); /* game 0: White (A) won; game 1: White (B) lost */
    assert_true(pair_score(&p, 0) == 1.0);
    assert_true(pair_score(&p, 1) == 1.0);
    p.game[1].result = 1;
    assert_true(pair_score(&p, 1) == 0.5);
    p.game[0].result = 0;
    assert_true(pair_score(&p, 0) == 0.0);
    pair_free(&p);
}

/* Plays a game from fen; checks every move is legal and returns the final position. */
static Position play(GameSetup *s, const char *fen)
{
    Position pos;
    char err[256];
    if (!fen_parse(&pos, fen, err, sizeof err))
        fail_msg("bad test FEN: %s", err);
    game_play(&pos, &s->white, &s->black, &s->mc, &s->rec);
    for (int i = 0; i < s->rec.nmoves; i++) {
        Move legal[MAX_MOVES];
        int n = movegen_legal(&pos, legal), k = 0;
        while (k < n && legal[k] != s->rec.moves[i])
            k++;
        if (k == n)
            fail_msg("ply %d is not a legal move", i + 1);
        Undo u;
        move_do(&pos, s->rec.moves[i], &u);
    }
    return pos;
}

/* Asserts the game's single move, written in notation from fen. */
static void assert_only_move(GameSetup *s, const char *fen, const char *want)
{
    Position pos;
    fen_parse(&pos, fen, NULL, 0);
    assert_int_equal(s->rec.nmoves, 1);
    char text[MOVE_STR_LEN];
    notation_move(&pos, s->rec.moves[0], text, sizeof text);
    assert_string_equal(text, want);
}

/* White takes Black's last piece but the King: Black, to move, has a bare King and loses. */
static void test_game_bare_king_in_one(void **state)
{
    (void)state;
    static const char fen[] = "xxx2xxx/4k3/8/8/p7/D7/8/8/8/4K3/xxx2xxx w 0";
    GameSetup *s = fixtures_game_setup(2, 3, 400);
    assert_non_null(s);
    Position end = play(s, fen);
    assert_only_move(s, fen, "a5-a6xa6");
    assert_int_equal(s->rec.result, 2);
    assert_int_equal(s->rec.term, TERM_BARE_KING);
    assert_int_equal(gamestate_of(&end), GAME_BARE_KING);
    fixtures_game_free(s);
}

/* White's Guard completes the invasion of Black's palace (d10 is held already). */
static void test_game_invasion_in_one(void **state)
{
    (void)state;
    static const char fen[] = "xxxD1xxx/5D2/k7/8/8/7p/8/8/8/4K3/xxx2xxx w 0";
    GameSetup *s = fixtures_game_setup(2, 3, 400);
    assert_non_null(s);
    Position end = play(s, fen);
    assert_only_move(s, fen, "f9-e10");
    assert_int_equal(s->rec.result, 2);
    assert_int_equal(s->rec.term, TERM_INVASION);
    assert_int_equal(gamestate_of(&end), GAME_INVASION);
    fixtures_game_free(s);
}

/* The same with colours reversed: Black wins, White's result is 0. */
static void test_game_black_wins_in_one(void **state)
{
    (void)state;
    static const char fen[] = "xxx2xxx/4k3/8/8/8/d7/P7/8/8/4K3/xxx2xxx b 0";
    GameSetup *s = fixtures_game_setup(2, 3, 400);
    assert_non_null(s);
    play(s, fen);
    assert_only_move(s, fen, "a5-a4xa4");
    assert_int_equal(s->rec.result, 0);
    assert_int_equal(s->rec.term, TERM_BARE_KING);
    fixtures_game_free(s);
}

/* A position that is already over is not played: the side to move has a bare King. */
static void test_game_over_at_start(void **state)
{
    (void)state;
    GameSetup *s = fixtures_game_setup(2, 3, 400);
    assert_non_null(s);
    play(s, "xxx2xxx/4k3/8/8/8/8/8/8/8/4K3/xxx2xxx w 0");
    assert_int_equal(s->rec.nmoves, 0);
    assert_int_equal(s->rec.result, 0);
    assert_int_equal(s->rec.term, TERM_BARE_KING);
    fixtures_game_free(s);
}

/* Writes the game of s from opening as PGN into a malloc'd text. */
static char *game_pgn(const GameSetup *s, const Position *opening)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    pgn_write_game(f, "t", "1", "W", "B", opening, s->rec.moves, s->rec.nmoves, s->rec.result,
                   s->rec.term);
    fclose(f);
    return text;
}

/* In Ultima a stalemate loses (docs/rules/ultima.md 7): Black, stalemated at the start, loses, and the
 * PGN says the game and the ending; White stalemates Black in one from the ply before. */
static void test_game_ultima_stalemate(void **state)
{
    (void)state;
    GameSetup *s = fixtures_game_setup(2, 3, 400);
    assert_non_null(s);
    Position opening;
    assert_true(fen_parse(&opening, "k7/1M6/8/8/8/8/8/7K b 0", NULL, 0));
    play(s, "k7/1M6/8/8/8/8/8/7K b 0");
    assert_int_equal(s->rec.nmoves, 0);
    assert_int_equal(s->rec.result, 2);
    assert_int_equal(s->rec.term, TERM_STALEMATE);
    char *pgn = game_pgn(s, &opening);
    assert_non_null(strstr(pgn, "[Variant \"Ultima\"]\n"));
    assert_non_null(strstr(pgn, "{stalemate (a loss)} 1-0\n"));
    free(pgn);
    play(s, "8/8/2M5/8/3k4/K7/8/8 w 0");
    assert_int_equal(s->rec.result, 2);
    assert_int_equal(s->rec.term, TERM_STALEMATE);
    assert_int_equal(s->rec.nmoves, 1);
    play(s, "start"); /* Maxima's PGN is as it was */
    assert_true(fen_parse(&opening, "start", NULL, 0));
    pgn = game_pgn(s, &opening);
    assert_non_null(strstr(pgn, "[Variant \"Maxima\"]\n"));
    free(pgn);
    assert_string_equal(game_termination_text(TERM_STALEMATE, opening.variant), "stalemate");
    fixtures_game_free(s);
}

/* max_plies ends the game as a draw after exactly that many plies. */
static void test_game_max_plies(void **state)
{
    (void)state;
    GameSetup *s = fixtures_game_setup(2, 3, 6);
    assert_non_null(s);
    Position end = play(s, "start");
    assert_int_equal(s->rec.nmoves, 6);
    assert_int_equal(s->rec.result, 1);
    assert_int_equal(s->rec.term, TERM_MAX_PLIES);
    assert_int_equal(gamestate_of(&end), GAME_ONGOING);
    assert_false(game_termination_is_normal(TERM_MAX_PLIES));
    fixtures_game_free(s);
}

/* The ply at which a game from `opening` must stop by the rules or by the repetition rule
 * (the repetition-th occurrence of a position, same side to move, since the last capture),
 * given its moves; -1 when neither happens. *term gets the ending. */
static int first_ending(const Position *opening, const GameRecord *rec, long repetition,
                        Termination *term)
{
    static uint64_t keys[GAME_MAX_PLIES + 1];
    Position pos = *opening;
    int floor = 0;
    for (int ply = 0;; ply++) {
        keys[ply] = pos.key;
        GameState st = gamestate_of(&pos);
        if (st != GAME_ONGOING) {
            *term = st == GAME_CHECKMATE   ? TERM_CHECKMATE
                    : st == GAME_STALEMATE ? TERM_STALEMATE
                    : st == GAME_BARE_KING ? TERM_BARE_KING
                                           : TERM_INVASION;
            return ply;
        }
        int count = 0;
        for (int i = ply; i >= floor; i -= 2)
            count += keys[i] == pos.key;
        if (repetition > 0 && count >= repetition) {
            *term = TERM_REPETITION;
            return ply;
        }
        if (ply == rec->nmoves)
            return -1;
        Undo u;
        move_do(&pos, rec->moves[ply], &u);
        if (u.ncap)
            floor = ply + 1;
    }
}

/* Repetition: whatever the engines play, a game stops exactly at the first N-th occurrence of
 * a position (N = 3, then 2) as a draw, and not before; with the rule off it never does. Quiet
 * positions (Kings and Pincers) at small depths make the engines shuffle, so some of the games
 * must end that way. */
static void test_game_repetition(void **state)
{
    (void)state;
    static const char *const fens[] = {
        "xxx2xxx/p3k3/8/8/8/8/8/8/8/P3K3/xxx2xxx w 0",
        "xxx2xxx/4k3/pppppppp/8/8/8/8/8/PPPPPPPP/4K3/xxx2xxx w 0",
        "xxx2xxx/4k2p/8/8/8/8/8/8/8/P3K3/xxx2xxx b 0",
    };
    static const long reps[] = {3, 2, 0};
    for (size_t r = 0; r < sizeof reps / sizeof reps[0]; r++) {
        int repeated = 0;
        for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
            for (int depth = 1; depth <= 3; depth++) {
                GameSetup *s = fixtures_game_setup(depth, reps[r], 200);
                assert_non_null(s);
                Position opening;
                fen_parse(&opening, fens[f], NULL, 0);
                play(s, fens[f]);
                Termination want;
                int end = first_ending(&opening, &s->rec, reps[r], &want);
                if (end < 0) {
                    assert_int_equal(s->rec.term, TERM_MAX_PLIES);
                    assert_int_equal(s->rec.nmoves, 200);
                } else {
                    if ((int)s->rec.term != (int)want || s->rec.nmoves != end)
                        fail_msg("%s depth %d repetition %ld: ended by %s after %d plies, want "
                                 "%s after %d",
                                 fens[f], depth, reps[r], game_termination_name(s->rec.term),
                                 s->rec.nmoves, game_termination_name(want), end);
                }
                if (s->rec.term == TERM_REPETITION) {
                    assert_int_equal(s->rec.result, 1);
                    repeated++;
                }
                fixtures_game_free(s);
            }
        }
        if (reps[r] > 0 && repeated == 0)
            fail_msg("no game ended by repetition with repetition = %ld", reps[r]);
    }
    assert_false(
        game_termination_is_normal(TERM_REPETITION)); /* an adjudication: docs/rules/maxima.md 8 */
}

/* Draw adjudication: from move 1, one move each within the (huge) draw score. */
static void test_game_draw_adjudication(void **state)
{
    (void)state;
    GameSetup *s = fixtures_game_setup(1, 3, 400);
    assert_non_null(s);
    s->mc.draw_move_number = 0;
    s->mc.draw_move_count = 1;
    s->mc.draw_score = 100000;
    play(s, "start");
    assert_int_equal(s->rec.nmoves, 2);
    assert_int_equal(s->rec.result, 1);
    assert_int_equal(s->rec.term, TERM_ADJ_DRAW);
    /* Not before draw_move_number: move 2 is the earliest it may happen now. */
    s->mc.draw_move_number = 2;
    play(s, "start");
    assert_int_equal(s->rec.nmoves, 2);
    s->mc.draw_move_number = 3;
    play(s, "start");
    assert_int_equal(s->rec.nmoves, 4);
    fixtures_game_free(s);
}

/* Resign adjudication: White is a Withdrawer and a Coordinator up and both engines agree. */
static void test_game_resign_adjudication(void **state)
{
    (void)state;
    static const char fen[] = "xxx2xxx/4k3/p7/8/8/8/8/8/Q6P/R3K3/xxx2xxx w 0";
    GameSetup *s = fixtures_game_setup(1, 3, 400);
    assert_non_null(s);
    s->mc.resign_move_count = 1;
    s->mc.resign_score = 300;
    play(s, fen);
    assert_int_equal(s->rec.term, TERM_ADJ_RESIGN);
    assert_int_equal(s->rec.result, 2);
    assert_int_equal(s->rec.nmoves, 2);
    assert_false(game_termination_is_normal(TERM_ADJ_RESIGN));
    fixtures_game_free(s);
}

/* Termination names are the PGN comments the replay command reads back. */
static void test_termination_names(void **state)
{
    (void)state;
    assert_string_equal(game_termination_name(TERM_CHECKMATE), "checkmate");
    assert_string_equal(game_termination_name(TERM_REPETITION), "repetition");
    for (int t = 0; t < TERM_NB; t++) {
        assert_non_null(game_termination_name((Termination)t));
        assert_int_equal(game_termination_is_normal((Termination)t),
                         t <= TERM_INVASION || t >= TERM_EMPTY_ZONE);
    }
}

/* A pair played by workers is valid from its opening; a changed move is not; the same pair
 * index gives the same games again (pairs are seeded by index). */
static void test_pair_play_and_validate(void **state)
{
    (void)state;
    Config cfg;
    config_defaults(&cfg);
    player_config_edit(&cfg, 0)->nodes = player_config_edit(&cfg, 1)->nodes = 200;
    player_config_edit(&cfg, 0)->hash_mb = player_config_edit(&cfg, 1)->hash_mb = 1;
    match_config_edit(&cfg)->max_plies = 60;
    Openings o;
    char err[256];
    assert_true(openings_load(&o, match_config(&cfg), config_variant(&cfg), 7, err, sizeof err));
    Weights wa, wb;
    weights_default(&wa);
    weights_material_only(&wb);
    PairWorker w;
    assert_true(pair_worker_init(&w, &cfg));
    PairResult p, q;
    assert_true(pair_play(&w, &cfg, &o, 3, &wa, &wb, &p));
    assert_true(pair_play(&w, &cfg, &o, 3, &wa, &wb, &q));
    Position opening;
    openings_get(&o, 3, &opening);
    char why[256] = "";
    if (!match_pair_is_valid(&p, &opening, why, sizeof why))
        fail_msg("played pair invalid: %s", why);
    for (int g = 0; g < 2; g++) {
        assert_true(p.game[g].nmoves > 0);
        assert_int_equal(p.game[g].nmoves, q.game[g].nmoves);
        assert_memory_equal(p.game[g].moves, q.game[g].moves,
                            (size_t)p.game[g].nmoves * sizeof(Move));
        assert_int_equal(p.game[g].result, q.game[g].result);
    }
    p.game[1].moves[0] = move_make(3, 3); /* d0-d0: no piece can do that in an opening */
    assert_false(match_pair_is_valid(&p, &opening, why, sizeof why));
    assert_non_null(strstr(why, "game 2, ply 1"));
    pair_free(&p);
    pair_free(&q);
    pair_worker_free(&w);
    openings_free(&o);
}

/* Openings files: FENs one per line, comments and blank lines skipped, errors "file:line:". */
static void test_openings_file(void **state)
{
    TestDir *t = *state;
    char path[160];
    snprintf(path, sizeof path, "%s/openings.txt", t->dir);
    Config cfg;
    config_defaults(&cfg);
    MatchConfig *mc = match_config_edit(&cfg);
    snprintf(mc->openings, sizeof mc->openings, "%s", path);
    static const char good[] = "# two openings\n\nstart\n"
                               "xxx2xxx/p3k3/8/8/8/8/8/8/8/P3K3/xxx2xxx b 0\n";
    spill(path, good, strlen(good));
    Openings o;
    char err[512] = "";
    if (!openings_load(&o, match_config(&cfg), config_variant(&cfg), 1, err, sizeof err))
        fail_msg("openings_load: %s", err);
    Position a, b;
    openings_get(&o, 0, &a);
    openings_get(&o, 3, &b); /* index modulo the number of openings */
    assert_int_equal(a.side, WHITE);
    assert_int_equal(b.side, BLACK);
    openings_free(&o);
    static const struct {
        const char *text;
        int line;
        const char *keyword;
    } bad[] = {
        {"start\nnot a fen\n", 2, ""},
        {"start\n\nxxx2xxx/4k3/8/8/8/8/8/8/8/4K3/xxx2xxx w 0\n", 3, "already over"},
        {"start\nxxx2x\x1bx/8/8/8/8/8/8/8/8/8/xxx2xxx w 0\n", 2, "\\x1b"}, /* escaped */
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        spill(path, bad[k].text, strlen(bad[k].text));
        char want[256];
        snprintf(want, sizeof want, "%s:%d: ", path, bad[k].line);
        if (openings_load(&o, match_config(&cfg), config_variant(&cfg), 1, err, sizeof err))
            fail_msg("openings file %zu accepted", k);
        if (strncmp(err, want, strlen(want)) != 0 || !strstr(err, bad[k].keyword) ||
            strchr(err, '\x1b'))
            fail_msg("want \"%s...%s\", got \"%s\"", want, bad[k].keyword, err);
    }
    spill(path, "# nothing\n", 10);
    assert_false(openings_load(&o, match_config(&cfg), config_variant(&cfg), 1, err, sizeof err));
    assert_non_null(strstr(err, "no FEN"));

    /* An Ultima run: "start" is Ultima's, a Maxima FEN is refused at its line, and random
     * openings are played from Ultima's start. */
    const Variant *ultima = variant_get(VARIANT_ULTIMA);
    static const char mixed[] = "start\nk7/pM6/8/8/8/8/8/7K b 0\n"
                                "xxx2xxx/p3k3/8/8/8/8/8/8/8/P3K3/xxx2xxx b 0\n";
    char want[256];
    spill(path, mixed, strlen("start\nk7/pM6/8/8/8/8/8/7K b 0\n")); /* its first two lines */
    assert_true(openings_load(&o, match_config(&cfg), ultima, 1, err, sizeof err));
    assert_int_equal(o.count, 2);
    openings_get(&o, 0, &a);
    assert_true(a.variant == ultima);
    openings_free(&o);
    spill(path, mixed, strlen(mixed));
    snprintf(want, sizeof want, "%s:3: ", path);
    assert_false(openings_load(&o, match_config(&cfg), ultima, 1, err, sizeof err));
    if (strncmp(err, want, strlen(want)) != 0 || !strstr(err, "11 rows"))
        fail_msg("want \"%s...11 rows\", got \"%s\"", want, err);
    snprintf(mc->openings, sizeof mc->openings, "random");
    assert_true(openings_load(&o, match_config(&cfg), ultima, 1, err, sizeof err));
    openings_get(&o, 5, &a);
    assert_true(a.variant == ultima);
    assert_int_equal(a.plies, 0);
    openings_free(&o);
}

/* Builds the core and evaluation tables once. */
static int init_tables(void **state)
{
    (void)state;
    core_init();
    eval_init();
    return 0;
}

/* Runs every test of the match runner's pieces. */
int main(void)
{
    catalog_register(); /* the config's sections */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_journal_round_trip, setup_dir, teardown_dir),
        cmocka_unit_test_setup_teardown(test_journal_truncated_last_line, setup_dir, teardown_dir),
        cmocka_unit_test_setup_teardown(test_journal_truncated_header, setup_dir, teardown_dir),
        cmocka_unit_test_setup_teardown(test_journal_corrupted_middle_line, setup_dir,
                                        teardown_dir),
        cmocka_unit_test_setup_teardown(test_journal_nul_byte, setup_dir, teardown_dir),
        cmocka_unit_test_setup_teardown(test_journal_second_writer, setup_dir, teardown_dir),
        cmocka_unit_test_setup_teardown(test_journal_rejected_record, setup_dir, teardown_dir),
        cmocka_unit_test_setup_teardown(test_journal_other_config, setup_dir, teardown_dir),
        cmocka_unit_test(test_journal_hash),
        cmocka_unit_test(test_pair_round_trip),
        cmocka_unit_test(test_pair_decode_errors),
        cmocka_unit_test(test_pair_score),
        cmocka_unit_test(test_game_bare_king_in_one),
        cmocka_unit_test(test_game_ultima_stalemate),
        cmocka_unit_test(test_game_invasion_in_one),
        cmocka_unit_test(test_game_black_wins_in_one),
        cmocka_unit_test(test_game_over_at_start),
        cmocka_unit_test(test_game_max_plies),
        cmocka_unit_test(test_game_repetition),
        cmocka_unit_test(test_game_draw_adjudication),
        cmocka_unit_test(test_game_resign_adjudication),
        cmocka_unit_test(test_termination_names),
        cmocka_unit_test(test_pair_play_and_validate),
        cmocka_unit_test_setup_teardown(test_openings_file, setup_dir, teardown_dir),
    };
    return cmocka_run_group_tests(tests, init_tables, NULL);
}
