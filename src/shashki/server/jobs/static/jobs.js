// A job's progress on its page (templates/_job.html): polls /api/jobs/N, moves the bar,
// fills every [data-job-field] from the job's result, and reloads the page when the job
// ends, so that the page shows its final report.
(function () {
  "use strict";
  const box = document.getElementById("job");
  if (!box) return;
  const active = (s) => s === "queued" || s === "running";
  if (!active(box.dataset.status)) return;
  const $ = (id) => document.getElementById(id);

  function fill(job) {
    const key = job.status === "running" && job.cancel_requested ? "stopping" : job.status;
    const text = box.dataset["t" + key.charAt(0).toUpperCase() + key.slice(1)];
    if (text && $("job-status")) $("job-status").textContent = text;
    const bar = $("job-progress");
    if (bar && job.total > 0) {
      bar.max = job.total;
      bar.value = job.done;
      const pct = Math.floor((100 * job.done) / job.total) + "%";
      bar.textContent = pct;
      if ($("job-percent")) $("job-percent").textContent = pct;
    }
    for (const el of document.querySelectorAll("[data-job-field]")) {
      const v = job.result ? job.result[el.dataset.jobField] : undefined;
      if (v !== undefined && v !== null) el.textContent = String(v);
    }
  }

  async function poll() {
    try {
      const r = await fetch(box.dataset.url, { headers: { Accept: "application/json" } });
      if (r.ok) {
        const job = await r.json();
        fill(job);
        if (!active(job.status)) { window.location.reload(); return; }
        setTimeout(poll, 700);
        return;
      }
    } catch (e) { /* the network: try again */ }
    setTimeout(poll, 3000);
  }
  setTimeout(poll, 300);
})();
