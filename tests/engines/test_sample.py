"""Every engine deals states for search bots from one seat's view (`sample(view, seat, rng)`,
games/engines/README.md): the dealt state shows that seat the very view it came from, has the
same seats to act with the same actions, and plays out to an outcome. Every player count and
option set of every engine, a few random games each."""

from __future__ import annotations

import pytest

from games.engines import ENGINES
from games.engines.base import Engine, canonical
from games.engines.rng import Rng
from tests.engines.conformance import check_sample, option_sets
from tests.testgame.engine import ENGINE as HIGHCARD

ALL: dict[str, Engine] = {**ENGINES, HIGHCARD.slug: HIGHCARD}
# Thunderstone's games are long: fewer seeds, a sample every few steps. Lords samples every
# 3rd step and Stonespine every 4th: measured with coverage.py (bench/README.md), their games
# reach the very same branches of games/engines/<game>/ sampled at every step (Lords, 1,223
# arcs) or every 2nd (Stonespine, every option set, 1,340 arcs) as at these steps, in a third
# and a half of the time.
SEEDS = {"thunderstone": 1}
EVERY = {"thunderstone": 7, "stonespine": 4, "lords": 3}

CASES = [
    pytest.param(slug, players, options, id=f"{slug}-{players}p-{canonical(options)}")
    for slug, engine in ALL.items()
    for players in range(engine.min_players, engine.max_players + 1)
    for options in option_sets(engine)
]


@pytest.mark.parametrize(("slug", "players", "options"), CASES)
def test_samples_agree_with_the_view_they_came_from(slug, players, options):
    engine = ALL[slug]
    for seed in range(SEEDS.get(slug, 2)):
        assert check_sample(engine, seed, players, options, every=EVERY.get(slug, 1)) > 0


@pytest.mark.parametrize("slug", sorted(ALL))
def test_samples_vary_with_the_generator(slug):
    """The hidden part is dealt afresh, so a search sees many possible states, not one."""
    engine = ALL[slug]
    players = max(engine.min_players, 2)
    s = engine.setup(3, players, {})
    view = engine.view(s, 0)
    dealt = {canonical(engine.dump(engine.sample(view, 0, Rng(k)))) for k in range(8)}
    assert len(dealt) > 1


@pytest.mark.parametrize("slug", sorted(ALL))
def test_a_sample_reads_only_the_view(slug):
    """Two different real states behind one view give the same sample with the same generator:
    the sampler cannot be reading anything but the view."""
    engine = ALL[slug]
    players = max(engine.min_players, 2)
    views = {}
    for seed in range(40):
        s = engine.setup(seed, players, {})
        views.setdefault(canonical(engine.view(s, 0)), []).append(s)
    twins = next((states for states in views.values() if len(states) > 1), None)
    if twins is None:
        # No two deals share a view by chance: change only what seat 0 cannot see instead.
        s = engine.setup(0, players, {})
        twins = [s, engine.sample(engine.view(s, 0), 0, Rng(99))]
    first, second = twins[:2]
    assert canonical(engine.view(first, 0)) == canonical(engine.view(second, 0))
    assert canonical(engine.dump(first)) != canonical(engine.dump(second))
    a = engine.sample(engine.view(first, 0), 0, Rng(4))
    b = engine.sample(engine.view(second, 0), 0, Rng(4))
    assert canonical(engine.dump(a)) == canonical(engine.dump(b))
