// check_page.js: loads report.html pages in headless Chromium (the system's, over the DevTools
// protocol with chrome-remote-interface) and checks them. Run by tests/html_browser.sh.
//
//   node check_page.js --chromium PATH --maxtune BIN [--screenshot-report PNG]
//        [--screenshot-viewer PNG] PAGE SUMMARY [PAGE SUMMARY ...]     (SUMMARY "-": a viewer page)
//
// For each page: no console error, no exception and no request but the file:// page itself;
// a few headline cards (2 to 8), each figure (data-key) equal to summary.json's value at that path; every plot drawn
// as SVG with its axis labels; a suite's parts linked to pages that exist. Where the page has
// the game viewer: the arrow keys step (ArrowRight to the last ply of the shortest game, then
// ArrowLeft and ArrowRight again), End jumps to the end of the longest game, and in both the
// board drawn equals, square by square, `maxtune show` of the game's final FEN, with the side
// to move and check. Prints "PASS name" / "FAIL name" lines; exits 1 when a check failed.
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

function parseArgs(argv) {
  const o = { pages: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--chromium") o.chromium = argv[++i];
    else if (a === "--maxtune") o.maxtune = argv[++i];
    else if (a === "--screenshot-report") o.shotReport = argv[++i];
    else if (a === "--screenshot-viewer") o.shotViewer = argv[++i];
    else o.pages.push(a);
  }
  return o;
}

// The value at a dotted path of a parsed JSON object.
function at(obj, key) {
  return key.split(".").reduce((o, k) => (o === undefined || o === null ? undefined : o[k]), obj);
}

// `maxtune show FEN`: the squares (name -> FEN letter or "."; Maxima's 76, Ultima's 64), side to
// move, check, state.
function show(maxtune, fen) {
  const out = execFileSync(maxtune, ["show", fen], { encoding: "utf8" });
  const squares = {};
  for (const line of out.split("\n")) {
    const m = line.match(/^\s*(\d+)\s/);
    if (!m || line.length < 7) continue;
    const rank = Number(m[1]);
    for (let f = 0; f < 8; f++) {
      const c = line[6 + 2 * f];
      if (c && c !== " ") squares["abcdefgh"[f] + rank] = c;
    }
  }
  return {
    squares,
    side: /Side to move: White/.test(out) ? "white" : "black",
    check: /In check:\s+yes/.test(out) ? "1" : "0",
    state: (out.match(/Game state:\s+(.*)/) || [])[1],
  };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const chrome = await startChromium(o.chromium);
  let client;
  try {
    client = await CDP({ host: "127.0.0.1", port: chrome.port });
    const { Page, Runtime, Network, Log, Emulation } = client;
    const events = { errors: [], requests: [] };
    Runtime.consoleAPICalled((e) => {
      if (e.type === "error" || e.type === "assert" || e.type === "warning")
        events.errors.push("console." + e.type + ": " + e.args.map((a) => a.value || a.description).join(" "));
    });
    Runtime.exceptionThrown((e) => events.errors.push("exception: " + (e.exceptionDetails.exception
      ? e.exceptionDetails.exception.description : e.exceptionDetails.text)));
    Log.entryAdded((e) => { if (e.entry.level === "error") events.errors.push("log: " + e.entry.text + " " + (e.entry.url || "")); });
    Network.requestWillBeSent((e) => events.requests.push(e.request.url));
    await Promise.all([Page.enable(), Runtime.enable(), Network.enable(), Log.enable()]);
    await Emulation.setDeviceMetricsOverride({ width: 1200, height: 900, deviceScaleFactor: 1, mobile: false });
    const { evaluate, key } = pageHelpers(client);
    const board = () => evaluate(`(() => { const s = document.getElementById("board-svg"); const sq = {};
      s.querySelectorAll("[data-piece]").forEach((g) => { sq[g.getAttribute("data-sq")] = g.getAttribute("data-piece"); });
      s.querySelectorAll("rect[data-square]").forEach((r) => { const n = r.getAttribute("data-square"); if (n && !sq[n]) sq[n] = "."; });
      const g = window.maxtuneViewer.game();
      return { ply: Number(s.getAttribute("data-ply")), side: s.getAttribute("data-side"), check: s.getAttribute("data-check"),
               squares: sq, final: g.final, n: g.n, plies: g.plies.length, end: document.getElementById("game-end").textContent,
               state: g.state }; })()`);
    // Compares the board drawn with `maxtune show` of the game's final FEN (11 rows: Maxima's 76
    // squares, 8 rows: Ultima's 64).
    const compareFinal = (name, b) => {
      const s = show(o.maxtune, b.final);
      const names = Object.keys(s.squares);
      const diff = names.filter((n) => s.squares[n] !== b.squares[n]);
      const want = b.final.split(" ")[0].split("/").length === 8 ? 64 : 76;
      check(name + " board equals maxtune show of the final FEN (" + names.length + " squares)",
        names.length === want && Object.keys(b.squares).length === want && diff.length === 0,
        diff.slice(0, 5).map((n) => n + ": page " + b.squares[n] + ", show " + s.squares[n]).join("; ") || "squares " + names.length);
      check(name + " side to move and check as maxtune show", b.side === s.side && b.check === s.check,
        "page " + b.side + "/" + b.check + ", show " + s.side + "/" + s.check);
      check(name + " game end shown with the final state", b.end.indexOf("Game over") === 0 && b.state === s.state,
        "'" + b.end + "' vs show's " + s.state);
    };

    for (let i = 0; i + 1 < o.pages.length; i += 2) {
      const page = path.resolve(o.pages[i]);
      const summary = o.pages[i + 1] === "-" ? null : JSON.parse(fs.readFileSync(o.pages[i + 1], "utf8"));
      const label = path.basename(path.dirname(page)) + "/" + path.basename(page);
      const url = "file://" + page;
      events.errors.length = 0;
      events.requests.length = 0;
      const t0 = Date.now();
      const loaded = Page.loadEventFired();
      await Page.navigate({ url });
      await loaded;
      const size = fs.statSync(page).size;
      check(label + " loads (" + (size / 1e6).toFixed(2) + " MB, " + (Date.now() - t0) + " ms)", true);
      check(label + " is under the 2 MB cap", size <= 2100000, size + " bytes");

      if (summary) {
        const figures = await evaluate(`Array.from(document.querySelectorAll("[data-key]")).map((e) => [e.getAttribute("data-key"), e.getAttribute("data-value")])`);
        const bad = figures.filter(([k, v]) => {
          const want = at(summary, k);
          if (want === undefined) return true;
          const got = JSON.parse(v);
          return typeof want === "number" ? got !== want : JSON.stringify(got) !== JSON.stringify(want);
        });
        const cards = await evaluate(`document.querySelectorAll("#headline .fig").length`);
        check(label + " a few headline figures (" + cards + " cards)", cards >= 2 && cards <= 8, cards + " cards");
        check(label + " headline figures equal summary.json's (" + figures.length + ")", figures.length >= 3 && bad.length === 0,
          bad.slice(0, 5).map(([k, v]) => k + "=" + v + " vs " + JSON.stringify(at(summary, k))).join("; ") || figures.length + " figures");
        const texts = await evaluate(`Array.from(document.querySelectorAll("[data-key]")).filter((e) => {
          const v = JSON.parse(e.getAttribute("data-value")); return e.textContent !== (typeof v === "string" ? v : e.getAttribute("data-value")); }).length`);
        check(label + " headline figures shown as their values", texts === 0, texts + " differ");

        const charts = await evaluate(`Array.from(document.querySelectorAll("figure.chart")).map((f) => { const s = f.querySelector("svg");
          return s ? [s.querySelectorAll("path, circle").length, (s.querySelector(".xlabel") || {}).textContent, (s.querySelector(".ylabel") || {}).textContent] : null; })`);
        check(label + " plots drawn as SVG with labelled axes (" + charts.length + ")",
          charts.length > 0 && charts.every((c) => c && c[0] > 0 && c[1] && c[2]), JSON.stringify(charts));

        if (summary.job === "suite") {
          const parts = await evaluate(`Array.from(document.querySelectorAll("a.part")).map((a) => a.getAttribute("href"))`);
          check(label + " links its parts' pages", parts.length === (summary.parts || []).length &&
            parts.every((p) => fs.existsSync(path.join(path.dirname(page), p))), JSON.stringify(parts));
        }
      }

      if (o.shotReport && summary && summary.job === "match") {
        const shot = await Page.captureScreenshot({ format: "png", clip: { x: 0, y: 0, width: 1200, height: 1760, scale: 1 }, captureBeyondViewport: true });
        fs.writeFileSync(o.shotReport, Buffer.from(shot.data, "base64"));
      }

      const hasViewer = await evaluate(`!!document.getElementById("board-svg")`);
      if (hasViewer) {
        // The shortest game, stepped to its end with the right arrow key.
        const games = await evaluate(`Array.from(document.querySelectorAll("#game-select option")).map((o) => o.value)`);
        const lengths = await evaluate(`JSON.parse(document.getElementById("game-data").textContent).map((s, si) => s.games.map((g) => [si + ":" + g.n, g.plies.length])).flat()`);
        check(label + " viewer offers the games", games.length > 0 && games.length === lengths.length, games.length + " options");
        const byLen = lengths.filter((l) => l[1] > 0).sort((a, b) => a[1] - b[1]);
        const shortest = byLen[0], longest = byLen[byLen.length - 1];
        await evaluate(`(() => { const s = document.getElementById("game-select"); s.value = "${shortest[0]}"; s.dispatchEvent(new Event("change")); s.blur(); })()`);
        let b = await board();
        check(label + " viewer opens a game at ply 0", b.ply === 0 && b.plies === shortest[1], "ply " + b.ply);
        let stepped = true;
        for (let k = 1; k <= shortest[1]; k++) {
          await key("ArrowRight", 39);
          if (k === 1 || k === shortest[1]) stepped = stepped && (await board()).ply === k;
        }
        b = await board();
        check(label + " ArrowRight steps to the last ply (" + shortest[1] + ")", stepped && b.ply === shortest[1], "ply " + b.ply);
        compareFinal(label + " game #" + b.n + " after the arrow keys:", b);
        await key("ArrowLeft", 37);
        const back = (await board()).ply;
        await key("ArrowRight", 39);
        check(label + " ArrowLeft steps back and ArrowRight forward", back === shortest[1] - 1 && (await board()).ply === shortest[1], "ply " + back);
        // The longest game, jumped to its end with End.
        await evaluate(`(() => { const s = document.getElementById("game-select"); s.value = "${longest[0]}"; s.dispatchEvent(new Event("change")); s.blur(); })()`);
        await key("End", 35);
        b = await board();
        check(label + " End jumps to the last ply of the longest game (" + longest[1] + ")", b.ply === longest[1], "ply " + b.ply);
        compareFinal(label + " game #" + b.n + " after End:", b);
        // A game that is not in the page is named, with the command that shows it.
        const total = await evaluate(`JSON.parse(document.getElementById("game-data").textContent)[0].total`);
        const missing = await evaluate(`(() => { const ids = new Set(Array.from(document.querySelectorAll("#game-select option")).map((o) => o.value));
          for (let n = 1; n <= ${total}; n++) if (!ids.has("0:" + n)) return n; return 0; })()`);
        if (missing) {
          const msg = await evaluate(`(() => { document.getElementById("game-index").value = "${missing}"; document.getElementById("game-go").click();
            return document.getElementById("game-missing").textContent; })()`);
          check(label + " a game left out by the cap is named with the command that shows it", /maxtune view .* --game \d+/.test(msg), msg);
        }
        if (o.shotViewer && summary && summary.job === "match") {
          // A decisive game of medium length, a few plies before its end, with a capture shown.
          await evaluate(`(() => { const s = document.getElementById("game-select"); s.value = "0:1"; s.dispatchEvent(new Event("change")); s.blur();
            const g = window.maxtuneViewer.game(); let k = g.plies.length; for (let i = g.plies.length; i > 0; i--) if (g.plies[i - 1][3].length) { k = i; break; }
            window.maxtuneViewer.go(k); document.getElementById("games").scrollIntoView(); })()`);
          const r = await evaluate(`(() => { const b = document.getElementById("games").getBoundingClientRect(); return [b.x, b.y + window.scrollY, b.width, b.height]; })()`);
          const shot = await Page.captureScreenshot({ format: "png", clip: { x: r[0], y: r[1], width: r[2], height: Math.min(r[3], 900), scale: 1 }, captureBeyondViewport: true });
          fs.writeFileSync(o.shotViewer, Buffer.from(shot.data, "base64"));
        }
      }
      await new Promise((r) => setTimeout(r, 50));
      check(label + " no console error or exception", events.errors.length === 0, events.errors.slice(0, 3).join(" | "));
      const others = events.requests.filter((u) => u !== url);
      check(label + " no network request but the page itself (" + events.requests.length + ")", others.length === 0 && events.requests.length >= 1,
        others.slice(0, 3).join(" "));
    }
  } finally {
    if (client) await client.close().catch(() => {});
    await stopChromium(chrome);
  }
  process.exit(failures ? 1 : 0);
}

main().catch((e) => { console.log("FAIL browser test: " + e.message); process.exit(1); });
