"""One truth about results (games/results.py): every place a result or a winner is shown
reads it. Three finished games, in each of which alice scored best: she resigned in the
first, ran out of time in the second (under the "a bot takes over" rule, not claimed back),
and played the third to the end. Only the third is hers; the other two are bob's.

The places walked: the play page (whole, its result partial, the update), the score sheet,
the replay, state.json, the record (JSON), the lobby's finished list, the profile (its
statistics and recent games), the player's page per game, the site statistics, the
ratings, and the player's downloads (games JSON, statistics CSV).
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import PlayerStats
from ratings.models import RatingChange, Result
from tests.conftest import client_for
from tests.ratings.factory import highcard

KINDS = ("resigned", "out of time", "played")


@pytest.fixture
def finished(alice, bob):
    """{kind: game}: alice 3 points, bob 1, the Dealer 0, finalized by the live path."""
    return {
        "resigned": highcard([("resigned", alice), bob], [3, 1]),
        "out of time": highcard([("out of time", alice), bob], [3, 1]),
        "played": highcard([alice, bob], [3, 1]),
    }


def winners_line(page: str) -> str:
    found = re.search(r'<p class="winners">(.*?)</p>', page, re.S)
    assert found, "no winners line on the page"
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


def place_row(page: str) -> list[str]:
    row = re.search(r"<th>Place</th>(.*?)</tr>", page, re.S)
    assert row, "no place row on the score sheet"
    return [c.strip() for c in re.findall(r"<td>(.*?)</td>", row.group(1))]


WINNER = {"resigned": "Bob wins.", "out of time": "Bob wins.", "played": "Alice wins (you!)."}
# Alice, Bob, the Dealer: a lost seat comes after every seat played to the end.
PLACES = {
    "resigned": ["resigned", "1", "2"],
    "out of time": ["out of time", "1", "2"],
    "played": ["1", "2", "3"],
}


@pytest.mark.parametrize("kind", KINDS)
def test_the_play_page_its_partials_and_the_replay_name_the_real_winner(finished, alice, kind):
    game = finished[kind]
    url = game.get_absolute_url()
    me = client_for(alice)
    for page in (
        me.get(url).text,
        me.get(f"{url}?part=result", headers={"HX-Request": "true"}).text,
        me.get(f"{url}?part=update", headers={"HX-Request": "true"}).text,
    ):
        assert winners_line(page) == WINNER[kind]
        assert place_row(page) == PLACES[kind]
    spectator = Client().get(url).text
    assert winners_line(spectator) == WINNER[kind].replace(" (you!)", "")
    replay = Client().get(reverse("replay", args=[game.pk])).text
    assert winners_line(replay) == WINNER[kind].replace(" (you!)", "")


@pytest.mark.parametrize("kind", KINDS)
def test_state_json_and_the_record_say_who_won_and_why(finished, alice, kind):
    game = finished[kind]
    state = client_for(alice).get(reverse("state_json", args=[game.pk])).json()
    assert [r["won"] for r in state["results"]] == [kind == "played", kind != "played", False]
    assert [r["why"] for r in state["results"]] == [kind if kind != "played" else "", "", ""]
    seats = Client().get(reverse("record", args=[game.pk])).json()["seats"]
    assert [s["won"] for s in seats] == [kind == "played", kind != "played", False]
    assert [str(s["why"] or s["rank"]) for s in seats] == PLACES[kind]


def test_the_lobby_stars_only_real_winners(finished):
    page = Client().get(reverse("lobby")).text
    rows = {
        game.pk: re.search(rf'href="/game/{game.pk}/">.*?</tr>', page, re.S).group(0)
        for game in finished.values()
    }
    for kind, game in finished.items():
        cells = rows[game.pk]
        if kind == "played":
            assert "Alice 3 ★" in cells and "Bob 1 ★" not in cells
        else:
            assert f"Alice 3 ({kind})" in cells and "Alice 3 ★" not in cells and "Bob 1 ★" in cells


def test_the_profile_counts_one_win_and_lists_each_result(finished, alice):
    page = Client().get(reverse("player", args=["Alice"])).text
    stats = re.search(r"Highcard \(test game\)</a></td><td>(\d+)</td><td>(\d+)</td>", page)
    assert stats and stats.groups() == ("3", "1")
    for kind, game in finished.items():
        row = re.search(rf'href="/game/{game.pk}/">.*?</tr>', page, re.S).group(0)
        cells = re.findall(r"<td>(.*?)</td>", row, re.S)
        assert cells[-1] == PLACES[kind][0]
    assert (PlayerStats.objects.get(user=alice).won, PlayerStats.objects.get(user__username="bob").won) == (
        1,
        2,
    )


def test_the_players_page_statistics_and_ratings_agree(finished, alice, bob):
    page = Client().get(reverse("player_game", args=["Alice", "highcard"])).text
    assert re.search(r'class="won">1<', page) and re.search(r'class="played">3<', page)
    recent = page.split('class="list recent"')[1]
    for kind, game in finished.items():
        row = re.search(rf"#{game.pk}</a>.*?</tr>", recent, re.S).group(0)
        assert re.findall(r"<td>(.*?)</td>", row, re.S)[3] == PLACES[kind][0]
    stats = Client().get(reverse("game_statistics", args=["highcard"])).text
    assert "33% · 67%" in stats  # seat 1 (alice) won one of the three, seat 2 (bob) two
    for kind, game in finished.items():
        mine = Result.objects.get(game=game, user=alice)
        assert (mine.place, mine.won, mine.why) == (
            3 if kind != "played" else 1,
            kind == "played",
            PLACES[kind][0] if kind != "played" else "",
        )
        change = RatingChange.objects.get(game=game, rating__user=alice)
        theirs = RatingChange.objects.get(game=game, rating__user=bob)
        # Her rating falls in the games she lost, whatever she scored.
        assert (change.mu < change.mu_before) == (kind != "played")
        assert (theirs.mu > theirs.mu_before) == (kind != "played")


def test_the_downloads_count_and_record_the_real_results(finished, alice):
    me = client_for(alice)
    records = {r["id"]: r for r in json.loads(me.get(reverse("export_games")).content)}
    for kind, game in finished.items():
        seats = records[game.pk]["seats"]
        assert [s["won"] for s in seats] == [kind == "played", kind != "played", False]
        assert seats[0]["why"] == ("" if kind == "played" else kind)
    table = csv.reader(io.StringIO(me.get(reverse("export_statistics")).content.decode()))
    facts = {(section, name): value for _, section, name, value in table}
    assert (facts[("multiplayer", "played")], facts[("multiplayer", "won")]) == ("3", "1")


def test_the_migration_moves_lost_seats_last_in_games_finalized_before(finished, alice):
    """Before, a resigned seat kept the engine's rank on the seat (the ratings moved it last)."""
    from importlib import import_module

    from django.apps import apps

    from games.models import Seat

    game = finished["resigned"]
    Seat.objects.filter(game=game, index=0).update(rank=1)  # as stored before: alice first
    Seat.objects.filter(game=game, index=1).update(rank=2)
    Seat.objects.filter(game=game, index=2).update(rank=3)
    import_module("games.migrations.0009_places_decided").decide_places(apps, None)
    assert list(game.seats.order_by("index").values_list("rank", flat=True)) == [3, 1, 2]
