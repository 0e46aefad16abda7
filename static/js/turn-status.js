// The play page for screen readers and keyboards.
// - "Your turn" is said (a polite status region) when the actions panel comes to hold this
//   player's move ([data-my-turn]): on opening the page, and each time a turn begins. A
//   move that goes on in several steps (a card, then its place) says so instead.
// - Keyboard players keep their place: when the panel is drawn again under the focus (a
//   move was made with Enter), the focus goes to its first action, or to the panel itself.
(function () {
  "use strict";
  const status = document.getElementById("turn-status");
  const panel = document.getElementById("actions");
  if (!status || !panel) return;
  panel.setAttribute("tabindex", "-1"); // focusable by the script, not a Tab stop

  function myTurnAt() {
    // The version the panel was drawn at if it holds this player's move, else null.
    const mine = panel.querySelector("[data-my-turn]");
    return mine ? parseInt(mine.dataset.version, 10) : null;
  }

  function say(text) {
    // Emptied first, so that the same words twice in a row are announced twice.
    status.textContent = "";
    setTimeout(function () { status.textContent = text; }, 100);
  }

  let shown = myTurnAt();
  // The newest version a turn was announced at: a panel drawn earlier and delivered late
  // (answers can cross) is not a new turn.
  let said = shown === null ? -1 : shown;
  let sentAt = null;
  let focusInPanel = false;
  if (shown !== null) say("Your turn.");

  function aboutPanel(e) {
    const target = e.detail.target || e.target;
    return target === panel || target.contains(panel) || panel.contains(target);
  }

  document.addEventListener("htmx:beforeRequest", function (e) {
    if (e.detail.requestConfig.verb === "post" && panel.contains(e.target)) {
      sentAt = shown;
      focusInPanel = true; // the button sent is disabled at once, which drops the focus
    }
  });
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (aboutPanel(e) && panel.contains(document.activeElement)) focusInPanel = true;
  });
  document.addEventListener("htmx:afterSettle", function (e) {
    if (!aboutPanel(e)) return;
    const now = myTurnAt();
    // A turn begins when the panel was waiting before, or when this player's own move
    // led, after others' moves, to another of theirs. Another seat's move landing while
    // it is still this player's turn (a simultaneous choice) begins nothing.
    const began = shown === null || (sentAt !== null && now > sentAt);
    if (now !== null && now > said && began) {
      say(sentAt !== null && now === sentAt + 1 ? "Your move goes on." : "Your turn.");
      said = now;
      sentAt = null;
    }
    shown = now;
    const active = document.activeElement;
    if (focusInPanel && (!active || active === document.body || active === panel)) {
      const first = panel.querySelector("button:not([disabled])");
      (first || panel).focus();
    }
    // Kept while the focus stays in the panel; a player who went elsewhere keeps their place.
    focusInPanel = panel.contains(document.activeElement);
  });
})();
