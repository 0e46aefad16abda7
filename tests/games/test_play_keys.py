"""Every play page has a key to its icons and numbers, outside the regions that updates
redraw; the words it explains come from the game's own data where it has them."""

from __future__ import annotations

import re

import pytest

from games import services
from games.engines.lords.data import HERB_NAMES
from tests.conftest import client_for

KEYS = {
    "stonespine": ["Key to the pieces"],
    "architectura": ["The big number at the top", "X-1", "cards in it-2", "The small numbers"],
    "thunderstone": ["12 left: L1 6 · L2 4 · L3 2", "darkness 2", "gold it brings", "victory points"],
    "lords": [f"{code}</span> {name}" for code, name in HERB_NAMES.items()],
}


@pytest.mark.parametrize("slug", sorted(KEYS))
def test_each_play_page_has_a_key_to_its_icons(alice, bob, slug):
    game = services.create_game(alice, slug, 2, {})
    services.join_game(bob, game.pk)
    page = client_for(alice).get(game.get_absolute_url()).text
    for words in KEYS[slug]:
        assert words in page, words
    if slug != "stonespine":  # Stonespine's key is part of its board
        key = re.search(r'<details class="play-key" id="key">.*?</details>', page, re.S)
        assert key and "Key to the icons and numbers" in key.group(0)
        assert 'id="board"' not in key.group(0)
    update = client_for(alice).get(game.get_absolute_url(), {"part": "update"}, HTTP_HX_REQUEST="true").text
    assert 'id="key"' not in update  # never redrawn (and closed) under the reader
