"""The buildings of Architectura, designed here (no card list is public; see docs/architectura.md).

A building's value is one of:
- "faces": four values around the card, lowest first. Turning it one step clockwise moves
  to the next value up; from the highest, one more clockwise step reaches the lowest (they
  sit on adjacent sides). `basic` is the index of the value on top when it is built.
- "fixed": one printed value; the card cannot be turned.
- "x": the value of the building on its immediate left, plus `k` (0 plus `k` when that
  space holds no face-up building). Cannot be turned.
- "no": the number of its block (column 1-8), plus `k`. Cannot be turned.
- "grave": the Graveyard's own rule: one point per card in it, plus `k` (negative).

`effect` names what happens when the building is played (resolved in effects.py);
`scoring` what it adds at the end of the game. All texts are our own words.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Building:
    name: str
    kind: str  # faces | fixed | x | no | grave
    values: tuple[int, ...] = ()
    basic: int = 0  # index into values of the face shown when built
    k: int = 0  # the +/- of "x" and "no" buildings
    effect: str | None = None
    scoring: str | None = None
    guarded: bool = False  # protected from the start (counts as a token of its colour)
    advanced: bool = False
    named: str | None = None  # an additional card whose text names the basic card it replaces
    text: str = ""

    @property
    def turnable(self) -> bool:
        return self.kind == "faces"

    @property
    def basic_value(self) -> str:
        """The basic value as printed (a number, or the formula)."""
        if self.kind in ("faces", "fixed"):
            return str(self.values[self.basic])
        sign = f"{self.k:+d}" if self.k else ""
        return {"x": f"X{sign}", "no": f"No.{sign}", "grave": f"cards in it{sign}"}[self.kind]

    @property
    def replaces(self) -> tuple[str, ...]:
        """The basic cards an additional card may replace (the advanced rules): the one its text
        names, else every basic card of the same basic value. Computed, never listed, so that a
        change of values cannot leave a stale list behind."""
        if not self.advanced:
            return ()
        if self.named:
            return (self.named,)
        return tuple(b.name for b in BASIC if b.basic_value == self.basic_value)


def _b(*args: object, **kw: object) -> Building:
    return Building(*args, **kw)  # type: ignore[arg-type]


BASIC: tuple[Building, ...] = (
    _b(
        "Park",
        "faces",
        (1, 2, 3, 4),
        0,
        scoring="park",
        text="At the end of the game: 1 more point for each face-up building next to it.",
    ),
    _b(
        "Statue",
        "fixed",
        (2,),
        scoring="statue",
        text="Cannot be turned. At the end of the game: 4 more points if a face-up Park of any colour is next to it.",
    ),
    _b("Tavern", "x", k=1, text="Worth the building on its left plus 1 (just 1 if there is none)."),
    _b(
        "Theatre",
        "no",
        k=-1,
        effect="turn1",
        text="Worth its block number minus 1. You may turn one building next to it by one step.",
    ),
    _b(
        "Fountain",
        "faces",
        (2, 4, 5, 6),
        1,
        effect="reserve",
        text="You may put one of your protection tokens on an empty eligible space: it counts as "
        "occupied and only you may build there (you take the token back when you do).",
    ),
    _b(
        "Greenhouse",
        "faces",
        (1, 3, 4, 6),
        1,
        effect="green",
        text="Restore a destroyed building (face up, basic value on top), or instead turn any one building by one step.",
    ),
    _b(
        "Library",
        "faces",
        (2, 4, 5, 6),
        1,
        effect="library",
        text="You may turn one building of each player (yours included) by one step.",
    ),
    _b(
        "Guesthouse",
        "faces",
        (3, 4, 6, 7),
        1,
        effect="guest",
        text="After the comparison, move this card to another eligible space; with none, it is destroyed.",
    ),
    _b(
        "Quarry",
        "faces",
        (3, 5, 6, 7),
        1,
        effect="quarry",
        text="You may take a building next to it out of the game if it is destroyed or worth 3 or less now.",
    ),
    _b(
        "Arsenal",
        "faces",
        (2, 3, 4, 6),
        1,
        effect="arsenal",
        text="Destroy a building next to it that is worth more than the Arsenal right now.",
    ),
    _b(
        "Museum",
        "faces",
        (3, 4, 5, 7),
        1,
        effect="limit",
        text="Your hand limit goes up by 1 for the rest of the game.",
    ),
    _b(
        "City Hall",
        "fixed",
        (8,),
        effect="protect",
        guarded=True,
        text="Protected from the start. Only built right of a face-up building (any colour); if you cannot "
        "build it at the start of your turn, it leaves the game. You may protect another of your buildings.",
    ),
)

ADDITIONAL: tuple[Building, ...] = (
    _b(
        "Magic Academy",
        "fixed",
        (10,),
        advanced=True,
        named="City Hall",
        text="Replaces City Hall. To build it, take 2 cards out of the game from your hand and/or your "
        "Graveyard. If you cannot build it at the start of your turn, it leaves the game.",
    ),
    _b(
        "Obelisk",
        "faces",
        (2, 4, 5, 6),
        1,
        effect="limit",
        advanced=True,
        named="Museum",
        text="Replaces Museum. Your hand limit goes up by 1 for the rest of the game. At the start of your turn you may take "
        "a card from your hand out of the game to fetch the Obelisk from your deck (then shuffle it).",
    ),
    _b(
        "Graveyard",
        "grave",
        k=-2,
        advanced=True,
        named="Statue",
        text="Replaces Statue. Built beside the city, not in it. Your destroyed buildings go into it "
        "(those face down now, and any destroyed later); it is worth 1 point per card in it, minus 2.",
    ),
    _b(
        "Laboratory",
        "faces",
        (2, 4, 5, 7),
        1,
        effect="lab",
        advanced=True,
        text="Each opponent in turn, from your left, plays a card from hand face down on an eligible "
        "space: it counts as destroyed.",
    ),
    _b(
        "Manufactory",
        "faces",
        (2, 4, 5, 6),
        2,
        effect="factory",
        advanced=True,
        text="You may take another of your face-up buildings (not a Manufactory or Smithy) back into your "
        "hand; if you do, you must build a card from your hand on the space it left, with comparison "
        "and effect as usual.",
    ),
    _b(
        "Smithy",
        "x",
        k=-1,
        effect="copy",
        advanced=True,
        named="Tavern",
        text="Replaces Tavern. Worth the building on its left minus 1. You may copy the effect of a "
        "building next to it (effects that happen when a card is built only).",
    ),
)

BUILDINGS: dict[str, Building] = {b.name: b for b in BASIC + ADDITIONAL}
BASIC_DECK: tuple[str, ...] = tuple(b.name for b in BASIC)
ADDITIONAL_NAMES: tuple[str, ...] = tuple(b.name for b in ADDITIONAL)
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")
HAND_LIMIT = 3
TOKENS = 2
BLOCKS = 8

# Effects that Smithy may copy: those resolved when their card is built.
COPYABLE = frozenset(
    {
        "turn1",
        "reserve",
        "green",
        "library",
        "guest",
        "quarry",
        "arsenal",
        "limit",
        "protect",
        "lab",
        "factory",
    }
)
