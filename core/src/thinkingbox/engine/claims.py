"""Reading values out of what an agent told the customer, by type.

A typed communication check asks whether a message states a value (a refund of $120.01,
a stay from 10 to 12 October, "3 to 5 business days") or must never state one (an
internal score). People write each value in many forms, so each kind has a reader that
finds every mention of its type in a message and normalises it:

    money        "$40", "$40.00", "40 dollars", "40.00 USD", "USD 40", "forty dollars"
    date         "10 October", "October 10th", "Oct 10, 2025", "2025-10-10", "10/10/2025"
                 (month/day, as US customers write it); a date without a year takes the
                 year of the world's "now" (or the next one, for a month already past)
    date range   "10 to 12 October", "October 10-12", "from 10 Oct to 12 Oct", or two dates
    time         "3 pm", "3:00 PM", "15:00", "noon", "midnight"
    days         "3-5 business days", "three to five working days", "within 5 days"
    count        "2 rooms", "two rooms" (a number, in digits or words, before its noun)
    identifier   the id itself, case-insensitive, never as part of a longer id
    phrase       one of a set of phrasings (regular expressions) for a decision

Readers find values; they never decide whether a value is right: the check compares.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation

MONTHS = {name: i + 1 for i, names in enumerate([
    ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",), ("june", "jun"),
    ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"), ("october", "oct"),
    ("november", "nov"), ("december", "dec")]) for name in names}
_UNITS = {"zero": 0, "one": 1, "a": 1, "an": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
          "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_SCALES = {"hundred": 100, "thousand": 1000}
_NUMBER_WORD = "|".join(sorted([*_UNITS, *_TENS, *_SCALES], key=len, reverse=True))
# A number in words: "forty", "twenty-five", "one hundred and twenty".
_WORDS = rf"(?:(?:{_NUMBER_WORD})(?:[\s-]+(?:and\s+)?(?:{_NUMBER_WORD}))*)"
_DIGITS = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_DASH = r"\s*(?:[-–—]|-?(?:to|through|thru|until|till)-?)\s*"


def words_to_number(text: str) -> int | None:
    """"twenty-five" -> 25, "one hundred and twenty" -> 120; None if not a number."""
    total = current = 0
    seen = False
    for word in re.split(r"[\s-]+", text.lower().strip()):
        if word in ("and", ""):
            continue
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word in _SCALES:
            current = max(current, 1) * _SCALES[word]
            if word == "thousand":
                total, current = total + current, 0
        else:
            return None
        seen = True
    return total + current if seen else None


def _number(text: str) -> Decimal | None:
    text = text.strip().lower()
    if re.fullmatch(_DIGITS, text):
        try:
            return Decimal(text.replace(",", ""))
        except InvalidOperation:
            return None
    value = words_to_number(text)
    return None if value is None else Decimal(value)


# ---- money --------------------------------------------------------------------------------

_AMOUNT = rf"(?:{_DIGITS}|{_WORDS})"
_MONEY = re.compile(rf"""
    (?:US\$|\$|USD\s*)\s*(?P<a>{_DIGITS})(?:\s*(?:USD|dollars?))?          # $40, USD 40, $40 USD
  | (?P<c>{_DIGITS})\s*\$                                                 # 40$
  | (?P<b>{_AMOUNT})[\s-]*(?:US\s*dollars?|dollars?|USD|bucks)\b          # 40 dollars, 40.00 USD
        (?:\s+and\s+(?P<cents>\d{{1,2}}|{_WORDS})\s+cents?)?               # ... and 5 cents
  | \b(?:refund|charge|fee|credit|total|cost|price|pay|amount)\w*          # a refund of 120.01
        (?:\s+(?:of|is|was|will\s+be|comes\s+to|back|to))*\s+(?P<d>\d+\.\d{{2}})(?!\d)
        (?!\s*(?:points?|%|percent|lbs?|pounds|kg|miles|km|nights?|days?|hours?)\b)
""", re.IGNORECASE | re.VERBOSE)


@lru_cache(maxsize=512)  # one message is read for many claims
def money_mentions(text: str) -> list[Decimal]:
    found = []
    for m in _MONEY.finditer(text):
        value = _number(m.group("a") or m.group("b") or m.group("c") or m.group("d"))
        if value is None:
            continue
        if m.group("cents"):
            cents = _number(m.group("cents"))
            value += (cents or 0) / 100
        found.append(value.quantize(Decimal("0.01")))
    return found


# ---- dates and ranges ----------------------------------------------------------------------

_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s*(?P<year>\d{4}))?"
_WEEKDAY = r"(?:(?:mon|tues|wed|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|urday)?\.?,?\s+)?"
_DATE_FORMS = [
    re.compile(rf"\b{_WEEKDAY}(?:the\s+)?(?P<day>{_DAY})(?:\s+of)?\s+(?P<month>{_MONTH})\.?\b{_YEAR}", re.I),
    re.compile(rf"\b{_WEEKDAY}(?P<month>{_MONTH})\.?\s+(?:the\s+)?(?P<day>{_DAY})\b{_YEAR}", re.I),
    re.compile(r"\b(?P<year>\d{4})-(?P<month>\d{1,2})-(?P<day>\d{1,2})(?!\d)"),   # also 2025-10-14T14:00:00Z
    re.compile(r"\b(?P<month>\d{1,2})/(?P<day>\d{1,2})(?:/(?P<year>\d{4}|\d{2}))?\b"),
    re.compile(r"\b(?P<day>\d{1,2})\.(?P<month>\d{1,2})\.(?P<year>\d{4})\b"),   # 10.10.2025, day first
]


def _make_date(year: str | None, month: str, day: str, today: date) -> date | None:
    try:
        m = int(month) if month.isdigit() else MONTHS[month.lower().rstrip(".")]
        d = int(re.sub(r"\D", "", day))
        if year:
            y = int(year) + (2000 if len(year) == 2 else 0)
            return date(y, m, d)
        guess = date(today.year, m, d)
        # A date without a year is the coming one: a month well past means next year.
        return guess if guess >= today - timedelta(days=120) else date(today.year + 1, m, d)
    except (ValueError, KeyError):
        return None


@lru_cache(maxsize=512)  # one message is read for many claims
def date_mentions(text: str, today: date) -> list[date]:
    found = []
    for form in _DATE_FORMS:
        for m in form.finditer(text):
            value = _make_date(m.group("year"), m.group("month"), m.group("day"), today)
            if value is not None:
                found.append(value)
    return found + [end for _, end in range_mentions(text, today)]


_RANGE_DASH = rf"(?:{_DASH}|\s+and\s+)"   # "between 10 and 12 October" too
_RANGE_FORMS = [
    # 10 to 12 October (2025) / 10-12 Oct
    re.compile(rf"\b(?P<d1>{_DAY}){_RANGE_DASH}(?:the\s+)?(?P<d2>{_DAY})(?:\s+of)?\s+(?P<month>{_MONTH})\.?\b{_YEAR}",
               re.I),
    # October 10-12 / Oct 10 to 12 / October 10th through the 12th
    re.compile(rf"\b(?P<month>{_MONTH})\.?\s+(?P<d1>{_DAY}){_RANGE_DASH}(?:the\s+)?(?P<d2>{_DAY})\b{_YEAR}", re.I),
]


@lru_cache(maxsize=512)  # one message is read for many claims
def range_mentions(text: str, today: date) -> list[tuple[date, date]]:
    """Ranges written as one phrase ("10 to 12 October"); two full dates in a row
    ("from 10 October to 12 October") are found as dates and paired by the check."""
    found = []
    for form in _RANGE_FORMS:
        for m in form.finditer(text):
            first = _make_date(m.group("year"), m.group("month"), m.group("d1"), today)
            second = _make_date(m.group("year"), m.group("month"), m.group("d2"), today)
            if first and second:
                found.append((first, second))
    return found


def states_range(text: str, start: date, end: date, today: date) -> bool:
    """Whether the text gives the range start..end, as one phrase, or as two dates, the
    start before the end (written either way round: "until 12 October, from 10 October")."""
    if (start, end) in range_mentions(text, today):
        return True
    mentioned = date_mentions(text, today)
    return start in mentioned and end in mentioned


# ---- times, days, counts, identifiers, phrasings -------------------------------------------

_TIME = re.compile(r"""
    \b(?P<h>[01]?\d|2[0-3])(?::(?P<m>[0-5]\d))?\s*(?P<ampm>a\.?m\.?|p\.?m\.?)(?![a-z])
  | (?<![\d:.])(?P<h24>[01]?\d|2[0-3])(?::|h)(?P<m24>[0-5]\d)(?!\d)
  | \b(?P<word>noon|midday|midnight)\b
""", re.IGNORECASE | re.VERBOSE)


@lru_cache(maxsize=512)  # one message is read for many claims
def time_mentions(text: str) -> list[str]:
    """Times as "HH:MM" (24-hour)."""
    found = []
    for m in _TIME.finditer(text):
        if m.group("word"):
            found.append("00:00" if m.group("word").lower() == "midnight" else "12:00")
        elif m.group("h24") is not None:
            found.append(f"{int(m.group('h24')):02d}:{m.group('m24')}")
        else:
            hour = int(m.group("h")) % 12 + (12 if m.group("ampm").lower().startswith("p") else 0)
            found.append(f"{hour:02d}:{m.group('m') or '00'}")
    return found


_DAYS = re.compile(rf"""
    (?:between\s+(?P<c>{_DIGITS}|{_WORDS})\s+and\s+(?P<d>{_DIGITS}|{_WORDS})
     | (?P<a>{_DIGITS}|{_WORDS})(?:{_DASH}(?P<b>{_DIGITS}|{_WORDS}))?)\)?\s+
    (?:(?:business|working|calendar|bank)\s+)?days?\b
""", re.IGNORECASE | re.VERBOSE)


@lru_cache(maxsize=512)  # one message is read for many claims
def days_mentions(text: str) -> list[tuple[int, int]]:
    """Numbers of days or ranges of days as (low, high): "3-5 business days" -> (3, 5)."""
    found = []
    for m in _DAYS.finditer(text):
        first, second = (m.group("c"), m.group("d")) if m.group("c") else (m.group("a"), m.group("b"))
        low, high = _number(first), _number(second) if second else None
        if low is None:
            continue
        high = low if high is None else high
        found.append((int(min(low, high)), int(max(low, high))))
    return found


def count_mentions(text: str, noun: str) -> list[int]:
    """Numbers written before `noun` (or its plural): "2 rooms", "two rooms"."""
    stem = re.escape(noun.lower().rstrip("s"))
    pattern = re.compile(rf"(?P<n>{_DIGITS}|{_WORDS})\s+(?:[\w-]+\s+){{0,2}}{stem}(?:s|es)?\b", re.IGNORECASE)
    return [int(v) for m in pattern.finditer(text) if (v := _number(m.group("n"))) is not None]


def states_identifier(text: str, identifier: str) -> bool:
    """The id itself, case-insensitive, not as part of a longer id ("HB-1" is not in "HB-12")."""
    # A separator in the id may be written as a space or '#' ("RMA 20001", "RMA#20001").
    body = r"[-\s#\u2010-\u2013]?".join(re.escape(part) for part in re.split(r"[-\s#]", identifier))
    pattern = rf"(?<![A-Za-z0-9-]){body}(?![A-Za-z0-9]|-[A-Za-z0-9])"
    return re.search(pattern, text, re.IGNORECASE) is not None


_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')]?\s+|\n+")


def states_phrase(text: str, phrasings: list[str]) -> bool:
    """Whether any phrasing occurs, searched sentence by sentence: a phrasing is about one
    statement, and searching short pieces keeps sentence-scoped patterns (those that look
    around within the sentence) from scanning the whole message at every position."""
    pattern = _any_of(tuple(phrasings))
    return any(pattern.search(sentence) for sentence in _sentences(text))


@lru_cache(maxsize=512)
def _sentences(text: str) -> tuple[str, ...]:
    return tuple(s for s in _SENTENCE_END.split(text) if s) or (text,)


@lru_cache(maxsize=1024)
def _any_of(phrasings: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for a set of phrasings: a message is scanned once, not once per phrasing."""
    return re.compile("|".join(f"(?:{p})" for p in phrasings), re.IGNORECASE)


@dataclass(frozen=True)
class Claim:
    """One value of a typed communication check: what kind it is and its value."""

    kind: str     # money | date | date_range | time | days | count | id | phrase
    value: object
    noun: str = ""   # for counts: what is counted

    def stated_in(self, text: str, today: date) -> bool:
        if self.kind == "money":
            return Decimal(str(self.value)).quantize(Decimal("0.01")) in money_mentions(text)
        if self.kind == "date":
            return date.fromisoformat(str(self.value)) in date_mentions(text, today)
        if self.kind == "date_range":
            start, end = (date.fromisoformat(str(v)) for v in self.value)  # type: ignore[attr-defined]
            return states_range(text, start, end, today)
        if self.kind == "time":
            return str(self.value) in time_mentions(text)
        if self.kind == "days":
            low, high = self.value if isinstance(self.value, (list, tuple)) else (self.value, self.value)
            return (int(low), int(high)) in days_mentions(text)
        if self.kind == "count":
            return int(self.value) in count_mentions(text, self.noun)  # type: ignore[call-overload]
        if self.kind == "id":
            return states_identifier(text, str(self.value))
        if self.kind == "phrase":
            return states_phrase(text, list(self.value))  # type: ignore[call-overload]
        raise ValueError(f"unknown claim kind {self.kind!r}")


# ---- the communication check ----------------------------------------------------------------

def assistant_messages(trajectory: list[dict]) -> list[tuple[int, str]]:
    """(position, text) of every message the agent wrote to the customer."""
    return [(i, e.get("content") or "") for i, e in enumerate(trajectory)
            if e.get("role") == "assistant" and (e.get("content") or "").strip()]


def communication_problems(says: Any, trajectory: list[dict], final_message: str, today: date) -> list[str]:
    """What the agent's messages get wrong against a task's `says` (empty when all is right)."""
    messages = assistant_messages(trajectory)
    everything = "\n".join(text for _, text in messages) or final_message
    problems = []
    stated_in = "\n".join([final_message, everything]) if says.anywhere else final_message
    for spec in says.states:
        if not _claim(spec).stated_in(stated_in, today):
            problems.append(f"does not state the {spec}")
    for spec in says.never_states:
        if _claim(spec).stated_in("\n".join([everything, final_message]), today):
            problems.append(f"states the {spec}, which it must not")
    # The order of messages and calls is known only from a conversation: a world judged on
    # its own (`tb serve`'s verdict without a transcript) cannot tell what came first.
    ordered = any(e.get("role") == "tool" for e in trajectory)
    for spec in says.states_before if ordered else ():
        first_call = next((i for i, e in enumerate(trajectory) if e.get("role") == "tool"
                           and e.get("name") == spec.before and not e.get("is_error")), None)
        said = "\n".join(text for i, text in messages if first_call is None or i < first_call)
        if not _claim(spec).stated_in(said, today):
            problems.append(f"does not state the {spec} before {spec.before}")
    return problems


def _claim(spec: Any) -> Claim:
    value = spec.value
    return Claim(spec.kind, str(value) if spec.kind == "money" else value, spec.noun)


# ---- perturbing a message (for `tb validate`) ------------------------------------------------

def _bump(number: str) -> str:
    """Another number of the same kind: 120.01 -> 121.01, 10th -> 11th, forty -> 41."""
    digits = re.match(r"[\d,]*\d(?:\.\d+)?", number)
    if not digits:
        return "7" if number.strip().lower() != "seven" else "8"
    raw = digits.group(0)
    whole, _, cents = raw.replace(",", "").partition(".")
    bumped = str(int(whole) + 1) + (f".{cents}" if cents else "")
    return bumped + number[len(raw):]


def perturb(text: str, claim: Claim) -> str:
    """`text` with every value of the claim's kind changed to a near miss (a check that
    states the claim must then fail): amounts and counts off by one, days of dates moved,
    times an hour later, the id with its last character changed, phrasings removed."""
    kind = claim.kind
    if kind == "id":
        value = str(claim.value)
        other = value[:-1] + ("0" if value[-1] != "0" else "1")
        return re.sub(re.escape(value), other, text, flags=re.IGNORECASE)
    if kind == "phrase":
        for phrasing in claim.value:  # type: ignore[attr-defined]
            text = re.sub(phrasing, "", text, flags=re.IGNORECASE)
        return text
    groups = {"money": (_MONEY, ("a", "b", "c", "d")), "time": (_TIME, ("h", "h24")),
              "days": (_DAYS, ("a", "b", "c", "d"))}
    patterns: list[tuple[re.Pattern[str], tuple[str, ...]]] = []
    if kind in groups:
        patterns = [groups[kind]]
    elif kind in ("date", "date_range"):
        patterns = [(form, ("day",)) for form in _DATE_FORMS] + [(form, ("d1", "d2")) for form in _RANGE_FORMS]
    elif kind == "count":
        patterns = [(re.compile(rf"(?P<n>{_DIGITS}|{_WORDS})(?=\s+(?:\w+\s+)?\w)", re.I), ("n",))]
    spans: list[tuple[int, int]] = []
    for pattern, names in patterns:
        for m in pattern.finditer(text):
            spans += [m.span(g) for g in names if g in pattern.groupindex and m.group(g)]
    out = text
    for start, end in sorted(set(spans), reverse=True):
        piece = out[start:end]
        if kind in ("date", "date_range"):
            day = int(re.sub(r"\D", "", piece) or 0)
            piece = str(day % 27 + 1) + re.sub(r"^\d+", "", piece)
        elif kind == "time":
            piece = str((int(piece) + 1) % 24)
        else:
            piece = _bump(piece)
        out = out[:start] + piece + out[end:]
    return out
