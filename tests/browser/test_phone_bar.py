"""The phone's move bar (390 x 844): a slim summary of the step, at most a fifth of the
screen, with every move one tap away; whenever a step lights places on the board, every
one of them is on screen and nothing fixed lies over it (the element at its centre is the
place itself, or a part of it), or where they cannot all fit, the first screenful of them
is. Each game: Alice plays a few moves by tapping against a bot.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from games import services
from tests.browser.live import wait_for_idle_htmx
from tests.browser.test_play_loop import log_in, no_problems, open_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
WIDTH, HEIGHT = 390, 844
MOVES = 3  # Alice's moves in each game
MAX_STEPS = 8  # taps for one move; more means the page is stuck

# Every lit place: off the screen, or covered by something else at its centre. Where the lit
# places stand taller together than the room above the bar (Thunderstone's village when most
# of it can be bought: fifteen stacks), the first of them must be at the top of that room and
# every one whose centre is above the bar uncovered: the rest are one scroll down. The same
# sideways: where the lit places of a board that scrolls sideways (Architectura's city) stand
# wider together than its view, the first of them must be at its left edge and every one
# whose centre is in view on screen: the rest are one swipe away.
LIT_PROBLEMS = """() => {
  const out = [];
  const w = document.documentElement.clientWidth;
  const bar = document.getElementById("actions");
  const room = getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().top : window.innerHeight;
  const lit = Array.from(document.querySelectorAll("#board .is-legal, #hand .is-legal"));
  const rects = lit.map((el) => el.getBoundingClientRect());
  const top = Math.min(...rects.map((r) => r.top));
  const fits = Math.max(...rects.map((r) => r.bottom)) - top <= room - 16;
  if (!fits && (top < 0 || top > 16)) out.push(`the first lit place is at ${Math.round(top)} px, not at the top`);
  const scroller = (el) => {
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      if (node.scrollWidth > node.clientWidth && /auto|scroll/.test(getComputedStyle(node).overflowX)) return node;
    }
    return null;
  };
  const wide = new Map(); // a sideways scroller whose lit places do not fit its width: its view
  lit.forEach((el, i) => {
    const box = scroller(el);
    if (!box || wide.has(box)) return;
    const mine = lit.map((e, j) => [e, rects[j]]).filter(([e]) => box.contains(e)).map(([, r]) => r);
    const view = box.getBoundingClientRect();
    const left = Math.min(...mine.map((r) => r.left));
    if (Math.max(...mine.map((r) => r.right)) - left <= view.width) return;
    if (left < view.left - 1 || left > view.left + 16) out.push(`the first lit place of the scrolled board is at ${Math.round(left - view.left)} px, not at its left edge`);
    wide.set(box, view);
  });
  lit.forEach((el, i) => {
    const r = rects[i];
    const name = el.dataset.target;
    const y = r.top + r.height / 2;
    if (!fits && y >= room) return;
    const view = [...wide].find(([box]) => box.contains(el));
    if (view && (r.left + r.width / 2 < view[1].left || r.left + r.width / 2 > view[1].right)) return;
    // In a wide scrolled board, a place cut by its view's edge is fine if its centre is in view.
    const across = view ? false : r.left < 0 || r.right > w;
    if (r.top < 0 || r.bottom > window.innerHeight || across) {
      out.push(`${name} is off the screen (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)})`);
      return;
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, y);
    if (!hit || !el.contains(hit)) {
      out.push(`${name} is under ${hit ? hit.tagName + "#" + hit.id + "." + hit.className : "nothing"}`);
    }
  });
  return out;
}"""


# The centre of the first lit place a finger can tap where it is: on screen, above the fixed
# bar, and the element there is the place itself. (The first in the page's order may be one
# swipe away, beyond the edge of a city wider than the screen.)
IN_SIGHT = """() => {
  const bar = document.getElementById("actions");
  const room = getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().top : window.innerHeight;
  for (const el of document.querySelectorAll("#board .is-legal, #hand .is-legal")) {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || x > document.documentElement.clientWidth || y < 0 || y > room) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && el.contains(hit)) return {x, y};
  }
  return null;
}"""


def version(page: Page) -> str:
    return str(page.evaluate("document.body.dataset.version"))


def check_step(page: Page, where: str) -> None:
    wait_for_idle_htmx(page)
    if page.viewport_size == {"width": WIDTH, "height": HEIGHT}:
        bar = page.locator("#actions").bounding_box()
        assert bar, "no move bar"
        assert bar["height"] <= HEIGHT * 0.2, f"{where}: the move bar is {bar['height']:.0f} px tall"
        assert bar["y"] + bar["height"] <= HEIGHT + 1, f"{where}: the move bar is below the screen"
    problems = page.evaluate(LIT_PROBLEMS)
    assert not problems, f"{where}: " + "; ".join(problems)


def tap_one_move(page: Page, where: str) -> str:
    """Taps lit places (at their centres, as a finger does: no scrolling by the test) until
    the move is sent; the step's own buttons when no place is lit; the list when the board
    has nothing. Returns how the move was made."""
    before = version(page)
    how = "board"
    for step in range(MAX_STEPS):
        check_step(page, f"{where}, step {step + 1}")
        lit = page.locator("#board .is-legal, #hand .is-legal")
        choices = page.locator("#actions .move-choices:not([hidden]) button:not(.link)")
        if lit.count():
            spot = page.evaluate(IN_SIGHT)
            assert spot, f"{where}, step {step + 1}: no lit place can be tapped where it is"
            page.mouse.click(spot["x"], spot["y"])
        elif choices.count():
            choices.first.click()
        else:
            # Nothing on the board: the list of all moves is one tap away.
            summary = page.locator("#actions summary")
            if page.viewport_size == {"width": WIDTH, "height": HEIGHT}:
                expect(summary).to_be_visible()
                summary.click()
            page.locator("#actions .move-list form:not([hidden]) button").first.click()
            how = "list"
        page.wait_for_function("() => !document.body.classList.contains('play-busy')")
        if version(page) != before:
            return how
    raise AssertionError(f"{where}: no move was made in {MAX_STEPS} taps")


@pytest.mark.parametrize("slug", ["stonespine", "architectura", "thunderstone", "lords"])
def test_lit_places_are_on_screen_and_the_bar_is_slim_on_a_phone(
    alice: Any, new_context: Any, orm: Any, screenshot: Any, docs_screenshot: Any, slug: str
) -> None:
    pk = orm(lambda: services.create_game(alice, slug, 2, {}, bots={1: "heuristic"}).pk)
    ctx = new_context(width=WIDTH, height=HEIGHT)
    page = ctx.new_page()
    log_in(page, alice.email)
    open_game(page, lambda: page.goto(f"/game/{pk}/"))

    made = []
    for n in range(MOVES):
        expect(page.locator("#actions form").first).to_be_attached(timeout=20_000)
        # The list of all moves is closed, and opens with one tap.
        expect(page.locator("#actions .move-list")).to_be_hidden()
        if n == 0:
            check_step(page, f"{slug}, first screen")
            docs_screenshot(page, f"{slug}-firstscreen-390")
        made.append(tap_one_move(page, f"{slug}, move {n + 1}"))
        screenshot(page, f"phone-bar-{slug}-{n + 1}")
    assert made.count("board") >= 1, made
    no_problems(ctx)


@pytest.mark.parametrize("slug", ["stonespine", "architectura", "thunderstone", "lords"])
def test_lit_places_are_on_screen_on_a_laptop(alice: Any, new_context: Any, orm: Any, slug: str) -> None:
    """The same on a laptop (1366 x 768, a short screen): the list beside the board is open,
    and each step's lit places are scrolled into the window."""
    pk = orm(lambda: services.create_game(alice, slug, 2, {}, bots={1: "heuristic"}).pk)
    ctx = new_context(width=1366, height=768)
    page = ctx.new_page()
    log_in(page, alice.email)
    open_game(page, lambda: page.goto(f"/game/{pk}/"))
    made = []
    for n in range(MOVES):
        expect(page.locator("#actions form").first).to_be_attached(timeout=20_000)
        expect(page.locator("#actions .move-list")).to_be_visible()
        made.append(tap_one_move(page, f"{slug} on a laptop, move {n + 1}"))
    assert made.count("board") >= 1, made
    no_problems(ctx)
