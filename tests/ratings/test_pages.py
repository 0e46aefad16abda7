"""The player page per game, the leaderboard and the site statistics, on a hand-made history."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from ratings import views
from ratings.models import Rating
from tests.conftest import make_user
from tests.ratings.factory import highcard


@pytest.fixture
def history(alice, bob, charlie):
    """Six Highcard games of alice's (scores all in round 1; ranks follow the scores)."""
    return [
        highcard([alice, bob], [3, 1]),  # alice wins
        highcard([alice, bob, charlie], [2, 2, 0]),  # alice and bob share the win
        highcard([alice, "heuristic"], [0, 3]),  # the bot wins
        highcard([("resigned", alice), bob], [3, 1]),  # alice resigned: lost, her 3 not hers
        highcard([alice, charlie], [1, 2], public=False),  # private: counted, never listed
        highcard([alice, bob], [3, 0], rated=False),  # casual: counted, not rated
    ]


def cell(page: str, name: str) -> str:
    found = re.search(rf'class="{name}"[^>]*>([^<]*)<', page)
    assert found, f"no {name} on the page"
    return found.group(1).strip()


def rows(page: str, table: str) -> list[list[str]]:
    body = page.split(f'class="list {table}"')[1].split("</table>")[0]
    return [
        [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
        if "<td>" in row
    ]


def test_the_player_page_shows_the_numbers_of_the_history(history, alice):
    page = Client().get(reverse("player_game", args=["alice", "highcard"])).text
    assert (cell(page, "played"), cell(page, "won"), cell(page, "win-rate")) == ("6", "3", "50%")
    # Scores of games played to the end: 3, 2, 0, 1, 3.
    assert (cell(page, "average"), cell(page, "best")) == ("1.8", "3")
    # Everyone: the 11 seats people played to the end scored 15 in round 1.
    assert rows(page, "categories")[0] == ["round 1", "1.8", "1.4"]
    assert rows(page, "opponents") == [
        ["Bob", "4", "2", "1", "1"],
        ["Bot (Medium)", "1", "0", "1", "0"],
        ["Charlie", "1", "1", "0", "0"],
    ]
    recent = rows(page, "recent")
    assert [r[0] for r in recent] == [
        f"#{g.pk}" + (" casual" if not g.rated else "")
        for g in (history[5], history[3], history[2], history[1], history[0])
    ]
    assert [r[4] for r in recent] == ["1", "resigned", "2", "1", "1"]
    assert f'href="/game/{history[0].pk}/replay/"' in page
    assert f"#{history[4].pk}" not in page  # the private game
    rating = Rating.objects.get(user=alice, engine="highcard")
    assert rating.games == 5 and rating.provisional
    assert f"{rating.display:.1f}" in cell(page, "rating-value") and "provisional" in page
    points = re.search(r'<polyline class="line" fill="none" points="([^"]+)"', page).group(1)
    assert len(points.split()) == 6  # before the first game, then after each rated one


def test_a_player_without_games_has_an_empty_page(alice):
    page = Client().get(reverse("player_game", args=["alice", "highcard"]))
    assert page.status_code == 200
    assert "No rated games yet" in page.text and "<svg" not in page.text


def test_unknown_players_and_games_are_not_found(alice):
    assert Client().get(reverse("player_game", args=["nobody", "highcard"])).status_code == 404
    assert Client().get(reverse("player_game", args=["alice", "chess"])).status_code == 404
    assert Client().get(reverse("leaderboard", args=["chess"])).status_code == 404


def test_the_profile_links_each_game_page_with_its_rating(history, alice):
    page = Client().get(reverse("player", args=["alice"])).text
    assert reverse("player_game", args=["Alice", "highcard"]) in page
    assert f"{Rating.objects.get(user=alice).display:.1f}" in page


def test_the_leaderboard_lists_settled_ratings_in_order_a_page_at_a_time(alice, bob, charlie, monkeypatch):
    for _ in range(10):
        highcard([alice, bob, "random"], [3, 1, 0])
    for _ in range(9):
        highcard([charlie, bob], [3, 0])  # charlie is still provisional
    monkeypatch.setattr(views, "PER_PAGE", 2)
    first = Client().get(reverse("leaderboard", args=["highcard"])).text
    second = Client().get(reverse("leaderboard", args=["highcard"]) + "?page=2").text
    assert [r[:2] for r in rows(first, "leaderboard")] == [["1", "Alice"], ["2", "Bob"]]
    assert [r[:2] for r in rows(second, "leaderboard")] == [["3", "Bot (Easy)"]]
    assert "Charlie" not in first + second and "Page 2 of 2" in second
    assert Client().get(reverse("leaderboard", args=["highcard"]) + "?page=junk").status_code == 200


def test_the_site_statistics_show_the_numbers_of_the_history(history):
    page = Client().get(reverse("game_statistics", args=["highcard"])).text
    assert re.search(r'class="finished">Games finished here: <strong>6</strong>', page)
    assert rows(page, "categories")[0] == ["round 1", "1.4"]
    # 2 players, 5 games: seat 1 won games 1 and 6, seat 2 games 3, 4 (seat 1 resigned) and 5.
    # 3 players, 1 game: seats 1 and 2 shared the win.
    assert rows(page, "seat-wins") == [["2", "5", "40% · 60%"], ["3", "1", "100% · 100% · 0%"]]
    # The bot beat alice in its one game.
    assert rows(page, "bots") == [["Medium bot", "1", "100%", "100%"]]


def test_the_catalogue_and_the_play_page_link_the_leaderboard(history, alice):
    catalogue = Client().get(reverse("catalogue")).text
    assert reverse("leaderboard", args=["highcard"]) in catalogue
    assert reverse("game_statistics", args=["highcard"]) in catalogue
    play = Client().get(reverse("game", args=[history[0].pk])).text
    assert reverse("leaderboard", args=["highcard"]) in play


def test_a_solo_record_shows_per_mode(db):
    from tests.ratings.factory import played

    dora = make_user("dora")
    games = [played("stonespine", [dora], seed, options={"jael": "legendary"}) for seed in range(2)]
    page = Client().get(reverse("player_game", args=["dora", "stonespine"])).text
    scores = [g.seats.get(index=0).score for g in games]
    wins = sum(g.seats.get(index=0).rank == 1 for g in games)
    assert rows(page, "solo") == [
        ["legendary Jael", "2", str(wins), str(max(scores)), f"{sum(scores) / 2:.1f}"]
    ]
    site = Client().get(reverse("game_statistics", args=["stonespine"])).text
    assert rows(site, "solo")[0][:2] == ["legendary Jael", "2"]
