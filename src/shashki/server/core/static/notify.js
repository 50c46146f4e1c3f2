// A logged-in page's news (core/notify.py, over /ws/notifications): one of his games has
// started, or it is his move in correspondence. He is told by the page title ("(1) Your
// game has started — Shashki"), by a line with a link to the game at the top of the page,
// and by a browser notification while the page is in the background, if he allowed them
// (asked only when he presses "Notify me", as browsers require; never on load). On a game
// page the status line is watched too: "(1) Your move — Shashki" when it is his move.
"use strict";
(function () {
  const box = document.getElementById("notices");
  const base = document.title;
  const site = box ? box.dataset.title : "";
  let unread = 0;       // news received on this page
  let latest = "";
  let yourMove = "";    // the game page's "Your move", while it is
  function retitle() {
    const text = yourMove || latest;
    const count = unread + (yourMove ? 1 : 0);
    document.title = count ? `(${count}) ${text} — ${site}` : base;
  }

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

  // --- the channel ----------------------------------------------------------------------
  function tell(news) {
    if (!news || !news.url || location.pathname === news.url) return;  // already there
    const text = (box.dataset[news.kind] || news.kind);
    unread += 1;
    latest = text;
    retitle();
    const line = document.createElement("p");
    line.className = "notice";
    line.dataset.kind = news.kind;
    line.append(text + " — ");
    const link = document.createElement("a");
    link.href = news.url;
    link.textContent = box.dataset.open;
    line.append(link);
    box.querySelector(".notice-list").prepend(line);
    box.hidden = false;
    window.shashkiNotify(text);
  }
  let retry = 0;
  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/notifications?csrf=` +
                             encodeURIComponent(box.dataset.csrf));
    ws.onopen = () => { retry = 0; };
    ws.onmessage = (ev) => { try { tell(JSON.parse(ev.data)); } catch (e) { console.error(e); } };
    ws.onclose = (ev) => {
      if (ev.code === 4401 || ev.code === 1008) return;  // logged out: nothing to hear
      setTimeout(connect, Math.min(30000, 500 * 2 ** retry++));
    };
  }
  if (box && box.dataset.csrf) connect();

  // --- the game page: "(1) Your move" -----------------------------------------------------
  const status = document.getElementById("status");
  const game = document.getElementById("game");
  if (!status || !game || !game.dataset.yourMove) return;
  const yours = game.dataset.yourMove;
  let told = false;
  function look() {
    const mine = !status.classList.contains("hidden") && status.textContent.trim() === yours;
    yourMove = mine ? yours : "";
    retitle();
    if (mine && !told) window.shashkiNotify(yours);
    told = mine;
  }
  new MutationObserver(look).observe(status, { childList: true, characterData: true,
                                               subtree: true, attributes: true });
  look();
})();
