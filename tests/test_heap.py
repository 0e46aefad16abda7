"""Long-running processes freeze their start-up heap (config/heap.py says why)."""

from __future__ import annotations

import gc
import weakref

import pytest

from config import heap


@pytest.fixture
def thawed():
    yield
    gc.unfreeze()  # leave this test process's collector as it found it


def test_settling_freezes_what_is_alive_and_collects_what_is_not(thawed):
    class Cycle:
        me: object

    garbage = Cycle()
    garbage.me = garbage  # only the collector can free it
    gone = weakref.ref(garbage)
    del garbage
    alive = {"kept": [1, 2, 3]}
    heap.settle()
    assert gone() is None  # collected, not frozen for ever
    assert gc.get_freeze_count() > 10_000  # this process's modules and the rest
    assert all(o is not alive for o in gc.get_objects())  # out of the collector's sight
    assert len(gc.get_objects()) < 1_000  # a full pass now walks almost nothing


def test_the_warmup_settles_at_its_marks_only(thawed, monkeypatch):
    settled = []
    monkeypatch.setattr(heap, "settle", lambda: settled.append(True))
    warmup = heap.Warmup(marks=(3, 5))
    results = [warmup.tick() for _ in range(10)]
    assert results == [False, False, True, False, True, False, False, False, False, False]
    assert len(settled) == 2
