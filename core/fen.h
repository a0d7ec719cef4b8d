/* fen.h: positions from and to FEN (docs/rules/maxima.md, section FEN). */
#ifndef MAXTUNE_FEN_H
#define MAXTUNE_FEN_H

#include <stdbool.h>
#include <stddef.h>

#include "position.h"

/* Parses FEN (or "start", Maxima's initial position) of any game. The FEN's shape names the game
 * (variant_of_fen_shape): the row count, the width of the first row, the side to move's letter and
 * the field count: 11 rows of 8 cells is Maxima (docs/rules/maxima.md 2), 8 rows of 8 with side w or b Ultima
 * (docs/rules/ultima.md 2), 8 rows of 4 cells with 6 fields `<rows> <s|n> <south score> <north score> <last>
 * <clock>` Martian Chess (docs/rules/martian.md 2), 8 rows of 8 with 5 fields `<rows> <1-4> <team 1+3 score>
 * <team 2+4 score> <clock>` four-player Martian Chess (docs/rules/martian.md 10.9).
 * On error returns false and writes a one-line message naming the problem and its column
 * (1-based) into err. The position is only written on success. */
bool fen_parse(Position *pos, const char *fen, char *err, size_t errlen);

/* The same for a FEN of game v ("start" is v's initial position); a FEN of another game is an
 * error naming both. v NULL: either game, as fen_parse. */
bool fen_parse_variant(Position *pos, const char *fen, const Variant *v, char *err, size_t errlen);

/* Writes the FEN of pos into buf (at least 128 bytes); parsing it gives pos back. */
void fen_write(const Position *pos, char *buf, size_t len);

#endif
