/* pgn_replay.h: the one replayer of PGN games, for every reader that needs the positions
 * (`maxtune replay`'s checks, the games of `maxtune view` and of report.html): the tokens of
 * pgn_read.h made into games, each set up from its FEN tag (or the initial position) and
 * played move by move through the rules core. A game's Variant tag ("Maxima", "Ultima", any
 * case) says its game; without one, the FEN tag's row count does (no FEN: Maxima).
 *
 * What it checks itself, as problems handed to the reader (PgnProblem says how bad): the text
 * is PGN (tokens, tags before the moves, move numbers "12." or "12...", a result token after
 * every game, at least one game), the Variant and FEN tags, each move legal and not after the end, move
 * numbers that fit (from 1, advancing after Black's moves) and moves written in full (the PGN
 * form h6-c1xd2xf4 or the old one h6-c1xd2,f4). The reader adds what it wants per game
 * through hooks: `replay` checks the ending and the tags, the viewer writes the plies. */
#ifndef MAXTUNE_PGN_REPLAY_H
#define MAXTUNE_PGN_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/makemove.h"
#include "core/position.h"
#include "tune/play/pgn_read.h"

/* A tag of the game being replayed, with its line (0: absent). */
typedef struct PgnTag {
    int line;
    char value[PGN_TOKEN_MAX];
} PgnTag;

/* The game being replayed: its tags, the position reached, its moves and the keys of every
 * position. The move and key buffers are kept from game to game (pgn_game_free frees them). */
typedef struct PgnGame {
    int first_line; /* the line of its first token */
    PgnTag result, fen, termination, plycount, event, round, white, black, variant;
    bool started; /* movetext has begun: the position is set up */
    bool dead;    /* a bad FEN or an illegal move: the rest of the game is not played */
    Position pos, opening;
    uint64_t *keys; /* keys[i]: the position after i plies */
    Move *moves;    /* moves[i]: ply i + 1 */
    int nplies, cap;
    bool old_form;              /* a move written with commas (a reader may set it for more) */
    char reason[PGN_TOKEN_MAX]; /* the last {comment} */
    int reason_line;
} PgnGame;

/* How bad a problem is, which says what the replay does after it. */
typedef enum PgnProblem {
    PGN_NOT_PGN,   /* not PGN as maxtune writes it: the reading stops */
    PGN_BAD_SETUP, /* a bad FEN tag or out of memory: the game is not played on (the file is
                    * not as maxtune writes it) */
    PGN_BAD_MOVE,  /* an illegal move or one after the end: the game is not played on */
    PGN_REMARK     /* a move number that does not fit, a move not written in full: it goes on */
} PgnProblem;

/* The reader's hooks (any may be NULL but problem); data is passed to each. A hook returning
 * false stops the replay (pgn_replay then returns false). */
typedef struct PgnReplayHooks {
    void *data;
    /* A problem at line, its message (without file or line). */
    bool (*problem)(void *data, int line, PgnProblem kind, const char *msg);
    /* Every tag pair, after the game kept those PgnGame has fields for. */
    void (*tag)(void *data, PgnGame *g, const PgnToken *tok);
    /* The position is set up (g->opening) at the first movetext token. */
    bool (*started)(void *data, PgnGame *g);
    /* Move m was played from `before` (u: what it captured); g->pos is the position after. */
    bool (*played)(void *data, PgnGame *g, Move m, const Position *before, const Undo *u);
    /* The result token (at line) ended the game. */
    bool (*finished)(void *data, PgnGame *g, int line, const char *result);
    /* The game every game must be (a game of another is a bad setup: an opening book of the
     * run's game); NULL: each game's own. */
    const Variant *game;
} PgnReplayHooks;

/* The game a Variant tag's value names, among those the engine plays: its name or its title
 * (what maxtune writes), in any case ("Maxima", "ultima", "Martian Chess"), or NULL. */
const Variant *pgn_variant(const char *value);

/* True for a PGN game termination marker: 1-0, 0-1, 1/2-1/2 or *. */
bool pgn_is_result(const char *word);

/* Replays every game of text (len bytes) through the hooks, g holding each game in turn;
 * false when a hook stopped it. */
bool pgn_replay(PgnGame *g, const char *text, size_t len, const PgnReplayHooks *h);

/* Frees g's buffers. */
void pgn_game_free(PgnGame *g);

#endif
