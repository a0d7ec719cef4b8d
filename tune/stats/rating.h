/* rating.h: joint maximum-likelihood ratings of several players from their games, as Ordo and
 * BayesElo give for a tournament: the logistic Elo model, P(a scores against b) =
 * 1 / (1 + 10^((R_b - R_a) / 400)), a game's score s (1, 1/2 or 0) counted as s wins and 1 - s
 * losses (the quasi-likelihood of draws as half points; no colour or draw parameter), one
 * player anchored at a given rating. The 95% intervals come from the sandwich (robust)
 * covariance H^-1 B H^-1 of the estimate, B summing the squared per-game score residuals, so
 * that draws narrow them as they do the variance of a match's score; each interval is that of
 * the difference to the anchor. With two players the estimate is the Elo of the score,
 * 400 log10(S / (1 - S)), and the interval its delta-method interval. */
#ifndef MAXTUNE_RATING_H
#define MAXTUNE_RATING_H

#include <stdbool.h>
#include <stddef.h>

/* One game: the two players (indices) and a's score: 1, 0.5 or 0. */
typedef struct RatingGame {
    int a, b;
    double score;
} RatingGame;

/* What rating_fit returns per player. */
typedef struct Rating {
    double elo;   /* the rating, the anchor at anchor_elo */
    double err95; /* half-width of the 95% interval of elo - the anchor's (0 for the anchor) */
    double score; /* points / games */
    long games;   /* games played */
} Rating;

/* Fits the ratings of nplayers players (out[0 .. nplayers)) from ngames games by Newton's
 * method. virtual_draws > 0 adds that many drawn games between every two players who met (a
 * prior that keeps a player with a perfect score finite, as BayesElo's); 0 is the pure maximum
 * likelihood. False with the reason in err when there is no finite estimate: a player without
 * games, players not all linked by games, or (with no virtual draws) a player or group of
 * players that won or lost every game against the rest. */
bool rating_fit(int nplayers, const RatingGame *games, long ngames, int anchor, double anchor_elo,
                double virtual_draws, Rating *out, char *err, size_t errlen);

#endif
