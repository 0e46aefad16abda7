// Turn clocks count down in the page, in words ("2 days 4 hours"), as games/clocks.py
// writes them, in the page's language. The server says how many seconds were left when it drew a clock
// (data-left), so a browser whose own clock is wrong still counts right.
(function () {
  "use strict";
  const UNITS = [[86400, "day"], [3600, "hour"], [60, "minute"], [1, "second"]];

  function inWords(seconds) {
    let left = Math.max(0, Math.floor(seconds));
    const parts = [];
    for (const [size, unit] of UNITS) {
      const count = Math.floor(left / size);
      left -= count * size;
      if (count || parts.length) parts.push([count, unit]);
      if (parts.length === 2) break;
    }
    const words = parts.filter(function (p) { return p[0]; })
      .map(function (p) { return unitWords(p[0], p[1]); });
    if (words.length === 2) return interpolate(gettext("%(first)s %(second)s"), {first: words[0], second: words[1]}, true);
    return words[0] || unitWords(0, "second");
  }

  // The same sentences as games/clocks.py, from the page's catalogue (/jsi18n/).
  function unitWords(n, unit) {
    const forms = {
      day: ngettext("%(n)s day", "%(n)s days", n),
      hour: ngettext("%(n)s hour", "%(n)s hours", n),
      minute: ngettext("%(n)s minute", "%(n)s minutes", n),
      second: ngettext("%(n)s second", "%(n)s seconds", n),
    };
    return interpolate(forms[unit], {n: n}, true);
  }

  // A clock that reaches zero on a game page asks the server to enforce it now (the
  // server checks with its own time; the sweep would do it within the minute anyway).
  function ranOut(el) {
    const url = el.dataset.ranOut;
    if (!url) return;
    const headers = JSON.parse(document.body.getAttribute("hx-headers") || "{}"); // the CSRF token
    fetch(url, {method: "POST", headers: headers, credentials: "same-origin"}).catch(function () {});
  }

  function tick() {
    const now = performance.now();
    document.querySelectorAll(".clock[data-left]").forEach(function (el) {
      if (!el.dataset.until) el.dataset.until = String(now + 1000 * Number(el.dataset.left));
      const left = (Number(el.dataset.until) - now) / 1000;
      const words = inWords(left);
      if (el.textContent !== words) el.textContent = words;
      el.classList.toggle("low", left <= Number(el.dataset.low || 0));
      if (left <= 0 && !el.dataset.claimed) {
        el.dataset.claimed = "1";
        ranOut(el);
      }
    });
  }

  tick();
  setInterval(tick, 1000);
})();
