"""The engines speak the reader's language: the site's one hook (games/apps.py) passes Django's
active language to games/engines/i18n.py, so a page, a partial or an e-mail made under
`translation.override` words the log and the moves in it (docs/i18n.md, "Engines' texts")."""

from __future__ import annotations

from django.utils import translation

from games import presenter, services
from games.engines import get_engine
from games.engines.i18n import language


def test_the_engines_follow_djangos_active_language(db):
    with translation.override("ja"):
        assert language() == "ja"
        assert get_engine("stonespine").title == "ストーンスパイン・アーキテクト"
    with translation.override("en-us"):
        assert get_engine("stonespine").title == "Stonespine Architects"


def test_a_page_words_the_log_and_the_moves_in_the_readers_language(alice, bob):
    game = services.create_game(alice, "stonespine", 2, {})
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    state = get_engine("stonespine").load(game.state)
    first = get_engine("stonespine").legal_actions(state, 0)[0]
    services.submit_action(alice, game.pk, 0, first, game.version)
    game.refresh_from_db()

    with translation.override("ja"):
        table = presenter.build(game, bob)
    assert "部屋を建設する" in table.actions
    assert any("が部屋を選びました。" in line for line in table.log)

    with translation.override("en"):
        table = presenter.build(game, bob)
    assert "Build a chamber" in table.actions
    assert any("has chosen a chamber." in line for line in table.log)


def test_games_stored_with_english_sentences_are_replayed_into_words_for_every_reader(alice, bob):
    import importlib

    from django.apps import apps

    game = services.create_game(alice, "lords", 2, {})
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    fresh = dict(game.state)
    # How Lords kept its log before: "who<TAB>English sentence" lines.
    game.state = {**game.state, "log": "\t{p0} holds the first-player marker. Round 1 of 15.\n"}
    game.save(update_fields=["state"])

    migration = importlib.import_module("games.migrations.0013_engine_logs_worded_when_read")
    migration.replay_logs(apps, None)
    game.refresh_from_db()

    assert game.state == fresh
    with translation.override("ja"):
        lines = presenter.build(game, alice).log
    assert any("スタートプレイヤーマーカー" in line for line in lines)


def test_a_bot_reads_its_view_in_english_whoever_set_it_going(alice, bob, monkeypatch):
    # Lords' heuristic picks its plan from its first log lines: a reader's language must not
    # change a bot's move, so the bot reads the engines' own words.
    from games.models import SeatKind

    game = services.create_game(alice, "lords", 2, {})
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    engine = get_engine("lords")
    state = engine.load(game.state)
    seat = game.seats.get(index=sorted(game.to_act)[0])
    seat.kind, seat.bot = SeatKind.BOT, "heuristic"
    seen = {}

    def bot(view, legal, rng):
        seen[language()] = view["log"]
        return legal[0]

    monkeypatch.setitem(engine.bots, "heuristic", bot)
    for lang in ("en", "ja"):
        with translation.override(lang):
            services._machine_action(game, seat, engine, state)
            assert language() == lang  # the bot's English stays inside its call
    assert list(seen) == ["en"]  # both calls read in English...
    assert any(line.startswith("You were dealt") for line in seen["en"])
