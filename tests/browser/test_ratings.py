"""A player page with a long rated history draws its rating plot (server-side SVG) in Chromium."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from ratings.models import Rating
from tests.conftest import make_user
from tests.ratings.factory import highcard

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAMES = 24


@pytest.fixture
def rated_history(transactional_db: None) -> Rating:
    """Alice's 24 rated Highcard games against Bob and a bot, won and lost in turn
    (made before the browser starts: the ORM is off-limits while it runs)."""
    alice, bob = make_user("alice"), make_user("bob")
    for n in range(GAMES):
        highcard([alice, bob, "heuristic"], [3, 1, 2] if n % 3 else [0, 2, 1])
    return Rating.objects.get(user=alice, engine="highcard")


def test_the_player_page_draws_the_rating_history(
    rated_history: Rating, new_context: Any, screenshot: Any
) -> None:
    ctx = new_context()
    page = ctx.new_page()
    page.goto("/players/alice/highcard/")
    plot = page.locator("svg.rating-plot")
    expect(plot).to_be_visible()
    line = plot.locator("polyline.line")
    # One point before the first game and one after each; the line really is drawn.
    assert len(line.get_attribute("points").split()) == GAMES + 1
    box = line.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 20
    assert page.evaluate("() => document.querySelector('svg.rating-plot polyline').getTotalLength()") > 300
    stroke = page.evaluate(
        "() => getComputedStyle(document.querySelector('svg.rating-plot polyline')).stroke"
    )
    assert stroke not in ("none", "")  # the stylesheet loaded and colours it
    expect(page.locator(".rating-value")).to_have_text(f"{rated_history.display:.1f}")
    screenshot(page, "ratings-player-page")
    assert ctx.problems == [], "\n".join(ctx.problems)
