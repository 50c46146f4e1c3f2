// A challenge's creator waits here; when someone accepts, go to the game.
(function () {
  "use strict";
  const el = document.getElementById("challenge");
  if (!el || !document.querySelector(".waiting")) return;
  const id = el.dataset.id;
  async function poll() {
    try {
      const r = await fetch(`/api/challenges/${id}`, { credentials: "same-origin" });
      if (r.ok) {
        const ch = await r.json();
        if (ch.game_id) { location.assign(`/games/${ch.game_id}`); return; }
        if (ch.status !== "open") { location.assign("/"); return; }
      }
    } catch (e) { /* the server may be restarting: try again */ }
    setTimeout(poll, 1000);
  }
  setTimeout(poll, 1000);
})();
