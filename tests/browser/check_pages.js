// check_pages.js: loads report.html pages in headless Chromium (the system's, over the DevTools
// protocol with chrome-remote-interface) and checks what a reader sees. Run by
// tests/pages_browser.sh on every committed results/**/report.html.
//
//   node check_pages.js --chromium PATH [--shots DIR] PAGE...
//
// For each page, with every <details> opened: no visible text holds a literal tag ("<details>",
// "</summary>", any "<name ...>" or "</name>") or an escaped one ("&lt;", "&gt;", "&amp;" shown
// as such); every href and src (but data: URLs and #anchors) names a file that exists, relative
// to the page; no plot is left as a bare link to a PNG; every plot whose data has a reference
// line (yref_label; the piece values plot must have its 1-pincer one) draws it; no console error. --shots: a PNG of the top of each page into DIR.
// Prints "PASS name" / "FAIL name" lines; exits 1 when a check failed.
"use strict";
const fs = require("fs");
const path = require("path");
const CDP = require("chrome-remote-interface");
const { startChromium, stopChromium } = require("./chromium");

let failures = 0;
function check(name, ok, detail) {
  console.log((ok ? "PASS " : "FAIL ") + name + (ok || !detail ? "" : ": " + detail));
  if (!ok) failures++;
}

// What a page shows: its visible text's raw tags, its links, bare PNG links, reference lines.
const INSPECT = `(() => {
  document.querySelectorAll("details").forEach((d) => { d.open = true; });
  const text = document.body.innerText;
  const raw = [];
  const re = /<\\/?[A-Za-z][A-Za-z0-9]*(\\s[^<>]*)?>|&(lt|gt|amp|quot);/g;
  for (let m; (m = re.exec(text)) && raw.length < 5;) raw.push(text.slice(Math.max(0, m.index - 30), m.index + 40).replace(/\\s+/g, " "));
  const links = Array.from(document.querySelectorAll("[href], [src]")).map((e) => e.getAttribute("href") || e.getAttribute("src"));
  const charts = JSON.parse((document.getElementById("chart-data") || {}).textContent || "[]");
  const noref = charts.filter((c) => c.yref_label || c.csv === "values.csv" || c.csv.endsWith("/values.csv")).filter((c) => {
    const f = document.getElementById("chart-" + c.id);
    return f && !(c.yref_label && f.querySelector("line.yref") && f.textContent.indexOf(c.yref_label) >= 0);
  }).map((c) => c.title);
  return { raw, links, bare: document.querySelectorAll("p.noplot a").length, noref,
           details: document.querySelectorAll("#report details").length };
})()`;

async function main() {
  const args = process.argv.slice(2), pages = [];
  let chromium, shots;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--chromium") chromium = args[++i];
    else if (args[i] === "--shots") shots = args[++i];
    else pages.push(args[i]);
  }
  const chrome = await startChromium(chromium);
  let client;
  try {
    client = await CDP({ host: "127.0.0.1", port: chrome.port });
    const { Page, Runtime, Log, Emulation } = client;
    const errors = [];
    Runtime.exceptionThrown((e) => errors.push("exception: " + e.exceptionDetails.text));
    Runtime.consoleAPICalled((e) => { if (e.type === "error") errors.push("console.error"); });
    Log.entryAdded((e) => { if (e.entry.level === "error") errors.push("log: " + e.entry.text); });
    await Promise.all([Page.enable(), Runtime.enable(), Log.enable()]);
    await Emulation.setDeviceMetricsOverride({ width: 1200, height: 900, deviceScaleFactor: 1, mobile: false });
    for (const p of pages) {
      const page = path.resolve(p);
      const label = path.relative(process.cwd(), page);
      errors.length = 0;
      const loaded = Page.loadEventFired();
      await Page.navigate({ url: "file://" + page });
      await loaded;
      const r = await Runtime.evaluate({ expression: INSPECT, returnByValue: true });
      if (r.exceptionDetails) { check(label + " inspected", false, r.exceptionDetails.text); continue; }
      const v = r.result.value;
      check(label + " shows no raw tag as text", v.raw.length === 0, v.raw.join(" | "));
      const dead = v.links.filter((u) => !/^(data:|#)/.test(u)).filter((u) => {
        const file = decodeURIComponent(u.split("#")[0]);
        return /^[a-z]+:/i.test(file) || !fs.existsSync(path.join(path.dirname(page), file));
      });
      check(label + " every link names a file that exists (" + v.links.length + " links)", dead.length === 0,
        dead.slice(0, 5).join(" "));
      check(label + " no plot left as a bare link to its PNG", v.bare === 0, v.bare + " bare links");
      check(label + " plots draw their reference lines", v.noref.length === 0, v.noref.join("; "));
      const md = path.join(path.dirname(page), "report.md");
      if (fs.existsSync(md) && /^<details>/m.test(fs.readFileSync(md, "utf8")))
        check(label + " report.md's <details> folds are collapsible sections", v.details > 0, "none");
      check(label + " no console error or exception", errors.length === 0, errors.slice(0, 3).join(" | "));
      if (shots) {
        const shot = await Page.captureScreenshot({ format: "png", clip: { x: 0, y: 0, width: 1200, height: 2400, scale: 1 }, captureBeyondViewport: true });
        fs.writeFileSync(path.join(shots, label.replace(/^(\.\.\/)+/, "").replace(/\//g, "_") + ".png"), Buffer.from(shot.data, "base64"));
      }
    }
  } finally {
    if (client) await client.close().catch(() => {});
    await stopChromium(chrome);
  }
  process.exit(failures ? 1 : 0);
}

main().catch((e) => { console.log("FAIL browser test: " + e.message); process.exit(1); });
