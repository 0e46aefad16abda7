"""The site's messages and counts as a player meets them: "You joined the table." goes away
by itself (and at once with its dismiss button) instead of staying for the whole game, and the page
title's count of games waiting for a move follows the player's own moves without a reload."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from games import services
from games.models import Game
from tests.browser.live import wait_for_idle_htmx
from tests.browser.test_play_loop import log_in, no_problems, open_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_message_goes_away_by_itself_or_when_dismissed(
    alice: Any, bob: Any, new_context: Any, orm: Any
) -> None:
    first, second = orm(lambda: [services.create_game(alice, "highcard", 3, {}).pk for _ in range(2)])
    ctx = new_context()
    page = ctx.new_page()
    log_in(page, bob.email)

    page.goto("/")
    page.locator(f'#lobby-open tr:has(a[href="/game/{first}/"])').get_by_role("button", name="Join").click()
    message = page.locator("ul.messages li", has_text="You joined the table.")
    expect(message).to_be_visible()
    expect(message).to_be_hidden(timeout=12_000)  # by itself, some seconds later

    page.goto("/")
    page.locator(f'#lobby-open tr:has(a[href="/game/{second}/"])').get_by_role("button", name="Join").click()
    message = page.locator("ul.messages li", has_text="You joined the table.")
    message.get_by_role("button", name="Dismiss this message").click()
    expect(message).to_have_count(0, timeout=1_000)
    no_problems(ctx)


def hold_back_moves(ws: Any) -> None:
    server = ws.connect_to_server()
    ws.on_message(lambda message: server.send(message))
    server.on_message(lambda message: None if '"moved"' in str(message) else ws.send(message))


def test_the_title_counts_the_games_waiting_for_me_live(
    alice: Any, bob: Any, new_context: Any, orm: Any
) -> None:
    def table() -> tuple[int, int]:
        game = services.create_game(alice, "architectura", 2, {})
        services.join_game(bob, game.pk)
        game.refresh_from_db()
        return game.pk, game.to_act[0]

    pk, first = orm(table)
    pages = {}
    for index, user in enumerate((alice, bob)):
        ctx = new_context()
        page = ctx.new_page()
        log_in(page, user.email)
        if index == first:
            # The mover's page learns of its own moves only from their answers: the socket's
            # "moved" word can come after them (then it says nothing new) and is held back here.
            page.route_web_socket(re.compile(r"/ws/game/"), hold_back_moves)
        open_game(page, lambda page=page: page.goto(f"/game/{pk}/"))
        pages[user.username] = page
    mover, other = (pages["alice"], pages["bob"]) if first == 0 else (pages["bob"], pages["alice"])
    expect(mover).to_have_title(re.compile(r"^\(1\) "))
    expect(other).not_to_have_title(re.compile(r"^\(\d+\) "))

    version = orm(lambda: Game.objects.get(pk=pk).version)
    for _ in range(20):  # a turn may take steps; more means the turn never ends
        if orm(lambda: Game.objects.get(pk=pk).to_act) != [first]:
            break
        mover.locator("#actions form:not([hidden]):not([data-undo]) button").first.click()
        wait_for_idle_htmx(mover)
        mover.wait_for_function("() => !document.body.classList.contains('play-busy')")
        assert orm(lambda: Game.objects.get(pk=pk).version) > version
        version = orm(lambda: Game.objects.get(pk=pk).version)
    else:
        pytest.fail("the mover's turn does not end")
    # No reload: the mover's title drops its count, the other's gains one.
    expect(mover).not_to_have_title(re.compile(r"^\(\d+\) "))
    expect(other).to_have_title(re.compile(r"^\(1\) "))
