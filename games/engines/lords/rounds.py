"""The end of a round (rules text: Phases of a turn): Grow Herbs (with the Wall's and the Toll
Bridge's income), Check for End of Game, Advance Turn Marker, Pass First Player Marker."""

from __future__ import annotations

from games.engines.i18n import N_
from games.engines.i18n import seat as who
from games.engines.rng import Rng

from .data import TOLL_GEMS, WALL_INCOME_LESS
from .state import State, capacity, garden_count, has_item, log, wall_done


def grow(s: State) -> None:
    for seat, p in enumerate(s["players"]):
        cap = capacity(p)
        for g in p["gardens"][: garden_count(p)]:
            if g[0] is not None and g[1] < cap:
                g[1] += 1
        wall = max(0, int(p["fight"]) - WALL_INCOME_LESS) if wall_done(p) else 0
        toll = TOLL_GEMS * has_item(p, "toll")
        if wall:
            p["gems"] += wall
            log(
                s,
                N_("{whose}'s Wall pays {gems} gems (Fight {fight} less {less})."),
                whose=who(seat),
                gems=wall,
                fight=p["fight"],
                less=WALL_INCOME_LESS,
            )
        if toll:
            p["gems"] += toll
            log(s, N_("{whose}'s Toll Bridge pays {gems} gems."), whose=who(seat), gems=toll)


def end_round(s: State) -> None:
    grow(s)
    log(s, N_("Herb gardens grow. Round {n} is over."), n=s["round"])
    if s["round"] >= s["rounds"]:
        s["phase"] = "over"
        s["ask"] = None
        # The last tie-break (the text's rock-paper-scissors) is a lot drawn now from the game's
        # own generator: fair, and the same on every replay.
        rng = Rng(s["rng"])
        s["lot"] = rng.shuffled(list(range(s["n"])))
        s["rng"] = rng.state
        log(s, N_("The game is over."))
        return
    s["round"] += 1
    s["first"] = (s["first"] + 1) % s["n"]
    s["turn"] = s["first"]
    s["phase"] = "place"
    s["at"] = [0, 0]
    s["board"] = {sid: [] for sid in s["board"]}
    for p in s["players"]:
        p["placed"] = 0
    log(s, N_("Round {n}: {who} holds the first-player marker."), n=s["round"], who=who(s["first"]))
