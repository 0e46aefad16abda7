"""The game state and the small changes every rule is made of.

The state is a plain JSON-safe dict:
  n, opts, rng, kinds {"monsters", "heroes", "village"}, turn (the active seat), turns (turns
  played), phase ("choose" | "village" | "dungeon" | "rest" | "over"),
  hands, decks, discards (per seat, lists of card ids; a deck's top card first), xp, shown (per
  seat: is that hand public now), stacks {stack id: counts of its kinds, top first}, hall [rank 1, 2, 3]
  (card ids or None), dungeon (the dungeon deck, top first), seen (how many cards at the bottom of
  the dungeon deck everyone has seen go there), zone (the stone lies among the last `zone` unseen
  cards; 0 once it has been turned up), destroyed, next_disease, t (this turn's context), ask (the
  decision the game waits for, or None), todo (the steps still to resolve, first first), chosen
  (per seat: cards picked in a discard not yet revealed), stone (who took it), end (why the game
  ended), log (one line per entry, see `log`).

`apply` works on a shallow copy: `begin` copies the small parts every action changes, and the
helpers here copy a list the first time an action changes it (`own`), so a state never changes
once made and copies share what they did not change.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.engines.rng import Rng

from .data import CARDS, DISEASE, HERO_TYPES, card

State = dict[str, Any]
_FRESH = "_fresh"  # the parts of a state already copied by the action being applied
HAND_SIZE = 6


def copy_t(t: dict[str, Any]) -> dict[str, Any]:
    return {k: (v.copy() if isinstance(v, list | dict) else v) for k, v in t.items()}


def begin(s: State) -> State:
    n = dict(s)
    n[_FRESH] = set()
    n["t"] = copy_t(s["t"])
    n["todo"] = [list(step) for step in s["todo"]]
    return n


def finish(n: State) -> State:
    n.pop(_FRESH, None)
    return n


def own(s: State, key: str) -> Any:
    """s[key], copied once per action, so the state it came from stays as it was."""
    if key not in s[_FRESH]:
        value = s[key]
        s[key] = value.copy()
        s[_FRESH].add(key)
    return s[key]


def own_at(s: State, key: str, i: Any) -> list[Any]:
    """s[key][i] (a seat's hand, a village stack...), copied once per action."""
    outer = own(s, key)
    tag = (key, i)
    if tag not in s[_FRESH]:
        outer[i] = list(outer[i])
        s[_FRESH].add(tag)
    result: list[Any] = outer[i]
    return result


def _field(x: Any) -> str:
    if isinstance(x, list):
        return ";".join(x)
    if x is None or x is False:
        return ""
    return "1" if x is True else str(x)


def log(s: State, code: str, *args: Any) -> None:
    """A log entry, all public: its code and fields, one line of text (tab between fields, ';'
    between the names of a list); words.py makes the sentences. One growing string keeps the
    state small and quick to copy and store."""
    s["log"] += code + "".join("\t" + _field(a) for a in args) + "\n"


def shuffle(s: State, items: list[Any]) -> None:
    rng = Rng(s["rng"])
    rng.shuffle(items)
    s["rng"] = rng.state


def take_top(s: State, p: int, k: int) -> list[str]:
    """Up to k cards off the top of p's deck; an empty deck is remade from the shuffled
    discard pile first (only when a card is needed and none is left)."""
    deck = own_at(s, "decks", p)
    out: list[str] = []
    while len(out) < k:
        if not deck:
            pile = s["discards"][p]
            if not pile:
                break
            deck.extend(pile)
            shuffle(s, deck)
            own(s, "discards")[p] = []
        out.append(deck.pop(0))
    return out


def draw(s: State, p: int, k: int) -> list[str]:
    cards = take_top(s, p, k)
    own_at(s, "hands", p).extend(cards)
    return cards


def gain(s: State, p: int, cid: str) -> None:
    """A card joins p's deck: on top of the discard pile."""
    own_at(s, "discards", p).append(cid)


def take_from_hand(s: State, p: int, cid: str) -> None:
    own_at(s, "hands", p).remove(cid)


def destroy(s: State, cid: str) -> None:
    """Out of the game for good, except Disease, which goes back to its endless stack."""
    if card(cid).name != DISEASE:
        own(s, "destroyed").append(cid)


def new_disease(s: State) -> str:
    cid = f"disease-{s['next_disease']}"
    s["next_disease"] += 1
    return cid


def is_over(s: State) -> bool:
    return bool(s["phase"] == "over")


def forget(t: dict[str, Any], cid: str) -> None:
    """A card has left the party during the preparation: whatever was given to it or by it
    (a weapon carried, food eaten, Strength) no longer counts."""
    equip = t.get("equip")
    if equip:
        for w, h in list(equip.items()):
            if cid in (w, h) and w not in t.get("thrown", []):
                del equip[w]
    for key in ("str", "eaten"):
        if cid in t.get(key, {}):
            del t[key][cid]
    if cid in t.get("berries", []):
        t["berries"].remove(cid)


# -- Village stacks ----------------------------------------------------------------------------
# A stack is a list of counts, one per kind in it, top group first (a hero stack: level 1, 2, 3;
# any other stack: its one kind). Cards leave a group in id order, so a group's cards are always
# the last `left` copies of its kind (ids kind-(count-left+1) ... kind-count): counts say it all.


@cache
def stack_kinds(sid: str) -> tuple[str, ...]:
    group, name = sid.split(":", 1)
    if group == "hero":
        return tuple(c.name for c in HERO_TYPES[name])
    return (name,)


def _copy_id(kind: str, left: int) -> str:
    c = CARDS[kind]
    return f"{c.slug}-{c.count - left + 1}"


def stack_groups(s: State, sid: str) -> list[tuple[str, int]]:
    return list(zip(stack_kinds(sid), s["stacks"][sid], strict=True))


def stack_top(s: State, sid: str) -> str | None:
    for kind, left in zip(stack_kinds(sid), s["stacks"][sid], strict=True):
        if left:
            return _copy_id(kind, left)
    return None


def stack_size(s: State, sid: str) -> int:
    return sum(s["stacks"][sid])


def stack_has(s: State, sid: str, kind: str) -> bool:
    return sid in s["stacks"] and any(k == kind and left for k, left in stack_groups(s, sid))


def stack_take(s: State, sid: str, kind: str | None = None) -> str:
    """The top card of a stack, or the first card of a kind in it (a level-up)."""
    counts = own_at(s, "stacks", sid)
    for i, k in enumerate(stack_kinds(sid)):
        left = counts[i]
        if left and (kind is None or k == kind):
            counts[i] = left - 1
            return _copy_id(k, left)
    raise LookupError(f"no {kind or 'card'} left in {sid}")
