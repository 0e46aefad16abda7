"""The hard bot: information-set Monte Carlo tree search that never peeks.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012), built on the engine contract
alone, so it plays every game whose engine provides `sample(view, seat, rng)`:
- each iteration deals a state from the bot's own view (`sample`): the unseen cards at random,
  consistent with what the seat sees; the real state is never read;
- one tree of action sequences is shared by all those deals; a node counts how often its action
  was available, and selection is UCB1 over the available children with that count (the
  "availability" form of UCB that information-set search needs);
- progressive widening: a node opens a new child only while it has fewer than about 2*sqrt(visits),
  so long action lists (Stonespine's token placements) are still searched in depth; at the root
  the game's heuristic bot's choice is opened first;
- rollouts play uniformly random legal actions to the end (cheap), or, where the engine gives
  a rollout policy (`search_policy`: Lords, Thunderstone), play like players on the dealt
  state, cut after `search_horizon` steps and judged by the points each seat holds then
  (`search_standing`). Random rollouts there could not tell one move from another; policy
  rollouts cost 5-40 times as much a step, so they are cut short (bench/README.md);
- when several seats choose at once, the other seats choose first in the tree (and at the root
  their pending choices are part of the deal), so no simulated opponent sees the bot's choice.

The move played is the starting choice (the heuristic's, or the engine's `search_hint`, a stronger
policy where the game has one: Thunderstone, Lords) unless the search's favourite beats it by
more than the noise of the two estimates (`_anchored`, one standard error, or the engine's
`search_sigmas`): at a few dozen iterations a search alone lost to the heuristic
(bench/README.md), so it corrects its starting policy where it sees clearly.

A reward is mostly winning (a share of first place) plus a little of the score margin, which
keeps the search moving in games it cannot yet win. The margin is squashed on a fixed scale, or,
for an engine that asks (`search_relative`: Stonespine, whose solo rollouts all lose to Jael by
far), measured against the decision's own rollouts (`Judge`). A decision runs a
fixed number of iterations (the engine's `search_iterations`), which, with the generator given,
is reproducible; the time budget (`seconds`) is only a safety cap.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from games.engines.base import Action, Engine, View, canonical
from games.engines.rng import Rng, seed_state

DEFAULT_SECONDS = 1.0
EXPLORE = 0.7  # UCB1's exploration constant, for rewards in [0, 1]
WIN_WEIGHT = 0.8
ROLLOUT_CAP = 20_000
FAIR_VISITS = 4  # visits a root choice needs before its estimate may rival the starting choice's


@dataclass
class Node:
    seat: int = -1  # who chose the action leading here (-1 at the root)
    visits: int = 0
    available: int = 0
    reward: float = 0.0  # summed, from `seat`'s point of view
    squares: float = 0.0  # summed squared rewards, for their spread
    wins: float = 0.0
    children: dict[str, Node] = field(default_factory=dict)

    def ucb(self) -> float:
        return self.reward / self.visits + EXPLORE * math.sqrt(math.log(self.available) / self.visits)

    def spread(self) -> float:
        mean = self.reward / self.visits
        return math.sqrt(max(0.0, self.squares / self.visits - mean * mean))


@dataclass(frozen=True)
class Choice:
    """One root action as the search saw it."""

    action: Action
    visits: int
    value: float  # mean reward
    win: float  # estimated chance of winning after it
    spread: float = 0.5  # the rewards' standard deviation (0.5: the most rewards in [0, 1] can have)


@dataclass(frozen=True)
class Thought:
    action: Action
    choices: list[Choice]
    iterations: int
    seconds: float

    def of(self, action: Action) -> Choice | None:
        key = canonical(action)
        return next((c for c in self.choices if canonical(c.action) == key), None)


def win_shares(ranks: list[int]) -> list[float]:
    """First place, shared among those tied for it."""
    firsts = sum(1 for r in ranks if r == 1)
    return [1.0 / firsts if r == 1 else 0.0 for r in ranks]


def standing(scores: list[float]) -> dict[str, list[Any]]:
    """An unfinished game judged as if it ended now: ranks by the points so far (ties share)."""
    return {"scores": scores, "ranks": [1 + sum(y > x for y in scores) for x in scores]}


def gaps(scores: list[float]) -> list[float]:
    """Each seat's score less the best other seat's (in solo, Jael's)."""
    return [x - max((y for j, y in enumerate(scores) if j != i), default=x) for i, x in enumerate(scores)]


def rewards(outcome: dict[str, list[Any]]) -> tuple[list[float], list[float]]:
    """(reward, win share) per seat: first place shared among those tied for it, and the score
    margin over the best other seat, squashed into [0, 1]."""
    scores, wins = outcome["scores"], win_shares(outcome["ranks"])
    scale = max(5.0, 0.1 * max(abs(x) for x in scores))
    out = []
    for i, gap in enumerate(gaps(scores)):
        margin = 0.5 + 0.5 * math.tanh(gap / scale)
        out.append(WIN_WEIGHT * wins[i] + (1 - WIN_WEIGHT) * margin)
    return out, wins


class Judge:
    """Rewards for one decision's rollouts. `relative`: the margin is measured against the
    decision's own rollouts (how far above their mean gap, in their standard deviations), not
    against a fixed scale. Where every rollout loses by far (Stonespine solo: random play scores
    44-84 against Jael's 110-125) a fixed scale squashes every margin to 0.000-0.002 and the search
    sees no difference between moves; measured against each other, a 10-point better move shows.
    (The same idea as MuZero's normalising of values by the range seen in the tree.)"""

    def __init__(self, relative: bool = False) -> None:
        self.relative = relative
        self.n = 0
        self.mean: list[float] = []
        self.m2: list[float] = []  # summed squared deviations (Welford)

    def __call__(self, outcome: dict[str, list[Any]]) -> tuple[list[float], list[float]]:
        if not self.relative:
            return rewards(outcome)
        seen = gaps(outcome["scores"])
        if not self.n:
            self.mean, self.m2 = [0.0] * len(seen), [0.0] * len(seen)
        self.n += 1
        for i, gap in enumerate(seen):
            delta = gap - self.mean[i]
            self.mean[i] += delta / self.n
            self.m2[i] += delta * (gap - self.mean[i])
        wins = win_shares(outcome["ranks"])
        out = []
        for i, gap in enumerate(seen):
            spread = max(1.0, math.sqrt(self.m2[i] / self.n))  # a point at least: scores are whole
            margin = 0.5 + 0.5 * math.tanh((gap - self.mean[i]) / spread)
            out.append(WIN_WEIGHT * wins[i] + (1 - WIN_WEIGHT) * margin)
        return out, wins


def widen(visits: int) -> int:
    return 2 + int(2 * math.sqrt(visits))


class SearchBot:
    """A bot (view, actions, rng) -> action for one engine; `think` also tells how it saw each
    root action (the post-game advice uses it)."""

    blind = False

    def __init__(
        self,
        engine: Engine,
        *,
        seconds: float = DEFAULT_SECONDS,
        iterations: int | None = None,
        anchor: bool = True,
        sigmas: float | None = None,
        relative: bool | None = None,
    ) -> None:
        if not hasattr(engine, "sample"):
            raise TypeError(f"{engine.slug} has no sample(view, seat, rng): it cannot be searched")
        self.engine = engine
        self.seconds = seconds
        # A fixed count (the engine's `search_iterations` unless given) makes a decision
        # reproducible from its generator; `seconds` only caps it on a machine far busier than
        # the count was chosen for.
        self.iterations = iterations if iterations is not None else getattr(engine, "search_iterations", None)
        self.anchor = anchor
        # How many standard errors the search's favourite must gain over the heuristic's choice;
        # an engine whose rollouts barely tell its moves apart asks for more (`search_sigmas`).
        self.sigmas = sigmas if sigmas is not None else float(getattr(engine, "search_sigmas", 1.0))
        # Margins judged against the decision's own rollouts, and the anchor's noise taken from
        # the rewards' own spread (`Judge`); an engine asks for it (`search_relative`).
        self.relative = relative if relative is not None else bool(getattr(engine, "search_relative", False))
        # With rollouts played like players (`search_policy`) a move's estimate is worth
        # comparing: the root's choices share the visits by halving (`think`).
        self.fair = getattr(engine, "search_policy", None) is not None

    def __call__(self, view: View, actions: list[Action], rng: Rng) -> Action:
        return self.think(view, actions, rng).action

    def think(
        self,
        view: View,
        actions: list[Action],
        rng: Rng,
        *,
        seconds: float | None = None,
        iterations: int | None = None,
        consider: Action | None = None,
    ) -> Thought:
        """Searches from `view` alone. Stops after `iterations` (reproducible from `rng`) or
        after `seconds`, whichever comes first. `consider` is opened first at the root, so its estimate
        is well founded (the advice compares a player's choice with the bot's)."""
        started = time.perf_counter()
        if len(actions) == 1 and consider is None:
            return Thought(actions[0], [Choice(actions[0], 0, 0.0, 0.0)], 0, 0.0)
        iterations = iterations if iterations is not None else self.iterations
        budget = seconds if seconds is not None else self.seconds
        me = int(view["me"])
        own = Rng(seed_state(rng.next64()))
        root = Node()
        hint = self._hint(view, actions, own)
        first = [a for a in (consider, hint) if a is not None]
        by_key = {canonical(a): a for a in actions}
        judge = Judge(self.relative)
        keys = [canonical(a) for a in first]
        done = 0
        # With rollouts played like players, the root's choices are compared by halving
        # (Karnin, Koren and Somekh, 2013): every choice gets the same few visits, the better
        # half goes on with more, and so on; the starting choice always goes on, for the anchor.
        halving = self.fair and iterations is not None
        alive = [k for k in dict.fromkeys([*keys, *by_key])] if halving else []
        rounds = max(1, math.ceil(math.log2(len(alive)))) if halving else 0
        while iterations is None or done < iterations:
            for forced in self._schedule(alive, rounds, (iterations or 0) - done) if halving else [None]:
                if (done and time.perf_counter() - started >= budget) or (
                    iterations is not None and done >= iterations
                ):
                    break  # the safety cap: a fixed count is meant to end well before it
                self._iterate(view, me, root, judge, keys, own, forced)
                done += 1
            else:
                if halving and len(alive) > 2:
                    ranked = sorted(alive, key=lambda k: -_mean(root.children.get(k)))
                    kept = ranked[: math.ceil(len(alive) / 2)]
                    alive = kept + [k for k in keys if k in alive and k not in kept]
                    rounds = max(1, rounds - 1)
                continue
            break
        choices = [
            Choice(by_key[k], n.visits, n.reward / n.visits, n.wins / n.visits, n.spread())
            for k, n in root.children.items()
            if n.visits and k in by_key
        ]
        choices.sort(key=lambda c: (-c.visits, -c.value))
        rivals = choices
        if self.fair:
            # Few iterations, well judged: the rival is the best estimate among the choices
            # tried often enough to have one, not the most visited (the starting choice's share).
            tried = [c for c in choices if c.visits >= FAIR_VISITS] or choices
            rivals = sorted(tried, key=lambda c: -c.value) + [c for c in choices if c not in tried]
        best = rivals[0].action if rivals else actions[0]
        if self.anchor and hint is not None:
            best = _anchored(rivals, hint, best, self.sigmas, measured=self.relative, within=self.fair)
        return Thought(best, choices, done, time.perf_counter() - started)

    def _hint(self, view: View, actions: list[Action], rng: Rng) -> Action | None:
        """The choice the search starts from, opened first at the root: the engine's
        `search_hint` (a policy stronger than the heuristic, where the game has one) or else its
        heuristic bot's. Either reads only the view."""
        policy = getattr(self.engine, "search_hint", None) or getattr(self.engine, "bots", {}).get(
            "heuristic"
        )
        return policy(view, actions, rng) if policy is not None else None

    @staticmethod
    def _schedule(alive: list[str], rounds: int, left: int) -> list[str]:
        """One round of halving: each choice still in play, the same number of times."""
        each = max(1, left // (len(alive) * rounds))
        return [k for _ in range(each) for k in alive]

    def _iterate(
        self,
        view: View,
        me: int,
        root: Node,
        judge: Judge,
        first: list[str],
        rng: Rng,
        forced: str | None = None,
    ) -> None:
        e = self.engine
        s = e.sample(view, me, rng)
        # The others choosing now, alongside the bot, choose unseen by it: part of the deal.
        while me in (acting := e.to_act(s)) and acting - {me}:
            other = min(acting - {me})
            s = e.apply(s, other, rng.choice(e.legal_actions(s, other)))
        path = [root]
        node = root
        while acting := e.to_act(s):
            # Others first when several choose at once, so none of them sees the bot's choice.
            seat = min(acting - {me}) if acting - {me} else me
            legal = e.legal_actions(s, seat)
            if len(legal) == 1:
                s = e.apply(s, seat, legal[0])
                continue
            keys = [canonical(a) for a in legal]
            present = []
            for key in keys:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
                    present.append((key, child))
            fresh = [i for i, key in enumerate(keys) if key not in node.children]
            if node is root and forced in keys:
                child = node.children.get(forced) or Node(seat=seat, available=1)
                s = e.apply(s, seat, legal[keys.index(forced)])
                path.append(child)
                if forced not in node.children:
                    node.children[forced] = child
                    break
                node = child
                continue
            if fresh and (len(node.children) < widen(node.visits) or not present):
                pick = next(
                    (keys.index(k) for k in first if node is root and k in keys and k not in node.children),
                    None,
                )
                i = pick if pick is not None else rng.choice(fresh)
                child = Node(seat=seat, available=1)
                node.children[keys[i]] = child
                s = e.apply(s, seat, legal[i])
                path.append(child)
                break
            key, child = max(present, key=lambda kc: kc[1].ucb())
            s = e.apply(s, seat, legal[keys.index(key)])
            path.append(child)
            node = child
        outcome = self._play_out(s, me, rng)
        if outcome is None:
            reward, wins = None, None
        else:
            reward, wins = judge(outcome)
        root.visits += 1
        for n in path[1:]:
            n.visits += 1
            r = 0.5 if reward is None else reward[n.seat]
            n.reward += r
            n.squares += r * r
            n.wins += 0.0 if wins is None else wins[n.seat]

    def _play_out(self, s: Any, me: int, rng: Rng) -> dict[str, list[Any]] | None:
        """Plays the dealt state on: by the engine's rollout policy (`search_policy`, a player's
        rules of thumb read from the dealt state) or else at random, to the end or, where the
        engine gives a horizon (`search_horizon` steps), to there, judged by the engine's
        standing (`search_standing`: each seat's points so far, as the final count would give)."""
        e = self.engine
        policy = getattr(e, "search_policy", None)
        horizon = getattr(e, "search_horizon", None) or ROLLOUT_CAP
        for _ in range(horizon):
            acting = e.to_act(s)
            if not acting:
                return e.outcome(s)
            seat = min(acting)
            legal = e.legal_actions(s, seat)
            action = (
                policy(s, seat, me, legal, rng)
                if policy is not None and len(legal) > 1
                else rng.choice(legal)
            )
            s = e.apply(s, seat, action)
        if horizon < ROLLOUT_CAP and e.to_act(s):
            return standing(e.search_standing(s))  # type: ignore[attr-defined]
        return e.outcome(s) if not e.to_act(s) else None  # a game that would not end: even


def _anchored(
    choices: list[Choice],
    hint: Action,
    best: Action,
    sigmas: float = 1.0,
    *,
    measured: bool = False,
    within: bool = False,
) -> Action:
    """The heuristic's choice unless the search's favourite beats it by more than the noise of
    their estimates (one standard error of the difference): with a few dozen iterations spread
    over many actions, the most visited one is often only luck, while the heuristic is a fair
    player; so the search corrects the heuristic where it sees clearly, and otherwise follows it.
    The noise assumes the widest spread rewards in [0, 1] can have, unless `measured`: then the
    spread of the decision's rewards (a relative judge's spread far less than a win-or-lose's),
    and, `within` (choices compared by halving, each well visited), only the spread of each
    choice's rewards about its own mean: how sure each estimate is, not how far apart they are.
    """
    key = canonical(hint)
    mine = next((c for c in choices if canonical(c.action) == key), None)
    top = choices[0] if choices else None
    if mine is None:
        return hint  # never searched: nothing speaks against it
    if top is None or top is mine:
        return best
    var = _pooled_variance(choices, within) if measured else 0.25
    noise = math.sqrt(var / top.visits + var / mine.visits)
    return best if top.value - mine.value > sigmas * noise else hint


def _mean(node: Node | None) -> float:
    return node.reward / node.visits if node is not None and node.visits else -1.0


def _pooled_variance(choices: list[Choice], within: bool = False) -> float:
    """The spread of all the decision's rewards about their grand mean (a choice tried once has
    no spread of its own; the differences between choices make it, if anything, cautious), or,
    `within`, about each choice's own mean (at least 0.0025: 0.05 in standard deviation)."""
    n = sum(c.visits for c in choices)
    grand = sum(c.value * c.visits for c in choices) / n
    if within:
        return max(0.0025, sum(c.visits * c.spread**2 for c in choices) / n)
    return sum(c.visits * (c.spread**2 + (c.value - grand) ** 2) for c in choices) / n


def add_hard_bot(engine: Engine) -> None:
    """Registers the search as the engine's "hard" bot, after its own (easy, medium) ones,
    when the engine can deal states from a view."""
    bots = dict(getattr(engine, "bots", {}) or {})
    if hasattr(engine, "sample") and "hard" not in bots:
        bots["hard"] = SearchBot(engine)
        engine.bots = bots  # type: ignore[attr-defined]
