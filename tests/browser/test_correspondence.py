"""Play over days, in a real Chromium against the real ASGI app.

Alice and Bob play at a clocked table. Alice moves; they chat, each line arriving on
the other's page live. Bob lets his clock run out: the server's time is moved forward
(time-machine moves the clock of this whole process, the test server's threads
included) and so is the clock of Alice's page (Playwright's), whose countdown reaches
zero and asks the server to enforce it. Alice sees the takeover live; Bob claims his
seat back; they finish, and Alice's rematch opens a new table that Bob accepts from his
page while Alice's waiting room turns into the game by itself.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from games import services, timeouts
from games.models import Game, Notice, Seat
from tests.browser.live import MOVE_BUTTONS, expect_live
from tests.browser.test_play_loop import log_in, no_problems, open_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PACE = "live-5m"  # five minutes a move plus five in reserve: Bob's clock runs out after ten


@pytest.fixture
def table(alice: Any, bob: Any) -> Game:
    game = services.create_game(alice, "highcard", 2, {}, pace=PACE)
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    return game


def open_as(new_context: Any, user: Any, path: str, *, fake_clock: bool = False) -> Page:
    ctx = new_context()
    if fake_clock:
        ctx.clock.install()  # the page's timers run at the normal pace until told to jump
    page = ctx.new_page()
    log_in(page, user.email)
    open_game(page, lambda: page.goto(path))
    page.evaluate("window.__notReloaded = true")
    return page


def pick(page: Page) -> None:
    page.locator(MOVE_BUTTONS).first.click()


def play_when_current(page: Page, game: Game, orm: Any) -> None:
    """Picks once the page's actions panel shows the game as it is now: a panel drawn
    before the other player's move would post a stale version (and be refused).
    (tests.browser.live.assert_settled cannot tell here: a running clock's words change
    every second, so a page and a fresh drawing of it rarely agree to the second.)"""
    version = orm(lambda: Game.objects.get(pk=game.pk).version)
    expect(page.locator("#actions [data-version]")).to_have_attribute("data-version", str(version))
    expect(page.locator("#actions")).to_contain_text("Your move")
    pick(page)


def test_a_clock_runs_out_chat_arrives_live_and_a_rematch_opens_a_table(
    table: Game, alice: Any, bob: Any, new_context: Any, orm: Any, time_machine: Any, screenshot: Any
) -> None:
    path = f"/game/{table.pk}/"
    a = open_as(new_context, alice, path, fake_clock=True)
    b = open_as(new_context, bob, path)

    # Both clocks run (a simultaneous choice); each header counts one game waiting.
    expect(a.locator("#seats .clock[data-left]")).to_have_count(2)
    expect(a.locator("#seats")).to_contain_text("9 minutes")
    expect(a.locator(".your-move .count")).to_have_text("1")
    expect(a).to_have_title(re.compile(r"^\(1\) "))

    # Alice chooses: her clock stops, her count drops to nothing, live.
    pick(a)
    expect_live(a, lambda: expect(a.locator("#actions")).to_contain_text("Waiting for the other seats"))
    expect(a.locator(".your-move")).to_be_hidden()
    expect(a).not_to_have_title(re.compile(r"^\(\d+\) "))
    expect(b.locator("#seats .clock[data-left]")).to_have_count(1)

    # Chat: each line arrives on the other page live, escaped, with its sender.
    b.locator(".chat-form input[name=text]").fill("Good luck <b>Alice</b>!")
    b.locator(".chat-form button").click()
    expect(a.locator(".chat-lines li").last).to_contain_text("Bob Good luck <b>Alice</b>!")
    a.locator(".chat-form input[name=text]").fill("Thanks, you too")
    a.locator(".chat-form input[name=text]").press("Enter")
    expect(b.locator(".chat-lines li").last).to_contain_text("Alice Thanks, you too")
    screenshot(b, "correspondence-chat")

    # Bob lets his clock run out: ten minutes pass on the server and on Alice's page.
    time_machine.move_to(timezone.now() + timedelta(minutes=10, seconds=5), tick=True)
    a.clock.fast_forward("10:05")  # her countdown reaches zero and asks the server
    expect_live(a, lambda: expect(a.locator("#seats")).to_contain_text("Bob (out of time)"))
    expect(a.locator("#log .notices")).to_contain_text("Bob ran out of time: a bot plays the seat")
    expect(a.locator("#log")).to_contain_text("Round 1:")  # the bot chose for Bob at once
    assert orm(timeouts.sweep) == 0  # the sweep finds it done: a seat runs out once
    assert orm(lambda: Notice.objects.filter(game=table, kind="timeout").count()) == 1
    screenshot(a, "correspondence-takeover")

    # Bob's page offers him his seat back (once a game); Alice sees him return.
    claim = b.get_by_role("button", name="Claim your seat back")
    expect(claim).to_be_visible()
    claim.click()
    expect(b.locator("ul.messages")).to_contain_text("Your seat is yours again")
    expect_live(a, lambda: expect(a.locator("#log .notices")).to_contain_text("Bob claimed the seat back"))
    expect(a.locator("#seats")).not_to_contain_text("out of time")

    # They play on to the end: round 2 was Bob's bot's; round 3 both choose.
    play_when_current(a, table, orm)
    expect_live(b, lambda: expect(b.locator("#actions")).to_contain_text("Your move"))
    play_when_current(b, table, orm)
    expect_live(b, lambda: expect(b.locator("#actions")).to_contain_text("Waiting for the other seats"))
    play_when_current(a, table, orm)
    for page in (a, b):
        expect_live(page, lambda page=page: expect(page.locator("#result")).to_contain_text("Game over"))

    # Alice asks for a rematch: she sits at a new table; Bob's page shows the invitation live.
    a.get_by_role("button", name="Rematch").click()
    expect(a.locator(".waiting-room")).to_be_visible()
    new = orm(lambda: Game.objects.get(rematch_of=table))
    assert orm(lambda: list(Seat.objects.filter(game=new, index__lt=2).values_list("user", "invited"))) == [
        (alice.pk, None),
        (None, bob.pk),
    ]
    accept = b.get_by_role("button", name="Accept the rematch")
    expect(accept).to_be_visible()
    a.evaluate("window.__waiting = true")
    accept.click()
    expect(b).to_have_url(re.compile(rf"/game/{new.pk}/$"))
    expect(b.locator("#actions")).to_contain_text("Your move")
    # Alice's waiting room turned into the game by itself (her page reloaded, she did not).
    expect(a.locator("#actions")).to_contain_text("Your move")
    assert a.evaluate("window.__waiting") is None
    screenshot(a, "correspondence-rematch")
    assert orm(lambda: Game.objects.get(pk=new.pk).pace) == PACE
    for page in (a, b):
        no_problems(page.context)


def test_the_lobby_follows_new_tables_live_and_the_waiting_room_turns_into_the_game(
    alice: Any, bob: Any, new_context: Any
) -> None:
    a = new_context().new_page()
    log_in(a, alice.email)
    a.goto("/")
    a.wait_for_function("() => document.querySelector('[data-lobby]') !== null")
    expect(a.locator("#lobby-open")).to_contain_text("No open tables")
    a.evaluate("window.__notReloaded = true")

    # Bob opens a table from the form, with a clock: Alice's lobby lists it, live.
    b = new_context().new_page()
    log_in(b, bob.email)
    b.goto("/games/highcard/new/")
    b.get_by_label("Players").select_option("2")
    b.get_by_label("Clock:", exact=True).select_option("2d")
    b.get_by_role("button", name="Open the table").click()
    expect(b.locator(".waiting-room")).to_be_visible()
    b.evaluate("window.__waiting = true")
    row = a.locator("#lobby-open tr", has_text="Highcard (test game)")
    expect(row).to_contain_text("Bob")
    assert a.evaluate("window.__notReloaded") is True

    # Alice joins from the lobby: the game starts, and Bob's waiting room becomes the game.
    row.get_by_role("button", name="Join").click()
    expect(a.locator("#actions")).to_contain_text("Your move")
    expect(b.locator("#actions")).to_contain_text("Your move")
    assert b.evaluate("window.__waiting") is None  # his page reloaded by itself
    expect(b.locator("#seats .clock[data-left]")).to_have_count(2)
    expect(b.locator("#seats")).to_contain_text("3 days")  # two days a move plus two in reserve
    for page in (a, b):
        no_problems(page.context)
