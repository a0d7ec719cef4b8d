/* datagen.h: the datagen job's games and positions ([datagen]): training data for the network
 * trainer.
 *
 * Game i starts from opening i ([match]: random playouts of opening_plies plies from the run
 * seed, or a book) and is played by [engine_a] against itself: its weights and limits for both
 * sides, one engine (and hash) per thread, with the match's adjudication. Games are played in
 * parallel by dist (threads, and MPI ranks in bin/maxtune-mpi) and journaled one by one, each
 * with its moves and each move's search score (datagen_encode_game), so an interrupted run
 * resumes.
 *
 * After the games, each is replayed from its opening in game order. The position before ply k
 * (k moves made since the opening) is a candidate; it is dropped, by the first filter that
 * applies, when k < skip_plies (opening), when its score is a mate or decided-game score
 * (|score| > SCORE_MATE_BOUND: decided), when |score| > max_score (score), when skip_check and
 * the side to move is in check (check; games with a King), when skip_captures and the played
 * move captures (capture: move_captures, or in a zoned game a move onto a piece that is not a
 * merge). A kept position is stored as a packed record (tune/stats/packed.h): score the mover's
 * search score, result the game's result for the team to move, flags PACKED_CHECK and
 * PACKED_CAPTURE as they hold, game i. Nothing depends on the threads or ranks. */
#ifndef MAXTUNE_DATAGEN_H
#define MAXTUNE_DATAGEN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "tune/play/dist.h"
#include "tune/play/game.h"
#include "tune/play/openings.h"
#include "tune/run/config.h"
#include "tune/run/journal.h"

/* A game as the job keeps it. */
typedef struct DatagenGame {
    uint8_t result; /* White's view, half points */
    uint8_t term;   /* Termination */
    uint16_t nmoves;
    Move *moves;    /* nmoves (+1) */
    int16_t *score; /* each move's search score, the mover's view */
} DatagenGame;

/* Journal text of a game: "result termination nmoves", the moves in hex, then the scores in
 * decimal, single spaces between (malloc'd; NULL when out of memory). */
char *datagen_encode_game(const DatagenGame *g);

/* Parses datagen_encode_game's text strictly (single spaces, no signs but '-', no leading
 * zeros, every field in range, nothing after): false with a reason (g then holds nothing). */
bool datagen_decode_game(const char *text, DatagenGame *g, char *why, size_t len);

/* Frees a game's lists. */
void datagen_game_free(DatagenGame *g);

enum {
    DATAGEN_HIST_LOW = -3000, /* the score histogram: buckets of DATAGEN_HIST_STEP from here */
    DATAGEN_HIST_STEP = 100,
    DATAGEN_HIST_BUCKETS = 60 /* ... to +3000; scores beyond go to the end buckets */
};

/* What the games and the filters gave. */
typedef struct DatagenStats {
    long games, plies;
    long white_wins, draws, black_wins;
    long term[TERM_NB];
    long positions; /* candidates: every position a move was played in */
    long opening, decided, lopsided, check, capture; /* dropped by each filter (the first) */
    long kept;
    long kept_check, kept_capture;      /* kept with PACKED_CHECK, PACKED_CAPTURE */
    long wins, draws_stm, losses;       /* results of the kept positions, side to move's */
    long hist[DATAGEN_HIST_BUCKETS][3]; /* kept positions by score bucket and result 0..2 */
} DatagenStats;

/* The games of a datagen run. */
typedef struct Datagen Datagen;

/* Creates the run's games: [datagen] games from cfg, openings from o, journal records from 0.
 * NULL when out of memory or [engine_a]'s weights do not load (the message in err). */
Datagen *datagen_new(const Config *cfg, const Openings *o, Journal *journal, char *err,
                     size_t errlen);

/* Frees them. */
void datagen_free(Datagen *d);

/* Takes a journal record (game `index`) read back on resume; false with a reason. */
bool datagen_record(Datagen *d, long index, const char *payload, char *why, size_t len);

/* Plays the missing games in parallel; EXIT_OK when complete, EXIT_INTERRUPTED or EXIT_FAIL. */
int datagen_play(Datagen *d);

/* Filters the positions of every game into st (zeroed first). */
void datagen_count(const Datagen *d, DatagenStats *st);

/* The timing of the games played by this process: seconds from the start of the games to
 * their end, the games played now (not resumed) and the positions they kept. */
void datagen_timing(const Datagen *d, double *seconds, long *games_now, long *kept_now);

/* Writer for rundir_write: the kept positions in the packed format (data: the Datagen). */
bool datagen_write_positions(FILE *out, void *data);

/* Writer for rundir_write: the games as PGN (data: the Datagen). */
bool datagen_write_pgn(FILE *out, void *data);

/* The DistKind of datagen games (item i: game i, weights[0] [engine_a]'s); register it
 * (dist_register) before use. */
extern const DistKind datagen_games_kind;

#endif
