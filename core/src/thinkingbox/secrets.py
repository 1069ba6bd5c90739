"""Keeping secrets out of everything tb writes (error texts, records, reports, output), and
text from records from steering the terminal it is printed on.

A secret is the value of an environment variable that holds a key (its name ends in
API_KEY, _TOKEN, _SECRET or _PASSWORD, or a model configuration names it as its key
variable), a credential inside a URL (`https://user:password@host`), or the value of an
`Authorization` header. Redaction is the last step before bytes leave the process, so no
code path that builds a message has to remember it.
"""
from __future__ import annotations

import os
import re

REDACTED = "[REDACTED]"
MIN_SECRET_LENGTH = 8  # shorter values ("1", "true") would redact ordinary text

_KEY_VARIABLE = re.compile(r"(API_KEY|_TOKEN|_SECRET|_PASSWORD)$", re.IGNORECASE)
_named_key_variables: set[str] = set()
_URL_CREDENTIALS = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/\s:@\"']+(?::[^/\s@\"']*)?@")
_AUTHORIZATION = re.compile(r"(?i)(authorization[\"']?\s*[:=]\s*[\"']?)(?:(bearer|basic|token)\s+)?[^\s\"',;}]+")
_BEARER = re.compile(r"(?i)\b(bearer)\s+[A-Za-z0-9._~+/=-]{8,}")


def add_key_variable(name: str) -> None:
    """Treat the value of environment variable `name` as a secret (a model's key variable)."""
    _named_key_variables.add(name)


def secret_values() -> list[str]:
    """The secret values in the environment now, longest first (so that a secret that
    contains another is replaced whole)."""
    values = {value for name, value in os.environ.items()
              if (name in _named_key_variables or _KEY_VARIABLE.search(name)) and len(value) >= MIN_SECRET_LENGTH}
    return sorted(values, key=len, reverse=True)


def redact(text: str, secrets: list[str] | None = None) -> str:
    """`text` with every secret replaced by [REDACTED]. `secrets`: the values to look for,
    when the caller has read them once for many texts (default: the environment now)."""
    for value in secret_values() if secrets is None else secrets:
        if value in text:
            text = text.replace(value, REDACTED)
    if "@" in text:
        text = _URL_CREDENTIALS.sub(rf"\1{REDACTED}@", text)
    if "uthorization" in text or "UTHORIZATION" in text:
        text = _AUTHORIZATION.sub(lambda m: m.group(1) + (m.group(2) + " " if m.group(2) else "") + REDACTED, text)
    if "earer" in text or "EARER" in text:
        text = _BEARER.sub(rf"\1 {REDACTED}", text)
    return text


# C0 controls but tab and newline, DEL, C1 controls, and the Unicode bidi overrides and
# isolates: a record's text could otherwise clear the screen, move the cursor or reorder
# what is shown (a forged "verdict: PASS").
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def for_terminal(text: str) -> str:
    """`text` redacted and with control characters shown as escapes (\\x1b, \\u202e)."""
    text = redact(text)
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                        else f"\\u{ord(m.group()):04x}", text)


def json_for_terminal(text: str) -> str:
    """JSON text redacted, with the control characters JSON allows raw (C1, bidi overrides)
    written as \\u escapes: still valid JSON, and it cannot steer the terminal."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", redact(text))
