/* rating.c: joint maximum-likelihood ratings (see rating.h). The games are summed per pair of
 * players (games, points, squared points), so an iteration costs O(players^2 + players^3). */
#include "rating.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RATING_MAX_ITER = 500 };

/* The games of each pair of players, summed: index a * n + b with a < b, from a's view. */
typedef struct PairSums {
    double games, points, squares; /* virtual draws are in games and points only */
} PairSums;

/* Inverts the m x m matrix a (row-major, destroyed) into inv by Gauss-Jordan elimination with
 * partial pivoting; false when it is singular. */
static bool invert(double *a, double *inv, int m)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
            inv[i * m + j] = i == j;
    for (int c = 0; c < m; c++) {
        int piv = c;
        for (int r = c + 1; r < m; r++)
            if (fabs(a[r * m + c]) > fabs(a[piv * m + c]))
                piv = r;
        if (!(fabs(a[piv * m + c]) > 1e-300))
            return false;
        if (piv != c)
            for (int j = 0; j < m; j++) {
                double t = a[c * m + j];
                a[c * m + j] = a[piv * m + j];
                a[piv * m + j] = t;
                t = inv[c * m + j];
                inv[c * m + j] = inv[piv * m + j];
                inv[piv * m + j] = t;
            }
        double d = a[c * m + c];
        for (int j = 0; j < m; j++) {
            a[c * m + j] /= d;
            inv[c * m + j] /= d;
        }
        for (int r = 0; r < m; r++) {
            double f = a[r * m + c];
            if (r == c || f == 0)
                continue;
            for (int j = 0; j < m; j++) {
                a[r * m + j] -= f * a[c * m + j];
                inv[r * m + j] -= f * inv[c * m + j];
            }
        }
    }
    return true;
}

/* True when every player is linked to player 0 by games. */
static bool connected(int n, const PairSums *s)
{
    char *seen = calloc((size_t)n, 1);
    int *stack = malloc((size_t)n * sizeof *stack), top = 0, count = 1;
    if (!seen || !stack) {
        free(seen);
        free(stack);
        return false;
    }
    seen[0] = 1;
    stack[top++] = 0;
    while (top > 0) {
        int a = stack[--top];
        for (int b = 0; b < n; b++) {
            const PairSums *p = &s[a < b ? a * n + b : b * n + a];
            if (!seen[b] && a != b && p->games > 0) {
                seen[b] = 1;
                count++;
                stack[top++] = b;
            }
        }
    }
    free(seen);
    free(stack);
    return count == n;
}

/* Fills the gradient g and the information j (both over the free players, index map idx) at
 * ratings r. */
static void derivatives(int n, const PairSums *s, const double *r, const int *idx, int m, double *g,
                        double *j)
{
    const double k = log(10.0) / 400.0;
    memset(g, 0, (size_t)m * sizeof *g);
    memset(j, 0, (size_t)m * (size_t)m * sizeof *j);
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            const PairSums *ps = &s[a * n + b];
            if (ps->games <= 0)
                continue;
            double p = 1.0 / (1.0 + exp(-k * (r[a] - r[b])));
            double grad = k * (ps->points - ps->games * p), info = k * k * ps->games * p * (1 - p);
            int ia = idx[a], ib = idx[b];
            if (ia >= 0) {
                g[ia] += grad;
                j[ia * m + ia] += info;
            }
            if (ib >= 0) {
                g[ib] -= grad;
                j[ib * m + ib] += info;
            }
            if (ia >= 0 && ib >= 0) {
                j[ia * m + ib] -= info;
                j[ib * m + ia] -= info;
            }
        }
}

/* The sandwich's middle matrix from the real games: the sum over games of the outer product of
 * each game's gradient, k (s - p) (+1 for a, -1 for b); per pair, the sum of (s - p)^2 is
 * squares - 2 p points + games p^2. */
static void middle(int n, const PairSums *real, const double *r, const int *idx, int m,
                   double *bmid)
{
    const double k = log(10.0) / 400.0;
    memset(bmid, 0, (size_t)m * (size_t)m * sizeof *bmid);
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            const PairSums *ps = &real[a * n + b];
            if (ps->games <= 0)
                continue;
            double p = 1.0 / (1.0 + exp(-k * (r[a] - r[b])));
            double v = k * k * (ps->squares - 2 * p * ps->points + ps->games * p * p);
            int ia = idx[a], ib = idx[b];
            if (ia >= 0)
                bmid[ia * m + ia] += v;
            if (ib >= 0)
                bmid[ib * m + ib] += v;
            if (ia >= 0 && ib >= 0) {
                bmid[ia * m + ib] -= v;
                bmid[ib * m + ia] -= v;
            }
        }
}

/* The fit's working memory for n players, m = n - 1 of them free (all but the anchor). */
typedef struct FitWork {
    int n, m;
    PairSums *real, *s; /* per pair a < b (a * n + b): the games, and with the virtual draws */
    double *r;          /* the ratings being fitted (logistic scale, Elo units) */
    double *g, *j;      /* the gradient and the information matrix over the free players */
    double *inv, *bmid, *tmp; /* j's inverse, the sandwich's middle matrix, scratch */
    int *idx;                 /* a player's index among the free ones (-1: the anchor) */
} FitWork;

/* Allocates the working memory; false when out of memory (what was allocated is freed by
 * fit_work_free). */
static bool fit_work_alloc(FitWork *w, int n, int anchor)
{
    size_t mm = (size_t)(n - 1) * (size_t)(n - 1);
    *w = (FitWork){.n = n, .m = n - 1};
    w->real = calloc((size_t)n * (size_t)n, sizeof *w->real);
    w->s = calloc((size_t)n * (size_t)n, sizeof *w->s);
    w->r = calloc((size_t)n, sizeof *w->r);
    w->g = malloc((size_t)w->m * sizeof *w->g);
    w->j = malloc(mm * sizeof *w->j);
    w->inv = malloc(mm * sizeof *w->inv);
    w->bmid = malloc(mm * sizeof *w->bmid);
    w->tmp = malloc(mm * sizeof *w->tmp);
    w->idx = malloc((size_t)n * sizeof *w->idx);
    if (!(w->real && w->s && w->r && w->g && w->j && w->inv && w->bmid && w->tmp && w->idx))
        return false;
    for (int i = 0; i < n; i++)
        w->idx[i] = i < anchor ? i : i == anchor ? -1 : i - 1;
    return true;
}

/* Frees the working memory. */
static void fit_work_free(FitWork *w)
{
    free(w->real);
    free(w->s);
    free(w->r);
    free(w->g);
    free(w->j);
    free(w->inv);
    free(w->bmid);
    free(w->tmp);
    free(w->idx);
}

/* Adds the games up per pair (w->real) and per player (out: games, total score); false with
 * the message in err at a game with bad players or score. */
static bool tally_games(FitWork *w, const RatingGame *games, long ngames, Rating *out, char *err,
                        size_t errlen)
{
    int n = w->n;
    for (long t = 0; t < ngames; t++) {
        const RatingGame *gm = &games[t];
        if (gm->a < 0 || gm->a >= n || gm->b < 0 || gm->b >= n || gm->a == gm->b ||
            !(gm->score >= 0 && gm->score <= 1)) {
            snprintf(err, errlen, "game %ld: bad players or score", t + 1);
            return false;
        }
        int a = gm->a < gm->b ? gm->a : gm->b, b = gm->a < gm->b ? gm->b : gm->a;
        double sa = gm->a == a ? gm->score : 1 - gm->score;
        PairSums *p = &w->real[a * n + b];
        p->games += 1;
        p->points += sa;
        p->squares += sa * sa;
        out[gm->a].games++;
        out[gm->b].games++;
        out[gm->a].score += gm->score;
        out[gm->b].score += 1 - gm->score;
    }
    return true;
}

/* Turns the players' total scores into fractions, checking that each has games and, with no
 * virtual draws, neither won nor lost them all; then adds the virtual draws to every pair that
 * played (w->s) and checks that the games link all players. False with the message in err. */
static bool check_players(FitWork *w, double virtual_draws, Rating *out, char *err, size_t errlen)
{
    int n = w->n;
    for (int i = 0; i < n; i++) {
        bool ok = true;
        if (!out[i].games) {
            snprintf(err, errlen, "player %d has no games", i + 1);
            ok = false;
        } else if (virtual_draws <= 0 && (out[i].score == 0 || out[i].score == out[i].games)) {
            snprintf(err, errlen, "player %d %s every game: no finite rating (add virtual draws)",
                     i + 1, out[i].score == 0 ? "lost" : "won");
            ok = false;
        }
        out[i].score = out[i].games ? out[i].score / (double)out[i].games : 0;
        if (!ok)
            return false;
    }
    for (int i = 0; i < n * n; i++) {
        w->s[i] = w->real[i];
        if (w->real[i].games > 0 && virtual_draws > 0) {
            w->s[i].games += virtual_draws;
            w->s[i].points += virtual_draws / 2;
        }
    }
    if (!connected(n, w->s)) {
        snprintf(err, errlen, "the players are not all linked by games");
        return false;
    }
    return true;
}

/* Newton's method on the likelihood of w->s from ratings 0, steps damped to 400 Elo, until no
 * rating moves by 1e-9; false with the message in err when it does not reach a finite
 * estimate. */
static bool newton(FitWork *w, char *err, size_t errlen)
{
    int n = w->n, m = w->m;
    bool converged = false;
    for (int it = 0; it < RATING_MAX_ITER && !converged; it++) {
        derivatives(n, w->s, w->r, w->idx, m, w->g, w->j);
        memcpy(w->tmp, w->j, (size_t)m * (size_t)m * sizeof *w->tmp);
        if (!invert(w->tmp, w->inv, m)) {
            snprintf(err, errlen, "no finite estimate (the information matrix is singular)");
            return false;
        }
        double most = 0;
        for (int i = 0; i < n; i++) {
            if (w->idx[i] < 0)
                continue;
            double d = 0;
            for (int q = 0; q < m; q++)
                d += w->inv[w->idx[i] * m + q] * w->g[q];
            d = d > 400 ? 400 : d < -400 ? -400 : d; /* a damped step far from the optimum */
            w->r[i] += d;
            most = fabs(d) > most ? fabs(d) : most;
        }
        converged = most < 1e-9;
    }
    for (int i = 0; i < n; i++)
        if (!converged || fabs(w->r[i]) > 20000) {
            snprintf(err, errlen,
                     "no finite estimate: some players won (or lost) every game against the "
                     "others (add virtual draws)");
            return false;
        }
    return true;
}

/* The ratings (the anchor at anchor_elo) and their 95% errors from the sandwich covariance
 * inv * bmid * inv at the optimum (only its diagonal); false when the information matrix is
 * singular there. */
static bool sandwich_errors(FitWork *w, int anchor, double anchor_elo, Rating *out)
{
    int n = w->n, m = w->m;
    derivatives(n, w->s, w->r, w->idx, m, w->g, w->j);
    memcpy(w->tmp, w->j, (size_t)m * (size_t)m * sizeof *w->tmp);
    bool ok = invert(w->tmp, w->inv, m);
    middle(n, w->real, w->r, w->idx, m, w->bmid);
    for (int i = 0; ok && i < n; i++) {
        out[i].elo = anchor_elo + w->r[i] - w->r[anchor];
        if (w->idx[i] < 0)
            continue;
        int a = w->idx[i];
        double v = 0;
        for (int p = 0; p < m; p++)
            for (int q = 0; q < m; q++)
                v += w->inv[a * m + p] * w->bmid[p * m + q] * w->inv[q * m + a];
        out[i].err95 = 1.959963984540054 * sqrt(v > 0 ? v : 0);
    }
    return ok;
}

bool rating_fit(int nplayers, const RatingGame *games, long ngames, int anchor, double anchor_elo,
                double virtual_draws, Rating *out, char *err, size_t errlen)
{
    int n = nplayers;
    if (n < 2 || anchor < 0 || anchor >= n) {
        snprintf(err, errlen, "need at least two players and an anchor among them");
        return false;
    }
    FitWork w;
    bool ok = fit_work_alloc(&w, n, anchor);
    if (!ok)
        snprintf(err, errlen, "out of memory");
    for (int i = 0; ok && i < n; i++)
        out[i] = (Rating){0, 0, 0, 0};
    ok = ok && tally_games(&w, games, ngames, out, err, errlen) &&
         check_players(&w, virtual_draws, out, err, errlen) && newton(&w, err, errlen) &&
         sandwich_errors(&w, anchor, anchor_elo, out);
    fit_work_free(&w);
    return ok;
}
