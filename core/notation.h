/* notation.h: moves as text (docs/rules/maxima.md 9): "<from>-<to>[x<sq>,<sq>...]", and the PGN form
 * "<from>-<to>[x<sq>x<sq>...]" whose tokens hold only characters PGN allows in a move (the
 * comma would split a token for strict PGN readers). A zoned game's moves (docs/rules/martian.md 5) are
 * "<from><op><to>[*]", op '-' (plain), 'x' (capture) or '+' (merge), '*' a clock call, in both
 * forms. */
#ifndef MAXTUNE_NOTATION_H
#define MAXTUNE_NOTATION_H

#include <stddef.h>

#include "position.h"

enum { MOVE_STR_LEN = 80 };

/* Writes move m (pseudo-legal in pos) with its captures, sorted in byte order, into buf. */
void notation_move(const Position *pos, Move m, char *buf, size_t len);

/* The same in the PGN form: each captured square after an 'x' (h6-c1xd2xf4). */
void notation_move_pgn(const Position *pos, Move m, char *buf, size_t len);

/* Writes just "<from>-<to>" into buf (no op, no clock call). */
void notation_move_short(Move m, char *buf, size_t len);

/* Parses a legal move of pos given as "<from>-<to>", "<from><to>" or in full, in either form
 * (docs/rules/maxima.md's comma-separated captures or the PGN form; the capture list must then be right). Returns MOVE_NONE and a message in err if it is not one. */
Move notation_parse(Position *pos, const char *text, char *err, size_t errlen);

#endif
