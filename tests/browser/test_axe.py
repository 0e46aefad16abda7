"""The accessibility check itself: it must find a violation where there is one."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.axe import assert_accessible, violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_reports_an_unlabelled_button_and_passes_a_labelled_one(new_context: Any) -> None:
    page = new_context().new_page()
    page.set_content(
        "<html lang='en'><head><title>t</title></head><body><main><button></button></main></body></html>"
    )
    assert "button-name" in {v["id"] for v in violations(page)}
    with pytest.raises(AssertionError, match="button-name"):
        assert_accessible(page)

    page.set_content(
        "<html lang='en'><head><title>t</title></head><body><main><button>Go</button></main></body></html>"
    )
    assert_accessible(page)
