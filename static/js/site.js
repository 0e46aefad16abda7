// Live updates. The server only ever says "game N is at version V" (and, when a socket
// opens, the version now); the page then fetches its own regions (play.js), so no game
// data travels over the socket.
(function () {
  "use strict";
  const body = document.body;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";

  function connect(path, onMessage, onOpen) {
    let delay = 1000;
    let ping = null;
    function open() {
      const ws = new WebSocket(scheme + location.host + path);
      ws.onopen = function () {
        delay = 1000;
        if (onOpen) onOpen(ws);
        ping = setInterval(function () { ws.send(JSON.stringify({type: "ping"})); }, 45000);
      };
      ws.onmessage = function (e) { onMessage(JSON.parse(e.data)); };
      ws.onclose = function (e) {
        clearInterval(ping);
        if (e.code >= 4400) return; // refused: not allowed to watch
        setTimeout(open, delay);
        delay = Math.min(delay * 2, 30000);
      };
    }
    open();
  }

  // Other scripts (clock.js, turns.js, live.js, chat.js) hear every socket message as a
  // DOM event, "game-socket" or "player-socket", and may open sockets of their own.
  function announce(name, msg) {
    document.dispatchEvent(new CustomEvent(name, {detail: msg}));
  }
  window.siteSocket = connect;

  // The play page's own script (play.js) keeps it up to date from these messages.
  const gameId = body.dataset.game;
  if (gameId) {
    connect("/ws/game/" + gameId + "/", function (msg) { announce("game-socket", msg); });
  }

  // A form with data-confirm asks before it is sent (inline handlers would break the
  // Content Security Policy).
  document.addEventListener("submit", function (e) {
    const ask = e.target.dataset && e.target.dataset.confirm;
    if (ask && !window.confirm(ask)) e.preventDefault();
  });

  // The messages after a redirect ("You joined the table.") are read and go; an error stays
  // until its × is pressed.
  const MESSAGE_SECONDS = 8;
  document.querySelectorAll(".messages li").forEach(function (li) {
    if (!li.classList.contains("error")) setTimeout(function () { li.remove(); }, MESSAGE_SECONDS * 1000);
  });
  document.addEventListener("click", function (e) {
    const dismiss = e.target.closest && e.target.closest(".messages .dismiss");
    if (dismiss) dismiss.closest("li").remove();
  });

  function toast(html) {
    const box = document.getElementById("toasts");
    if (!box) return;
    const div = document.createElement("div");
    div.className = "toast";
    div.innerHTML = html;
    box.appendChild(div);
    setTimeout(function () { div.remove(); }, 15000);
  }

  if (body.dataset.user) {
    connect("/ws/me/", function (msg) {
      announce("player-socket", msg);
      if (msg.type === "your_turn" && String(msg.game_id) !== gameId) {
        const id = Number(msg.game_id);
        toast(interpolate(gettext('Your turn in <a href="%(url)s">game %(id)s</a>'), {url: "/game/" + id + "/", id: id}, true));
      }
    });
  }
})();
