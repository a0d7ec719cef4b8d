/* notation.c: move text in and out. */
#include "notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "makemove.h"
#include "movegen.h"

/* qsort comparator: square names in byte order. */
static int compare_square_names(const void *a, const void *b)
{
    return strcmp(square_name(*(const Square *)a), square_name(*(const Square *)b));
}

/* Writes "<from>-<to>". */
void notation_move_short(Move m, char *buf, size_t len)
{
    snprintf(buf, len, "%s-%s", square_name(move_from(m)), square_name(move_to(m)));
}

/* The op of a zoned game's move m in pos (docs/rules/martian.md 5): '+' merge, 'x' capture, '-' else. */
static char zoned_op(const Position *pos, Move m)
{
    if (move_is_merge(m))
        return '+';
    return pos->board[move_to(m)] != EMPTY ? 'x' : '-';
}

/* Writes a zoned game's move: "<from><op><to>", '*' after it when it calls the clock. */
static void zoned_write(const Position *pos, Move m, char *buf, size_t len)
{
    snprintf(buf, len, "%s%c%s%s", square_name(move_from(m)), zoned_op(pos, m),
             square_name(move_to(m)), move_calls_clock(m) ? "*" : "");
}

/* Parses a zoned game's move "<from>[<op>]<to>[*]" (docs/rules/martian.md 5): a legal move of pos with
 * those squares and clock call; an op given must be the move's. */
static Move zoned_parse(Position *pos, const char *text, char *err, size_t errlen)
{
    int len1 = 0, len2 = 0;
    const Geometry *geo = position_geo(pos);
    int from = square_parse(geo, text, &len1);
    const char *rest = text + (from >= 0 ? len1 : 0);
    char op = *rest == '-' || *rest == 'x' || *rest == '+' ? *rest : '\0';
    rest += op != '\0';
    int to = from >= 0 ? square_parse(geo, rest, &len2) : -1;
    bool call = to >= 0 && rest[len2] == '*';
    if (from < 0 || to < 0 || rest[len2 + call] != '\0') {
        snprintf(err, errlen,
                 "'%s' is not a move (expected <from><op><to>[*], e.g. a1-b2, a4xb5, b2+c1, "
                 "c3-d4*)",
                 text);
        return MOVE_NONE;
    }
    Move list[MAX_MOVES];
    int n = movegen_legal(pos, list);
    for (int i = 0; i < n; i++) {
        Move m = list[i];
        if (move_from(m) != from || move_to(m) != to || move_calls_clock(m) != call)
            continue;
        if (op && op != zoned_op(pos, m)) {
            char full[MOVE_STR_LEN];
            zoned_write(pos, m, full, sizeof full);
            snprintf(err, errlen, "'%s' has the wrong op: the move is %s", text, full);
            return MOVE_NONE;
        }
        return m;
    }
    snprintf(err, errlen, "'%s' is not a legal move in this position", text);
    return MOVE_NONE;
}

/* Writes the move with its sorted captures, each after the first preceded by sep. */
static void notation_write(const Position *pos, Move m, char sep, char *buf, size_t len)
{
    if (variant_zoned(pos->variant)) {
        zoned_write(pos, m, buf, len);
        return;
    }
    Square caps[MAX_CAPTURES];
    int n = move_captures(pos, m, caps);
    qsort(caps, (size_t)n, sizeof caps[0], compare_square_names);
    notation_move_short(m, buf, len);
    for (int i = 0; i < n; i++) {
        size_t k = strlen(buf);
        snprintf(buf + k, len - k, "%c%s", i ? sep : 'x', square_name(caps[i]));
    }
}

/* The docs/rules/maxima.md form: captures comma-separated. */
void notation_move(const Position *pos, Move m, char *buf, size_t len)
{
    notation_write(pos, m, ',', buf, len);
}

/* The PGN form: every capture after an 'x'. */
void notation_move_pgn(const Position *pos, Move m, char *buf, size_t len)
{
    notation_write(pos, m, 'x', buf, len);
}

/* Parses a move in any accepted form (see notation.h). */
Move notation_parse(Position *pos, const char *text, char *err, size_t errlen)
{
    if (variant_zoned(pos->variant))
        return zoned_parse(pos, text, err, errlen);
    int len1, len2;
    const Geometry *geo = position_geo(pos);
    int from = square_parse(geo, text, &len1);
    const char *rest = text + (from >= 0 ? len1 : 0);
    if (from >= 0 && *rest == '-')
        rest++;
    int to = from >= 0 ? square_parse(geo, rest, &len2) : -1;
    if (from < 0 || to < 0 || (rest[len2] != '\0' && rest[len2] != 'x')) {
        snprintf(err, errlen, "'%s' is not a move (expected <from>-<to>, e.g. e2-e5)", text);
        return MOVE_NONE;
    }
    /* The move among the pseudo-legal ones, then its legality alone: a protocol position with a
     * long move list is parsed without making every move of every position. */
    Move list[MAX_MOVES];
    int n = movegen_pseudo(pos, list);
    for (int i = 0; i < n; i++) {
        if (list[i] != move_make(from, to))
            continue;
        if (!movegen_is_legal(pos, list[i]))
            break;
        if (rest[len2] == 'x') {
            char full[MOVE_STR_LEN], pgn[MOVE_STR_LEN];
            notation_move(pos, list[i], full, sizeof full);
            notation_move_pgn(pos, list[i], pgn, sizeof pgn);
            if (strcmp(full, text) != 0 && strcmp(pgn, text) != 0) {
                snprintf(err, errlen, "'%s' has the wrong captures: the move is %s", text, full);
                return MOVE_NONE;
            }
        }
        return list[i];
    }
    snprintf(err, errlen, "'%s' is not a legal move in this position", text);
    return MOVE_NONE;
}
