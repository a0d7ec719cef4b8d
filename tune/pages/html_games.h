/* html_games.h: the games of a PGN file for report.html's viewer.
 *
 * Every game is replayed through the rules core by tune/play/pgn_replay.h (as `maxtune
 * replay` replays it; a move number or move text that does not fit is shown anyway) and
 * written as JSON the page steps through without knowing any rule: the board before the first
 * move (88 cells, rank * 8 + file: a piece letter as in FEN, '.' empty, 'x' a hole), and per
 * ply the move's text, its from and to squares, the squares it captured, the cells it changed
 * and whether the side to move is then in check. A zoned game (Martian Chess) adds the owner of
 * each cell ("zones", from which the page draws the canals), its teams' names, and the scores and
 * clock at the start and after each ply. A page has a size cap: html_games_write_json
 * chooses which games go in (see there) and says how in the JSON's "note". */
#ifndef MAXTUNE_HTML_GAMES_H
#define MAXTUNE_HTML_GAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* One game replayed: its JSON object and what the choice of games looks at. */
typedef struct HtmlGame {
    long index; /* 1-based, in file order */
    char *json; /* the game as a JSON object (malloc'd) */
    size_t len; /* strlen(json) */
    int plies;
    bool decisive;   /* 1-0 or 0-1 */
    char ending[64]; /* the {reason} comment before the result */
    bool chosen;     /* embedded in the page */
} HtmlGame;

/* The games of one PGN text. */
typedef struct HtmlGames {
    HtmlGame *games;
    long n, cap;
    char source[256]; /* the file's name, for the page */
} HtmlGames;

/* Reads and replays every game of a PGN text (as maxtune writes it, or anything `maxtune
 * replay` accepts). False with "source:line: problem" in err for a text that is not PGN or a
 * move that is not legal; g is then emptied. */
bool html_games_read(HtmlGames *g, const char *text, size_t len, const char *source, char *err,
                     size_t errlen);

/* Frees what html_games_read allocated. */
void html_games_free(HtmlGames *g);

/* Writes {"source", "total", "embedded", "note", "games": [...]} with the games chosen to fit in
 * about budget bytes (0: no cap; the note names page_cap, the whole page's): the games in `wanted` (1-based indices, always), then, while
 * they fit, the first 4, the 4 longest, the first game of each ending, the 4 shortest decisive
 * ones, then games evenly spaced over the file (every 2^k-th for k down to 0). */
void html_games_write_json(FILE *out, HtmlGames *g, size_t budget, size_t page_cap,
                           const long *wanted, int nwanted);

#endif
