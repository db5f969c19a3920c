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
    var d = JSON.parse(node.textContent), s = d.series;
    line("chart-activity", d.days, [
      set("Sessions", s.sessions), set("Rooms created", s.rooms_created),
      set("Games started", s.games_started), set("Games finished", s.games_finished), set("Rounds", s.rounds),
    ]);
    bar("chart-errors", d.days, [set("Server errors", s.server_error), set("Browser errors", s.client_error)]);
    var phases = d.funnel.map(function (r) { return r.label; });
    bar("chart-funnel", phases, [
      set("Left", d.funnel.map(function (r) { return r.left; })),
      set("Disconnected", d.funnel.map(function (r) { return r.disconnects; })),
      set("Came back", d.funnel.map(function (r) { return r.reclaims; })),
    ]);
  });
})();
