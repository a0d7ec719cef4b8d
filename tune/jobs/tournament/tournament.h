/* tournament.h: the tournament job ([run] job = tournament): the players [engine_a],
 * [engine_b], [engine_c], ... (each in-process or external, as a match's) in a round robin or a
 * gauntlet of game pairs, one match (match.h) per pairing, all in one journal; then the joint
 * ratings of every player (rating.h) over all the games. tournament_job.c plays, and
 * tournament_report.c writes games.pgn, pairings.csv, ratings.csv/.png, report.md and
 * summary.json. */
#ifndef MAXTUNE_JOBS_TOURNAMENT_H
#define MAXTUNE_JOBS_TOURNAMENT_H

#include <stdint.h>
#include <stdio.h>

#include "tune/play/game.h"
#include "tune/play/match.h"
#include "tune/run/config.h"
#include "tune/run/rundir.h"
#include "tune/stats/rating.h"

/* A tournament: its players, pairings and their matches, and the ratings at the end. */
typedef struct Tournament {
    const Config *cfg;
    const RunDir *rd;
    int nplayers;
    int npairings;
    int (*pairing)[2];  /* the two players of each pairing (the first has White in game 1) */
    char (*label)[160]; /* each pairing's progress prefix */
    Config *configs;    /* per pairing: cfg with engine[0] and engine[1] its two players */
    Weights *weights;   /* per player */
    Match **matches;    /* per pairing; pair i of pairing k is journal record k * pairs + i */
    Openings openings;  /* every pairing plays the same openings */
    Rating *ratings;    /* per player (rated) */
    bool rated;         /* the ratings could be fitted (else rating_error says why) */
    char rating_error[256];
    int anchor;     /* the anchor's player index */
    double seconds; /* wall time of the games played now */
} Tournament;

/* The record numbers of a pairing: pair i of pairing k is record k * TOURNAMENT_STRIDE + i
 * ([tournament] pairs is at most 1000000). */
#define TOURNAMENT_STRIDE 1000000L

#endif
