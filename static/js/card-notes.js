// A card's note (what it does, in words) opens with a tap or a click and stays until it is
// dismissed: the card tapped again, a tap anywhere else, or Escape. Hover shows it as well
// where there is a mouse (the games' stylesheets). A lit card is picked instead (play.js).
(function () {
  "use strict";
  const CARDS = ".ts-card, .ar-card";
  const NOTES = ".ts-tip, .ar-tip";
  let open = null;

  function close() {
    if (open) open.classList.remove("tip-open");
    open = null;
  }

  document.addEventListener("click", function (e) {
    const card = e.target.closest ? e.target.closest(CARDS) : null;
    const was = open;
    close();
    if (!card || card === was || card.closest(".is-legal") || !card.querySelector(NOTES)) return;
    card.classList.add("tip-open");
    open = card;
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") close();
  });
})();
