// The sign-up form sends the browser's own time zone (a hidden field), so that times and the
// morning digest are the player's own from the start; the settings page can change it.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  let zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (e) {
    return; // no Intl support: the account starts on UTC
  }
  for (const field of document.querySelectorAll("input[data-browser-timezone]")) {
    if (!field.value) field.value = zone;
  }
});
