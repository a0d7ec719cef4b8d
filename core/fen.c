/* fen.c: FEN parsing and printing (docs/rules/maxima.md's FEN: 11 rows of 8 cells, 'x' for the unusable
 * corner squares; docs/rules/ultima.md's: 8 rows of 8 cells; then the side to move, optional ply count;
 * docs/rules/martian.md's: 8 rows of 4 cells, the side, two scores, the last crossing and the clock; its
 * four-player game's (10.9): 8 rows of 8 cells, the player 1-4, two team scores, the clock). */
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

/* Piece code for a FEN letter of game v (the letters of one game's types differ; a zoned game's
 * piece is given its square's owner later), or EMPTY if the letter is not one of v's pieces; sets
 * *known when the letter is a piece of some game. */
static Piece piece_from_letter(const Variant *v, char ch, bool *known)
{
    int color = (ch >= 'A' && ch <= 'Z') ? WHITE : BLACK;
    char lower = (char)(color == WHITE ? ch - 'A' + 'a' : ch);
    *known = false;
    for (int t = PINCER; t < TYPE_NB && lower; t++) {
        if (PIECE_LETTERS[t] != lower)
            continue;
        *known = true;
        if (variant_has_type(v, t))
            return piece_make(color, t);
    }
    return EMPTY;
}

/* Reads one row of the board (row 0 is the top rank) at *s into pos, and the '/' after it but
 * after the last row; false with the error set. */
static bool fen_board_row(Position *pos, const char *fen, const char **at, int row, char *err,
                          size_t errlen)
{
    const Geometry *geo = position_geo(pos);
    const Variant *v = pos->variant;
    const char *s = *at;
    int rank = geo->rank_last - row, file = 0, files = geo->shape.files;
    bool last_digit = false;
    while (*s && *s != '/' && *s != ' ') {
        long col = s - fen + 1;
        char ch = *s++;
        if (file >= files)
            return fen_error(err, errlen, col, "row %d (rank %d) has more than %d cells", row + 1,
                             rank, files);
        if (ch == 'x') {
            if (geo->real[sq_make(file, rank)])
                return fen_error(err, errlen, col, "'x' (hole) on real square %s",
                                 geo->name[sq_make(file, rank)]);
            file++;
            last_digit = false;
        } else if (ch >= '1' && ch <= '0' + files) {
            if (last_digit)
                return fen_error(err, errlen, col, "two digits in a row");
            for (int k = 0; k < ch - '0'; k++, file++) {
                if (file >= files)
                    return fen_error(err, errlen, col, "row %d (rank %d) has more than %d cells",
                                     row + 1, rank, files);
                if (!geo->real[sq_make(file, rank)])
                    return fen_error(err, errlen, col, "empty run crosses the hole %c%d",
                                     'a' + file, rank);
            }
            last_digit = true;
        } else if (ch >= '0' && ch <= '9') {
            return fen_error(err, errlen, col,
                             "'%c' is not a run of empty squares: a row has %d files, runs are "
                             "1 to %d",
                             ch, files, files);
        } else {
            bool known;
            Piece p = piece_from_letter(v, ch, &known);
            if (p == EMPTY && !known)
                return fen_error(err, errlen, col, "unknown piece letter '%c'", ch);
            if (p == EMPTY)
                return fen_error(err, errlen, col, "'%c' is not a piece of %s", ch, v->title);
            int sq = sq_make(file, rank);
            if (variant_zoned(v)) { /* no colours: the zone's owner has it */
                if (piece_color(p) != WHITE)
                    return fen_error(err, errlen, col,
                                     "'%c' is not a piece of %s: its letters are upper case "
                                     "only (P pawn, D drone, Q queen)",
                                     ch, v->title);
                p = variant_zone_piece(v, sq, piece_type(p));
            }
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
    if (file != files)
        return fen_error(err, errlen, col, "row %d (rank %d) has %d cells, expected %d", row + 1,
                         rank, file, files);
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

/* Reads the next blank-separated field at *s into buf (cut to len - 1 characters) and moves *s
 * past it; returns its 1-based column, or 0 when nothing but blanks is left. */
static long fen_field(const char *fen, const char **s, char *buf, size_t len)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\n' || *p == '\r')
        p++;
    if (!*p)
        return 0;
    size_t n = 0;
    const char *start = p;
    for (; *p && *p != ' ' && *p != '\n' && *p != '\r'; p++)
        if (n + 1 < len)
            buf[n++] = *p;
    buf[n] = '\0';
    *s = p;
    return start - fen + 1;
}

/* Reads one score field (a non-negative integer) into *out; false with the error set. */
static bool fen_score(const char *text, long col, const char *name, int32_t *out, char *err,
                      size_t errlen)
{
    long value = 0;
    const char *p = text;
    for (; *p >= '0' && *p <= '9'; p++)
        if ((value = value * 10 + (*p - '0')) > 1000000)
            return fen_error(err, errlen, col, "%s \"%s\" too large (at most 1000000)", name, text);
    if (p == text || *p)
        return fen_error(err, errlen, col, "%s \"%s\" is not a non-negative integer", name, text);
    *out = (int32_t)value;
    return true;
}

/* Reads the last-crossing field ("-" or <from>-<to>) into pos, whose board and side are read,
 * and checks that the crossing can have been the last move (docs/rules/martian.md 2); false with the
 * error set. */
static bool fen_last_crossing(Position *pos, const char *text, long col, char *err, size_t errlen)
{
    const Geometry *geo = position_geo(pos);
    if (strcmp(text, "-") == 0)
        return true;
    int l1 = 0, l2 = 0;
    int from = square_parse(geo, text, &l1);
    int to = from >= 0 && text[l1] == '-' ? square_parse(geo, text + l1 + 1, &l2) : -1;
    if (to < 0 || text[l1 + 1 + l2] != '\0')
        return fen_error(err, errlen, col,
                         "last crossing \"%s\" is malformed: expected '-' or <from>-<to> on "
                         "the board (e.g. a6-a4)",
                         text);
    const char *mover = pos->variant->team_names[pos->side];
    const char *other = pos->variant->team_names[!pos->side];
    if (geo->owner[from] == pos->side)
        return fen_error(err, errlen, col,
                         "last crossing %s is impossible: %s is not in the zone of %s, who "
                         "played it",
                         text, geo->name[from], other);
    if (geo->owner[to] != pos->side)
        return fen_error(err, errlen, col,
                         "last crossing %s is impossible: %s is not in the zone of %s, the "
                         "side to move",
                         text, geo->name[to], mover);
    if (!geo->dir_to[from][to])
        return fen_error(err, errlen, col,
                         "last crossing %s is impossible: %s and %s are not on one line", text,
                         geo->name[from], geo->name[to]);
    if (pos->board[from] != EMPTY)
        return fen_error(err, errlen, col,
                         "last crossing %s is impossible: %s holds a piece, the mover left it",
                         text, geo->name[from]);
    if (pos->board[to] == EMPTY)
        return fen_error(err, errlen, col,
                         "last crossing %s is impossible: %s is empty, the mover went there", text,
                         geo->name[to]);
    pos->last_from = (Square)from;
    pos->last_to = (Square)to;
    return true;
}

/* Writes the names of a zoned game's FEN fields after the board into names[] (side to move,
 * the two scores, the last crossing if the game has the no-undo rule, the clock: docs/rules/martian.md 2,
 * 10.9); returns their number. */
static int zoned_field_names(const Variant *v, char (*names)[32])
{
    int n = 0;
    snprintf(names[n++], 32, "side to move");
    for (int c = WHITE; c <= BLACK; c++)
        snprintf(names[n++], 32, "%s score", v->team_names[c]);
    if (v->no_undo)
        snprintf(names[n++], 32, "last crossing");
    snprintf(names[n++], 32, "clock");
    return n;
}

/* Reads what follows the board of a zoned game at s: side, the two scores, the last crossing
 * (with the no-undo rule) and the clock (docs/rules/martian.md 2, 10.9), and nothing else; false with the
 * error set. */
static bool fen_zoned_fields(Position *pos, const char *fen, const char *s, char *err,
                             size_t errlen)
{
    const Variant *v = pos->variant;
    char field[5][32], extra[32], names[5][32], list[160] = "board";
    long col[5];
    int nf = zoned_field_names(v, names);
    for (int i = 0; i < nf; i++) {
        strncat(list, ", ", sizeof list - strlen(list) - 1);
        strncat(list, names[i], sizeof list - strlen(list) - 1);
    }
    if (*s != ' ')
        return fen_error(err, errlen, s - fen + 1, "expected a space and the side to move");
    for (int i = 0; i < nf; i++)
        if (!(col[i] = fen_field(fen, &s, field[i], sizeof field[i])))
            return fen_error(err, errlen, (long)strlen(fen) + 1,
                             "missing the %s field: a %s FEN has %d fields (%s)", names[i],
                             v->title, nf + 1, list);
    long extra_col = fen_field(fen, &s, extra, sizeof extra);
    if (extra_col)
        return fen_error(err, errlen, extra_col,
                         "unexpected %dth field \"%s\": a %s FEN has %d fields (%s)", nf + 2, extra,
                         v->title, nf + 1, list);
    const char *side = strchr(v->player_letters, field[0][0]);
    if (!field[0][0] || field[0][1] || !side) {
        if (v->players == 2)
            return fen_error(err, errlen, col[0],
                             "side to move must be '%c' (%s) or '%c' (%s), got \"%s\"",
                             v->player_letters[0], v->team_names[0], v->player_letters[1],
                             v->team_names[1], field[0]);
        return fen_error(err, errlen, col[0], "side to move must be a player %c to %c, got \"%s\"",
                         v->player_letters[0], v->player_letters[v->players - 1], field[0]);
    }
    pos->side = (uint8_t)(side - v->player_letters);
    for (int c = WHITE; c <= BLACK; c++)
        if (!fen_score(field[1 + c], col[1 + c], names[1 + c], &pos->score[c], err, errlen))
            return false;
    if (v->no_undo && !fen_last_crossing(pos, field[3], col[3], err, errlen))
        return false;
    const char *clock = field[nf - 1];
    if (strcmp(clock, "-") != 0 &&
        (clock[0] < '0' || clock[0] > '0' + v->clock_moves || clock[1] != '\0'))
        return fen_error(err, errlen, col[nf - 1], "clock must be '-' or 0..%d, got \"%s\"",
                         v->clock_moves, clock);
    pos->clock = (int8_t)(clock[0] == '-' ? CLOCK_OFF : clock[0] - '0');
    return true;
}

/* The shape of the FEN whose board starts at s: its rows, the cells of its first row, its
 * blank-separated fields and the first character of its second field, the side to move (0 if
 * none) (what tells the games apart, variant_of_fen_shape). */
static void fen_shape(const char *s, int *rows, int *width, int *fields, char *side)
{
    *rows = 1;
    *width = 0;
    const char *p = s;
    for (; *p && *p != ' '; p++) {
        *rows += *p == '/';
        if (*rows == 1)
            *width += *p >= '1' && *p <= '9' ? *p - '0' : 1;
    }
    *fields = 0;
    *side = 0;
    for (p = s; *p; p++) {
        bool starts = *p != ' ' && *p != '\n' && *p != '\r' &&
                      (p == s || p[-1] == ' ' || p[-1] == '\n' || p[-1] == '\r');
        *fields += starts;
        if (starts && *fields == 2)
            *side = *p;
    }
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
     * the error would name a symptom (a hole on a real square) instead of the cause. The rows,
     * the first row's width, the side to move's letter and the field count name the game. */
    int rows, width, fields;
    char side;
    fen_shape(s, &rows, &width, &fields, &side);
    const char *end = s + strcspn(s, " ");
    const Variant *game = variant_of_fen_shape(rows, width, fields, side);
    if (v && game && game != v && game->fen_rows == v->fen_rows && game->shape.files == width &&
        v->shape.files == width)
        return fen_error(err, errlen, end - fen + 1,
                         "a FEN of %s (%d fields, side to move '%c'), not of %s (the game here)",
                         game->title, fields, side ? side : '?', v->title);
    if (v && game && game != v && game->fen_rows == v->fen_rows)
        return fen_error(err, errlen, s - fen + 1 + width,
                         "the rows have %d cells, %s FENs have %d (the game here)", width, v->title,
                         v->shape.files);
    if (v && game != v)
        return fen_error(err, errlen, end - fen + 1,
                         "the board has %d rows, %s FENs have %d (the game here)", rows, v->title,
                         v->fen_rows);
    if (!game)
        return fen_error(err, errlen, end - fen + 1,
                         "the board has %d rows, expected 11 (Maxima) or 8 (Ultima, Martian "
                         "Chess of two or four players)",
                         rows);
    Position pos;
    position_clear(&pos, game);
    for (int row = 0; row < game->fen_rows; row++)
        if (!fen_board_row(&pos, fen, &s, row, err, errlen))
            return false;
    if (variant_zoned(game)) {
        if (!fen_zoned_fields(&pos, fen, s, err, errlen))
            return false;
        pos.key = position_compute_key(&pos);
        *out = pos;
        return true;
    }
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
    bool zoned = variant_zoned(pos->variant);
    for (int rank = geo->rank_last; rank >= geo->rank_first; rank--) {
        int run = 0;
        for (int file = 0; file < geo->shape.files; file++) {
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
                tmp[k++] = zoned || piece_color(p) == WHITE ? (char)(ch - 'a' + 'A') : ch;
            }
        }
        if (run)
            tmp[k++] = (char)('0' + run);
        if (rank > geo->rank_first)
            tmp[k++] = '/';
    }
    tmp[k] = '\0';
    if (!zoned) {
        snprintf(buf, len, "%s %c %d", tmp, pos->side == WHITE ? 'w' : 'b', pos->plies);
        return;
    }
    const Variant *v = pos->variant;
    char last[16] = "", clock[8] = "-";
    if (v->no_undo && pos->last_from != NO_SQ)
        snprintf(last, sizeof last, " %s-%s", square_name(pos->last_from),
                 square_name(pos->last_to));
    else if (v->no_undo)
        snprintf(last, sizeof last, " -");
    if (pos->clock != CLOCK_OFF)
        snprintf(clock, sizeof clock, "%d", pos->clock);
    snprintf(buf, len, "%s %c %d %d%s %s", tmp, v->player_letters[pos->side],
             (int)pos->score[WHITE], (int)pos->score[BLACK], last, clock);
}
