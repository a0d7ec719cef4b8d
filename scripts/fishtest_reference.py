#!/usr/bin/env python3
"""fishtest_reference.py: reference values of match statistics computed with fishtest's formulas.

Writes tests/data/fishtest_reference.txt, which tests/test_fishtest_ref.c compares with
tune/stats/stats.c (relative agreement 1e-6). Only the standard library is used, so the script
runs anywhere: `python3 scripts/fishtest_reference.py > tests/data/fishtest_reference.txt`.
`make test` does not run it; it uses the committed output.

The formulas are fishtest's (github.com/official-stockfish/fishtest, server/fishtest/stats/
LLRcalc.py and stat_util.py, and the nElo interval of server/fishtest/http/template_helpers.py),
re-implemented here:

- regularize: every zero count becomes 0.001 before any figure is computed;
- Elo and its 95% interval (stat_util.get_elo): per-game score mu and variance of the
  regularised counts (3 of them per game, or 5 per game pair), mu +- Phi^-1(0.975) sd/sqrt(games)
  mapped through elo(), which clamps the score to [0.001, 0.999];
- nElo and its interval (template_helpers._nelo_pentanomial_details and the trinomial table):
  t = (mu - 1/2)/sqrt(var) on the regularised distribution of pair scores (or game scores),
  var_t = max(1 - t skew + t^2 (exkurt + 2)/4, 0), nElo = c t, +- c z sqrt(var_t / N) with
  c = 800/ln 10 / sqrt(2) for pairs and 800/ln 10 for single games;
- LLR (LLRcalc.LLR_normalized, LLR_logistic): the maximum-likelihood distributions under H0 and
  H1 from the secular equation (MLE_expected, MLE_t_value with its 10 fixed-point rounds) and
  fishtest's validation asserts; where fishtest raises (no root to bracket, a validation that
  fails) the value is "error";
- LOS: cutechess's formula 1/2 + 1/2 erf((W - L)/sqrt(2 (W + L))) (fishtest prints the normal
  approximation of the score instead; maxtune follows cutechess), 1/2 without decisive games.

fishtest solves the secular equation with scipy's brentq (xtol 2e-12); this script bisects the
same bracket to machine precision, so both find the one root of a strictly monotone function.

Output: one line per count vector, fields separated by spaces, "-" where a figure does not
apply (no pairs), "error" where fishtest raises. See the header line printed first.
"""

import math
import random
import sys

NELO_PER_NT = 800 / math.log(10)
Z975 = 1.959963984540054  # scipy.stats.norm.ppf(0.975)


def regularize(counts):
    """fishtest's regularize: zero counts become 0.001."""
    return [c if c != 0 else 1e-3 for c in counts]


def elo(x):
    """fishtest's elo(): the score clamped to [0.001, 0.999]."""
    x = min(max(x, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / x - 1)


def get_elo(results):
    """stat_util.get_elo on 3 (L, D, W) or 5 (pentanomial) counts: Elo, half-width, ends."""
    r = regularize(results)
    k = len(r)
    n = sum(r)
    games = n * (k - 1) / 2.0
    mu = sum(r[i] * (i / 2.0) for i in range(k)) / games
    mu_ = (k - 1) / 2.0 * mu
    var = sum(r[i] * (i / 2.0 - mu_) ** 2 for i in range(k)) / games
    sd = math.sqrt(var)
    lo = mu - Z975 * sd / math.sqrt(games)
    hi = mu + Z975 * sd / math.sqrt(games)
    return elo(mu), (elo(hi) - elo(lo)) / 2.0, elo(lo), elo(hi)


def results_to_pdf(results):
    r = regularize(results)
    n = sum(r)
    k = len(r)
    return n, [(i / (k - 1), r[i] / n) for i in range(k)]


class FishtestError(Exception):
    """Where fishtest would raise (assert, brentq failure)."""


def check(cond):
    if not cond:
        raise FishtestError()


def pdf_stats(pdf):
    """LLRcalc.stats with its checks."""
    eps = 1e-6
    for _, p in pdf:
        check(-eps <= p <= 1 + eps)
    n = sum(p for _, p in pdf)
    check(abs(n - 1) < eps)
    s = sum(p * a for a, p in pdf)
    var = sum(p * (a - s) ** 2 for a, p in pdf)
    return s, var


def pdf_stats_ex(pdf):
    """Mean, variance, skewness, excess kurtosis (LLRcalc.stats_ex)."""
    s, var = pdf_stats(pdf)
    m3 = sum(p * (a - s) ** 3 for a, p in pdf)
    m4 = sum(p * (a - s) ** 4 for a, p in pdf)
    return s, var, m3 / var ** 1.5, m4 / var ** 2 - 3


def secular(pdf):
    """Root of sum p_i a_i / (1 + x a_i) between the poles, by bisection to machine precision."""
    values = [a for a, _ in pdf]
    v, w = min(values), max(values)
    check(v * w < 0)
    lo, hi = -1 / w + 1e-9, -1 / v - 1e-9

    def f(x):
        return sum(p * a / (1 + x * a) for a, p in pdf)

    flo, fhi = f(lo), f(hi)
    check(flo * fhi <= 0)  # brentq needs a sign change
    if flo == 0:
        return lo
    if fhi == 0:
        return hi
    for _ in range(2000):
        mid = (lo + hi) / 2
        if mid <= lo or mid >= hi:
            break
        fm = f(mid)
        if fm == 0:
            return mid
        if (fm > 0) == (flo > 0):
            lo, flo = mid, fm
        else:
            hi = mid
    return (lo + hi) / 2


def mle_expected(pdfhat, s):
    pdf1 = [(a - s, p) for a, p in pdfhat]
    x = secular(pdf1)
    out = [(a, p / (1 + x * (a - s))) for a, p in pdfhat]
    s_, _ = pdf_stats(out)
    check(abs(s - s_) < 1e-6)
    return out


def mle_t_value(pdfhat, ref, t):
    n = len(pdfhat)
    out = [(a, 1 / n) for a, _ in pdfhat]
    for _ in range(10):
        prev = out
        mu, var = pdf_stats(out)
        sigma = var ** 0.5
        pdf1 = [(a - ref - t * sigma * (1 + ((mu - a) / sigma) ** 2) / 2, p) for a, p in pdfhat]
        x = secular(pdf1)
        out = [(pdfhat[i][0], pdfhat[i][1] / (1 + x * pdf1[i][0])) for i in range(n)]
        if max(abs(prev[i][1] - out[i][1]) for i in range(n)) < 1e-9:
            break
    mu, var = pdf_stats(out)
    check(abs(t - (mu - ref) / var ** 0.5) < 1e-5)
    return out


def llr(pdf, p0, p1):
    jumps = [(math.log(p1[i][1]) - math.log(p0[i][1]), pdf[i][1]) for i in range(len(pdf))]
    return pdf_stats(jumps)[0]  # LLRcalc.LLR: the mean jump, with stats()'s checks


def llr_logistic(elo0, elo1, results):
    s0, s1 = [1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1)]
    n, pdf = results_to_pdf(results)
    p0, p1 = mle_expected(pdf, s0), mle_expected(pdf, s1)
    return n * llr(pdf, p0, p1)


def llr_normalized(nelo0, nelo1, results):
    nt0, nt1 = [e / NELO_PER_NT for e in (nelo0, nelo1)]
    if len(results) == 5:
        nt0, nt1 = nt0 * 2 ** 0.5, nt1 * 2 ** 0.5
    n, pdf = results_to_pdf(results)
    p0, p1 = mle_t_value(pdf, 0.5, nt0), mle_t_value(pdf, 0.5, nt1)
    return n * llr(pdf, p0, p1)


def nelo_interval(results):
    """nElo and its 95% half-width: fishtest's t_conf on the regularised distribution."""
    n, pdf = results_to_pdf(results)
    avg, var, skew, exkurt = pdf_stats_ex(pdf)
    t = (avg - 0.5) / var ** 0.5
    var_t = max(1 - t * skew + 0.25 * t ** 2 * (exkurt + 2), 0)
    coeff = NELO_PER_NT / (2 ** 0.5 if len(results) == 5 else 1)
    return coeff * t, coeff * Z975 * (var_t / n) ** 0.5


def los_cutechess(w, l):
    if w + l == 0:
        return 0.5
    return 0.5 + 0.5 * math.erf((w - l) / math.sqrt(2 * (w + l)))


# SPRT hypotheses checked on every pentanomial vector: (model, elo0, elo1). The last one is out
# of the normalized model's reach (fishtest raises).
HYPOTHESES = [("normalized", 0.0, 2.0), ("normalized", 0.5, 2.5), ("logistic", 0.0, 5.0),
              ("logistic", -3.0, 1.0), ("normalized", -10.0, 10.0), ("normalized", 0.0, 400.0)]


def fmt(x):
    return "%.17g" % x


def guarded(f, *args):
    try:
        return fmt(f(*args))
    except (FishtestError, ZeroDivisionError, ValueError, OverflowError):
        return "error"


def line_penta(p):
    """Pentanomial vector; W/L/D as maxtune counts them (index 2 as two draws)."""
    w = p[3] + 2 * p[4]
    l = 2 * p[0] + p[1]
    d = p[1] + 2 * p[2] + p[3]
    e3 = get_elo([l, d, w])
    e5 = get_elo(p)
    ne, ne_err = nelo_interval(p)
    fields = ["P"] + [str(c) for c in p] + [str(w), str(l), str(d)]
    fields += [fmt(e3[0]), fmt(e3[1]), fmt(e5[0]), fmt(e5[1]), fmt(ne), fmt(ne_err)]
    fields += [fmt(los_cutechess(w, l))]
    for model, e0, e1 in HYPOTHESES:
        f = llr_normalized if model == "normalized" else llr_logistic
        fields.append(guarded(f, e0, e1, p))
    return " ".join(fields)


def line_tri(w, l, d):
    """Unpaired games only: trinomial Elo and nElo; no pentanomial figure, no LLR."""
    e3 = get_elo([l, d, w])
    ne, ne_err = nelo_interval([l, d, w])
    fields = ["T", "0", "0", "0", "0", "0", str(w), str(l), str(d)]
    fields += [fmt(e3[0]), fmt(e3[1]), "-", "-", fmt(ne), fmt(ne_err)]
    fields += [fmt(los_cutechess(w, l))] + ["-"] * len(HYPOTHESES)
    return " ".join(fields)


# Hand-picked vectors: balanced, lopsided, the examples, zero cells, one pair, the
# vectors of fishtest's own self-test, all draws, all wins, all losses.
HAND_PENTA = [
    [10, 40, 100, 50, 20], [0, 0, 2, 30, 60], [20, 30, 40, 60, 90], [0, 3, 10, 6, 1],
    [10789, 19328, 33806, 19402, 10543], [39, 2226, 31451, 2412, 40], [1187, 7410, 13475, 7378, 1164],
    [0, 0, 500, 0, 0], [0, 0, 0, 0, 1000], [1000, 0, 0, 0, 0], [0, 0, 0, 0, 1], [1, 0, 0, 0, 0],
    [0, 0, 1, 0, 0], [28, 0, 194, 4, 274], [5, 0, 0, 0, 5], [0, 1, 0, 1, 0], [3, 0, 0, 0, 0],
    [0, 0, 0, 2, 7], [60, 30, 2, 0, 0], [1, 2, 3, 4, 5], [50, 50, 50, 50, 50], [0, 10, 80, 10, 0],
    [2, 15, 60, 20, 3], [100, 0, 0, 0, 1], [0, 0, 0, 1, 100], [7, 0, 0, 0, 0],
    [0, 0, 40, 40, 0], [0, 5, 0, 5, 0],
]
HAND_TRI = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (100, 80, 120), (10, 0, 1), (0, 0, 50), (50, 0, 0),
            (3, 3, 0), (1000, 0, 0)]


def main():
    out = sys.stdout
    out.write("# fishtest reference values, written by scripts/fishtest_reference.py\n")
    out.write("# kind p0 p1 p2 p3 p4 W L D elo elo_err elo5 elo5_err nelo nelo_err los")
    for model, e0, e1 in HYPOTHESES:
        out.write(" llr_%s_%g_%g" % (model, e0, e1))
    out.write("\n")
    for p in HAND_PENTA:
        out.write(line_penta(p) + "\n")
    for w, l, d in HAND_TRI:
        out.write(line_tri(w, l, d) + "\n")
    rng = random.Random(14)
    for _ in range(60):
        scale = rng.choice([3, 10, 100, 1000])
        p = [rng.randrange(scale + 1) for _ in range(5)]
        if rng.random() < 0.3:  # some cells empty
            p[rng.randrange(5)] = 0
        if sum(p) == 0:
            p[2] = 1
        out.write(line_penta(p) + "\n")


if __name__ == "__main__":
    main()
