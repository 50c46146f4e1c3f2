// A puzzle's board: choose the squares of the move (mouse, or arrow keys and Enter on the
// squares); the move goes into the move box and the form is sent. No framework.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("page-data").textContent);
  const board = document.getElementById("board");
  const keys = document.getElementById("board-keys");
  const svg = board.querySelector("svg");
  const geometry = new Map();
  for (const r of svg.querySelectorAll("rect.square.dark")) {
    const m = /\bsq(\d+)\b/.exec(r.getAttribute("class"));
    if (m) geometry.set(Number(m[1]), { x: +r.getAttribute("x"), y: +r.getAttribute("y"),
      w: +r.getAttribute("width"), h: +r.getAttribute("height") });
  }
  svg.setAttribute("aria-hidden", "true");
  const vb = svg.viewBox.baseVal;
  const first = data.legal.length ? data.legal[0].path[0] : [...geometry.keys()][0];
  for (const [sq, r] of geometry) {
    const b = document.createElement("button");
    b.type = "button"; b.className = "key"; b.dataset.sq = String(sq);
    b.tabIndex = sq === first ? 0 : -1;
    b.setAttribute("aria-label", data.labels[sq - 1]);
    b.style.left = (100 * r.x / vb.width) + "%"; b.style.top = (100 * r.y / vb.height) + "%";
    b.style.width = (100 * r.w / vb.width) + "%"; b.style.height = (100 * r.h / vb.height) + "%";
    keys.appendChild(b);
  }
  let chosen = [];
  function choose(sq) {
    chosen.push(sq);
    const fits = data.legal.filter((m) => chosen.every((s, i) => m.path[i] === s) ||
      (m.path[0] === chosen[0] && m.path[m.path.length - 1] === sq));
    if (!fits.length) { chosen = data.legal.some((m) => m.path[0] === sq) ? [sq] : []; return; }
    const done = fits.filter((m) => m.path.length === chosen.length ||
      (chosen.length > 1 && m.path[m.path.length - 1] === sq));
    if (done.length === 1) {
      document.getElementById("move-input").value = done[0].text;
      document.getElementById("move-form").requestSubmit();
    }
  }
  board.addEventListener("click", (ev) => {
    const hit = ev.target.closest("rect.square.dark, g.piece");
    if (!hit) return;
    const m = /\bsq(\d+)\b/.exec(hit.getAttribute("class"));
    if (m) choose(Number(m[1]));
  });
  keys.addEventListener("click", (ev) => {
    const b = ev.target.closest("button.key");
    if (b) choose(Number(b.dataset.sq));
  });
  keys.addEventListener("keydown", (ev) => {
    const b = ev.target.closest("button.key");
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
    if (!b || !d) return;
    ev.preventDefault();
    const r = geometry.get(Number(b.dataset.sq));
    let best = null, bestD = Infinity;
    for (const [s, q] of geometry) {
      const dx = q.x - r.x, dy = q.y - r.y;
      if (d[1] === 0 && (Math.abs(dy) > 1 || Math.sign(dx) !== d[0])) continue;
      if (d[1] !== 0 && (Math.sign(dy) !== d[1] || Math.abs(Math.abs(dy) - r.h) > 1)) continue;
      const dist = Math.abs(dx) + (dx < 0 ? 0.1 : 0);
      if (dist < bestD) { bestD = dist; best = s; }
    }
    if (best === null) return;
    for (const k of keys.querySelectorAll("button.key")) {
      k.tabIndex = Number(k.dataset.sq) === best ? 0 : -1;
      if (k.tabIndex === 0) k.focus();
    }
  });
})();
