"""Who sits with whom in a round: pure functions of the standings and past meetings.

Swiss, tables of N (docs/tournaments.md): the players still in, in standing order, are
split into as few tables as hold them all (ceil(M / N)), as even in size as can be, the
fuller tables at the top; a short table's empty seats go to bots. Each table is filled
top-down: it takes the best-placed player left, then, one seat at a time, the candidate
among the next WINDOW players left who has met the players already seated there the
fewest times (the better placed on a tie). So players meet others of similar standing,
and a repeat happens only when everyone within reach has already met.

Round-robin, tables of 2: the circle method over the draw (one player fixed, the others
turning one place a round); with an odd number, the player paired with the empty place
sits the round out. Tables of 3 or more: rounds are added until every pair of players has
met at least once; each table of a round starts with the player who has the most others
still to meet, and each further seat goes to the player who meets the most new faces
there (then the one with the most still to meet, then the draw).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

WINDOW_PER_SEAT = 3  # how far down the standings a table looks for a fresh opponent, per seat


def table_sizes(players: int, size: int) -> list[int]:
    """Sizes of the fewest tables of at most `size` for `players`, as even as can be, fuller first."""
    if players <= 0:
        return []
    tables = -(-players // size)
    base, extra = divmod(players, tables)
    return [base + 1 if i < extra else base for i in range(tables)]


def met_key(a: Hashable, b: Hashable) -> frozenset[Hashable]:
    return frozenset((a, b))


def swiss[P: Hashable](
    ranked: Sequence[P], size: int, met: dict[frozenset[Hashable], int] | None = None
) -> list[list[P]]:
    """The round's tables (each a list of players, best placed first) from the players in
    standing order and how often each pair has met (`met[met_key(a, b)]`)."""
    met = met or {}
    left = list(ranked)
    window = WINDOW_PER_SEAT * size
    tables: list[list[P]] = []
    for want in table_sizes(len(left), size):
        table = [left.pop(0)]
        while len(table) < want:
            best = min(
                range(min(window, len(left))),
                key=lambda i: (sum(met.get(met_key(left[i], p), 0) for p in table), i),
            )
            table.append(left.pop(best))
        tables.append(table)
    return tables


def round_robin_rounds(players: int) -> int:
    """How many rounds a round-robin of this many players takes."""
    return players - 1 if players % 2 == 0 else players


def round_robin[P: Hashable](drawn: Sequence[P], round_index: int) -> list[tuple[P, P]]:
    """The pairs of round `round_index` (0 first) of a round-robin over `drawn`, in draw
    order; the player drawn against the empty place (odd counts) is left out. Who sits
    first alternates from round to round."""
    line: list[P | None] = [*drawn] + ([None] if len(drawn) % 2 else [])
    n = len(line)
    if n < 2:
        return []
    rest = line[1:]
    turn = round_index % len(rest)
    rest = rest[-turn:] + rest[:-turn] if turn else rest
    line = [line[0], *rest]
    pairs = []
    for i in range(n // 2):
        a, b = line[i], line[n - 1 - i]
        if a is None or b is None:
            continue
        pairs.append((a, b) if (round_index + i) % 2 == 0 else (b, a))
    return pairs


def round_robin_schedule[P: Hashable](drawn: Sequence[P], size: int) -> list[list[list[P]]]:
    """Every round's tables of a round-robin at tables of `size` (3 or more) over `drawn`,
    until every pair has met. Each round meets at least one new pair, so it ends."""
    players = list(drawn)
    met: set[frozenset[Hashable]] = set()
    pairs = len(players) * (len(players) - 1) // 2
    to_meet = {p: len(players) - 1 for p in players}
    rounds: list[list[list[P]]] = []
    while len(met) < pairs:
        left = list(players)
        tables = []
        for want in table_sizes(len(players), size):
            first = max(left, key=lambda p: to_meet[p])  # max keeps the first in the draw on a tie
            table = [first]
            left.remove(first)
            while len(table) < want:
                best = max(left, key=lambda q: (sum(met_key(q, p) not in met for p in table), to_meet[q]))
                table.append(best)
                left.remove(best)
            tables.append(table)
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    if met_key(a, b) not in met:
                        met.add(met_key(a, b))
                        to_meet[a] -= 1
                        to_meet[b] -= 1
        rounds.append(tables)
    return rounds
