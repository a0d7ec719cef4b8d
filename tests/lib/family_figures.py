#!/usr/bin/env python3
"""family_figures.py: every figure of a family study's family.csv, summary.json and report.md,
re-derived from the run's own files (tests/family_cli.sh).

Usage: family_figures.py trends|table FOLDER
  trends  each game's draw-rate slope per doubling of the nodes (weighted least squares with
          weights games / (q (1 - q)), q = (draws + 1) / (games + 2)), its error scaled by the
          Birge ratio, its 95% interval and p; Ultima's minus Maxima's: the difference, its
          error (the two in quadrature), its interval, z, the two-sided normal p and the
          verdict; from family.csv's self-play counts, against summary.json and report.md.
  table   each family.csv row from its part's games.pgn: the counts, the draw and decisive
          rates with Wilson's 95% intervals, White's score and player A's score with normal
          95% intervals, the mean length (PlyCount) with its 95% half-width and the longest;
          and report.md's defensive-player table (score, Elo and its interval, draw rates).
Prints each figure that disagrees; exits 1 if any does.
"""
import csv
import json
import math
import re
import sys

Z95 = 1.959963984540054
bad = []


def near(what, got, want, tol):
    """Records a figure written as got where want was re-derived, unless within tol."""
    if not abs(got - want) <= tol:
        bad.append("%s: written %r, re-derived %r" % (what, got, want))


def near_p(what, got, want):
    """A p as %.3g (report) or %.6g (summary)."""
    near(what, got, want, 6e-3 * want + 1e-12)


def trends(d):
    """The trend figures (see the module comment)."""
    rows = [r for r in csv.DictReader(open(d + "/family.csv")) if r["kind"] == "selfplay"]
    js = json.load(open(d + "/summary.json"))
    md = open(d + "/report.md").read()
    def trend(game):
        """Game's slope, its Birge-scaled error, p and the Birge ratio."""
        pts = []
        for r in rows:
            if r["game"] == game:
                n, dr = int(r["games"]), int(r["draws"])
                q = (dr + 1) / (n + 2)
                pts.append((math.log2(int(r["nodes"])), dr / n, n / (q * (1 - q))))
        sw = sum(w for _, _, w in pts)
        mx = sum(w * x for x, _, w in pts) / sw
        my = sum(w * y for _, y, w in pts) / sw
        sxx = sum(w * (x - mx) ** 2 for x, _, w in pts)
        b = sum(w * (x - mx) * (y - my) for x, y, w in pts) / sxx
        a = my - b * mx
        chi = sum(w * (y - a - b * x) ** 2 for x, y, w in pts)
        birge = max(1.0, math.sqrt(chi / (len(pts) - 2)))
        se = math.sqrt(1 / sxx) * birge
        return b, se, math.erfc(abs(b / se) / math.sqrt(2)), birge
    t = {}
    for game, title in (("maxima", "Maxima"), ("ultima", "Ultima")):
        b, se, p, birge = t[game] = trend(game)
        s = js["games"][game]["draw_trend_per_doubling"]
        near(game + " slope (summary)", s["slope"], b, 2e-6)
        near(game + " se (summary)", s["se"], se, 2e-6)
        near_p(game + " p (summary)", s["p"], p)
        m = re.search(r"^\| %s \| ([-+][0-9.]+) points \| \[([-+][0-9.]+), ([-+][0-9.]+)\] \| ([0-9.e+-]+) \| ([0-9.]+) \|$" % title, md, re.M)
        if not m:
            bad.append(title + "'s trend row missing from report.md")
            continue
        for k, want in enumerate((100 * b, 100 * (b - Z95 * se), 100 * (b + Z95 * se))):
            near(title + (" slope", " low95", " high95")[k] + " (report)", float(m.group(k + 1)), want, 6e-3)
        near_p(title + " p (report)", float(m.group(4)), p)
        near(title + " Birge ratio (report)", float(m.group(5)), birge, 6e-3)
    diff = t["ultima"][0] - t["maxima"][0]
    se = math.hypot(t["ultima"][1], t["maxima"][1])
    z = diff / se
    p = math.erfc(abs(z) / math.sqrt(2))
    s = js["ultima_minus_maxima_trend"]
    near("difference (summary)", s["slope"], diff, 2e-6)
    near("difference's se (summary)", s["se"], se, 2e-6)
    near("difference's z (summary)", s["z"], z, 2e-4)
    near_p("difference's p (summary)", s["p"], p)
    m = re.search(r"Ultima's slope minus Maxima's: \*\*([-+][0-9.]+) points per doubling\*\* \[([-+][0-9.]+), ([-+][0-9.]+)\], z = ([-0-9.]+), p = ([0-9.e+-]+): (.*) \(5% level\)", md)
    if not m:
        bad.append("the difference's line missing from report.md")
    else:
        for k, want in enumerate((100 * diff, 100 * (diff - Z95 * se), 100 * (diff + Z95 * se), z)):
            near(("difference", "difference's low95", "difference's high95", "z")[k] + " (report)", float(m.group(k + 1)), want, 6e-3)
        near_p("difference's p (report)", float(m.group(5)), p)
        verdict = ("no difference detected" if p >= 0.05 else
                   "climbs faster with depth in Ultima" if diff > 0 else "climbs faster with depth in Maxima")
        if verdict not in m.group(6):
            bad.append("verdict %r for p = %g, difference %g" % (m.group(6), p, diff))


def wilson(k, n):
    """k of n with its 95% Wilson score interval."""
    p, z2n = k / n, Z95 * Z95 / n
    centre = (p + z2n / 2) / (1 + z2n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2n / (4 * n)) / (1 + z2n)
    return p, centre - half, centre + half


def normal(xs):
    """The mean of xs with its normal 95% interval (variance divided by n)."""
    n = len(xs)
    m = sum(xs) / n
    var = max(0.0, sum(x * x for x in xs) / n - m * m)
    half = Z95 * math.sqrt(var / n)
    return m, m - half, m + half


def part_games(path):
    """Each game of a games.pgn as (White's score 0, 1/2, 1; A's score; plies)."""
    games, tags = [], {}
    for line in open(path):
        m = re.match(r'^\[(\w+) "(.*)"\]$', line.strip())
        if m:
            tags[m.group(1)] = m.group(2)
            if m.group(1) == "PlyCount":
                w = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[tags["Result"]]
                a = w if tags["White"] in ("A", "defensive") else 1 - w
                games.append((w, a, int(tags["PlyCount"])))
    return games


def elo(s):
    """Logistic Elo of a score."""
    return -400 * math.log10(1 / s - 1)


def table(d):
    """The family.csv and defensive-table figures (see the module comment)."""
    md = open(d + "/report.md").read()
    for r in csv.DictReader(open(d + "/family.csv")):
        part = ("defensive-" + r["game"]) if r["kind"] == "defensive" else r["game"] + "-" + r["nodes"]
        gs = part_games("%s/%s/games.pgn" % (d, part))
        n = len(gs)
        ww = sum(1 for g in gs if g[0] == 1)
        dr = sum(1 for g in gs if g[0] == 0.5)
        for k, want in (("games", n), ("white_wins", ww), ("draws", dr), ("black_wins", n - ww - dr),
                        ("max_plies", max(g[2] for g in gs))):
            near(part + " " + k, int(r[k]), want, 0)
        figures = (("draw", wilson(dr, n)), ("decisive", wilson(n - dr, n)),
                   ("white", normal([g[0] for g in gs])), ("a", normal([g[1] for g in gs])))
        for name, (p, lo, hi) in figures:
            cols = ("%s_rate" % name if name in ("draw", "decisive") else "%s_score" % name,
                    name + "_lo", name + "_hi")
            for col, want in zip(cols, (p, lo, hi)):
                near(part + " " + col, float(r[col]), want, 2e-6)
        m, lo, _ = normal([float(g[2]) for g in gs])
        near(part + " mean_plies", float(r["mean_plies"]), m, 2e-6)
        near(part + " mean_plies_error95", float(r["mean_plies_error95"]), m - lo, 6e-3)
        if r["kind"] != "defensive":
            continue
        title = r["game"].capitalize()
        row = re.search(r"^\| %s \| ([0-9.]+)%% \[([0-9.]+), ([0-9.]+)\] \| ([-+0-9a-z]+) \[([-+0-9a-z]+), ([-+0-9a-z]+)\] \| ([0-9.]+)%% \[([0-9.]+), ([0-9.]+)\] \|" % title, md, re.M)
        if not row:
            bad.append(title + "'s defensive-player row missing from report.md")
            continue
        (s, slo, shi), (dp, dlo, dhi) = figures[3][1], figures[0][1]
        for k, want in enumerate((s, slo, shi)):
            near(title + " defensive score (report)", float(row.group(k + 1)), 100 * want, 0.051)
        for k, want in enumerate((elo(s), elo(slo) if slo > 0 else -math.inf, elo(shi) if shi < 1 else math.inf)):
            got = float(row.group(k + 4).replace("inf", "Infinity"))
            if math.isinf(want) or math.isinf(got):
                if got != want:
                    bad.append("%s defensive Elo (report): written %s, re-derived %r" % (title, row.group(k + 4), want))
            else:
                near(title + " defensive Elo (report)", got, want, 0.51)
        for k, want in enumerate((dp, dlo, dhi)):
            near(title + " defensive draw rate (report)", float(row.group(k + 7)), 100 * want, 0.051)


if __name__ == "__main__":
    {"trends": trends, "table": table}[sys.argv[1]](sys.argv[2])
    for b in bad:
        print("  " + b)
    sys.exit(1 if bad else 0)
