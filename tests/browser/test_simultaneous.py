"""Two clicks at the same moment: both players see a clear outcome.

Bob's page is held at version 0 (its refreshes are kept back) while Alice's choice lands,
so his click reaches the server after the version moved on: in a simultaneous choice it
still counts. A page of Alice's own, left behind after she chose, is told why its second
click is refused, in words, and brought up to date without a script error.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from games.models import Game, Move
from tests.browser.live import MOVE_BUTTONS
from tests.browser.test_play_loop import log_in, no_problems, open_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ACT = re.compile(r"/act/?$")


def open_page(new_context: Any, user: Any, pk: int) -> tuple[Any, Page]:
    ctx = new_context()
    page = ctx.new_page()
    log_in(page, user.email)
    open_game(page, lambda: page.goto(f"/game/{pk}/"))
    return ctx, page


def hold_moves(page: Page) -> list[Route]:
    """The page's next move is kept on its way until the test lets it go."""
    held: list[Route] = []
    page.route(ACT, lambda route: held.append(route))
    return held


def release(page: Page, held: list[Route]) -> None:
    while not held:
        page.wait_for_timeout(20)  # route handlers run while Playwright is being called
    held.pop().continue_()
    page.unroute(ACT)


def test_two_simultaneous_choices_both_count(
    duel: Game, alice: Any, bob: Any, new_context: Any, orm: Any
) -> None:
    ctx_a, a = open_page(new_context, alice, duel.pk)
    ctx_b, b = open_page(new_context, bob, duel.pk)
    held = hold_moves(b)
    b.locator(MOVE_BUTTONS).first.click()  # Bob clicks first, drawn at version 0...
    a.locator(MOVE_BUTTONS).first.click()  # ...but Alice's choice lands first
    expect(a.locator("#actions")).to_contain_text("Waiting for the other seats")
    release(b, held)  # Bob's choice arrives at version 1: it still counts
    for page in (a, b):
        expect(page.locator("#log")).to_contain_text("Round 1:")
        expect(page.locator("#flash")).not_to_contain_text("moved on")
    assert orm(lambda: list(Move.objects.filter(game=duel).values_list("seat", flat=True)))[:2] == [0, 1]
    no_problems(ctx_a)
    no_problems(ctx_b)


def test_a_click_on_a_page_left_behind_says_why_and_catches_up(
    duel: Game, alice: Any, new_context: Any, orm: Any
) -> None:
    ctx, first = open_page(new_context, alice, duel.pk)
    second = ctx.new_page()
    open_game(second, lambda: second.goto(f"/game/{duel.pk}/"))
    held = hold_moves(second)
    second.locator(MOVE_BUTTONS).last.click()
    first.locator(MOVE_BUTTONS).first.click()
    expect(first.locator("#actions")).to_contain_text("Waiting for the other seats")
    release(second, held)  # Alice has already chosen on her other page
    expect(second.locator("#flash")).to_contain_text("moved on")
    expect(second.locator("#flash")).to_contain_text("brought up to date")
    expect(second.locator("#actions")).to_contain_text("Waiting for the other seats")
    assert orm(lambda: Move.objects.filter(game=duel).count()) == 1
    # The refusal is an answer (409) the page reads, not an error in the page.
    problems = [p for p in ctx.problems if not p.startswith("HTTP 409")]
    assert problems == [], problems


def test_one_request_for_the_mover_none_for_the_others_and_none_on_connecting(
    duel: Game, alice: Any, bob: Any, new_context: Any
) -> None:
    ctx_a, a = open_page(new_context, alice, duel.pk)
    ctx_b, b = open_page(new_context, bob, duel.pk)
    asked: dict[str, list[str]] = {"alice": [], "bob": []}

    def recorder(name: str) -> Any:
        return lambda r: asked[name].append(f"{r.method} {r.url.split('/', 3)[-1]}")

    a.on("request", recorder("alice"))
    b.on("request", recorder("bob"))
    b.reload()  # connecting at the version it shows: nothing to fetch
    b.wait_for_timeout(500)
    assert [r for r in asked["bob"] if "part=" in r] == []
    asked["bob"].clear()
    a.locator(MOVE_BUTTONS).first.click()
    expect(b.locator("#log")).to_contain_text("Alice picked a card.")
    expect(a.locator("#actions")).to_contain_text("Waiting for the other seats")
    b.wait_for_timeout(300)
    # (The header's "your turn" count has a request of its own, me/turns.json.)
    game = [[r for r in asked[name] if r.split(" ")[1].startswith("game/")] for name in ("alice", "bob")]
    assert game[0] == [f"POST game/{duel.pk}/act"]  # its answer brings every region
    assert game[1] == []  # its regions came over its socket, drawn for its seat
    no_problems(ctx_a)
    no_problems(ctx_b)
