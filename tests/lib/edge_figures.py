#!/usr/bin/env python3
"""edge_figures.py FOLDER GAME GAMES: checks an edge run's summary.json (tests/edge_cli.sh).

Each strength: wins + draws + losses = games = GAMES; the terminations' counts sum to the games
and their shares to 1; the first player's score equals (W + D/2) / games and lies inside its
interval; the draw rate is D / games; the wins, draws and mean length agree with the part's
games.pgn (its Result and PlyCount tags, counted here) and with edge.csv; in a zoned game the
margins sum to the games, ties are the margin-0 games, the clock calls by standing sum to the
calls, every caller's wins and draws fit in the calls, the no-undo counts fit in the positions
and games, and the positions are the games' plies. Then every figure the games decide is
re-derived from games.pgn itself, each game replayed from its moves' text (replay_zoned): the
clock calls by the caller's team's standing on points (ahead, level, behind) and the callers'
wins and draws, in summary.json and zoned.csv; the merges; the margins; in four-player games
the captures of a partner's piece and the taker's team's results; and the trend's slope (its se
and verdict with two strengths) from the games' results. endings_share.csv (the plot's) holds
each ending's share, the draws' and the ties', and the headline states the first player's score
at the strongest setting with its interval and Elo. GAME: maxima, ultima, martian or
martian4. Prints each problem; exits 1 if any."""
import csv
import json
import math
import os
import re
import sys

POINTS = {"P": 1, "D": 2, "Q": 3}


def games_of(path):
    """The games of a PGN file: (tags, move tokens) each, the tokens without move numbers,
    comments and the result."""
    games, tags, moves = [], None, []
    for line in open(path):
        line = line.strip()
        if line.startswith("[Event "):
            if tags is not None:
                games.append((tags, moves))
            tags, moves = {}, []
        m = re.match(r'^\[(\w+) "(.*)"\]$', line)
        if m:
            tags[m.group(1)] = m.group(2)
        elif line:
            line = re.sub(r"\{[^}]*\}", " ", line)
            moves += [t for t in line.split()
                      if not re.match(r"^\d+\.+$", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]
    if tags is not None:
        games.append((tags, moves))
    return games


def replay_zoned(tags, moves):
    """Replays a Martian game (two or four players) from its FEN tag with the moves' text
    alone (MARTIAN.md: a capture scores the taken piece's points, P 1, D 2, Q 3, for the mover's
    team; a merge, '+', makes P+P a drone and P+D a queen; '*' calls the clock) and returns
    what the edge report counts: the clock calls as (standing, caller's half points) with the
    standing of the caller's team on points before the move, the partner captures (four
    players: a piece taken on the mover's partner's quadrant, 1 a1-d4, 2 a5-d8, 3 e5-h8, 4
    e1-h4) as the taker's team's half points each, the merges, and the final scores."""
    f = tags["FEN"].split()
    board = {}
    for r, row in enumerate(f[0].split("/")):
        c = 0
        for ch in row:
            if ch.isdigit():
                c += int(ch)
            else:
                board[(c, len(f[0].split("/")) - 1 - r)] = ch
                c += 1
    four = f[1] in "1234"
    player = int(f[1]) - 1 if four else (0 if f[1] == "s" else 1)
    score = [int(f[2]), int(f[3])]
    first = {"1-0": 2, "1/2-1/2": 1, "0-1": 0}[tags["Result"]]
    calls, partner, merges = [], [], 0
    for t in moves:
        team = player % 2
        half = first if team == 0 else 2 - first
        if t.endswith("*"):
            own, other = score[team], score[1 - team]
            calls.append(("ahead" if own > other else "behind" if own < other else "level", half))
            t = t[:-1]
        a, sep, b = t[:2], t[2], t[3:5]
        fr = (ord(a[0]) - 97, int(a[1]) - 1)
        to = (ord(b[0]) - 97, int(b[1]) - 1)
        piece = board.pop(fr)
        if sep == "x":
            score[team] += POINTS[board[to]]
            if four:
                q = (1 if to[1] < 4 else 2) if to[0] < 4 else (3 if to[1] >= 4 else 4)
                if q == (player + 2) % 4 + 1:
                    partner.append(half)
        elif sep == "+":
            merges += 1
            piece = "DQ"[POINTS[piece] + POINTS[board[to]] - 2]
        board[to] = piece
        player = (player + 1) % (4 if four else 2)
    return calls, partner, merges, score


def trend_slope(cells):
    """The weighted least-squares slope of the first player's score against log2(nodes) (weights
    1 / se^2, se as edge_report.c's score_se) and its se for two strengths: from (nodes, scores
    in half points) pairs."""
    x, y, w, se = [], [], [], []
    for nodes, halves in cells:
        n = len(halves)
        m = sum(halves) / (2 * n)
        var = sum(h * h for h in halves) / (4 * n) - m * m
        e = math.sqrt(var / n) if var > 1e-12 else 0.5 / math.sqrt(n)
        x.append(math.log2(nodes)), y.append(m), w.append(1 / e ** 2), se.append(e)
    sw = sum(w)
    mx, my = sum(a * b for a, b in zip(w, x)) / sw, sum(a * b for a, b in zip(w, y)) / sw
    slope = sum(a * (b - mx) * (c - my) for a, b, c in zip(w, x, y)) / \
        sum(a * (b - mx) ** 2 for a, b in zip(w, x))
    two = math.sqrt(se[0] ** 2 + se[1] ** 2) / (x[1] - x[0]) if len(x) == 2 else None
    return slope, two


def main():
    folder, game, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    s = json.load(open(os.path.join(folder, "summary.json")))
    rows = {int(r["nodes"]): r for r in csv.DictReader(open(os.path.join(folder, "edge.csv")))}
    bad = []

    def expect(ok, what):
        if not ok:
            bad.append(what)

    expect(s["job"] == "edge" and s["game"] == game, "job or game")
    expect(s["zoned"] == game.startswith("martian"), "zoned")
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
        # Re-derived from the games' moves: the clock calls by the caller's standing and how
        # the callers fared, the partner captures (four players), the merges, the margins.
        found = {x: [0, 0, 0] for x in ("ahead", "level", "behind")}
        takes, take_games, take_res, merges, margins = 0, 0, [0, 0, 0], 0, [0] * 5
        for tags, moves in games_of(os.path.join(folder, f"{game}-{k}", "games.pgn")):
            calls, partner, mg_n, sc = replay_zoned(tags, moves)
            for st_name, half in calls:
                found[st_name][0] += 1
                found[st_name][1] += half == 2
                found[st_name][2] += half == 1
            takes += len(partner)
            take_games += len(partner) > 0
            for half in partner:
                take_res[half] += 1
            merges += mg_n
            margins[min(abs(sc[0] - sc[1]), 4)] += 1
        for x in ("ahead", "level", "behind"):
            got = [cl[x]["calls"], cl[x]["caller_wins"], cl[x]["caller_draws"]]
            expect(got == found[x], f"{k}: clock calls when {x}: calls, caller's wins, draws "
                   f"{got} in summary.json, {found[x]} replayed from games.pgn")
        expect(sum(v[0] for v in found.values()) > 0 and found["level"][0] > 0,
               f"{k}: no clock call (or none level) in the games: the check is empty")
        z = {int(r["nodes"]): r for r in csv.DictReader(open(os.path.join(folder, "zoned.csv")))}[k]
        expect([int(z["calls_" + x]) for x in ("ahead", "level", "behind")] ==
               [found[x][0] for x in ("ahead", "level", "behind")], f"{k}: zoned.csv's calls")
        expect(mg["total"] == merges, f"{k}: merges {mg['total']}, replayed {merges}")
        expect([m[x] for x in ("0", "1", "2", "3", "4+")] == margins,
               f"{k}: margins {[m[x] for x in ('0', '1', '2', '3', '4+')]}, replayed {margins}")
        if game == "martian4":
            pc = c["partner_captures"]
            got = [pc["captures"], pc["games"], pc["taker_wins"], pc["taker_draws"],
                   pc["taker_losses"]]
            want = [takes, take_games, take_res[2], take_res[1], take_res[0]]
            expect(got == want, f"{k}: partner captures, games, taker's wins, draws, losses {got} "
                   f"in summary.json, {want} replayed from games.pgn")
            expect(takes > 0, f"{k}: no partner capture in the games: the check is empty")
            expect([int(z[x]) for x in ("partner_captures", "partner_games", "partner_taker_wins",
                                        "partner_taker_draws", "partner_taker_losses")] == want,
                   f"{k}: zoned.csv's partner captures")
    t = s["trend"]
    expect(t["verdict"] in ("grows", "shrinks", "shows no trend"), "trend verdict")
    expect(t["lo"] <= t["slope"] <= t["hi"], "trend interval")
    # The trend re-derived from the games' results: its slope (and with two strengths its se).
    cells = []
    for c in s["strengths"]:
        pgn = open(os.path.join(folder, f"{game}-{c['nodes']}", "games.pgn")).read()
        cells.append((c["nodes"], [{"1-0": 2, "1/2-1/2": 1, "0-1": 0}[r]
                                   for r in re.findall(r'^\[Result "([^"]+)"\]', pgn, re.M)]))
    slope, se2 = trend_slope(cells)
    expect(abs(t["slope"] - slope) < 1e-5 + 1e-4 * abs(slope),
           f"trend: slope {t['slope']} in summary.json, {slope:.6g} from the games' results")
    expect(abs(slope) > 1e-4, "trend: a slope of 0: the check of its sign is empty")
    if se2 is not None:
        expect(abs(t["se"] - se2) < 1e-5 + 1e-4 * se2,
               f"trend: se {t['se']} in summary.json, {se2:.6g} from the games' results")
        z = slope / se2
        pv = math.erfc(abs(z) / math.sqrt(2))
        want = "shows no trend" if pv >= 0.05 else "grows" if slope > 0 else "shrinks"
        expect(t["verdict"] == want, f"trend: verdict {t['verdict']}, want {want}")
    # endings_share.csv (the plot of endings): each share is the count of summary.json over
    # the games; every ending some game had has a column, and the endings' shares sum to 1.
    shares = list(csv.DictReader(open(os.path.join(folder, "endings_share.csv"))))
    expect([int(r["nodes"]) for r in shares] == [c["nodes"] for c in s["strengths"]],
           "endings_share.csv: a row per strength")
    for r, c in zip(shares, s["strengths"]):
        n, k = c["games"], c["nodes"]
        ended = 0.0
        for name, t in c["terminations"].items():
            col = name.replace(":", "").replace(" ", "_")
            if col in r:
                expect(abs(float(r[col]) - t["games"] / n) < 1e-4, f"{k}: share of {name}")
                ended += float(r[col])
            else:
                expect(t["games"] == 0, f"{k}: {name} ended games but has no share column")
        expect(abs(ended - 1) < 1e-3, f"{k}: endings_share.csv's endings sum to 1")
        expect(abs(float(r["draws"]) - c["draws"] / n) < 1e-4, f"{k}: share of draws")
        if s["zoned"]:
            expect(abs(float(r["ties"]) - c["ties"] / n) < 1e-4, f"{k}: share of ties")
    # The headline: the first player's score at the strongest setting, in words, as edge.csv.
    top = s["strengths"][-1]
    p, lo, hi = top["first_score"]
    elo = ""  # none at a score of 0 or 1
    if 0 < p < 1:
        x = -400 * math.log10(1 / p - 1)
        elo = f" ({0.0 if abs(x) < 0.5 else x:+.0f} Elo)"  # "+0 Elo", never "-0"
    want = (f"{s['first_player'][0].upper()}{s['first_player'][1:]} (moving first) scores "
            f"{100 * p:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] at {top['nodes']} nodes{elo}")
    expect(s["headline"] == want, f"headline {s['headline']!r}, want {want!r}")
    for b in bad:
        print("  " + b)
    sys.exit(1 if bad else 0)


main()
