"""One account per e-mail address, ignoring case, enforced by the database.

The sign-up form checks that an address is free, but two sign-ups at the same moment
both pass that check; only a unique index stops the second. Empty addresses (accounts
made by hand without one) are left out of it.

If the table already holds one address on several accounts, the migration stops and
lists them: an operator decides which account keeps each address (see docs/security.md).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import migrations
from django.db.models import Count
from django.db.models.functions import Lower

INDEX = "accounts_user_email_ci_unique"


def _table(apps: Any) -> str:
    app_label, model = settings.AUTH_USER_MODEL.split(".")
    return str(apps.get_model(app_label, model)._meta.db_table)


def add_index(apps: Any, schema_editor: Any) -> None:
    app_label, model = settings.AUTH_USER_MODEL.split(".")
    users = apps.get_model(app_label, model).objects.using(schema_editor.connection.alias)
    shared = (
        users.exclude(email="")
        .annotate(address=Lower("email"))
        .values("address")
        .annotate(n=Count("pk"))
        .filter(n__gt=1)
    )
    found = [f"{row['address']} ({row['n']} accounts)" for row in shared[:20]]
    if found:
        raise RuntimeError(
            "These e-mail addresses belong to several accounts; give each to one account "
            "(change or clear the others' address) and migrate again: " + ", ".join(found)
        )
    quote = schema_editor.quote_name
    schema_editor.execute(
        f"CREATE UNIQUE INDEX {quote(INDEX)} ON {quote(_table(apps))} (LOWER({quote('email')})) "
        f"WHERE {quote('email')} <> ''"
    )


def drop_index(apps: Any, schema_editor: Any) -> None:
    schema_editor.execute(f"DROP INDEX IF EXISTS {schema_editor.quote_name(INDEX)}")


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_vacation"),
        # After auth's own last change to the user table: on SQLite such a change rebuilds
        # the table, which would drop this index (tests/accounts/test_signup_races.py notices).
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(add_index, drop_index)]
