// Staff dashboard charts (admin): reads #usage-data, draws with the vendored Chart.js.
(function () {
  "use strict";
  function line(id, labels, sets) {
    var el = document.getElementById(id);
    if (!el || !window.Chart) return;
    new window.Chart(el, {
      type: "line",
      data: { labels: labels, datasets: sets },
      options: { maintainAspectRatio: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
    });
  }
  function bar(id, labels, sets) {
    var el = document.getElementById(id);
    if (!el || !window.Chart) return;
    new window.Chart(el, {
      type: "bar",
      data: { labels: labels, datasets: sets },
      options: { maintainAspectRatio: false, scales: { x: { stacked: false }, y: { beginAtZero: true, ticks: { precision: 0 } } } },
    });
  }
  function set(label, data) { return { label: label, data: data, tension: 0.2 }; }
  document.addEventListener("DOMContentLoaded", function () {
    var node = document.getElementById("usage-data");
    if (!node) return;
    var d = JSON.parse(node.textContent), s = d.series, t = d.labels;  // labels: translated by the server
    line("chart-activity", d.days, [
      set(t.sessions, s.sessions), set(t.rooms_created, s.rooms_created),
      set(t.games_started, s.games_started), set(t.games_finished, s.games_finished), set(t.rounds, s.rounds),
    ]);
    bar("chart-errors", d.days, [set(t.server_error, s.server_error), set(t.client_error, s.client_error)]);
    var phases = d.funnel.map(function (r) { return r.label; });
    bar("chart-funnel", phases, [
      set(t.left, d.funnel.map(function (r) { return r.left; })),
      set(t.disconnects, d.funnel.map(function (r) { return r.disconnects; })),
      set(t.reclaims, d.funnel.map(function (r) { return r.reclaims; })),
    ]);
  });
})();
