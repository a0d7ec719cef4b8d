/* packed.c: training positions in fixed-size records (see packed.h). */
#include "packed.h"
#include "core/bytes.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const char PACKED_MAGIC[8] = {'M', 'X', 'T', 'P', 'A', 'C', 'K', 'D'};

bool packed_encode(const Position *pos, const PackedLabel *label, PackedPos *out)
{
    memset(out, 0, sizeof *out);
    uint8_t *b = out->b;
    int n = 0;
    for (int sq = 0; sq < SQ_NB; sq++) {
        if (!piece_is_piece(pos->board[sq]))
            continue;
        if (n == PACKED_MAX_PIECES)
            return false;
        b[sq / 8] |= (uint8_t)(1u << (sq % 8));
        b[12 + n++] = pos->board[sq];
    }
    b[11] = pos->side;
    int score = label->score > INT16_MAX    ? INT16_MAX
                : label->score < -INT16_MAX ? -INT16_MAX
                                            : label->score;
    bytes_put_u16(b + 48, (uint16_t)(int16_t)score);
    b[50] = (uint8_t)label->result;
    b[51] = (uint8_t)label->flags;
    bytes_put_u32(b + 52, label->game);
    bytes_put_u16(b + 56, (uint16_t)(pos->plies > UINT16_MAX ? UINT16_MAX : pos->plies));
    b[58] = (uint8_t)(pos->score[WHITE] > 255 ? 255 : pos->score[WHITE]);
    b[59] = (uint8_t)(pos->score[BLACK] > 255 ? 255 : pos->score[BLACK]);
    b[60] = pos->last_from;
    b[61] = pos->last_to;
    b[62] = (uint8_t)pos->clock;
    return true;
}

int packed_pieces(const PackedPos *r, Square sq[PACKED_MAX_PIECES], Piece pc[PACKED_MAX_PIECES])
{
    int n = 0;
    for (int s = 0; s < SQ_NB && n < PACKED_MAX_PIECES; s++)
        if (r->b[s / 8] >> (s % 8) & 1) {
            sq[n] = (Square)s;
            pc[n] = r->b[12 + n];
            n++;
        }
    return n;
}

void packed_label(const PackedPos *r, PackedLabel *label)
{
    label->score = (int16_t)bytes_get_u16(r->b + 48);
    label->result = r->b[50];
    label->flags = r->b[51];
    label->game = bytes_get_u32(r->b + 52);
}

bool packed_check(const PackedPos *r, const Variant *v, char *why, size_t len)
{
    const uint8_t *b = r->b;
    int count = 0;
    for (int s = 0; s < 88; s++)
        count += b[s / 8] >> (s % 8) & 1;
    if (count > PACKED_MAX_PIECES) {
        snprintf(why, len, "%d pieces (at most %d)", count, PACKED_MAX_PIECES);
        return false;
    }
    Square sq[PACKED_MAX_PIECES];
    Piece pc[PACKED_MAX_PIECES];
    int n = packed_pieces(r, sq, pc);
    for (int i = 0; i < n; i++) {
        int t = piece_type(pc[i]);
        if (!v->geo.real[sq[i]]) {
            snprintf(why, len, "a piece on square %d, which is not on the %s board", sq[i],
                     v->title);
            return false;
        }
        if (pc[i] & ~0x1F || t == NO_TYPE || t >= TYPE_NB || !variant_has_type(v, t) ||
            (variant_zoned(v) && pc[i] != variant_zone_piece(v, sq[i], t))) {
            snprintf(why, len, "piece code %d on square %d is no piece of %s there", pc[i], sq[i],
                     v->title);
            return false;
        }
    }
    for (int i = n; i < PACKED_MAX_PIECES; i++)
        if (b[12 + i]) {
            snprintf(why, len, "%d piece codes for %d occupied squares", i + 1, n);
            return false;
        }
    if (b[11] >= v->players) {
        snprintf(why, len, "player to move %d (the game has %d)", b[11], v->players);
        return false;
    }
    if (b[50] > 2 || b[51] > 3) {
        snprintf(why, len, "result %d or flags %d out of range", b[50], b[51]);
        return false;
    }
    bool zoned = variant_zoned(v);
    if ((!zoned && (b[58] || b[59] || b[60] != NO_SQ || b[61] != NO_SQ || (int8_t)b[62] != -1)) ||
        b[60] > NO_SQ || b[61] > NO_SQ || (int8_t)b[62] < -1 || (int8_t)b[62] > v->clock_moves ||
        b[63]) {
        snprintf(why, len, "points, last crossing or clock out of range for %s", v->title);
        return false;
    }
    return true;
}

void packed_decode(const PackedPos *r, const Variant *v, Position *pos, PackedLabel *label)
{
    Square sq[PACKED_MAX_PIECES];
    Piece pc[PACKED_MAX_PIECES];
    int n = packed_pieces(r, sq, pc);
    position_clear(pos, v);
    for (int i = 0; i < n; i++)
        position_put(pos, sq[i], pc[i]);
    pos->side = packed_side(r);
    pos->plies = bytes_get_u16(r->b + 56);
    pos->score[WHITE] = packed_points(r, WHITE);
    pos->score[BLACK] = packed_points(r, BLACK);
    pos->last_from = r->b[60];
    pos->last_to = r->b[61];
    pos->clock = packed_clock(r);
    pos->key = position_compute_key(pos);
    if (label)
        packed_label(r, label);
}

bool packed_load(PackedSet *s, const char *path, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    uint8_t h[PACKED_HEADER];
    char name[17] = {0};
    bool ok = false;
    if (fread(h, 1, sizeof h, f) != sizeof h) {
        snprintf(err, errlen, "%s: truncated header (not a positions file)", path);
    } else if (memcmp(h, PACKED_MAGIC, sizeof PACKED_MAGIC) != 0) {
        snprintf(err, errlen, "%s: not a positions file (bad magic)", path);
    } else if (bytes_get_u32(h + 8) != PACKED_VERSION) {
        snprintf(err, errlen, "%s: format version %u (this program reads %d)", path,
                 bytes_get_u32(h + 8), PACKED_VERSION);
    } else if (bytes_get_u32(h + 12) != PACKED_RECORD) {
        snprintf(err, errlen, "%s: record size %u (expected %d)", path, bytes_get_u32(h + 12),
                 PACKED_RECORD);
    } else if (memcpy(name, h + 16, 16), !(s->variant = variant_find(name))) {
        snprintf(err, errlen, "%s: unknown game '%s'", path, name);
    } else {
        ok = true;
    }
    uint64_t n = ok ? bytes_get_u64(h + 32) : 0;
    long end = -1;
    if (ok && (fseek(f, 0, SEEK_END) != 0 || (end = ftell(f)) < 0)) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        ok = false;
    }
    if (ok && (n > (uint64_t)LONG_MAX / PACKED_RECORD ||
               (uint64_t)end != PACKED_HEADER + n * PACKED_RECORD + 8)) {
        snprintf(err, errlen, "%s: %ld bytes, but %llu records take %llu (truncated or damaged)",
                 path, end, (unsigned long long)n,
                 (unsigned long long)(PACKED_HEADER + n * PACKED_RECORD + 8));
        ok = false;
    }
    if (ok && !(s->rec = malloc((n ? n : 1) * sizeof *s->rec))) {
        snprintf(err, errlen, "%s: out of memory for %llu records", path, (unsigned long long)n);
        ok = false;
    }
    uint8_t tail[8];
    if (ok && (fseek(f, PACKED_HEADER, SEEK_SET) != 0 || fread(s->rec, PACKED_RECORD, n, f) != n ||
               fread(tail, 1, 8, f) != 8)) {
        snprintf(err, errlen, "%s: read error", path);
        ok = false;
    }
    if (ok && bytes_get_u64(tail) != bytes_fnv64(BYTES_FNV_OFFSET, s->rec, n * PACKED_RECORD)) {
        snprintf(err, errlen, "%s: checksum mismatch (the records are damaged)", path);
        ok = false;
    }
    for (uint64_t i = 0; ok && i < n; i++) {
        char why[160];
        if (!packed_check(&s->rec[i], s->variant, why, sizeof why)) {
            snprintf(err, errlen, "%s: record %llu: %s", path, (unsigned long long)i, why);
            ok = false;
        }
    }
    fclose(f);
    if (!ok) {
        packed_free(s);
        return false;
    }
    s->n = (long)n;
    return true;
}

void packed_free(PackedSet *s)
{
    free(s->rec);
    memset(s, 0, sizeof *s);
}

bool packed_writer_start(PackedWriter *w, FILE *out, const Variant *v, uint64_t n)
{
    uint8_t h[PACKED_HEADER] = {0};
    memcpy(h, PACKED_MAGIC, sizeof PACKED_MAGIC);
    bytes_put_u32(h + 8, PACKED_VERSION);
    bytes_put_u32(h + 12, PACKED_RECORD);
    strncpy((char *)h + 16, v->name, 15);
    bytes_put_u64(h + 32, n);
    w->out = out;
    w->hash = BYTES_FNV_OFFSET;
    w->n = 0;
    w->promised = n;
    return fwrite(h, 1, sizeof h, out) == sizeof h;
}

bool packed_writer_add(PackedWriter *w, const PackedPos *r)
{
    if (w->n == w->promised)
        return false;
    w->n++;
    w->hash = bytes_fnv64(w->hash, r->b, PACKED_RECORD);
    return fwrite(r->b, 1, PACKED_RECORD, w->out) == PACKED_RECORD;
}

bool packed_writer_finish(PackedWriter *w)
{
    uint8_t tail[8];
    bytes_put_u64(tail, w->hash);
    return w->n == w->promised && fwrite(tail, 1, 8, w->out) == 8;
}
