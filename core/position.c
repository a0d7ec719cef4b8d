/* position.c: position storage, FEN parsing and printing, Zobrist keys, consistency. */
#include "position.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "attack.h"

uint64_t zobrist_piece[PIECE_NB][SQ_NB];
uint64_t zobrist_side;

enum { FEN_MAX_LEN = 200 };

static const char PIECE_LETTERS[TYPE_NB + 1] = " prnbqmgdk";

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
    geometry_init();
    uint64_t state = 0x4D6178696D61ull; /* "Maxima" */
    for (int p = 0; p < PIECE_NB; p++)
        for (int sq = 0; sq < SQ_NB; sq++)
            zobrist_piece[p][sq] = splitmix64(&state);
    zobrist_side = splitmix64(&state);
    done = true;
}

void position_clear(Position *pos)
{
    memset(pos, 0, sizeof *pos);
    for (int sq = 0; sq <= SQ_NB; sq++)
        pos->board[sq] = geo.real[sq] ? EMPTY : OFFBOARD;
    pos->king[WHITE] = pos->king[BLACK] = NO_SQ;
}

void position_put(Position *pos, int sq, Piece p)
{
    int c = piece_color(p), t = piece_type(p);
    pos->board[sq] = p;
    pos->by_color[c] |= bb_square(sq);
    pos->by_type[t] |= bb_square(sq);
    for (int o = 0; o < LINE_NB; o++)
        pos->line_occ[o] |= geo.line_bit[sq][o];
    pos->key ^= zobrist_piece[p][sq];
    if (t == KING)
        pos->king[c] = (Square)sq;
}

Piece position_remove(Position *pos, int sq)
{
    Piece p = pos->board[sq];
    pos->board[sq] = EMPTY;
    pos->by_color[piece_color(p)] &= ~bb_square(sq);
    pos->by_type[piece_type(p)] &= ~bb_square(sq);
    for (int o = 0; o < LINE_NB; o++)
        pos->line_occ[o] &= ~geo.line_bit[sq][o];
    pos->key ^= zobrist_piece[p][sq];
    return p;
}

uint64_t position_compute_key(const Position *pos)
{
    uint64_t key = pos->side == BLACK ? zobrist_side : 0;
    for (int sq = 0; sq < SQ_NB; sq++)
        if (piece_is_piece(pos->board[sq]))
            key ^= zobrist_piece[pos->board[sq]][sq];
    return key;
}

/* Formats a FEN error with its 1-based column; always returns false. */
static bool fen_error(char *err, size_t len, long col, const char *fmt, ...)
{
    char msg[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (err && len)
        snprintf(err, len, "bad FEN at column %ld: %s", col, msg);
    return false;
}

/* Piece code for a FEN letter, or EMPTY if the letter is not a piece. */
static Piece piece_from_letter(char ch)
{
    int color = (ch >= 'A' && ch <= 'Z') ? WHITE : BLACK;
    char lower = (char)(color == WHITE ? ch - 'A' + 'a' : ch);
    const char *at = strchr(PIECE_LETTERS + 1, lower);
    if (lower == '\0' || !at)
        return EMPTY;
    return piece_make(color, (int)(at - PIECE_LETTERS));
}

bool position_from_fen(Position *out, const char *fen, char *err, size_t errlen)
{
    if (!fen)
        return fen_error(err, errlen, 0, "no FEN given");
    if (strcmp(fen, "start") == 0)
        fen = START_FEN;
    size_t n = strnlen(fen, FEN_MAX_LEN + 1);
    if (n > FEN_MAX_LEN)
        return fen_error(err, errlen, FEN_MAX_LEN + 1, "FEN too long (more than %d characters)",
                         FEN_MAX_LEN);
    Position pos;
    position_clear(&pos);
    const char *s = fen;
    while (*s == ' ')
        s++;
    if (*s == '\0')
        return fen_error(err, errlen, s - fen + 1, "empty FEN");
    /* Count the rows first: with one missing, every later row would be read one rank off and
     * the error would name a symptom (a hole on a real square) instead of the cause. */
    int rows = 1;
    const char *end = s;
    for (; *end && *end != ' '; end++)
        rows += *end == '/';
    if (rows != RANK_NB)
        return fen_error(err, errlen, end - fen + 1, "the board has %d rows, expected %d",
                         rows, RANK_NB);
    for (int row = 0; row < RANK_NB; row++) {
        int rank = RANK_NB - 1 - row, file = 0;
        bool last_digit = false;
        while (*s && *s != '/' && *s != ' ') {
            long col = s - fen + 1;
            char ch = *s++;
            if (file >= FILE_NB)
                return fen_error(err, errlen, col, "row %d (rank %d) has more than 8 cells",
                                 row + 1, rank);
            if (ch == 'x') {
                if (geo.real[sq_make(file, rank)])
                    return fen_error(err, errlen, col, "'x' (hole) on real square %s",
                                     geo.name[sq_make(file, rank)]);
                file++;
                last_digit = false;
            } else if (ch >= '1' && ch <= '8') {
                if (last_digit)
                    return fen_error(err, errlen, col, "two digits in a row");
                for (int k = 0; k < ch - '0'; k++, file++) {
                    if (file >= FILE_NB)
                        return fen_error(err, errlen, col,
                                         "row %d (rank %d) has more than 8 cells", row + 1, rank);
                    if (!geo.real[sq_make(file, rank)])
                        return fen_error(err, errlen, col, "empty run crosses the hole %c%d",
                                         'a' + file, rank);
                }
                last_digit = true;
            } else {
                Piece p = piece_from_letter(ch);
                if (p == EMPTY)
                    return fen_error(err, errlen, col, "unknown piece letter '%c'", ch);
                int sq = sq_make(file, rank);
                if (!geo.real[sq])
                    return fen_error(err, errlen, col, "piece '%c' on the hole %c%d", ch,
                                     'a' + file, rank);
                if (piece_type(p) == KING && pos.king[piece_color(p)] != NO_SQ)
                    return fen_error(err, errlen, col, "second %s King",
                                     piece_color(p) == WHITE ? "White" : "Black");
                position_put(&pos, sq, p);
                file++;
                last_digit = false;
            }
        }
        long col = s - fen + 1;
        if (file != FILE_NB)
            return fen_error(err, errlen, col, "row %d (rank %d) has %d cells, expected 8",
                             row + 1, rank, file);
        if (row < RANK_NB - 1) {
            if (*s != '/')
                return fen_error(err, errlen, col, "expected '/' after row %d; a FEN has 11 rows",
                                 row + 1);
            s++;
        }
    }
    if (*s != ' ')
        return fen_error(err, errlen, s - fen + 1, "expected a space and the side to move");
    while (*s == ' ')
        s++;
    if ((*s != 'w' && *s != 'b') || (s[1] != ' ' && s[1] != '\0' && s[1] != '\n'))
        return fen_error(err, errlen, s - fen + 1, "side to move must be 'w' or 'b'");
    pos.side = *s == 'w' ? WHITE : BLACK;
    s++;
    while (*s == ' ')
        s++;
    if (*s >= '0' && *s <= '9') {
        long plies = 0;
        while (*s >= '0' && *s <= '9') {
            plies = plies * 10 + (*s++ - '0');
            if (plies > 100000000)
                return fen_error(err, errlen, s - fen + 1, "ply count too large");
        }
        pos.plies = (int)plies;
    }
    while (*s == ' ' || *s == '\n' || *s == '\r')
        s++;
    if (*s)
        return fen_error(err, errlen, s - fen + 1, "trailing characters \"%.20s\"", s);
    for (int c = WHITE; c <= BLACK; c++)
        if (pos.king[c] == NO_SQ)
            return fen_error(err, errlen, n, "no %s King", c == WHITE ? "White" : "Black");
    if (pos.side == BLACK)
        pos.key ^= zobrist_side;
    if (attack_king_attacked(&pos, !pos.side))
        return fen_error(err, errlen, n, "the side not to move (%s) is in check",
                         pos.side == WHITE ? "Black" : "White");
    *out = pos;
    return true;
}

void position_to_fen(const Position *pos, char *buf, size_t len)
{
    char tmp[256];
    size_t k = 0;
    for (int rank = RANK_NB - 1; rank >= 0; rank--) {
        int run = 0;
        for (int file = 0; file < FILE_NB; file++) {
            int sq = sq_make(file, rank);
            Piece p = pos->board[sq];
            if (p == EMPTY) {
                run++;
                continue;
            }
            if (run)
                tmp[k++] = (char)('0' + run);
            run = 0;
            if (p == OFFBOARD)
                tmp[k++] = 'x';
            else {
                char ch = PIECE_LETTERS[piece_type(p)];
                tmp[k++] = piece_color(p) == WHITE ? (char)(ch - 'a' + 'A') : ch;
            }
        }
        if (run)
            tmp[k++] = (char)('0' + run);
        if (rank)
            tmp[k++] = '/';
    }
    tmp[k] = '\0';
    snprintf(buf, len, "%s %c %d", tmp, pos->side == WHITE ? 'w' : 'b', pos->plies);
}

bool position_is_consistent(const Position *pos, char *why, size_t len)
{
    Bitboard color[COLOR_NB] = {0}, type[TYPE_NB] = {0};
    int kings[COLOR_NB] = {0};
    for (int sq = 0; sq <= SQ_NB; sq++) {
        Piece p = pos->board[sq];
        if (!geo.real[sq] || sq == NO_SQ) {
            if (p != OFFBOARD) {
                snprintf(why, len, "square %d should be OFFBOARD", sq);
                return false;
            }
            continue;
        }
        if (p == EMPTY)
            continue;
        if (p == OFFBOARD || piece_type(p) == NO_TYPE || piece_type(p) >= TYPE_NB || p >= PIECE_NB) {
            snprintf(why, len, "bad piece code %d on %s", p, geo.name[sq]);
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
        if (color[c] != pos->by_color[c] || kings[c] != 1) {
            snprintf(why, len, "colour %d bitboard or king count wrong", c);
            return false;
        }
    for (int t = 0; t < TYPE_NB; t++)
        if (type[t] != pos->by_type[t]) {
            snprintf(why, len, "type %d bitboard wrong", t);
            return false;
        }
    for (int o = 0; o < LINE_NB; o++) {
        Bitboard lines = 0, occupied = color[WHITE] | color[BLACK];
        while (occupied)
            lines |= bb_square(geo.line[o][bb_pop(&occupied)].bit);
        if (lines != pos->line_occ[o]) {
            snprintf(why, len, "line occupancy %d is stale", o);
            return false;
        }
    }
    if (position_compute_key(pos) != pos->key) {
        snprintf(why, len, "incremental Zobrist key differs from the computed one");
        return false;
    }
    return true;
}

void position_mirror(const Position *pos, Position *out)
{
    position_clear(out);
    for (int sq = 0; sq < SQ_NB; sq++) {
        Piece p = pos->board[sq];
        if (piece_is_piece(p))
            position_put(out, sq_mirror(sq), piece_make(!piece_color(p), piece_type(p)));
    }
    out->side = (uint8_t)!pos->side;
    out->plies = pos->plies;
    if (out->side == BLACK)
        out->key ^= zobrist_side;
}

void position_diagram(const Position *pos, char *buf, size_t len)
{
    size_t k = 0;
    for (int rank = RANK_NB - 1; rank >= 0 && k + 64 < len; rank--) {
        k += (size_t)snprintf(buf + k, len - k, "%3d  ", rank);
        for (int file = 0; file < FILE_NB; file++) {
            Piece p = pos->board[sq_make(file, rank)];
            char ch = '.';
            if (p == OFFBOARD)
                ch = ' ';
            else if (p != EMPTY) {
                ch = PIECE_LETTERS[piece_type(p)];
                if (piece_color(p) == WHITE)
                    ch = (char)(ch - 'a' + 'A');
            }
            k += (size_t)snprintf(buf + k, len - k, " %c", ch);
        }
        k += (size_t)snprintf(buf + k, len - k, "\n");
    }
    if (k + 24 < len)
        snprintf(buf + k, len - k, "      a b c d e f g h\n");
}
