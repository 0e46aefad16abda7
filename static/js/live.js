// Pages that follow the tables without reloading:
// - a waiting room turns into the game when it starts (and shows who joined or left);
// - the play page draws every region again when the table changed besides a move
//   (a clock ran out, a seat was claimed back, a player went on vacation);
// - the lobby's lists are fetched again when a table opens, fills, starts or ends, and
//   "my games" when one of our turns begins or ends.
(function () {
  "use strict";
  const body = document.body;

  document.addEventListener("game-socket", function (e) {
    const msg = e.detail;
    if (document.querySelector(".waiting-room")) {
      if (msg.type === "moved" || msg.type === "table") location.reload();
    } else if (msg.type === "table") {
      htmx.trigger(body, "game-moved");
    }
  });

  if (!document.querySelector("[data-lobby]") || !window.siteSocket) return;
  let timer = null;
  let opened = false;
  function changed() {
    clearTimeout(timer);
    timer = setTimeout(function () { htmx.trigger(body, "lobby-changed"); }, 300);
  }
  window.siteSocket("/ws/lobby/", function (msg) {
    if (msg.type === "lobby") changed();
  }, function () {
    if (opened) changed(); // reconnected: we may have missed a change
    opened = true;
  });
  document.addEventListener("player-socket", function (e) {
    if (e.detail.type === "your_turn" || e.detail.type === "turns") changed();
  });
})();
