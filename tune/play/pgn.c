/* pgn.c: PGN output. */
#include "pgn.h"

#include <string.h>

#include "core/fen.h"
#include "core/makemove.h"
#include "core/notation.h"

/* The PGN result token of a result in half points from White's view. */
const char *pgn_result(int result) { return result == 2 ? "1-0" : result == 1 ? "1/2-1/2" : "0-1"; }

/* Writes one game in PGN export format (see pgn.h). */
void pgn_write_game(FILE *out, const char *event, const char *round, const char *white,
                    const char *black, const Position *opening, const Move *moves, int nmoves,
                    int result, Termination term)
{
    char fen[256];
    fen_write(opening, fen, sizeof fen);
    /* The Seven Tag Roster in its order, then the other tags in ASCII order of their names
     * (the PGN standard's export format). */
    fprintf(out,
            "[Event \"%s\"]\n[Site \"maxtune\"]\n[Date \"????.??.??\"]\n[Round \"%s\"]\n"
            "[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n[FEN \"%s\"]\n"
            "[PlyCount \"%d\"]\n[SetUp \"1\"]\n[Termination \"%s\"]\n[Variant \"%s\"]\n\n",
            event, round, white, black, pgn_result(result), fen, nmoves, game_termination_pgn(term),
            opening->variant->title);
    Position pos = *opening;
    int column = 0, move_number = 1;
    for (int i = 0; i < nmoves; i++) {
        char text[MOVE_STR_LEN + 16], san[MOVE_STR_LEN];
        notation_move_pgn(&pos, moves[i], san, sizeof san);
        if (pos.side == WHITE)
            snprintf(text, sizeof text, "%d. %s", move_number, san);
        else if (i == 0)
            snprintf(text, sizeof text, "%d... %s", move_number, san);
        else
            snprintf(text, sizeof text, "%s", san);
        if (pos.side == pos.variant->players - 1) /* a round of every player: Black's move */
            move_number++;
        int len = (int)strlen(text);
        if (column && column + 1 + len > 79) {
            fputc('\n', out);
            column = 0;
        }
        column += fprintf(out, "%s%s", column ? " " : "", text);
        Undo u;
        move_do(&pos, moves[i], &u);
    }
    char tail[96];
    snprintf(tail, sizeof tail, "{%s} %s", game_termination_text(term, opening->variant),
             pgn_result(result));
    if (column && column + 1 + (int)strlen(tail) > 79) {
        fputc('\n', out);
        column = 0;
    }
    fprintf(out, "%s%s\n\n", column ? " " : "", tail);
}
