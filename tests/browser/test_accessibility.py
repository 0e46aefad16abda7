"""Every main page outside the play page, checked by axe-core in Chromium, for a visitor
and for a logged-in player. The new-table form's fields
follow the player count in the browser."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from playwright.sync_api import expect

from games import registry, services
from tests.browser.axe import assert_accessible, describe, violations
from tests.conftest import make_user
from tests.ratings.factory import highcard

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def history(transactional_db: None) -> dict[str, Any]:
    """Alice with a few rated Highcard games against Bob and a bot, and her session cookie
    (made before the browser starts: the ORM is off-limits while it runs)."""
    alice, bob = make_user("alice"), make_user("bob")
    for n in range(6):
        highcard([alice, bob, "heuristic"], [3, 1, 2] if n % 2 else [1, 2, 3])
    # The lobby's three lists all have rows: an open table, a game of hers, finished games.
    services.create_game(bob, "stonespine", 3, {"face_down": True})
    services.create_game(alice, "highcard", 2, {}, bots={1: "heuristic"})
    client = Client()
    client.force_login(alice)
    return {"session": client.cookies["sessionid"].value, "slugs": sorted(registry.engines())}


def logged_in(new_context: Any, session: str, server_url: str) -> Any:
    ctx = new_context()
    ctx.add_cookies([{"name": "sessionid", "value": session, "url": server_url}])
    return ctx


def check(page: Any, path: str) -> None:
    """No axe-core violation at all, whatever its impact: these pages have none today (the
    play pages are held to the shared rule, no serious or critical one)."""
    page.goto(path)
    expect(page.locator("main h1").first).to_be_visible()
    found = violations(page)
    assert not found, f"axe-core on {path}:\n{describe(found)}"


def test_the_pages_a_visitor_sees_pass_axe(history: dict[str, Any], new_context: Any) -> None:
    page = new_context().new_page()
    for path in [
        "/",
        "/games/",
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/password/reset/",
        "/players/alice/",
        "/players/alice/highcard/",
        *(f"/games/{slug}/how-to-play/" for slug in history["slugs"]),
        *(f"/games/{slug}/leaderboard/" for slug in history["slugs"]),
        *(f"/games/{slug}/statistics/" for slug in history["slugs"]),
    ]:
        check(page, path)
    assert page.context.problems == [], "\n".join(page.context.problems)


def test_the_pages_a_player_sees_pass_axe(
    history: dict[str, Any], new_context: Any, asgi_server: Any
) -> None:
    page = logged_in(new_context, history["session"], asgi_server.url).new_page()
    for path in [
        "/",
        "/games/",
        "/accounts/profile/",
        "/accounts/profile/?welcome=1",
        "/players/alice/",
        *(f"/games/{slug}/new/" for slug in history["slugs"]),
    ]:
        check(page, path)
    assert page.context.problems == [], "\n".join(page.context.problems)


def test_the_new_table_form_shows_the_fields_that_apply(
    history: dict[str, Any], new_context: Any, asgi_server: Any
) -> None:
    page = logged_in(new_context, history["session"], asgi_server.url).new_page()
    page.goto("/games/stonespine/new/")
    players, jael = page.get_by_label("Players"), page.get_by_label("Jael's deck")
    expect(players).to_have_value("4")
    expect(jael).to_be_hidden()
    expect(page.get_by_label("Chambers")).to_be_visible()
    for seat in (2, 3, 4):
        expect(page.get_by_label(f"Seat {seat}")).to_be_visible()
    expect(page.get_by_label("Seat 5")).to_be_hidden()
    expect(page.get_by_text("Seats beyond the number of players are ignored.")).to_be_hidden()

    players.select_option("1")
    expect(jael).to_be_visible()
    expect(page.get_by_label("Chambers")).to_be_hidden()
    expect(page.get_by_role("group", name="The other seats")).to_be_hidden()
    expect(page.get_by_label(re.compile("^Rated"))).to_be_hidden()
    assert_accessible(page)

    players.select_option("5")
    expect(page.get_by_label("Seat 5")).to_be_visible()
    expect(page.get_by_label("Seat 2").locator("option")).to_have_text(
        ["Open for a player", *[_rated(f"{level} bot") for level in _levels("stonespine")]]
    )

    page.goto("/games/architectura/new/")
    swaps = page.get_by_label("Buildings each player may replace")
    expect(swaps).to_be_hidden()
    page.get_by_label(re.compile("^Game")).select_option("advanced")
    expect(swaps).to_be_visible()
    assert page.context.problems == [], "\n".join(page.context.problems)


def _rated(name: str) -> re.Pattern[str]:
    """A bot's name in the menu, with its ladder rating beside it where the ladder has one."""
    return re.compile(rf"^{name}( \(rated -?\d+(, provisional)?\))?$")


def _levels(slug: str) -> list[str]:
    return ["Easy", "Medium", *(["Hard"] if _has_hard(slug) else [])]


def _has_hard(slug: str) -> bool:
    return "hard" in getattr(registry.get(slug), "bots", {})


@pytest.mark.parametrize("width", [360, 390])
def test_the_pages_fit_a_phone_without_scrolling_sideways(
    history: dict[str, Any], new_context: Any, asgi_server: Any, width: int
) -> None:
    visitor = new_context().new_page()
    player = logged_in(new_context, history["session"], asgi_server.url).new_page()
    for page, paths in [
        (visitor, ["/", "/games/", "/accounts/signup/"]),
        (
            player,
            ["/", "/games/", "/accounts/profile/?welcome=1", *(f"/games/{s}/new/" for s in history["slugs"])],
        ),
    ]:
        page.set_viewport_size({"width": width, "height": 800})
        for path in paths:
            page.goto(path)
            expect(page.locator("main h1").first).to_be_visible()
            wide = page.evaluate("() => document.documentElement.scrollWidth")
            assert wide <= width, f"{path} is {wide} px wide on a {width} px screen"
