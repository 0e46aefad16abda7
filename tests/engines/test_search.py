"""The hard bot (games/engines/search.py): information-set search from a seat's view alone."""

from __future__ import annotations

import math
import time
from typing import Any

import pytest

from games.engines import ENGINES
from games.engines.autoplay import play
from games.engines.base import Engine, canonical
from games.engines.rng import Rng
from games.engines.search import Choice, Judge, SearchBot, _anchored, rewards
from games.engines.thunderstone.bots import patient_bot
from games.levels import offered
from tests.testgame.engine import ENGINE as HIGHCARD

ALL: dict[str, Engine] = {**ENGINES, HIGHCARD.slug: HIGHCARD}


class Guarded:
    """An engine that refuses any state the search did not deal itself: every state the bot
    hands to the rules must come from `sample` (or from applying moves to one)."""

    def __init__(self, engine: Engine) -> None:
        self.inner = engine
        self.slug = engine.slug
        self.bots = getattr(engine, "bots", {})
        self.dealt: set[int] = set()
        self.views: list[Any] = []
        # Rollouts played like players read only the dealt states the search hands them.
        policy = getattr(engine, "search_policy", None)
        if policy is not None:
            self.search_policy = lambda s, seat, me, legal, rng: self._checked(
                policy, s, seat, me, legal, rng
            )
            self.search_horizon = engine.search_horizon  # type: ignore[attr-defined]
            standing = engine.search_standing  # type: ignore[attr-defined]
            self.search_standing = lambda s: self._checked(standing, s)

    def _checked(self, f: Any, s: Any, *args: Any) -> Any:
        self._check(s)
        return f(s, *args)

    def _check(self, s: Any) -> None:
        assert id(s) in self.dealt, "the bot handed the rules a state it did not deal from its view"

    def _keep(self, s: Any) -> Any:
        self.dealt.add(id(s))
        self._alive.append(s)  # ids stay unique while the states live
        return s

    _alive: list[Any] = []

    def sample(self, view: Any, seat: int, rng: Rng) -> Any:
        self.views.append(view)
        return self._keep(self.inner.sample(view, seat, rng))  # type: ignore[attr-defined]

    def to_act(self, s: Any) -> frozenset[int]:
        self._check(s)
        return self.inner.to_act(s)

    def legal_actions(self, s: Any, seat: int) -> list[Any]:
        self._check(s)
        return self.inner.legal_actions(s, seat)

    def apply(self, s: Any, seat: int, action: Any) -> Any:
        self._check(s)
        return self._keep(self.inner.apply(s, seat, action))

    def outcome(self, s: Any) -> Any:
        self._check(s)
        return self.inner.outcome(s)


class Real(dict):
    """The true state of the table: the bot must never receive it."""


@pytest.mark.parametrize("slug", sorted(ALL))
def test_the_bot_receives_only_the_view_and_searches_only_dealt_states(slug):
    engine = ALL[slug]
    players = max(engine.min_players, 2)
    real = Real(engine.setup(5, players, {}))
    seat = min(engine.to_act(real))
    view = engine.view(real, seat)
    guarded = Guarded(engine)
    bot = SearchBot(guarded, iterations=12)
    action = bot(view, engine.legal_actions(real, seat), Rng(1))
    assert action in engine.legal_actions(real, seat)
    assert guarded.views and all(v is view for v in guarded.views)
    assert not any(isinstance(s, Real) for s in guarded._alive)


@pytest.mark.parametrize("slug", sorted(ALL))
def test_a_fixed_number_of_iterations_is_reproducible_from_the_seed(slug):
    engine = ALL[slug]
    s = engine.setup(2, max(engine.min_players, 2), {})
    seat = min(engine.to_act(s))
    bot = SearchBot(engine, iterations=20, seconds=math.inf)  # no cap: a loaded machine may not stop it
    legal = engine.legal_actions(s, seat)
    one = bot.think(engine.view(s, seat), legal, Rng(7))
    two = bot.think(engine.view(s, seat), legal, Rng(7))
    assert one.iterations == two.iterations == 20
    assert canonical([c.__dict__ for c in one.choices]) == canonical([c.__dict__ for c in two.choices])
    assert sum(c.visits for c in one.choices) == 20


def test_the_time_budget_ends_the_search():
    engine = ENGINES["stonespine"]
    s = engine.setup(1, 3, {})
    bot = SearchBot(engine, seconds=0.3)
    started = time.perf_counter()
    thought = bot.think(engine.view(s, 0), engine.legal_actions(s, 0), Rng(3))
    took = time.perf_counter() - started
    assert thought.iterations > 1
    assert 0.3 <= took < 1.0


def test_a_player_s_choice_to_consider_gets_an_estimate():
    engine = ENGINES["architectura"]
    s = engine.setup(4, 2, {})
    legal = engine.legal_actions(s, 0)
    mine = legal[-1]
    thought = SearchBot(engine, iterations=30).think(engine.view(s, 0), legal, Rng(2), consider=mine)
    assert thought.of(mine) is not None and thought.of(mine).visits > 0


def test_rewards_share_first_place_and_count_the_margin():
    reward, wins = rewards({"scores": [10, 10, 4], "ranks": [1, 1, 3]})
    assert wins == [0.5, 0.5, 0.0]
    assert reward[0] == reward[1] > reward[2]
    clear, _ = rewards({"scores": [30, 10], "ranks": [1, 2]})
    close, _ = rewards({"scores": [11, 10], "ranks": [1, 2]})
    assert clear[0] > close[0] > 0.8 > close[1] > clear[1]


def test_a_relative_judge_tells_apart_moves_that_all_lose_by_far():
    """Stonespine solo's random rollouts lose to Jael by 40-80 points: a fixed scale squashes every
    margin to about nothing; measured against the decision's own rollouts, 10 points show."""
    far, less_far = {"scores": [60, 120], "ranks": [2, 1]}, {"scores": [70, 120], "ranks": [2, 1]}
    assert rewards(less_far)[0][0] - rewards(far)[0][0] < 0.001
    judge = Judge(relative=True)
    for score in (55, 75, 60, 70, 65):  # the decision's rollouts so far: mean gap -55
        judge({"scores": [score, 120], "ranks": [2, 1]})
    low, high = judge(far)[0][0], judge(less_far)[0][0]
    assert high - low > 0.05
    assert low < 0.1 < high < 0.2  # a loss still earns no more than the margin's share
    win, wins = judge({"scores": [125, 120], "ranks": [1, 2]})
    assert wins == [1.0, 0.0] and win[0] > 0.8


def test_a_fixed_judge_is_the_plain_rewards():
    outcome = {"scores": [11, 10], "ranks": [1, 2]}
    assert Judge()(outcome) == rewards(outcome)


def test_a_measured_anchor_takes_the_noise_from_the_rewards_spread():
    """Rewards that spread 0.02 make 0.03 a clear gain; the worst case (0.5) makes it noise."""
    hint, other = {"type": "a"}, {"type": "b"}
    choices = [Choice(other, 60, 0.13, 0.0, 0.02), Choice(hint, 40, 0.10, 0.0, 0.02)]
    assert _anchored(choices, hint, other) == hint
    assert _anchored(choices, hint, other, measured=True) == other
    assert _anchored(choices, hint, other, 8.0, measured=True) == hint


HARD_GAMES = [
    pytest.param(slug, players, id=f"{slug}-{players}p")
    for slug, engine in ALL.items()
    for players in range(engine.min_players, engine.max_players + 1)
]


@pytest.mark.slow
@pytest.mark.parametrize(("slug", "players"), HARD_GAMES)
def test_the_hard_bot_finishes_games_at_every_player_count(slug, players):
    """Hard bots in every other seat, random ones between (a few iterations each: this is about
    finishing every kind of position, not strength). One game per count where a game costs the
    most: Thunderstone's, and Lords's, whose rollouts are played by the plan and the heuristic
    (a 3-player game takes about 12 s of CPU)."""
    engine = ALL[slug]
    original = engine.bots
    quick = SearchBot(engine, iterations=2 if slug == "thunderstone" else 3)
    engine.bots = {**original, "hard": quick}
    try:
        for seed in range(1 if slug in ("thunderstone", "lords") or players >= 4 else 2):
            result = play(engine, seed, players, {}, ["hard", "random"])
            assert min(result["ranks"]) == 1
    finally:
        engine.bots = original


def test_every_engine_offers_the_hard_bot_after_its_own():
    for engine in ENGINES.values():
        assert list(engine.bots)[-1] == "hard"
        assert isinstance(engine.bots["hard"], SearchBot)


def test_the_heuristic_s_choice_stands_unless_the_search_clearly_beats_it():
    hint, other = {"type": "a"}, {"type": "b"}
    close = [Choice(other, 12, 0.60, 0.6), Choice(hint, 8, 0.50, 0.5)]
    assert _anchored(close, hint, other) == hint  # 0.10 apart, within the noise of 20 samples
    clear = [Choice(other, 300, 0.70, 0.7), Choice(hint, 200, 0.40, 0.4)]
    assert _anchored(clear, hint, other) == other
    assert _anchored([Choice(hint, 5, 0.5, 0.5)], hint, hint) == hint
    # 0.30 apart at 300 and 200 samples is 6.6 standard errors: enough at 2 as well, not at 8.
    assert _anchored(clear, hint, other, sigmas=2.0) == other
    assert _anchored(clear, hint, other, sigmas=8.0) == hint


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_the_heuristic_s_choice_is_searched_first(slug):
    """The first iteration opens the heuristic's choice (its estimate is what the search must
    beat), whatever the number of other actions."""
    engine = ENGINES[slug]
    s = engine.setup(3, 2, {})
    seat = min(engine.to_act(s))
    while len(engine.legal_actions(s, seat)) < 3:
        s = engine.apply(s, seat, engine.legal_actions(s, seat)[0])
        seat = min(engine.to_act(s))
    view, legal = engine.view(s, seat), engine.legal_actions(s, seat)
    hint = engine.bots["heuristic"](view, legal, Rng(4))
    bot = SearchBot(engine, iterations=1)
    bot._hint = lambda *_: hint  # the same choice whatever the generator
    thought = bot.think(view, legal, Rng(4))
    assert [canonical(c.action) for c in thought.choices] == [canonical(hint)]
    assert thought.action == hint


def test_an_engine_s_own_starting_policy_replaces_the_heuristic_s():
    """Lords's search starts from the champion plan, not the heuristic's mix (docs/lords.md,
    "Bots"), Thunderstone's from a patient party: its choice is opened first and stands
    without a clear gain against it."""
    engine = ENGINES["lords"]
    champion, heuristic = engine.search_hint, engine.bots["heuristic"]
    s = engine.setup(3, 2, {})
    rng = Rng(5)
    while True:  # a decision where the two disagree
        seat = min(engine.to_act(s))
        view, legal = engine.view(s, seat), engine.legal_actions(s, seat)
        start = champion(view, legal, rng)
        if canonical(start) != canonical(heuristic(view, legal, rng)):
            break
        s = engine.apply(s, seat, start)
    thought = SearchBot(engine, iterations=1).think(view, legal, Rng(4))
    assert [canonical(c.action) for c in thought.choices] == [canonical(start)]
    assert thought.action == start
    assert not any(hasattr(ENGINES[slug], "search_hint") for slug in ("architectura", "stonespine"))
    assert ENGINES["thunderstone"].search_hint is patient_bot


def test_an_unsearched_heuristic_choice_stands():
    """No estimate of the heuristic's choice means no evidence against it."""
    hint, other = {"type": "a"}, {"type": "b"}
    assert _anchored([Choice(other, 30, 0.9, 0.9)], hint, other) == hint


def test_an_engine_may_ask_the_search_for_a_wider_margin():
    """Thunderstone's and Lords's hard bots override their plans at 1.5 standard errors of each
    choice's own spread (docs/thunderstone.md, docs/lords.md); the others at one. The table form
    says so where it differs."""
    assert {ENGINES[s].bots["hard"].sigmas for s in ("thunderstone", "lords")} == {1.5}
    assert {ENGINES[s].bots["hard"].sigmas for s in ("architectura", "stonespine")} == {1.0}
    for slug in ("thunderstone", "lords"):
        hard = next(lv for lv in offered(ENGINES[slug]) if lv.key == "hard")
        assert "clear gain" in hard.description


def test_stonespine_judges_margins_against_the_decision_s_rollouts():
    """In solo every random rollout loses to Jael by far (docs/stonespine.md, "Bots")."""
    assert all(ENGINES[s].bots["hard"].relative for s in ("stonespine", "thunderstone", "lords"))
    assert not ENGINES["architectura"].bots["hard"].relative


def test_each_level_runs_its_engine_s_fixed_count_and_the_clock_only_caps_it():
    """A decision is reproducible at the engine's `search_iterations`; the clock stops only a
    search far slower than the count was chosen for."""
    engine = ENGINES["architectura"]
    s = engine.setup(3, 2, {})
    seat = min(engine.to_act(s))
    view, legal = engine.view(s, seat), engine.legal_actions(s, seat)
    hard = engine.bots["hard"]
    assert hard.iterations == engine.search_iterations
    assert hard.think(view, legal, Rng(2), seconds=math.inf).iterations == engine.search_iterations
    assert hard.think(view, legal, Rng(2), seconds=0.0).iterations == 1  # capped: one iteration


def test_policy_rollouts_cut_short_are_judged_by_the_points_held():
    """Lords's rollouts play like players for `search_horizon` steps, then rank the seats by
    the points they hold (`search_standing`); the root's choices share the visits by halving."""
    engine = ENGINES["lords"]
    s = engine.setup(4, 2, {})
    seat = min(engine.to_act(s))
    thought = SearchBot(engine, iterations=24, seconds=math.inf).think(
        engine.view(s, seat), engine.legal_actions(s, seat), Rng(3)
    )
    visits = sorted((c.visits for c in thought.choices), reverse=True)
    assert sum(visits) == 24 and len(visits) == len(engine.legal_actions(s, seat))  # every choice tried
    assert visits[0] > visits[-1]  # the better half got more
    for slug in ("lords", "thunderstone"):  # the standing at the end is the final count
        engine = ENGINES[slug]
        s = engine.setup(5, 2, {})
        rng = Rng(5)
        while acting := engine.to_act(s):
            seat = min(acting)
            s = engine.apply(s, seat, rng.choice(engine.legal_actions(s, seat)))
        assert [int(x) for x in engine.search_standing(s)] == engine.outcome(s)["scores"]
