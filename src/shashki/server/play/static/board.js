// The game page: the board from the server's SVG, moves entered by clicking squares, by
// the keyboard (arrow keys over the squares, Enter) or typed in the move box, live state
// over a WebSocket, clocks ticking from the server's readings. No framework.
(function () {
  "use strict";
  const SVGNS = "http://www.w3.org/2000/svg";
  const data = JSON.parse(document.getElementById("page-data").textContent);
  const $ = (id) => document.getElementById(id);
  const boardEl = $("board");
  const store = {
    get(k, d) { try { const v = localStorage.getItem("shashki." + k); return v === null ? d : v; } catch (e) { return d; } },
    set(k, v) { try { localStorage.setItem("shashki." + k, v); } catch (e) { /* private mode */ } },
  };

  let state = null;      // the last state from the server
  let receivedAt = 0;    // performance.now() when it arrived
  let selected = [];     // squares chosen so far: start, then landing squares
  let premove = null;    // {path} or {text}: played as soon as it is our move, if legal
  let pending = null;    // id of the action waiting for its acknowledgement
  let viewing = null;    // the ply shown when stepping through the moves (null: the live one)
  let cursor = null;     // the square that has the keyboard's focus
  let flipped = !!data.flipped;
  let ws = null;
  let retry = 0;
  let nextId = 1;
  let lastPly = null;    // the ply of the last state, for the move sounds
  let lowWarned = false;

  function T(key, params) {
    let s = data.texts[key] || key;
    for (const [k, v] of Object.entries(params || {})) s = s.split("{" + k + "}").join(v);
    return s;
  }
  // The rules library's messages in the page's language (shashki.messages): each template
  // a regular expression and its translation; a field that is a message is translated too.
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
  function detailOf(text) {
    const whole = detailPart(text, 0);
    return whole !== text ? whole : text.split("; ").map((p) => detailPart(p, 0)).join("; ");
  }
  function article(a) { return a ? detailPart(a, 0) : ""; }
  function detail(text) {
    const i = text.indexOf(": ");
    if (i > 0 && data.texts["kind." + text.slice(0, i)]) {
      return T("kind." + text.slice(0, i)) + ": " + detailOf(text.slice(i + 2));
    }
    return detailOf(text);
  }
  // The move a ply made, as the move list numbers it: "3." White's third, "3…" Black's
  // (core/words.py move_ref; counted in moves from 1).
  function moveRef(ply) {
    const n = state && state.first === "black" ? ply + 1 : ply;
    return Math.floor((n + 1) / 2) + (n % 2 ? "." : "…");
  }
  function viewingText(ply) {
    return ply ? T("game.viewing", { move: moveRef(ply) }) : T("game.viewing_start");
  }
  function hint(text) { const h = $("hint"); h.textContent = text || ""; show(h, !!text); }
  function show(el, on) { if (el) el.classList.toggle("hidden", !on); }
  function message(text) { const m = $("message"); m.textContent = text || ""; show(m, !!text); }
  function say(text) { const a = $("announce"); if (a) { a.textContent = ""; a.textContent = text; } }

  // --- sounds (made here, no files): move, capture, low time, game end; muted on request --

  let audio = null;
  function beep(freqs, length) {
    if (store.get("mute", "0") === "1") return;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const t0 = audio.currentTime;
      freqs.forEach((f, i) => {
        const o = audio.createOscillator(), g = audio.createGain();
        o.frequency.value = f;
        g.gain.setValueAtTime(0.12, t0 + i * length);
        g.gain.exponentialRampToValueAtTime(0.001, t0 + (i + 1) * length);
        o.connect(g); g.connect(audio.destination);
        o.start(t0 + i * length); o.stop(t0 + (i + 1) * length);
      });
    } catch (e) { /* no audio: nothing to play */ }
  }
  const sounds = {
    move: () => beep([660], 0.07), capture: () => beep([520, 390], 0.08),
    low: () => beep([880, 880], 0.09), end: () => beep([523, 659, 784], 0.14),
  };

  // --- connection -------------------------------------------------------------------------

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    let url = `${proto}//${location.host}/ws/games/${data.id}`;
    const q = [];
    if (data.csrf) q.push("csrf=" + encodeURIComponent(data.csrf));
    if (flipped) q.push("flipped=1");
    if (q.length) url += "?" + q.join("&");
    ws = new WebSocket(url);
    ws.onopen = () => { retry = 0; message(""); };
    ws.onmessage = (ev) => { try { handle(JSON.parse(ev.data)); } catch (e) { console.error(e); } };
    ws.onclose = () => {
      ws = null;
      pending = null;
      if (reconnecting) { reconnecting = false; connect(); return; }
      if (state && state.status === "finished") return;
      message(T("game.reconnecting"));
      setTimeout(connect, Math.min(5000, 300 * 2 ** retry++));
    };
  }
  let reconnecting = false;

  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify(msg)); return true; }
    return false;
  }

  function act(type, extra) {
    if (pending !== null) return;
    const id = nextId++;
    if (send(Object.assign({ type, id, ply: state ? state.ply : undefined }, extra || {}))) {
      pending = id;
    }
  }

  function handle(msg) {
    switch (msg.type) {
      case "ping": send({ type: "pong", n: msg.n }); break;
      case "state": {
        const before = lastPly;
        animateNext = before !== null && msg.ply === before + 1 && viewing === null;
        state = msg; receivedAt = performance.now(); selected = [];
        lastPly = state.ply;
        if (before !== null && state.ply < before) {  // a takeback: the later plies are gone
          positions.clear();
          viewing = null;
          premove = null;
        }
        if (before !== null && state.ply > before) {
          const last = state.moves[state.moves.length - 1];
          (last && last.text.includes(":") ? sounds.capture : sounds.move)();
          if (viewing !== null && viewing >= before) viewing = null;  // follow the game
        }
        if (state.status === "finished" && before !== null && !wasOver) sounds.end();
        wasOver = state.status === "finished";
        hint(""); render();
        playPremove();
        break;
      }
      case "ack": if (msg.id === pending) pending = null; break;
      case "error":
        if (msg.id === pending || msg.id === undefined || msg.id === null) pending = null;
        selected = []; marks(); message(msg.message); break;
      case "reload": send({ type: "state" }); break;
      case "rematch": showRematch(msg); break;
    }
  }
  let wasOver = false;
  let animateNext = false;

  // The piece just moved slides from its start square (Web Animations: no inline style).
  function animate(svg, path) {
    if (!svg || !path || path.length < 2) return;
    const a = geometry.get(path[0]), b = geometry.get(path[path.length - 1]);
    const piece = svg.querySelector(`g.piece.sq${path[path.length - 1]}`);
    if (!a || !b || !piece || !piece.animate) return;
    const frames = [{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)` },
      { transform: "translate(0px, 0px)" }];
    piece.animate(frames, { duration: 160 + 60 * (path.length - 2), easing: "ease-out" });
  }

  // --- the board --------------------------------------------------------------------------

  function squaresOf(svg) {
    const out = new Map();
    for (const r of svg.querySelectorAll("rect.square.dark")) {
      const m = /\bsq(\d+)\b/.exec(r.getAttribute("class"));
      if (m) out.set(Number(m[1]), {
        x: +r.getAttribute("x"), y: +r.getAttribute("y"),
        w: +r.getAttribute("width"), h: +r.getAttribute("height"),
      });
    }
    return out;
  }

  let geometry = new Map();

  const squares = window.shashkiSquares;  // core/static/squares.js
  function name(sq) { return squares.name(state && state.names, sq); }
  function piecesOf(fen) { return squares.piecesOf(fen, state && state.names); }

  // The position in words (the board's accessible name): whose move, each side's men and
  // kings by square in the variant's notation.
  function words(fen) {
    const pieces = piecesOf(fen);
    const turn = fen[0] === "B" ? "black" : "white";
    const out = [T("words.turn." + turn)];
    const sortKey = (n) => /^\d+$/.test(n) ? [Number(n), ""] : [n.charCodeAt(0), Number(n.slice(1))];
    for (const side of ["w", "b"]) {
      const parts = [];
      for (const kind of ["m", "k"]) {
        const names = [...pieces].filter(([, p]) => p === side + kind).map(([s]) => name(s))
          .sort((a, b) => { const x = sortKey(a), y = sortKey(b); return x[0] - y[0] || x[1] - y[1]; });
        if (names.length) {
          parts.push(T("words." + (kind === "m" ? "man" : "king") + (names.length > 1 ? "s" : "")) +
            " " + names.join(", "));
        }
      }
      out.push(T("color." + (side === "w" ? "white" : "black")) + ": " +
        (parts.join("; ") || T("words.none")) + ".");
    }
    return out.join(" ");
  }

  function squareLabel(sq, pieces) {
    const p = pieces.get(sq);
    const what = p ? T("words.piece." + p) : T("words.empty");
    return name(sq) + ", " + what;
  }

  function drawBoard(svgText, fen, last) {
    boardEl.innerHTML = svgText;
    const svg = boardEl.querySelector("svg");
    if (!svg) return;
    svg.setAttribute("aria-hidden", "true");  // the squares below speak for it
    geometry = squaresOf(svg);
    const pieces = piecesOf(fen);
    if (last && last.length > 1) drawPath(svg, last);
    const marksG = document.createElementNS(SVGNS, "g");
    marksG.setAttribute("class", "marks");
    svg.appendChild(marksG);
    const hits = document.createElementNS(SVGNS, "g");
    hits.setAttribute("class", "hits");
    for (const [sq, r] of geometry) {
      const hit = document.createElementNS(SVGNS, "rect");
      hit.setAttribute("x", r.x); hit.setAttribute("y", r.y);
      hit.setAttribute("width", r.w); hit.setAttribute("height", r.h);
      hit.setAttribute("class", "hit");
      hit.setAttribute("fill", "transparent");
      hit.dataset.sq = String(sq);
      hits.appendChild(hit);
    }
    svg.appendChild(hits);
    // The squares for the keyboard and screen readers: buttons over the picture, one tab
    // stop (roving tabindex), the arrow keys move between them.
    const keys = $("board-keys");
    keys.replaceChildren();
    const vb = svg.viewBox.baseVal;
    if (cursor === null || !geometry.has(cursor)) cursor = firstSquare();
    for (const [sq, r] of geometry) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "key";
      b.dataset.sq = String(sq);
      b.tabIndex = sq === cursor ? 0 : -1;
      b.setAttribute("aria-label", squareLabel(sq, pieces));
      b.style.left = (100 * r.x / vb.width) + "%";
      b.style.top = (100 * r.y / vb.height) + "%";
      b.style.width = (100 * r.w / vb.width) + "%";
      b.style.height = (100 * r.h / vb.height) + "%";
      keys.appendChild(b);
    }
    $("board-wrap").setAttribute("aria-label", words(fen));
  }

  function drawPath(svg, path) {
    const pts = path.map((sq) => geometry.get(sq)).filter(Boolean)
      .map((r) => (r.x + r.w / 2) + "," + (r.y + r.h / 2));
    if (pts.length < 2) return;
    const line = document.createElementNS(SVGNS, "polyline");
    line.setAttribute("points", pts.join(" "));
    line.setAttribute("class", "lastpath");
    line.setAttribute("fill", "none");
    svg.appendChild(line);
  }

  function firstSquare() {
    const movable = nextSquares();
    if (movable.length) return movable[0];
    return geometry.size ? [...geometry.keys()][0] : null;
  }

  function myTurn() {
    // Nobody moves while a claim is held for the arbiter (Code 1.9.2).
    return state && state.status === "live" && data.you && state.turn === data.you &&
      !state.claim;
  }
  function canPremove() {
    return state && state.status === "live" && data.you && state.turn !== data.you &&
      !state.claim && viewing === null;
  }

  function startsWith(path, prefix) {
    if (prefix.length > path.length) return false;
    return prefix.every((sq, i) => path[i] === sq);
  }
  function subsequence(small, big) {
    let i = 0;
    for (const x of big) if (i < small.length && small[i] === x) i++;
    return i === small.length;
  }

  function nextSquares() {
    if (!myTurn() || viewing !== null) return [];
    const legal = state.legal;
    if (selected.length === 0) return [...new Set(legal.map((m) => m.path[0]))];
    const next = new Set();
    for (const m of legal) {
      if (startsWith(m.path, selected) && m.path.length > selected.length) {
        next.add(m.path[selected.length]);
      }
    }
    return [...next];
  }

  function mark(g, sq, cls) {
    const r = geometry.get(sq);
    if (!r) return;
    if (cls === "target") {
      const c = document.createElementNS(SVGNS, "circle");
      c.setAttribute("cx", r.x + r.w / 2); c.setAttribute("cy", r.y + r.h / 2);
      c.setAttribute("r", r.w * 0.17);
      c.setAttribute("class", "mark target sq" + sq);
      g.appendChild(c);
      return;
    }
    const rect = document.createElementNS(SVGNS, "rect");
    rect.setAttribute("x", r.x + 2); rect.setAttribute("y", r.y + 2);
    rect.setAttribute("width", r.w - 4); rect.setAttribute("height", r.h - 4);
    rect.setAttribute("class", cls.startsWith("pre") ? cls + " sq" + sq : "mark " + cls + " sq" + sq);
    g.appendChild(rect);
  }

  function marks() {
    const g = boardEl.querySelector("g.marks");
    if (!g) return;
    g.replaceChildren();
    if (premove && premove.path) premove.path.forEach((sq) => mark(g, sq, "premove"));
    if (!myTurn() || viewing !== null) {
      selected.forEach((sq) => mark(g, sq, "preselect"));
      return;
    }
    if (selected.length === 0) {
      for (const sq of nextSquares()) mark(g, sq, "movable");
      return;
    }
    selected.forEach((sq, i) => mark(g, sq, i === 0 ? "selected" : "via"));
    for (const sq of nextSquares()) mark(g, sq, "target");
  }

  function click(sq) {
    if (viewing !== null) { step(null); return; }
    if (canPremove()) return prechoose(sq);
    if (!myTurn() || pending !== null) return;
    const legal = state.legal;
    const fromHere = legal.filter((m) => m.path[0] === sq);
    if (selected.length === 0) {
      const own = piecesOf(state.fen).get(sq);
      if (fromHere.length || (own && own[0] === data.you[0])) selected = [sq];
      if (selected.length) say(T("words.selected", { square: name(sq) }));
      marks();
      return;
    }
    if (selected.length === 1 && selected[0] === sq) { selected = []; marks(); return; }
    const tried = selected.concat([sq]);
    const prefixed = legal.filter((m) => startsWith(m.path, tried));
    if (prefixed.length) {
      const complete = prefixed.filter((m) => m.path.length === tried.length);
      if (complete.length && complete.length === prefixed.length) return play(complete[0]);
      selected = tried;
      hint(T("game.select_hint"));
      marks();
      return;
    }
    // The end square alone names the move when only one route leads there.
    const byEnd = legal.filter((m) => m.path[0] === selected[0] &&
      m.path[m.path.length - 1] === sq && subsequence(selected, m.path));
    if (byEnd.length === 1) return play(byEnd[0]);
    if (byEnd.length > 1) { hint(T("game.ambiguous")); return; }
    if (fromHere.length) { selected = [sq]; hint(""); marks(); return; }
    // Not a legal move: the server says why, in the Code's words ("a capture is compulsory").
    const sep = state.legal.some((m) => m.captures.length) ? ":" : "-";
    const text = tried.map(name).join(sep);
    selected = [];
    marks();
    act("move", { move: text });
  }

  function prechoose(sq) {
    const own = piecesOf(state.fen).get(sq);
    if (selected.length === 0) {
      if (own && own[0] === data.you[0]) { selected = [sq]; premove = null; }
      marks();
      return;
    }
    if (selected[0] === sq && selected.length === 1) { selected = []; marks(); return; }
    premove = { path: selected.concat([sq]) };
    selected = [];
    hint(T("game.premove_set", { move: premove.path.map(name).join("-") }));
    marks();
  }

  function playPremove() {
    if (!premove || !myTurn() || pending !== null) return;
    const p = premove;
    premove = null;
    if (p.text) { act("move", { move: p.text }); hint(""); return; }
    const legal = state.legal.filter((m) => m.path[0] === p.path[0] &&
      m.path[m.path.length - 1] === p.path[p.path.length - 1] && subsequence(p.path, m.path));
    if (legal.length === 1) { play(legal[0]); return; }
    hint(T("game.premove_dropped"));
    marks();
  }

  function play(move) {
    selected = move.path.slice();
    marks();
    message("");
    hint("");
    act("move", { move: move.text });
  }

  boardEl.addEventListener("click", (ev) => {
    const t = ev.target.closest ? ev.target.closest("[data-sq]") : null;
    if (t) click(Number(t.dataset.sq));
  });

  // Arrow keys between the squares (by rows as seen on the screen), Enter or Space chooses.
  function neighbour(sq, dx, dy) {
    const r = geometry.get(sq);
    let best = null, bestD = Infinity;
    for (const [s, q] of geometry) {
      const ddx = q.x - r.x, ddy = q.y - r.y;
      if (dy === 0 && (Math.abs(ddy) > 1 || Math.sign(ddx) !== dx)) continue;
      if (dy !== 0 && (Math.sign(ddy) !== dy || Math.abs(Math.abs(ddy) - r.h) > 1)) continue;
      const d = dy === 0 ? Math.abs(ddx) : Math.abs(ddx) + (ddx > 0 ? 0 : 0.1);
      if (d < bestD) { bestD = d; best = s; }
    }
    return best;
  }
  $("board-keys").addEventListener("keydown", (ev) => {
    const b = ev.target.closest("button.key");
    if (!b) return;
    const sq = Number(b.dataset.sq);
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (dirs[ev.key]) {
      ev.preventDefault();
      ev.stopPropagation();
      const n = neighbour(sq, dirs[ev.key][0], dirs[ev.key][1]);
      if (n !== null) focusSquare(n);
    }
  });
  $("board-keys").addEventListener("click", (ev) => {
    const b = ev.target.closest("button.key");
    if (!b) return;
    cursor = Number(b.dataset.sq);
    click(cursor);
    const again = document.querySelector(`#board-keys button[data-sq="${cursor}"]`);
    if (again && document.activeElement !== again) again.focus();
  });
  function focusSquare(sq) {
    cursor = sq;
    for (const k of document.querySelectorAll("#board-keys button.key")) {
      k.tabIndex = Number(k.dataset.sq) === sq ? 0 : -1;
      if (k.tabIndex === 0) k.focus();
    }
  }

  // The move box: "c3-d4", "c3:e5:g7", "22-18", in the Code's notation; the server's
  // parser checks it and says why it is refused.
  const moveForm = $("move-form");
  if (moveForm) {
    moveForm.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const input = $("move-input");
      const text = input.value.trim();
      if (!text || !state) return;
      if (canPremove()) {
        premove = { text };
        hint(T("game.premove_set", { move: text }));
        input.value = "";
        return;
      }
      if (!myTurn()) { message(T("error.not_your_turn")); return; }
      message("");
      input.value = "";
      act("move", { move: text });
    });
  }

  // --- stepping through the moves ----------------------------------------------------------

  const positions = new Map();   // ply -> {svg, fen, last} fetched from the server
  async function step(ply) {
    if (!state) return;
    if (ply !== null && (ply < 0 || ply >= state.ply)) ply = null;
    viewing = ply;
    selected = [];
    if (ply === null) { render(); return; }
    const key = ply + (flipped ? "f" : "");
    let pos = positions.get(key);
    if (!pos) {
      const r = await fetch(`/games/${data.id}/position/${ply}${flipped ? "?flipped=1" : ""}`);
      if (!r.ok) return;
      pos = await r.json();
      positions.set(key, pos);
    }
    if (viewing !== ply) return;
    drawBoard(pos.svg, pos.fen, pos.last);
    marks();
    highlightMove();
    say(viewingText(ply));
  }

  function highlightMove() {
    const shown = viewing === null ? (state ? state.ply : 0) : viewing;
    for (const b of document.querySelectorAll("#moves button.mv")) {
      const on = Number(b.dataset.ply) === shown;
      b.classList.toggle("current", on);
      if (on) b.setAttribute("aria-current", "step"); else b.removeAttribute("aria-current");
    }
    show($("viewing"), viewing !== null);
    if (viewing !== null) $("viewing").textContent = viewingText(viewing);
  }

  $("moves").addEventListener("click", (ev) => {
    const b = ev.target.closest("button.mv");
    if (b) step(Number(b.dataset.ply) === state.ply ? null : Number(b.dataset.ply));
  });
  document.addEventListener("keydown", (ev) => {
    if (!state || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const tag = (ev.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    if (ev.target.closest && ev.target.closest("#board-keys")) return;
    const now = viewing === null ? state.ply : viewing;
    let to;
    if (ev.key === "ArrowLeft") to = now - 1;
    else if (ev.key === "ArrowRight") to = now + 1;
    else if (ev.key === "Home") to = 0;
    else if (ev.key === "End") to = state.ply;
    else return;
    ev.preventDefault();
    to = Math.max(0, Math.min(state.ply, to));
    step(to === state.ply ? null : to);
  });

  // --- the rest of the page ----------------------------------------------------------------

  function fmt(seconds) {
    if (seconds <= 0) return "0:00";
    if (seconds < 10) return "0:0" + seconds.toFixed(1);
    const s = Math.ceil(seconds);
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    const mm = h ? String(m).padStart(2, "0") : String(m);
    return (h ? h + ":" : "") + mm + ":" + String(sec).padStart(2, "0");
  }

  function tick() {
    if (!state || !state.clock) return;
    const elapsed = (performance.now() - receivedAt) / 1000;
    for (const color of ["white", "black"]) {
      let left = state.clock[color];
      const running = state.clock.running === color && state.status === "live";
      if (running) left -= elapsed;
      for (const el of document.querySelectorAll(`.clock[data-color="${color}"]`)) {
        el.textContent = fmt(Math.max(0, left));
        el.classList.toggle("running", running);
        el.classList.toggle("low", running && left < 20);
      }
      if (running && color === data.you && left < 20 && !lowWarned) { lowWarned = true; sounds.low(); }
      if (running && color === data.you && left >= 20) lowWarned = false;
    }
  }

  function renderMoves() {
    const ol = $("moves");
    ol.replaceChildren();
    const moves = state.moves;
    // Who made the first move: the side to move now, if an even number of plies was made.
    const firstWhite = (state.ply % 2 === 0) === (state.turn === "white");
    let i = 0;
    let li = null;
    if (!firstWhite && moves.length) {
      li = document.createElement("li");
      li.innerHTML = '<span class="w">…</span>';
      ol.appendChild(li);
    }
    for (const m of moves) {
      const white = (i % 2 === 0) === firstWhite;
      if (white || !li) {
        li = document.createElement("li");
        ol.appendChild(li);
      }
      const span = document.createElement("span");
      span.className = white ? "w" : "b";
      const b = document.createElement("button");
      b.type = "button";
      b.className = "mv";
      b.dataset.ply = String(m.ply);
      b.textContent = m.text;
      b.setAttribute("aria-label", T("game.move_label", { number: moveRef(m.ply), move: m.text }));
      span.appendChild(b);
      li.appendChild(span);
      if (white) li.appendChild(document.createTextNode(" "));
      i++;
    }
    ol.scrollTop = ol.scrollHeight;
  }

  function renderEvents() {
    const ul = $("events");
    ul.replaceChildren();
    for (const e of state.events) {
      const li = document.createElement("li");
      let text = (e.ply ? moveRef(e.ply) : "0.") + " ";  // after that move
      if (e.color && e.action !== "end") text += T("color." + e.color) + ": ";
      text += T("action." + e.action) + " (" + article(e.article) + ")";
      if (e.detail) text += " — " + detail(e.detail);
      li.textContent = text;
      ul.appendChild(li);
    }
  }

  // A threefold claim held for the arbiter (an event's game): "claim pending" to the
  // players and spectators until the arbiter rules; then the result, or "rejected".
  function renderClaim(over) {
    const el = $("claim");
    if (!el) return;
    const fill = (tpl, params) => {
      let s = tpl || "";
      for (const [k, v] of Object.entries(params)) s = s.split("{" + k + "}").join(v);
      return s;
    };
    const last = state.events.length ? state.events[state.events.length - 1] : null;
    if (state.claim && !over) {
      let text = fill(el.dataset.pending, {
        side: T("color." + state.claim.by), article: article(state.claim.article) });
      if (state.claim.written) text += " " + fill(el.dataset.written, { move: state.claim.written });
      el.textContent = text;
      el.classList.remove("ruled");
      show(el, true);
    } else if (!over && last && last.action === "claim rejected" && last.ply >= state.ply - 1) {
      el.textContent = fill(el.dataset.rejected, { article: article(last.article) });
      el.classList.add("ruled");
      show(el, true);
    } else {
      show(el, false);
    }
  }

  function render() {
    if (viewing === null) {
      drawBoard(state.svg, state.fen, state.last);
      marks();
      if (animateNext) animate(boardEl.querySelector("svg"), state.last);
      animateNext = false;
    }
    renderMoves();
    highlightMove();
    renderEvents();
    for (const el of document.querySelectorAll(".player")) {
      el.classList.toggle("to-move", state.status === "live" && el.dataset.color === state.turn);
    }
    // A rated game's rating changes, shown as soon as the game is rated (its end's state).
    for (const el of document.querySelectorAll(".rating-change[data-color]")) {
      const d = state[el.dataset.color] && state[el.dataset.color].change;
      const known = typeof d === "number";
      el.textContent = !known ? "" : d > 0 ? "+" + d : d < 0 ? "\u2212" + (-d) : "0";
      el.classList.toggle("up", known && d > 0);
      el.classList.toggle("down", known && d < 0);
      show(el, known);
    }
    const status = $("status");
    const over = state.status === "finished";
    show(status, !over);
    if (over) {
      status.textContent = "";
      const t = state.termination;
      const res = $("result");
      res.replaceChildren();
      const strong = document.createElement("strong");
      strong.textContent = T("game.result") + ": " + state.result_text;
      res.appendChild(strong);
      res.appendChild(document.createTextNode(" — " + T("kind." + t.kind) + " (" +
        article(t.article) + ")" + (t.ply ? ", " + T("game.after_move", { move: moveRef(t.ply) }) : "")));
      if (t.detail) {
        res.appendChild(document.createElement("br"));
        const small = document.createElement("small");
        small.textContent = detail(t.detail);
        res.appendChild(small);
      }
      show(res, true);
      message("");
      // The engine's analysis and the rematch, without a reload.
      show($("analysis-link-wrap"), true);
      show($("rematch-form"), true);
      premove = null;
    } else {
      status.textContent = myTurn() ? T("game.your_move")
        : status.dataset[state.turn] || T("color." + state.turn) + " — " + T("game.to_move");
    }
    show($("move-form"), !over);
    const offer = $("offer");
    if (state.offer && !over) {
      offer.textContent = T("game.offered", {
        side: T("color." + state.offer.by), article: article(state.offer.article) });
      show(offer, true);
    } else {
      show(offer, false);
    }
    renderClaim(over);
    // A takeback proposed (docs/rules.md L4): told to both players and to the spectators.
    const tb = state.takeback;
    const tbNote = $("takeback-note");
    if (tbNote) {
      tbNote.textContent = tb && !over ? T("game.takeback_offered", { side: T("color." + tb.by) }) : "";
      show(tbNote, !!tb && !over);
    }
    const controls = $("controls");
    if (controls) {
      show(controls, !over);
      const offerToMe = state.offer && state.offer.by !== data.you;
      const q = (a) => controls.querySelector(`[data-action="${a}"]`);
      show(q("accept"), !!offerToMe);
      show(q("decline"), !!offerToMe);
      show(q("offer"), !offerToMe);
      q("offer").disabled = !!state.offer || !!state.claim;
      q("claim").disabled = !myTurn();
      if (q("abort")) show(q("abort"), state.ply < 2);  // L1: only before both first moves
      if (q("takeback")) {
        const toMe = !!tb && tb.by !== data.you;
        // his last move, and the reply if the opponent has replied; never before ply 2
        const plies = state.turn === data.you ? 2 : 1;
        show(q("takeback"), !toMe);
        q("takeback").disabled = !!tb || !!state.claim || state.ply - plies < 2;
        show(q("takeback_accept"), toMe);
        show(q("takeback_decline"), toMe);
      }
    }
    tick();
  }

  function showRematch(msg) {
    const el = $("rematch-offer");
    if (!el || !data.you) return;
    if (msg.by === data.you) return;
    $("rematch-accept").action = `/challenges/${msg.challenge}/accept`;
    show(el, true);
    say(T("game.rematch_offered"));
  }

  const controls = $("controls");
  if (controls) {
    controls.addEventListener("click", (ev) => {
      const b = ev.target.closest("button[data-action]");
      if (!b || !state) return;
      const action = b.dataset.action;
      if (action === "resign" && !window.confirm(T("game.resign_confirm"))) return;
      message("");
      act(action);
    });
  }

  // --- the board's settings: flip, coordinates, theme, pieces, sound -----------------------

  function applySettings() {
    const wrap = $("board-wrap");
    wrap.classList.toggle("no-coords", store.get("coords", "1") === "0");
    for (const c of [...wrap.classList]) if (c.startsWith("theme-") || c.startsWith("pieces-")) wrap.classList.remove(c);
    wrap.classList.add("theme-" + store.get("theme", "wood"), "pieces-" + store.get("pieces", "classic"));
    const coords = $("coords-toggle"), mute = $("mute-toggle");
    if (coords) coords.setAttribute("aria-pressed", String(store.get("coords", "1") === "1"));
    if (mute) mute.setAttribute("aria-pressed", String(store.get("mute", "0") === "1"));
    const theme = $("theme-select"), pieces = $("pieces-select");
    if (theme) theme.value = store.get("theme", "wood");
    if (pieces) pieces.value = store.get("pieces", "classic");
  }
  const settings = $("board-settings");
  if (settings) {
    settings.addEventListener("click", (ev) => {
      const b = ev.target.closest("button");
      if (!b) return;
      if (b.id === "flip-toggle") {
        flipped = !flipped;
        b.setAttribute("aria-pressed", String(flipped));
        positions.clear();
        const col = document.querySelector(".board-col");
        const players = col.querySelectorAll(".player");
        if (players.length === 2) {  // the players change places with the board
          col.insertBefore(players[1], players[0]);
          col.insertBefore(players[0], null);
        }
        reconnecting = !!ws;
        if (ws) ws.close(); else connect();
      } else if (b.id === "coords-toggle") {
        store.set("coords", store.get("coords", "1") === "1" ? "0" : "1");
      } else if (b.id === "mute-toggle") {
        store.set("mute", store.get("mute", "0") === "1" ? "0" : "1");
      }
      applySettings();
    });
    settings.addEventListener("change", (ev) => {
      if (ev.target.id === "theme-select") store.set("theme", ev.target.value);
      if (ev.target.id === "pieces-select") store.set("pieces", ev.target.value);
      applySettings();
    });
  }
  applySettings();

  setInterval(tick, 100);
  connect();
})();
