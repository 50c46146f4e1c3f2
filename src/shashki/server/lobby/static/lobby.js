// The lobby refreshes its lists by itself: every few seconds (while the page is visible)
// it fetches the lobby again and replaces the lists of challenges and games that changed.
// The form for a new challenge is left alone.
"use strict";
(function () {
  const LISTS = ["invitations", "mine", "open-challenges", "live-games", "your-games"];
  const EVERY = 4000;
  let timer = null;

  async function refresh() {
    timer = null;
    try {
      const r = await fetch(location.pathname, {
        headers: { Accept: "text/html" }, credentials: "same-origin", cache: "no-store" });
      if (r.ok) {
        const doc = new DOMParser().parseFromString(await r.text(), "text/html");
        for (const id of LISTS) {
          const now = document.getElementById(id);
          const fresh = doc.getElementById(id);
          if (now && fresh && now.innerHTML !== fresh.innerHTML) now.innerHTML = fresh.innerHTML;
        }
      }
    } catch (e) { /* offline for a moment: the next round tries again */ }
    schedule();
  }

  function schedule() {
    if (timer === null && document.visibilityState === "visible") {
      timer = setTimeout(refresh, EVERY);
    }
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && timer === null) refresh();
  });
  schedule();
})();
