"""The site in Japanese, in a real browser: the lobby, the settings, the social pages (a
profile's reliability box, the follows and blocks, the report form), the tournament pages
(the list, a tournament's standings, the creation form) and a play page of each game at
phone width, chosen with the switcher in the page's header. No English is left on
them but the players' names, and no text runs out of its box."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.utils import timezone, translation
from playwright.sync_api import Page, expect

from games import options as opts
from games import registry, services
from games.models import Game
from social.models import Block, Follow, Sanction
from tests.browser.board import no_sideways_scroll
from tests.browser.test_play_loop import log_in, no_problems, open_game
from tests.browser.test_widths import mid_game
from tests.social.test_reliability import played
from tournaments import services as tournaments

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = 390
WORD = r"[A-Za-z][A-Za-z'\u2019]+"  # a word of Latin letters, "players'" and "Jael\u2019s" included

# Every word of Latin letters a reader meets: the page's text (hidden text for screen readers
# included), its title, and the words in attributes that are read out or shown. An element
# marked with another language (the switcher's "English") says so itself and is skipped,
# as are the time-zone menu's names (identifiers, the same in every language) and the
# language menu's (each language named in its own words).
_ENGLISH = """() => {
  const words = [];
  const skip = (el) => el.closest('[lang]:not([lang="ja"]), select[name="timezone"], select[name="language"], script, style');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!skip(node.parentElement)) words.push(node.textContent);
  }
  for (const el of document.querySelectorAll("[title], [aria-label], [placeholder], [data-confirm], [alt]")) {
    if (skip(el)) continue;
    for (const name of ["title", "aria-label", "placeholder", "data-confirm", "alt"]) {
      if (el.hasAttribute(name)) words.push(el.getAttribute(name));
    }
  }
  words.push(document.title);
  return words.join(" ");
}"""
# Text wider than its box: cut off, or spilling over a neighbour. Boxes that scroll on
# purpose, inline text, form controls and screen-reader-only text are not boxes of that kind.
_OVERFLOWING = """() => Array.from(document.querySelectorAll("body *")).filter((el) => {
  if (el.offsetParent === null || el.closest(".visually-hidden, svg")) return false;
  const style = getComputedStyle(el);
  if (style.display === "inline" || ["auto", "scroll"].includes(style.overflowX)) return false;
  if (["INPUT", "SELECT", "TEXTAREA", "OPTION"].includes(el.tagName)) return false;
  const ownText = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
  return ownText && el.scrollWidth > el.clientWidth + 1;
}).map((el) => el.tagName + "." + el.className + ": " + el.textContent.trim().slice(0, 80))"""
# Latin words a Japanese page may hold: the site's name, the formats and units known by
# these letters in Japanese too.
KEPT = set(settings.SITE_NAME.split()) | {"JSON", "CSV", "UTC", "HTTP"}


def english_words(page: Page, allowed: set[str]) -> list[str]:
    text: str = page.evaluate(_ENGLISH)
    found = re.findall(WORD, text)
    return sorted({w for w in found if w not in allowed and w not in KEPT})


def overflowing(page: Page) -> list[str]:
    result: list[str] = page.evaluate(_OVERFLOWING)
    return result


def words_of(*texts: str) -> set[str]:
    return {w for text in texts for w in re.findall(WORD, text)}


def in_japanese(page: Page) -> None:
    """The switcher in the header: the player's choice, kept on their profile."""
    page.locator("header").get_by_role("button", name="日本語").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")


def engines_texts(game_ids: list[int]) -> set[str]:
    """The words the engines write on the lobby (titles, options), as they write them in
    Japanese today: the engines' own catalogue is not this page's to translate."""
    with translation.override("ja"):
        texts = [e.title for e in registry.engines().values()]
        for game in Game.objects.filter(pk__in=game_ids):
            engine = registry.get(game.engine)
            texts += [f"{o.label} {o.value}" for o in opts.in_words(engine, game.players, game.options or {})]
    return words_of(*texts)


def test_the_lobby_in_japanese(alice: Any, bob: Any, new_context: Any, orm: Any) -> None:
    playing = orm(mid_game, alice, bob, "stonespine", 6)
    waiting = orm(lambda: services.create_game(bob, "architectura", 3, {}).pk)
    allowed = orm(engines_texts, [playing, waiting]) | {"Alice", "Bob"}
    ctx = new_context(width=PHONE, height=800)
    page = ctx.new_page()
    log_in(page, alice.email)
    page.goto("/")  # the switcher is in every page's header
    in_japanese(page)
    page.goto("/")
    expect(page.locator("h1")).to_have_text("ロビー")
    assert english_words(page, allowed) == []
    assert overflowing(page) == []
    no_sideways_scroll(page)
    no_problems(ctx)


def test_the_settings_in_japanese(alice: Any, new_context: Any) -> None:
    ctx = new_context(width=PHONE, height=800)
    page = ctx.new_page()
    log_in(page, alice.email)
    page.goto("/accounts/profile/")
    in_japanese(page)
    expect(page.locator("h1")).to_have_text("設定")
    expect(page.get_by_label("言語")).to_have_value("ja")
    # The scripts' texts come from the page's catalogue in its language (a clock counting down).
    assert page.evaluate("interpolate(ngettext('%(n)s day', '%(n)s days', 3), {n: 3}, true)") == "3日"
    assert english_words(page, {"Alice"}) == []
    assert overflowing(page) == []
    no_sideways_scroll(page)
    no_problems(ctx)


GAMES = [("stonespine", 30), ("architectura", 14), ("thunderstone", 40), ("lords", 20)]


def _japanese_play_page(
    alice: Any, bob: Any, new_context: Any, orm: Any, slug: str, moves: int
) -> tuple[Page, Any]:
    pk = orm(mid_game, alice, bob, slug, moves)
    ctx = new_context(width=PHONE, height=800)
    page = ctx.new_page()
    log_in(page, alice.email)
    page.goto("/")  # the switcher is in every page's header
    in_japanese(page)
    open_game(page, lambda: page.goto(f"/game/{pk}/"))
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    return page, ctx


@pytest.mark.parametrize(("slug", "moves"), GAMES)
def test_a_play_page_in_japanese_fits_a_phone(
    alice: Any, bob: Any, new_context: Any, orm: Any, slug: str, moves: int
) -> None:
    page, ctx = _japanese_play_page(alice, bob, new_context, orm, slug, moves)
    assert overflowing(page) == []
    no_sideways_scroll(page)
    no_problems(ctx)


@pytest.mark.parametrize(("slug", "moves"), GAMES)
def test_a_play_page_in_japanese_has_no_english_left(
    alice: Any, bob: Any, new_context: Any, orm: Any, slug: str, moves: int
) -> None:
    page, _ctx = _japanese_play_page(alice, bob, new_context, orm, slug, moves)
    left = english_words(page, {"Alice", "Bob"})
    assert left == [], " ".join(left)


def _a_social_history(alice: Any, bob: Any, charlie: Any) -> None:
    """Bob has finished games (one lost on time, at a public table); Alice follows him,
    blocked Charlie, and was warned by a moderator."""
    played(bob, "stonespine")
    played(bob, "lords", timed_out=True)
    Follow.objects.create(user=alice, followed=bob)
    Block.objects.create(user=alice, blocked=charlie)
    Sanction.objects.create(user=alice, kind=Sanction.Kind.WARN)


def test_the_social_pages_in_japanese(alice: Any, bob: Any, charlie: Any, new_context: Any, orm: Any) -> None:
    orm(_a_social_history, alice, bob, charlie)
    allowed = orm(engines_texts, []) | {"Alice", "Bob", "Charlie"}
    ctx = new_context(width=PHONE, height=800)
    page = ctx.new_page()
    log_in(page, alice.email)
    page.goto("/")  # the switcher is in every page's header
    in_japanese(page)
    pages = {
        "/players/Bob/": "#reliability table",  # his reliability, per game, his timeout; follow, block, report
        "/players/Alice/": "#reliability li",  # her own: the moderator's warning
        "/players/me/relations/": "h1",  # whom she follows and blocks
        f"/report/?player={orm(lambda: bob.pk)}": "form.stacked",
    }
    for path, shown in pages.items():
        page.goto(path)
        expect(page.locator(shown).first).to_be_visible()
        assert english_words(page, allowed) == [], path
        assert overflowing(page) == [], path
        no_sideways_scroll(page)
    no_problems(ctx)


@pytest.mark.parametrize("slug", [slug for slug, _moves in GAMES])
def test_how_to_play_in_japanese_has_no_english_left(new_context: Any, orm: Any, slug: str) -> None:
    ctx = new_context(width=PHONE, height=800)
    page = ctx.new_page()
    page.goto(f"/games/{slug}/how-to-play/")
    in_japanese(page)
    # The engine's title and blurb; the path of the game's notes in the project (docs/<slug>.md);
    # "XP", named beside its Japanese word as players know it.
    allowed = orm(engines_texts, []) | words_of(f"docs/{slug}.md") | {"XP"}
    assert english_words(page, allowed) == []
    no_problems(ctx)


def _tournaments(alice: Any, bob: Any) -> int:
    """One tournament in its first round (Alice and Bob at its table), one taking sign-ups:
    the id of the first."""
    later = timezone.now() + timedelta(days=1)
    made = []
    for name, slug in (("春の杯", "highcard"), ("夏の杯", "stonespine")):
        t = tournaments.create_tournament(bob, name, slug, 2, {}, rounds=3, pace="1d", starts_at=later)
        tournaments.sign_up(alice, t.pk)
        tournaments.sign_up(bob, t.pk)
        made.append(t.pk)
    tournaments.start(made[0], bob)
    return made[0]


def test_the_tournament_pages_in_japanese(alice: Any, bob: Any, new_context: Any, orm: Any) -> None:
    running = orm(_tournaments, alice, bob)
    allowed = orm(engines_texts, []) | {"Alice", "Bob"}
    ctx = new_context(width=PHONE, height=800)
    page = ctx.new_page()
    log_in(page, alice.email)
    page.goto("/")  # the switcher is in every page's header
    in_japanese(page)
    pages = {
        "/tournaments/": ".list",  # taking sign-ups, in play
        f"/tournaments/{running}/": ".standings",  # round 1 of 3: her table, the standings
        "/tournaments/new/stonespine/": "form.stacked",
    }
    for path, shown in pages.items():
        page.goto(path)
        expect(page.locator(shown).first).to_be_visible()
        if path == f"/tournaments/{running}/":
            expect(page.locator("#tournament-stage")).to_contain_text("第1ラウンド")
            expect(page.locator("#tournament-stage")).to_contain_text("全3ラウンド")
            expect(page.locator("#tournament-live")).to_contain_text("あなたの卓")
            expect(page.locator(".tables")).to_contain_text("第1卓")
        assert english_words(page, allowed) == [], path
        assert overflowing(page) == [], path
        no_sideways_scroll(page)
    expect(page.get_by_role("button", name="トーナメントを作る")).to_be_visible()
    no_problems(ctx)
