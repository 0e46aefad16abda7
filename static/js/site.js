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

  function currentVersion() {
    // The version the actions panel was drawn at: what the next POST will claim.
    const drawn = document.querySelector("#actions [data-version]");
    return parseInt((drawn && drawn.dataset.version) || body.dataset.version || "0", 10);
  }

  // A partial drawn at an older version than the socket announced (a move landed
  // while it was being fetched) asks for one more refresh, so the page always catches up.
  document.addEventListener("htmx:afterSettle", function (e) {
    if (e.target.id === "actions" && currentVersion() < parseInt(body.dataset.version || "0", 10)) {
      htmx.trigger(body, "game-moved");
    }
  });

  const gameId = body.dataset.game;
  if (gameId) {
    connect("/ws/game/" + gameId + "/", function (msg) {
      if (msg.type === "moved" && msg.version > currentVersion()) {
        body.dataset.version = msg.version;
        htmx.trigger(body, "game-moved");
      }
    }, function () {
      // After a reconnect we may have missed messages: catch up once.
      htmx.trigger(body, "game-moved");
    });
  }

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
      if (msg.type === "your_turn" && String(msg.game_id) !== gameId) {
        toast('Your turn in <a href="/game/' + Number(msg.game_id) + '/">game ' + Number(msg.game_id) + "</a>");
      }
    });
  }
})();
