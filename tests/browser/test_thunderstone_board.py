"""Thunderstone played to the end on a phone (390 x 844) by taps alone: lit cards, stacks, ranks
and places on the board, and the move bar's own buttons (end the turn, take nothing); the list
of all moves is never opened. Before every tap each lit place is on screen and uncovered (the
rule of test_phone_bar.py: where the lit places stand taller together than the room above the
bar, the first screenful of them is), and the one tapped is reached by a swipe if it lies
further down, as a finger would.

Alice plays the moves the heuristic bot would choose for her (so the game reaches its end in
some 50 moves) against a bot, in the set for a first game.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any
from unittest import mock

import pytest
from playwright.sync_api import Page, expect

from games import registry, services
from games.engines.rng import Rng, seed_state
from games.engines.thunderstone.bots import heuristic_bot
from games.models import Game
from tests.browser.live import wait_for_idle_htmx
from tests.browser.test_phone_bar import HEIGHT, WIDTH, check_step, version
from tests.browser.test_play_loop import log_in, no_problems, open_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SEED = 6  # a first-game set whose game ends after some 50 of Alice's moves
MAX_MOVES = 200  # Alice's; more means the game is stuck

# The centre of the lit element for `key`, after a swipe that brings it above the move bar if
# it is not there; whether something else lies over that centre.
REACH = """(key) => {
  const sel = (root) => `${root} [data-target="${CSS.escape(key)}"].is-legal`;
  const el = document.querySelector(sel("#board") + ", " + sel("#hand"));
  if (!el) return null;
  const bar = document.getElementById("actions");
  const room = getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().top : window.innerHeight;
  let r = el.getBoundingClientRect();
  if (r.top < 0 || r.bottom > room) {
    window.scrollBy(0, r.top + r.height / 2 - room / 2);
    r = el.getBoundingClientRect();
  }
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {x, y, inside: x >= 0 && x <= window.innerWidth && y >= 0 && y <= room, covered: !hit || !el.contains(hit),
          over: hit ? hit.tagName + "." + hit.className : "nothing"};
}"""


def alices_choice(pk: int, plan: list[str]) -> tuple[int, dict[str, Any]]:
    """The move the heuristic bot would make for Alice now (or the next planned kind of move,
    if it is legal now), and the version it is for."""
    game = Game.objects.get(pk=pk)
    engine = registry.get("thunderstone")
    state = engine.load(game.stored_state())
    legal = engine.legal_actions(state, 0)
    planned = [a for a in legal if plan and a["type"] == plan[0]]
    if planned:
        return game.version, planned[0]
    return game.version, heuristic_bot(
        engine.view(state, 0), legal, Rng(seed_state(pk * 7919 + game.version))
    )


def form_of(page: Page, action: dict[str, Any]) -> dict[str, Any] | None:
    forms = page.locator("#actions form[data-targets]")
    for i in range(forms.count()):
        form = forms.nth(i)
        if json.loads(form.locator("[name=action]").get_attribute("value") or "null") == action:
            return {
                "targets": json.loads(form.get_attribute("data-targets") or "[]"),
                "label": form.get_attribute("data-label") or "",
            }
    return None  # the other seat's move arrived (a discard both make at once): decided anew


def make(page: Page, move: dict[str, Any], where: str, made: Counter[str], shoot: Any) -> None:
    """Taps the move's lit places in order, then its button in the move bar if the places alone
    do not decide it (or it has none)."""
    before = version(page)
    for key in move["targets"]:
        check_step(page, where)
        expect(page.locator("#actions .move-list")).to_be_hidden()  # the list stays closed
        spot = page.evaluate(REACH, key)
        if spot is None:
            break  # the rest is decided in the move bar
        assert spot["inside"] and not spot["covered"], f"{where}: {key} is under {spot['over']} ({spot})"
        page.mouse.click(spot["x"], spot["y"])
        made["board"] += 1
        wait_for_idle_htmx(page)
        if version(page) != before:
            return
    check_step(page, where)
    button = page.locator("#actions .move-choices:not([hidden])").get_by_role(
        "button", name=move["label"], exact=True
    )
    expect(button.first).to_be_visible()
    box = button.first.bounding_box()
    assert box and box["y"] + box["height"] <= HEIGHT, f"{where}: the bar's button is below the screen"
    if not any(how.startswith("bar: ") for how in made):
        shoot(page, "thunderstone-bar-390")  # the README's picture of a step ended in the bar
    button.first.click()
    made["bar: " + move["label"].split(" (")[0]] += 1
    wait_for_idle_htmx(page)


def test_thunderstone_is_played_to_the_end_by_taps_on_a_phone(
    alice: Any, new_context: Any, orm: Any, screenshot: Any, docs_screenshot: Any
) -> None:
    def table() -> int:
        with mock.patch.object(services.secrets, "randbits", return_value=SEED):
            game = services.create_game(
                alice, "thunderstone", 2, {"setup": "first game"}, bots={1: "heuristic"}
            )
        return game.pk

    pk = orm(table)
    ctx = new_context(width=WIDTH, height=HEIGHT)
    page = ctx.new_page()
    log_in(page, alice.email)
    open_game(page, lambda: page.goto(f"/game/{pk}/"))

    made: Counter[str] = Counter()
    # Besides the bot's choices: a rest that destroys nothing, and a visit to the village that
    # buys nothing (both ended with the move bar's button).
    plan = ["rest", "end", "village", "end"]
    for n in range(MAX_MOVES):
        # Alice's turn (a bot's move arrives live), or the end.
        page.wait_for_function(
            "() => document.querySelector('#result h2, #actions form[data-targets]')", timeout=30_000
        )
        if page.locator("#result h2").count():
            break
        wait_for_idle_htmx(page)
        at, action = orm(alices_choice, pk, plan)
        if str(at) != version(page):
            page.wait_for_timeout(100)  # the page is catching up with the bot's move
            continue
        move = form_of(page, action)
        if move is None:
            assert str(at) != version(page), f"{action} is not among the page's moves"
            continue
        if plan and action["type"] == plan[0]:
            plan.pop(0)
        made[action["type"]] += 1
        try:
            make(page, move, f"move {n + 1}: {action}", made, docs_screenshot)
        except AssertionError:
            screenshot(page, "thunderstone-taps-failed")
            raise
    else:
        raise AssertionError(f"the game did not end in {MAX_MOVES} of Alice's moves")

    expect(page.locator("#result")).to_contain_text("Game over")
    assert orm(lambda: Game.objects.get(pk=pk).status) == "finished"
    assert made["board"] >= 30, made  # cards, stacks, ranks and places
    assert {"village", "dungeon", "rest", "buy", "attack", "end"} <= set(made), made
    assert sum(n for how, n in made.items() if how.startswith("bar: ")) >= 2, made
    no_problems(ctx)
