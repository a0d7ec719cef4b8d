/* pgn.h: games as PGN that Ordo and BayesElo read as they are. Moves are in docs/rules/maxima.md notation
 * written with only the characters PGN allows in a move token: each captured square after an
 * 'x' (h6-c1xd2xf4, where docs/rules/maxima.md writes h6-c1xd2,f4; notation_move_pgn). The tags follow
 * the standard's export order, the Seven Tag Roster first (Event, Site, Date, Round, White,
 * Black, Result), then the others in ASCII order: FEN, PlyCount, SetUp, Termination ("normal"
 * for an ending by the rules, "adjudication" for maximum length, repetition and the draw and
 * resign adjudications: the rules have no repetition draw, docs/rules/maxima.md 8; the reason follows as a
 * comment), Variant: the game's title ("Maxima", "Ultima"). The reason comment is
 * game_termination_text ("stalemate (a loss)" in Ultima). The Date is "????.??.??" so that the file is the same whenever
 * the run is repeated. */
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
