"""Undo within a turn in a real Chromium (games/undo.py): in every game a player on a phone
makes a step that can be taken back (on the board where it has a place there), the "Undo my
last step" button appears in the move bar, and one tap on it brings back the moves of the
step before; the other player's page follows."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from games import registry, services, undo
from games.engines.rng import Rng, seed_state
from games.models import Game
from tests.browser.axe import assert_accessible
from tests.browser.board import board_element, open_move_list
from tests.browser.live import assert_settled, wait_for_idle_htmx
from tests.browser.test_board_play import LAPTOP, PHONE, open_as
from tests.browser.test_play_loop import no_problems

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

UNDO_BUTTON = "Undo my last step"


def to_an_undoable_step(pk: int) -> tuple[int, dict[str, Any]]:
    """Plays the heuristic bot's moves for the players through the services (as if from other
    pages) until a seat to act has a step it could take back: (that seat, the step)."""
    game = Game.objects.get(pk=pk)
    engine = registry.get(game.engine)
    users = {s.index: s.user for s in game.seats.all()}
    rng = Rng(seed_state(pk))
    for _ in range(300):
        state = engine.load(game.stored_state())
        for seat in game.to_act:
            for action in engine.legal_actions(state, seat):
                if undo.undoable(engine, state, seat, action, engine.apply(state, seat, action)):
                    return seat, action
        seat = game.to_act[0]
        bot = getattr(engine, "bots", {})["heuristic"]
        move = bot(engine.view(state, seat), engine.legal_actions(state, seat), rng)
        services.submit_action(users[seat], pk, seat, move, game.version)
        game.refresh_from_db()
    raise AssertionError(f"no step that can be undone came up in game {pk}")


def moves_offered(page: Page) -> list[str]:
    forms = page.locator("#actions form[data-targets] input[name=action]")
    return sorted(forms.nth(i).get_attribute("value") or "" for i in range(forms.count()))


def make(page: Page, action: dict[str, Any]) -> str:
    """Makes `action`: on the board if it has places there, else from the list."""
    payload = json.dumps(action)
    form = page.locator("#actions form[data-targets]").filter(
        has=page.locator(f"input[name=action][value='{payload}']")
    )
    expect(form).to_have_count(1)
    targets = json.loads(form.get_attribute("data-targets") or "[]")
    before = page.evaluate("document.body.dataset.version")
    if targets and board_element(page, targets[0]).count():
        for key in targets:
            element = board_element(page, key)
            if not element.count():
                break  # the rest is decided in the move bar
            element.scroll_into_view_if_needed()
            element.click()
            if page.evaluate("document.body.dataset.version") != before:
                break
        wait_for_idle_htmx(page)
        if page.evaluate("document.body.dataset.version") == before:
            label = form.get_attribute("data-label") or ""
            page.locator("#actions .move-choices").get_by_role("button", name=label, exact=True).first.click()
        how = "board"
    else:
        open_move_list(page)
        form.get_by_role("button").click()
        how = "list"
    wait_for_idle_htmx(page)
    return how


@pytest.mark.parametrize("slug", ["architectura", "lords", "stonespine", "thunderstone"])
def test_a_step_is_taken_back_with_one_tap(
    alice: Any, bob: Any, new_context: Any, orm: Any, docs_screenshot: Any, slug: str
) -> None:
    def table() -> int:
        game = services.create_game(alice, slug, 2, {})
        services.join_game(bob, game.pk)
        return game.pk

    pk = orm(table)
    seat, step = orm(to_an_undoable_step, pk)
    player, other = (alice, bob) if seat == 0 else (bob, alice)
    ctx_a, a = open_as(new_context, player, pk, PHONE)
    ctx_b, b = open_as(new_context, other, pk, LAPTOP)
    expect(a.get_by_role("button", name=UNDO_BUTTON)).to_have_count(0)
    offered = moves_offered(a)
    version = int(a.evaluate("document.body.dataset.version"))

    make(a, step)
    undo_button = a.get_by_role("button", name=UNDO_BUTTON)
    expect(undo_button).to_be_visible()
    box = undo_button.bounding_box()
    assert box and box["y"] + box["height"] <= 844, "the Undo button is off the phone's screen"
    # The step landed (its moves may be the same as before it: a Lords trade can leave them so).
    expect(a.locator("body")).to_have_attribute("data-version", str(version + 1))
    docs_screenshot(a, f"{slug}-undo-{PHONE}")
    assert_accessible(a)  # no serious or critical finding with the button shown
    expect(b.get_by_role("button", name=UNDO_BUTTON)).to_have_count(0)  # never the other's to take

    undo_button.click()
    wait_for_idle_htmx(a)
    expect(a.locator("body")).to_have_attribute("data-version", str(version + 2))
    expect(a.get_by_role("button", name=UNDO_BUTTON)).to_have_count(0)
    assert moves_offered(a) == offered  # the very moves of the step before
    assert_settled(a)
    assert_settled(b)
    moves = orm(lambda: list(Game.objects.get(pk=pk).moves.values_list("number", "action")))
    assert moves[-2:] == [(version + 1, step), (version + 2, undo.UNDO)]  # the log kept both
    no_problems(ctx_a)
    no_problems(ctx_b)


def test_the_undo_button_goes_away_when_another_player_moves(
    alice: Any, bob: Any, new_context: Any, orm: Any
) -> None:
    """Stonespine with two players: alice's pick can be taken back until bob chooses; his
    choice, made from his own page, makes it final and alice's page drops the button live."""

    def table() -> int:
        game = services.create_game(alice, "stonespine", 2, {})
        services.join_game(bob, game.pk)
        return game.pk

    pk = orm(table)
    ctx_a, a = open_as(new_context, alice, pk, PHONE)
    ctx_b, b = open_as(new_context, bob, pk, LAPTOP)
    state = orm(lambda: Game.objects.get(pk=pk).stored_state())
    make(a, {"type": "place", "chamber": state["hands"][0][0], "column": 0})
    expect(a.get_by_role("button", name=UNDO_BUTTON)).to_be_visible()
    make(b, {"type": "place", "chamber": state["hands"][1][0], "column": 0})
    expect(a.get_by_role("button", name=UNDO_BUTTON)).to_have_count(0)
    assert_settled(a)
    no_problems(ctx_a)
    no_problems(ctx_b)
