"""Reading values out of what an agent told the customer, by type, and judging a task's
typed communication checks (`says`) against a whole conversation.

People write each value in many forms, so each kind has a reader that finds every mention
of its type in a message, with where it is, and normalises it:

    money        "$40", "$40.00", "40 dollars", "40.00 USD", "USD 40", "forty dollars"
    date         "10 October", "October 10th", "Oct 10, 2025", "2025-10-10", "10/10/2025"
                 (month/day, as US customers write it; day/month when the first number
                 cannot be a month); a date without a year takes the year of the world's
                 "now" (or the next one, for a month already well past)
    date range   "10 to 12 October", "16-19 March", "October 10-12", "from the 16th to the
                 19th of March", or two dates
    time         "3 pm", "3:00 PM", "15:00", "noon", "midnight"
    days         "3-5 business days", "three to five working days", "within 5 days"
    duration     "29 months", "twenty-nine months", "a 12-month term", "2 weeks"
    percent      "90%", "90 percent", "ninety per cent"
    count        "2 rooms", "two rooms", "three instalments" (a number before its noun or one
                 of the noun's synonyms in the domain's vocabulary)
    identifier   the id itself, case-insensitive, never as part of a longer id
    text         a name or term, whole words, ignoring case and typographic punctuation
    decision     a kind of the domain's decision vocabulary, asserted (see `statements`)
    phrase       regular expressions (kept for older task files; prefer the kinds above)

An amount, date or count may be declared with its role ("refund", "due_date"): it is then
stated only where the value is tied to that role, in the same sentence, by the role's words
nearest to it (the domain's vocabulary names each role's words); a later sentence that ties the
role to other values contradicts it.

Readers find values; they never decide whether a value is right: the check compares.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any, Callable, Iterable

from thinkingbox.contract.vocabulary import CORE_VOCABULARY, Vocabulary, normalize
from thinkingbox.readers.sentences import ASSERTED, HYPOTHETICAL, NEGATED, VALUE_GROUPS, Mention, agrees, asks_to_proceed, decision_mentions, refuses, sentences

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
# Repetitions are bounded so every reader stays linear in the length of a message, however
# hostile: a number is at most six words or fifteen digits long.
_WORDS = rf"(?:\b(?:{_NUMBER_WORD})\b(?:[\s-]+(?:and\s+)?(?:{_NUMBER_WORD})\b){{0,5}})"
_DIGITS = r"(?:\d{1,3}(?:,\d{3}){1,4}|\d{1,15})(?:\.\d{1,4})?"
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


Span = tuple[int, int, Any]   # (start, end, value) of one mention in a text


# ---- money --------------------------------------------------------------------------------

_AMOUNT = rf"(?:{_DIGITS}|{_WORDS})"
_MONEY = re.compile(rf"""
    (?:US\$|\$|USD\s*)\s*(?P<a>{_DIGITS})(?:\s*(?:USD|dollars?))?          # $40, USD 40, $40 USD
  | (?P<c>{_DIGITS})\s*\$                                                 # 40$
  | (?P<b>{_AMOUNT})[\s-]*(?:US\s*dollars?|dollars?|USD|bucks)\b          # 40 dollars, 40.00 USD
        (?:\s+and\s+(?P<cents>\d{{1,2}}|{_WORDS})\s+cents?)?               # ... and 5 cents
  | \b(?:refund|charge|fee|credit|total|cost|price|pay|amount|premium|installment|deductible|balance)\w*
        (?:\s+(?:of|is|was|will\s+be|comes\s+to|back|to|amount|due)){{0,3}}\s+(?P<d>\d+\.\d{{2}})(?!\d)
        (?!\s*(?:points?|%|percent|lbs?|pounds|kg|miles|km|nights?|days?|hours?)\b)
""", re.IGNORECASE | re.VERBOSE)


@lru_cache(maxsize=2048)
def money_spans(text: str) -> tuple[Span, ...]:
    found = []
    for m in _MONEY.finditer(text):
        name = next(g for g in ("a", "b", "c", "d") if m.group(g))
        value = _number(m.group(name))
        if value is None:
            continue
        if m.group("cents"):
            cents = _number(m.group("cents"))
            value += (cents or 0) / 100
        found.append((m.start(name), m.end(), value.quantize(Decimal("0.01"))))
    return tuple(found)


def money_mentions(text: str) -> list[Decimal]:
    """Every amount of money in the text, in order."""
    return [value for _, _, value in money_spans(text)]


# ---- dates and ranges ----------------------------------------------------------------------

_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s*(?P<year>\d{4}))?"
_WEEKDAY = r"(?:(?:mon|tues|tue|wed|thur|thurs|thu|fri|sat|sun)(?:day|nesday|rsday|urday|sday)?\.?,?\s+)?"
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
        if month.isdigit() and m > 12 >= d:
            m, d = d, m   # 16/03/2025: the first number cannot be a month, so it is the day
        if year:
            y = int(year) + (2000 if len(year) == 2 else 0)
            return date(y, m, d)
        guess = date(today.year, m, d)
        # A date without a year is the coming one: a month well past means next year.
        return guess if guess >= today - timedelta(days=120) else date(today.year + 1, m, d)
    except (ValueError, KeyError):
        return None


_RANGE_DASH = rf"(?:{_DASH}|\s+and\s+)"   # "between 10 and 12 October" too
_RANGE_FORMS = [
    # 10 to 12 October (2025) / 16-19 March / the 16th to the 19th of March
    re.compile(rf"\b(?P<d1>{_DAY}){_RANGE_DASH}(?:the\s+)?(?P<d2>{_DAY})(?:\s+of)?\s+(?P<month>{_MONTH})\.?\b{_YEAR}",
               re.I),
    # October 10-12 / Oct 10 to 12 / October 10th through the 12th
    re.compile(rf"\b(?P<month>{_MONTH})\.?\s+(?P<d1>{_DAY}){_RANGE_DASH}(?:the\s+)?(?P<d2>{_DAY})\b{_YEAR}", re.I),
]


@lru_cache(maxsize=2048)
def range_spans(text: str, today: date) -> tuple[Span, ...]:
    """Ranges written as one phrase ("10 to 12 October"), as (start, end, (first, last));
    two full dates ("from 10 October to 12 October") are found as dates and paired by the check."""
    found = []
    for form in _RANGE_FORMS:
        for m in form.finditer(text):
            first = _make_date(m.group("year"), m.group("month"), m.group("d1"), today)
            second = _make_date(m.group("year"), m.group("month"), m.group("d2"), today)
            if first and second:
                found.append((m.start(), m.end(), (first, second)))
    return tuple(found)


def range_mentions(text: str, today: date) -> list[tuple[date, date]]:
    return [value for _, _, value in range_spans(text, today)]


_WEEKDAY_NTH = re.compile(r"\b((?:mon|tues|wednes|thurs|fri|satur|sun)day),?\s+the\s+([12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)\b"
                          r"(?!\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))", re.I)
_NTH_OF_MONTH = re.compile(r"\bthe\s+([12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)\s+of\s+(last|this|next)\s+month\b", re.I)
_WEEKDAYS = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}
_WEEKDAY_BEFORE = re.compile(r"\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s*(?:the\s+)?$", re.I)
# "today", "tomorrow", "this Friday", "on Monday" (a weekday with no date after it): the
# coming one, counted from the world's "now".
_RELATIVE = re.compile(r"\b(?:(?P<word>today|tomorrow)|(?:this|on|coming|next|by)\s+(?P<weekday>(?:mon|tues|wednes|thurs|fri|"
                       r"satur|sun)day)\b(?!,?\s*(?:the\s+)?\d|,?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)))",
                       re.I)


@lru_cache(maxsize=2048)
def date_spans(text: str, today: date) -> tuple[Span, ...]:
    found = []
    for n, form in enumerate(_DATE_FORMS):
        for m in form.finditer(text):
            value = _make_date(m.group("year"), m.group("month"), m.group("day"), today)
            if n == 3:   # "Fri 3/10": the weekday decides between month/day and day/month
                weekday = _WEEKDAY_BEFORE.search(text[max(0, m.start() - 14):m.start()])
                other = _make_date(m.group("year"), m.group("day"), m.group("month"), today)
                if weekday and other and (value is None or value.weekday() != _WEEKDAYS[weekday.group(1).lower()]) \
                        and other.weekday() == _WEEKDAYS[weekday.group(1).lower()]:
                    value = other
            if value is not None:
                found.append((m.start(), m.end(), value))
    for start, end, (first, last) in range_spans(text, today):   # both ends of "16-19 March"
        found += [(start, end, first), (start, end, last)]
    for m in _WEEKDAY_NTH.finditer(text):   # "Wednesday the 11th": the 11th nearest now that is a Wednesday
        weekday, day = _WEEKDAYS[m.group(1)[:3].lower()], int(m.group(2))
        for months in (0, 1, -1, 2):
            year, month = divmod(today.month - 1 + months, 12)
            try:
                value = date(today.year + year, month + 1, day)
            except ValueError:
                continue
            if value.weekday() == weekday:
                found.append((m.start(), m.end(), value))
                break
    for m in _NTH_OF_MONTH.finditer(text):   # "the 20th of last month"
        year, month = divmod(today.month - 1 + {"last": -1, "this": 0, "next": 1}[m.group(2).lower()], 12)
        try:
            found.append((m.start(), m.end(), date(today.year + year, month + 1, int(m.group(1)))))
        except ValueError:
            pass
    for m in _RELATIVE.finditer(text):
        if m.group("word"):
            value = today + timedelta(days=0 if m.group("word").lower() == "today" else 1)
        else:
            ahead = (_WEEKDAYS[m.group("weekday")[:3].lower()] - today.weekday()) % 7
            value = today + timedelta(days=ahead or 7)
        found.append((m.start(), m.end(), value))
    return tuple(sorted(set(found), key=lambda s: (s[0], s[2])))


def date_mentions(text: str, today: date) -> list[date]:
    return [value for _, _, value in date_spans(text, today)]


def states_range(text: str, start: date, end: date, today: date) -> bool:
    """Whether the text gives the range start..end, as one phrase, or as two dates, the
    start before the end (written either way round: "until 12 October, from 10 October")."""
    if (start, end) in range_mentions(text, today):
        return True
    mentioned = date_mentions(text, today)
    return start in mentioned and end in mentioned


# ---- times, days, durations, percents, counts, identifiers, text, phrasings ---------------------

_TIME = re.compile(r"""
    \b(?P<h>[01]?\d|2[0-3])(?::(?P<m>[0-5]\d))?\s*(?P<ampm>a\.?m\.?|p\.?m\.?)(?![a-z])
  | (?<![\d:.])(?P<h24>[01]?\d|2[0-3])(?::|h)(?P<m24>[0-5]\d)(?!\d)
  | \b(?P<word>noon|midday|midnight)\b
""", re.IGNORECASE | re.VERBOSE)


@lru_cache(maxsize=2048)
def time_spans(text: str) -> tuple[Span, ...]:
    found = []
    for m in _TIME.finditer(text):
        if m.group("word"):
            value = "00:00" if m.group("word").lower() == "midnight" else "12:00"
        elif m.group("h24") is not None:
            value = f"{int(m.group('h24')):02d}:{m.group('m24')}"
        else:
            hour = int(m.group("h")) % 12 + (12 if m.group("ampm").lower().startswith("p") else 0)
            value = f"{hour:02d}:{m.group('m') or '00'}"
        found.append((m.start(), m.end(), value))
    return tuple(found)


def time_mentions(text: str) -> list[str]:
    """Times as "HH:MM" (24-hour)."""
    return [value for _, _, value in time_spans(text)]


_DAYS = re.compile(rf"""
    (?:between\s+(?P<c>{_DIGITS}|{_WORDS})\s+and\s+(?P<d>{_DIGITS}|{_WORDS})
     | (?P<a>{_DIGITS}|{_WORDS})(?:{_DASH}(?P<b>{_DIGITS}|{_WORDS}))?)\)?[\s-]+
    (?:(?:business|working|calendar|bank)\s+)?days?\b
""", re.IGNORECASE | re.VERBOSE)


@lru_cache(maxsize=2048)
def days_spans(text: str) -> tuple[Span, ...]:
    found = []
    for m in _DAYS.finditer(text):
        first, second = (m.group("c"), m.group("d")) if m.group("c") else (m.group("a"), m.group("b"))
        low, high = _number(first), _number(second) if second else None
        if low is None:
            continue
        high = low if high is None else high
        found.append((m.start(), m.end(), (int(min(low, high)), int(max(low, high)))))
    return tuple(found)


def days_mentions(text: str) -> list[tuple[int, int]]:
    """Numbers of days or ranges of days as (low, high): "3-5 business days" -> (3, 5)."""
    return [value for _, _, value in days_spans(text)]


UNITS = ("hour", "day", "week", "month", "year")
_DURATION = re.compile(rf"(?P<n>{_DIGITS}|{_WORDS})[\s-]+(?:(?:full|calendar|business|working|whole|complete|"
                       rf"\d+-day)\s+){{0,2}}(?P<u>hour|day|week|month|year)s?\b", re.IGNORECASE)


@lru_cache(maxsize=2048)
def duration_spans(text: str) -> tuple[Span, ...]:
    """Durations as (amount, unit): "twenty-nine months" -> (29, "month")."""
    found = []
    for m in _DURATION.finditer(text):
        value = _number(m.group("n"))
        if value is not None:
            found.append((m.start(), m.end(), (value.normalize(), m.group("u").lower())))
    return tuple(found)


_PERCENT = re.compile(rf"(?P<n>{_DIGITS}|{_WORDS})\s*(?:%|percent\b|per\s+cent\b|pct\b)", re.IGNORECASE)


@lru_cache(maxsize=2048)
def percent_spans(text: str) -> tuple[Span, ...]:
    found = []
    for m in _PERCENT.finditer(text):
        value = _number(m.group("n"))
        if value is not None:
            found.append((m.start(), m.end(), value.normalize()))
    return tuple(found)


@lru_cache(maxsize=1024)
def _count_pattern(nouns: tuple[str, ...]) -> re.Pattern[str]:
    """A number before the noun ("two rooms"), or after it as a figure ("Approvals needed: 2")."""
    stems = "|".join(re.escape(normalize(n).rstrip("s")) for n in nouns)
    return re.compile(rf"(?P<n>{_DIGITS}|{_WORDS})\s+(?:[\w'-]+\s+){{0,2}}?(?:{stems})(?:s|es)?\b"
                      rf"|\b(?:{stems})(?:s|es)?(?:\s+(?:needed|required|left|remaining|in total|total|booked))?\s*[:=]\s*"
                      rf"(?P<m>\d+)\b", re.IGNORECASE)


def count_spans(text: str, nouns: tuple[str, ...]) -> tuple[Span, ...]:
    found = []
    for m in _count_pattern(nouns).finditer(text):
        value = _number(m.group("n") or m.group("m"))
        if value is not None:
            found.append((m.start(), m.end(), int(value)))
    return tuple(found)


def count_mentions(text: str, noun: str, synonyms: Iterable[str] = ()) -> list[int]:
    """Numbers written before `noun`, one of its synonyms, or their plurals: "2 rooms", "two rooms"."""
    return [value for _, _, value in count_spans(text, (noun, *synonyms))]


_NUMBERED_THING = re.compile(r"\b(?:store|shop|room|gate|suite|unit|building|floor|aisle|platform|line|item|step|page|"
                             r"bay|desk|office|route|flight|seat|apartment|apt|no\.?|number|#)\s*$", re.IGNORECASE)


def states_identifier(text: str, identifier: str) -> bool:
    """The id itself, case-insensitive, not as part of a longer id ("HB-1" is not in "HB-12")."""
    # A separator in the id may be written as a space or '#' ("RMA 20001", "RMA#20001").
    if identifier.isdigit():
        # A number as an id: not inside an amount, a time or a size ("46-inch"), not the number
        # of a named thing ("store 46"); its digits may be spaced ("7-3-5-0").
        for m in _identifier_pattern(identifier).finditer(text):
            if not _NUMBERED_THING.search(text[:m.start()]):
                return True
        return False
    return _identifier_pattern(identifier).search(text) is not None


@lru_cache(maxsize=4096)
def _identifier_pattern(identifier: str) -> re.Pattern[str]:
    """states_identifier's pattern for an id, compiled once (re's own cache holds 512
    patterns, fewer than the ids and terms of a run's tasks)."""
    if identifier.isdigit():
        body = r"[-\s.]?".join(identifier)
        return re.compile(rf"(?<![\w$:.,-]){body}(?![\w]|[.,:]\d|-[a-z])", re.IGNORECASE)
    body = r"[-\s#\u2010-\u2013]?".join(re.escape(part) for part in re.split(r"[-\s#]", identifier))
    return re.compile(rf"(?<![A-Za-z0-9-]){body}(?![A-Za-z0-9]|-[A-Za-z0-9])", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _words(text: str) -> str:
    return " ".join(_WORD.findall(normalize(text).replace("-", " ")))


_WORD = re.compile(r"[\w$.%/]+")


def states_text(text: str, alternatives: Iterable[str]) -> bool:
    """Any of the names or terms, as whole words (a hyphen read as a space, the last word maybe
    plural), after normalising both sides."""
    pattern = _terms_pattern(tuple(alternatives))
    return pattern is not None and pattern.search(_words(text)) is not None


@lru_cache(maxsize=4096)
def _terms_pattern(alternatives: tuple[str, ...]) -> re.Pattern[str] | None:
    """One pattern for all the alternatives: the text is scanned once, not once for each."""
    terms = [re.escape(words) for words in map(_words, alternatives) if words]
    return re.compile(rf"(?<![\w])(?:{'|'.join(terms)})(?:s|es)?(?![\w])") if terms else None


_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')]?\s+|\n+")


def states_phrase(text: str, phrasings: list[str]) -> bool:
    """Whether any phrasing occurs, searched sentence by sentence (in the text as written and
    normalised, so a phrasing written for either form is found)."""
    pattern = _any_of(tuple(phrasings))
    return any(pattern.search(s) for s in (*_sentences(text), *sentences(text)))


@lru_cache(maxsize=512)
def _sentences(text: str) -> tuple[str, ...]:
    return tuple(s for s in _SENTENCE_END.split(text) if s) or (text,)


@lru_cache(maxsize=1024)
def _any_of(phrasings: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for a set of phrasings: a message is scanned once, not once per phrasing."""
    return re.compile("|".join(f"(?:{p})" for p in phrasings), re.IGNORECASE)


# ---- one claim ---------------------------------------------------------------------------------

VALUE_KINDS = ("money", "date", "date_range", "time", "days", "duration", "percent", "count")


@dataclass(frozen=True)
class Claim:
    """One value of a typed communication check: its kind, its value, and for values its
    role ("refund"); for counts, the noun counted; for decisions, what it is about and why."""

    kind: str     # money | date | date_range | time | days | duration | percent | count | id | text | decision | phrase
    value: object
    noun: str = ""
    role: str = ""
    about: tuple[str, ...] = ()
    because: tuple[str, ...] = ()
    answer: bool = False   # a decision given as an answer: general or hypothetical wording counts

    def values_in(self, text: str, today: date, vocabulary: Vocabulary = CORE_VOCABULARY) -> tuple[Span, ...]:
        """The mentions of this claim's kind in `text`, with their spans (value kinds only)."""
        if self.kind == "money":
            return money_spans(text)
        if self.kind == "date":
            return date_spans(text, today)
        if self.kind == "date_range":
            return range_spans(text, today) + _paired_dates(text, today)
        if self.kind == "time":
            return time_spans(text)
        if self.kind == "days":
            return days_spans(text)
        if self.kind == "duration":
            return duration_spans(text)
        if self.kind == "percent":
            return percent_spans(text)
        if self.kind == "count":
            return count_spans(text, (self.noun, *vocabulary.nouns.get(self.noun, ())))
        raise ValueError(f"{self.kind} is not a value kind")

    def matches(self, value: Any) -> bool:
        """Whether a value read from a message is this claim's value."""
        kind = self.kind
        if kind == "money":
            return value == Decimal(str(self.value)).quantize(Decimal("0.01"))
        if kind == "date":
            return value == date.fromisoformat(str(self.value))
        if kind == "date_range":
            return value == tuple(date.fromisoformat(str(v)) for v in self.value)  # type: ignore[attr-defined]
        if kind == "time":
            return value == str(self.value)
        if kind == "days":
            low, high = self.value if isinstance(self.value, (list, tuple)) else (self.value, self.value)
            return value == (int(low), int(high))
        if kind == "duration":
            amount, unit = self.value  # type: ignore[misc]
            return value == (Decimal(str(amount)).normalize(), str(unit).rstrip("s").lower())
        if kind == "percent":
            return value == Decimal(str(self.value)).normalize()
        if kind == "count":
            return value == int(self.value)  # type: ignore[call-overload]
        raise ValueError(f"{kind} is not a value kind")

    def stated_in(self, text: str, today: date, vocabulary: Vocabulary = CORE_VOCABULARY) -> bool:
        """Whether one text states the claim (a value anywhere in it, whatever its role)."""
        if self.kind in VALUE_KINDS:
            text = normalize(text)
            if self.kind == "date_range":
                start, end = (date.fromisoformat(str(v)) for v in self.value)  # type: ignore[attr-defined]
                return states_range(text, start, end, today)
            return any(self.matches(v) for _, _, v in self.values_in(text, today, vocabulary))
        if self.kind == "id":
            return states_identifier(text, str(self.value))
        if self.kind == "text":
            return states_text(text, list(self.value))  # type: ignore[call-overload]
        if self.kind == "phrase":
            return states_phrase(text, list(self.value))  # type: ignore[call-overload]
        if self.kind == "decision":
            return decision_stance(self, (text,), vocabulary)[0]
        raise ValueError(f"unknown claim kind {self.kind!r}")


def _paired_dates(text: str, today: date) -> tuple[Span, ...]:
    """Two dates in one sentence as a range ("from 10 October to 12 October")."""
    dates = [s for s in date_spans(text, today)]
    return tuple((a[0], b[1], (a[2], b[2])) for i, a in enumerate(dates) for b in dates[i + 1:] if a[2] < b[2])


# ---- roles: which value a sentence gives for which role -------------------------------------------

_INCLUDED = re.compile(r"\b(?:including|includes|inclusive of|of which|incl\.?)\s+(?:the|a|an|your)?\s*\$?\s*$")
_NEGATED_VALUE = re.compile(r"\b(?:not|instead of|rather than|no longer|never)\s*$")
_DEDUCTION = re.compile(r"\b(?:after|minus|less|net of|excluding|deducting|once)\s+(?:\S+\s+){0,3}$")
# "If it were still sealed you'd get $179.00 back": a value in a counterfactual clause is not given.
_COUNTERFACTUAL = re.compile(r"\bif\b[^,;]{0,60}\b(?:were|had been|had)\b")


def _about_near(sentence: str, start: int, end: int, about: tuple[str, ...], previous_end: int, next_start: int
                ) -> bool:
    """Whether one of `about`'s words names the value: a few words before it, or right after
    it, with no other value or "and" between ("the TV: $40", "$40 for the TV")."""
    head = sentence[max(previous_end, start - 80):start]
    tail = re.split(r"[,;]|\b(?:and|or|but)\b", sentence[end:min(next_start, end + 80)])[0]
    before = " ".join(re.findall(r"[\w'$.]+", head)[-5:])
    after = " ".join(re.findall(r"[\w'$.]+", tail)[:4])
    return _near(about, before) or _near(about, after)


def _roles_of(sentence: str, start: int, end: int, cues: list[tuple[int, int, str]], previous_end: int,
              next_start: int) -> set[str]:
    """The roles a value at sentence[start:end] is tied to: the role words just before it (a
    few words, no other value between: "refunded $40", "the limit is $60", "refunded what you
    paid: $1,349") and those just after it in the same phrase ("$40 back", "$82.40 you claimed", "the $99 fee is refunded"); else
    the role words further back in the same phrase; none when no role's words are that close."""
    def words(a: int, b: int) -> int:
        return len(re.findall(r"[\w']+", sentence[a:b]))

    before = [c for c in cues if previous_end <= c[1] <= start and words(c[1], start) <= 4]
    after = [c for c in cues if end <= c[0] <= next_start and words(end, c[0]) <= 3
             and not re.search(r"[,;:(]|\b(?:and|or|but|so|which|because|as)\b", sentence[end:c[0]])]
    roles = {c[2] for c in after}
    if before:
        # The nearest role words before it; what the customer paid or claimed only describes the
        # amount, so the role words before those count too ("refunded what you paid: $1,349").
        ordered = sorted(before, key=lambda c: -c[1])
        roles.add(ordered[0][2])
        if ordered[0][2] in _DESCRIPTIVE and len(ordered) > 1:
            roles.add(ordered[1][2])
    if not roles:
        # The subject further back in the same phrase: "your premium for the rest of the term
        # would be $188.46" (not across punctuation: "... fee of $34.83 (opened), that's $197.37").
        subject = [c for c in cues if previous_end <= c[1] <= start and not re.search(r"[,;:()]", sentence[c[1]:start])]
        if subject:
            roles.add(max(subject, key=lambda c: c[1])[2])
        else:   # "$220.00, which I've charged to your card": the verb later in the phrase
            later = [c for c in cues if end <= c[0] <= next_start and not re.search(r"[;:()]|\b(?:and|but)\b",
                                                                                   sentence[end:c[0]])]
            if later:
                roles.add(min(later, key=lambda c: c[0])[2])
    return roles


# Between two values given in one breath: "$499.00 for the console and $299.00 for the monitor".
_COORDINATED = re.compile(r"^[^,;:$]{0,40}?(?:,|\band\b|\bor\b|\bplus\b|\bto\b|\()\s*(?:the\s+)?(?:us\$|\$|usd\s*)?$")

_RESULT = re.compile(r"(?:[:=]|\bthat is|\bwhich (?:is|comes to)|\bcomes to|\bleaving|\bleaves|\bso|\bgiving)\s*"
                     r"(?:us\$|\$|usd\s*)?$")
_COMPUTATION = re.compile(r"\b(?:minus|less|plus|deducting|after|times|of)\b")
_DESCRIPTIVE = {"paid", "claimed"}   # roles that describe an amount rather than say what it is for

_CLAUSE_BREAK = re.compile(r",?\s+(?:but|however|although|though|whereas|while|instead)\b|,\s+(?:yet|so)\b|\s*;\s*"
                           r"|\s+-\s+")


def _clause_bounds(sentence: str) -> list[tuple[int, int]]:
    """(start, end) of each clause of a sentence, cut where its stance may change."""
    cuts = [0, *[m.start() for m in _CLAUSE_BREAK.finditer(sentence)], len(sentence)]
    return list(zip(cuts, cuts[1:]))


def _clause_before(sentence: str, start: int) -> str:
    """The text of the sentence before `start`, back to the last clause boundary (or a few
    hundred characters)."""
    head = sentence[max(0, start - 300):start]
    cut = max(head.rfind(";"), head.rfind(" but "), head.rfind(" - "))
    return head[cut + 1:]


@lru_cache(maxsize=4096)
def _role_cues(pattern: re.Pattern[str], sentence: str) -> tuple[tuple[int, int, int], ...]:
    """(start, end, role index) of each role's words in a sentence: the same for every claim
    of a kind, and a trial checks several claims over the same messages."""
    return tuple((c.start(), c.end(), int(c.lastgroup[1:].split("_")[0]))  # type: ignore[index]
                 for c in pattern.finditer(sentence))


# role_bindings' answers by (messages, kind, noun, about, today, vocabulary): a trial checks
# several claims of one kind over the same messages (2.5 calls per answer over the oracle's
# trials). The vocabulary (unhashable) is keyed by identity and kept in the entry, so that
# its id cannot be reused while the entry lives.
_BINDINGS: dict[tuple[Any, ...], tuple[Vocabulary, tuple[tuple[int, str, list[Any]], ...]]] = {}


def role_bindings(messages: tuple[str, ...], claim: Claim, today: date, vocabulary: Vocabulary
                  ) -> tuple[tuple[int, str, list[Any]], ...]:
    """(message index, role, values) for every sentence that ties values of the claim's kind to
    a role (see `_role_bindings`); the answer is shared: never change it."""
    key = (messages, claim.kind, claim.noun, claim.about, today, id(vocabulary))
    hit = _BINDINGS.get(key)
    if hit is not None and hit[0] is vocabulary:
        return hit[1]
    bindings = tuple(_role_bindings(messages, claim, today, vocabulary))
    if len(_BINDINGS) >= 2048:
        _BINDINGS.clear()
    _BINDINGS[key] = (vocabulary, bindings)
    return bindings


def _role_bindings(messages: tuple[str, ...], claim: Claim, today: date, vocabulary: Vocabulary
                   ) -> list[tuple[int, str, list[Any]]]:
    """(message index, role, values) for every sentence that ties values of the claim's kind to
    a role: each value goes to the role whose words are nearest to it in its sentence (a
    value in a sentence with no role words takes the role of the sentence before, in the same
    message: "Your refund is on its way. Amount: $40."). A value right after "not" or
    "instead of" is tied to nothing."""
    pattern, names = vocabulary.role_pattern(VALUE_GROUPS[claim.kind])
    out = []
    for m, message in enumerate(messages):
        carried = None
        for sentence in sentences(message):
            cues = [(start, end, names[index]) for start, end, index in _role_cues(pattern, sentence)]
            # "including the $15 shipping": a part named inside another amount takes no role.
            values = tuple(v for v in claim.values_in(sentence, today, vocabulary)
                           if not _INCLUDED.search(sentence[max(0, v[0] - 30):v[0]]))
            if not values:   # (most sentences: only their role words matter, for the next one)
                carried = cues[-1][2] if cues else None
                continue
            # "$152.15 after the restocking fee": a role's words after "after", "minus" or
            # "less" name what was taken off, not the value before them.
            deducted = {c[0] for c in cues if _DEDUCTION.search(sentence[max(0, c[0] - 40):c[0]])}
            cue_starts = [c[0] for c in cues]   # in order: the pattern finds them left to right
            bounds = _clause_bounds(sentence)
            bound: dict[str, list[Any]] = {}
            spans = [(a, b) for a, b, _ in values]
            placed: list[set[str]] = []          # the roles of the values before this one
            last_roles: set[str] = set()
            outer_end, outer_roles = 0, set()   # the last value outside parentheses
            opened = closed = scanned = 0
            for n, (start, end, value) in enumerate(values):
                if _NEGATED_VALUE.search(sentence[max(0, start - 30):start]) \
                        or _COUNTERFACTUAL.search(_clause_before(sentence, start)):
                    placed.append(set())
                    continue
                previous_end = spans[n - 1][1] if n else 0
                next_start = spans[n + 1][0] if n + 1 < len(spans) else len(sentence)
                if claim.about and not _about_near(sentence, start, end, claim.about, previous_end, next_start):
                    placed.append(set())
                    continue
                # Only the words of the value's own clause ("lists at $3,200, but the course costs
                # you $2,900": "costs" is not the list price's role), and only those near it.
                low, high = next(((a, b) for a, b in bounds if a <= start < b), (0, len(sentence)))
                low, high = max(low, start - 200), min(high, end + 200)
                window = cues[bisect_left(cue_starts, low):bisect_left(cue_starts, high)]
                near = [c for c in window if not (c[0] in deducted and c[0] >= end)]
                roles = _roles_of(sentence, start, end, near, previous_end, next_start)
                first_start = spans[0][0]
                if n and (_RESULT.search(sentence[previous_end:start]) or (
                        re.search(r",\s*(?:us\$|\$|usd\s*)?$", sentence[previous_end:start])
                        and _COMPUTATION.search(sentence[first_start:start]))):
                    # "the full $580.00 minus the $15 service fee: $565.00": the result of a sum
                    # is what the sum is of (the first amount's role).
                    first = (placed[0] if placed else set()) - _DESCRIPTIVE - {""}
                    roles = (roles | first) if first else roles   # ("what you paid, less fees: $X" is no payment)
                if not roles and n and _COORDINATED.match(sentence[previous_end:start]):
                    roles = set(last_roles) - {""}   # "refunded $499 for the console and $299 for the monitor"
                if not roles and n and outer_end != previous_end and \
                        _COORDINATED.match(re.sub(r"\([^()]{0,80}\)", "", sentence[outer_end:start])):
                    roles = set(outer_roles) - {""}   # "$1,349 for the TV (after its $150 discount) and $399 ..."
                if not roles:
                    roles = {carried} if carried and not cues else {""}
                last_roles = roles
                placed.append(roles)
                opened += sentence.count("(", scanned, start)   # counted once, as values come in order
                closed += sentence.count(")", scanned, start)
                scanned = start
                if opened <= closed:   # not inside parentheses
                    outer_end, outer_roles = end, roles
            # "The full $368.99 you paid is refunded": what was paid is also the refund when its
            # clause refunds and gives the refund no other value.
            paid_at = [c[0] for c in cues if c[2] == "paid"]   # in order, as cues are
            for (start, end), roles in zip(spans, placed):
                if roles != {"paid"}:
                    continue
                i = bisect_left(paid_at, end)
                if i == len(paid_at) or paid_at[i] > end + 12:
                    continue
                low, high = next(((a, b) for a, b in bounds if a <= start < b), (0, len(sentence)))
                if any(c[2] == "refund" for c in cues if low <= c[0] < high) and \
                        not any("refund" in r for (a, _), r in zip(spans, placed) if low <= a < high):
                    roles.add("refund")
            for (_, _, value), roles in zip(values, placed):
                for role in roles:
                    bound.setdefault(role, []).append(value)
            out += [(m, role, values) for role, values in bound.items()]
            carried = cues[-1][2] if cues else None
    return out


_CORRECTION = re.compile(r"\b(?:correction|let me correct|i need to correct|to correct (?:that|myself)|i misread|"
                         r"i mis-?spoke|i was wrong|my mistake|i made a mistake|sorry,? (?:i meant|that should be|"
                         r"that was wrong)|scratch that|actually,? wait)\b")


def corrected(message: str, claim: Claim, today: date, vocabulary: Vocabulary) -> str:
    """A message as it finally stands: after a correction ("Actually, wait, I need to correct
    that: ..."), only what follows it, when a value of the claim's kind follows it."""
    text = normalize(message)
    marks = list(_CORRECTION.finditer(text))
    if marks and claim.kind in VALUE_KINDS and claim.values_in(text[marks[-1].end():], today, vocabulary):
        return text[marks[-1].end():]
    return message


def states_value(messages: tuple[str, ...], claim: Claim, today: date, vocabulary: Vocabulary) -> bool:
    """Whether the messages state the claim: for a value with a role, the last sentence that
    ties the role to a value gives this one; without a role, any mention of it."""
    # A later message that corrects a value ("Quick correction: ...") retracts the earlier ones;
    # within a message, what follows a correction replaces what came before it.
    for n in range(len(messages) - 1, 0, -1):
        if _CORRECTION.search(normalize(messages[n])) and claim.values_in(normalize(messages[n]), today, vocabulary):
            messages = messages[n:]
            break
    messages = tuple(corrected(m, claim, today, vocabulary) for m in messages)
    if not claim.role:
        if claim.about:   # "the TV's refund": a value named with what it is for
            return any(any(claim.matches(v) for v in values) for _, _, values in
                       role_bindings(messages, claim, today, vocabulary))
        return any(claim.stated_in(message, today, vocabulary) for message in messages)
    bindings = role_bindings(messages, claim, today, vocabulary)
    tied = [(m, values) for m, role, values in bindings if role == claim.role]
    if tied:
        # The last message that gives the role a value decides (a correction or recap wins);
        # within one message every value it gives the role counts (a refund per returned item).
        last = tied[-1][0]
        return any(claim.matches(v) for m, values in tied if m == last for v in values)
    # Nothing names the role: the value given on its own, with no other role's words near it,
    # is read as this one ("That's USD 3,200. Shall I book it?" gives the course's cost).
    return any(role == "" and any(claim.matches(v) for v in values) for _, role, values in bindings)


def mentions_value(messages: tuple[str, ...], claim: Claim, today: date, vocabulary: Vocabulary) -> bool:
    """Whether any message mentions the value (in its role, when it has one): for never-states."""
    if not claim.role:
        return any(claim.stated_in(message, today, vocabulary) for message in messages)
    return any(role in (claim.role, "") and any(claim.matches(v) for v in values)
               for _, role, values in role_bindings(messages, claim, today, vocabulary))


# ---- decisions ------------------------------------------------------------------------------------

def _near(words: tuple[str, ...], text: str) -> bool:
    return not words or any(re.search(rf"\b{re.escape(normalize(w))}", text) for w in words)


def decision_stance(claim: Claim, messages: tuple[str, ...], vocabulary: Vocabulary) -> tuple[bool, str]:
    """Whether the messages, read in order, end up asserting the claim's decision, and if not
    why. An assertion of the kind states it; a negation of it, or an assertion of a contrary
    kind, takes it back (until a later assertion). With `about`, only sentences that name (or
    follow a sentence that names) one of its words count; with `because`, the message that
    asserts it must give the reason's words."""
    kind = str(claim.value)
    if kind not in vocabulary.decisions:
        raise ValueError(f"unknown decision kind {kind!r}")
    contrary = vocabulary.contraries(kind)
    accepted = {ASSERTED, HYPOTHETICAL} if claim.answer else {ASSERTED}
    state, why = False, "it is never stated"
    negations = {name for name, d in vocabulary.decisions.items() if d.negation == kind}
    for mention in decision_mentions(messages, vocabulary):
        if mention.kind in negations and mention.stance == NEGATED:   # "I haven't refunded it": no refund
            mention = Mention(kind, ASSERTED, mention.message, mention.sentence, mention.text)
        elif mention.kind != kind and mention.kind not in contrary:
            continue
        if claim.about:
            # What it is about: named in its sentence (or, for the decision itself, a
            # neighbouring one: "I can't apply that code. Price adjustments are ...").
            near = _near(claim.about, mention.text)
            if not near and mention.kind == kind:
                around = sentences(messages[mention.message])[max(0, mention.sentence - 1):mention.sentence + 2]
                near = any(_near(claim.about, s) for s in around)
            if not near:
                continue
        if mention.kind == kind and mention.stance in accepted:
            if not claim.because or _near(claim.because, normalize(messages[mention.message])):
                state, why = True, ""
            elif not state:
                why = "it is stated without its reason"
        elif mention.kind == kind and mention.stance == NEGATED:
            state, why = False, f"it is negated: \"{mention.text}\""
        elif mention.kind in contrary and mention.stance == ASSERTED:
            state, why = False, f"a contrary decision ({mention.kind}) is stated: \"{mention.text}\""
    return state, why


def asserts_decision(claim: Claim, messages: tuple[str, ...], vocabulary: Vocabulary) -> bool:
    """Whether any message asserts the decision (for never-states)."""
    kind = str(claim.value)
    return any(m.kind == kind and m.stance == ASSERTED and (not claim.about or _near(claim.about, m.text))
               for m in decision_mentions(messages, vocabulary))


# ---- the communication check ------------------------------------------------------------------------

def assistant_messages(trajectory: list[dict]) -> list[tuple[int, str]]:
    """(position, text) of every message the agent wrote to the customer."""
    return [(i, e.get("content") or "") for i, e in enumerate(trajectory)
            if e.get("role") == "assistant" and (e.get("content") or "").strip()]


def claim_of(spec: Any) -> Claim:
    """The reader's claim for a task's claim (`thinkingbox.contract.tasks.Claim`)."""
    value = spec.value
    if spec.kind == "money":
        value = str(value)
    elif spec.kind in ("text", "phrase"):
        value = tuple(value)
    elif spec.kind in ("date_range", "duration") or (spec.kind == "days" and isinstance(value, list)):
        value = tuple(value)
    return Claim(spec.kind, value, spec.noun, getattr(spec, "role", "") or "", tuple(getattr(spec, "about", ()) or ()),
                 tuple(getattr(spec, "because", ()) or ()), bool(getattr(spec, "answer", False)))


_claim = claim_of   # the name `tb validate` used


def claim_states(claim: Claim, messages: tuple[str, ...], today: date, vocabulary: Vocabulary) -> tuple[bool, str]:
    """Whether the messages state the claim, and if not, a short reason."""
    if claim.kind == "decision":
        return decision_stance(claim, messages, vocabulary)
    if claim.kind in VALUE_KINDS:
        if states_value(messages, claim, today, vocabulary):
            return True, ""
        if claim.role and mentions_value(messages, claim, today, vocabulary):
            return False, f"a later message gives the {claim.role.replace('_', ' ')} another value"
        if claim.role and any(claim.stated_in(m, today, vocabulary) for m in messages):
            return False, f"the value is not tied to the {claim.role.replace('_', ' ')}"
        return False, ""
    return any(claim.stated_in(m, today, vocabulary) for m in messages), ""


def claim_mentioned(claim: Claim, messages: tuple[str, ...], today: date, vocabulary: Vocabulary) -> bool:
    """Whether any message states the claim (for never-states: any single mention counts)."""
    if claim.kind == "decision":
        return asserts_decision(claim, messages, vocabulary)
    if claim.kind in VALUE_KINDS:
        return mentions_value(messages, claim, today, vocabulary)
    return any(claim.stated_in(m, today, vocabulary) for m in messages)


@dataclass
class Conversation:
    """A conversation as the communication check reads it: the agent's messages with their
    positions, the customer's messages, and the first successful call of each tool."""

    agent: list[tuple[int, str]]
    customer: list[tuple[int, str]]
    first_call: dict[str, int]
    ordered: bool   # whether calls are known (a world judged without a transcript has none)

    @classmethod
    def of(cls, trajectory: list[dict], final_message: str = "") -> "Conversation":
        agent = assistant_messages(trajectory)
        if final_message and (not agent or agent[-1][1].strip() != final_message.strip()):
            if not any(final_message.strip() in text for _, text in agent[-1:]):
                agent.append((len(trajectory), final_message))
        customer = [(i, e.get("content") or "") for i, e in enumerate(trajectory)
                    if e.get("role") == "user" and i > 0 and (e.get("content") or "").strip()]
        first_call: dict[str, int] = {}
        for i, e in enumerate(trajectory):
            # (a call whose answer a tool fault lost was carried out all the same: "applied")
            if e.get("role") == "tool" and (not e.get("is_error") or e.get("applied")):
                first_call.setdefault(e.get("name", ""), i)
        return cls(agent, customer, first_call, any(e.get("role") == "tool" for e in trajectory))

    def said_before(self, position: int | None) -> tuple[str, ...]:
        return tuple(text for i, text in self.agent if position is None or i < position)


def said_values(claim: Claim, messages: tuple[str, ...], today: date, vocabulary: Vocabulary = CORE_VOCABULARY,
                limit: int = 3) -> list[str]:
    """The values of the claim's kind the messages give, as written (for people: "expected the
    refund $279.00; the agent said $237.15"); empty for kinds that are not values."""
    if claim.kind not in VALUE_KINDS or claim.kind == "date_range":
        return []
    said: list[str] = []
    for message in messages:
        text = normalize(message)
        for start, end, found in claim.values_in(text, today, vocabulary):
            if claim.kind == "money" and isinstance(found, Decimal):
                value = f"${found:,.2f}"
            elif claim.kind == "date" and isinstance(found, date):
                value = found.isoformat()
            else:
                value = " ".join(text[start:end].split())
            if value and value not in said:
                said.append(value)
    return said[:limit]


def communication_problems(says: Any, trajectory: list[dict], final_message: str, today: date,
                           vocabulary: Vocabulary = CORE_VOCABULARY, private: Callable[[str], list[str]] | None = None
                           ) -> list[str]:
    """What the agent's messages get wrong against a task's `says` (empty when all is right).

    Every agent message counts, in order. `private` lists the stored values the domain's
    policy forbids telling the customer that occur in a text (see `Vocabulary.never_tell`)."""
    talk = Conversation.of(trajectory, final_message)
    messages = tuple(text for _, text in talk.agent)
    problems = []
    # A policy that asks for the outcome at the end is judged on the final message alone.
    summary = messages[-1:] if vocabulary.closing_summary else messages
    for spec in says.states:
        claim = claim_of(spec)
        ok, why = claim_states(claim, summary, today, vocabulary)
        if not ok:
            said = said_values(claim, summary, today, vocabulary)
            problems.append(f"does not state the {spec}" + (" in the final message" if vocabulary.closing_summary
                                                             else "") + (f" ({why})" if why else "")
                            + (f"; the agent said {', '.join(said)}" if said else ""))
    for spec in says.never_states:
        if claim_mentioned(claim_of(spec), messages, today, vocabulary):
            problems.append(f"states the {spec}, which it must not")
    if private is not None:
        told = private("\n".join(messages))
        if told:
            problems.append(f"tells the customer internal data: {', '.join(told[:5])}")
    # The order of messages and calls is known only from a conversation: a world judged on
    # its own (`tb serve`'s verdict without a transcript) cannot tell what came first.
    if not talk.ordered:
        return problems
    for spec in says.states_before:
        said = talk.said_before(talk.first_call.get(spec.before))
        ok, why = claim_states(claim_of(spec), said, today, vocabulary)
        if not ok:
            problems.append(f"does not state the {spec} before {spec.before}" + (f" ({why})" if why else ""))
    for agreement in getattr(says, "agreement", ()):
        problem = agreement_problem(agreement.before, says, talk, today, vocabulary)
        if problem:
            problems.append(problem)
    return problems


def agreement_problem(tool: str, says: Any, talk: Conversation, today: date, vocabulary: Vocabulary) -> str:
    """Whether the customer agreed after hearing what `tool` would do (every states_before
    value for it stated) and before its first successful call; empty when so."""
    call = talk.first_call.get(tool)
    if call is None:
        return ""   # never called: the state check judges whether it should have been
    needed = [claim_of(s) for s in says.states_before if s.before == tool]
    told_at = None
    for n, (position, _) in enumerate(talk.agent):
        if position > call:
            break
        said = tuple(text for _, text in talk.agent[:n + 1])
        if all(claim_states(c, said, today, vocabulary)[0] for c in needed):
            told_at = position
            break
    if told_at is None:
        return f"does not tell the customer what {tool} means before asking for agreement"
    # The customer's last word on it before the call decides: a yes to a request to go ahead
    # (not to some other question), or a refusal or withdrawal.
    agreed = False
    for position, text in talk.customer:
        if not told_at < position < call:
            continue
        # What the yes answers: the agent's latest question before it (an answer to the
        # customer's own question in between asks nothing, so the proposal still stands).
        asked = next((t for i, t in reversed(talk.agent) if i < position and ("?" in t or asks_to_proceed(t))), "")
        if agrees(text) and asks_to_proceed(asked):
            agreed = True
        elif refuses(text):
            agreed = False
    if not agreed:
        return f"calls {tool} without the customer's agreement after being told what it means"
    return ""


# ---- data the policy forbids telling --------------------------------------------------------------

_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.@-]*[A-Za-z0-9]|[A-Za-z0-9]")


@dataclass
class Private:
    """The stored values a domain's policy forbids telling the customer, in one world."""

    ids: dict[str, str]       # value (lower case) -> label
    dates: dict[date, str]    # date -> label
    today: date

    def told(self, text: str) -> list[str]:
        """The forbidden values a text tells, each with its label ("TCK-5001 (internal ticket id)")."""
        found = []
        for token in _TOKEN.findall(text):
            label = self.ids.get(token.lower())
            if label and f"{token} ({label})" not in found:
                found.append(f"{token} ({label})")
        if self.dates:
            for value in date_mentions(normalize(text), self.today):
                label = self.dates.get(value)
                if label and f"{value.isoformat()} ({label})" not in found:
                    found.append(f"{value.isoformat()} ({label})")
        return found


def private_values(vocabulary: Vocabulary, snapshot: Any, schema: Any, today: date, said_by_customer: str = "",
                   allowed: Iterable[str] = ()) -> Private:
    """Every stored value a domain's policy forbids telling the customer (`Vocabulary.never_tell`)
    in a world's snapshot, less `allowed` ids (those the task requires the agent to state)
    and ids the customer said first (repeating a customer's own words leaks nothing), unless
    the rule forbids reading them back."""
    ids: dict[str, str] = {}
    dates: dict[date, str] = {}
    heard = {t.lower() for t in _TOKEN.findall(said_by_customer)}
    allowed = {a.lower() for a in allowed}
    for rule in vocabulary.never_tell:
        if rule.table not in schema.tables:
            continue
        index = schema.tables[rule.table].columns.index(rule.column)
        for row in snapshot.get(rule.table, {}).values():
            value = row[index]
            if not isinstance(value, str) or not value:
                continue
            if rule.kind == "date":
                try:
                    dates[date.fromisoformat(value[:10])] = rule.label
                except ValueError:
                    pass
            elif value.lower() not in allowed and (rule.read_back or value.lower() not in heard):
                ids[value.lower()] = rule.label
    return Private(ids, dates, today)


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


def perturb(text: str, claim: Claim, vocabulary: Vocabulary = CORE_VOCABULARY) -> str:
    """`text` with every value of the claim's kind changed to a near miss (a check that
    states the claim must then fail): amounts and counts off by one, days of dates moved,
    times an hour later, the id with its last character changed, names and phrasings
    removed, a decision negated."""
    kind = claim.kind
    if kind == "id":
        value = str(claim.value)
        other = value[:-1] + ("0" if value[-1] != "0" else "1")
        return re.sub(re.escape(value), other, text, flags=re.IGNORECASE)
    if kind == "phrase":
        for phrasing in claim.value:  # type: ignore[attr-defined]
            text = re.sub(phrasing, "", text, flags=re.IGNORECASE)
        return text
    if kind == "text":
        for alternative in claim.value:  # type: ignore[attr-defined]
            text = re.sub(re.escape(alternative), "someone", text, flags=re.IGNORECASE)
        return text
    if kind == "decision":   # every sentence that states the decision (in any way) left out
        if str(claim.value) not in vocabulary.decisions:
            return text
        bare = Claim("decision", claim.value, answer=claim.answer)   # whatever it is about, and why
        return " ".join(s for s in sentences(text) if not decision_stance(bare, (s,), vocabulary)[0])
    groups = {"money": (_MONEY, ("a", "b", "c", "d")), "time": (_TIME, ("h", "h24")),
              "days": (_DAYS, ("a", "b", "c", "d")), "duration": (_DURATION, ("n",)), "percent": (_PERCENT, ("n",))}
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
    if kind in ("date", "date_range"):   # relative dates move too: "tomorrow", "this Friday"
        text = re.sub(r"\b(?:today|tomorrow)\b", "in ten days", text, flags=re.IGNORECASE)
        text = re.sub(r"\b(mon|tues|wednes|thurs|fri|satur|sun)day\b",
                      lambda m: {"mon": "tues", "tues": "wednes", "wednes": "thurs", "thurs": "fri", "fri": "satur",
                                 "satur": "sun", "sun": "mon"}[m.group(1).lower()] + "day", text, flags=re.IGNORECASE)
        spans = []
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
