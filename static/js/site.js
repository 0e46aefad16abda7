// Live updates. The server only ever says "game N is at version V"; the page then
// re-fetches its own partials (hx-trigger="game-moved from:body"), so no game data
// travels over the socket.
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

  function announced() {
    // The newest version this page has heard of (socket message or a partial's header).
    return parseInt(body.dataset.version || "0", 10);
  }

  function currentVersion() {
    // The version the actions panel was drawn at: what the next POST will claim.
    const drawn = document.querySelector("#actions [data-version]");
    return parseInt((drawn && drawn.dataset.version) || body.dataset.version || "0", 10);
  }

  // Each partial comes with the version it was drawn at (X-Game-Version). One drawn
  // before the version the socket announced (a move landed while it was fetched, or
  // an older answer arrived last) fetches itself again; one drawn after it means a
  // message never came, and the rest of the page catches up with it.
  document.addEventListener("htmx:afterSettle", function (e) {
    const xhr = e.detail.xhr;
    const drawn = parseInt((xhr && xhr.getResponseHeader("X-Game-Version")) || "", 10);
    if (isNaN(drawn) || drawn === announced()) return;
    if (drawn < announced()) {
      htmx.trigger(e.target, "stale");
    } else {
      body.dataset.version = drawn;
      htmx.trigger(body, "game-moved");
    }
  });

  const gameId = body.dataset.game;
  if (gameId) {
    connect("/ws/game/" + gameId + "/", function (msg) {
      if (msg.type === "moved" && msg.version > currentVersion()) {
        body.dataset.version = Math.max(msg.version, announced());
        htmx.trigger(body, "game-moved");
      }
      announce("game-socket", msg);
    }, function () {
      // After a reconnect we may have missed messages: catch up once.
      htmx.trigger(body, "game-moved");
    });
    // A message lost on the way must not leave the page behind for long: once a minute
    // the actions panel is fetched again, and its X-Game-Version brings the rest along.
    setInterval(function () {
      const panel = document.getElementById("actions");
      if (panel && document.visibilityState === "visible") htmx.trigger(panel, "stale");
    }, 60000);
  }

  // A form with data-confirm asks before it is sent (inline handlers would break the
  // Content Security Policy).
  document.addEventListener("submit", function (e) {
    const ask = e.target.dataset && e.target.dataset.confirm;
    if (ask && !window.confirm(ask)) e.preventDefault();
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
        toast('Your turn in <a href="/game/' + Number(msg.game_id) + '/">game ' + Number(msg.game_id) + "</a>");
      }
    });
  }
})();
