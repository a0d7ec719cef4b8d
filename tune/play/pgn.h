/* pgn.h: games as PGN that Ordo and BayesElo read as they are. Moves are in MAXIMA.md notation;
 * the tags are Event, Site, Date, Round, White, Black, Result, Variant "Maxima", SetUp, FEN,
 * Termination ("normal" or "adjudication", with the reason as a comment) and PlyCount. The Date
 * is "????.??.??" so that the file is the same whenever the run is repeated. */
#ifndef MAXTUNE_PGN_H
#define MAXTUNE_PGN_H

#include <stdio.h>

#include "tune/play/game.h"

/* Writes one game. result is from White's view in half points (2, 1, 0). */
void pgn_write_game(FILE *out, const char *event, const char *round, const char *white,
                    const char *black, const Position *opening, const Move *moves, int nmoves,
                    int result, Termination term);

/* "1-0", "1/2-1/2" or "0-1". */
const char *pgn_result(int result);

#endif
