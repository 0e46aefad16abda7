// A tournament's page: its socket says only "the tournament changed" (a sign-up, a table
// over, a new round); the live region (status, tables, standings) is fetched again.
(function () {
  "use strict";
  const region = document.querySelector("[data-tournament]");
  if (!region || !window.siteSocket) return;
  let timer = null;
  let opened = false;
  function changed() {
    clearTimeout(timer);
    timer = setTimeout(function () { htmx.trigger(region, "tournament-changed"); }, 300);
  }
  window.siteSocket("/ws/tournament/" + Number(region.dataset.tournament) + "/", function (msg) {
    if (msg.type === "tournament") changed();
  }, function () {
    if (opened) changed(); // reconnected: a change may have been missed
    opened = true;
  });
})();
