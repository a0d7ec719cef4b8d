/* report.html's script: draws the plots (SVG) from the chart data and runs the game viewer over
 * the game data. It knows no Maxima rule: every position was computed by maxtune's rules core
 * and is only drawn here. */
(function () {
  "use strict";
  var SVGNS = "http://www.w3.org/2000/svg";
  var COLORS = ["#1f4e9c", "#c0392b", "#2e8b57", "#d4880f", "#7b3fa0", "#17a2b8", "#6d4c41",
                "#e91e63", "#556b2f", "#455a64", "#ff7f50", "#8a2be2"];

  /* Creates an SVG element with attributes. */
  function el(name, attrs, parent) {
    var e = document.createElementNS(SVGNS, name);
    for (var k in attrs) { if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, attrs[k]); }
    if (parent) parent.appendChild(e);
    return e;
  }

  /* Reads a JSON data element. */
  function data(id) {
    var e = document.getElementById(id);
    if (!e) return [];
    try { return JSON.parse(e.textContent); } catch (err) { return []; }
  }

  /* A readable number. */
  function fmt(v) {
    if (v === null || v === undefined) return "-";
    var a = Math.abs(v);
    if (a !== 0 && (a >= 1e6 || a < 1e-3)) return v.toExponential(3);
    if (Number.isInteger(v)) return String(v);
    return String(Math.round(v * 1000) / 1000);
  }

  /* Round tick values covering [lo, hi]. */
  function ticks(lo, hi, n) {
    if (!(hi > lo)) { hi = lo + 1; lo = lo - 1; }
    var raw = (hi - lo) / n, mag = Math.pow(10, Math.floor(Math.log10(raw)));
    var step = [1, 2, 5, 10].map(function (m) { return m * mag; }).filter(function (s) { return s >= raw; })[0];
    var out = [];
    for (var t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(Math.abs(t) < step * 1e-9 ? 0 : t);
    return out;
  }

  /* ---- plots ---- */

  /* Draws one plot into its figure: axes with labels, lines with bands or points with error
   * bars, a legend, values on hover and a table of the data. */
  function drawChart(fig, c) {
    var W = 760, H = 340, L = 70, R = 20, T = 46, B = 50;
    var n = c.x.length, cat = c.categories, logy = c.logy;
    var tf = function (v) { return logy ? (v > 0 ? Math.log10(v) : null) : v; };
    var ys = [];
    c.series.forEach(function (s) {
      ["y", "lo", "hi"].forEach(function (k) {
        (s[k] || []).forEach(function (v) { var t = v === null ? null : tf(v); if (t !== null && isFinite(t)) ys.push(t); });
      });
    });
    /* A reference line (50%, 1 pincer) is always in view, not only when the data reach it. */
    if (ys.length && c.yref_label && !logy) ys.push(c.yref);
    var ymin = Math.min.apply(null, ys), ymax = Math.max.apply(null, ys);
    if (!ys.length) { ymin = 0; ymax = 1; }
    if (ymin === ymax) { ymin -= 1; ymax += 1; }
    var pad = (ymax - ymin) * 0.05; ymin -= pad; ymax += pad;
    if (c.yclamp > 0) { ymin = Math.max(ymin, -c.yclamp); ymax = Math.min(ymax, c.yclamp); }
    var xs = cat ? c.x.map(function (_, i) { return i; }) : c.x;
    var xmin = cat ? -0.5 : Math.min.apply(null, xs.filter(function (v) { return v !== null; }));
    var xmax = cat ? n - 0.5 : Math.max.apply(null, xs.filter(function (v) { return v !== null; }));
    if (xmin === xmax) { xmin -= 1; xmax += 1; }
    var sx = function (v) { return L + (v - xmin) / (xmax - xmin) * (W - L - R); };
    var sy = function (v) { return T + (ymax - v) / (ymax - ymin) * (H - T - B); };
    var svg = el("svg", {viewBox: "0 0 " + W + " " + H, width: W, height: H, role: "img",
                         "aria-label": c.title, "data-csv": c.csv});
    el("text", {x: W / 2, y: 18, "text-anchor": "middle", "font-size": 15, "font-weight": 600}, svg).textContent = c.title;
    var yt = ticks(ymin, ymax, 6);
    yt.forEach(function (t) {
      if (t < ymin || t > ymax) return;
      el("line", {x1: L, x2: W - R, y1: sy(t), y2: sy(t), stroke: "#e6e9ee"}, svg);
      el("text", {x: L - 6, y: sy(t) + 4, "text-anchor": "end", "font-size": 11}, svg).textContent = logy ? (Number.isInteger(t) && Math.abs(t) > 2 ? "1e" + t : fmt(Math.pow(10, t))) : fmt(t);
    });
    if (c.yref_label && !logy && c.yref > ymin && c.yref < ymax) {
      el("line", {x1: L, x2: W - R, y1: sy(c.yref), y2: sy(c.yref), stroke: "#888", "stroke-dasharray": "6 4", "class": "yref"}, svg);
      el("text", {x: W - R - 4, y: sy(c.yref) - 4, "text-anchor": "end", "font-size": 11, fill: "#666"}, svg).textContent = c.yref_label;
    }
    if (!logy && ymin < 0 && ymax > 0) el("line", {x1: L, x2: W - R, y1: sy(0), y2: sy(0), stroke: "#888", "stroke-dasharray": "4 3"}, svg);
    if (cat) {
      c.x.forEach(function (name, i) {
        el("text", {x: sx(i), y: H - B + 16, "text-anchor": "middle", "font-size": 11}, svg).textContent = name;
      });
    } else {
      ticks(xmin, xmax, 8).forEach(function (t) {
        if (t < xmin || t > xmax) return;
        el("line", {x1: sx(t), x2: sx(t), y1: H - B, y2: H - B + 4, stroke: "#333"}, svg);
        el("text", {x: sx(t), y: H - B + 16, "text-anchor": "middle", "font-size": 11}, svg).textContent = fmt(t);
      });
    }
    el("line", {x1: L, x2: W - R, y1: H - B, y2: H - B, stroke: "#333"}, svg);
    el("line", {x1: L, x2: L, y1: T, y2: H - B, stroke: "#333"}, svg);
    el("text", {x: (L + W - R) / 2, y: H - 10, "text-anchor": "middle", "font-size": 12, "class": "xlabel"}, svg).textContent = c.xlabel;
    el("text", {x: 16, y: (T + H - B) / 2, "text-anchor": "middle", "font-size": 12, "class": "ylabel",
                transform: "rotate(-90 16 " + (T + H - B) / 2 + ")"}, svg).textContent = c.ylabel + (logy ? " (log scale)" : "");
    var ns = c.series.length;
    c.series.forEach(function (s, k) {
      var col = COLORS[k % COLORS.length];
      var lx = L + 10 + k * ((W - L - R) / Math.max(ns, 1)), ly = 34;
      el("rect", {x: lx, y: ly - 8, width: 12, height: 8, fill: col}, svg);
      el("text", {x: lx + 16, y: ly, "font-size": 11}, svg).textContent = s.name;
      if (cat) {
        var off = ns > 1 ? (k - (ns - 1) / 2) * (0.6 / ns) : 0;
        s.y.forEach(function (v, i) {
          var ty = v === null ? null : tf(v);
          if (ty === null || !isFinite(ty)) return;
          var px = sx(i + off);
          if (s.lo && s.hi && s.lo[i] !== null && s.hi[i] !== null) {
            var a = Math.max(tf(s.lo[i]), ymin), b = Math.min(tf(s.hi[i]), ymax);
            el("line", {x1: px, x2: px, y1: sy(a), y2: sy(b), stroke: col, "stroke-width": 2}, svg);
            el("line", {x1: px - 4, x2: px + 4, y1: sy(a), y2: sy(a), stroke: col}, svg);
            el("line", {x1: px - 4, x2: px + 4, y1: sy(b), y2: sy(b), stroke: col}, svg);
            el("circle", {cx: px, cy: sy(ty), r: 4, fill: col}, svg);
          } else {
            el("circle", {cx: px, cy: sy(ty), r: 4.5, fill: "#fff", stroke: col, "stroke-width": 2}, svg);
          }
        });
      } else {
        if (s.lo && s.hi) {
          var top = [], bot = [];
          xs.forEach(function (x, i) {
            var a = s.lo[i] === null ? null : tf(s.lo[i]), b = s.hi[i] === null ? null : tf(s.hi[i]);
            if (x === null || a === null || b === null) return;
            top.push(sx(x).toFixed(1) + "," + sy(Math.min(b, ymax)).toFixed(1));
            bot.unshift(sx(x).toFixed(1) + "," + sy(Math.max(a, ymin)).toFixed(1));
          });
          if (top.length) el("polygon", {points: top.concat(bot).join(" "), fill: col, "fill-opacity": 0.15, stroke: "none"}, svg);
        }
        var d = "", pen = false;
        xs.forEach(function (x, i) {
          var v = s.y[i] === null ? null : tf(s.y[i]);
          if (x === null || v === null || !isFinite(v)) { pen = false; return; }
          d += (pen ? "L" : "M") + sx(x).toFixed(1) + "," + sy(Math.max(ymin, Math.min(ymax, v))).toFixed(1);
          pen = true;
        });
        el("path", {d: d, fill: "none", stroke: col, "stroke-width": 1.8}, svg);
      }
    });
    fig.appendChild(svg);
    var cap = document.createElement("figcaption");
    cap.textContent = (c.rows > c.shown ? c.shown + " of " + c.rows + " rows of " : "From ") + c.csv +
      (c.rows > c.shown ? " (evenly spaced, first and last kept)" : "") + (c.png ? "; the PNG drawn by gnuplot: " : "; no PNG (gnuplot did not draw one)");
    if (c.png) { var a = document.createElement("a"); a.href = c.png; a.textContent = c.png; cap.appendChild(a); }
    fig.appendChild(cap);
    /* Values on hover: the nearest point's x and every series there. */
    var tip = document.createElement("div"); tip.className = "chart-tip"; fig.appendChild(tip);
    var guide = el("line", {x1: 0, x2: 0, y1: T, y2: H - B, stroke: "#999", "stroke-dasharray": "3 3", visibility: "hidden"}, svg);
    var hit = el("rect", {x: L, y: T, width: W - L - R, height: H - T - B, fill: "transparent"}, svg);
    hit.addEventListener("mousemove", function (ev) {
      var box = svg.getBoundingClientRect(), scale = W / box.width;
      var px = (ev.clientX - box.left) * scale, best = 0, bd = Infinity;
      xs.forEach(function (x, i) { if (x !== null && Math.abs(sx(x) - px) < bd) { bd = Math.abs(sx(x) - px); best = i; } });
      guide.setAttribute("x1", sx(xs[best])); guide.setAttribute("x2", sx(xs[best]));
      guide.setAttribute("visibility", "visible");
      var lines = [(cat ? "" : c.xlabel + " ") + (cat ? c.x[best] : fmt(c.x[best]))];
      c.series.forEach(function (s) {
        var t = s.name + ": " + fmt(s.y[best]);
        if (s.lo && s.hi) t += " [" + fmt(s.lo[best]) + ", " + fmt(s.hi[best]) + "]";
        lines.push(t);
      });
      tip.textContent = "";
      lines.forEach(function (t, i) { if (i) tip.appendChild(document.createElement("br")); tip.appendChild(document.createTextNode(t)); });
      tip.style.display = "block";
      var fx = (ev.clientX - fig.getBoundingClientRect().left) + 14;
      tip.style.left = Math.min(fx, fig.clientWidth - 200) + "px";
      tip.style.top = ((ev.clientY - fig.getBoundingClientRect().top) + 10) + "px";
    });
    hit.addEventListener("mouseleave", function () { tip.style.display = "none"; guide.setAttribute("visibility", "hidden"); });
    /* The same numbers as a table. */
    var det = document.createElement("details"), sum = document.createElement("summary");
    sum.textContent = "Data table";
    det.appendChild(sum);
    det.addEventListener("toggle", function () {
      if (!det.open || det.querySelector("table")) return;
      var tb = document.createElement("table"), hr = document.createElement("tr");
      var heads = [cat ? "" : c.xlabel];
      c.series.forEach(function (s) { heads.push(s.name); if (s.lo && s.hi) heads.push("low", "high"); });
      heads.forEach(function (h) { var th = document.createElement("th"); th.textContent = h; hr.appendChild(th); });
      tb.appendChild(hr);
      c.x.forEach(function (x, i) {
        var tr = document.createElement("tr"), cells = [cat ? x : fmt(x)];
        c.series.forEach(function (s) { cells.push(fmt(s.y[i])); if (s.lo && s.hi) cells.push(fmt(s.lo[i]), fmt(s.hi[i])); });
        cells.forEach(function (v) { var td = document.createElement("td"); td.textContent = v; td.className = "num"; tr.appendChild(td); });
        tb.appendChild(tr);
      });
      det.appendChild(tb);
    });
    fig.appendChild(det);
  }

  var charts = data("chart-data");
  document.querySelectorAll("figure.chart").forEach(function (fig) {
    var id = Number(fig.getAttribute("data-chart"));
    charts.forEach(function (c) { if (c.id === id) drawChart(fig, c); });
  });

  /* ---- the game viewer ---- */

  var sets = data("game-data");
  if (!document.getElementById("board") || !sets.length) return;
  var FILES = "abcdefgh", S = 44, M = 22;
  var NAMES = {p: "pincer", r: "coordinator", n: "long leaper", b: "chameleon", q: "withdrawer",
               m: "immobilizer", g: "mage", d: "guard", k: "king"};
  var ORDER = "prnbqmgdk";
  /* Martian Chess (a zoned game: its JSON has "zones"): colourless pyramids of three sizes, the
   * halves tinted by their owner. */
  var PYRAMIDS = {P: {name: "pawn", h: 14}, D: {name: "drone", h: 22}, Q: {name: "queen", h: 30}};
  var ZONE_TINTS = [["#e3edf7", "#c6d7ea"], ["#f7e6e3", "#eac9c3"], ["#e6f2e3", "#c9e2c3"], ["#f5efd9", "#e8dcb0"]];
  var cur = null, ply = 0, boards = [];

  /* The name of square index sq (rank * 8 + file). */
  function sqName(sq) { return FILES[sq % 8] + Math.floor(sq / 8); }

  /* The boards after each ply: the game's cells with each ply's changes applied. */
  function buildBoards(g) {
    var b = g.board.split(""), out = [g.board];
    g.plies.forEach(function (p) {
      var d = p[4];
      for (var i = 0; i + 2 < d.length; i += 3) b[Number(d.substr(i, 2))] = d[i + 2];
      out.push(b.join(""));
    });
    return out;
  }

  /* Draws a zoned game's piece on a square's centre: a pyramid as tall as its pips, its letter
   * in the square's corner; no colour (its owner is the half it stands in). */
  function drawPyramid(parent, cx, cy, ch, sq) {
    var g = el("g", {"class": "piece pyramid"}, parent), h = PYRAMIDS[ch] ? PYRAMIDS[ch].h : 20;
    if (sq !== undefined) { g.setAttribute("data-sq", sq); g.setAttribute("data-piece", ch); }
    var base = cy + 12, w = h * 0.8;
    el("polygon", {points: (cx - w / 2) + "," + base + " " + (cx + w / 2) + "," + base + " " + cx + "," + (base - h),
                   fill: "#f4f1ea", stroke: "#333", "stroke-width": 1.5, "stroke-linejoin": "round"}, g);
    el("line", {x1: cx, y1: base - h, x2: cx + w / 6, y2: base, stroke: "#999", "stroke-width": 1}, g);
    var txt = el("text", {x: cx + S / 2 - 7, y: cy + S / 2 - 4, "text-anchor": "middle", "font-size": 10, "font-weight": 700,
                          "font-family": "Liberation Sans, Arial, sans-serif", fill: "#111"}, g);
    txt.textContent = ch;
    return g;
  }

  /* Draws a piece (a disc with its letter; the King with a second ring) on a square's centre. */
  function drawPiece(parent, cx, cy, ch, sq) {
    var white = ch === ch.toUpperCase(), t = ch.toLowerCase();
    var g = el("g", {"class": "piece"}, parent);
    if (sq !== undefined) { g.setAttribute("data-sq", sq); g.setAttribute("data-piece", ch); }
    el("circle", {cx: cx, cy: cy, r: 17, fill: white ? "#fdfdfd" : "#2b2b2b", stroke: white ? "#222" : "#000", "stroke-width": 1.5}, g);
    if (t === "k") el("circle", {cx: cx, cy: cy, r: 13.5, fill: "none", stroke: white ? "#222" : "#ddd", "stroke-width": 1.2}, g);
    if (t === "g") el("circle", {cx: cx, cy: cy, r: 13.5, fill: "none", stroke: white ? "#7b3fa0" : "#c9a0ff", "stroke-width": 1.2, "stroke-dasharray": "3 2"}, g);
    var txt = el("text", {x: cx, y: cy + 5.5, "text-anchor": "middle", "font-size": 16, "font-weight": 700,
                          "font-family": "Liberation Sans, Arial, sans-serif", fill: white ? "#111" : "#fff"}, g);
    txt.textContent = t.toUpperCase();
    return g;
  }

  /* The grid ranks and files that hold squares of the game (Maxima ranks 0..10 with its
   * palaces, Ultima 1..8, Martian Chess 1..8 of files a..d): the rows and columns of the
   * 88-cell board string that are not all holes. */
  function rankSpan(cells) {
    var lo = 10, hi = 0, files = 0;
    for (var sq = 0; sq < 88; sq++)
      if (cells[sq] !== "x") {
        var r = Math.floor(sq / 8);
        lo = Math.min(lo, r); hi = Math.max(hi, r); files = Math.max(files, sq % 8 + 1);
      }
    return {lo: lo, hi: hi, files: files};
  }

  /* The canals of a zoned game (JSON "zones": each cell's owner): a line on every edge
   * between two squares of different owners (Martian Chess: between ranks 4 and 5). */
  function drawCanals(svg, zones, span) {
    var g = el("g", {"class": "canal"}, svg);
    for (var sq = span.lo * 8; sq < (span.hi + 1) * 8; sq++) {
      if (zones[sq] === "x") continue;
      var f = sq % 8, r = Math.floor(sq / 8), x = M + f * S, y = (span.hi - r) * S;
      if (r < span.hi && zones[sq + 8] !== "x" && zones[sq + 8] !== zones[sq])
        el("line", {x1: x, y1: y, x2: x + S, y2: y, stroke: "#1565c0", "stroke-width": 5, "data-canal": "rank"}, g);
      if (f + 1 < span.files && zones[sq + 1] !== "x" && zones[sq + 1] !== zones[sq])
        el("line", {x1: x + S, y1: y, x2: x + S, y2: y + S, stroke: "#1565c0", "stroke-width": 5, "data-canal": "file"}, g);
    }
  }

  /* A zoned game's scores and clock after ply k (from the ply's or the game's JSON). */
  function zonedState(k) {
    var a = k ? cur.plies[k - 1].slice(6, 9) : cur.score;
    return {score: [a[0], a[1]], clock: a[2]};
  }

  /* The number of players of game g: the owners of a zoned game's cells (2 or 4), else 2. */
  function playerCount(g) {
    return g.zones && /3/.test(g.zones) ? 4 : 2;
  }

  /* The text of who is to move at ply k: the colour, the team (two-player Martian Chess) or the
   * player and his team (four players: the turn passes player 1, 2, 3, 4, the teams alternate). */
  function toMove(k, side) {
    if (!cur.zones) return side ? "Black" : "White";
    if (playerCount(cur) === 2) return cur.teams[side];
    var player = (cur.side + k) % 4;
    return "Player " + (player + 1) + " (" + cur.teams[player % 2] + ")";
  }

  /* Draws the board at the current ply: squares, holes, palaces, marks, pieces. Only the ranks
   * of the game are drawn; a rank with holes and squares is a palace row. */
  function drawBoard() {
    var host = document.getElementById("board");
    var cells = boards[ply], p = ply ? cur.plies[ply - 1] : null;
    var side = p ? (p[5] >> 1) & 1 : cur.side, check = p ? p[5] & 1 : cur.check;
    var span = rankSpan(cells), rows = span.hi - span.lo + 1, zones = cur.zones, files = span.files;
    var svg = el("svg", {id: "board-svg", viewBox: "0 0 " + (files * S + M + 4) + " " + (rows * S + M + 4),
                         width: files * S + M + 4, height: rows * S + M + 4, role: "img",
                         "aria-label": "board", "data-ply": ply, "data-game": cur.n,
                         "data-side": side ? "black" : "white", "data-check": check ? "1" : "0"});
    var defs = el("defs", {}, svg), pat = el("pattern", {id: "hole", width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)"}, defs);
    el("rect", {width: 6, height: 6, fill: "#b9bdc4"}, pat);
    el("line", {x1: 0, y1: 0, x2: 0, y2: 6, stroke: "#8d939c", "stroke-width": 3}, pat);
    var caps = p ? p[3] : [];
    for (var sq = span.lo * 8; sq < (span.hi + 1) * 8; sq++) {
      var f = sq % 8, r = Math.floor(sq / 8), x = M + f * S, y = (span.hi - r) * S;
      var hole = cells[sq] === "x", palace = !hole && !zones && cells.substr(r * 8, 8).indexOf("x") >= 0;
      var fill = hole ? "url(#hole)" : palace ? ((f + r) % 2 ? "#f3d98b" : "#e6c66a") : ((f + r) % 2 ? "#eeeed2" : "#9fb98a");
      if (zones && !hole) fill = ZONE_TINTS[Number(zones[sq]) % 4][(f + r) % 2 ? 0 : 1];
      if (hole && zones) continue;
      var rect = el("rect", {x: x, y: y, width: S, height: S, fill: fill, "data-square": hole ? "" : sqName(sq),
                             "class": hole ? "hole" : palace ? "palace" : "square"}, svg);
      if (palace) rect.setAttribute("stroke", "#8a6d12");
      if (zones) rect.setAttribute("data-owner", zones[sq]);
      if (p && (sq === p[1] || sq === p[2])) el("rect", {x: x, y: y, width: S, height: S, fill: "#ffd400", "fill-opacity": 0.45, "class": "lastmove"}, svg);
    }
    if (zones) drawCanals(svg, zones, span);
    for (sq = 0; sq < 88; sq++) {
      var ch = cells[sq];
      if (ch === "x" || ch === ".") continue;
      var cx = M + (sq % 8) * S + S / 2, cy = (span.hi - Math.floor(sq / 8)) * S + S / 2;
      if (check && ch === (side ? "k" : "K")) el("circle", {cx: cx, cy: cy, r: 21, fill: "#e53935", "fill-opacity": 0.55, "class": "incheck"}, svg);
      (zones ? drawPyramid : drawPiece)(svg, cx, cy, ch, sqName(sq));
    }
    caps.forEach(function (c) {
      var cx = M + (c % 8) * S + S / 2, cy = (span.hi - Math.floor(c / 8)) * S + S / 2;
      var g = el("g", {"class": "captured", "data-captured": sqName(c)}, svg);
      el("rect", {x: cx - S / 2 + 1.5, y: cy - S / 2 + 1.5, width: S - 3, height: S - 3, fill: "none", stroke: "#d32f2f", "stroke-width": 3}, g);
      if (cells[c] === ".") {
        el("line", {x1: cx - 11, y1: cy - 11, x2: cx + 11, y2: cy + 11, stroke: "#d32f2f", "stroke-width": 3.5}, g);
        el("line", {x1: cx - 11, y1: cy + 11, x2: cx + 11, y2: cy - 11, stroke: "#d32f2f", "stroke-width": 3.5}, g);
      } else {
        var kx = cx + S / 2 - 9, ky = cy - S / 2 + 9;
        el("circle", {cx: kx, cy: ky, r: 7, fill: "#d32f2f"}, g);
        el("line", {x1: kx - 3.5, y1: ky - 3.5, x2: kx + 3.5, y2: ky + 3.5, stroke: "#fff", "stroke-width": 2}, g);
        el("line", {x1: kx - 3.5, y1: ky + 3.5, x2: kx + 3.5, y2: ky - 3.5, stroke: "#fff", "stroke-width": 2}, g);
      }
    });
    for (var rr = span.lo; rr <= span.hi; rr++) el("text", {x: M / 2, y: (span.hi - rr) * S + S / 2 + 4, "text-anchor": "middle", "font-size": 11}, svg).textContent = rr;
    for (var ff = 0; ff < files; ff++) el("text", {x: M + ff * S + S / 2, y: rows * S + 14, "text-anchor": "middle", "font-size": 11}, svg).textContent = FILES[ff];
    host.textContent = "";
    host.appendChild(svg);
    var n = cur.plies.length;
    document.getElementById("ply-label").textContent = "ply " + ply + " / " + n;
    var st = document.getElementById("position-status");
    st.textContent = toMove(ply, side) + " to move";
    if (check) { var s = document.createElement("span"); s.className = "check"; s.textContent = ", in check"; st.appendChild(s); }
    if (p) st.appendChild(document.createTextNode(" (last move " + p[0] + (caps.length ? ", " + caps.length + " captured" : "") + ")"));
    if (zones) {
      var zs = zonedState(ply), sc = document.createElement("div");
      sc.id = "zoned-state";
      sc.setAttribute("data-score", zs.score.join("-"));
      sc.setAttribute("data-clock", zs.clock);
      sc.textContent = "Score: " + cur.teams[0] + " " + zs.score[0] + ", " + cur.teams[1] + " " + zs.score[1] +
        (zs.clock < 0 ? "; clock not called" : "; clock called: " + zs.clock + " more move" + (zs.clock === 1 ? "" : "s") + " without a capture");
      st.appendChild(sc);
    }
    var end = document.getElementById("game-end");
    end.textContent = ply === n ? "Game over: " + cur.result + " (" + (cur.ending || "no reason given") + "; the final position is " + cur.state + ")" : "";
    document.querySelectorAll("#move-list .ply").forEach(function (li) { li.classList.toggle("current", Number(li.getAttribute("data-ply")) === ply); });
    var li = document.querySelector("#move-list .current");
    if (li && li.scrollIntoView) li.scrollIntoView({block: "nearest"});
  }

  /* Shows ply k of the current game (clamped). */
  function go(k) {
    ply = Math.max(0, Math.min(cur.plies.length, k));
    drawBoard();
  }

  /* Opens a game at its first position. */
  function open(g) {
    cur = g; boards = buildBoards(g); ply = 0;
    document.getElementById("game-head").textContent = "#" + g.n + (g.round ? " (round " + g.round + ")" : "") + ": " +
      g.white + " (" + (g.teams ? g.teams[0] : "White") + ") against " + g.black + " (" + (g.teams ? g.teams[1] : "Black") + "), " + g.result + ", " + g.plies.length + " plies";
    /* The moves in rounds (a pair, or the four players' plies), numbered from 1 whichever side
     * moved first. */
    var ol = document.getElementById("move-list"), row = null, num = 1, side = g.side;
    var players = playerCount(g);
    ol.textContent = "";
    g.plies.forEach(function (p, i) {
      if (!row || side === 0) {
        row = document.createElement("div"); row.className = players === 4 ? "moverow round4" : "moverow";
        var nb = document.createElement("span"); nb.className = "num"; nb.textContent = num + (side ? "..." : ".");
        row.appendChild(nb); ol.appendChild(row);
      }
      var sp = document.createElement("span");
      sp.className = "ply"; sp.textContent = p[0]; sp.setAttribute("data-ply", i + 1);
      sp.addEventListener("click", function () { go(i + 1); });
      row.appendChild(sp);
      if (side === players - 1) num++;
      side = (side + 1) % players;
    });
    document.getElementById("game-missing").textContent = "";
    go(0);
  }

  var select = document.getElementById("game-select"), byKey = {};
  var notes = [];
  sets.forEach(function (set, si) {
    notes.push(set.note);
    var grp = document.createElement("optgroup");
    grp.label = set.source + " (" + set.embedded + " of " + set.total + " games)";
    set.games.forEach(function (g) {
      var o = document.createElement("option");
      o.value = si + ":" + g.n;
      o.textContent = "#" + g.n + " " + g.white + "-" + g.black + " " + g.result + ", " + g.plies.length + " plies, " + (g.ending || "?");
      grp.appendChild(o);
      byKey[o.value] = g;
    });
    select.appendChild(grp);
  });
  document.getElementById("games-note").textContent = notes.join(" ");
  select.addEventListener("change", function () { open(byKey[select.value]); });
  document.getElementById("game-go").addEventListener("click", function () {
    var n = Number(document.getElementById("game-index").value), si = Number((select.value || "0:").split(":")[0]);
    var key = si + ":" + n;
    if (byKey[key]) { select.value = key; open(byKey[key]); return; }
    var set = sets[si];
    document.getElementById("game-missing").textContent = n >= 1 && n <= set.total
      ? "Game " + n + " of " + set.source + " is not in this page (size cap); `maxtune view " + set.source + " --game " + n + "` makes a page with it."
      : "There is no game " + n + " in " + set.source + " (1 to " + set.total + ").";
  });
  document.getElementById("ply-first").addEventListener("click", function () { go(0); });
  document.getElementById("ply-prev").addEventListener("click", function () { go(ply - 1); });
  document.getElementById("ply-next").addEventListener("click", function () { go(ply + 1); });
  document.getElementById("ply-last").addEventListener("click", function () { go(cur.plies.length); });
  document.addEventListener("keydown", function (ev) {
    var t = ev.target && ev.target.tagName;
    if (t === "INPUT" || t === "SELECT" || t === "TEXTAREA") return;
    if (ev.key === "ArrowRight") go(ply + 1);
    else if (ev.key === "ArrowLeft") go(ply - 1);
    else if (ev.key === "Home") go(0);
    else if (ev.key === "End") go(cur.plies.length);
    else return;
    ev.preventDefault();
  });
  /* The legend shows the pieces and zones of the games in the page: Mage, Guard and palaces
   * only where a board has palace rows (Maxima). */
  var palaces = sets.some(function (set) {
    return set.games.some(function (g) {
      if (g.zones) return false;
      for (var r = 0; r <= 10; r++) {
        var row = g.board.substr(r * 8, 8);
        if (row.indexOf("x") >= 0 && row !== "xxxxxxxx") return true;
      }
      return false;
    });
  });
  var legend = document.getElementById("legend");
  var zoned = sets.some(function (set) { return set.games.some(function (g) { return !!g.zones; }); });
  var classic = sets.some(function (set) { return set.games.some(function (g) { return !g.zones; }); });
  if (zoned) Object.keys(PYRAMIDS).forEach(function (ch) {
    var span = document.createElement("span");
    var svg = el("svg", {width: 40, height: 40, viewBox: "0 0 40 40"}, null);
    drawPyramid(svg, 20, 20, ch);
    span.appendChild(svg);
    span.appendChild(document.createTextNode(ch + " " + PYRAMIDS[ch].name));
    legend.appendChild(span);
  });
  if (classic) ORDER.split("").filter(function (t) { return palaces || (t !== "g" && t !== "d"); }).forEach(function (t) {
    var span = document.createElement("span");
    var svg = el("svg", {width: 40, height: 40, viewBox: "0 0 40 40"}, null);
    drawPiece(svg, 20, 20, t.toUpperCase());
    span.appendChild(svg);
    span.appendChild(document.createTextNode(t.toUpperCase() + " " + NAMES[t]));
    legend.appendChild(span);
  });
  var note = document.createElement("span");
  note.className = "note";
  note.textContent = palaces
    ? "White: light discs, Black: dark discs. Hatched: no square. Gold: the palaces (d0 e0, d10 e10). Yellow: the last move; red cross: a captured piece; red ring: a King in check."
    : "White: light discs, Black: dark discs. Yellow: the last move; red cross: a captured piece; red ring: a King in check.";
  if (zoned) note.textContent = (classic ? note.textContent + " " : "") + "Martian Chess: pieces have no colour; each belongs to the owner of the half, or with four players the quadrant, it stands in (tint). Blue lines: the canals. Yellow: the last move; red cross: a captured piece. The score and the clock are under the board.";
  legend.appendChild(note);
  window.maxtuneViewer = {go: go, ply: function () { return ply; }, game: function () { return cur; }};
  if (select.options.length) { select.selectedIndex = 0; open(byKey[select.value]); }
})();
