/* tournament_job.h: the tournament job ([run] job = tournament): the players [engine_a],
 * [engine_b], [engine_c], ... (each in-process or external, as a match's) in a round robin or a
 * gauntlet of game pairs, one match (match.h) per pairing, all in one journal; then the joint
 * ratings of every player (rating.h) over all the games. tournament_job.c plays, and
 * tournament_report.c writes games.pgn, pairings.csv, ratings.csv/.png, report.md and
 * summary.json. */
#ifndef MAXTUNE_TOURNAMENT_JOB_H
#define MAXTUNE_TOURNAMENT_JOB_H

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

/* Runs the tournament of cfg into the prepared results folder; returns an ExitStatus. */
int tournament_run(const Config *cfg, RunDir *rd);

/* The record numbers of a pairing: pair i of pairing k is record k * TOURNAMENT_STRIDE + i
 * ([tournament] pairs is at most 1000000). */
#define TOURNAMENT_STRIDE 1000000L

/* JobDef.grows: a finished tournament may be extended by raising [tournament] pairs (pair i of
 * pairing k is record k * TOURNAMENT_STRIDE + i, whatever pairs is). */
uint64_t tournament_grows(Config *cfg, const Config *defaults);

/* Fits the joint ratings of the games played (t->rated, t->ratings, t->rating_error). */
void tournament_rate(Tournament *t);

/* The job's writers (tournament_report.c; data: the Tournament): games.pgn, pairings.csv,
 * ratings.csv, summary.json, report.md and timing.json. */
bool tournament_write_pgn(FILE *out, void *data);
bool tournament_write_pairings(FILE *out, void *data);
bool tournament_write_ratings(FILE *out, void *data);
bool tournament_write_summary(FILE *out, void *data);
bool tournament_write_report(FILE *out, void *data);
bool tournament_write_timing(FILE *out, void *data);

/* JobOutputs.plot: ratings.png from ratings.csv. */
bool tournament_plot(void *data);

/* JobOutputs.print: the rating table and where the files are. */
void tournament_print(void *data);

/* What the tournament job's report.html shows (tournament_report.c). */
extern const struct HtmlSpec tournament_html;

#endif
