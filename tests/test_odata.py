import pytest

from thinkingbox.kit.odata import FilterError, compile_filter, parse_orderby, parse_select, sort_rows

FIELDS = {"id": "text", "status": "text", "priority": "text", "count": "number", "vip": "bool",
          "tags": "list", "due_at": "text"}
ROWS = [
    {"id": "1", "status": "open", "priority": "high", "count": 3, "vip": True, "tags": ["a"], "due_at": None},
    {"id": "2", "status": "solved", "priority": "low", "count": 0, "vip": False, "tags": [], "due_at": "2025-10-02T00:00:00Z"},
    {"id": "3", "status": "hold", "priority": "normal", "count": 7, "vip": False, "tags": [], "due_at": "2025-09-01T00:00:00Z"},
    {"id": "4", "status": "open", "priority": "low", "count": 1, "vip": True, "tags": [], "due_at": None},
]


def ids(text):
    pred = compile_filter(text, FIELDS)
    return [r["id"] for r in ROWS if pred(r)]


@pytest.mark.parametrize("text, expected", [
    ("status eq 'open'", ["1", "4"]),
    ("status ne 'open'", ["2", "3"]),
    ("count gt 1", ["1", "3"]),
    ("count ge 1", ["1", "3", "4"]),
    ("count lt 1", ["2"]),
    ("count le 1", ["2", "4"]),
    ("vip eq true", ["1", "4"]),
    ("vip eq false", ["2", "3"]),
    ("due_at eq null", ["1", "4"]),
    ("due_at ne null", ["2", "3"]),
    ("due_at gt '2025-09-15T00:00:00Z'", ["2"]),
    ("status eq 'open' and priority eq 'low'", ["4"]),
    ("status eq 'hold' or priority eq 'high'", ["1", "3"]),
    ("status eq 'open' and (priority eq 'high' or priority eq 'normal')", ["1"]),
    ("not status eq 'open'", ["2", "3"]),
    ("not (status eq 'open' or status eq 'hold')", ["2"]),
    ("STATUS eq 'open'".replace("STATUS", "status") + " AND count gt 2", ["1"]),
    ("id eq 'it''s'", []),
])
def test_valid_filters(text, expected):
    assert ids(text) == expected


@pytest.mark.parametrize("text, message", [
    ("contains(status, 'op')", "not supported"),
    ("status in ('open', 'hold')", "not supported"),
    ("count add 1 eq 2", "not supported"),
    ("tags/any(t: t eq 'a')", "expected an operator"),
    ("due_at gt 2025-10-01T00:00:00Z", "quoted"),
    ("status eq open", "quote"),
    ("status eq 1", "holds text"),
    ("count eq '1'", "holds number"),
    ("tags eq 'a'", "is a list"),
    ("nosuch eq 'x'", "unknown field"),
    ("status eq", "ends too early"),
    ("(status eq 'open'", "ends too early"),
    ("status eq 'open')", "unexpected"),
    ("status 'open'", "expected an operator"),
    ("", "empty"),
    ("count gt null", "null can only"),
    ("status eq 'open' and", "ends too early"),
    ("'open' eq status", "expected a field name"),
])
def test_invalid_filters_are_errors_not_match_all(text, message):
    with pytest.raises(FilterError) as err:
        compile_filter(text, FIELDS)
    assert message in str(err.value)


@pytest.mark.parametrize("text", [
    "(" * 5000 + "status eq 'open'" + ")" * 5000,
    "not " * 500 + "status eq 'open'",
    "status eq 'open' or " * 400 + "status eq 'x'",
    "x" * 100_000,
    "status eq 'open'; DROP TABLE tickets; --",
    "__import__('os').system('echo hi')",
    "status eq '\x00' or 1 eq 1",
])
def test_hostile_filters_are_rejected_quickly(text):
    with pytest.raises(FilterError):
        compile_filter(text, FIELDS)


def test_orderby_and_select():
    rows = sort_rows([dict(r) for r in ROWS], parse_orderby("priority asc, count desc", FIELDS))
    assert [r["id"] for r in rows] == ["1", "4", "2", "3"]
    rows = sort_rows([dict(r) for r in ROWS], parse_orderby("due_at desc", FIELDS))
    assert [r["id"] for r in rows] == ["2", "3", "1", "4"]
    assert parse_select("id, status", FIELDS) == ["id", "status"]
    with pytest.raises(FilterError, match="unknown field"):
        parse_orderby("nosuch desc", FIELDS)
    with pytest.raises(FilterError, match="asc"):
        parse_orderby("status sideways", FIELDS)
    with pytest.raises(FilterError, match="unknown field"):
        parse_select("id,password", FIELDS)
