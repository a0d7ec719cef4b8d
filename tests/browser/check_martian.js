// check_martian.js: a Martian Chess game page (`maxtune view` of a Martian match's games.pgn) and
// a Martian weights report (a pipeline's report.html) in headless Chromium. Run by
// tests/html_browser.sh.
//
//   node check_martian.js --chromium PATH VIEW_PAGE WEIGHTS_PAGE
//
// The game page: a 4 x 8 board (files a-d, ranks 1-8) with the canal drawn between ranks 4 and
// 5 (and nowhere else); only P, D and Q pieces, pyramids of three heights; at ply 0 the pieces
// of the game's FEN; a few ArrowRight steps move the piece from the move's square to its
// target; at the end (End) the board, the side to move, the scores and the clock are the final
// FEN's. The weights page: a 4-file table (rank a b c d, ranks 4..1) per type and phase for
// pawn, drone and queen, and the heat map loaded. Prints "PASS name" / "FAIL name" lines; exits
// 1 when a check failed.
"use strict";
const path = require("path");
const CDP = require("chrome-remote-interface");
const { startChromium, stopChromium, pageHelpers } = require("./chromium");

let failures = 0;
function check(name, ok, detail) {
  console.log((ok ? "PASS " : "FAIL ") + name + (ok || !detail ? "" : ": " + detail));
  if (!ok) failures++;
}

// The squares of a Martian FEN's board field: name -> letter ("." empty).
function fenSquares(fen) {
  const squares = {};
  fen.split(" ")[0].split("/").forEach((row, i) => {
    let f = 0;
    for (const c of row) {
      if (/[1-4]/.test(c)) for (let k = 0; k < Number(c); k++) squares["abcd"[f++] + (8 - i)] = ".";
      else squares["abcd"[f++] + (8 - i)] = c;
    }
  });
  return squares;
}

async function main() {
  const args = process.argv.slice(2);
  const chromium = args[args.indexOf("--chromium") + 1];
  const [view, weights] = args.filter((a, i) => a !== "--chromium" && args[i - 1] !== "--chromium");
  const chrome = await startChromium(chromium);
  let client;
  try {
    client = await CDP({ host: "127.0.0.1", port: chrome.port });
    const { Page, Runtime } = client;
    const errors = [];
    Runtime.exceptionThrown((e) => errors.push(e.exceptionDetails.text));
    Runtime.consoleAPICalled((e) => { if (e.type === "error") errors.push(e.args.map((a) => a.value).join(" ")); });
    await Promise.all([Page.enable(), Runtime.enable()]);
    const { evaluate, key } = pageHelpers(client);
    const load = async (file) => {
      const loaded = Page.loadEventFired();
      await Page.navigate({ url: "file://" + path.resolve(file) });
      await loaded;
    };
    const board = () => evaluate(`(() => { const s = document.getElementById("board-svg"), sq = {};
      s.querySelectorAll("rect[data-square]").forEach((r) => { sq[r.getAttribute("data-square")] = "."; });
      s.querySelectorAll("[data-piece]").forEach((g) => { sq[g.getAttribute("data-sq")] = g.getAttribute("data-piece"); });
      const z = document.getElementById("zoned-state"), g = window.maxtuneViewer.game();
      const canals = Array.from(s.querySelectorAll("[data-canal]")).map((l) => [l.getAttribute("data-canal"), Number(l.getAttribute("y1")), Number(l.getAttribute("y2"))]);
      const ranks = {}; s.querySelectorAll("rect[data-square]").forEach((r) => { ranks[r.getAttribute("data-square")] = Number(r.getAttribute("y")); });
      const heights = {}; s.querySelectorAll("g.pyramid").forEach((p) => { const b = p.querySelector("polygon").getBBox(); heights[p.getAttribute("data-piece")] = Math.round(b.height); });
      return { ply: Number(s.getAttribute("data-ply")), squares: sq, canals, ranks, heights, fen: g.fen, final: g.final,
               plies: g.plies, status: document.getElementById("position-status").textContent,
               score: z && z.getAttribute("data-score"), clock: z && z.getAttribute("data-clock") }; })()`);

    // --- the game page ---
    await load(view);
    const games = await evaluate(`Array.from(document.querySelectorAll("#game-select option")).map((o) => o.value)`);
    // A game with at least 4 plies and a capture, else the longest.
    const pick = await evaluate(`(() => { const sets = JSON.parse(document.getElementById("game-data").textContent);
      const gs = sets[0].games.slice().sort((a, b) => b.plies.length - a.plies.length);
      const g = gs.find((g) => g.plies.length >= 4 && g.plies.some((p) => p[3].length)) || gs[0];
      const s = document.getElementById("game-select"); s.value = "0:" + g.n; s.dispatchEvent(new Event("change")); s.blur(); return g.n; })()`);
    check("martian view: the games are offered (" + games.length + ")", games.length > 0 && pick > 0);
    let b = await board();
    const names = Object.keys(b.squares).sort();
    check("martian view: a 4 x 8 board, files a-d, ranks 1-8 (" + names.length + " squares)",
      names.length === 32 && names.every((n) => /^[a-d][1-8]$/.test(n)), names.join(" "));
    const y4 = b.ranks.a4, y5 = b.ranks.a5;
    check("martian view: the canal drawn between ranks 4 and 5 across the board, nowhere else",
      b.canals.length === 4 && b.canals.every((c) => c[0] === "rank" && c[1] === y4 && c[2] === y4 && y5 < y4),
      JSON.stringify(b.canals) + " a4 at " + y4);
    const start = fenSquares(b.fen), diff0 = names.filter((n) => start[n] !== b.squares[n]);
    check("martian view: ply 0 shows the game's FEN, pieces P, D, Q only", diff0.length === 0 &&
      Object.values(b.squares).every((c) => /^[.PDQ]$/.test(c)), diff0.map((n) => n + " " + b.squares[n] + "/" + start[n]).join(" "));
    check("martian view: pyramids of three heights, P < D < Q", b.heights.P < b.heights.D && b.heights.D < b.heights.Q,
      JSON.stringify(b.heights));
    check("martian view: the score and the clock shown", /Score: South \d+, North \d+/.test(b.status) && b.score !== null, b.status);
    let stepped = true, detail = "";
    for (let k = 1; k <= 3; k++) {
      await key("ArrowRight", 39);
      b = await board();
      const p = b.plies[k - 1], from = "abcd"[p[1] % 8] + Math.floor(p[1] / 8), to = "abcd"[p[2] % 8] + Math.floor(p[2] / 8);
      const ok = b.ply === k && b.squares[from] === "." && /[PDQ]/.test(b.squares[to]);
      if (!ok) detail = "ply " + b.ply + " " + p[0] + ": " + from + "=" + b.squares[from] + " " + to + "=" + b.squares[to];
      stepped = stepped && ok;
    }
    check("martian view: ArrowRight steps 3 moves, each piece leaves its square for its target", stepped, detail);
    await key("End", 35);
    b = await board();
    const fin = fenSquares(b.final), fields = b.final.split(" ");
    const diffN = names.filter((n) => fin[n] !== b.squares[n]);
    check("martian view: End shows the final FEN's board (" + b.plies.length + " plies)", b.ply === b.plies.length && diffN.length === 0,
      diffN.map((n) => n + " " + b.squares[n] + "/" + fin[n]).join(" "));
    check("martian view: at the end the side to move, the scores and the clock are the final FEN's",
      b.status.indexOf(fields[1] === "s" ? "South to move" : "North to move") === 0 && b.score === fields[2] + "-" + fields[3] &&
      b.clock === (fields[5] === "-" ? "-1" : fields[5]), b.status + " | " + b.score + " " + b.clock + " | " + b.final);
    check("martian view: no exception or console error", errors.length === 0, errors.slice(0, 3).join(" | "));

    // --- the weights report ---
    errors.length = 0;
    await load(weights);
    const tables = await evaluate(`Array.from(document.querySelectorAll("table")).filter((t) => {
        const h = Array.from(t.querySelectorAll("tr:first-child th")).map((th) => th.textContent.trim()).join(" ");
        return h.indexOf("rank ") === 0; }).map((t) => [Array.from(t.querySelectorAll("tr:first-child th")).map((th) => th.textContent.trim()).join(" "),
        Array.from(t.querySelectorAll("tr")).slice(1).map((tr) => tr.firstElementChild.textContent.trim()).join(""),
        ((t.closest(".tablewrap") || t).previousElementSibling || {}).textContent || ""])`);
    check("martian weights: a 4-file table per type and phase (" + tables.length + ")",
      tables.length === 6 && tables.every((t) => t[0] === "rank a b c d" && t[1] === "4321"), JSON.stringify(tables.slice(0, 2)));
    const types = tables.map((t) => (t[2].match(/^(\w+), (middle|end) game/) || [])[1]).join(" ");
    check("martian weights: the tables of pawn, drone and queen", types === "pawn pawn drone drone queen queen", types);
    const heat = await evaluate(`(() => { const i = Array.from(document.images).find((i) => i.alt === "piece-square values");
      return i ? i.naturalWidth : -1; })()`);
    check("martian weights: the heat map is shown", heat > 0, "naturalWidth " + heat);
    const terms = await evaluate(`(() => { const t = Array.from(document.querySelectorAll("table")).find((t) =>
        Array.from(t.querySelectorAll("tr:first-child th")).map((th) => th.textContent.trim()).slice(0, 2).join(" ") === "term group");
      const o = {}; if (t) Array.from(t.querySelectorAll("tr")).slice(1).forEach((tr) => { o[tr.cells[0].textContent.trim()] = tr.cells[1].textContent.trim(); });
      return o; })()`);
    const want = {points: "score", pawn: "material", drone: "material", queen: "material", mob_queen: "mobility",
      "attack.drone": "attack", merges: "promotion", clock_lead: "clock"};
    check("martian weights: Martian's terms listed with their groups, no Maxima term",
      Object.keys(want).every((t) => terms[t] === want[t]) && !("pincer" in terms), JSON.stringify(terms));
    check("martian weights: no exception or console error", errors.length === 0, errors.slice(0, 3).join(" | "));
  } finally {
    if (client) await client.close().catch(() => {});
    await stopChromium(chrome);
  }
  process.exit(failures ? 1 : 0);
}

main().catch((e) => { console.log("FAIL martian browser test: " + e.message); process.exit(1); });
