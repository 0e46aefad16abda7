"""A move the site did not make is explained as what happened, and the choice stays.

The site's answers are stood in for by Playwright (the server's own 503 on a locked
database is tested in tests/games/test_database_busy.py): a busy site (503), a server
error (500), no answer at all (the connection). Each time the page says which, the move's
button works again and has the focus, and sending it again makes the move.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Route, expect

from games.models import Game, Move
from tests.browser.live import MOVE_BUTTONS
from tests.browser.test_simultaneous import open_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ACT = re.compile(r"/act/?$")

BUSY = {"status": 503, "headers": {"Retry-After": "2"}, "content_type": "text/plain", "body": "busy"}
BROKEN = {"status": 500, "content_type": "text/html", "body": "<h1>Server Error (500)</h1>"}


@pytest.mark.parametrize(
    ("answer", "said", "not_said"),
    [
        (BUSY, "The site was busy for a moment and did not make your move.", "connection"),
        (BROKEN, "The site failed to make your move (HTTP 500).", "connection"),
        (None, "The connection to the table failed", "HTTP"),
    ],
    ids=["busy", "server-error", "no-answer"],
)
def test_the_page_says_what_happened_and_keeps_the_choice(
    answer: dict[str, Any] | None,
    said: str,
    not_said: str,
    duel: Game,
    alice: Any,
    new_context: Any,
    orm: Any,
) -> None:
    ctx, page = open_page(new_context, alice, duel.pk)

    def stand_in(route: Route) -> None:
        if answer is None:
            route.abort("connectionreset")
        else:
            route.fulfill(**answer)

    page.route(ACT, stand_in)
    choice = page.locator(MOVE_BUTTONS).nth(1)
    label = choice.inner_text()
    choice.click()
    flash = page.locator("#flash")
    expect(flash).to_contain_text(said)
    expect(flash).to_contain_text("Your choice is kept")
    expect(flash).not_to_contain_text(not_said)
    kept = page.locator(MOVE_BUTTONS, has_text=label)
    expect(kept).to_be_enabled()
    expect(kept).to_be_focused()
    assert orm(lambda: Move.objects.filter(game=duel).count()) == 0

    page.unroute(ACT)
    kept.click()  # sent again: the move is made
    expect(page.locator("#actions")).to_contain_text("Waiting for the other seats")
    assert orm(lambda: Move.objects.filter(game=duel, seat=0).count()) == 1
    problems = [p for p in ctx.problems if not re.match(r"HTTP 50[03] POST", p)]
    assert problems == [], problems
