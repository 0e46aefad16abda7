// The play page for screen readers and keyboards.
// - "Your turn." is said (a polite status region) when the actions panel comes to hold this
//   player's move ([data-my-turn]): on opening the page, and each time a turn begins. A
//   move that goes on in several steps (a card, then its place) says so instead.
// - Keyboard players keep their place: when the panel is drawn again under the focus (a
//   move was made with Enter), the focus goes to its first action, or to the panel itself.
// It watches the panel itself (a MutationObserver), however the page redraws it.
(function () {
  "use strict";
  const status = document.getElementById("turn-status");
  const panel = document.getElementById("actions");
  if (!status || !panel) return;
  if (!panel.hasAttribute("tabindex")) panel.setAttribute("tabindex", "-1"); // for the script only

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
  // The newest version a turn was announced at: a drawing delivered late is not a new turn.
  let said = shown === null ? -1 : shown;
  let sentAt = null; // the version this player's last move was sent from
  let focusInPanel = false;
  if (shown !== null) say(gettext("Your turn."));

  document.addEventListener("focusin", function (e) {
    focusInPanel = panel.contains(e.target);
  });

  function changed() {
    announce();
    keepFocus();
  }

  function announce() {
    const now = myTurnAt();
    if (now !== null && now === shown) {
      // Same drawing: a move sent from it disables its buttons (by the list or the board).
      if (panel.querySelector("[data-my-turn] button[disabled]")) sentAt = now;
      return;
    }
    // A turn begins when the panel was waiting before, or when this player's own move
    // led, after others' moves, to another of theirs. Another seat's move landing while
    // it is still this player's turn (a simultaneous choice) begins nothing.
    const began = shown === null || (sentAt !== null && now > sentAt);
    if (now !== null && now > said && began) {
      say(sentAt !== null && now === sentAt + 1 ? gettext("Your move goes on.") : gettext("Your turn."));
      said = now;
      sentAt = null;
    }
    shown = now;
  }

  function keepFocus() {
    // The focus was in the panel and its element was redrawn away (or the panel holds it
    // while waiting): the first action takes it, else the panel.
    const active = document.activeElement;
    if (!focusInPanel || (active && active !== document.body && active !== panel)) return;
    const first = panel.querySelector("[data-my-turn] button:not([disabled])");
    if (first) first.focus();
    else if (active !== panel) panel.focus();
  }

  new MutationObserver(changed).observe(panel, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["disabled", "data-version", "data-my-turn"],
  });
})();
