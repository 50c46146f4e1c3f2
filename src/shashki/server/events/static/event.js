// The event page keeps its standings live (it reloads when the event changes); the
// arbiter's console keeps the clocks ticking and the games' status current by polling
// the console's state; reloads the page when a claim arrives or is ruled on, or a game ends
// (unless the arbiter is filling in a form).
"use strict";
(function () {
  // The event page: reload when the event changes (a result came in, a round was paired).
  const eventEl = document.getElementById("event-data");
  if (!eventEl) return;
  const ev = JSON.parse(eventEl.textContent);
  async function watch() {
    try {
      const r = await fetch("/events/" + ev.event + "/state", {
        headers: { Accept: "application/json" } });
      if (r.ok) {
        const s = await r.json();
        const busy = document.activeElement && ["INPUT", "SELECT", "TEXTAREA"].includes(
          document.activeElement.tagName);
        if (s.version !== ev.version && !busy) {
          location.reload();
          return;
        }
      }
    } catch (e) { /* try again */ }
    setTimeout(watch, 5000);
  }
  setTimeout(watch, 5000);
})();

(function () {
  const dataEl = document.getElementById("page-data");
  if (!dataEl) return;
  const data = JSON.parse(dataEl.textContent);
  const url = "/events/" + data.event + "/arbiter/state";
  let last = null;

  function fmt(seconds) {
    const s = Math.max(0, Math.ceil(seconds - 0.001));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    const two = (x) => String(x).padStart(2, "0");
    return h ? h + ":" + two(m) + ":" + two(sec) : m + ":" + two(sec);
  }

  function signature(state) {
    return state.games.map((g) => g.id + ":" + g.status + ":" + (g.claim ? g.claim.by : "-"))
      .join(",") + "|" + state.round + "|" + state.status;
  }

  function render(state, at) {
    for (const g of state.games) {
      const card = document.getElementById("game-" + g.id);
      if (!card || !g.clock) continue;
      for (const side of ["white", "black"]) {
        const el = card.querySelector('.g-clock[data-color="' + side + '"] .clock');
        if (!el) continue;
        let left = g.clock[side].remaining;
        if (g.clock.running === side) left -= (performance.now() - at) / 1000;
        el.textContent = fmt(left);
        el.classList.toggle("running", g.clock.running === side);
        el.classList.toggle("low", g.clock.running === side && left < 30);
      }
      const ply = card.querySelector(".g-ply");
      if (ply) ply.textContent = g.ply + (g.last ? " (" + g.last + ")" : "");
    }
  }

  let state = null, fetchedAt = 0;
  async function poll() {
    try {
      const r = await fetch(url, { headers: { Accept: "application/json" } });
      if (r.ok) {
        state = await r.json();
        fetchedAt = performance.now();
        const sig = signature(state);
        const busy = document.activeElement && ["INPUT", "SELECT", "TEXTAREA"].includes(
          document.activeElement.tagName);
        if (last !== null && sig !== last && !busy) {
          location.reload();
          return;
        }
        if (!busy) last = sig;
      }
    } catch (e) { /* the next poll tries again */ }
    setTimeout(poll, 2000);
  }
  setInterval(() => { if (state) render(state, fetchedAt); }, 250);
  poll();
})();
