/* match_config.h: the [match] section (config_schema.h), owned by the play layer: how games
 * are played (openings, adjudication, the clock's margin) and when a match stops (pairs, SPRT). */
#ifndef MAXTUNE_MATCH_CONFIG_H
#define MAXTUNE_MATCH_CONFIG_H

#include <stdbool.h>

#include "tune/run/config.h"

/* How games are played and when a match stops: [match]. */
typedef struct MatchConfig {
    long pairs;              /* game pairs, default 100, 1..10000000 */
    char openings[256];      /* "random" (default) or a book: FEN or EPD lines (openings.h) */
    long opening_plies;      /* random opening length, default 8, 0..40 */
    long opening_max_score;  /* skip random openings whose |eval| exceeds this (cp), default 200 */
    char opening_order[16];  /* a book's order: "sequential" (file order, default) | "random" */
    long max_plies;          /* draw after this many plies, default 400 */
    long repetition;         /* draw on the N-th occurrence of a position, default 3, 0 = off */
    long draw_move_number;   /* adjudicate draws from this move on, default 34 */
    long draw_move_count;    /* ... after this many moves with |score| <= draw_score, 8 (0 = off) */
    long draw_score;         /* ... in centipawns, default 20 */
    long resign_move_count;  /* adjudicate a loss after this many moves, default 3 (0 = off) */
    long resign_score;       /* ... with score <= -resign_score (cp), default 600 */
    bool sprt;               /* stop early by a sequential probability ratio test, default false */
    double elo0, elo1;       /* SPRT hypotheses, default 0 and 5 */
    double alpha, beta;      /* SPRT error rates, default 0.05 and 0.05 */
    char sprt_model[16];     /* "normalized" (default) | "logistic" */
    long checkpoint_seconds; /* write results at least this often, default 5, 1..3600 */
    long tc_margin_ms;       /* a move may overstep the clock by this before it loses, 100 */
    long fault_stop;         /* stop after an engine lost this many games in a row the same
                              * way, 3 (0 = never: a soak) */
} MatchConfig;

/* The [match] section of cfg; match_config_edit for a caller that changes it. */
const MatchConfig *match_config(const Config *cfg);
MatchConfig *match_config_edit(Config *cfg);

/* Registers [match] with the config (after the players). */
void match_config_register(void);

#endif
