// check_martian4.js: a four-player Martian Chess game page (`maxtune view` of a martian4 match's
// games.pgn) in headless Chromium. Run by tests/html_browser.sh.
//
//   node check_martian4.js --chromium PATH --maxtune BIN [--screenshot PNG] VIEW_PAGE
//
// The page: an 8 x 8 board (files a-h, ranks 1-8), each square's owner (data-owner, the player
// less one) that of docs/rules/martian.md 10.1's quadrants (player 1 a1-d4, 2 a5-d8, 3 e5-h8, 4 e1-h4), each
// quadrant tinted apart from the others, and both canals drawn: one between ranks 4 and 5 across
// the 8 files, one between files d and e along the 8 ranks, and no other line; only P, D and Q
// pieces, pyramids of three heights; at ply 0 the pieces of the game's FEN. ArrowRight steps the
// game to its last ply, one ply a key, each move's piece leaving its square, and after each ply
// the page says which player is to move (1, 2, 3, 4, 1, ...) and his team; at the last ply the
// board equals `maxtune show` of the final FEN square by square, and the player and team to
// move, the two team scores and the clock are show's. No exception or console error. With
// --screenshot, the viewer at the last ply as a PNG. Prints "PASS name" / "FAIL name" lines;
// exits 1 when a check failed.
"use strict";
const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");
const CDP = require("chrome-remote-interface");
const { startChromium, stopChromium, pageHelpers } = require("./chromium");

let failures = 0;
function check(name, ok, detail) {
  console.log((ok ? "PASS " : "FAIL ") + name + (ok || !detail ? "" : ": " + detail));
  if (!ok) failures++;
}

const FILES = "abcdefgh";
// docs/rules/martian.md 10.1 and 10.2: each player's quadrant (files, ranks) and team.
const QUADRANTS = { 1: ["abcd", [1, 4]], 2: ["abcd", [5, 8]], 3: ["efgh", [5, 8]], 4: ["efgh", [1, 4]] };
const team = (player) => (player % 2 ? "team 1+3" : "team 2+4");
function ownerOf(sq) {
  const f = sq[0], r = Number(sq.slice(1));
  return Number(Object.keys(QUADRANTS).find((p) => QUADRANTS[p][0].includes(f) && r >= QUADRANTS[p][1][0] && r <= QUADRANTS[p][1][1]));
}

// The squares of a four-player FEN's board field: name -> letter ("." empty).
function fenSquares(fen) {
  const squares = {};
  fen.split(" ")[0].split("/").forEach((row, i) => {
    let f = 0;
    for (const c of row) {
      if (/[1-8]/.test(c)) for (let k = 0; k < Number(c); k++) squares[FILES[f++] + (8 - i)] = ".";
      else squares[FILES[f++] + (8 - i)] = c;
    }
  });
  return squares;
}

// `maxtune show FEN` of a four-player position: its 64 squares (name -> letter or "."; the
// rank lines "  8   Q Q D . | . D Q Q", '|' the canal), the player and team to move, the team
// scores ("A-B") and the clock.
function show(maxtune, fen) {
  const out = execFileSync(maxtune, ["show", fen], { encoding: "utf8" });
  const squares = {};
  for (const line of out.split("\n")) {
    const cells = line.trim().split(/\s+/).filter((c) => c !== "|");
    if (cells.length !== 9 || !/^[1-8]$/.test(cells[0])) continue;
    cells.slice(1).forEach((c, f) => { squares[FILES[f] + cells[0]] = c; });
  }
  const side = out.match(/Side to move:\s+player ([1-4]) \((team [0-9+]+)\)/) || [];
  const scores = out.match(/Scores:\s+team 1\+3 (\d+), team 2\+4 (\d+)/) || [];
  return { squares, player: Number(side[1]), team: side[2], score: scores[1] + "-" + scores[2], text: out };
}

async function main() {
  const args = process.argv.slice(2), opt = {};
  const pages = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--chromium") opt.chromium = args[++i];
    else if (args[i] === "--maxtune") opt.maxtune = args[++i];
    else if (args[i] === "--screenshot") opt.shot = args[++i];
    else pages.push(args[i]);
  }
  const chrome = await startChromium(opt.chromium);
  let client;
  try {
    client = await CDP({ host: "127.0.0.1", port: chrome.port });
    const { Page, Runtime, Log, Emulation } = client;
    const errors = [];
    Runtime.exceptionThrown((e) => errors.push("exception: " + (e.exceptionDetails.exception
      ? e.exceptionDetails.exception.description : e.exceptionDetails.text)));
    Runtime.consoleAPICalled((e) => {
      if (e.type === "error" || e.type === "assert") errors.push("console." + e.type + ": " + e.args.map((a) => a.value || a.description).join(" "));
    });
    Log.entryAdded((e) => { if (e.entry.level === "error") errors.push("log: " + e.entry.text + " " + (e.entry.url || "")); });
    await Promise.all([Page.enable(), Runtime.enable(), Log.enable()]);
    await Emulation.setDeviceMetricsOverride({ width: 1200, height: 900, deviceScaleFactor: 1, mobile: false });
    const { evaluate, key } = pageHelpers(client);
    // The board drawn: squares and pieces, owners and fills, the canals' lines, each square's
    // place, the status line (the turn part apart from the scores) and the game's data.
    const board = () => evaluate(`(() => { const s = document.getElementById("board-svg"), sq = {}, owner = {}, fill = {}, at = {};
      s.querySelectorAll("rect[data-square]").forEach((r) => { const n = r.getAttribute("data-square"); sq[n] = "."; owner[n] = r.getAttribute("data-owner");
        fill[n] = r.getAttribute("fill"); at[n] = [Number(r.getAttribute("x")), Number(r.getAttribute("y")), Number(r.getAttribute("width"))]; });
      s.querySelectorAll("[data-piece]").forEach((g) => { sq[g.getAttribute("data-sq")] = g.getAttribute("data-piece"); });
      const canals = Array.from(s.querySelectorAll("[data-canal]")).map((l) => [l.getAttribute("data-canal"),
        Number(l.getAttribute("x1")), Number(l.getAttribute("y1")), Number(l.getAttribute("x2")), Number(l.getAttribute("y2"))]);
      const heights = {}; s.querySelectorAll("g.pyramid").forEach((p) => { heights[p.getAttribute("data-piece")] = Math.round(p.querySelector("polygon").getBBox().height); });
      const st = document.getElementById("position-status"), z = document.getElementById("zoned-state"), g = window.maxtuneViewer.game();
      const status = st.textContent;
      return { ply: Number(s.getAttribute("data-ply")), squares: sq, owner, fill, at, canals, heights, status,
               turn: z ? status.slice(0, status.length - z.textContent.length) : status, scoreText: z ? z.textContent : "",
               score: z && z.getAttribute("data-score"), clock: z && z.getAttribute("data-clock"),
               n: g.n, fen: g.fen, final: g.final, plies: g.plies }; })()`);

    await load(Page, pages[0]);
    const games = await evaluate(`Array.from(document.querySelectorAll("#game-select option")).map((o) => o.value)`);
    // The longest game with a capture (a game of 4 players: its turn passes every player).
    const pick = await evaluate(`(() => { const sets = JSON.parse(document.getElementById("game-data").textContent);
      const gs = sets[0].games.slice().sort((a, b) => b.plies.length - a.plies.length);
      const g = gs.find((g) => g.plies.length >= 8 && g.plies.some((p) => p[0].indexOf("x") > 0)) || gs[0];
      const s = document.getElementById("game-select"); s.value = "0:" + g.n; s.dispatchEvent(new Event("change")); s.blur(); return g.n; })()`);
    check("martian4 view: the games are offered (" + games.length + ")", games.length > 0 && pick > 0);
    let b = await board();
    const names = Object.keys(b.squares).sort();
    const all = [];
    for (const f of FILES) for (let r = 1; r <= 8; r++) all.push(f + r);
    check("martian4 view: an 8 x 8 board, files a-h, ranks 1-8 (" + names.length + " squares)",
      names.length === 64 && all.every((n) => n in b.squares), names.join(" "));
    const badOwner = all.filter((n) => b.owner[n] !== String(ownerOf(n) - 1));
    check("martian4 view: each square's owner is its quadrant's player (1 a1-d4, 2 a5-d8, 3 e5-h8, 4 e1-h4)",
      badOwner.length === 0, badOwner.slice(0, 6).map((n) => n + " owner " + b.owner[n] + ", want " + (ownerOf(n) - 1)).join("; "));
    // The tints: the fills of a quadrant are not those of any other.
    const tints = [1, 2, 3, 4].map((p) => new Set(all.filter((n) => ownerOf(n) === p).map((n) => b.fill[n])));
    const shared = [];
    tints.forEach((t, i) => tints.forEach((u, j) => { if (i < j) t.forEach((c) => { if (u.has(c)) shared.push((i + 1) + "/" + (j + 1) + " " + c); }); }));
    check("martian4 view: each quadrant tinted apart from the other three", shared.length === 0 && tints.every((t) => t.size >= 1),
      shared.join("; "));
    // The canals: rank 4's top edge from file a's left to file h's right, file e's left edge from
    // rank 8's top to rank 1's bottom, nothing else.
    const S = b.at.a1[2], top = b.at.a8[1], bottom = b.at.a1[1] + S, left = b.at.a1[0], right = b.at.h1[0] + S;
    const yCanal = b.at.a4[1], xCanal = b.at.e1[0];
    const ranks = b.canals.filter((c) => c[0] === "rank"), fileLines = b.canals.filter((c) => c[0] === "file");
    const span = (ls, lo, hi, i) => ls.length > 0 && Math.min(...ls.map((c) => Math.min(c[i], c[i + 2]))) === lo &&
      Math.max(...ls.map((c) => Math.max(c[i], c[i + 2]))) === hi && ls.reduce((a, c) => a + Math.abs(c[i + 2] - c[i]), 0) === hi - lo;
    check("martian4 view: the canal between ranks 4 and 5 drawn across files a-h",
      yCanal === b.at.a5[1] + S && ranks.every((c) => c[2] === yCanal && c[4] === yCanal) && span(ranks, left, right, 1),
      JSON.stringify(ranks) + " rank 4 at y " + yCanal);
    check("martian4 view: the canal between files d and e drawn along ranks 1-8",
      xCanal === b.at.d1[0] + S && fileLines.every((c) => c[1] === xCanal && c[3] === xCanal) && span(fileLines, top, bottom, 2),
      JSON.stringify(fileLines) + " file e at x " + xCanal);
    check("martian4 view: no canal line but those two (" + b.canals.length + " segments)", ranks.length + fileLines.length === b.canals.length &&
      b.canals.length === 16, JSON.stringify(b.canals.slice(0, 4)));
    const start = fenSquares(b.fen), diff0 = all.filter((n) => start[n] !== b.squares[n]);
    check("martian4 view: ply 0 shows the game's FEN, pieces P, D, Q only", b.ply === 0 && diff0.length === 0 &&
      Object.values(b.squares).every((c) => /^[.PDQ]$/.test(c)), diff0.map((n) => n + " " + b.squares[n] + "/" + start[n]).join(" "));
    check("martian4 view: pyramids of three heights, P < D < Q", b.heights.P < b.heights.D && b.heights.D < b.heights.Q,
      JSON.stringify(b.heights));
    const first = Number(b.fen.split(" ")[1]);
    check("martian4 view: at ply 0 the player to move and his team (" + first + ", " + team(first) + ")",
      new RegExp("\\bplayer " + first + "\\b", "i").test(b.turn) && b.turn.includes(team(first)) && !b.turn.includes(team(first + 1)), b.turn);

    // ArrowRight to the last ply: one ply a key, the move's piece leaving its square, the player to move named.
    const n = b.plies.length, badStep = [], badTeam = [], badPlayer = [];
    for (let k = 1; k <= n; k++) {
      await key("ArrowRight", 39);
      b = await board();
      const p = b.plies[k - 1], from = FILES[p[1] % 8] + Math.floor(p[1] / 8), to = FILES[p[2] % 8] + Math.floor(p[2] / 8);
      if (b.ply !== k || b.squares[from] !== "." || !/[PDQ]/.test(b.squares[to])) badStep.push("ply " + b.ply + " " + p[0] + ": " + from + "=" + b.squares[from] + " " + to + "=" + b.squares[to]);
      const player = (first - 1 + k) % 4 + 1;
      const said = "ply " + k + " (" + p[0] + "): '" + b.turn.trim() + "', player " + player + " (" + team(player) + ") to move";
      if (!b.turn.includes(team(player)) || b.turn.includes(team(player + 1))) badTeam.push(said);
      if (!new RegExp("\\bplayer " + player + "\\b", "i").test(b.turn)) badPlayer.push(said);
    }
    check("martian4 view: ArrowRight steps the " + n + " plies one by one, each piece leaving its square", n > 0 && badStep.length === 0,
      badStep.slice(0, 3).join("; "));
    check("martian4 view: after each ply the team to move named (that of player 1, 2, 3, 4, 1, ...)", badTeam.length === 0,
      badTeam.length + " of " + n + " plies, first: " + badTeam.slice(0, 3).join("; "));
    check("martian4 view: after each ply the player to move named (1, 2, 3, 4, 1, ...)", badPlayer.length === 0,
      badPlayer.length + " of " + n + " plies, first: " + badPlayer.slice(0, 2).join("; "));
    // The move list numbered as the PGN numbers moves: one number a round of the four players.
    const rows = await evaluate(`Array.from(document.querySelectorAll("#move-list .moverow")).map((r) =>
      [parseInt(r.querySelector(".num").textContent, 10), Array.from(r.querySelectorAll(".ply")).map((p) => Number(p.getAttribute("data-ply")))])`);
    const round = (k) => Math.floor((first - 2 + k) / 4) + 1, badRow = rows.filter((r) => r[1].some((k) => round(k) !== r[0]));
    check("martian4 view: the move list numbers rounds of 4 plies, as the PGN (" + rows.length + " rows for " + n + " plies)",
      rows.length === round(n) && badRow.length === 0 && rows.reduce((a, r) => a + r[1].length, 0) === n,
      rows.length + " rows, want " + round(n) + "; first: " + badRow.slice(0, 2).map((r) => r[0] + ". plies " + r[1].join(",")).join("; "));
    const s = show(opt.maxtune, b.final), shown = Object.keys(s.squares);
    const diffN = shown.filter((q) => s.squares[q] !== b.squares[q]);
    check("martian4 view: game #" + b.n + " at its last ply (" + n + ") is maxtune show of the final FEN (" + shown.length + " squares)",
      b.ply === n && shown.length === 64 && diffN.length === 0 && Object.keys(b.squares).length === 64,
      diffN.slice(0, 5).map((q) => q + ": page " + b.squares[q] + ", show " + s.squares[q]).join("; ") || "squares " + shown.length);
    check("martian4 view: at the last ply the team to move is show's (" + s.team + ")",
      s.player >= 1 && b.turn.includes(s.team) && !b.turn.includes(team(s.player + 1)), "page '" + b.turn.trim() + "'");
    check("martian4 view: at the last ply the player to move is show's (player " + s.player + ")",
      s.player >= 1 && new RegExp("\\bplayer " + s.player + "\\b", "i").test(b.turn), "page '" + b.turn.trim() + "'");
    const fields = b.final.split(" "), sc = s.score.split("-");
    check("martian4 view: at the last ply the two team scores and the clock are show's (" + s.score + ", clock " + fields[4] + ")",
      /^\d+-\d+$/.test(s.score) && b.score === s.score && b.scoreText.indexOf("Score: team 1+3 " + sc[0] + ", team 2+4 " + sc[1]) === 0 &&
      b.clock === (fields[4] === "-" ? "-1" : fields[4]), b.scoreText + " | " + b.score + " " + b.clock + " | show " + s.score + " " + b.final);
    if (opt.shot) {
      await evaluate(`document.getElementById("games").scrollIntoView()`);
      const r = await evaluate(`(() => { const b = document.getElementById("games").getBoundingClientRect(); return [b.x, b.y + window.scrollY, b.width, b.height]; })()`);
      const shot = await Page.captureScreenshot({ format: "png", clip: { x: r[0], y: r[1], width: r[2], height: Math.min(r[3], 900), scale: 1 }, captureBeyondViewport: true });
      fs.writeFileSync(opt.shot, Buffer.from(shot.data, "base64"));
    }
    await new Promise((r) => setTimeout(r, 50));
    check("martian4 view: no exception or console error", errors.length === 0, errors.slice(0, 3).join(" | "));
  } finally {
    if (client) await client.close().catch(() => {});
    await stopChromium(chrome);
  }
  process.exit(failures ? 1 : 0);
}

// Loads a file into the page and waits for its load event.
async function load(Page, file) {
  const loaded = Page.loadEventFired();
  await Page.navigate({ url: "file://" + path.resolve(file) });
  await loaded;
}

main().catch((e) => { console.log("FAIL martian4 browser test: " + e.message); process.exit(1); });
