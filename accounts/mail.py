"""The console e-mail backend of the embedded default, printing links whole.

Python's e-mail package folds body lines longer than 78 characters with quoted-printable
soft breaks ("=" at the end of a line), which cuts the sign-up link in two in the
terminal. Here lines may run to RFC 5322's limit of 998 characters, so a plain ASCII
message prints as it was written (7bit) and its links can be copied as they are.
"""

from __future__ import annotations

import email.policy
from typing import Any

from django.core.mail.backends import console

UNFOLDED = email.policy.default.clone(max_line_length=998)


class EmailBackend(console.EmailBackend):
    def write_message(self, message: Any) -> None:
        msg = message.message(policy=UNFOLDED)
        self.stream.write(f"{msg.as_bytes().decode('utf-8', 'replace')}\n")
        self.stream.write("-" * 79)
        self.stream.write("\n")
