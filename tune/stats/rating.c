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

bool rating_fit(int nplayers, const RatingGame *games, long ngames, int anchor, double anchor_elo,
                double virtual_draws, Rating *out, char *err, size_t errlen)
{
    int n = nplayers, m = n - 1;
    if (n < 2 || anchor < 0 || anchor >= n) {
        snprintf(err, errlen, "need at least two players and an anchor among them");
        return false;
    }
    PairSums *real = calloc((size_t)n * (size_t)n, sizeof *real);
    PairSums *s = calloc((size_t)n * (size_t)n, sizeof *s);
    double *r = calloc((size_t)n, sizeof *r), *g = malloc((size_t)m * sizeof *g);
    double *j = malloc((size_t)m * (size_t)m * sizeof *j),
           *inv = malloc((size_t)m * (size_t)m * sizeof *inv);
    double *bmid = malloc((size_t)m * (size_t)m * sizeof *bmid),
           *tmp = malloc((size_t)m * (size_t)m * sizeof *tmp);
    int *idx = malloc((size_t)n * sizeof *idx);
    bool ok = real && s && r && g && j && inv && bmid && tmp && idx;
    if (!ok)
        snprintf(err, errlen, "out of memory");
    for (int i = 0; ok && i < n; i++) {
        out[i] = (Rating){0, 0, 0, 0};
        idx[i] = i < anchor ? i : i == anchor ? -1 : i - 1;
    }
    for (long t = 0; ok && t < ngames; t++) {
        const RatingGame *gm = &games[t];
        if (gm->a < 0 || gm->a >= n || gm->b < 0 || gm->b >= n || gm->a == gm->b ||
            !(gm->score >= 0 && gm->score <= 1)) {
            snprintf(err, errlen, "game %ld: bad players or score", t + 1);
            ok = false;
            break;
        }
        int a = gm->a < gm->b ? gm->a : gm->b, b = gm->a < gm->b ? gm->b : gm->a;
        double sa = gm->a == a ? gm->score : 1 - gm->score;
        PairSums *p = &real[a * n + b];
        p->games += 1;
        p->points += sa;
        p->squares += sa * sa;
        out[gm->a].games++;
        out[gm->b].games++;
        out[gm->a].score += gm->score;
        out[gm->b].score += 1 - gm->score;
    }
    for (int i = 0; ok && i < n; i++) {
        if (!out[i].games) {
            snprintf(err, errlen, "player %d has no games", i + 1);
            ok = false;
        } else if (virtual_draws <= 0 && (out[i].score == 0 || out[i].score == out[i].games)) {
            snprintf(err, errlen, "player %d %s every game: no finite rating (add virtual draws)",
                     i + 1, out[i].score == 0 ? "lost" : "won");
            ok = false;
        }
        out[i].score = out[i].games ? out[i].score / (double)out[i].games : 0;
    }
    if (ok) {
        for (int i = 0; i < n * n; i++) {
            s[i] = real[i];
            if (real[i].games > 0 && virtual_draws > 0) {
                s[i].games += virtual_draws;
                s[i].points += virtual_draws / 2;
            }
        }
        if (!connected(n, s)) {
            snprintf(err, errlen, "the players are not all linked by games");
            ok = false;
        }
    }
    bool converged = false;
    for (int it = 0; ok && it < RATING_MAX_ITER && !converged; it++) {
        derivatives(n, s, r, idx, m, g, j);
        memcpy(tmp, j, (size_t)m * (size_t)m * sizeof *tmp);
        if (!invert(tmp, inv, m)) {
            snprintf(err, errlen, "no finite estimate (the information matrix is singular)");
            ok = false;
            break;
        }
        double most = 0;
        for (int i = 0; i < n; i++) {
            if (idx[i] < 0)
                continue;
            double d = 0;
            for (int q = 0; q < m; q++)
                d += inv[idx[i] * m + q] * g[q];
            d = d > 400 ? 400 : d < -400 ? -400 : d; /* a damped step far from the optimum */
            r[i] += d;
            most = fabs(d) > most ? fabs(d) : most;
        }
        converged = most < 1e-9;
    }
    for (int i = 0; ok && i < n; i++)
        if (!converged || fabs(r[i]) > 20000) {
            snprintf(err, errlen,
                     "no finite estimate: some players won (or lost) every game against the "
                     "others (add virtual draws)");
            ok = false;
        }
    if (ok) {
        derivatives(n, s, r, idx, m, g, j);
        memcpy(tmp, j, (size_t)m * (size_t)m * sizeof *tmp);
        ok = invert(tmp, inv, m);
        middle(n, real, r, idx, m, bmid);
        /* covariance = inv * bmid * inv; only its diagonal is needed */
        for (int i = 0; ok && i < n; i++) {
            out[i].elo = anchor_elo + r[i] - r[anchor];
            if (idx[i] < 0)
                continue;
            int a = idx[i];
            double v = 0;
            for (int p = 0; p < m; p++)
                for (int q = 0; q < m; q++)
                    v += inv[a * m + p] * bmid[p * m + q] * inv[q * m + a];
            out[i].err95 = 1.959963984540054 * sqrt(v > 0 ? v : 0);
        }
    }
    free(real);
    free(s);
    free(r);
    free(g);
    free(j);
    free(inv);
    free(bmid);
    free(tmp);
    free(idx);
    return ok;
}
