// Telling a player that a game started or that it is his move: the page title shows
// "(1) Your move — Shashki" while the page is in the background, and a browser
// notification is shown if the player allowed them (asked only when he presses the
// button, as browsers require). The game page's status line is watched, so the game's
// own script need not know about this one.
"use strict";
(function () {
  const base = document.title;
  window.shashkiNotify = function (text) {
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    if (document.visibilityState === "visible") return;
    try { new Notification(text, { tag: "shashki" }); } catch (e) { /* not allowed here */ }
  };
  const button = document.getElementById("notify-on");
  if (button) {
    if (!("Notification" in window) || Notification.permission !== "default") {
      button.hidden = true;
    } else {
      button.addEventListener("click", async () => {
        await Notification.requestPermission();
        button.hidden = true;
      });
    }
  }
  const status = document.getElementById("status");
  const game = document.getElementById("game");
  if (!status || !game || !game.dataset.yourMove) return;
  const yours = game.dataset.yourMove;
  const title = game.dataset.siteTitle || "";
  let told = false;
  function look() {
    const mine = !status.classList.contains("hidden") && status.textContent.trim() === yours;
    if (mine) {
      document.title = `(1) ${yours} — ${title}`;
      if (!told) window.shashkiNotify(yours);
      told = true;
    } else {
      document.title = base;
      told = false;
    }
  }
  new MutationObserver(look).observe(status, { childList: true, characterData: true,
                                               subtree: true, attributes: true });
  look();
})();
