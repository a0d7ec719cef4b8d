/* fen.h: positions from and to FEN (MAXIMA.md, section FEN). */
#ifndef MAXTUNE_FEN_H
#define MAXTUNE_FEN_H

#include <stdbool.h>
#include <stddef.h>

#include "position.h"

/* Parses FEN (or "start", Maxima's initial position) of either game: the row count says which
 * (MAXIMA.md 2, ULTIMA.md 2). On error returns false and writes a one-line message naming the
 * problem and its column (1-based) into err. The position is only written on success. */
bool fen_parse(Position *pos, const char *fen, char *err, size_t errlen);

/* The same for a FEN of game v ("start" is v's initial position); a FEN of another game is an
 * error naming both. v NULL: either game, as fen_parse. */
bool fen_parse_variant(Position *pos, const char *fen, const Variant *v, char *err, size_t errlen);

/* Writes the FEN of pos into buf (at least 128 bytes). */
void fen_write(const Position *pos, char *buf, size_t len);

#endif
