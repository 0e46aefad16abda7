"""Each game's play page mid-game at every width from a small phone to a wide screen:
nothing scrolls the page sideways (a board may scroll inside its own labelled region),
no card or chamber name is cut off, and the page passes axe in light and dark mode."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page

from games import registry, services
from games.models import Game
from tests.browser.axe import assert_accessible
from tests.browser.board import no_sideways_scroll
from tests.browser.test_play_loop import log_in, no_problems, open_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
WIDTHS = (360, 390, 768, 1366, 1920)
NAMES = ".cname, .ar-name, .ts-name, .ss-player h3, .ar-label"

# Elements whose text is wider than their box (cut off, or spilling over a neighbour).
_CLIPPED = """(selector) => Array.from(document.querySelectorAll(selector))
  .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
  .map((el) => el.textContent.trim())"""


def mid_game(alice: Any, bob: Any, slug: str, moves: int) -> int:
    """A game between Alice and Bob, `moves` random legal moves in."""
    game = services.create_game(alice, slug, 2, {})
    services.join_game(bob, game.pk)
    users = {0: alice, 1: bob}
    engine = registry.get(slug)
    rng = random.Random(7)
    for _ in range(moves):
        game = Game.objects.get(pk=game.pk)
        if game.status != "active":
            break
        seat = game.to_act[0]
        legal = engine.legal_actions(engine.load(game.stored_state()), seat)
        services.submit_action(users[seat], game.pk, seat, rng.choice(legal), game.version)
    return game.pk


def clipped(page: Page) -> list[str]:
    result: list[str] = page.evaluate(_CLIPPED, NAMES)
    return result


@pytest.mark.parametrize(("slug", "moves"), [("stonespine", 30), ("architectura", 14), ("thunderstone", 40)])
def test_the_play_page_fits_every_width(
    alice: Any, bob: Any, new_context: Any, orm: Any, slug: str, moves: int
) -> None:
    pk = orm(mid_game, alice, bob, slug, moves)
    for scheme in ("light", "dark"):
        ctx = new_context(width=WIDTHS[0], height=800, color_scheme=scheme)
        page = ctx.new_page()
        log_in(page, alice.email)
        open_game(page, lambda page=page: page.goto(f"/game/{pk}/"))
        for width in WIDTHS if scheme == "light" else (390, 1366):
            page.set_viewport_size({"width": width, "height": 800})
            page.wait_for_timeout(50)
            no_sideways_scroll(page)
            cards = page.locator("#hand .ts-card, #hand .ar-card")
            if cards.count():  # a card's note, open at the right edge, stays on the screen
                cards.last.hover()
                no_sideways_scroll(page)
                page.mouse.move(0, 0)
            assert clipped(page) == [], f"{width} px: names cut off"
        assert_accessible(page)
        no_problems(ctx)
