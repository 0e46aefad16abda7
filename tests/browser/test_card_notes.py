"""On a touch screen (390 x 844) a card's note opens with a tap and stays until dismissed
(never on hover alone, which a finger cannot do and which used to leave it over the cards),
and each game's key to its icons opens with a tap."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games import services
from tests.browser.test_play_loop import log_in, no_problems, open_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def phone(new_context: Any, user: Any, pk: int) -> Any:
    ctx = new_context(width=390, height=844, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    log_in(page, user.email)
    open_game(page, lambda: page.goto(f"/game/{pk}/"))
    return ctx, page


def test_a_tapped_card_shows_its_note_until_dismissed(alice: Any, new_context: Any, orm: Any) -> None:
    # Thunderstone's first decision has no place on the board: the cards in hand are not lit.
    pk = orm(lambda: services.create_game(alice, "thunderstone", 2, {}, bots={1: "heuristic"}).pk)
    ctx, page = phone(new_context, alice, pk)
    card = page.locator("#hand .ts-card").first
    note = card.locator(".ts-tip")
    expect(note).to_be_hidden()
    card.tap()
    expect(note).to_be_visible()
    page.wait_for_timeout(1500)
    expect(note).to_be_visible()  # it stays while read
    note.tap()  # tapping the note (or the card) closes it
    expect(note).to_be_hidden()

    card.tap()
    expect(note).to_be_visible()
    other = page.locator("#hand .ts-card").nth(1)
    other.tap()  # another card: its note replaces the first
    expect(note).to_be_hidden()
    expect(other.locator(".ts-tip")).to_be_visible()
    page.locator("h1").tap()  # anywhere else closes it
    expect(page.locator(".ts-tip:visible")).to_have_count(0)
    no_problems(ctx)


@pytest.mark.parametrize(
    ("slug", "words"),
    [
        ("architectura", "The big number at the top"),
        ("thunderstone", "12 left: L1 6"),
        ("lords", "Herbs, by their letter"),
    ],
)
def test_the_key_opens_with_a_tap(alice: Any, new_context: Any, orm: Any, slug: str, words: str) -> None:
    pk = orm(lambda: services.create_game(alice, slug, 2, {}, bots={1: "heuristic"}).pk)
    ctx, page = phone(new_context, alice, pk)
    key = page.locator("#key")
    expect(key.get_by_text(words)).to_be_hidden()
    key.locator("summary").tap()
    expect(key.get_by_text(words)).to_be_visible()
    no_problems(ctx)
