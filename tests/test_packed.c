/* test_packed.c: the training positions' records and files (tune/stats/packed.h), as the
 * datagen job writes them and the trainer reads them:
 *
 * - every position of random playouts of all four games (Maxima, Ultima, Martian Chess and its
 *   four-player game) packs and unpacks to the same position (board, bitboards, side, plies,
 *   key, the zoned games' points, last crossing and clock) and the same label (score, result,
 *   flags, game); in the zoned games the playouts reach points, called clocks and (two
 *   players) crossings;
 * - a file written by PackedWriter loads back record for record, and a writer given fewer
 *   records than promised fails;
 * - packed_load refuses a truncated file, a flipped byte (the checksum), a wrong magic and a
 *   record with a bad piece code, each with one message naming the file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "tests/lib/fixtures.h"

#include "core/fen.h"
#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "core/position.h"
#include "tune/stats/packed.h"
#include "tune/stats/rng.h"

enum { PLAYOUTS = 40, PLAYOUT_PLIES = 400, FILE_RECORDS = 200 };

/* The start position of game v. */
static void start_position(const Variant *v, Position *pos)
{
    char err[256];
    if (!fen_parse_variant(pos, "start", v, err, sizeof err))
        fail_msg("%s: %s", v->name, err);
}

/* Packs pos with a random label, checks and unpacks it: the same position and label. */
static void round_trip(const Position *pos, Rng *rng, uint32_t game)
{
    PackedLabel in = {(int)rng_below(rng, 64001) - 32000, (int)rng_below(rng, 3),
                      (unsigned)rng_below(rng, 4), game},
                out;
    PackedPos r;
    char why[160] = "";
    assert_true(packed_encode(pos, &in, &r));
    if (!packed_check(&r, pos->variant, why, sizeof why))
        fail_msg("a packed position of %s is refused: %s", pos->variant->name, why);
    Position back;
    packed_decode(&r, pos->variant, &back, &out);
    assert_true(fixtures_same_position(pos, &back));
    assert_int_equal(out.score, in.score);
    assert_int_equal(out.result, in.result);
    assert_int_equal(out.flags, in.flags);
    assert_int_equal(out.game, in.game);
    assert_int_equal(packed_side(&r), pos->side);
}

/* Random playouts of game id: every position round-trips; the zoned games reach points, a
 * called clock and (two players) a last crossing. */
static void playouts(VariantId id)
{
    const Variant *v = variant_get(id);
    Rng rng = rng_for(17, 5, (uint64_t)id);
    long positions = 0, points = 0, crossings = 0, clocks = 0;
    for (int p = 0; p < PLAYOUTS; p++) {
        Position pos;
        start_position(v, &pos);
        for (int ply = 0; ply < PLAYOUT_PLIES; ply++) {
            round_trip(&pos, &rng, (uint32_t)p);
            positions++;
            points += pos.score[WHITE] + pos.score[BLACK] > 0;
            crossings += pos.last_from != NO_SQ;
            clocks += pos.clock >= 0;
            Move legal[MAX_MOVES];
            int n = movegen_legal(&pos, legal);
            if (gamestate_from_count(&pos, n) != GAME_ONGOING)
                break;
            Undo u;
            move_do(&pos, legal[rng_below(&rng, (uint64_t)n)], &u);
        }
    }
    assert_true(positions > PLAYOUTS);
    if (variant_zoned(v)) {
        assert_true(points > 0);
        assert_true(crossings > 0 || v->players == 4); /* four players: no no-undo rule */
        assert_true(clocks > 0);
    }
}

static void test_round_trip_maxima(void **state)
{
    (void)state;
    playouts(VARIANT_MAXIMA);
}

static void test_round_trip_ultima(void **state)
{
    (void)state;
    playouts(VARIANT_ULTIMA);
}

static void test_round_trip_martian(void **state)
{
    (void)state;
    playouts(VARIANT_MARTIAN);
}

static void test_round_trip_martian4(void **state)
{
    (void)state;
    playouts(VARIANT_MARTIAN4);
}

/* FILE_RECORDS records of a Maxima playout (game 0, scores k). */
static void sample_records(PackedPos *rec)
{
    const Variant *v = variant_get(VARIANT_MAXIMA);
    Rng rng = rng_for(3, 9, 1);
    Position pos;
    start_position(v, &pos);
    for (int k = 0; k < FILE_RECORDS; k++) {
        PackedLabel label = {k - 100, k % 3, 0, 0};
        assert_true(packed_encode(&pos, &label, &rec[k]));
        Move legal[MAX_MOVES];
        int n = movegen_legal(&pos, legal);
        if (gamestate_from_count(&pos, n) != GAME_ONGOING) {
            start_position(v, &pos);
            continue;
        }
        Undo u;
        move_do(&pos, legal[rng_below(&rng, (uint64_t)n)], &u);
    }
}

/* Writes n records of game v to a new temporary file; returns its path (static buffer). */
static const char *write_file(const Variant *v, const PackedPos *rec, int n)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/test_packed.XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_non_null(f);
    PackedWriter w;
    assert_true(packed_writer_start(&w, f, v, (uint64_t)n));
    for (int k = 0; k < n; k++)
        assert_true(packed_writer_add(&w, &rec[k]));
    assert_true(packed_writer_finish(&w));
    assert_int_equal(fclose(f), 0);
    return path;
}

/* The bytes of the file at path into buf (at most cap); their number. */
static long read_bytes(const char *path, unsigned char *buf, long cap)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    long n = (long)fread(buf, 1, (size_t)cap, f);
    fclose(f);
    return n;
}

/* Writes len bytes of buf over the file at path. */
static void write_bytes(const char *path, const unsigned char *buf, long len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(buf, 1, (size_t)len, f), (size_t)len);
    assert_int_equal(fclose(f), 0);
}

/* packed_load of path fails, with one line naming the file and containing want. */
static void refused(const char *path, const char *want)
{
    PackedSet s;
    char err[512] = "";
    assert_false(packed_load(&s, path, err, sizeof err));
    assert_null(s.rec);
    if (strncmp(err, path, strlen(path)) != 0 || !strstr(err, want) || strchr(err, '\n'))
        fail_msg("expected \"%s: ...%s...\", got \"%s\"", path, want, err);
}

static void test_file_round_trip(void **state)
{
    (void)state;
    static PackedPos rec[FILE_RECORDS];
    sample_records(rec);
    const char *path = write_file(variant_get(VARIANT_MAXIMA), rec, FILE_RECORDS);
    PackedSet s;
    char err[512];
    if (!packed_load(&s, path, err, sizeof err))
        fail_msg("%s", err);
    assert_ptr_equal(s.variant, variant_get(VARIANT_MAXIMA));
    assert_int_equal(s.n, FILE_RECORDS);
    assert_memory_equal(s.rec, rec, sizeof rec);
    packed_free(&s);
    unsigned char buf[PACKED_HEADER + FILE_RECORDS * PACKED_RECORD + 8 + 1];
    assert_int_equal(read_bytes(path, buf, sizeof buf), sizeof buf - 1);
    unlink(path);

    /* A writer that is given fewer records than it promised fails at the end. */
    FILE *f = tmpfile();
    assert_non_null(f);
    PackedWriter w;
    assert_true(packed_writer_start(&w, f, variant_get(VARIANT_MAXIMA), 2));
    assert_true(packed_writer_add(&w, &rec[0]));
    assert_false(packed_writer_finish(&w));
    fclose(f);
}

static void test_damaged_files(void **state)
{
    (void)state;
    static PackedPos rec[FILE_RECORDS];
    sample_records(rec);
    enum { SIZE = PACKED_HEADER + FILE_RECORDS * PACKED_RECORD + 8 };
    static unsigned char good[SIZE], bad[SIZE];
    const char *path = write_file(variant_get(VARIANT_MAXIMA), rec, FILE_RECORDS);
    assert_int_equal(read_bytes(path, good, SIZE), SIZE);

    /* Truncated: the last record cut in half, the hash gone. */
    write_bytes(path, good, SIZE - 8 - PACKED_RECORD / 2);
    refused(path, "truncated");

    /* A flipped byte in a record: the hash does not match. */
    memcpy(bad, good, SIZE);
    bad[PACKED_HEADER + 10 * PACKED_RECORD + 48] ^= 0x01;
    write_bytes(path, bad, SIZE);
    refused(path, "checksum");

    /* A wrong magic. */
    memcpy(bad, good, SIZE);
    bad[0] = 'X';
    write_bytes(path, bad, SIZE);
    refused(path, "bad magic");

    /* A record with a bad piece code (hashed as written, so only the record check finds it). */
    unlink(path);
    PackedPos wrong = rec[5];
    wrong.b[12 + 3] = 0x0F; /* type 15: no piece type */
    static PackedPos copy[FILE_RECORDS];
    memcpy(copy, rec, sizeof copy);
    copy[5] = wrong;
    path = write_file(variant_get(VARIANT_MAXIMA), copy, FILE_RECORDS);
    refused(path, "record 5: piece code 15");
    unlink(path);

    /* A Martian piece code in a Maxima file. */
    const Variant *martian = variant_get(VARIANT_MARTIAN);
    Position mpos;
    start_position(martian, &mpos);
    PackedLabel label = {0, 1, 0, 0};
    assert_true(packed_encode(&mpos, &label, &copy[7]));
    path = write_file(variant_get(VARIANT_MAXIMA), copy, FILE_RECORDS);
    refused(path, "record 5: ");
    unlink(path);
}

static int setup(void **state)
{
    (void)state;
    core_init();
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_maxima),  cmocka_unit_test(test_round_trip_ultima),
        cmocka_unit_test(test_round_trip_martian), cmocka_unit_test(test_round_trip_martian4),
        cmocka_unit_test(test_file_round_trip),    cmocka_unit_test(test_damaged_files),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
