"""Readable in the light and in the dark: axe-core finds no serious or critical violation
(colour contrast included) on every game's play page, the lobby, the profile and the
settings, with the system set to light and to dark mode."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games import services
from tests.browser.axe import BLOCKING, describe, violations
from tests.browser.test_play_loop import log_in, no_problems, open_game
from tests.browser.test_widths import mid_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCHEMES = ("light", "dark")


def blocking(page: Any) -> list[dict[str, Any]]:
    return [v for v in violations(page) if v["impact"] in BLOCKING]


@pytest.mark.parametrize(
    ("slug", "moves"),
    [("stonespine", 30), ("architectura", 14), ("thunderstone", 40), ("lords", 30), ("highcard", 1)],
)
def test_every_play_page_passes_axe_in_light_and_dark_mode(
    alice: Any, bob: Any, new_context: Any, orm: Any, docs_screenshot: Any, slug: str, moves: int
) -> None:
    pk = orm(mid_game, alice, bob, slug, moves)
    found = {}
    for scheme in SCHEMES:
        ctx = new_context(width=1366, height=900, color_scheme=scheme)
        page = ctx.new_page()
        log_in(page, alice.email)
        open_game(page, lambda page=page: page.goto(f"/game/{pk}/"))
        if page.locator("#key").count():  # the key to the icons, open
            page.locator("#key summary").click()
        found[scheme] = blocking(page)
        if scheme == "dark" and slug != "highcard":  # the pictures the README links
            docs_screenshot(page, f"{slug}-dark-1366")
        page.set_viewport_size({"width": 390, "height": 844})  # the phone's layout too
        page.wait_for_timeout(50)
        if page.locator("#actions .move-list").count():  # the phone's bar: the list behind a tap
            expect(page.locator("#actions .move-list")).to_be_hidden()
        found[scheme] += blocking(page)
        if scheme == "dark" and slug != "highcard":  # the pictures the README links
            page.evaluate("window.scrollTo(0, 0)")
            docs_screenshot(page, f"{slug}-dark-390")
        no_problems(ctx)
    assert not any(found.values()), "\n".join(f"{s}:\n{describe(v)}" for s, v in found.items() if v)


def test_the_lobby_profile_and_settings_pass_axe_in_light_and_dark_mode(
    alice: Any, bob: Any, new_context: Any, orm: Any
) -> None:
    def tables() -> None:
        services.create_game(bob, "lords", 2, {}, pace="2d")  # an open table, with its clock
        game = services.create_game(alice, "stonespine", 2, {}, bots={1: "heuristic"})
        assert game.status == "active"

    orm(tables)
    found = {}
    for scheme in SCHEMES:
        ctx = new_context(color_scheme=scheme)
        page = ctx.new_page()
        log_in(page, alice.email)
        for path in ("/", "/players/alice/", "/accounts/profile/"):
            page.goto(path)
            expect(page.locator("main h1").first).to_be_visible()
            found[f"{scheme} {path}"] = blocking(page)
        no_problems(ctx)
    assert not any(found.values()), "\n".join(f"{s}:\n{describe(v)}" for s, v in found.items() if v)
