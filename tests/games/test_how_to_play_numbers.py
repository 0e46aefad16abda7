"""Every number a player reads on a How to play page comes from the engine's data: the
template states none of its own (its text, outside template tags, holds no digit), and the
rendered page states what the engine does."""

from __future__ import annotations

import re

import pytest
from django.template.loader import get_template
from django.urls import reverse

from games.engines.lords import data as lords
from games.engines.lords.market import stones_affordable
from games.engines.lords.state import new_player

# The How to play pages whose every number is read from data. Stonespine's, Thunderstone's and
# Architectura's still write some numbers in the template: add each here once it reads them.
FROM_DATA = ["lords"]


def _template(slug: str) -> str:
    return str(get_template(f"games/{slug}/how_to_play.html").template.source)  # type: ignore[attr-defined]


def _words(source: str) -> str:
    """A template's own text: without template tags, variables, comments and HTML tags."""
    text = re.sub(r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", " ", source, flags=re.S)
    return re.sub(r"<[^>]*>|&\w+;", " ", text)


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
