// The analysis board: any position (the editor, or a FEN), moves played on it kept as a
// tree of variations, the engine's lines live as it deepens (server-sent events) with its
// best move as an arrow. Squares by mouse or keyboard (arrow keys, Enter). No framework.
(function () {
  "use strict";
  const SVGNS = "http://www.w3.org/2000/svg";
  const data = JSON.parse(document.getElementById("page-data").textContent);
  const $ = (id) => document.getElementById(id);
  const boardEl = $("board");
  const T = (key, params) => {
    let s = data.texts[key] || key;
    for (const [k, v] of Object.entries(params || {})) s = s.split("{" + k + "}").join(v);
    return s;
  };
  // The rules library's messages in the page's language (shashki.messages), as board.js.
  const patterns = (data.details || []).map(([re, template]) => [new RegExp(re), template]);
  function detailPart(part, depth) {
    for (const [re, template] of patterns) {
      const m = re.exec(part);
      if (!m) continue;
      const groups = m.groups || {};
      return template.replace(/\{(\w+)\}/g, (_, name) =>
        depth > 3 ? groups[name] : detailPart(groups[name] || "", depth + 1));
    }
    return part;
  }
  function detail(text) {
    const whole = detailPart(text, 0);
    return whole !== text ? whole : text.split("; ").map((p) => detailPart(p, 0)).join("; ");
  }
  const show = (el, on) => el && el.classList.toggle("hidden", !on);
  const message = (t) => { $("message").textContent = t || ""; show($("message"), !!t); };
  const hint = (t) => { $("hint").textContent = t || ""; show($("hint"), !!t); };
  const say = (t) => { const a = $("announce"); a.textContent = ""; a.textContent = t; };

  let variant = data.variant;
  let root = { move: null, children: [], parent: null, fen: data.start };
  let node = root;
  let pos = null;            // the shown position, from the server
  let geometry = new Map();
  let selected = [];
  let cursor = null;
  let flipped = false;
  let editing = false;
  let editPieces = new Map();
  let source = null;         // the EventSource of the engine's lines
  let retried = false;

  function path(n) { const out = []; while (n.parent) { out.unshift(n.move); n = n.parent; } return out; }
  function child(n, move) {
    let c = n.children.find((x) => x.move === move);
    if (!c) { c = { move, children: [], parent: n }; n.children.push(c); }
    return c;
  }
  for (const m of data.moves) node = child(node, m);

  async function fetchPosition(fen, moves) {
    const q = new URLSearchParams({ variant, fen, moves: moves.join(" ") });
    if (flipped) q.set("flipped", "true");
    const r = await fetch("/api/analysis/position?" + q.toString());
    const body = await r.json();
    if (!r.ok) throw new Error(body.message ? detail(body.message) : r.statusText);
    return body;
  }

  async function go(n) {
    node = n;
    selected = [];
    try {
      pos = await fetchPosition(root.fen, path(n));
    } catch (e) { message(e.message); return; }
    if (node !== n) return;
    draw();
    renderTree();
    $("fen-input").value = pos.fen;
    $("explorer-link").href = `/archive/explorer?variant=${variant}&fen=${encodeURIComponent(pos.fen)}`;
    const q = new URLSearchParams(location.search);
    q.set("variant", variant); q.set("fen", root.fen); q.set("moves", path(n).join(" "));
    history.replaceState(null, "", "/analysis?" + q.toString());
    startLines();
  }

  // --- the board --------------------------------------------------------------------------

  const squares = window.shashkiSquares;  // core/static/squares.js
  function name(sq) { return squares.name(pos && pos.names, sq); }
  function piecesOf(fen) { return squares.piecesOf(fen, pos && pos.names); }

  function draw() {
    boardEl.innerHTML = pos.svg;
    const svg = boardEl.querySelector("svg");
    svg.setAttribute("aria-hidden", "true");
    geometry = new Map();
    for (const r of svg.querySelectorAll("rect.square.dark")) {
      const m = /\bsq(\d+)\b/.exec(r.getAttribute("class"));
      if (m) geometry.set(Number(m[1]), { x: +r.getAttribute("x"), y: +r.getAttribute("y"),
        w: +r.getAttribute("width"), h: +r.getAttribute("height") });
    }
    for (const cls of ["arrows", "marks"]) {
      const g = document.createElementNS(SVGNS, "g");
      g.setAttribute("class", cls);
      svg.appendChild(g);
    }
    const hits = document.createElementNS(SVGNS, "g");
    hits.setAttribute("class", "hits");
    for (const [sq, r] of geometry) {
      const h = document.createElementNS(SVGNS, "rect");
      for (const [k, v] of Object.entries({ x: r.x, y: r.y, width: r.w, height: r.h })) h.setAttribute(k, v);
      h.setAttribute("class", "hit"); h.setAttribute("fill", "transparent");
      h.dataset.sq = String(sq);
      hits.appendChild(h);
    }
    svg.appendChild(hits);
    const keys = $("board-keys");
    const hadFocus = keys.contains(document.activeElement);
    keys.replaceChildren();
    const vb = svg.viewBox.baseVal;
    const pieces = piecesOf(pos.fen);
    if (cursor === null || !geometry.has(cursor)) cursor = pos.legal.length ? pos.legal[0].path[0] : [...geometry.keys()][0];
    for (const [sq, r] of geometry) {
      const b = document.createElement("button");
      b.type = "button"; b.className = "key"; b.dataset.sq = String(sq);
      b.tabIndex = sq === cursor ? 0 : -1;
      const p = pieces.get(sq);
      b.setAttribute("aria-label", name(sq) + ", " + (p ? T("words.piece." + p) : T("words.empty")));
      b.style.left = (100 * r.x / vb.width) + "%"; b.style.top = (100 * r.y / vb.height) + "%";
      b.style.width = (100 * r.w / vb.width) + "%"; b.style.height = (100 * r.h / vb.height) + "%";
      keys.appendChild(b);
    }
    if (hadFocus) focusSquare(cursor);
    $("board-wrap").setAttribute("aria-label", pos.words);
    marks();
  }

  function marks() {
    const g = boardEl.querySelector("g.marks");
    if (!g) return;
    g.replaceChildren();
    const next = new Set();
    for (const m of pos.legal) {
      if (selected.every((s, i) => m.path[i] === s) && m.path.length > selected.length) {
        next.add(m.path[selected.length]);
      }
    }
    const add = (sq, cls) => {
      const r = geometry.get(sq);
      if (!r) return;
      const e = document.createElementNS(SVGNS, "rect");
      e.setAttribute("x", r.x + 2); e.setAttribute("y", r.y + 2);
      e.setAttribute("width", r.w - 4); e.setAttribute("height", r.h - 4);
      e.setAttribute("class", "mark " + cls + " sq" + sq);
      g.appendChild(e);
    };
    if (editing) return;
    selected.forEach((sq, i) => add(sq, i ? "via" : "selected"));
    for (const sq of next) add(sq, selected.length ? "target" : "movable");
  }

  function arrows(lines) {
    const g = boardEl.querySelector("g.arrows");
    if (!g) return;
    g.replaceChildren();
    lines.slice(0, 2).forEach((line, i) => {
      const pts = line.path.map((s) => geometry.get(s)).filter(Boolean)
        .map((r) => [r.x + r.w / 2, r.y + r.h / 2]);
      if (pts.length < 2) return;
      const a = document.createElementNS(SVGNS, "g");
      a.setAttribute("class", "engine-arrow " + (i ? "second" : "best"));
      a.dataset.squares = line.path.join(" ");
      const pl = document.createElementNS(SVGNS, "polyline");
      pl.setAttribute("points", pts.map((p) => p.join(",")).join(" "));
      pl.setAttribute("fill", "none");
      a.appendChild(pl);
      const [x1, y1] = pts[pts.length - 2], [x2, y2] = pts[pts.length - 1];
      const ang = Math.atan2(y2 - y1, x2 - x1), L = 16;
      const head = document.createElementNS(SVGNS, "polygon");
      const p1 = [x2 - L * Math.cos(ang - 0.45), y2 - L * Math.sin(ang - 0.45)];
      const p2 = [x2 - L * Math.cos(ang + 0.45), y2 - L * Math.sin(ang + 0.45)];
      head.setAttribute("points", [[x2, y2], p1, p2].map((p) => p.join(",")).join(" "));
      a.appendChild(head);
      g.appendChild(a);
    });
  }

  function click(sq) {
    if (editing) return edit(sq);
    const legal = pos.legal;
    const tried = selected.concat([sq]);
    const prefixed = legal.filter((m) => tried.every((s, i) => m.path[i] === s));
    if (prefixed.length) {
      const whole = prefixed.filter((m) => m.path.length === tried.length);
      if (whole.length && whole.length === prefixed.length) return play(whole[0].text);
      selected = tried;
      say(T("words.selected", { square: name(sq) }));
      if (tried.length > 1) hint(T("game.select_hint"));
      return marks();
    }
    if (selected.length) {
      const byEnd = legal.filter((m) => m.path[0] === selected[0] && m.path[m.path.length - 1] === sq);
      if (byEnd.length === 1) return play(byEnd[0].text);
      if (byEnd.length > 1) return hint(T("game.ambiguous"));
    }
    selected = legal.some((m) => m.path[0] === sq) ? [sq] : [];
    marks();
  }

  function play(text) {
    selected = [];
    message(""); hint("");
    if (data.retry && !retried && node === root) {
      retried = true;
      const r = data.retry;
      $("retry-note").textContent = text === r.best ? T("analysis.retry_found", { move: text })
        : text === r.played ? T("analysis.retry_same", { move: text, best: r.best })
          : T("analysis.retry_other", { move: text, best: r.best });
    }
    go(child(node, text));
  }

  boardEl.addEventListener("click", (ev) => {
    const t = ev.target.closest && ev.target.closest("[data-sq]");
    if (t && pos) click(Number(t.dataset.sq));
  });
  $("board-keys").addEventListener("click", (ev) => {
    const b = ev.target.closest("button.key");
    if (!b) return;
    cursor = Number(b.dataset.sq);
    click(cursor);
  });
  function focusSquare(sq) {
    cursor = sq;
    for (const k of document.querySelectorAll("#board-keys button.key")) {
      k.tabIndex = Number(k.dataset.sq) === sq ? 0 : -1;
      if (k.tabIndex === 0) k.focus();
    }
  }
  $("board-keys").addEventListener("keydown", (ev) => {
    const b = ev.target.closest("button.key");
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
    if (!b || !d) return;
    ev.preventDefault(); ev.stopPropagation();
    const r = geometry.get(Number(b.dataset.sq));
    let best = null, bestD = Infinity;
    for (const [s, q] of geometry) {
      const dx = q.x - r.x, dy = q.y - r.y;
      if (d[1] === 0 && (Math.abs(dy) > 1 || Math.sign(dx) !== d[0])) continue;
      if (d[1] !== 0 && (Math.sign(dy) !== d[1] || Math.abs(Math.abs(dy) - r.h) > 1)) continue;
      const dist = Math.abs(dx) + (dx < 0 ? 0.1 : 0);
      if (dist < bestD) { bestD = dist; best = s; }
    }
    if (best !== null) focusSquare(best);
  });

  // --- the engine's lines ------------------------------------------------------------------

  function score(line) {
    if (line.mate !== null && line.mate !== undefined) return "#" + line.mate;
    return (line.score >= 0 ? "+" : "") + (line.score / 100).toFixed(2);
  }

  function startLines() {
    if (source) source.close();
    const ol = $("engine-lines");
    ol.replaceChildren();
    if (pos.over) { $("engine-status").textContent = T("analysis.lines_none"); return; }
    $("engine-status").textContent = T("analysis.thinking");
    const q = new URLSearchParams({ variant, fen: pos.fen, lines: String(data.lines) });
    const es = new EventSource("/api/analysis/lines?" + q.toString());
    source = es;
    es.onmessage = (ev) => {
      if (source !== es) return;
      const step = JSON.parse(ev.data);
      ol.replaceChildren();
      for (const line of step.lines) {
        const li = document.createElement("li");
        li.className = "engine-line";
        const s = document.createElement("strong");
        s.className = "score"; s.textContent = score(line);
        const mv = document.createElement("button");
        mv.type = "button"; mv.className = "line-moves";
        mv.textContent = line.moves.join(" ");
        mv.dataset.move = line.moves[0];
        li.append(s, " ", mv);
        ol.appendChild(li);
      }
      $("engine-status").textContent = T("analysis.depth", { depth: step.depth });
      arrows(step.lines);
    };
    es.addEventListener("done", (ev) => {
      const d = JSON.parse(ev.data);
      $("engine-status").textContent = T("analysis.done_at", { depth: d.depth });
      es.close();
    });
    es.onerror = () => { es.close(); };
  }
  $("engine-lines").addEventListener("click", (ev) => {
    const b = ev.target.closest("button.line-moves");
    if (b) play(b.dataset.move);
  });

  // --- the tree of variations --------------------------------------------------------------

  function renderTree() {
    const el = $("tree");
    el.replaceChildren();
    const startB = document.createElement("button");
    startB.type = "button"; startB.className = "mv" + (node === root ? " current" : "");
    startB.textContent = T("analysis.start_node");
    startB.addEventListener("click", () => go(root));
    el.appendChild(startB);
    el.appendChild(line(root, 0));
  }
  function line(from, ply) {
    // The first child continues the line; the others are variations, nested.
    const wrap = document.createElement("span");
    let n = from, p = ply;
    while (n.children.length) {
      const [main, ...others] = n.children;
      wrap.appendChild(moveButton(main, p + 1));
      for (const v of others) {
        const ul = document.createElement("span");
        ul.className = "variation";
        ul.append("(", moveButton(v, p + 1), line(v, p + 1), ")");
        wrap.appendChild(ul);
      }
      n = main; p++;
    }
    return wrap;
  }
  function moveButton(n, ply) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "mv" + (n === node ? " current" : "");
    if (n === node) b.setAttribute("aria-current", "step");
    b.textContent = (ply % 2 === 1 ? Math.ceil(ply / 2) + ". " : "") + n.move;
    b.addEventListener("click", () => go(n));
    return b;
  }

  document.addEventListener("keydown", (ev) => {
    const tag = (ev.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea" || ev.altKey || ev.ctrlKey) return;
    if (ev.target.closest && ev.target.closest("#board-keys")) return;
    if (ev.key === "ArrowLeft" && node.parent) { ev.preventDefault(); go(node.parent); }
    else if (ev.key === "ArrowRight" && node.children.length) { ev.preventDefault(); go(node.children[0]); }
    else if (ev.key === "Home") { ev.preventDefault(); go(root); }
    else if (ev.key === "End") { ev.preventDefault(); let n = node; while (n.children.length) n = n.children[0]; go(n); }
  });
  $("back-button").addEventListener("click", () => node.parent && go(node.parent));
  $("forward-button").addEventListener("click", () => node.children.length && go(node.children[0]));

  // --- typed moves, FEN in and out, the editor, flip ----------------------------------------

  $("move-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const text = $("move-input").value.trim();
    if (!text) return;
    const exact = pos.legal.find((m) => m.text === text);
    if (exact) { $("move-input").value = ""; return play(exact.text); }
    try {  // the server's parser reads it (e.g. "22-18" on 8x8) or says why not
      const after = await fetchPosition(pos.fen, [text]);
      const m = after.last && pos.legal.find((x) => x.path.join() === after.last.join());
      $("move-input").value = "";
      if (m) play(m.text);
    } catch (e) { message(e.message); }
  });
  $("fen-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    variant = $("variant-select").value;
    const fen = $("fen-input").value.trim();
    try {
      const p = await fetchPosition(fen, []);
      root = { move: null, children: [], parent: null, fen: p.fen };
      message("");
      go(root);
    } catch (e) { message(e.message); }
  });
  $("variant-select").addEventListener("change", () => { $("fen-input").value = ""; $("fen-form").requestSubmit(); });
  $("flip-toggle").addEventListener("click", (ev) => {
    flipped = !flipped;
    ev.currentTarget.setAttribute("aria-pressed", String(flipped));
    go(node);
  });

  function fenOf(pieces, turn) {
    const side = (c) => [...pieces].filter(([, p]) => p[0] === c).sort((a, b) => a[0] - b[0])
      .map(([s, p]) => (p[1] === "k" ? "K" : "") + s).join(",");
    return `${turn}:W${side("w")}:B${side("b")}`;
  }
  async function showEdited() {
    const turn = document.querySelector("#editor-turn input:checked").value;
    try {
      pos = await fetchPosition(fenOf(editPieces, turn), []);
      message("");
    } catch (e) { message(e.message); return; }
    draw();
    $("fen-input").value = pos.fen;
  }
  function edit(sq) {
    const kind = document.querySelector("#editor-piece input:checked").value;
    if (kind === "empty" || editPieces.get(sq) === kind) editPieces.delete(sq); else editPieces.set(sq, kind);
    showEdited();
  }
  $("editor-toggle").addEventListener("click", (ev) => {
    editing = !editing;
    ev.currentTarget.setAttribute("aria-pressed", String(editing));
    show($("editor"), editing);
    if (editing) {
      if (source) source.close();
      editPieces = piecesOf(pos.fen);
      const turn = pos.turn === "black" ? "B" : "W";
      document.querySelector(`#editor-turn input[value="${turn}"]`).checked = true;
      say(T("analysis.editor_on"));
    } else {
      say(T("analysis.editor_off"));
      go(node);
    }
    marks();
  });
  $("editor-turn").addEventListener("change", showEdited);
  $("editor-clear").addEventListener("click", () => { editPieces = new Map(); showEdited(); });
  $("editor-start").addEventListener("click", async () => {
    const p = await fetchPosition("", []);
    editPieces = piecesOf(p.fen);
    showEdited();
  });
  $("editor-done").addEventListener("click", () => {
    editing = false;
    $("editor-toggle").setAttribute("aria-pressed", "false");
    show($("editor"), false);
    root = { move: null, children: [], parent: null, fen: pos.fen };
    go(root);
  });

  go(node);
})();
