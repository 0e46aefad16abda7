// The play page: keeping it up to date, and making moves on the board.
//
// Up to date: the socket says "game N is at version V" (site.js passes it on as a
// "game-socket" event). A page that shows an older version fetches ?part=update once:
// every region comes back in one answer, swapped in by id (htmx out-of-band swaps).
// A move posted from this page answers with the same regions, so the mover needs no
// second request; a refused move answers with the reason and the page as it is now.
//
// Moves on the board: each form in the actions list carries the board elements its
// move targets (data-targets, from the engine's `targets`). Clicking a lit element
// keeps the moves whose next target it is; when one move is left and all its targets
// are picked it is submitted. Moves that share all their targets are offered as buttons,
// and so are a step's one or two moves that have no place on the board (end the turn, pass).
// Each new set of lit places is scrolled into sight: above the phone's fixed move bar, and
// inside a board that scrolls sideways. On a phone the list of all moves is one tap away.
(function () {
  "use strict";
  const body = document.body;
  if (!body.dataset.game || !document.getElementById("actions")) return;

  // ---- staying up to date -------------------------------------------------------
  let shown = parseInt(body.dataset.version || "0", 10); // the version the regions show
  let heard = shown; // the newest version this page has heard of
  let busy = false; // a request is in flight: refresh once more when it ends if needed
  let again = false;
  let failed = false;
  let queued = null; // a move clicked while a refresh was in flight

  function myMove() {
    return !!document.querySelector("#actions form[data-targets]");
  }

  function apply(html) {
    const scrollY = window.scrollY;
    const before = myMove();
    htmx.swap("#flash", html, {swapStyle: "none"});
    window.scrollTo(0, scrollY);
    restorePicks();
    // Screen readers hear when a turn begins (the regions themselves are swapped silently).
    if (myMove() && !before) document.getElementById("turn-news").textContent = gettext("Your move.");
    else if (!myMove()) document.getElementById("turn-news").textContent = "";
    // turns.js counts the games waiting for this player again (the header and the title):
    // after this page's own move no socket message says that the version changed.
    if (before !== myMove()) body.dispatchEvent(new CustomEvent("my-turn-changed"));
  }

  // Why an answer without a drawn page (X-Game-Version) came back: the server answered,
  // so the connection is not to blame. Nothing was changed by any of these.
  function unanswered(status) {
    if (status === 503) return gettext("The site was busy for a moment and did not make your move.");
    if (status === 403) return gettext("The site refused the move (HTTP 403): your session may have ended. Reload the page.");
    if (status >= 500) return interpolate(gettext("The site failed to make your move (HTTP %s)."), [status]);
    return interpolate(gettext("The site could not take the move (HTTP %s)."), [status]);
  }

  function request(url, options, move) {
    busy = true;
    body.classList.add("play-busy"); // tests wait for it to go
    return fetch(url, Object.assign({credentials: "same-origin"}, options)).then(function (response) {
      const drawn = parseInt(response.headers.get("X-Game-Version") || "", 10);
      return response.text().then(function (html) {
        if (isNaN(drawn)) {
          // No page drawn: a busy database (503), a server error, an expired session.
          if (move) {
            keepChoice(move);
            say(unanswered(response.status) + (response.status === 403 ? "" : " Your choice is kept: send it again."), true);
          } else if (response.status === 503 || response.status >= 500) {
            failed = true; // a refresh: tried again in a few seconds
            say(gettext("The site is busy for a moment: the page tries again in a few seconds."), true);
          }
          return;
        }
        // An answer older than what the page shows (it was overtaken) is dropped,
        // unless it carries a refusal the player must read.
        if (drawn >= shown || response.status >= 400) {
          if (drawn >= shown) shown = drawn;
          if (move && response.status >= 400) picks = move.picks; // kept if that move is still open
          apply(html);
          body.dataset.version = String(shown);
          if (move && response.status >= 400) focusChoice(move);
        }
        heard = Math.max(heard, drawn);
      });
    }, function () {
      // No answer at all: the move may or may not have reached the table, so the page
      // asks again in a few seconds (a choice still open stays picked).
      if (move) keepChoice(move);
      say(gettext("The connection to the table failed: the page tries again in a few seconds.") +
        (move ? " " + gettext("Your choice is kept: if the page does not show it made, send it again.") : ""), true);
      failed = true;
    }).finally(function () {
      busy = false;
      body.classList.remove("play-busy");
      if (queued) {
        const form = queued;
        queued = null;
        submit(form);
      } else if (failed) {
        failed = false;
        setTimeout(refresh, 3000);
      } else if (again || heard > shown) {
        again = false;
        refresh();
      }
    });
  }

  // A move that was not made: its buttons work again, what was picked on the board stays
  // picked, and the button that sent it is focused, ready to send it again.
  function keepChoice(move) {
    const panel = document.getElementById("actions");
    panel.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
    picks = move.picks;
    draw();
    focusChoice(move);
  }

  // Focuses the button of the move that was sent, if that move is still open (after a
  // refusal the panel is drawn anew: the same move is found by its action).
  function focusChoice(move) {
    const sent = move.form.querySelector("[name=action]");
    const form = Array.prototype.find.call(document.querySelectorAll("#actions form[data-targets]"), function (f) {
      const action = f.querySelector("[name=action]");
      return action && sent && action.value === sent.value && !f.hidden;
    });
    const button = form && form.querySelector("button");
    if (button && !button.disabled) button.focus();
  }

  function refresh() {
    if (busy) { again = true; return; }
    request(body.dataset.update, {headers: {"HX-Request": "true"}});
  }

  document.addEventListener("game-socket", function (e) {
    const msg = e.detail;
    if ((msg.type === "moved" || msg.type === "version") && msg.version > shown) {
      heard = Math.max(heard, msg.version);
      htmx.trigger(body, "game-moved", {version: msg.version}); // turns.js listens too
    }
  });
  body.addEventListener("game-moved", function (e) {
    // A new version heard while a request is on its way is fetched when it lands, if that
    // answer is older; live.js's "the table changed" (no version) always fetches again.
    if (busy && e.detail && e.detail.version) return;
    refresh();
  });
  // A message lost on the way must not leave the page behind for long.
  setInterval(function () { if (document.visibilityState === "visible") refresh(); }, 60000);

  function say(text, isError) {
    const flash = document.getElementById("flash");
    flash.innerHTML = "";
    const div = document.createElement("div");
    div.className = "flash" + (isError ? " error" : "");
    div.setAttribute("role", "alert");
    div.textContent = text;
    flash.appendChild(div);
  }

  // ---- submitting a move ----------------------------------------------------------
  function submit(form) {
    if (busy) { queued = form; return; } // sent as soon as the answer in flight has landed
    document.getElementById("flash").innerHTML = ""; // the last refusal is answered
    const panel = document.getElementById("actions");
    panel.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    const csrf = form.querySelector("[name=csrfmiddlewaretoken]");
    request(form.getAttribute("action"), { // (form.action is the input named "action")
      method: "POST",
      body: new FormData(form),
      headers: {"HX-Request": "true", "X-CSRFToken": csrf ? csrf.value : ""},
    }, {form: form, picks: picks});
    picks = [];
    listOpen = false;
  }

  document.addEventListener("submit", function (e) {
    const form = e.target;
    if (e.defaultPrevented) return; // refused at site.js's data-confirm question
    if (!form.closest("#actions") || !form.dataset.targets) return;
    e.preventDefault();
    submit(form);
  });

  // Undo (shown only while the last step can be taken back) is sent like a move: the
  // answer redraws the page at the step before, or says why the undo was refused.
  document.addEventListener("submit", function (e) {
    const form = e.target;
    if (e.defaultPrevented || !form.closest("#actions") || !form.hasAttribute("data-undo")) return;
    e.preventDefault();
    submit(form);
  });

  // ---- moves on the board -----------------------------------------------------------
  let picks = []; // the target keys clicked so far
  const PLACELESS_IN_BAR = 2;

  function moves() {
    return Array.prototype.map.call(document.querySelectorAll("#actions form[data-targets]"), function (form) {
      return {form: form, targets: JSON.parse(form.dataset.targets), label: form.dataset.label};
    });
  }

  function matching(all, keys) {
    return all.filter(function (m) {
      return keys.every(function (k, i) { return m.targets[i] === k; });
    });
  }

  function elementsFor(key) {
    return document.querySelectorAll('#board [data-target="' + CSS.escape(key) + '"], #hand [data-target="' + CSS.escape(key) + '"]');
  }

  function draw() {
    const all = moves();
    const left = matching(all, picks);
    const next = new Set();
    left.forEach(function (m) { if (m.targets.length > picks.length) next.add(m.targets[picks.length]); });
    document.querySelectorAll(".is-legal, .is-picked").forEach(function (el) {
      el.classList.remove("is-legal", "is-picked");
      if (el.dataset.madeFocusable) { el.removeAttribute("tabindex"); el.removeAttribute("role"); delete el.dataset.madeFocusable; }
    });
    let lit = 0;
    next.forEach(function (key) {
      elementsFor(key).forEach(function (el) {
        el.classList.add("is-legal");
        lit += 1;
        if (!el.hasAttribute("tabindex")) { el.tabIndex = 0; el.setAttribute("role", "button"); el.dataset.madeFocusable = "1"; }
      });
    });
    picks.forEach(function (key) { elementsFor(key).forEach(function (el) { el.classList.add("is-picked"); }); });
    const litNow = Array.prototype.slice.call(document.querySelectorAll(".is-legal"));
    const allMoves = document.querySelector("#actions details.move-all");
    if (allMoves) {
      // On a phone the list is closed unless the player opened it; a picked piece closes it
      // so that the board and the step's choices are in sight.
      allMoves.open = narrow.matches ? listOpen && !picks.length : true; // beside the board on a wide screen
    }
    // The list narrows with the board: only the moves still possible are shown.
    all.forEach(function (m) { m.form.hidden = picks.length > 0 && left.indexOf(m) < 0; });
    document.querySelectorAll("#actions .move-group").forEach(function (g) {
      g.hidden = !g.querySelector("form:not([hidden])");
    });
    drawBar(all, left, lit);
    // Once the bar has its final height: what lies under it depends on it.
    bringIntoView(litNow, Array.from(next).join("|") + "/" + picks.join("|"));
  }

  function drawBar(all, left, lit) {
    const prompt = document.querySelector("#actions .move-prompt");
    const choices = document.querySelector("#actions .move-choices");
    if (!prompt || !choices) return;
    choices.innerHTML = "";
    function offer(m) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = m.label;
      b.addEventListener("click", function () { submit(m.form); });
      choices.appendChild(b);
    }
    if (!picks.length) {
      prompt.textContent = prompt.dataset.idle;
      // A step's moves with no place on the board (end the turn, take nothing) are buttons
      // here when they are one or two; a step with more of them keeps them in the list.
      const placeless = all.filter(function (m) { return !m.targets.length; });
      if (placeless.length <= PLACELESS_IN_BAR) placeless.forEach(offer);
      choices.hidden = !choices.children.length;
      return;
    }
    // Moves whose targets are all picked, and moves whose next target is not on the
    // board (a passage's edge, say): offered as buttons here.
    const offered = left.filter(function (m) {
      return m.targets.length === picks.length || (m.targets.length > picks.length && !elementsFor(m.targets[picks.length]).length);
    });
    offered.forEach(offer);
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "link";
    cancel.textContent = gettext("Cancel");
    cancel.addEventListener("click", function () { picks = []; draw(); });
    choices.appendChild(cancel);
    choices.hidden = false;
    prompt.textContent = lit
      ? (offered.length ? gettext("Now pick one of the lit places, or choose:") : gettext("Now pick one of the lit places."))
      : gettext("Choose:");
  }

  // ---- the lit places stay in sight ------------------------------------------------
  // On a phone the move bar is fixed at the bottom: lit places must lie above it. They are
  // scrolled into view once each time the set of lit places changes (not on every update,
  // which would pull the page away from what the player is reading).
  const narrow = window.matchMedia("(max-width: 900px)");
  let listOpen = false; // the phone's list of all moves, as the player left it
  let litShown = ""; // the lit places last brought into view
  let anchor = null; // the first of them and where it should stand, until the player scrolls

  narrow.addEventListener("change", function () { draw(); }); // a phone turned, a window resized

  document.addEventListener("toggle", function (e) {
    if (e.target.classList && e.target.classList.contains("move-all") && narrow.matches) {
      listOpen = e.target.open;
    }
  }, true);

  function bringIntoView(els, key) {
    if (!els.length || key === litShown) return;
    litShown = key;
    sideways(els);
    const bar = document.getElementById("actions");
    const margin = 8;
    const bottom = (getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().top : window.innerHeight) - margin;
    let top = Infinity;
    let low = -Infinity;
    let first = null;
    els.forEach(function (el) {
      const r = el.getBoundingClientRect();
      if (r.top < top) first = el;
      top = Math.min(top, r.top);
      low = Math.max(low, r.bottom);
    });
    if (top >= margin && low <= bottom) return;
    // All of them if they fit between the top of the screen and the bar, else the first ones.
    const shift = low - top <= bottom - margin && low > bottom ? low - bottom : top - margin;
    window.scrollBy(0, shift);
    // Where the first of them should stand, even if the page is still too short to get it there.
    anchor = {el: first, top: top - shift};
  }

  // The page may still be laid out when the lit places are scrolled to: too short yet to
  // scroll that far, or growing above them. Until the player scrolls or taps, the first lit
  // place is kept where it was meant to stand.
  new ResizeObserver(function () {
    if (!anchor || !anchor.el.isConnected) return;
    const moved = anchor.el.getBoundingClientRect().top - anchor.top;
    if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
  }).observe(body);
  ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (kind) {
    window.addEventListener(kind, function () { anchor = null; }, {passive: true});
  });

  function scrollerOf(el) {
    for (let node = el.parentElement; node && node !== body; node = node.parentElement) {
      if (node.scrollWidth > node.clientWidth && /auto|scroll/.test(getComputedStyle(node).overflowX)) return node;
    }
    return null;
  }

  function sideways(els) {
    // A board that scrolls sideways (a wide city on a phone) is scrolled to its lit places.
    const groups = new Map();
    els.forEach(function (el) {
      const box = scrollerOf(el);
      if (box) groups.set(box, (groups.get(box) || []).concat([el]));
    });
    groups.forEach(function (group, box) {
      const view = box.getBoundingClientRect();
      const left = Math.min.apply(null, group.map(function (el) { return el.getBoundingClientRect().left; }));
      const right = Math.max.apply(null, group.map(function (el) { return el.getBoundingClientRect().right; }));
      if (left >= view.left && right <= view.right) return;
      if (right - left <= view.width && right > view.right) box.scrollLeft += right - view.right + 4;
      else box.scrollLeft += left - view.left - 4;
    });
  }

  function pick(key) {
    const all = moves();
    let keys = picks.concat([key]);
    if (!matching(all, keys).length) keys = [key]; // a fresh start from another first piece
    const left = matching(all, keys);
    if (!left.length) return false;
    picks = keys;
    if (left.length === 1 && left[0].targets.length === picks.length) {
      submit(left[0].form);
    }
    draw();
    return true;
  }

  function targetOf(el) {
    // The innermost element whose key is lit (a card inside a lit stack, say).
    for (let node = el; node && node !== body; node = node.parentElement) {
      if (node.classList && node.classList.contains("is-legal")) return node;
    }
    return null;
  }

  document.addEventListener("click", function (e) {
    const el = targetOf(e.target);
    if (el && pick(el.dataset.target)) { e.preventDefault(); return; }
    if (picks.length && e.target.closest("#board, #hand") && !e.target.closest("a, button, summary")) {
      picks = []; // a click beside the lit places puts the piece back
      draw();
    }
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && picks.length) { picks = []; draw(); return; }
    if ((e.key === "Enter" || e.key === " ") && e.target.classList && e.target.classList.contains("is-legal")) {
      e.preventDefault();
      pick(e.target.dataset.target);
    }
  });

  function restorePicks() {
    // After an update, keep what was picked if the same moves are still open.
    if (picks.length && !matching(moves(), picks).length) picks = [];
    draw();
  }

  draw();
})();
