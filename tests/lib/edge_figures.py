#!/usr/bin/env python3
"""edge_figures.py FOLDER GAME GAMES: checks an edge run's summary.json (tests/edge_cli.sh).

Each strength: wins + draws + losses = games = GAMES; the terminations' counts sum to the games
and their shares to 1; the first player's score equals (W + D/2) / games and lies inside its
interval; the draw rate is D / games; the wins, draws and mean length agree with the part's
games.pgn (its Result and PlyCount tags, counted here) and with edge.csv; in a zoned game the
margins sum to the games, ties are the margin-0 games, the clock calls by standing sum to the
calls, every caller's wins and draws fit in the calls, the no-undo counts fit in the positions
and games, and the positions are the games' plies. Prints each problem; exits 1 if any."""
import csv
import json
import os
import re
import sys


def main():
    folder, game, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    s = json.load(open(os.path.join(folder, "summary.json")))
    rows = {int(r["nodes"]): r for r in csv.DictReader(open(os.path.join(folder, "edge.csv")))}
    bad = []

    def expect(ok, what):
        if not ok:
            bad.append(what)

    expect(s["job"] == "edge" and s["game"] == game, "job or game")
    expect(s["zoned"] == (game == "martian"), "zoned")
    expect(len(s["strengths"]) >= 2, "strengths")
    for c in s["strengths"]:
        n, k = c["games"], c["nodes"]
        w, d, l = c["first_wins"], c["draws"], c["first_losses"]
        expect(n == games and w + d + l == n, f"{k}: W+D+L = games")
        terms = c["terminations"].values()
        expect(sum(t["games"] for t in terms) == n, f"{k}: terminations sum to the games")
        expect(abs(sum(t["share"] for t in terms) - 1) < 1e-4, f"{k}: shares sum to 1")
        p, lo, hi = c["first_score"]
        expect(abs(p - (w + d / 2) / n) < 1e-6, f"{k}: score = (W + D/2) / games")
        expect(lo <= p <= hi, f"{k}: score inside its interval")
        dr = c["draw_rate"]
        expect(abs(dr[0] - d / n) < 1e-6 and dr[1] <= dr[0] <= dr[2], f"{k}: draw rate")
        pgn = open(os.path.join(folder, f"{game}-{k}", "games.pgn")).read()
        results = re.findall(r'^\[Result "([^"]+)"\]', pgn, re.M)
        plies = [int(x) for x in re.findall(r'^\[PlyCount "(\d+)"\]', pgn, re.M)]
        expect(len(results) == n and results.count("1-0") == w and results.count("1/2-1/2") == d,
               f"{k}: W and D as games.pgn's Result tags")
        expect(plies and abs(c["plies"]["mean"][0] - sum(plies) / len(plies)) < 1e-3,
               f"{k}: mean length as games.pgn's PlyCount tags")
        expect(c["plies"]["max"] == max(plies), f"{k}: longest game")
        r = rows[k]
        expect(int(r["first_wins"]) == w and int(r["draws"]) == d and
               abs(float(r["first_score"]) - p) < 1e-6, f"{k}: edge.csv agrees")
        if not s["zoned"]:
            expect("margin" not in c and "empty zone" not in c["terminations"], f"{k}: no zoned")
            continue
        m = c["margin"]
        expect(sum(m[x] for x in ("0", "1", "2", "3", "4+")) == n, f"{k}: margins sum")
        expect(c["ties"] == m["0"], f"{k}: ties are the level games")
        cl = c["clock"]
        st = [cl[x] for x in ("ahead", "level", "behind")]
        expect(sum(x["calls"] for x in st) == cl["calls"] <= n, f"{k}: calls by standing")
        expect(all(x["caller_wins"] + x["caller_draws"] <= x["calls"] for x in st),
               f"{k}: callers' results")
        expect(c["terminations"]["clock"]["games"] <= cl["calls"], f"{k}: clock ends need calls")
        u = c["no_undo"]
        expect(u["removed"] <= u["positions"] and u["games"] <= n and
               (u["removed"] > 0) == (u["games"] > 0), f"{k}: no-undo counts")
        expect(u["positions"] == sum(plies), f"{k}: positions are the plies played")
        mg = c["merges"]
        expect(mg["games"] <= min(n, mg["total"]) or mg["total"] == 0, f"{k}: merges")
    t = s["trend"]
    expect(t["verdict"] in ("grows", "shrinks", "shows no trend"), "trend verdict")
    expect(t["lo"] <= t["slope"] <= t["hi"], "trend interval")
    for b in bad:
        print("  " + b)
    sys.exit(1 if bad else 0)


main()
