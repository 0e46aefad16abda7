"""A move that lands while the page is still fetching the previous one must show.

Alice's page is refreshing after her own move (its partial requests are held in flight
here, with the server's answers already drawn), when Bob's move and the Dealer's reveal
arrive over the socket. Once the held answers land, her page must still catch up.

This used to fail every time: the regions were swapped with outerHTML, and htmx drops
a refresh queued on an element that the previous response then replaced (fixed in
8e74c98: the regions keep their element and swap inside it). The play-loop tests met
the same race on about one move in seven.
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
from tests.browser.live import PARTS, assert_settled, wait_for_idle_htmx
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
        log_in(page, user.email, "pw-" + user.username * 2)
        with (
            page.expect_websocket(lambda ws: "/ws/game/" in ws.url) as socket,
            page.expect_response(lambda r: "?part=actions" in r.url),  # the refresh on connect
        ):
            page.goto(game_path)
        wait_for_idle_htmx(page)
        pages[user.username], sockets[user.username] = page, socket.value
    a, b = pages["alice"], pages["bob"]

    # Alice's partial refreshes reach the server (which draws them now) but their
    # answers are held back for a while.
    held: list[tuple[Route, Any]] = []
    parts = re.compile(r"\?part=\w+$")
    a.route(parts, lambda route: held.append((route, route.fetch())))
    a.locator("#actions button").first.click()
    deadline = time.monotonic() + 10
    while len(held) < len(PARTS):  # route handlers run while Playwright is being called
        assert time.monotonic() < deadline, f"only {len(held)} partial requests were made"
        a.wait_for_timeout(20)

    expect(b.locator("#log")).to_contain_text("Alice picked a card.")
    assert_settled(b)

    # Meanwhile Bob moves and the Dealer reveals: Alice's socket hears both versions.
    with sockets["alice"].expect_event(
        "framereceived", lambda frame: f'"version": {duel.version + 3}' in str(frame)
    ):
        b.locator("#actions button").first.click()
    for route, answer in held:  # now the older answers land
        with contextlib.suppress(PlaywrightError):  # unless the page gave up on that request
            route.fulfill(response=answer)
    a.unroute(parts)

    expect(b.locator("#log")).to_contain_text("Round 1:")
    assert_settled(a)
    expect(a.locator("#log")).to_contain_text("Round 1:")
    expect(a.locator("#actions")).to_contain_text("Your move")
