"""A safe evaluator for the OData `$filter` subset the ticketing tools accept.

Supported:  field eq|ne|gt|ge|lt|le literal, combined with and / or / not and parentheses.
Literals:   'text' (a quote inside is written ''), integers, decimals, true, false, null.
Everything else (functions such as contains(), `in`, arithmetic, lambdas, unquoted
dates) is rejected with an error that says what is supported; nothing is ever matched
silently. The filter is parsed into Python closures over a row dict: no SQL, no eval.
"""
from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, Callable

MAX_FILTER_LENGTH = 2000
MAX_DEPTH = 32
SUPPORTED = ("supported: field eq|ne|gt|ge|lt|le value, joined with and/or/not and parentheses; "
             "text values in single quotes, e.g. status eq 'open' and priority ne 'low'")

Predicate = Callable[[dict[str, Any]], bool]


class FilterError(ValueError):
    """An invalid or unsupported filter; the message is meant for the agent."""


_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<string>'(?:[^']|'')*')
  | (?P<number>-?\d+(?:\.\d+)?(?![\w:-]))
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<lparen>\()
  | (?P<rparen>\))
  | (?P<punct>[,/:;*+=<>!&|])
""", re.VERBOSE)

_COMPARE = {
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b,
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
}
_KEYWORDS = {"and", "or", "not", "true", "false", "null", *_COMPARE}
_UNSUPPORTED_WORDS = {"in", "has", "add", "sub", "mul", "div", "mod", "any", "all"}


def _tokenize(text: str) -> list[tuple[str, str, int]]:
    tokens, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            snippet = text[pos:pos + 20]
            hint = " (dates and times must be quoted)" if re.match(r"\d{4}-\d{2}", snippet) else ""
            raise FilterError(f"unexpected {snippet!r} at position {pos}{hint}; {SUPPORTED}")
        kind = m.lastgroup or ""
        if kind != "ws":
            tokens.append((kind, m.group(), pos))
        pos = m.end()
    return tokens


class _Parser:
    def __init__(self, text: str, fields: dict[str, str]):
        self.tokens = _tokenize(text)
        self.i = 0
        self.fields = fields  # field -> kind: "text" | "number" | "bool" | "list" | "any"

    def peek(self) -> tuple[str, str, int] | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> tuple[str, str, int]:
        token = self.peek()
        if token is None:
            raise FilterError(f"the filter ends too early; {SUPPORTED}")
        self.i += 1
        return token

    def word(self, token: tuple[str, str, int] | None) -> str | None:
        return token[1].lower() if token and token[0] == "name" else None

    def parse(self) -> Predicate:
        if not self.tokens:
            raise FilterError(f"the filter is empty; {SUPPORTED}")
        pred = self.or_expr(0)
        extra = self.peek()
        if extra is not None:
            kind, text, pos = extra
            raise FilterError(f"unexpected {text!r} at position {pos}; {SUPPORTED}")
        return pred

    def or_expr(self, depth: int) -> Predicate:
        parts = [self.and_expr(depth)]
        while self.word(self.peek()) == "or":
            self.take()
            parts.append(self.and_expr(depth))
        return parts[0] if len(parts) == 1 else (lambda row: any(p(row) for p in parts))

    def and_expr(self, depth: int) -> Predicate:
        parts = [self.not_expr(depth)]
        while self.word(self.peek()) == "and":
            self.take()
            parts.append(self.not_expr(depth))
        return parts[0] if len(parts) == 1 else (lambda row: all(p(row) for p in parts))

    def not_expr(self, depth: int) -> Predicate:
        if depth > MAX_DEPTH:
            raise FilterError(f"the filter is nested too deeply (more than {MAX_DEPTH} levels)")
        if self.word(self.peek()) == "not":
            self.take()
            inner = self.not_expr(depth + 1)
            return lambda row: not inner(row)
        return self.primary(depth)

    def primary(self, depth: int) -> Predicate:
        kind, text, pos = self.take()
        if kind == "lparen":
            inner = self.or_expr(depth + 1)
            closing = self.take()
            if closing[0] != "rparen":
                raise FilterError(f"expected ')' at position {closing[2]}; {SUPPORTED}")
            return inner
        if kind != "name" or text.lower() in _KEYWORDS:
            raise FilterError(f"expected a field name at position {pos}, found {text!r}; {SUPPORTED}")
        nxt = self.peek()
        if nxt and nxt[0] == "lparen":
            raise FilterError(f"functions such as {text}() are not supported; {SUPPORTED}")
        if text.lower() in _UNSUPPORTED_WORDS:
            raise FilterError(f"{text!r} is not supported; {SUPPORTED}")
        field = text
        if field not in self.fields:
            raise FilterError(f"unknown field {field!r}; fields: {', '.join(sorted(self.fields))}")
        op_token = self.take()
        op = self.word(op_token)
        if op not in _COMPARE:
            if op in _UNSUPPORTED_WORDS or (op_token[0] == "name" and (after := self.peek()) is not None and after[0] == "lparen"):
                raise FilterError(f"{op_token[1]!r} is not supported; {SUPPORTED}")
            raise FilterError(f"expected an operator (eq, ne, gt, ge, lt, le) after {field!r} "
                              f"at position {op_token[2]}, found {op_token[1]!r}")
        value = self.literal(field)
        compare = _COMPARE[op]
        if value is None:
            if op not in ("eq", "ne"):
                raise FilterError(f"null can only be compared with eq or ne (field {field!r})")
            return (lambda row: row.get(field) is None) if op == "eq" else (lambda row: row.get(field) is not None)

        def predicate(row: dict[str, Any]) -> bool:
            actual = row.get(field)
            if actual is None:
                return op == "ne"
            if isinstance(actual, Decimal):  # money: compare the number the agent sees
                actual = float(actual)
            try:
                return compare(actual, value)
            except TypeError:
                return False

        return predicate

    def literal(self, field: str) -> Any:
        kind, text, pos = self.take()
        expected = self.fields[field]
        if expected == "list":
            raise FilterError(f"{field!r} is a list and cannot be filtered on; read the items and look at it")
        if kind == "string":
            value: Any = text[1:-1].replace("''", "'")
            found = "text"
        elif kind == "number":
            value = float(text) if "." in text else int(text)
            found = "number"
        elif kind == "name" and text.lower() in ("true", "false"):
            value = text.lower() == "true"
            found = "bool"
        elif kind == "name" and text.lower() == "null":
            return None
        else:
            hint = " (quote text and dates: 'like this')" if kind == "name" else ""
            raise FilterError(f"expected a value at position {pos}, found {text!r}{hint}")
        if expected != "any" and found != expected:
            example = f"'{value}'" if expected == "text" else ("true" if expected == "bool" else "42")
            raise FilterError(f"{field!r} holds {expected} values, but {text} is {found}; "
                              f"write it like {field} eq {example}")
        return value


def compile_filter(text: str, fields: dict[str, str]) -> Predicate:
    """Parse `text` into a predicate over row dicts whose fields are described by `fields`."""
    if len(text) > MAX_FILTER_LENGTH:
        raise FilterError(f"the filter is longer than {MAX_FILTER_LENGTH} characters")
    return _Parser(text, fields).parse()


def parse_orderby(text: str, fields: dict[str, str]) -> list[tuple[str, bool]]:
    """'field [asc|desc], ...' -> [(field, descending)]."""
    keys = []
    for part in text.split(","):
        words = part.split()
        if not words or len(words) > 2 or (len(words) == 2 and words[1].lower() not in ("asc", "desc")):
            raise FilterError(f"invalid orderby {part.strip()!r}; write 'field asc' or 'field desc'")
        if words[0] not in fields:
            raise FilterError(f"cannot order by unknown field {words[0]!r}; fields: {', '.join(sorted(fields))}")
        keys.append((words[0], len(words) == 2 and words[1].lower() == "desc"))
    return keys


def sort_rows(rows: list[dict[str, Any]], keys: list[tuple[str, bool]]) -> list[dict[str, Any]]:
    """Stable multi-key sort; nulls first in ascending order."""
    for field, descending in reversed(keys):
        rows.sort(key=lambda r: (r.get(field) is not None, _sortable(r.get(field))), reverse=descending)
    return rows


def _sortable(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, (list, dict)):
        return str(value)
    return value


def parse_select(text: str, fields: dict[str, str]) -> list[str]:
    chosen = [f.strip() for f in text.split(",") if f.strip()]
    unknown = [f for f in chosen if f not in fields]
    if unknown:
        raise FilterError(f"cannot select unknown field(s) {', '.join(unknown)}; fields: {', '.join(sorted(fields))}")
    return chosen
