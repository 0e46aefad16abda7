"""The `simulate` and `replay` management commands (contract in docs/architecture.md)."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games import services
from games.models import Game


def run(*args):
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_simulate_prints_one_json_object_per_game():
    lines = run(
        "simulate",
        "highcard",
        "--players",
        "3",
        "--games",
        "4",
        "--seed",
        "10",
        "--bots",
        "random,heuristic",
        "--json",
    ).splitlines()
    assert len(lines) == 4
    games = [json.loads(line) for line in lines]
    assert [g["seed"] for g in games] == [10, 11, 12, 13]
    for g in games:
        assert set(g) == {"seed", "players", "scores", "ranks", "moves", "seconds"}
        assert g["players"] == 3 and len(g["scores"]) == 4 and g["moves"] > 0


def test_simulate_is_deterministic():
    args = ("simulate", "highcard", "--players", "2", "--games", "3", "--json")
    strip = [{k: v for k, v in json.loads(x).items() if k != "seconds"} for x in run(*args).splitlines()]
    again = [{k: v for k, v in json.loads(x).items() if k != "seconds"} for x in run(*args).splitlines()]
    assert strip == again


def test_simulate_takes_options_and_refuses_bad_ones():
    assert run("simulate", "highcard", "--players", "2", "--options", '{"variant": "low"}', "--json")
    for bad in (["--options", "{oops"], ["--options", '{"variant": "sideways"}'], ["--bots", "genius"]):
        with pytest.raises(CommandError):
            run("simulate", "highcard", "--players", "2", *bad)
    with pytest.raises(CommandError):
        run("simulate", "nosuchgame", "--players", "2")


def test_replay_verifies_a_stored_game(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, "highcard", 2, {}, bots={1: "random"})
        services.resign(alice, game.pk)
    assert "matches" in run("replay", str(game.pk), "--verify")


def test_replay_notices_a_tampered_state(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(alice, "highcard", 2, {}, bots={1: "random"})
        services.resign(alice, game.pk)
    Game.objects.filter(pk=game.pk).update(state={**game.state, "scores": [[9, 9, 9]] * 3})
    with pytest.raises(CommandError, match="differs"):
        run("replay", str(game.pk), "--verify")
