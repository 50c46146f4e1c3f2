// The game page: the board from the server's SVG, moves entered by clicking squares, live
// state over a WebSocket, clocks ticking from the server's readings. No framework.
(function () {
  "use strict";
  const SVGNS = "http://www.w3.org/2000/svg";
  const data = JSON.parse(document.getElementById("page-data").textContent);
  const $ = (id) => document.getElementById(id);
  const boardEl = $("board");

  let state = null;      // the last state from the server
  let receivedAt = 0;    // performance.now() when it arrived
  let selected = [];     // squares clicked so far: start, then landing squares
  let pending = null;    // id of the action waiting for its acknowledgement
  let ws = null;
  let retry = 0;
  let nextId = 1;

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
  function hint(text) { const h = $("hint"); h.textContent = text || ""; show(h, !!text); }
  function show(el, on) { if (el) el.classList.toggle("hidden", !on); }
  function message(text) { const m = $("message"); m.textContent = text || ""; show(m, !!text); }

  // --- connection -------------------------------------------------------------------------

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    let url = `${proto}//${location.host}/ws/games/${data.id}`;
    if (data.csrf) url += "?csrf=" + encodeURIComponent(data.csrf);
    ws = new WebSocket(url);
    ws.onopen = () => { retry = 0; message(""); };
    ws.onmessage = (ev) => { try { handle(JSON.parse(ev.data)); } catch (e) { console.error(e); } };
    ws.onclose = () => {
      ws = null;
      pending = null;
      if (state && state.status === "finished") return;
      message(T("game.reconnecting"));
      setTimeout(connect, Math.min(5000, 300 * 2 ** retry++));
    };
  }

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
      case "state":
        state = msg; receivedAt = performance.now(); selected = [];
        hint(""); render(); break;
      case "ack": if (msg.id === pending) pending = null; break;
      case "error":
        if (msg.id === pending || msg.id === undefined || msg.id === null) pending = null;
        selected = []; marks(); message(msg.message); break;
      case "reload": send({ type: "state" }); break;
    }
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

  function drawBoard() {
    boardEl.innerHTML = state.svg;
    const svg = boardEl.querySelector("svg");
    if (!svg) return;
    svg.setAttribute("role", "img");
    geometry = squaresOf(svg);
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
    boardEl.setAttribute("aria-label", state.fen);
  }

  function myTurn() {
    // Nobody moves while a claim is held for the arbiter (Code 1.9.2).
    return state && state.status === "live" && data.you && state.turn === data.you &&
      !state.claim;
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
    if (!myTurn()) return [];
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
    rect.setAttribute("class", "mark " + cls + " sq" + sq);
    g.appendChild(rect);
  }

  function marks() {
    const g = boardEl.querySelector("g.marks");
    if (!g) return;
    g.replaceChildren();
    if (!myTurn()) return;
    if (selected.length === 0) {
      for (const sq of nextSquares()) mark(g, sq, "movable");
      return;
    }
    selected.forEach((sq, i) => mark(g, sq, i === 0 ? "selected" : "via"));
    for (const sq of nextSquares()) mark(g, sq, "target");
  }

  function click(sq) {
    if (!myTurn() || pending !== null) return;
    const legal = state.legal;
    const fromHere = legal.filter((m) => m.path[0] === sq);
    if (selected.length === 0) {
      if (fromHere.length) selected = [sq];
      marks();
      return;
    }
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
    selected = fromHere.length ? [sq] : [];
    hint("");
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
      span.textContent = m.text;
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
      let text = e.ply + ": ";
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
    drawBoard();
    marks();
    renderMoves();
    renderEvents();
    for (const el of document.querySelectorAll(".player")) {
      el.classList.toggle("to-move", state.status === "live" && el.dataset.color === state.turn);
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
      strong.textContent = T("game.result") + ": " + state.result;
      res.appendChild(strong);
      res.appendChild(document.createTextNode(" — " + T("kind." + t.kind) + " (" +
        article(t.article) + "), " + T("game.ply", { ply: t.ply })));
      if (t.detail) {
        res.appendChild(document.createElement("br"));
        const small = document.createElement("small");
        small.textContent = detail(t.detail);
        res.appendChild(small);
      }
      show(res, true);
      message("");
    } else {
      status.textContent = myTurn() ? T("game.your_move")
        : status.dataset[state.turn] || T("color." + state.turn) + " — " + T("game.to_move");
    }
    const offer = $("offer");
    if (state.offer && !over) {
      offer.textContent = T("game.offered", {
        side: T("color." + state.offer.by), article: article(state.offer.article) });
      show(offer, true);
    } else {
      show(offer, false);
    }
    renderClaim(over);
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
    }
    tick();
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

  setInterval(tick, 100);
  connect();
})();
