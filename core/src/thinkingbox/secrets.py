"""Keeping secrets out of everything tb writes (error texts, records, reports, output), and
text from records from steering the terminal it is printed on.

What is a secret (docs/security.md says the same for users):

- the value of an environment variable whose name is a secret's name (`is_secret_name`:
  `SECRET_NAME_PATTERNS`, the names and patterns listed in `TB_REDACT_VARIABLES`, and every
  variable a model configuration names as its key variable), when it is at least
  `MIN_SECRET_LENGTH` characters long;
- a well-formed credential in text: the user information of a URL (`scheme://user:pass@`),
  a credential-shaped `Bearer`, `Basic` or `Authorization: token` value, and the key shapes
  of well-known providers (`sk-...`, `ghp_...`, `AKIA...`, JSON web tokens, private key
  blocks). Words alone ("authorization", "token", "Return authorization: RMA-20001") are text,
  not secrets.

Two ways in. `redact(text)` for plain text (terminal lines, error messages). For anything
serialized (run records, JSON and data files), `redacted_json(value)` / `redact_value(value)`
redact the *values* (every string, dict keys included) before serialization, so the output
is always valid JSON: redacting serialized text could cut through a quote or an escape and
leave a line no reader takes. A value in which no secret can be present (no configured value,
no sign of a credential form in its serialized bytes) is serialized once and not walked.
"""
from __future__ import annotations

import base64
import binascii
import fnmatch
import os
import re
from typing import Any, Callable

import orjson

REDACTED = "[REDACTED]"
MIN_SECRET_LENGTH = 8  # shorter values ("1", "true") would redact ordinary text

# Names of environment variables whose values are secrets, as shell-style patterns matched
# against the upper-cased name. `*_PAT` and `*_PWD` keep their underscore: PATH and PWD (the
# working directory) are not secrets; `*_KEY` does not match KEYBOARD_LAYOUT or MONKEY.
SECRET_NAME_PATTERNS = (
    "*_KEY", "*APIKEY", "*SECRET*", "*_TOKEN", "*_PAT", "*PASSWORD*", "*PASSWD*", "*PASSPHRASE*", "*_PASS",
    "*_PWD", "*_CREDENTIAL", "*_CREDENTIALS",
    # the same without a prefix
    "KEY", "TOKEN", "PAT", "PASS", "CREDENTIAL", "CREDENTIALS",
)
EXTRA_NAMES_VARIABLE = "TB_REDACT_VARIABLES"  # more names or patterns, separated by commas or spaces

_SECRET_NAME = re.compile("|".join(fnmatch.translate(p) for p in SECRET_NAME_PATTERNS))
_named_key_variables: set[str] = set()


def add_key_variable(name: str) -> None:
    """Treat the value of environment variable `name` as a secret (a model's key variable)."""
    _named_key_variables.add(name)


def _extra_name_patterns() -> list[str]:
    return [p.upper() for p in re.split(r"[,\s]+", os.environ.get(EXTRA_NAMES_VARIABLE, "")) if p]


def is_secret_name(name: str, extra: list[str] | None = None) -> bool:
    """Whether the value of environment variable `name` is a secret: it matches
    `SECRET_NAME_PATTERNS` or a pattern of `TB_REDACT_VARIABLES`, or a model configuration
    named it as its key variable."""
    upper = name.upper()
    if name in _named_key_variables or _SECRET_NAME.match(upper):
        return True
    return any(fnmatch.fnmatchcase(upper, p) for p in (_extra_name_patterns() if extra is None else extra))


def secret_values() -> list[str]:
    """The secret values in the environment now, longest first (so that a secret that
    contains another is replaced whole)."""
    extra = _extra_name_patterns()
    values = {value for name, value in os.environ.items()
              if len(value) >= MIN_SECRET_LENGTH and is_secret_name(name, extra)}
    return sorted(values, key=len, reverse=True)


# --- credential forms in text -------------------------------------------------------------

def _token_like(value: str) -> bool:
    """A credential's shape: long, with letters and digits (random strings, keys, JWTs),
    unlike words and short identifiers such as RMA-20001."""
    core = value.rstrip("=")
    if len(core) >= 32:
        return True
    return len(core) >= 12 and any(c.isdigit() for c in core) and any(c.isalpha() for c in core)


def _basic_credentials(value: str) -> bool:
    """Base64 of printable `user:password` (what an HTTP Basic header carries)."""
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return False
    return ":" in decoded and decoded.isprintable()


_TOKEN = r"[A-Za-z0-9_~+/-](?:[A-Za-z0-9._~+/-]*[A-Za-z0-9_~+/-])?=*"  # RFC 6750's token68, no final dot
_SPACE = r"[ \t]+"  # header syntax: spaces and tabs, never a line break
# userinfo: no slash, space, quote or @; a password part, or a credential-shaped user alone
_URL_CREDENTIALS = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)([^/\s:@\"'<>]*)(:[^/\s@\"'<>]*)?@")
_BEARER = re.compile(rf"(?i)\b(bearer{_SPACE})({_TOKEN})")
_BASIC = re.compile(rf"(?i)\b(basic{_SPACE})([A-Za-z0-9+/]{{6,}}={{0,2}})(?![A-Za-z0-9+/=])")
_AUTHORIZATION_TOKEN = re.compile(rf"(?i)(authorization[\"']?[ \t]*[:=][ \t]*[\"']?token{_SPACE})({_TOKEN})")
_KEY_SHAPES = re.compile(
    r"(?<![A-Za-z0-9_-])(?:sk-[A-Za-z0-9_-]{20,}"                      # OpenAI, Anthropic and alike
    r"|[sr]k_(?:live|test)_[A-Za-z0-9]{16,}"                           # Stripe
    r"|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,}"        # GitHub
    r"|xox[abposr]-[A-Za-z0-9-]{10,}"                                   # Slack
    r"|hf_[A-Za-z0-9]{30,}"                                             # Hugging Face
    r"|eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}"  # a JSON web token
    r")(?![A-Za-z0-9_-])"
    r"|(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])"             # AWS access key ids
    r"|(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])")      # Google API keys
_PRIVATE_KEY = re.compile(r"(-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----).*?(-----END [A-Z0-9 ]*PRIVATE KEY-----)", re.S)


def _url(m: re.Match[str]) -> str:
    user, password = m.group(2), m.group(3)
    return f"{m.group(1)}{REDACTED}@" if password is not None or _token_like(user) else m.group(0)


def _shaped(check: Callable[[str], bool]) -> Callable[[re.Match[str]], str]:
    return lambda m: m.group(1) + REDACTED if check(m.group(2)) else m.group(0)


def _key_shape(m: re.Match[str]) -> str:
    text = m.group(0)
    if text.startswith("sk-") and not any(c.isdigit() for c in text):  # "sk-" and words, not a key
        return text
    return REDACTED


_KEY_MARKERS = ("sk-", "k_live_", "k_test_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "xox", "hf_",
                "eyj", "akia", "asia", "aiza")
# (a test on the lower-cased text that a form may be present, the pattern, its replacement)
_FORMS: list[tuple[Callable[[str], bool], re.Pattern[str], Any]] = [
    (lambda low: "://" in low and "@" in low, _URL_CREDENTIALS, _url),
    (lambda low: "bearer" in low, _BEARER, _shaped(_token_like)),
    (lambda low: "basic" in low, _BASIC, _shaped(_basic_credentials)),
    (lambda low: "authorization" in low and "token" in low, _AUTHORIZATION_TOKEN, _shaped(_token_like)),
    (lambda low: any(m in low for m in _KEY_MARKERS), _KEY_SHAPES, _key_shape),
    (lambda low: "private key-----" in low, _PRIVATE_KEY, rf"\1{REDACTED}\2"),
]


def redact(text: str, secrets: list[str] | None = None) -> str:
    """Plain `text` with every secret replaced by [REDACTED]. `secrets`: the values to look
    for, when the caller has read them once for many texts (default: the environment now).
    For anything serialized, redact the values instead (`redacted_json`, `redact_value`)."""
    for value in secret_values() if secrets is None else secrets:
        if value in text:
            text = text.replace(value, REDACTED)
    low = text.lower()
    for may_hold, pattern, replacement in _FORMS:
        if may_hold(low):
            text = pattern.sub(replacement, text)
    return text


# --- values ------------------------------------------------------------------------------

def redact_value(value: Any, secrets: list[str] | None = None, found: list[str] | None = None,
                 path: str = "") -> Any:
    """`value` with every string in it redacted, walked recursively (dict keys and values,
    lists and tuples, which come back as lists); other values are returned as they are. The
    path of every string that changed ("trajectory.3.content"; a dict key by its new name) is
    appended to `found`."""
    if secrets is None:
        secrets = secret_values()
    if isinstance(value, str):
        clean = redact(value, secrets)
        if found is not None and clean != value:
            found.append(path)
        return clean
    if isinstance(value, dict):
        out: dict[Any, Any] = {}
        for key, item in value.items():
            if isinstance(key, str):
                new_key = redact(key, secrets)
                if new_key != key:
                    base, n = new_key, 2
                    while new_key in out or new_key in value:  # two keys redacted alike: keep both
                        new_key, n = f"{base}#{n}", n + 1
                    if found is not None:
                        found.append(f"{path}.{new_key}" if path else new_key)
                key = new_key
            out[key] = redact_value(item, secrets, found, f"{path}.{key}" if path else str(key))
        return out
    if isinstance(value, (list, tuple)):
        return [redact_value(item, secrets, found, f"{path}.{i}" if path else str(i)) for i, item in enumerate(value)]
    return value


# Tests on serialized bytes that a credential form may be present, each true wherever the
# form's pattern would redact something in one of the strings inside (JSON writes a tab as
# \t, a quote as \"; bytes.lower keeps every offset). Plain substring tests first, each a
# fast scan; a pattern only where its word is present, and then the same shape test as the
# form's, so that ordinary words ("basic installation") cost no walk. (A candidate is read in
# a lookahead, so that one that fails the test does not hide a form inside it.)
_PROBE_LITERALS = (b"sk-", b"k_live_", b"k_test_", b"github_pat_", b"xox", b"hf_", b"eyJ", b"AKIA", b"ASIA", b"AIza",
                   b"PRIVATE KEY-----")
_PROBES: list[tuple[bytes, bool, re.Pattern[bytes], Callable[[re.Match[bytes], bytes], bool]]] = [
    (b"://", False, re.compile(rb"://([^/\s@\"':]*)(:[^/\s@\"']*)?@"),
     lambda m, data: m.group(2) is not None or _token_like(m.group(1).decode(errors="replace"))),
    (b"gh", False, re.compile(rb"gh[pousr]_"), lambda m, data: True),
    (b"bearer", True, re.compile(rb"bearer(?: |\\t)+(?=([a-z0-9._~+/=-]{12,}))"),
     lambda m, data: _token_like(data[m.start(1):m.end(1)].decode())),
    (b"basic", True, re.compile(rb"basic(?: |\\t)+(?=([a-z0-9+/=]{6,}))"),
     lambda m, data: _basic_credentials(data[m.start(1):m.end(1)].decode().rstrip("="))),
    (b"token", True, re.compile(rb"token(?: |\\t)+(?=([a-z0-9._~+/=-]{12,}))"),
     lambda m, data: _token_like(data[m.start(1):m.end(1)].decode())),
]


def _may_hold(data: bytes, secrets: list[str]) -> bool:
    for value in secrets:
        if orjson.dumps(value)[1:-1] in data:  # as JSON writes it (quotes, backslashes escaped)
            return True
    if any(literal in data for literal in _PROBE_LITERALS):
        return True
    low = data.lower()
    for word, lower, probe, shaped in _PROBES:
        text = low if lower else data
        if word in text and any(shaped(m, data) for m in probe.finditer(text)):
            return True
    return False


def redacted_json(value: Any, secrets: list[str] | None = None, *, option: int = 0,
                  default: Callable[[Any], Any] | None = str, found: list[str] | None = None) -> bytes:
    """`value` as JSON (orjson, with `option` and `default`), its strings redacted before
    serialization: the result is always valid JSON. The paths of strings that changed are
    appended to `found`."""
    if secrets is None:
        secrets = secret_values()
    data = orjson.dumps(value, default=default, option=option)
    if not _may_hold(data, secrets):
        return data
    # Walk what JSON holds (every value already a str, number, bool, None, list or dict).
    return orjson.dumps(redact_value(orjson.loads(data), secrets, found), option=option)


# --- terminals ---------------------------------------------------------------------------

# C0 controls but tab and newline, DEL, C1 controls, and the Unicode bidi overrides and
# isolates: a record's text could otherwise clear the screen, move the cursor or reorder
# what is shown (a forged "verdict: PASS").
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def for_terminal(text: str) -> str:
    """`text` redacted and with control characters shown as escapes (\\x1b, \\u202e)."""
    text = redact(text)
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                        else f"\\u{ord(m.group()):04x}", text)


def json_for_terminal(value: Any, option: int = 0) -> str:
    """`value` as JSON, its strings redacted, with the control characters JSON allows raw
    (C1, bidi overrides) written as \\u escapes: valid JSON that cannot steer the terminal."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", redacted_json(value, option=option).decode())
