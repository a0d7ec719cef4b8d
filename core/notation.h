/* notation.h: moves as text (MAXIMA.md 9): "<from>-<to>[x<sq>,<sq>...]". */
#ifndef MAXTUNE_NOTATION_H
#define MAXTUNE_NOTATION_H

#include <stddef.h>

#include "position.h"

enum { MOVE_STR_LEN = 80 };

/* Writes move m (pseudo-legal in pos) with its captures, sorted in byte order, into buf. */
void notation_move(const Position *pos, Move m, char *buf, size_t len);

/* Writes just "<from>-<to>" into buf. */
void notation_move_short(Move m, char *buf, size_t len);

/* Parses a legal move of pos given as "<from>-<to>", "<from><to>" or the full notation (whose
 * capture list must then be right). Returns MOVE_NONE and a message in err if it is not one. */
Move notation_parse(Position *pos, const char *text, char *err, size_t errlen);

#endif
