// chromium.js: starts and stops the system's headless Chromium for the browser tests
// (check_page.js, check_pages.js, check_martian.js, check_martian4.js), driven over the DevTools
// protocol, and gives them the page helpers they share.
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

// Starts Chromium headless with DevTools on 127.0.0.1 (a free port) and a fresh profile;
// resolves to { proc, port, profile }.
function startChromium(bin) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "maxtune-chromium-"));
  const args = ["--headless=new", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
    "--user-data-dir=" + profile, "--no-first-run", "--no-default-browser-check", "--disable-gpu",
    "--disable-extensions", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--disable-default-apps", "--hide-scrollbars", "--window-size=1200,900",
    "about:blank"];
  if (process.getuid && process.getuid() === 0) args.unshift("--no-sandbox");
  const proc = spawn(bin, args, { stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    let err = "";
    const timer = setTimeout(() => reject(new Error("chromium did not start: " + err.slice(-500))), 20000);
    proc.stderr.on("data", (d) => {
      err += d.toString();
      const m = err.match(/DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) { clearTimeout(timer); resolve({ proc, port: Number(m[1]), profile }); }
    });
    proc.on("exit", (code) => { clearTimeout(timer); reject(new Error("chromium exited " + code + ": " + err.slice(-500))); });
  });
}

// Stops the Chromium of startChromium and removes its profile.
async function stopChromium(chrome) {
  chrome.proc.kill("SIGKILL");
  await new Promise((r) => setTimeout(r, 200));
  fs.rmSync(chrome.profile, { recursive: true, force: true });
}

// The helpers of a DevTools client's page: evaluate(expr) resolves to the value of a JavaScript
// expression in the page (an exception in it rejects, naming the expression), key(k, code)
// presses and releases key k (its virtual key code).
function pageHelpers(client) {
  const { Runtime, Input } = client;
  const evaluate = async (expr) => {
    const r = await Runtime.evaluate({ expression: expr, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) throw new Error("evaluate: " + r.exceptionDetails.text + " in " + expr.slice(0, 80));
    return r.result.value;
  };
  const key = async (k, code) => {
    await Input.dispatchKeyEvent({ type: "keyDown", key: k, code: k, windowsVirtualKeyCode: code, nativeVirtualKeyCode: code });
    await Input.dispatchKeyEvent({ type: "keyUp", key: k, code: k, windowsVirtualKeyCode: code, nativeVirtualKeyCode: code });
  };
  return { evaluate, key };
}

module.exports = { startChromium, stopChromium, pageHelpers };
