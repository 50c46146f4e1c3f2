// The new event's tie-breaks follow the system chosen: when the system changes and the
// organiser has left the tie-breaks at the previous system's defaults, they become the
// new system's defaults (a Swiss does not get a round robin's Sonneborn-Berger).
"use strict";
(function () {
  const box = document.getElementById("tiebreaks");
  const system = document.querySelector('select[name="system"]');
  if (!box || !system) return;
  const defaults = JSON.parse(box.dataset.defaults);
  const selects = [...box.querySelectorAll("select")];
  const current = () => selects.map((s) => s.value).filter((v) => v);
  const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
  let previous = system.value;
  system.addEventListener("change", () => {
    const was = defaults[previous] || [];
    const next = defaults[system.value];
    if (next && same(current(), was)) {
      selects.forEach((s, i) => { s.value = next[i] || ""; });
    }
    previous = system.value;
  });
})();
