"""Stonespine Architects' components: the public card facts (CSV files beside this
module, copied from the card data) and the cards designed here (docs/stonespine.md).

Decisions on flagged rows: "blades"/"blade" are the blade trap; "smile" on chamber 52
is a slime; "Encampent" (37) is spelled Encampment; chambers 91-100 share one
placeholder door pattern in the source, so the five whose names say "through-route"
(Barracks, Tainted Clearing, Junction, Crossing, Hallway) get doors on all four sides,
matching the five four-way caves, and the other five keep the printed three doors.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).parent
EDGES = ("top", "right", "bottom", "left")
MONSTERS = ("slime", "ooze", "gnoll", "goblin", "kobold")
TRAPS = ("bear", "blade", "fire", "pit", "spike")
FOUR_WAY = {91, 92, 95, 97, 98}
SPELLING = {
    "blades": "blade",
    "smile": "slime",
    "star1": "star+1",
    "star2": "star+2",
    "star3": "star+3",
    "starneg": "star-1",
    "starneg1": "star-1",
    "starneg2": "star-2",
    "starneg3": "star-3",
}


@dataclass(frozen=True)
class Chamber:
    id: int
    name: str
    kind: str  # "cave" or "stone"
    doors: tuple[bool, bool, bool, bool]  # top, right, bottom, left
    elements: tuple[str | None, str | None, str | None, str | None]  # the four central areas
    gold: int
    solo_icon: str


def element_of(face: str) -> str | None:
    face = face.strip()
    return SPELLING.get(face, face) or None


def _chambers() -> dict[int, Chamber]:
    out = {}
    with open(HERE / "chambers.csv") as f:
        for row in csv.DictReader(f):
            cid = int(row["id"])
            doors = [row[f"door_{e}"] == "1" for e in EDGES]
            if cid in FOUR_WAY:
                doors[1] = True
            out[cid] = Chamber(
                id=cid,
                name="Encampment" if row["name"] == "Encampent" else row["name"],
                kind="cave" if row["chamber_type"] == "cave" else "stone",
                doors=(doors[0], doors[1], doors[2], doors[3]),
                elements=tuple(
                    element_of(row[q])
                    for q in ("q1_top_right", "q2_top_left", "q3_bottom_left", "q4_bottom_right")
                ),  # type: ignore[arg-type]
                gold=int(row["gold"]),
                solo_icon=row["solo_rune"],
            )
    return out


def _blueprints() -> dict[int, dict]:
    out: dict[int, dict] = {}
    with open(HERE / "blueprints.csv") as f:
        for row in csv.DictReader(f):
            bp = out.setdefault(
                int(row["id"]),
                {
                    "id": int(row["id"]),
                    "entrance": int(row["entrance_col"]) - 1,
                    "exit": int(row["exit_col"]) - 1,
                    "demands": [],
                },
            )
            for col in range(4):
                demand = row[f"col{col + 1}"].strip()
                if demand:
                    bp["demands"].append([int(row["row"]) - 1, col, "stone" if demand == "stone" else demand])
    return out


def _market_cards() -> dict[int, dict]:
    with open(HERE / "market_cards.csv") as f:
        return {
            int(r["id"]): {
                "top": (int(r["top_cost"]), r["top_token_shapes"].split("+")),
                "bottom": (int(r["bottom_cost"]), r["bottom_token_shapes"].split("+")),
            }
            for r in csv.DictReader(f)
        }


def _tokens() -> dict[str, list[str]]:
    piles: dict[str, list[str]] = {"circle": [], "oval": [], "square": []}
    with open(HERE / "market_tokens.csv") as f:
        for r in csv.DictReader(f):
            face = "passage" if r["face"] == "secret" else element_of(r["face"])
            assert face is not None
            piles[r["shape"]] += [face] * int(r["count"])
    return piles


CHAMBERS = _chambers()
BLUEPRINTS = _blueprints()
MARKET_CARDS = _market_cards()
TOKENS = _tokens()
BLUEPRINT_POINTS = {4: 5, 5: 7, 6: 10, 7: 14, 8: 20}
CHALLENGES_SHOWN = {1: 3, 2: 3, 3: 4, 4: 5, 5: 6}
MARKET_SHOWN = {1: 2, 2: 2, 3: 2, 4: 3, 5: 4}
START_GOLD = (0, 1, 1, 2, 2)  # by position on the priority track
YEARS = 4
HAND_SIZE = 5  # chambers dealt to each player at the start of a year
LEFT_YEARS = (1, 3)  # hands pass to the left in these years, to the right in the others
GOLD_CAP = 30
PRIORITY_VP = (9, 6, 3)  # final priority by place (no third place with two players)
GOAL_VP = (15, 9, 5)  # the goal card by place (no third place with two players)
NEW_CHALLENGES_AFTER = (1, 2)  # the years after which new challenges are shown
