"""Helpers for pages that update themselves: is what the page shows what the server
would draw now?

The play page is six partials (seats, board, hand, actions, log, result), each
re-fetched by htmx on "game-moved". `assert_settled` compares each one with a fresh
rendering fetched by the page itself (same cookies, same seat), so a page left showing
an old state is caught, whichever partial is behind.
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page

PARTS = ("seats", "board", "hand", "actions", "log", "result")
# The move bar's buttons that make a move: the list's, and the step's own buttons play.js draws;
# not "Undo my last step" (a loop clicking the first button would take back each step it made).
MOVE_BUTTONS = "#actions :not(form[data-undo]) > button"


class StalePartials(AssertionError):
    """The page kept showing an older state of the game than the server's."""


# Resolves to {} when every partial shows what the server draws now, else to
# {part: {"shown": text, "fresh": text}} (texts with their whitespace squeezed).
_DIFF = """async (parts) => {
  const norm = (s) => (s || "").replace(/\\s+/g, " ").trim();
  const out = {};
  for (const part of parts) {
    const live = document.getElementById(part);
    if (!live) continue;
    // The move bar's buttons are drawn by the page (play.js), from the moves it lists.
    const shown = live.cloneNode(true);
    shown.querySelectorAll(".move-choices").forEach((e) => e.remove());
    const response = await fetch(location.pathname + "?part=" + part, {headers: {"HX-Request": "true"}});
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html").body;
    if (norm(fresh.textContent) !== norm(shown.textContent)) {
      out[part] = {shown: norm(shown.textContent), fresh: norm(fresh.textContent)};
    }
  }
  return out;
}"""


def stale_parts(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(_DIFF, list(PARTS))
    return result


def assert_settled(page: Page, timeout_ms: int = 5_000) -> None:
    """Waits until every partial shows the server's current state; StalePartials if not.

    Polls (each round trip fetches the six partials) rather than sleeping a fixed time.
    A move just clicked is waited for first: until its answer lands the server may still
    draw the old state, and the page's (disabled) buttons would look current.
    """
    wait_for_idle_htmx(page)
    deadline = time.monotonic() + timeout_ms / 1000
    while diff := stale_parts(page):
        if time.monotonic() > deadline:
            lines = [
                f"  #{part}: shows  {d['shown']!r}\n  {'':{len(part) + 1}}  server {d['fresh']!r}"
                for part, d in diff.items()
            ]
            raise StalePartials(
                f"{page.url}: the page did not catch up with the game within {timeout_ms} ms "
                "(no further refresh was coming):\n" + "\n".join(lines)
            )
        page.wait_for_timeout(200)  # lets the page's own refreshes land


def expect_live(page: Page, expectation: Any) -> None:
    """Runs a Playwright expectation; if it times out because the page is stuck on an
    older state of the game, says so (StalePartials) instead."""
    try:
        expectation()
    except AssertionError as exc:
        diff = stale_parts(page)
        if diff:
            raise StalePartials(f"{exc}\n\nThe page is behind the server: {diff}") from exc
        raise


def wait_for_idle_htmx(page: Page) -> None:
    """No request in flight: neither htmx's nor the play page's own (play.js)."""
    # A function, not an expression: Playwright polls an expression with eval(), which the
    # site's Content Security Policy (no 'unsafe-eval') refuses.
    page.wait_for_function("() => !document.querySelector('.htmx-request, .play-busy')")
