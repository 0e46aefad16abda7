"""The winner's e-mail is written in each reader's own language, subject line included,
whatever language the task that sends it runs in."""

from __future__ import annotations

from datetime import timedelta

from django.core import mail
from django.utils import translation

from tests.tournaments.conftest import new_tournament, play_round, players
from tournaments import services
from tournaments import tasks as tournament_tasks
from tournaments.models import Stage, Tournament


def test_the_winners_email_is_in_each_players_language(db, clock, committed):
    japanese, english = players(2)
    japanese.profile.language = "ja"
    japanese.profile.save()
    t = new_tournament(english, 2, rounds=1, pace="1d")
    for p in (japanese, english):
        committed(services.sign_up, p, t.pk)
    clock.shift(timedelta(hours=1))
    committed(tournament_tasks.start_due_tournaments)
    play_round(committed, t)
    t.refresh_from_db()
    assert t.stage == Stage.FINISHED and t.winner is not None
    winner = t.winner.name

    # Sent again from a task running in Japanese: the English reader still reads English.
    mail.outbox.clear()
    Tournament.objects.filter(pk=t.pk).update(announced=False)
    with translation.override("ja"):
        assert tournament_tasks.announce_winner(t.pk) == 2
    sent = {m.to[0]: m for m in mail.outbox}

    ja = sent[japanese.email]
    assert ja.subject == f"{winner}さんがトーナメント「Spring cup」で優勝しました"
    assert f"{japanese.profile.display_name}さん、こんにちは。" in ja.body
    assert "は全1ラウンドで終了しました。" in ja.body and f"優勝は{winner}さんです。" in ja.body
    assert "最終順位" in ja.body and "1位 " in ja.body and "ポイント" in ja.body
    assert "このトーナメントに参加登録し" in ja.body
    for english_text in ("Hello", "is over", "won it", "Final standings", "points", "You get this e-mail"):
        assert english_text not in ja.body

    en = sent[english.email]
    assert en.subject == f"{winner} won the tournament Spring cup"
    assert "is over after 1 round." in en.body and f"{winner} won it." in en.body
    assert "Final standings, the first places:" in en.body
    assert "さん" not in en.body and "トーナメント" not in en.body
