// The game chat, live: the socket says only that line N exists ("chat"); the page
// fetches the lines after the last one it shows (the server leaves out the players this
// viewer muted, and escapes the text). Sending stays on the page.
(function () {
  "use strict";
  const box = document.querySelector("[data-chat]");
  if (!box) return;
  const list = box.querySelector(".chat-lines");
  const form = box.querySelector("form.chat-form");
  const error = box.querySelector(".chat-error");
  let busy = false;
  let again = false;

  function lastId() {
    const shown = list.querySelectorAll("li[data-id]");
    return shown.length ? shown[shown.length - 1].dataset.id : "0";
  }

  function fetchNew() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(box.dataset.chat + "?after=" + encodeURIComponent(lastId()), {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : ""; })
      .then(function (html) {
        if (html.trim()) {
          list.insertAdjacentHTML("beforeend", html);
          list.scrollTop = list.scrollHeight;
        }
      })
      .catch(function () {})
      .finally(function () {
        busy = false;
        if (again) { again = false; fetchNew(); }
      });
  }

  document.addEventListener("game-socket", function (e) {
    if (e.detail.type === "chat") fetchNew();
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") fetchNew();
  });
  list.scrollTop = list.scrollHeight;

  if (!form) return;
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    fetch(form.action, {
      method: "POST",
      body: new FormData(form),
      credentials: "same-origin",
      headers: {"X-Requested-With": "fetch"},
    }).then(function (r) {
      if (r.ok) {
        form.reset();
        error.hidden = true;
        fetchNew();
      } else {
        r.text().then(function (text) { error.textContent = text; error.hidden = false; });
      }
    }).catch(function () {
      error.textContent = gettext("The message could not be sent; try again.");
      error.hidden = false;
    });
  });
})();
