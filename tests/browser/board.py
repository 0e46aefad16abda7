"""Playing through the board, as a player does: pick a lit piece, then a lit place.

Each move in the actions list names its board targets (data-targets); `play_one` takes a
move and clicks its targets on the board in order (a piece must be lit before it is
clicked), then the button the move bar offers if the targets alone do not decide it.
A move with no targets on the board is clicked in the list.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests.browser.live import wait_for_idle_htmx


def my_moves(page: Page) -> list[dict[str, Any]]:
    forms = page.locator("#actions form[data-targets]")
    return [
        {
            "targets": json.loads(forms.nth(i).get_attribute("data-targets") or "[]"),
            "label": forms.nth(i).get_attribute("data-label") or "",
        }
        for i in range(forms.count())
    ]


def board_element(page: Page, key: str) -> Any:
    return page.locator(f'#board [data-target="{key}"].is-legal, #hand [data-target="{key}"].is-legal').first


def play_one(page: Page, prefer: int = 0) -> str:
    """Makes one move (the `prefer`-th one that can be made on the board, else the first
    in the list); returns "list", or the kind of board move it was: "board:" and the kinds
    of its targets in order ("board:hand>cell" for a card from the hand put on a cell). If
    the page is redrawn under the pointer (the other player's move arrived), the picks are
    dropped and the move is tried again."""
    for _ in range(3):
        try:
            return _play_one(page, prefer)
        except PlaywrightError as exc:
            if "not attached" not in str(exc):
                raise
            page.keyboard.press("Escape")
    return _play_one(page, prefer)


def _play_one(page: Page, prefer: int) -> str:
    wait_for_idle_htmx(page)
    moves = my_moves(page)
    on_board = [m for m in moves if m["targets"] and all(_present(page, k) for k in m["targets"][:1])]
    if not on_board:
        open_move_list(page)
        page.locator("#actions form:not([hidden]):not([data-undo]) button").first.click()
        wait_for_idle_htmx(page)
        return "list"
    move = on_board[prefer % len(on_board)]
    before = page.evaluate("document.body.dataset.version")
    for key in move["targets"]:
        element = board_element(page, key)
        if not element.count():
            break  # the rest is decided in the move bar
        element.scroll_into_view_if_needed()
        element.click()
        if page.evaluate("document.body.dataset.version") != before or page.evaluate(
            "document.body.classList.contains('play-busy')"
        ):
            break
    wait_for_idle_htmx(page)
    if page.evaluate("document.body.dataset.version") == before:
        choices = page.locator("#actions .move-choices")
        expect(choices).to_be_visible()
        choices.get_by_role("button", name=move["label"], exact=True).first.click()
        wait_for_idle_htmx(page)
    return "board:" + ">".join(key.split(":", 1)[0] for key in move["targets"])


def open_move_list(page: Page) -> None:
    """On a phone the list of all moves is behind one tap (its summary); a wide screen shows it."""
    summary = page.locator("#actions details.move-all:not([open]) > summary")
    if summary.count() and summary.is_visible():
        summary.click()


def _present(page: Page, key: str) -> bool:
    return board_element(page, key).count() > 0


def no_sideways_scroll(page: Page) -> None:
    """Nothing scrolls the whole page sideways (a board may scroll inside its own region)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("window.innerWidth")
    assert width <= viewport, f"the page is {width} px wide in a {viewport} px window"
