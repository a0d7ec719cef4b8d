/* fen.h: positions from and to FEN (MAXIMA.md, section FEN). */
#ifndef MAXTUNE_FEN_H
#define MAXTUNE_FEN_H

#include <stdbool.h>
#include <stddef.h>

#include "position.h"

/* Parses FEN (or "start"). On error returns false and writes a one-line message naming the
 * problem and its column (1-based) into err. The position is only written on success. */
bool fen_parse(Position *pos, const char *fen, char *err, size_t errlen);

/* Writes the FEN of pos into buf (at least 128 bytes). */
void fen_write(const Position *pos, char *buf, size_t len);

#endif
