"""Moves made on the board in a real Chromium, on a phone (390 px) and a laptop (1366 px):
each game is played by clicking its pieces and places (the list only for moves that have
no place on the board), the page never scrolls sideways, and on a phone the move bar and
the hand are on the first screen."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from games import registry, services
from games.engines.rng import Rng, seed_state
from games.models import Game, SeatKind
from tests.browser.axe import assert_accessible, violations
from tests.browser.board import no_sideways_scroll, play_one
from tests.browser.live import assert_settled
from tests.browser.test_play_loop import log_in, no_problems, open_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE, LAPTOP = 390, 1366


def open_as(new_context: Any, user: Any, pk: int, width: int) -> tuple[Any, Page]:
    ctx = new_context(width=width, height=844 if width == PHONE else 900)
    page = ctx.new_page()
    log_in(page, user.email)
    open_game(page, lambda: page.goto(f"/game/{pk}/"))
    return ctx, page


# Besides axe's serious and critical findings, the play page once had these: none is left.
ONCE_FOUND = {"scrollable-region-focusable", "heading-order", "empty-table-header"}


def accessible(page: Page) -> None:
    assert_accessible(page)
    found = {v["id"] for v in violations(page)} & ONCE_FOUND
    assert not found, found


def first_screen(page: Page) -> None:
    """On a phone the move bar and the hand are within the first screen."""
    height = page.evaluate("window.innerHeight")
    bar = page.locator("#actions").bounding_box()
    assert bar and bar["y"] + 40 <= height, "the move bar is below the first screen"
    hand = page.locator("#hand").bounding_box()
    assert hand and hand["y"] < height * 0.6, f"the hand starts at {hand['y'] if hand else None} px"


# Clicks prove something new while they reach kinds of board move not made yet (a worker put
# on a spot, a card bought from the market, a card from the hand put on a cell...); more of a
# kind already made many times is the same code path again, with other ids. So once every
# kind made so far has been made ENOUGH times, each player has made BOARD_MOVES on the board,
# and the last QUIET moves brought no new kind, the players stop clicking and the rest of the
# game is made on the server while the pages watch (which checks that it arrives live).
ENOUGH, BOARD_MOVES, QUIET = 3, 10, 20


def seen_enough(made: dict[str, Counter[str]], quiet: int) -> bool:
    kinds = sum(made.values(), Counter[str]())
    return (
        quiet >= QUIET
        and all(n >= ENOUGH for kind, n in kinds.items() if kind.startswith("board"))
        and all(on_board(counts) >= BOARD_MOVES for counts in made.values())
    )


def on_board(counts: Counter[str]) -> int:
    return sum(n for kind, n in counts.items() if kind.startswith("board"))


def play_to_the_end(pages: dict[str, Page], limit: int, mid: Any) -> dict[str, Counter[str]]:
    """Alice (phone) and Bob (laptop) play by clicking until both pages show the result, or
    `limit` moves were made, or they have seen enough (`seen_enough`); `mid(pages)` runs once
    after 20 moves. Returns each player's moves by kind."""
    made = {name: Counter[str]() for name in pages}
    quiet = 0  # moves in a row that brought no new kind of move
    idle = 0  # rounds in a row in which neither page could move
    while not all(p.locator("#result h2").count() for p in pages.values()):
        moved = False
        for name, page in pages.items():
            if page.locator("#actions form").count() and not page.locator("#result h2").count():
                kind = play_one(page, prefer=made[name].total())
                quiet = 0 if all(kind not in counts for counts in made.values()) else quiet + 1
                made[name][kind] += 1
                moved = True
        total = sum(c.total() for c in made.values())
        if total >= 20 and mid is not None:
            mid(pages)
            mid = None
        if total >= limit or (mid is None and seen_enough(made, quiet)):
            break
        if not moved:
            idle += 1
            assert idle < 600, "neither page can move for a minute: the game is stuck"
            next(iter(pages.values())).wait_for_timeout(100)  # a bot's turn, or a move on its way
        else:
            idle = 0
    return made


def finish_on_the_server(pk: int) -> None:
    """The players' remaining moves, made by the heuristic bot through the services (as if
    from other pages): the open pages must follow to the end without a reload. Bots' seats
    move in their own tasks, as always."""
    game = Game.objects.get(pk=pk)
    engine = registry.get(game.engine)
    users = {s.index: s.user for s in game.seats.all() if s.kind == SeatKind.HUMAN}
    rng = Rng(seed_state(pk))
    deadline = time.monotonic() + 120  # a guard against a hang
    while game.status == "active":
        assert time.monotonic() < deadline, "the game does not end"
        humans = [seat for seat in game.to_act if seat in users]
        if not humans:
            time.sleep(0.05)  # a bot's turn
            game.refresh_from_db()
            continue
        seat = humans[0]
        state = engine.load(game.stored_state())
        bot = getattr(engine, "bots", {})["heuristic"]
        action = bot(engine.view(state, seat), engine.legal_actions(state, seat), rng)
        services.submit_action(users[seat], pk, seat, action, game.version)
        game.refresh_from_db()


# The players click until they have seen enough (`seen_enough`: measured, 22 moves for
# Architectura, 32 for Thunderstone, 46 for Stonespine, 53 for Lords), at most `limit` moves;
# the rest of the game is made on the server while the pages watch (which checks that the end
# of a game arrives live).
@pytest.mark.parametrize(
    ("slug", "options", "limit"),
    [("stonespine", {}, 100), ("architectura", {}, 200), ("thunderstone", {}, 60), ("lords", {}, 60)],
)
def test_two_players_play_on_the_board_on_a_phone_and_a_laptop(
    alice: Any,
    bob: Any,
    new_context: Any,
    orm: Any,
    docs_screenshot: Any,
    slug: str,
    options: Any,
    limit: int,
) -> None:
    def table() -> int:
        game = services.create_game(alice, slug, 2, options)
        services.join_game(bob, game.pk)
        return game.pk

    pk = orm(table)
    ctx_a, a = open_as(new_context, alice, pk, PHONE)
    ctx_b, b = open_as(new_context, bob, pk, LAPTOP)
    pages = {"alice": a, "bob": b}
    first_screen(a)

    def mid(pages: dict[str, Page]) -> None:
        for page, width in ((a, PHONE), (b, LAPTOP)):
            # The last move may still be on its way to the other page: axe and the width are
            # measured once its redraw has landed, not halfway through it.
            assert_settled(page)
            page.evaluate("window.scrollTo(0, 0)")
            no_sideways_scroll(page)
            accessible(page)
            docs_screenshot(page, f"{slug}-mid-{width}")

    made = play_to_the_end(pages, limit, mid)
    for page in pages.values():
        assert_settled(page)  # a move still on its way would meet the server's and be refused
    orm(finish_on_the_server, pk)  # nothing left to do if the game is over
    for name, page in pages.items():
        expect(page.locator("#result")).to_contain_text("Game over")
        expect(page.locator("#links")).to_contain_text("Replay")  # live, without a reload
        expect(page.locator("#hand")).to_be_hidden()  # no stale private area at the end
        no_sideways_scroll(page)
        # Moves with a place on the board were made there; the list only for the others.
        assert on_board(made[name]) >= BOARD_MOVES, (name, made)
    assert orm(lambda: Game.objects.get(pk=pk).status) == "finished"
    for page, width in ((a, PHONE), (b, LAPTOP)):
        assert_settled(page)
        page.evaluate("window.scrollTo(0, 0)")
        accessible(page)
        docs_screenshot(page, f"{slug}-end-{width}")
    no_problems(ctx_a)
    no_problems(ctx_b)
