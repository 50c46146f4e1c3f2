// The viewer of a recorded game (archive games, analyses): steps through the positions
// (server-drawn SVG boards), and on the analysis page follows the engine's analysis.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("page-data").textContent);
  const $ = (id) => document.getElementById(id);
  const img = $("viewer-img");
  let ply = data.plies;
  let flipped = !!data.flipped;
  let analysis = null;

  function T(key, params) {
    let s = data.texts[key] || key;
    for (const [k, v] of Object.entries(params || {})) s = s.split("{" + k + "}").join(v);
    return s;
  }
  function scoreText(score, mate) {
    if (mate !== null && mate !== undefined) return "#" + mate;
    if (score === null || score === undefined) return "";
    return (score >= 0 ? "+" : "") + (score / 100).toFixed(2);
  }
  function best(p) {
    const rows = analysis && analysis.moves ? analysis.moves : [];
    return p < rows.length ? rows[p] : null;
  }
  function url(p) {
    const q = new URLSearchParams();
    if (flipped) q.set("flipped", "true");
    const b = best(p);
    if (b && b.best) q.set("arrow", b.best);
    const s = q.toString();
    return data.board + p + ".svg" + (s ? "?" + s : "");
  }
  function preload(p) {
    if (p >= 0 && p <= data.plies) { const i = new Image(); i.src = url(p); }
  }

  function show(p) {
    ply = Math.max(0, Math.min(data.plies, p));
    img.src = url(ply);
    img.alt = data.fens[ply];
    $("viewer-fen").textContent = data.fens[ply];
    $("viewer-ply").textContent = ply === 0 ? T("viewer.start") : T("viewer.ply", { ply });
    for (const b of document.querySelectorAll("button.mv")) {
      const on = Number(b.dataset.ply) === ply;
      b.classList.toggle("current", on);
      if (on) b.setAttribute("aria-current", "true"); else b.removeAttribute("aria-current");
    }
    const cur = document.querySelector("#viewer-moves button.current, #analysis-table button.current");
    if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: "nearest" });
    const line = $("analysis-best");
    if (line) {
      const b = best(ply);
      if (b && b.best) {
        line.textContent = T("analysis.best") + ": " + (b.pv && b.pv.length ? b.pv.join(" ") : b.best);
        line.classList.remove("hidden");
      } else {
        line.classList.add("hidden");
      }
    }
    preload(ply + 1);
    preload(ply - 1);
  }

  document.addEventListener("click", (ev) => {
    const step = ev.target.closest("[data-step]");
    if (step) {
      const s = step.dataset.step;
      if (s === "first") show(0);
      else if (s === "prev") show(ply - 1);
      else if (s === "next") show(ply + 1);
      else if (s === "last") show(data.plies);
      else if (s === "flip") { flipped = !flipped; show(ply); }
      return;
    }
    const mv = ev.target.closest("button.mv");
    if (mv) show(Number(mv.dataset.ply));
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest("input, textarea, select")) return;
    if (ev.key === "ArrowLeft") { show(ply - 1); ev.preventDefault(); }
    else if (ev.key === "ArrowRight") { show(ply + 1); ev.preventDefault(); }
    else if (ev.key === "Home") { show(0); ev.preventDefault(); }
    else if (ev.key === "End") { show(data.plies); ev.preventDefault(); }
  });

  // --- the analysis ---------------------------------------------------------------------

  function fill(a) {
    analysis = a;
    const status = $("analysis-status");
    if (a.status === "running") status.textContent = T("analysis.running", { done: a.done || 0, total: a.total || 0 });
    else if (a.status === "done") status.textContent = T("analysis.done", { depth: a.depth });
    else if (a.status === "failed") status.textContent = T("analysis.failed");
    else if (a.status === "cancelled") status.textContent = T("analysis.cancelled");
    const cancel = $("analysis-cancel");
    if (cancel && a.status !== "running") cancel.classList.add("hidden");
    (a.moves || []).forEach((m, i) => {
      const tr = document.querySelector(`#analysis-table tr[data-ply="${i + 1}"]`);
      if (!tr) return;
      tr.querySelector(".eval").textContent = scoreText(m.score, m.mate);
      tr.querySelector(".best-cell").textContent = m.best && m.best !== m.move ? m.best : "";
      let mark = tr.querySelector("[class^=mark-]");
      if (m.mark) {
        if (!mark) { mark = document.createElement("span"); tr.children[1].appendChild(mark); }
        mark.className = m.mark.includes("??") ? "mark-bad" : "mark-dubious";
        mark.textContent = m.mark;
      } else if (mark) mark.remove();
    });
    show(ply);
  }

  async function poll() {
    try {
      const r = await fetch(data.analysis, { headers: { Accept: "application/json" } });
      if (r.ok) {
        const a = await r.json();
        if (a.status !== "none") fill(a);
        if (a.status === "running") { setTimeout(poll, 1000); return; }
      }
    } catch (e) { setTimeout(poll, 3000); }
  }

  show(ply);
  if (data.analysis) poll();
})();
