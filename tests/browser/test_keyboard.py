"""A whole game with the keyboard alone: Tab to an action in the actions list, Enter, until
the game is over; and each turn that begins is said to screen readers ("Your turn.")."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from games import services
from tests.browser.live import wait_for_idle_htmx
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MAX_TURNS = 12  # Highcard has 3 rounds; more means the page is stuck
MAX_TABS = 60

# Records every text the status region takes (a screen reader announces each).
LISTEN = """() => {
  window.said = [];
  const region = document.getElementById("turn-status");
  new MutationObserver(() => { if (region.textContent) window.said.push(region.textContent); })
    .observe(region, {childList: true, characterData: true, subtree: true});
}"""

FOCUS_ON_ACTION = """() => {
  const el = document.activeElement;
  return !!el && el.tagName === "BUTTON" && !!el.closest("#actions [data-my-turn]");
}"""

QUIET = """() => !document.body.classList.contains("play-busy")
  && !document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling")"""

MY_TURN_OR_OVER = """() => !!document.querySelector("#actions [data-my-turn] button:not([disabled])")
  || /Game over/.test((document.getElementById("result") || {}).textContent || "")"""


@pytest.fixture
def table(transactional_db: None) -> dict[str, Any]:
    """Alice against a Medium bot at Highcard, started (made before the browser starts)."""
    alice = make_user("alice")
    game = services.create_game(alice, "highcard", 2, {}, bots={1: "heuristic"})
    client = Client()
    client.force_login(alice)
    return {"game": game.pk, "session": client.cookies["sessionid"].value}


def test_a_whole_game_is_played_with_tab_and_enter(
    table: dict[str, Any], new_context: Any, asgi_server: Any
) -> None:
    ctx = new_context()
    ctx.add_cookies([{"name": "sessionid", "value": table["session"], "url": asgi_server.url}])
    page = ctx.new_page()
    page.goto(f"/game/{table['game']}/")
    wait_for_idle_htmx(page)
    expect(page.locator("#turn-status")).to_have_text("Your turn.")  # said on opening the page
    page.evaluate(LISTEN)

    turns = 0
    while not page.locator("#result").get_by_text("Game over").is_visible():
        assert turns < MAX_TURNS, "the game did not end"
        page.wait_for_function(MY_TURN_OR_OVER)
        if page.locator("#result").get_by_text("Game over").is_visible():
            break
        # The page has settled (no refresh under way), and the focus has had time to come back.
        page.wait_for_function(QUIET)
        if turns:
            # After a move made with Enter the focus comes back to the list by itself.
            try:
                page.wait_for_function(FOCUS_ON_ACTION, timeout=3_000)
            except PlaywrightTimeout:
                pytest.fail(f"turn {turns + 1}: the focus did not come back to the actions")
        tabs = 0
        while not page.evaluate(FOCUS_ON_ACTION) and tabs < MAX_TABS:
            page.keyboard.press("Tab")
            tabs += 1
        assert page.evaluate(FOCUS_ON_ACTION), "Tab never reached an action of the list"
        version = page.locator("#actions [data-version]").get_attribute("data-version")
        page.keyboard.press("Enter")
        expect(page.locator(f"#actions [data-version='{version}']")).to_have_count(0)
        turns += 1

    assert turns == 3  # one card a round
    said = page.evaluate("() => window.said")
    # Each later round began with "Your turn." (the first was said on opening the page).
    assert said.count("Your turn.") == turns - 1, said
    assert ctx.problems == [], "\n".join(ctx.problems)
