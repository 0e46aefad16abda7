// The header's "your move" count, and the same count in the page title, kept live:
// fetched again when a turn of ours may have begun ("your_turn"), ended (a move on this
// page, a timeout: "turns"), or when the page comes back into view.
(function () {
  "use strict";
  const badge = document.querySelector("[data-your-move]");
  if (!badge) return;
  const title = document.title;
  let timer = null;

  function show(count) {
    badge.dataset.yourMove = String(count);
    badge.querySelector(".count").textContent = String(count);
    badge.hidden = count === 0;
    document.title = (count ? "(" + count + ") " : "") + title;
  }

  function refresh() {
    clearTimeout(timer);
    timer = setTimeout(function () {
      fetch(badge.dataset.url, {credentials: "same-origin", headers: {Accept: "application/json"}})
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) { if (data) show(Number(data.count)); })
        .catch(function () {});
    }, 300);
  }

  show(Number(badge.dataset.yourMove || "0"));
  document.addEventListener("player-socket", function (e) {
    if (e.detail.type === "your_turn" || e.detail.type === "turns") refresh();
  });
  // A move can only end one of our turns if we have one.
  document.body.addEventListener("game-moved", function () {
    if (Number(badge.dataset.yourMove) > 0) refresh();
  });
  // The play page drew a turn of ours beginning or ending (our own move, say).
  document.body.addEventListener("my-turn-changed", refresh);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") refresh();
  });
})();
