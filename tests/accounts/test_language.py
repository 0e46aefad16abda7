"""The site in the player's language: the browser's, the switcher's, or the settings'; and
their e-mails in the language their profile holds."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.models import Notify, Profile
from games import notifications, services
from tests.conftest import client_for, make_user


def speaks(user, language):
    user.profile.language = language
    user.profile.save()


def test_it_follows_the_browsers_language(db):
    page = Client(headers={"accept-language": "ja,en;q=0.5"}).get(reverse("lobby"))
    assert '<html lang="ja">' in page.text
    assert "ロビー" in page.text and "Lobby" not in page.text
    assert page["Content-Language"] == "ja"
    # The switcher names the other language in its own words, not in the page's.
    assert 'lang="en">English</button>' in page.text


def test_it_speaks_english_to_other_browsers(db):
    page = Client(headers={"accept-language": "fr"}).get(reverse("lobby"))
    assert '<html lang="en">' in page.text and "Lobby" in page.text


def test_the_settings_language_wins_over_the_browsers(alice):
    speaks(alice, "ja")
    client = client_for(alice)
    page = client.get(reverse("lobby"), headers={"accept-language": "en"})
    assert '<html lang="ja">' in page.text and "参加中のゲーム" in page.text


def test_it_saves_the_language_chosen_in_the_settings(alice):
    client = client_for(alice)
    answer = client.post(
        reverse("profile_edit"),
        {"display_name": "Alice", "language": "ja", "timezone": "UTC", "notify": Notify.EVERY_TURN},
        follow=True,
    )
    assert Profile.objects.get(user=alice).language == "ja"
    assert "プロフィールを保存しました。" in answer.text  # the message is in the new language


def test_the_settings_refuse_a_language_the_site_does_not_speak(alice):
    client = client_for(alice)
    answer = client.post(
        reverse("profile_edit"),
        {"display_name": "Alice", "language": "xx", "timezone": "UTC", "notify": Notify.EVERY_TURN},
    )
    assert answer.status_code == 200 and "errorlist" in answer.text
    assert Profile.objects.get(user=alice).language == "en"


def test_the_switcher_changes_a_visitors_pages(db):
    client = Client()
    answer = client.post(reverse("set_language"), {"language": "ja", "next": "/games/"})
    assert answer.status_code == 302 and answer["Location"] == "/games/"
    assert "ゲーム" in client.get(reverse("lobby")).text


def test_the_switcher_stores_a_players_choice_on_their_profile(alice):
    client = client_for(alice)
    client.post(reverse("set_language"), {"language": "ja", "next": "/"})
    assert Profile.objects.get(user=alice).language == "ja"
    assert '<html lang="ja">' in client.get(reverse("lobby")).text


def test_the_switcher_changes_nothing_for_a_language_the_site_does_not_speak(alice):
    client = client_for(alice)
    client.post(reverse("set_language"), {"language": "xx", "next": "/"})
    assert Profile.objects.get(user=alice).language == "en"
    assert '<html lang="en">' in client.get(reverse("lobby")).text


def test_every_page_offers_the_other_language(db):
    page = Client().get(reverse("lobby")).text
    assert 'name="language" value="ja" lang="ja">日本語</button>' in page
    assert 'value="en"' not in page  # not the one already shown


@pytest.mark.parametrize(("browser", "kept"), [("ja", "ja"), ("en", "en"), ("de", "en")])
def test_a_new_account_starts_in_the_language_of_its_sign_up(db, browser, kept):
    with translation.override(browser):
        user = make_user("erin")
    assert user.profile.language == kept


@pytest.fixture
def waiting_for_bob(alice, bob, django_capture_on_commit_callbacks):
    game = services.create_game(alice, "highcard", 2, {}, pace="3d")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.join_game(bob, game.pk)
    game.refresh_from_db()
    return game


def test_a_turn_email_is_in_its_readers_language(alice, bob, django_capture_on_commit_callbacks):
    speaks(bob, "ja")
    game = services.create_game(alice, "highcard", 2, {}, pace="3d")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.join_game(bob, game.pk)
    to_bob = next(m for m in mail.outbox if m.to == [bob.email])
    assert to_bob.subject.endswith("であなたの手番です")
    assert "Bobさん、こんにちは。" in to_bob.body
    assert "持ち時間は5日23時間です" in to_bob.body  # three days a move, plus the reserve
    assert "月" in to_bob.body and "日(" in to_bob.body  # the deadline, written the Japanese way
    assert "Your turn" not in to_bob.body and "Stop these e-mails" not in to_bob.body


def test_an_english_readers_email_stays_english(waiting_for_bob, bob):
    to_bob = next(m for m in mail.outbox if m.to == [bob.email])
    assert to_bob.subject.startswith("Your turn in")
    assert "Hello Bob," in to_bob.body


def test_a_digest_is_in_its_readers_language(alice, bob):
    erin = make_user("erin")
    speaks(erin, "ja")
    erin.profile.notify = Notify.DAILY
    erin.profile.save()
    game = services.create_game(erin, "highcard", 2, {}, pace="3d")
    services.join_game(bob, game.pk)
    game.refresh_from_db()
    assert 0 in game.to_act  # Highcard's players pick at the same time: erin's move is awaited
    mail.outbox.clear()
    assert notifications.send_daily_digests([erin.pk]) == 1
    (digest,) = mail.outbox
    assert digest.subject == "手番待ちのゲームが1件あります"
    assert "次のゲームがあなたの手番を待っています" in digest.body
    assert "ゲーム%d" % game.pk in digest.body and "残り" in digest.body
    # Nothing English but the test game's own title (an engine's text) and the addresses.
    words = digest.body.replace("Highcard (test game)", "").replace(game.get_absolute_url(), "")
    assert "game" not in words and "left" not in words and "until" not in words
