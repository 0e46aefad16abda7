"""The daily digest goes out at 07:00 on each reader's own clock, at most once a day, across
time zones and daylight-saving changes; a new account starts in the browser's time zone.
Beat runs the digest task every quarter of an hour (config/celery.py): so do these tests."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import Notify, Profile
from games import notifications, services, tasks
from tests.conftest import make_user

QUARTER = timedelta(minutes=15)


def reader(name: str, zone: str):
    user = make_user(name)
    user.profile.notify, user.profile.timezone = Notify.DAILY, zone
    user.profile.save()
    return user


@pytest.fixture
def readers(db):
    """Four digest readers, each with a game waiting for their move (no clock: it waits)."""
    zones = {
        "alice": "Asia/Tokyo",
        "bob": "America/Los_Angeles",
        "charlie": "Asia/Kolkata",  # UTC+5:30: its 07:00 is at half past the hour in UTC
        "dave": "Europe/London",
    }
    users = {name: reader(name, zone) for name, zone in zones.items()}
    for first, second in (("alice", "bob"), ("charlie", "dave")):
        game = services.create_game(users[first], "highcard", 2, {})
        services.join_game(users[second], game.pk)
    mail.outbox.clear()
    return users


def run_beat(time_machine, start: datetime, days: int) -> dict[str, list[datetime]]:
    """The digest task every quarter of an hour from `start` for `days` days: when each
    reader's digests arrived. Each has had their digest of their last morning before `start`."""
    time_machine.move_to(start, tick=False)
    for profile in Profile.objects.filter(notify=Notify.DAILY):
        there = start.astimezone(zoneinfo.ZoneInfo(profile.timezone))
        profile.digest_sent_on = there.date() - timedelta(days=there.hour < 7)
        profile.save()
    arrived: dict[str, list[datetime]] = {}
    now = start
    for _ in range(days * 96):
        tasks.send_daily_digests()
        for message in mail.outbox:
            arrived.setdefault(message.to[0].split("@")[0], []).append(now)
        mail.outbox.clear()
        now += QUARTER
        time_machine.move_to(now, tick=False)
    return arrived


def local(moments: list[datetime], zone: str) -> list[str]:
    return [m.astimezone(zoneinfo.ZoneInfo(zone)).strftime("%Y-%m-%d %H:%M %Z") for m in moments]


def test_each_reader_gets_one_digest_a_day_at_seven_on_their_own_clock(readers, time_machine):
    arrived = run_beat(time_machine, datetime(2026, 5, 4, 0, 0, tzinfo=UTC), days=3)
    assert local(arrived["alice"], "Asia/Tokyo") == [
        "2026-05-05 07:00 JST",
        "2026-05-06 07:00 JST",
        "2026-05-07 07:00 JST",
    ]
    assert local(arrived["charlie"], "Asia/Kolkata") == [
        "2026-05-04 07:00 IST",
        "2026-05-05 07:00 IST",
        "2026-05-06 07:00 IST",
    ]
    assert local(arrived["bob"], "America/Los_Angeles") == [
        "2026-05-04 07:00 PDT",
        "2026-05-05 07:00 PDT",
        "2026-05-06 07:00 PDT",
    ]
    assert local(arrived["dave"], "Europe/London") == [
        "2026-05-04 07:00 BST",
        "2026-05-05 07:00 BST",
        "2026-05-06 07:00 BST",
    ]


@pytest.mark.parametrize(
    "start, zone, seen",
    [
        # Los Angeles springs forward on Sunday 8 March 2026 (02:00 PST becomes 03:00 PDT).
        (datetime(2026, 3, 7, 0, 0, tzinfo=UTC), "America/Los_Angeles", ["PST", "PDT", "PDT"]),
        # London falls back on Sunday 25 October 2026 (02:00 BST becomes 01:00 GMT).
        (datetime(2026, 10, 24, 0, 0, tzinfo=UTC), "Europe/London", ["BST", "GMT", "GMT"]),
    ],
)
def test_seven_stays_seven_across_a_daylight_saving_change(readers, time_machine, start, zone, seen):
    name = {"America/Los_Angeles": "bob", "Europe/London": "dave"}[zone]
    arrived = run_beat(time_machine, start, days=3)[name]
    shown = local(arrived, zone)
    assert [s[11:16] for s in shown] == ["07:00"] * 3
    assert [s[-3:] for s in shown] == seen
    assert len({a.date() for a in arrived}) == 3  # three days, one digest each
    assert arrived[1] - arrived[0] != arrived[2] - arrived[1]  # one of the days was 23 or 25 hours


def test_a_missed_morning_is_made_up_and_a_run_repeated_sends_no_second_digest(readers, time_machine):
    at = datetime(2026, 5, 4, 14, 0, tzinfo=UTC)  # 07:00 in Los Angeles, later elsewhere
    time_machine.move_to(at, tick=False)
    # Nobody has had a digest today: those whose 07:00 passed unseen get theirs now.
    assert tasks.send_daily_digests() == 4 and len(mail.outbox) == 4
    assert tasks.send_daily_digests() == 0  # again at once (or a second beat): nobody
    assert (
        notifications.claim_digests(at + timedelta(hours=7)) == []
    )  # 23:59 in Los Angeles... not yet 07:00 in Tokyo
    # 07:00 on the 5th in Tokyo: alice's new day; the others' day is the same.
    assert notifications.claim_digests(at + timedelta(hours=8)) == [readers["alice"].pk]


def test_no_digest_before_seven_on_the_readers_clock(readers):
    six = datetime(2026, 5, 4, 13, 59, tzinfo=UTC)  # 06:59 in Los Angeles
    assert readers["bob"].pk not in notifications.claim_digests(six)


def test_the_next_digest_is_seven_on_the_readers_clock():
    assert notifications.next_digest(datetime(2026, 3, 2, 6, 59, tzinfo=UTC), "UTC") == datetime(
        2026, 3, 2, 7, tzinfo=UTC
    )
    assert notifications.next_digest(datetime(2026, 3, 2, 7, 0, tzinfo=UTC), "UTC") == datetime(
        2026, 3, 3, 7, tzinfo=UTC
    )
    # Saturday 7 March, 16:00 in Los Angeles: the next 07:00 is Sunday's, after the clocks sprang forward.
    after = notifications.next_digest(datetime(2026, 3, 8, 0, 0, tzinfo=UTC), "America/Los_Angeles")
    assert after == datetime(2026, 3, 8, 14, 0, tzinfo=UTC)  # 07:00 PDT (UTC-7), not 15:00 UTC


@pytest.mark.parametrize(
    "sent, kept", [("Asia/Kolkata", "Asia/Kolkata"), ("Mars/Olympus_Mons", "UTC"), ("", "UTC")]
)
def test_a_new_account_starts_in_the_browsers_time_zone(db, sent, kept):
    client = Client()
    page = client.get(reverse("account_signup")).text
    assert 'type="hidden" name="timezone"' in page and "data-browser-timezone" in page
    assert "js/timezone.js" in page
    password = "a-long-pass-phrase"
    client.post(
        reverse("account_signup"),
        {"email": "erin@example.com", "password1": password, "password2": password, "timezone": sent},
    )
    assert Profile.objects.get(user__email="erin@example.com").timezone == kept
