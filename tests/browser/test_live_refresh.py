"""A move that lands while the page is still waiting for the answer to its own must show.

Alice's move is answered (with every region drawn at version 1) but the answer is held
back, while Bob's move and the Dealer's reveal arrive over the socket (versions 2 and 3).
Once the held answer lands, her page must still catch up with version 3.

This used to fail every time when each region was fetched on its own: the regions were
swapped with outerHTML, and htmx dropped a refresh queued on an element that the
previous response then replaced. Now one request at a time brings every region, and a
version heard while it was on its way is fetched once it has landed (static/js/play.js).
"""

from __future__ import annotations

import contextlib
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Route, expect

from games.models import Game
from tests.browser.live import MOVE_BUTTONS, assert_settled, wait_for_idle_htmx
from tests.browser.test_play_loop import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_move_arriving_during_a_refresh_still_shows(
    duel: Game, alice: Any, bob: Any, new_context: Any
) -> None:
    game_path = f"/game/{duel.pk}/"
    pages: dict[str, Page] = {}
    sockets: dict[str, Any] = {}
    for user in (alice, bob):
        page = new_context().new_page()
        log_in(page, user.email)
        with page.expect_websocket(lambda ws: "/ws/game/" in ws.url) as socket:
            page.goto(game_path)
        wait_for_idle_htmx(page)
        pages[user.username], sockets[user.username] = page, socket.value
    a, b = pages["alice"], pages["bob"]

    # Alice's move reaches the server (which answers at version 1), but the answer is held.
    held: list[tuple[Route, Any]] = []
    moves = re.compile(r"/act$")
    a.route(moves, lambda route: held.append((route, route.fetch())))
    a.locator(MOVE_BUTTONS).first.click()
    deadline = time.monotonic() + 10
    while not held:  # route handlers run while Playwright is being called
        assert time.monotonic() < deadline, "the move was not sent"
        a.wait_for_timeout(20)

    expect(b.locator("#log")).to_contain_text("Alice picked a card.")
    assert_settled(b)

    # Meanwhile Bob moves and the Dealer reveals: Alice's socket hears both versions.
    with sockets["alice"].expect_event(
        "framereceived", lambda frame: f'"version": {duel.version + 3}' in str(frame)
    ):
        b.locator(MOVE_BUTTONS).first.click()
    for route, answer in held:  # now the older answer lands
        with contextlib.suppress(PlaywrightError):  # unless the page gave up on that request
            route.fulfill(response=answer)
    a.unroute(moves)

    expect(b.locator("#log")).to_contain_text("Round 1:")
    assert_settled(a)
    expect(a.locator("#log")).to_contain_text("Round 1:")
    expect(a.locator("#actions")).to_contain_text("Your move")
    expect(a.locator("#turn-news")).to_have_text("Your move.")  # said to screen readers
