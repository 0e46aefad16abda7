"""Keeps the garbage collector's full passes short in the long-running processes.

A full pass walks every tracked object, and a Django process holds some 140,000
that live as long as it does (modules, models, URL patterns, compiled templates).
Measured under load (bench/moves.py), each pass stopped the whole web process for
80-140 ms, which made many of the slowest requests; with the heap settled, 10-65 ms
(what is left is the requests' own garbage). Freezing moves the objects alive at
that moment out of the collector's sight: they are never freed, which for these is
right. Much of a process's furniture is built by its first requests (templates,
query caches), so the heap is settled again once the process has warmed up.
"""

from __future__ import annotations

import gc
import threading

SETTLE_AT = (200, 2000)  # requests (or tasks) served; after the last, nothing changes


def settle() -> None:
    """Collects what is garbage now, then freezes everything still alive."""
    gc.collect()
    gc.freeze()


class Warmup:
    """Counts work done and settles the heap at the SETTLE_AT marks."""

    def __init__(self, marks: tuple[int, ...] = SETTLE_AT) -> None:
        self.marks = marks
        self.served = 0
        self._lock = threading.Lock()

    def tick(self) -> bool:
        """One more request or task; True when this one settled the heap."""
        if self.served > self.marks[-1]:
            return False  # the usual case: one comparison, no lock
        with self._lock:
            self.served += 1
            due = self.served in self.marks
        if due:
            settle()
        return due
