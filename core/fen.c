/* fen.c: FEN parsing and printing (MAXIMA.md's FEN: 11 rows of 8 cells, 'x' for the unusable
 * corner squares; ULTIMA.md's: 8 rows of 8 cells; then the side to move, optional ply count). */
#include "fen.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "attack.h"

enum { FEN_MAX_LEN = 200 };

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

/* Piece code for a FEN letter of any game, or EMPTY if the letter is not a piece. */
static Piece piece_from_letter(char ch)
{
    int color = (ch >= 'A' && ch <= 'Z') ? WHITE : BLACK;
    char lower = (char)(color == WHITE ? ch - 'A' + 'a' : ch);
    const char *at = strchr(PIECE_LETTERS + 1, lower);
    if (lower == '\0' || !at)
        return EMPTY;
    return piece_make(color, (int)(at - PIECE_LETTERS));
}

/* Reads one row of the board (row 0 is the top rank) at *s into pos, and the '/' after it but
 * after the last row; false with the error set. */
static bool fen_board_row(Position *pos, const char *fen, const char **at, int row, char *err,
                          size_t errlen)
{
    const Geometry *geo = position_geo(pos);
    const Variant *v = pos->variant;
    const char *s = *at;
    int rank = geo->rank_last - row, file = 0;
    bool last_digit = false;
    while (*s && *s != '/' && *s != ' ') {
        long col = s - fen + 1;
        char ch = *s++;
        if (file >= FILE_NB)
            return fen_error(err, errlen, col, "row %d (rank %d) has more than 8 cells", row + 1,
                             rank);
        if (ch == 'x') {
            if (geo->real[sq_make(file, rank)])
                return fen_error(err, errlen, col, "'x' (hole) on real square %s",
                                 geo->name[sq_make(file, rank)]);
            file++;
            last_digit = false;
        } else if (ch >= '1' && ch <= '8') {
            if (last_digit)
                return fen_error(err, errlen, col, "two digits in a row");
            for (int k = 0; k < ch - '0'; k++, file++) {
                if (file >= FILE_NB)
                    return fen_error(err, errlen, col, "row %d (rank %d) has more than 8 cells",
                                     row + 1, rank);
                if (!geo->real[sq_make(file, rank)])
                    return fen_error(err, errlen, col, "empty run crosses the hole %c%d",
                                     'a' + file, rank);
            }
            last_digit = true;
        } else if (ch == '9' || ch == '0') {
            return fen_error(err, errlen, col,
                             "'%c' is not a run of empty squares: a row has 8 files, runs are "
                             "1 to 8",
                             ch);
        } else {
            Piece p = piece_from_letter(ch);
            if (p == EMPTY)
                return fen_error(err, errlen, col, "unknown piece letter '%c'", ch);
            if (!variant_has_type(v, piece_type(p)))
                return fen_error(err, errlen, col, "'%c' is not a piece of %s", ch, v->title);
            int sq = sq_make(file, rank);
            if (!geo->real[sq])
                return fen_error(err, errlen, col, "piece '%c' on the hole %c%d", ch, 'a' + file,
                                 rank);
            if (piece_type(p) == KING && pos->king[piece_color(p)] != NO_SQ)
                return fen_error(err, errlen, col, "second %s King",
                                 piece_color(p) == WHITE ? "White" : "Black");
            position_put(pos, sq, p);
            file++;
            last_digit = false;
        }
    }
    long col = s - fen + 1;
    if (file != FILE_NB)
        return fen_error(err, errlen, col, "row %d (rank %d) has %d cells, expected 8", row + 1,
                         rank, file);
    if (row < v->fen_rows - 1) {
        if (*s != '/')
            return fen_error(err, errlen, col, "expected '/' after row %d; a %s FEN has %d rows",
                             row + 1, v->title, v->fen_rows);
        s++;
    }
    *at = s;
    return true;
}

/* Reads what follows the board at s: the side to move, an optional ply count and nothing
 * else; false with the error set. */
static bool fen_side_and_plies(Position *pos, const char *fen, const char *s, char *err,
                               size_t errlen)
{
    if (*s != ' ')
        return fen_error(err, errlen, s - fen + 1, "expected a space and the side to move");
    while (*s == ' ')
        s++;
    if ((*s != 'w' && *s != 'b') || (s[1] != ' ' && s[1] != '\0' && s[1] != '\n'))
        return fen_error(err, errlen, s - fen + 1, "side to move must be 'w' or 'b'");
    pos->side = *s == 'w' ? WHITE : BLACK;
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
        pos->plies = (int)plies;
    }
    while (*s == ' ' || *s == '\n' || *s == '\r')
        s++;
    if (*s)
        return fen_error(err, errlen, s - fen + 1, "trailing characters \"%.20s\"", s);
    return true;
}

bool fen_parse(Position *out, const char *fen, char *err, size_t errlen)
{
    return fen_parse_variant(out, fen, NULL, err, errlen);
}

bool fen_parse_variant(Position *out, const char *fen, const Variant *v, char *err, size_t errlen)
{
    if (!fen)
        return fen_error(err, errlen, 0, "no FEN given");
    if (strcmp(fen, "start") == 0)
        fen = v ? v->start_fen : START_FEN;
    size_t n = strnlen(fen, FEN_MAX_LEN + 1);
    if (n > FEN_MAX_LEN)
        return fen_error(err, errlen, FEN_MAX_LEN + 1, "FEN too long (more than %d characters)",
                         FEN_MAX_LEN);
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
    const Variant *game = variant_of_rows(rows);
    if (v && game != v)
        return fen_error(err, errlen, end - fen + 1,
                         "the board has %d rows, %s FENs have %d (the game here)", rows, v->title,
                         v->fen_rows);
    if (!game)
        return fen_error(err, errlen, end - fen + 1,
                         "the board has %d rows, expected 11 (Maxima) or 8 (Ultima)", rows);
    Position pos;
    position_clear(&pos, game);
    for (int row = 0; row < game->fen_rows; row++)
        if (!fen_board_row(&pos, fen, &s, row, err, errlen))
            return false;
    if (!fen_side_and_plies(&pos, fen, s, err, errlen))
        return false;
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

void fen_write(const Position *pos, char *buf, size_t len)
{
    char tmp[256];
    size_t k = 0;
    const Geometry *geo = position_geo(pos);
    for (int rank = geo->rank_last; rank >= geo->rank_first; rank--) {
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
        if (rank > geo->rank_first)
            tmp[k++] = '/';
    }
    tmp[k] = '\0';
    snprintf(buf, len, "%s %c %d", tmp, pos->side == WHITE ? 'w' : 'b', pos->plies);
}
