"""The issue's "done when", in a real Chromium against the real ASGI app.

1. A newcomer signs up, verifies the e-mail from the link, logs in, opens a Highcard
   table against a bot from the catalogue, plays every turn by clicking, sees the score
   sheet, and finds the game counted on the public profile.
2. Alice and Bob at one table: each move shows on the other's page through the
   websocket, without a reload, and Bob's page never shows Alice's hidden cards.
"""

from __future__ import annotations

import json
import re
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import connections
from django.test import Client
from playwright.sync_api import Page, expect

from games.models import Game
from tests.browser.live import MOVE_BUTTONS, assert_settled, expect_live, wait_for_idle_htmx
from tests.testgame.engine import ENGINE as HIGHCARD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Tall-Basalt-Stack-42"
MAX_TURNS = 12  # Highcard takes 3 of each player's turns; more means the page is stuck


def log_in(page: Page, email: str) -> None:
    """Signs the page's browser context in as the player with this e-mail address, through a
    session made on the server: the form costs two page loads and a password hash, and is
    the subject only of the tests that use `log_in_with_form`. Loads no page."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="orm") as pool:
        # A thread of its own: the test's body runs where the ORM is refused (conftest.py).
        session = pool.submit(_session_for, email).result(timeout=60)
    # The test server is on 127.0.0.1 (its port is its own; cookies do not go by port).
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "domain": "127.0.0.1", "path": "/"}]
    )


def _session_for(email: str) -> str:
    try:
        client = Client()
        client.force_login(get_user_model().objects.get(email__iexact=email))
        return client.cookies[settings.SESSION_COOKIE_NAME].value
    finally:
        connections.close_all()  # this thread's own connection


def log_in_with_form(page: Page, email: str, password: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label(re.compile("e-?mail", re.I)).fill(email)
    page.get_by_label(re.compile("password", re.I)).fill(password)
    page.locator("main").get_by_role("button", name=re.compile("sign in|log in", re.I)).click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def open_game(page: Page, navigate: Any) -> None:
    """Runs `navigate` (which lands on a game page) and waits until its game socket has
    said which version the game is at (the page fetches nothing if it shows that one)."""
    # The frames are recorded from the moment the socket exists: waiting for the event after
    # the socket was handed over could miss a version frame that had already arrived.
    frames: list[str] = []

    def watch(ws: Any) -> None:
        if "/ws/game/" in ws.url:
            ws.on("framereceived", lambda payload: frames.append(str(payload)))

    page.on("websocket", watch)
    try:
        navigate()
        deadline = time.monotonic() + 15
        while not any('"version"' in frame for frame in frames):
            assert time.monotonic() < deadline, "the game socket never said which version the game is at"
            page.wait_for_timeout(50)
    finally:
        page.remove_listener("websocket", watch)
    wait_for_idle_htmx(page)


def no_problems(context: Any) -> None:
    assert context.problems == [], "\n".join(context.problems)


def test_newcomer_signs_up_and_plays_a_whole_game_against_a_bot(
    new_context: Any, orm: Any, screenshot: Any, mailoutbox: list[Any]
) -> None:
    ctx = new_context()
    page = ctx.new_page()

    # Sign up with an e-mail address and a password.
    page.goto("/")
    page.locator("header").get_by_role("link", name="Sign up").click()
    expect(page).to_have_url(re.compile(r"/accounts/signup/$"))
    page.get_by_label(re.compile("e-?mail", re.I)).fill("newcomer@example.com")
    page.locator("input[name=password1]").fill(PASSWORD)
    page.locator("input[name=password2]").fill(PASSWORD)
    page.locator("main").get_by_role("button", name=re.compile("sign up", re.I)).click()
    expect(page.locator("main")).to_contain_text(re.compile("verify your e-?mail", re.I))

    # The verification e-mail: open its link and confirm.
    assert len(mail.outbox) == 1, [m.subject for m in mail.outbox]
    message = mail.outbox[0]
    assert message.to == ["newcomer@example.com"]
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+/", str(message.body))
    assert link, message.body
    assert link.group(0).startswith(page.url.split("/accounts/")[0]), "the link points at another site"
    page.goto(link.group(0))
    page.locator("main").get_by_role("button", name="Confirm").click()
    expect(page.locator("ul.messages")).to_contain_text(re.compile("confirmed", re.I))
    assert orm(lambda: EmailAddress.objects.get(email="newcomer@example.com").verified)

    # Log in (allauth does not log in on confirmation unless told to).
    if not page.get_by_role("button", name="Log out").is_visible():
        log_in_with_form(page, "newcomer@example.com", PASSWORD)
    me = page.locator("header nav a[href^='/players/']")  # the player's own public page
    display_name = me.inner_text().strip()
    assert display_name == "newcomer"

    # The catalogue, then a Highcard table: 2 players, a bot in seat 2, starts at once.
    page.locator("header").get_by_role("link", name="Games").click()
    card = page.locator("article.card", has_text="Highcard (test game)")
    expect(card).to_be_visible()
    card.get_by_role("link", name="Open a table").click()
    expect(page.locator("h1")).to_contain_text("Highcard (test game)")
    page.get_by_label("Players").select_option("2")
    page.get_by_label("Variant").select_option("high")
    page.get_by_label("Seat 2").select_option("heuristic")
    open_game(page, page.get_by_role("button", name="Open the table").click)
    expect(page).to_have_url(re.compile(r"/game/\d+/$"))
    game_url = page.url
    actions = page.locator("#actions")
    expect(actions).to_contain_text("Your move")

    # The lobby lists the game as waiting for my move.
    page.locator("header").get_by_role("link", name="Lobby").click()
    mine = page.locator("section", has=page.get_by_role("heading", name="My games"))
    expect(mine.locator("tr", has_text="Highcard (test game)")).to_contain_text("Your move")
    screenshot(page, "lobby")
    open_game(page, mine.locator("tr", has_text="Highcard (test game)").get_by_role("link", name="#").click)
    expect(page).to_have_url(game_url)

    # Play every turn by clicking the first card offered, until the game is over.
    result = page.locator("#result")
    for turn in range(MAX_TURNS):
        assert_settled(page)  # the page shows the game as it is now
        if result.get_by_text("Game over").is_visible():
            break
        expect(actions).to_contain_text("Your move")
        page.locator(MOVE_BUTTONS).first.click()
        # The bot and the Dealer answer within the same request: the partials catch up
        # through the socket messages and the response's HX-Trigger.
        expect_live(
            page, lambda turn=turn: expect(page.locator("#log")).to_contain_text(f"Round {turn + 1}:")
        )
        if turn == 0:
            assert_settled(page)
            screenshot(page, "game-mid")
    else:
        pytest.fail(f"the game was not over after {MAX_TURNS} turns")

    expect(result).to_contain_text("Game over")
    sheet = result.locator("table.scoresheet")
    expect(sheet).to_be_visible()
    expect(sheet.locator("thead")).to_contain_text(display_name)
    expect(sheet.locator("tfoot")).to_contain_text("Place")
    expect(actions.locator("button")).to_have_count(0)
    expect(page.locator("#flash .error")).to_have_count(0)
    screenshot(page, "game-over")

    # The public profile counts the game.
    me.click()
    expect(page).to_have_url(re.compile(rf"/players/{display_name}/$"))
    row = page.locator("table.list tr", has_text="Highcard (test game)").first
    expect(row.locator("td").nth(1)).to_have_text("1")
    screenshot(page, "profile")
    no_problems(ctx)


def test_a_move_shows_on_the_other_players_page_live_and_hides_secrets(
    duel: Game, alice: Any, bob: Any, new_context: Any, orm: Any, screenshot: Any
) -> None:
    game_path = f"/game/{duel.pk}/"
    pages: dict[str, Page] = {}
    frames: dict[str, list[str]] = {}
    refetches: dict[str, list[str]] = {}
    for user in (alice, bob):
        ctx = new_context()
        page = ctx.new_page()
        log_in(page, user.email)
        received: list[str] = []
        fetched: list[str] = []
        page.on(
            "request", lambda r, fetched=fetched: fetched.append(r.url) if "part=update" in r.url else None
        )
        page.on(
            "websocket",
            lambda ws, received=received: (
                ws.on("framereceived", lambda f: received.append(str(f)))
                if f"/ws/game/{duel.pk}/" in ws.url
                else None
            ),
        )
        # When its game socket opens, the page catches up once (a refresh of its parts):
        # after that request, every later update can only come through the socket.
        open_game(page, lambda page=page: page.goto(game_path))
        page.evaluate("window.__notReloaded = true")
        pages[user.username], frames[user.username] = page, received
        refetches[user.username] = fetched
    a, b = pages["alice"], pages["bob"]
    expect(a.locator("#actions")).to_contain_text("Your move")
    expect(b.locator("#actions")).to_contain_text("Your move")

    def state() -> dict[str, Any]:
        return Game.objects.get(pk=duel.pk).stored_state()

    def assert_bob_sees_no_secret() -> None:
        html = b.content()
        leaked = [s for s in HIGHCARD.secrets(orm(state), 1) if s in html]
        assert not leaked, f"Bob's page shows hidden information: {leaked}"

    assert_bob_sees_no_secret()
    refetches["bob"].clear()  # what the page fetched while it opened
    for round_ in (1, 2, 3):
        # Alice picks a card: Bob's page says so, live, and still hides which card.
        picked = a.locator(MOVE_BUTTONS).first.inner_text()
        heard_before = len(frames["bob"])
        a.locator(MOVE_BUTTONS).first.click()
        expect_live(a, lambda: expect(a.locator("#actions")).to_contain_text("Waiting for the other seats"))
        expect_live(b, lambda: expect(b.locator("#log li").first).to_have_text("Alice picked a card."))
        assert_settled(b)
        expect(b.locator("#seats li", has_text="Alice").locator(".badge")).to_have_count(0)
        assert picked not in b.content()
        assert_bob_sees_no_secret()
        # Bob's page was drawn for his seat and pushed over his socket: it fetched nothing,
        # and what it heard holds nothing hidden from his seat.
        assert refetches["bob"] == [], refetches["bob"]
        pushed = "".join(frames["bob"][heard_before:])
        assert '"html"' in pushed
        leaked = [x for x in HIGHCARD.secrets(orm(state), 1) if x in pushed]
        assert not leaked and picked not in pushed, leaked
        if round_ == 1:
            screenshot(b, "game-mid-bob")

        # Bob picks: the Dealer turns its card and both pages show the round, live.
        b.locator(MOVE_BUTTONS).first.click()
        for page in (a, b):
            expect_live(
                page,
                lambda page=page, round_=round_: expect(page.locator("#log")).to_contain_text(
                    f"Round {round_}:"
                ),
            )
            assert_settled(page)
        expect(b.locator("#log li").first).to_contain_text(f"Alice: {picked}")
        assert_bob_sees_no_secret()

    for page in (a, b):
        expect(page.locator("#result")).to_contain_text("Game over")
        expect(page.locator("#result table.scoresheet")).to_be_visible()
        assert page.evaluate("window.__notReloaded") is True, "the page was reloaded"
    screenshot(b, "game-over-bob")
    # The updates came as socket messages ("game N is at version V", with the seat's
    # regions drawn while the game was in play), and nothing more.
    for name in ("alice", "bob"):
        moved = [f for f in frames[name] if '"moved"' in f]
        assert moved, f"{name}'s page got no socket message"
        assert all(set(json.loads(f)) <= {"type", "game_id", "version", "html"} for f in moved)
    for page in (a, b):
        no_problems(page.context)
