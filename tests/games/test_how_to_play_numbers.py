"""Every number a player reads on a How to play page comes from the engine's data: the
template states none of its own (its text, outside template tags, holds no digit), and the
rendered page states what the engine does. Numbers the page needs are passed in by each game's
`*_rules` template tag (games/templatetags/)."""

from __future__ import annotations

import re

import pytest
from django.template.loader import get_template
from django.urls import reverse

from games.engines.architectura import cards as ar
from games.engines.lords import data as lords
from games.engines.lords.market import stones_affordable
from games.engines.lords.state import new_player
from games.engines.stonespine import data as ss
from games.engines.thunderstone import data as ts
from games.engines.thunderstone.battle import LIGHT_COST
from games.engines.thunderstone.setup import STONE_DEPTH
from games.engines.thunderstone.state import HAND_SIZE
from games.engines.thunderstone.village import MILITIA_XP

FROM_DATA = ["lords", "architectura", "stonespine", "thunderstone"]


def _template(slug: str) -> str:
    return str(get_template(f"games/{slug}/how_to_play.html").template.source)  # type: ignore[attr-defined]


def _words(source: str) -> str:
    """A template's own text: without template tags, variables, comments and HTML tags."""
    text = re.sub(r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", " ", source, flags=re.S)
    return re.sub(r"<[^>]*>|&#?\w+;", " ", text)


def _page(client, slug: str) -> str:
    html = client.get(reverse("how_to_play", args=[slug])).text
    return " ".join(re.sub(r"<[^>]*>", " ", html).split())


@pytest.mark.parametrize("slug", FROM_DATA)
def test_how_to_play_template_writes_no_number_of_its_own(slug):
    digits = re.findall(r"[^\n]*\d[^\n]*", _words(_template(slug)))
    assert not digits, digits


def _values(area: str) -> list[int]:
    return [s.value for sid, s in lords.SPOTS.items() if s.area == area and not sid.endswith("-late")]


def test_lords_how_to_play_states_the_engine_s_numbers(client):
    page = _page(client, "lords")
    skills = lords.START_SKILLS
    assert f"Fight {skills['fight']}, Build {skills['build']} and Negotiate {skills['negotiate']}" in page
    labour = _values("labor")
    assert f"General Labour : {', '.join(map(str, labour[:-1]))} or {labour[-1]} gems" in page
    assert f"up to its limit: {lords.GARDEN_CAPACITY} herbs" in page
    assert f"{lords.START_WORKERS} workers, {lords.START_GEMS} gems" in page
    assert f"{lords.rounds_for(4)} rounds, or {lords.rounds_for(3)} with three players" in page
    for t in ("fight", "build_skill", "negotiate"):
        assert _values(t) == _values("fight")  # the page gives one price pair for all three
    assert f"{' or '.join(map(str, _values('fight')))} gems (first or second spot)" in page
    prizes = lords.TOURNAMENT_PRIZES
    assert f"places pay {', '.join(map(str, prizes[:-1]))} and {prizes[-1]} gems" in page
    assert len(set(lords.BAG[h] for h in lords.HERBS)) == 1  # "of each herb"
    cart = next(i for i in lords.ITEMS.values() if i.effect == "stones")
    copies = sum(i.name == cart.name for i in lords.ITEMS.values())
    assert f"Quarry Cart {copies} {cart.price} {cart.vp} +{lords.QUARRY_STONES} stones when bought" in page


def test_lords_how_to_play_states_the_first_round_catch_up(client):
    page = _page(client, "lords")
    hires = [sum(lords.SPOTS[sid].area == "hire" for sid in lords.spots_for(n)) for n in (4, 2)]
    assert f"Only {hires[0]} Hire spots are open ({hires[1]} with two players)" in page
    assert f"costs them {lords.CATCH_UP_PRICE} gems at the start" in page


def test_lords_how_to_play_names_every_spot_closed_with_two_players(client):
    """Rules text (two players): the second spot of each pair is closed."""
    page = _page(client, "lords")
    closed = [s for sid, s in lords.SPOTS.items() if sid not in lords.spots_for(2)]
    assert closed and all(s.pair == 2 for s in closed)
    listed = page.split("the second spot of each pair is closed:")[1].split("Every other spot is open")[0]
    for spot in closed:
        assert spot.name in listed
    assert f"General Labour ({lords.SPOTS['labor-4'].value} gems)" in listed


def test_lords_stones_any_number_the_gems_pay_for(client):
    """Rules text, General Store: "any number" of stones; the page says there is no limit."""
    assert "as many stones as you like" in _page(client, "lords")
    p = new_player(lords.START_WORKERS, 100)
    assert stones_affordable(p) == 100 // lords.STONE_PRICE  # 20, more than a wall takes
    p["gems"], p["negotiate"] = 104, 4
    assert stones_affordable(p) == 21  # 21 stones: 105 gems less 4; 22 would cost 106


def test_architectura_how_to_play_states_the_engine_s_numbers(client):
    page = _page(client, "architectura")
    assert f"a deck of {len(ar.BASIC)} buildings" in page and f"{ar.TOKENS} protection tokens" in page
    assert f"a hand of {ar.HAND_LIMIT} cards" in page and f"hand limit ({ar.HAND_LIMIT}, unless" in page
    assert f"{ar.BLOCKS} blocks" in page
    assert "a house rule" in page


def test_stonespine_how_to_play_states_the_engine_s_numbers(client):
    page = _page(client, "stonespine")
    met = sorted(ss.BLUEPRINT_POINTS.items())
    assert ", ".join(f"{m} → {vp}" for m, vp in met[:-1]) in page
    assert f"never more than {ss.GOLD_CAP}" in page
    assert " and ".join(map(str, ss.PRIORITY_VP[1:])) in page and f"{ss.PRIORITY_VP[0]}, " in page
    assert f"{ss.GOAL_VP[0]}, {ss.GOAL_VP[1]} and {ss.GOAL_VP[2]} for the best" in page
    assert f"{ss.HAND_SIZE} new chambers each" in page
    assert f"Scoring after year {ss.YEARS}" in page


def test_thunderstone_how_to_play_states_the_engine_s_numbers(client):
    page = _page(client, "thunderstone")
    stacks = {tuple((c.level, c.count) for c in cards) for cards in ts.HERO_TYPES.values()}
    assert len(stacks) == 1  # the page describes one hero stack for all
    (one, two, three) = next(iter(stacks))
    assert (
        f"{one[1]} level {one[0]} heroes on top of {two[1]} level {two[0]} and {three[1]} level {three[0]}"
        in page
    )
    assert f"costs you {LIGHT_COST} from your total" in page
    assert (
        f"bottom {STONE_DEPTH} monsters" in page and f"you take it ({ts.CARDS[ts.STONE].vp} points)" in page
    )
    assert f"You hold {HAND_SIZE} cards" in page and f"for {MILITIA_XP} XP" in page
    griffon = ts.CARDS["Griffon"]
    assert f"Griffon (health {griffon.health})" in page
