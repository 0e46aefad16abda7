// A card's note (what it does, in words) opens with a tap or a click and stays until it is
// dismissed: the card tapped again, a tap anywhere else, or Escape. Hover shows it as well
// where there is a mouse (the games' stylesheets). A lit card is picked instead (play.js).
(function () {
  "use strict";
  const CARDS = ".ts-card, .ar-card";
  const NOTES = ".ts-tip, .ar-tip";
  let open = null;
  let picked = false; // the tap fell on a lit card: a pick, not a question

  // Read before any other handler runs: picking a card redraws the board (play.js), and the
  // card is no longer lit by the time this tap reaches the document.
  document.addEventListener("click", function (e) {
    picked = Boolean(e.target.closest && e.target.closest(".is-legal"));
  }, true);

  function close() {
    if (open) open.classList.remove("tip-open");
    open = null;
  }

  document.addEventListener("click", function (e) {
    const card = e.target.closest ? e.target.closest(CARDS) : null;
    const was = open;
    close();
    if (!card || card === was || picked || !card.querySelector(NOTES)) return;
    card.classList.add("tip-open");
    open = card;
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") close();
  });
})();
