"""A table with a hard bot plays to the end in a real Chromium, then the player asks for the
hard bot's analysis of their decisions on the replay page and sees it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import Analysis, Game
from tests.browser.live import MOVE_BUTTONS, assert_settled, expect_live
from tests.browser.test_play_loop import log_in, no_problems, open_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_game_against_the_hard_bot_then_its_analysis(
    alice: Any, new_context: Any, orm: Any, screenshot: Any
) -> None:
    ctx = new_context()
    page = ctx.new_page()
    log_in(page, alice.email)
    page.goto("/games/highcard/new/")
    page.get_by_label("Players").select_option("2")
    page.get_by_label("Seat 2").select_option("hard")
    open_game(page, page.get_by_role("button", name="Open the table").click)
    expect(page).to_have_url(re.compile(r"/game/\d+/$"))
    game_id = int(page.url.rstrip("/").split("/")[-1])
    assert orm(lambda: Game.objects.get(pk=game_id).seats.get(index=1).bot) == "hard"

    actions, result = page.locator("#actions"), page.locator("#result")
    for turn in range(3):
        assert_settled(page)
        expect(actions).to_contain_text("Your move")
        page.locator(MOVE_BUTTONS).first.click()
        expect_live(
            page, lambda turn=turn: expect(page.locator("#log")).to_contain_text(f"Round {turn + 1}:")
        )
    expect_live(page, lambda: expect(result).to_contain_text("Game over"))

    # The replay page offers the analysis; asking runs it and shows what the bot saw.
    page.goto(f"/game/{game_id}/replay/")
    panel = page.locator("#analysis")
    expect(panel).to_contain_text("Advice")
    panel.get_by_role("button", name="Analyse my decisions").click()
    expect(panel).to_contain_text("2 decisions looked at", timeout=30_000)
    made = orm(lambda: Analysis.objects.get(game_id=game_id))
    assert made.state == "done" and made.seat == 0
    expect(panel.locator("tr.analysis-row")).to_have_count(len(made.differences))
    screenshot(page, "analysis")
    no_problems(ctx)
