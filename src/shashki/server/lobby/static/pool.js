// A player waiting in a pool: ask for news every second (which keeps him in the pool);
// when he is paired, tell him (page title, and a browser notification if he allowed
// them) and go to the game.
"use strict";
(function () {
  const el = document.getElementById("pool");
  if (!el || !document.getElementById("pool-status")) return;
  async function poll() {
    try {
      const r = await fetch(`/api/pools/${el.dataset.id}/poll`, {
        method: "POST", credentials: "same-origin",
        headers: { "X-CSRF-Token": el.dataset.csrf } });
      if (r.ok) {
        const e = await r.json();
        document.getElementById("window").textContent = "±" + Math.round(e.window);
        if (e.game_id) {
          window.shashkiNotify && window.shashkiNotify(el.dataset.started);
          document.title = `(1) ${el.dataset.started} — ${el.dataset.title}`;
          location.assign(`/games/${e.game_id}`);
          return;
        }
        if (e.status !== "waiting") { location.assign("/"); return; }
      }
    } catch (err) { /* the server may be restarting: try again */ }
    setTimeout(poll, 1000);
  }
  poll();
})();
