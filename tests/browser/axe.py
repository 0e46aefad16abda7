"""axe-core accessibility checks for the browser tests.

axe-core (vendored in tests/browser/vendor/, MPL-2.0, never served by the site) is run in
the page through Playwright's evaluate, which the page's Content Security Policy does not
apply to. Only serious and critical violations fail a test: those block someone using a
screen reader or a keyboard; minor and moderate ones are reported in the message.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
BLOCKING = ("serious", "critical")


@cache
def _source() -> str:
    return AXE.read_text(encoding="utf-8")


def violations(page: Any) -> list[dict[str, Any]]:
    """axe's violations on the page as it is now (WCAG 2.x A and AA rules, best practices)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_source())
    result: list[dict[str, Any]] = page.evaluate(
        """async () => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help,
                targets: v.nodes.slice(0, 5).map(n => n.target.join(' ')),
            }));
        }"""
    )
    return result


def describe(found: list[dict[str, Any]]) -> str:
    return "\n".join(f"{v['impact']}: {v['id']} ({v['help']}) at {', '.join(v['targets'])}" for v in found)


def assert_accessible(page: Any) -> None:
    """No serious or critical axe-core violation on the page as it is now."""
    found = violations(page)
    blocking = [v for v in found if v["impact"] in BLOCKING]
    assert not blocking, f"axe-core on {page.url}:\n{describe(blocking)}\n(all: {len(found)})"
