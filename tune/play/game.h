/* game.h: one engine-vs-engine game with adjudication (the openings it starts from: openings.h). */
#ifndef MAXTUNE_GAME_H
#define MAXTUNE_GAME_H

#include <stdio.h>

#include "core/gamestate.h"
#include "core/position.h"
#include "search/search.h"
#include "tune/play/engine_proc.h"
#include "tune/run/config.h"
#include "tune/play/player_config.h"
#include "tune/play/match_config.h"
#include "tune/play/openings.h"

enum { GAME_MAX_PLIES = 2000 };

/* How a game ended. The first four follow the rules (docs/rules/maxima.md 8); the next four are the match's
 * adjudications, repetition among them (the rules have no repetition draw); the next three are
 * an external engine's faults, each a loss of the engine to move (its PGN Termination is the
 * name): no bestmove in time, an illegal or malformed move or protocol violation, a process
 * that crashed, exited or never answered; the last three are the zoned games' ends by the rules
 * (docs/rules/martian.md 7: the higher score wins). Values are journaled: new ones go at the end. */
typedef enum Termination {
    TERM_CHECKMATE,
    TERM_STALEMATE,
    TERM_BARE_KING,
    TERM_INVASION,
    TERM_REPETITION,
    TERM_MAX_PLIES,
    TERM_ADJ_DRAW,
    TERM_ADJ_RESIGN,
    TERM_TIME_FORFEIT,
    TERM_RULES_INFRACTION,
    TERM_ABANDONED,
    TERM_EMPTY_ZONE, /* a zone emptied (Martian Chess) */
    TERM_CLOCK,      /* the called clock ran down */
    TERM_NO_MOVES,   /* the player to move had no legal move */
    TERM_NB
} Termination;

/* A finished game: opening, moves, result. */
typedef struct GameRecord {
    Position opening;
    int nmoves;
    Move moves[GAME_MAX_PLIES];
    int16_t score[GAME_MAX_PLIES]; /* each move's search score, the mover's view, +-32000 */
    int result;                    /* from White's view: 2 win, 1 draw, 0 loss (half points) */
    Termination term;
    double search_seconds; /* time spent inside engine_search (for the benchmarks) */
    int fault;             /* the colour whose external engine failed (term above), or -1 */
    char fault_why[320];   /* ... what it did, for engines.log */
} GameRecord;

/* A player: the in-process engine (owned by the caller's thread) with its weights, or an
 * external engine process (proc not NULL; weights unused), and its per-move limits. */
typedef struct Player {
    Engine *engine;
    const Weights *weights;
    SearchLimits limits;
    EngineProc *proc; /* not NULL: this process plays (owned by the caller's thread) */
    long timeout_ms;  /* external: longest wait for bestmove, 0 = derived (game_move_timeout) */
    TimeControl tc;   /* base_ms > 0: the player has a clock (limits apply as well) */
    int defence;      /* in-process: engine_set_defence's percent (0 is taken as 100) */
    bool no_partner_captures; /* in-process: engine_set_partner_captures(engine, false) */
    const Network *net;       /* in-process: the network it evaluates with (NULL: its weights) */
    const char *net_path;     /* ... the file it was to be read from (NULL: none); a player whose
                               * network could not be read forfeits its games (abandoned) */
} Player;

/* How long an external player may take for one move: its timeout_ms, else derived from its
 * limits: 10 s, plus movetime, plus 1 ms per 1000 nodes; 60 s more for a depth alone. */
long game_move_timeout(const Player *p);

/* Plays a game from `opening` between white and black with the match's adjudication rules. A
 * player with a time control has a clock (monotonic time, kept here): the time a move takes is
 * taken off it (the increment added after the move, the base again after each session), and a
 * move that oversteps it by more than mc->tc_margin_ms loses on time. */
void game_play(const Position *opening, Player *white, Player *black, const MatchConfig *mc,
               GameRecord *rec);

/* Short name of a termination ("checkmate", "adjudication: draw", ...): the keys of the
 * reports' counts. */
const char *game_termination_name(Termination t);

/* How a game of v that ended by t says it (its PGN comment, the engine log): the name, but
 * "stalemate (a loss)" in a game whose stalemate loses (Ultima). */
const char *game_termination_text(Termination t, const Variant *v);

/* True for the terminations decided by the rules (PGN Termination "normal"); repetition and
 * the other adjudications are "adjudication". */
bool game_termination_is_normal(Termination t);

/* White's result (half points) of a game cut short by the match in pos (repetition, the
 * maximum length, a draw adjudication): a draw, but in a game of points (Variant.scores) the
 * higher score wins, as at the clock's end (docs/rules/martian.md 7: the rules know no draw by repetition,
 * and a cut-off game is scored as the clock would score it). */
int game_cut_short_result(const Position *pos);

/* True when a game of v can end by t: the King's endings (checkmate, stalemate, bare King,
 * invasion) in the games with Kings, the zoned endings (empty zone, clock, no moves) in the
 * zoned games, the rest in all. Summaries list these. */
bool game_termination_in_game(Termination t, const Variant *v);

/* The end of the game by the rules that t stands for (checkmate: GAME_CHECKMATE, clock:
 * GAME_CLOCK, ...); GAME_ONGOING for repetition, the adjudications and the engines' faults. */
GameState game_termination_state(Termination t);

/* The termination of a game that state s (not GAME_ONGOING) ended: game_termination_state's
 * inverse. */
Termination game_state_termination(GameState s);

/* The PGN Termination tag of t: "normal", "adjudication", "time forfeit", "rules infraction"
 * or "abandoned". */
const char *game_termination_pgn(Termination t);

#endif
