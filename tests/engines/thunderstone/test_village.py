"""Visiting the village: effects, gold, purchases, levelling up, with the rulebook's examples
(Erik's purchase, Sara's Town Guard, Marilyn's level-up, Sue's village turn) to the number.

Rulebook sections: Visit the village, Village cards, Hero cards, Leveling up, Village example,
and the glossary (Barkeep, Pawnbroker, Town Guard, Trainer, Militia, Disease)."""

from __future__ import annotations

import pytest

from games.engines.base import IllegalAction
from games.engines.thunderstone import ENGINE
from games.engines.thunderstone.state import stack_size, stack_top
from games.engines.thunderstone.village import gold

from .helpers import act, ids, kinds_of, legal, names, position, the, use, village_visit


def buys(s):
    return {a["stack"] for a in legal(s) if a["type"] == "buy"}


def test_erik_buys_a_flaming_sword_with_6_gold():
    """Village cards, Erik's example: Torch 2 + Dagger 1 + Griknack Goblin 1 + Iron Rations 2 = 6
    gold; the Flaming Sword (cost 5) goes to his discard pile and the extra gold is lost."""
    s = position(
        hands=[["Torch", "Dagger", "Griknack Goblin", "Iron Rations", "Disease", "Fireball"], []],
        village=("Flaming Sword", "Polearm", "Fireball"),
    )
    s = village_visit(s)
    assert gold(s) == 6
    assert "village:Flaming Sword" in buys(s)
    assert "village:Polearm" not in buys(s)  # cost 7
    before = stack_size(s, "village:Flaming Sword")
    s = act(s, 0, "buy", stack="village:Flaming Sword")
    assert stack_size(s, "village:Flaming Sword") == before - 1
    # One purchase and no hero to level: the turn is over; the sword is in the discard pile.
    assert s["turn"] == 1
    assert "Flaming Sword" in names(s["discards"][0])


def test_sara_town_guard_draws_two_then_three_more():
    """Village cards, Sara's example: Town Guard draws two cards; destroying it draws three more,
    five in all."""
    s = position(
        hands=[["Town Guard", "Militia"], []], decks=[["Torch"] * 6, ["Militia"] * 6], village=("Town Guard",)
    )
    s = village_visit(s)
    tg = the(s, "Town Guard")
    s = use(s, tg, "draw")
    assert len(ids(s, "Torch")) == 2
    s = use(s, tg, "burn")
    assert len(ids(s, "Torch")) == 5
    assert tg in s["destroyed"] and tg not in s["hands"][0]
    assert not any(a["type"] == "use" for a in legal(s))  # each ability once; a destroyed card has none


def test_marilyn_levels_an_elf_wizard_to_an_elf_sorcerer():
    """Leveling up, Marilyn's example: an Elf Wizard with level cost 2: pay 2 XP, destroy it, take
    an Elf Sorcerer from the Elf stack to the discard pile; she may go on levelling."""
    s = position(hands=[["Elf Wizard", "Regian Cleric", "Disease"], []], xp=[5, 0])
    s = village_visit(s)
    wizard = the(s, "Elf Wizard")
    s = act(s, 0, "level", card=wizard)
    assert s["xp"][0] == 3
    assert wizard in s["destroyed"]
    assert names(s["discards"][0]) == ["Elf Sorcerer"]
    assert s["stacks"]["hero:Elf"] == [6, 3, 2]  # Elf Wizards, Sorcerers, Archmages
    assert {"type": "level", "card": the(s, "Regian Cleric")} in legal(s)
    assert "buy" not in kinds_of(legal(s))  # levelling comes after purchases


def test_sue_village_turn_nine_gold_then_ten():
    """Village example (Sue): Town Guard draws Disease and Outlands Slayer, then is destroyed for
    Trainer, Torch and Dagger; Barkeep adds a purchase; Trainer destroys the Militia (+2 XP), then
    itself (+2 gold): 9 gold. Destroying the Barkeep (+2, losing its own 1) makes 10: Short Sword
    (6) and Banish (4). Lorigg Thief levels to Lorigg Rogue (2 XP), Outlands Slayer to Outlands
    Khan (3 XP). The Unchained's battle effect does nothing in a hand."""
    s = position(
        hands=[["Barkeep", "Town Guard", "Lorigg Thief", "The Unchained", "Militia", "Battle Fury"], []],
        decks=[["Disease", "Outlands Slayer", "Trainer", "Torch", "Dagger"] + ["Militia"] * 6, []],
        heroes=("Lorigg", "Outlands", "Regian", "Elf"),
        village=("Short Sword", "Banish", "Trainer"),
        xp=[3, 0],
    )
    s = village_visit(s)
    tg, barkeep = the(s, "Town Guard"), the(s, "Barkeep")
    s = use(s, tg, "draw")
    assert names(s["hands"][0][-2:]) == ["Disease", "Outlands Slayer"]
    s = use(s, tg, "burn")
    assert names(s["hands"][0][-3:]) == ["Trainer", "Torch", "Dagger"]
    s = use(s, barkeep, "buy")
    trainer = the(s, "Trainer")
    s = use(s, trainer, "train", target=the(s, "Militia"))
    assert s["xp"][0] == 5
    s = use(s, trainer, "burn")
    assert gold(s) == 9
    assert "village:Short Sword" in buys(s) and "village:Banish" in buys(s)
    s = use(s, barkeep, "burn")
    assert gold(s) == 10
    s = act(s, 0, "buy", stack="village:Short Sword")
    assert gold(s) == 4 and "village:Banish" in buys(s)
    s = act(s, 0, "buy", stack="village:Banish")
    assert gold(s) == 0
    s = act(s, 0, "level", card=the(s, "Lorigg Thief"))
    assert s["xp"][0] == 3
    destroyed = names(s["destroyed"])
    s = act(s, 0, "level", card=the(s, "Outlands Slayer"))
    assert s["xp"][0] == 0
    assert sorted([*destroyed, "Outlands Slayer"]) == sorted(
        ["Town Guard", "Militia", "Trainer", "Barkeep", "Lorigg Thief", "Outlands Slayer"]
    )
    assert {"Short Sword", "Banish", "Lorigg Rogue", "Outlands Khan"} <= set(names(s["discards"][0]))
    assert s["turn"] == 1  # nothing was left to do: the turn ended and Sue drew a new hand


def test_gold_is_the_cards_still_in_hand_plus_effects():
    """Visit the village 3 and note: a card destroyed before gold is counted gives no gold."""
    s = position(hands=[["Barkeep", "Torch", "Disease", "Militia"], []], village=("Barkeep",))
    s = village_visit(s)
    assert gold(s) == 1 + 2 + 0 + 0
    s = use(s, the(s, "Barkeep"), "burn")
    assert gold(s) == 2 + 2


def test_barkeep_adds_a_purchase_the_total_cost_within_the_gold():
    """Glossary, Barkeep: each Barkeep used allows one more purchase; the total cost of all of
    them must be within the gold."""
    s = position(hands=[["Barkeep", "Barkeep", "Torch", "Torch", "Torch"], []], village=("Barkeep",))
    s = village_visit(s)
    b1, b2 = ids(s, "Barkeep")
    s = use(s, b1, "buy")
    s = use(s, b2, "buy")
    assert s["t"]["buys"] == 3 and gold(s) == 8
    s = act(s, 0, "buy", stack="basic:Torch")
    s = act(s, 0, "buy", stack="basic:Torch")
    assert gold(s) == 2
    assert buys(s) == {"basic:Iron Rations", "basic:Militia", "village:Barkeep"}
    s = act(s, 0, "buy", stack="basic:Iron Rations")
    assert s["turn"] == 1  # three purchases made


def test_one_purchase_without_barkeep_and_unused_gold_is_lost():
    s = position(hands=[["Torch", "Torch", "Torch"], []])
    s = village_visit(s)
    s = act(s, 0, "buy", stack="basic:Militia")
    assert s["turn"] == 1 and s["t"] == {"mode": None}


def test_pawnbroker_destroys_a_card_with_gold_for_its_value_plus_3():
    """Glossary, Pawnbroker: destroying a card with a gold value gives that value + 3 (its own gold
    is not counted as well); with the Pawnbroker destroyed too, X + 5."""
    s = position(hands=[["Pawnbroker", "Torch", "Dagger"], []], village=("Pawnbroker",))
    s = village_visit(s)
    pawn = the(s, "Pawnbroker")
    assert gold(s) == 3
    s = use(s, pawn, "pawn", target=the(s, "Torch"))
    assert gold(s) == 1 + (2 + 3)
    s = use(s, pawn, "burn")
    assert gold(s) == 1 + (2 + 5)


def test_pawnbroker_takes_militia_gold_0_but_not_cards_without_gold():
    """Gold 0 (Militia) is a gold value; Disease and Town Guard have none (docs: gold 0 versus no
    gold)."""
    s = position(hands=[["Pawnbroker", "Militia", "Disease", "Town Guard"], []], village=("Pawnbroker",))
    s = village_visit(s)
    targets = {a.get("target") for a in legal(s) if a.get("ability") == "pawn"}
    assert targets == {the(s, "Militia")}
    s = use(s, the(s, "Pawnbroker"), "pawn", target=the(s, "Militia"))
    assert gold(s) == 3


def test_a_card_whose_ability_was_used_cannot_be_destroyed_by_another():
    """Dungeon effects (the Iron Rations rule), applied in the village too: a Barkeep that gave its
    purchase cannot be pawned."""
    s = position(hands=[["Pawnbroker", "Barkeep", "Torch"], []], village=("Pawnbroker", "Barkeep"))
    s = village_visit(s)
    s = use(s, the(s, "Barkeep"), "buy")
    targets = {a.get("target") for a in legal(s) if a.get("ability") == "pawn"}
    assert the(s, "Barkeep") not in targets and the(s, "Torch") in targets


def test_trainer_destroys_one_militia_for_2_xp():
    """Glossary, Trainer: each Trainer destroys one Militia per turn (+2 XP); or itself for 2 gold."""
    s = position(hands=[["Trainer", "Militia", "Militia"], []], village=("Trainer",))
    s = village_visit(s)
    trainer = the(s, "Trainer")
    s = use(s, trainer, "train", target=ids(s, "Militia")[0])
    assert s["xp"][0] == 2 and len(ids(s, "Militia")) == 1
    assert not any(a.get("ability") == "train" for a in legal(s))
    s = use(s, trainer, "burn")
    assert gold(s) == 2 + 0


def test_effects_come_before_purchases_and_purchases_before_level_ups():
    """Visit the village: the steps are taken in order."""
    s = position(hands=[["Town Guard", "Torch", "Regian Cleric"], []], decks=[["Torch"] * 5, []], xp=[2, 0])
    s = village_visit(s)
    assert {"use", "buy", "level", "end"} <= kinds_of(legal(s))
    s2 = position(
        hands=[["Town Guard", "Torch", "Torch", "Torch", "Barkeep", "Regian Cleric"], []], xp=[2, 0]
    )
    s2 = village_visit(s2)
    s2 = use(s2, the(s2, "Barkeep"), "buy")
    s2 = act(s2, 0, "buy", stack="basic:Militia")
    assert kinds_of(legal(s2)) == {"buy", "level", "end"}
    s2 = act(s2, 0, "level", card=the(s2, "Regian Cleric"))
    assert s2["turn"] == 1  # buying is closed by the level-up; nothing left


def test_hero_stacks_sell_level_1_first_then_level_2():
    """Setup note: heroes are bought from the top of the stack, level 1 before level 2."""
    s = position(hands=[["Torch"] * 6, []])
    s["stacks"]["hero:Elf"] = [1, 4, 2]
    assert stack_top(s, "hero:Elf") == "elf-wizard-6"
    s = village_visit(s)
    s = act(s, 0, "buy", stack="hero:Elf")
    assert names(s["discards"][0])[0] == "Elf Wizard"  # bought first, then the hand discarded
    assert stack_top(s, "hero:Elf") == "elf-sorcerer-1"


def test_no_level_up_when_the_next_level_is_gone_and_never_two_levels():
    """Leveling up, Important: no next-level card in the village, no level-up; never 1 to 3."""
    s = position(hands=[["Elf Wizard", "Elf Sorcerer"], []], xp=[10, 0])
    s["stacks"]["hero:Elf"] = [6, 0, 2]
    s = village_visit(s)
    levels = [a for a in legal(s) if a["type"] == "level"]
    assert levels == [{"type": "level", "card": the(s, "Elf Sorcerer")}]
    s = act(s, 0, "level", card=the(s, "Elf Sorcerer"))
    assert names(s["discards"][0])[0] == "Elf Archmage" and s["xp"][0] == 8  # Elf Sorcerer costs 2


def test_level_up_needs_the_experience():
    s = position(hands=[["Regian Priest"], []], xp=[2, 0])
    s = village_visit(s)
    assert "level" not in kinds_of(legal(s))  # a level 2 Regian costs 3


def test_militia_levels_into_any_level_1_hero_for_3_xp():
    """Leveling up: a Militia becomes any level 1 hero in the village for 3 XP (destroyed)."""
    s = position(hands=[["Militia"], []], xp=[3, 0])
    s["stacks"]["hero:Lorigg"] = [0, 4, 2]
    s = village_visit(s)
    intos = {a["into"] for a in legal(s) if a["type"] == "level"}
    assert intos == {"hero:Elf", "hero:Regian", "hero:Thyrian"}  # no level 1 Lorigg left
    militia = the(s, "Militia")
    s = act(s, 0, "level", card=militia, into="hero:Thyrian")
    assert militia in s["destroyed"] and s["xp"][0] == 0
    assert names(s["discards"][0]) == ["Thyrian Squire"]


def test_disease_has_no_gold_and_no_effect_in_the_village():
    """Disease cards: no gold value, no effect in the village, not for sale."""
    s = position(hands=[["Disease", "Disease", "Torch"], []])
    s = village_visit(s)
    assert gold(s) == 2
    assert not any("Disease" in a.get("stack", "") for a in legal(s))


def test_buying_from_an_empty_stack_is_refused():
    s = position(hands=[["Torch"] * 6, []])
    s["stacks"]["basic:Dagger"] = [0]
    s = village_visit(s)
    with pytest.raises(IllegalAction):
        act(s, 0, "buy", stack="basic:Dagger")
    with pytest.raises(IllegalAction):
        act(s, 0, "buy", stack="village:Nothing")
    assert ENGINE.legal_actions(s, 1) == []
