"""The Content Security Policy holds in a real Chromium: every page is served with it,
and nothing on them (scripts, styles, htmx's swaps, the game's socket) is refused while
a whole game is played. The context records each `securitypolicyviolation` event and
console error (tests/browser/conftest.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from games import services
from tests.browser.live import MOVE_BUTTONS, assert_settled, expect_live
from tests.browser.test_play_loop import log_in, no_problems, open_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = [
    "/",
    "/games/",
    "/games/stonespine/how-to-play/",
    "/games/architectura/how-to-play/",
    "/games/thunderstone/how-to-play/",
    "/players/Alice/",
    "/accounts/profile/",
]


def refused(page: Page) -> list[str]:
    violations: list[str] = page.evaluate("window.cspViolations")
    return violations


@pytest.fixture
def two_games(alice: Any) -> list[int]:
    """Two Highcard games of alice against a bot (made before the browser starts: the
    ORM cannot run in the test's thread while it is up)."""
    return [services.create_game(alice, "highcard", 2, {}, bots={1: "heuristic"}).pk for _ in range(2)]


def test_every_page_is_served_under_the_policy_and_nothing_is_refused(alice: Any, new_context: Any) -> None:
    ctx = new_context()
    page = ctx.new_page()
    log_in(page, "alice@example.com")
    for path in PAGES:
        response = page.goto(path)
        assert response is not None and response.status == 200, path
        policy = response.headers.get("content-security-policy", "")
        assert "default-src 'self'" in policy and "style-src 'self'" in policy, (path, policy)
        assert refused(page) == [], path
    no_problems(ctx)


def test_a_whole_game_is_played_under_the_policy(two_games: list[int], new_context: Any) -> None:
    game, other = two_games
    ctx = new_context()
    page = ctx.new_page()
    log_in(page, "alice@example.com")
    # Opening the page waits for the socket (connect-src) to open and the page to refresh.
    open_game(page, lambda: page.goto(f"/game/{game}/"))
    result = page.locator("#result")
    for turn in range(12):
        assert_settled(page)
        if result.get_by_text("Game over").is_visible():
            break
        page.locator(MOVE_BUTTONS).first.click()
        expect_live(page, lambda t=turn: expect(page.locator("#log")).to_contain_text(f"Round {t + 1}:"))
    else:
        pytest.fail("the game was not over after 12 turns")
    assert refused(page) == []

    # Resigning asks first (data-confirm, not an inline handler): no, then yes.
    open_game(page, lambda: page.goto(f"/game/{other}/"))
    resign = page.get_by_role("button", name="Resign")
    page.once("dialog", lambda dialog: dialog.dismiss())
    resign.click()
    expect(resign).to_be_visible()
    page.once("dialog", lambda dialog: dialog.accept())
    resign.click()
    expect(page.locator("ul.messages")).to_contain_text(re.compile("resigned", re.I))
    assert refused(page) == []
    no_problems(ctx)
