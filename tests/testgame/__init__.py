"""A small card game used only by the tests to prove the platform's play loop.

It never appears on the site: only test settings register it (EXTRA_ENGINES).
"""
