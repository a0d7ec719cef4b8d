/* position.c: position storage, Zobrist keys, consistency, diagrams. */
#include "position.h"

#include <stdio.h>
#include <string.h>

uint64_t zobrist_piece[PIECE_NB][SQ_NB];
uint64_t zobrist_side;
uint64_t zobrist_player[PLAYER_NB];
uint64_t zobrist_last[2][SQ_NB + 1];
uint64_t zobrist_clock[16];
uint64_t zobrist_score[COLOR_NB];

/* The pieces of Maxima and Ultima (types up to KING), whose keys are drawn first. */
enum { FAMILY_PIECE_NB = 26 };

const char PIECE_LETTERS[TYPE_NB + 1] = " prnbqmgdkpdq";

/* splitmix64: a fixed generator so Zobrist keys are the same on every machine. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void core_init(void)
{
    static bool done;
    if (done)
        return;
    variant_init();
    uint64_t state = 0x4D6178696D61ull; /* "Maxima" */
    for (int p = 0; p < FAMILY_PIECE_NB; p++)
        for (int sq = 0; sq < SQ_NB; sq++)
            zobrist_piece[p][sq] = splitmix64(&state);
    zobrist_side = splitmix64(&state);
    /* Drawn after the first ones, so that Maxima's and Ultima's keys stay what they were. */
    for (int p = FAMILY_PIECE_NB; p < PIECE_NB; p++)
        for (int sq = 0; sq < SQ_NB; sq++)
            zobrist_piece[p][sq] = splitmix64(&state);
    for (int i = 0; i < 2; i++)
        for (int sq = 0; sq < SQ_NB; sq++)
            zobrist_last[i][sq] = splitmix64(&state);
    for (int i = 0; i < 16; i++)
        zobrist_clock[i] = splitmix64(&state);
    for (int c = 0; c < COLOR_NB; c++)
        zobrist_score[c] = splitmix64(&state);
    zobrist_player[BLACK] = zobrist_side; /* player 0's is 0, as White's */
    for (int p = 2; p < PLAYER_NB; p++)
        zobrist_player[p] = splitmix64(&state);
    done = true;
}

void position_clear(Position *pos, const Variant *v)
{
    memset(pos, 0, sizeof *pos);
    pos->variant = v;
    pos->zoned = variant_zoned(v);
    for (int sq = 0; sq <= SQ_NB; sq++)
        pos->board[sq] = v->geo.real[sq] ? EMPTY : OFFBOARD;
    pos->king[WHITE] = pos->king[BLACK] = NO_SQ;
    pos->last_from = pos->last_to = NO_SQ;
    pos->clock = CLOCK_OFF;
    pos->key = position_state_key(pos);
}

uint64_t position_state_key(const Position *pos)
{
    if (!variant_zoned(pos->variant))
        return 0;
    return position_score_key(WHITE, pos->score[WHITE]) ^
           position_score_key(BLACK, pos->score[BLACK]) ^ zobrist_last[0][pos->last_from] ^
           zobrist_last[1][pos->last_to] ^ zobrist_clock[pos->clock + 1];
}

/* sums += plus - minus over the four sums of a table row (Position.sums), through local copies
 * so that the compiler does it as one vector operation. */
static inline void sums_update(int32_t sums[4], const int32_t plus[4], const int32_t minus[4])
{
    int32_t s[4], a[4], b[4];
    memcpy(s, sums, sizeof s);
    memcpy(a, plus, sizeof a);
    memcpy(b, minus, sizeof b);
    for (int i = 0; i < 4; i++)
        s[i] += a[i] - b[i];
    memcpy(sums, s, sizeof s);
}

static const int32_t NO_SUMS[4] = {0, 0, 0, 0};

void position_put(Position *pos, int sq, Piece p)
{
    int c = piece_color(p), t = piece_type(p);
    pos->board[sq] = p;
    pos->by_color[c] |= bb_square(sq);
    pos->by_type[t] |= bb_square(sq);
    const LineRef *line = position_geo(pos)->line[sq];
    for (int o = 0; o < LINE_NB; o++)
        pos->line_occ[line[o].seg] |= line[o].bit;
    pos->key ^= zobrist_piece[p][sq];
    if (t == KING)
        pos->king[c] = (Square)sq;
    if (pos->sum_table)
        sums_update(pos->sums, pos->sum_table[p][sq], NO_SUMS);
}

Piece position_remove(Position *pos, int sq)
{
    Piece p = pos->board[sq];
    pos->board[sq] = EMPTY;
    pos->by_color[piece_color(p)] &= ~bb_square(sq);
    pos->by_type[piece_type(p)] &= ~bb_square(sq);
    const LineRef *line = position_geo(pos)->line[sq];
    for (int o = 0; o < LINE_NB; o++)
        pos->line_occ[line[o].seg] &= (uint16_t)~line[o].bit;
    pos->key ^= zobrist_piece[p][sq];
    if (pos->sum_table)
        sums_update(pos->sums, NO_SUMS, pos->sum_table[p][sq]);
    return p;
}

/* position_remove's and position_put's updates written out once more, merged: both squares' bits
 * by one xor, one key and one sums update. A shared per-square helper called twice measured 2.3%
 * more instructions in `bench 5` (make and unmake are 12% of them). */
void position_move(Position *pos, int from, int to)
{
    Piece p = pos->board[from];
    int c = piece_color(p), t = piece_type(p);
    Bitboard both = bb_square(from) | bb_square(to);
    pos->board[from] = EMPTY;
    pos->board[to] = p;
    pos->by_color[c] ^= both;
    pos->by_type[t] ^= both;
    const LineRef *out = position_geo(pos)->line[from], *in = position_geo(pos)->line[to];
    for (int o = 0; o < LINE_NB; o++) {
        pos->line_occ[out[o].seg] &= (uint16_t)~out[o].bit;
        pos->line_occ[in[o].seg] |= in[o].bit;
    }
    pos->key ^= zobrist_piece[p][from] ^ zobrist_piece[p][to];
    if (t == KING)
        pos->king[c] = (Square)to;
    if (pos->sum_table)
        sums_update(pos->sums, pos->sum_table[p][to], pos->sum_table[p][from]);
}

void position_attach_sums(Position *pos, const int32_t (*table)[SQ_NB][4])
{
    pos->sum_table = table;
    for (int i = 0; i < 4; i++)
        pos->sums[i] = 0;
    for (int sq = 0; sq < SQ_NB && table; sq++)
        if (piece_is_piece(pos->board[sq]))
            for (int i = 0; i < 4; i++)
                pos->sums[i] += table[pos->board[sq]][sq][i];
}

uint64_t position_compute_key(const Position *pos)
{
    uint64_t key = zobrist_player[pos->side] ^ position_state_key(pos);
    for (int sq = 0; sq < SQ_NB; sq++)
        if (piece_is_piece(pos->board[sq]))
            key ^= zobrist_piece[pos->board[sq]][sq];
    return key;
}

/* Checks the scores, last crossing and clock (docs/rules/martian.md 2; their defaults in other games). */
static bool position_state_is_consistent(const Position *pos, char *why, size_t len)
{
    const Variant *v = pos->variant;
    const Geometry *geo = &v->geo;
    int from = pos->last_from, to = pos->last_to;
    if (pos->side >= v->players) {
        snprintf(why, len, "bad side to move %d", pos->side);
        return false;
    }
    if (pos->score[WHITE] < 0 || pos->score[BLACK] < 0 ||
        (!v->scores && (pos->score[WHITE] || pos->score[BLACK]))) {
        snprintf(why, len, "bad scores %d, %d", pos->score[WHITE], pos->score[BLACK]);
        return false;
    }
    if (pos->clock < CLOCK_OFF || pos->clock > v->clock_moves ||
        (!v->clock_moves && pos->clock != CLOCK_OFF)) {
        snprintf(why, len, "bad clock %d", pos->clock);
        return false;
    }
    if ((from == NO_SQ) != (to == NO_SQ) ||
        (from != NO_SQ &&
         (!v->no_undo || !geo->real[from] || !geo->real[to] || geo->owner[from] == pos->side ||
          geo->owner[to] != pos->side || pos->board[from] != EMPTY || pos->board[to] == EMPTY))) {
        snprintf(why, len, "bad last crossing %d-%d", from, to);
        return false;
    }
    return true;
}

bool position_is_consistent(const Position *pos, char *why, size_t len)
{
    const Geometry *geo = position_geo(pos);
    Bitboard color[COLOR_NB] = {0}, type[TYPE_NB] = {0};
    int kings[COLOR_NB] = {0};
    for (int sq = 0; sq <= SQ_NB; sq++) {
        Piece p = pos->board[sq];
        if (!geo->real[sq] || sq == NO_SQ) {
            if (p != OFFBOARD) {
                snprintf(why, len, "square %d should be OFFBOARD", sq);
                return false;
            }
            continue;
        }
        if (p == EMPTY)
            continue;
        if (p == OFFBOARD || piece_type(p) == NO_TYPE || piece_type(p) >= TYPE_NB ||
            p >= PIECE_NB) {
            snprintf(why, len, "bad piece code %d on %s", p, geo->name[sq]);
            return false;
        }
        if (!variant_has_type(pos->variant, piece_type(p))) {
            snprintf(why, len, "piece type %d on %s is not in %s", piece_type(p), geo->name[sq],
                     pos->variant->title);
            return false;
        }
        if (variant_zoned(pos->variant) &&
            p != variant_zone_piece(pos->variant, sq, piece_type(p))) {
            snprintf(why, len, "the piece on %s is not its zone owner's", geo->name[sq]);
            return false;
        }
        color[piece_color(p)] |= bb_square(sq);
        type[piece_type(p)] |= bb_square(sq);
        if (piece_type(p) == KING) {
            kings[piece_color(p)]++;
            if (pos->king[piece_color(p)] != sq) {
                snprintf(why, len, "king square of colour %d is stale", piece_color(p));
                return false;
            }
        }
    }
    for (int c = 0; c < COLOR_NB; c++)
        if (color[c] != pos->by_color[c] || kings[c] != pos->variant->kings) {
            snprintf(why, len, "colour %d bitboard or king count wrong", c);
            return false;
        }
    for (int t = 0; t < TYPE_NB; t++)
        if (type[t] != pos->by_type[t]) {
            snprintf(why, len, "type %d bitboard wrong", t);
            return false;
        }
    uint16_t lines[LINE_SEG_NB] = {0};
    for (Bitboard occupied = color[WHITE] | color[BLACK]; occupied;) {
        int sq = bb_pop(&occupied);
        for (int o = 0; o < LINE_NB; o++)
            lines[geo->line[sq][o].seg] |= geo->line[sq][o].bit;
    }
    for (int i = 0; i < LINE_SEG_NB; i++)
        if (lines[i] != pos->line_occ[i]) {
            snprintf(why, len, "line occupancy of segment %d is stale", i);
            return false;
        }
    if (pos->zoned != variant_zoned(pos->variant)) {
        snprintf(why, len, "the zoned flag is not the game's");
        return false;
    }
    if (!position_state_is_consistent(pos, why, len))
        return false;
    if (position_compute_key(pos) != pos->key) {
        snprintf(why, len, "incremental Zobrist key differs from the computed one");
        return false;
    }
    return true;
}

void position_mirror(const Position *pos, Position *out)
{
    const Variant *v = pos->variant;
    const Geometry *geo = position_geo(pos);
    bool zoned = variant_zoned(v);
    position_clear(out, v);
    for (int sq = 0; sq < SQ_NB; sq++) {
        Piece p = pos->board[sq];
        int to = geo->mirror[sq], t = piece_type(p);
        if (piece_is_piece(p))
            position_put(out, to,
                         zoned ? variant_zone_piece(v, to, t) : piece_make(!piece_color(p), t));
    }
    out->side = (uint8_t)(zoned ? geo->owner[geo->mirror[bb_lsb(geo->zone[pos->side])]]
                                : !pos->side);
    bool swap = v->team[out->side] != v->team[pos->side];
    out->plies = pos->plies;
    out->score[WHITE] = pos->score[swap ? BLACK : WHITE];
    out->score[BLACK] = pos->score[swap ? WHITE : BLACK];
    out->last_from = geo->mirror[pos->last_from];
    out->last_to = geo->mirror[pos->last_to];
    out->clock = pos->clock;
    out->key = position_compute_key(out);
}

/* True when a canal runs between file - 1 and file of a zoned game's board (the quadrants'). */
static bool canal_before_file(const Geometry *geo, int file)
{
    int rank = geo->rank_first;
    return geo->shape.zones != ZONES_NONE && file > 0 &&
           geo->owner[sq_make(file, rank)] != geo->owner[sq_make(file - 1, rank)];
}

void position_diagram(const Position *pos, char *buf, size_t len)
{
    size_t k = 0;
    const Geometry *geo = position_geo(pos);
    bool zoned = variant_zoned(pos->variant);
    int files = geo->shape.files;
    for (int rank = geo->rank_last; rank >= geo->rank_first && k + 64 < len; rank--) {
        k += (size_t)snprintf(buf + k, len - k, "%3d  ", rank);
        for (int file = 0; file < files; file++) {
            Piece p = pos->board[sq_make(file, rank)];
            char ch = '.';
            if (p == OFFBOARD)
                ch = ' ';
            else if (p != EMPTY) {
                ch = PIECE_LETTERS[piece_type(p)];
                if (zoned || piece_color(p) == WHITE) /* zoned pieces have no colour */
                    ch = (char)(ch - 'a' + 'A');
            }
            if (canal_before_file(geo, file))
                k += (size_t)snprintf(buf + k, len - k, " |");
            k += (size_t)snprintf(buf + k, len - k, " %c", ch);
        }
        k += (size_t)snprintf(buf + k, len - k, "\n");
        int below = rank - 1 >= geo->rank_first ? sq_make(0, rank - 1) : NO_SQ;
        if (zoned && below != NO_SQ && geo->owner[below] != geo->owner[sq_make(0, rank)] &&
            k + 64 < len) { /* the canal between the zones */
            k += (size_t)snprintf(buf + k, len - k, "     ");
            for (int file = 0; file < files; file++)
                k += (size_t)snprintf(buf + k, len - k, "%s ~",
                                      canal_before_file(geo, file) ? " +" : "");
            k += (size_t)snprintf(buf + k, len - k, "  canal\n");
        }
    }
    if (k + 24 < len) {
        k += (size_t)snprintf(buf + k, len - k, "     ");
        for (int file = 0; file < files; file++)
            k += (size_t)snprintf(buf + k, len - k, "%s %c",
                                  canal_before_file(geo, file) ? "  " : "", 'a' + file);
        snprintf(buf + k, len - k, "\n");
    }
}
