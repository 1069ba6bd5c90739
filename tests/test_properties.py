"""Property-based tests of hostile inputs (issue 15): tool arguments of every installed
domain, filter expressions, policy queries, task files and trial records. Whatever comes
in, the answer is a result, or a clear error for whoever sent it (a tool error for the
agent, a TaskError naming the file and field, a ValueError for a record); never a crash,
an "internal error" or a traceback, and a failed tool call changes nothing.

Examples are derandomized (the same ones on every run) and no example database is kept.
A failing example found here is kept as an explicit `@example` or regression test.
"""
from __future__ import annotations

import asyncio
import copy
import functools
import math
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from helpers import world_content
from thinkingbox.engine.discovery import installed_domains
from thinkingbox.contract.errors import TaskError
from thinkingbox.kit.odata import MAX_DEPTH, FilterError, compile_filter, parse_orderby, parse_select, sort_rows
from thinkingbox.contract.tasks import load_task_file, load_tasks
from thinkingbox.testing import call_tool, load_domain, new_world

pytestmark = pytest.mark.domains("retail")


def checked(max_examples: int):
    """Deterministic, example-database-free settings sized for the suite's time budget."""
    return settings(max_examples=max_examples, deadline=None, derandomize=True, database=None, print_blob=False,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture, HealthCheck.large_base_example])


# ---- hostile values ------------------------------------------------------------------

# Text JSON can carry: every code point but lone surrogates, with the awkward ones on purpose.
SPECIAL_TEXT = [
    "", " ", "\x00", "a\x00b", "\t\n\r", "\u200b", "\u200d", "\u200e", "\u200f", "\u202e", "\u2066", "\ufeff",
    "\ufffd", "\U0010ffff", "שלום עולם", "مرحبا", "日本語", "👍🏽", "👨\u200d👩\u200d👧", "🏳️\u200d🌈", "e\u0301",
    "ß", "İ", "'", "''", '"', "\\", "%", "_", "*", "?", "' OR '1'='1", "'; DROP TABLE orders; --",
    "inf", "-inf", "nan", "NaN", "Infinity", "1e309", "-0", "0", "-1", "null", "None", "true", "{}", "[]",
    "../../etc/passwd", "${x}", "{0}", "%s", "2026-02-30", "2026-13-01T25:61:00Z", "9999-12-31", "0000-00-00",
]
text_chars = st.characters(exclude_categories=("Cs",))  # lone surrogates cannot travel in JSON
short_text = st.text(text_chars, max_size=24)


@functools.cache
def huge_text(piece: str) -> str:
    return piece * (100_000 // len(piece))


huge_texts = st.sampled_from(["x", "é", "👍", "\u200f", "\x00", "'"]).map(huge_text)
integers = st.integers() | st.sampled_from([2**63 - 1, 2**63, -(2**63) - 1, 2**64, 10**30, -(10**30), 10**400])
floats = st.floats() | st.sampled_from([math.inf, -math.inf, math.nan, 1e308, -1e308, 5e-324, -0.0])
non_finite_strings = st.sampled_from(["inf", "-inf", "+inf", "nan", "NaN", "Infinity", "-Infinity", "1e309",
                                      "-1e309", "1e-400", " 12 ", "1_000", "0x10", "12.5.3"])
json_scalars = st.none() | st.booleans() | integers | floats | short_text | st.sampled_from(SPECIAL_TEXT)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(short_text, inner, max_size=3), max_leaves=6)


def texts(pool: list[str]) -> st.SearchStrategy[str]:
    """Strings an agent might send: values from the world (ids, dates, names), awkward
    characters, and mixtures of both."""
    piece = st.sampled_from(pool) | st.sampled_from(SPECIAL_TEXT) | short_text
    return st.one_of(st.sampled_from(pool), st.sampled_from(pool), st.lists(piece, min_size=1, max_size=4).map("".join),
                     st.sampled_from(SPECIAL_TEXT), huge_texts)


plain_numbers = st.integers(-5, 500) | st.decimals(-5, 500, places=2).map(float)


def typed(schema: dict[str, Any], pool: list[str], keys: list[str], plain: bool = False,
          columns: dict[str, list[str]] | None = None) -> st.SearchStrategy[Any]:
    """Values of a JSON schema's type, with every hostile value that type admits (only
    ordinary ones if `plain`); text comes from `pool` (the values the world holds for the
    argument) most of the time."""
    if "anyOf" in schema:
        return st.one_of([typed(s, pool, keys, plain, columns) for s in schema["anyOf"]])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if kind == "string":
        return st.sampled_from(pool) if plain else texts(pool)
    if kind == "integer":
        return plain_numbers.map(int) if plain else st.one_of(plain_numbers.map(int), integers)
    if kind == "number":
        return plain_numbers if plain else st.one_of(plain_numbers, integers, floats)
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "array":
        return st.lists(typed(schema.get("items", {}), pool, keys, plain), max_size=3)
    if kind == "object":  # e.g. a record's fields: a column's own values, or anything at all
        columns = columns or {}

        def field(key: str) -> st.SearchStrategy[tuple[str, Any]]:
            own = st.sampled_from(columns[key]) if columns.get(key) else st.sampled_from(pool)
            return st.tuples(st.just(key), own if plain else st.one_of(own, own, json_values, integers, huge_texts))

        known = st.lists(st.sampled_from(keys).flatmap(field), max_size=5).map(dict)
        return known if plain else known | st.dictionaries(short_text, json_values, max_size=3)
    return json_values


def hostile(schema: dict[str, Any], pool: list[str], keys: list[str],
            columns: dict[str, list[str]] | None = None) -> st.SearchStrategy[Any]:
    """Any JSON value at all, a number written as text, a huge string, or the type's own
    hostile values."""
    return st.one_of(typed(schema, pool, keys, False, columns), json_values, non_finite_strings, huge_texts)


@st.composite
def arguments(draw, schema: dict[str, Any], pools: dict[str, list[str]], keys: list[str],
              columns: dict[str, list[str]]) -> dict[str, Any]:
    """A tool's arguments: each property present or missing, typed or hostile, plus
    unknown keys now and then. One call in three has ordinary values only."""
    required = set(schema.get("required", []))
    clean = draw(st.integers(0, 2)) == 0
    args: dict[str, Any] = {}
    for name, prop in schema.get("properties", {}).items():
        modes = ["typed"] * 5 + ["hostile", "missing"] if name in required else ["typed"] * 2 + ["hostile", "missing"]
        mode = ("plain" if name in required else draw(st.sampled_from(["plain", "missing"]))) if clean \
            else draw(st.sampled_from(modes))
        if mode != "missing":
            pool = pools[name]
            args[name] = draw(hostile(prop, pool, keys, columns) if mode == "hostile"
                              else typed(prop, pool, keys, mode == "plain", columns))
    if not clean and draw(st.integers(0, 9)) == 0:
        args.update(draw(st.dictionaries(short_text | st.sampled_from(keys), json_values, min_size=1, max_size=2)))
    return args


def leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in (k, *leaves(v))]
    if isinstance(value, (list, tuple)):
        return [leaf for v in value for leaf in leaves(v)]
    return [value]


# ---- the worlds of every installed domain ----------------------------------------------

DOMAINS = sorted(installed_domains())


@functools.cache
def tool_schemas(name: str) -> dict[str, dict[str, Any]]:
    """Each tool's JSON input schema, as the agent is shown it (MCP tools/list)."""
    domain = load_domain(name)
    return {t["name"]: t["input_schema"] for t in asyncio.run(domain.list_tool_schemas())}


@functools.cache
def world_vocabulary(name: str, task_id: str | None = None) -> tuple[list[str], list[str], dict[str, list[str]]]:
    """What a task's world holds (default: the first task's): every short string in it
    (ids, emails, dates, statuses), the names of its tables and columns, and the values
    of each column (`table.`: the table's keys)."""
    domain = load_domain(name)
    snapshot = asyncio.run(domain.prepare(domain.task(task_id or min(domain.tasks)))).initial
    by_column: dict[str, set[str]] = {}
    for table, rows in snapshot.items():
        info = domain.schema.tables[table]
        for row in rows.values():
            for column, value in zip(info.columns, row):
                found = leaves(_json_or_none(value)) if isinstance(value, str) and value[:1] in "[{" else [value]
                by_column.setdefault(column, set()).update(v for v in found if isinstance(v, str) and 0 < len(v) <= 60)
                if column == info.pk and isinstance(value, str):
                    by_column.setdefault(f"{table}.", set()).add(value)
    keys = sorted({*domain.schema.tables, *(c for t in domain.schema.tables.values() for c in t.columns)})
    pool = sorted({v for values in by_column.values() for v in values}) + keys
    by_column["(dates)"] = {v for v in pool if re.match(r"\d{4}-\d{2}-\d{2}", v)}
    return pool, keys, {column: sorted(values) for column, values in by_column.items()}


@functools.cache
def tool_description(name: str, tool: str) -> str:
    return next(t["description"] for t in asyncio.run(load_domain(name).list_tool_schemas()) if t["name"] == tool)


@functools.cache
def argument_sources(name: str, tool: str) -> dict[str, tuple[list[str], bool, list[str]]]:
    """Where each argument of a tool finds its likely values (see `argument_pools`): the
    columns to take values from, whether dates fit, and the words the description says."""
    domain = load_domain(name)
    description = tool_description(name, tool)
    words = sorted(set(re.findall(r"[A-Za-z_][A-Za-z0-9_.-]*", description)))
    sources = {}
    for arg in tool_schemas(name)[tool].get("properties", {}):
        stem = re.sub(r"_(id|reference|ref|code)$", "", arg)
        columns = [arg] + [f"{table}." for table in domain.schema.tables if stem in table]
        said = re.search(rf"^\s*{arg}: (.*)$", description, re.MULTILINE)
        if said:
            named = re.findall(r"[A-Za-z_][A-Za-z0-9_.-]*", said.group(1))
        elif arg == "table":  # the tables the description names, or else every table
            named = sorted(set(domain.schema.tables) & set(words)) or sorted(domain.schema.tables)
        else:
            named = []
        dated = bool(re.search(r"time|date|check_in|check_out|_for$|_at$", arg))
        sources[arg] = (columns, dated, named or words)
    return sources


@functools.cache
def argument_pools(name: str, task_id: str, tool: str) -> dict[str, list[str]]:
    """For each argument of a tool, the values it most likely takes in a task's world:
    those of a column of the same name, the keys of a table named after it (`order_id`:
    orders), dates for dates, or else the words the tool's description says about it
    ("table: tickets, users, ..."), so that generated calls get past "not found" into the
    tool's own checks."""
    pool, _, by_column = world_vocabulary(name, task_id)
    pools = {}
    for arg, (columns, dated, words) in argument_sources(name, tool).items():
        values = {v for column in columns for v in by_column.get(column, ())}
        if dated:
            values.update(by_column.get("(dates)", ()))
        pools[arg] = sorted(values) or words or pool
    return pools


@functools.cache
def described_fields(name: str, tool: str) -> list[str]:
    """The columns a tool's description names (the fields of the records it takes)."""
    _, keys, _ = world_vocabulary(name)
    return sorted(set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", tool_description(name, tool))) & set(keys)) or keys


def _json_or_none(text: str) -> Any:
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return None


@functools.cache
def sample_tasks(name: str, count: int = 24) -> list[str]:
    """Tasks spread over all of a domain's task ids (their worlds are computed once)."""
    ids = sorted(load_domain(name).tasks)
    return ids[::max(1, len(ids) // count)]


TOOLS = [pytest.param(name, tool, id=f"{name}-{tool}") for name in DOMAINS for tool in sorted(tool_schemas(name))]


class RecordingConnection:
    """A world's connection that records the SQL text of every statement it runs."""

    def __init__(self, conn: Any):
        self._conn, self.statements = conn, []

    def execute(self, sql: str, *params: Any) -> Any:
        self.statements.append(sql)
        return self._conn.execute(sql, *params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


def assert_clear_tool_result(result: Any) -> None:
    assert isinstance(result.text, str)
    assert "internal error" not in result.text.lower(), result.text[:500]
    assert "Traceback" not in result.text, result.text[:500]
    if result.is_error:
        assert result.text.strip(), "an error with no message"


@pytest.mark.parametrize("domain_name, tool", TOOLS)
@pytest.mark.slow
def test_any_tool_arguments_give_a_result_or_a_clear_error_that_changes_nothing(domain_name, tool):
    domain = load_domain(domain_name)
    schema = tool_schemas(domain_name)[tool]
    keys = described_fields(domain_name, tool)
    task_ids = sample_tasks(domain_name)

    @checked(max_examples=30)
    @given(data=st.data())
    def check(data):
        task_id = data.draw(st.sampled_from(task_ids), label="task")
        columns = world_vocabulary(domain_name, task_id)[2]
        args = data.draw(arguments(schema, argument_pools(domain_name, task_id, tool), keys, columns), label="args")
        world = new_world(domain, task_id)
        try:
            world.conn = recorder = RecordingConnection(world.conn)
            before = world_content(world)
            result = call_tool(domain, world, tool, **args)
            assert_clear_tool_result(result)
            if result.is_error:
                assert world_content(world) == before, f"{tool} failed but changed the world: {result.text[:300]}"
            # Values are always bound parameters: no statement carries text an agent sent.
            for sql in recorder.statements:
                assert "'" not in sql and "\x00" not in sql and sql.isascii(), sql[:300]
        finally:
            world.close()

    check()


# ---- filter expressions (the OData subset of the help-desk tools) ------------------------

FIELDS = {"status": "text", "priority": "text", "amount": "number", "count": "number", "open": "bool",
          "tags": "list", "extra": "any", "created_at": "text"}
ROWS = [
    {"status": "open", "priority": "high", "amount": Decimal("12.50"), "count": 3, "open": True, "tags": ["a"],
     "extra": {"k": 1}, "created_at": "2026-01-02T10:00:00Z"},
    {"status": None, "priority": "", "amount": None, "count": -1, "open": False, "tags": [], "extra": "x",
     "created_at": None},
    {"status": "o'neil", "priority": "\x00", "amount": Decimal("-0.01"), "count": 10**30, "open": None,
     "tags": None, "extra": None, "created_at": "2026-01-03"},
    {},
]
OPERATORS = ["eq", "ne", "gt", "ge", "lt", "le"]


def literal_for(kind: str) -> st.SearchStrategy[str]:
    text = short_text.map(lambda s: "'" + s.replace("'", "''") + "'")
    number = (st.integers(-10**6, 10**6).map(str)
              | st.decimals(-10**6, 10**6, places=2, allow_nan=False, allow_infinity=False).map(str))
    boolean = st.sampled_from(["true", "false", "TRUE", "False"])
    return {"text": text | st.just("null"), "number": number | st.just("null"), "bool": boolean | st.just("null"),
            "any": text | number | boolean}[kind]


@st.composite
def comparison(draw) -> str:
    field = draw(st.sampled_from(sorted(f for f, kind in FIELDS.items() if kind != "list")))
    value = draw(literal_for(FIELDS[field]))
    op = draw(st.sampled_from(["eq", "ne"] if value == "null" else OPERATORS))
    return f"{field} {draw(st.sampled_from([op, op.upper()]))} {value}"


valid_filters = st.recursive(
    comparison(),
    lambda inner: st.tuples(inner, st.sampled_from(["and", "or", "AND"]), inner).map(" ".join)
    | inner.map(lambda e: f"not ({e})") | inner.map(lambda e: f"({e})"),
    max_leaves=6)

FILTER_WORDS = [*FIELDS, *OPERATORS, "and", "or", "not", "(", ")", "'open'", "'it''s'", "'", "''", "42", "-1.5",
                "1e5", "true", "false", "null", "contains(status,'o')", "in", "has", "any", "add", ",", "/", ":",
                "2026-01-02", "'2026-01-02'", "$filter=", "--", ";", "*", "=", "==", "&&", "||", "unknown_field",
                "\x00", "\u200f", "👍", "٣"]


@st.composite
def near_valid_filters(draw) -> str:
    """A valid filter with a few tokens dropped, repeated, swapped or inserted."""
    words = draw(valid_filters).split(" ")
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(words)))
        action = draw(st.sampled_from(["drop", "insert", "repeat", "cut"]))
        if action == "drop" and words:
            del words[min(i, len(words) - 1)]
        elif action == "insert":
            words.insert(i, draw(st.sampled_from(FILTER_WORDS)))
        elif action == "repeat" and words:
            words.insert(i, words[min(i, len(words) - 1)])
        elif action == "cut":
            text = " ".join(words)
            words = [text[:draw(st.integers(0, len(text)))]]
    return " ".join(words)


def assert_filter_outcome(text: str) -> None:
    try:
        predicate = compile_filter(text, FIELDS)
    except FilterError as exc:
        assert str(exc).strip()
        return
    for row in ROWS:
        assert predicate(row) in (True, False)


@checked(max_examples=300)
@given(text=st.text(text_chars, max_size=80) | st.lists(st.sampled_from(FILTER_WORDS), max_size=12).map(" ".join))
@example(text="(" * (MAX_DEPTH + 5) + "status eq 'open'" + ")" * (MAX_DEPTH + 5))
@example(text="not " * 400 + "status eq 'open'")
@example(text="status eq 'open'" * 200)
@example(text="count eq 99999999999999999999999999999999999999")
@example(text="amount gt 1" + "0" * 400)
@example(text="\x00")
@pytest.mark.slow
def test_any_filter_text_is_a_predicate_or_a_filter_error(text):
    assert_filter_outcome(text)


@checked(max_examples=200)
@given(text=near_valid_filters())
@pytest.mark.slow
def test_a_damaged_filter_is_a_predicate_or_a_filter_error(text):
    assert_filter_outcome(text)


@checked(max_examples=150)
@given(text=valid_filters)
def test_every_well_formed_filter_parses(text):
    predicate = compile_filter(text, FIELDS)
    assert all(predicate(row) in (True, False) for row in ROWS)


@checked(max_examples=150)
@given(orderby=st.text(text_chars, max_size=40) | st.lists(st.sampled_from([*FIELDS, "asc", "desc", ",", " "]),
                                                           max_size=6).map(" ".join),
       select=st.text(text_chars, max_size=40) | st.lists(st.sampled_from([*FIELDS, ","]), max_size=6).map("".join))
def test_any_orderby_and_select_is_a_list_or_a_filter_error(orderby, select):
    try:
        keys = parse_orderby(orderby, FIELDS)
    except FilterError as exc:
        assert str(exc).strip()
    else:
        sort_rows([dict(r) for r in ROWS], keys)
    try:
        chosen = parse_select(select, FIELDS)
    except FilterError as exc:
        assert str(exc).strip()
    else:
        assert set(chosen) <= set(FIELDS)


def test_the_filter_language_builds_no_sql():
    """The filter is evaluated in Python over rows already read: nothing of it is SQL."""
    import thinkingbox.kit.odata as odata

    source = Path(odata.__file__).read_text()
    assert "sqlite" not in source and "execute(" not in source and "eval(" not in source
    # And through a domain's tool: the filter's text reaches no statement.
    name = next(d for d in DOMAINS if "helpdesk_get_items" in tool_schemas(d))
    domain = load_domain(name)
    world = new_world(domain)
    try:
        world.conn = recorder = RecordingConnection(world.conn)
        for text in ["status eq 'zq9marker' or subject ne 'x''; DROP TABLE tickets; --'", "zq9marker eq 1",
                     "id eq 'zq9marker'"]:
            result = call_tool(domain, world, "helpdesk_get_items", table="tickets", filter=text,
                               orderby="created_at desc", select="id,status")
            assert_clear_tool_result(result)
        assert recorder.statements and not any("zq9marker" in sql for sql in recorder.statements)
    finally:
        world.close()


# ---- policy search ------------------------------------------------------------------------

@pytest.mark.parametrize("domain_name", [d for d in DOMAINS if "search_policy" in tool_schemas(d)])
def test_any_policy_query_gives_ranked_sections_or_a_clear_error(domain_name):
    domain = load_domain(domain_name)
    world = new_world(domain)

    @checked(max_examples=60)
    @given(query=texts(["refund", "return window", "fee", "cancel", "policy", "a.5", "1.5.2"]),
           max_results=st.none() | integers)
    def check(query, max_results):
        args = {"query": query} if max_results is None else {"query": query, "max_results": max_results}
        result = call_tool(domain, world, "search_policy", **args)
        assert_clear_tool_result(result)
        if not result.is_error:
            assert len(result.data["results"]) <= 10
            assert all(math.isfinite(hit["score"]) for hit in result.data["results"])

    try:
        check()
    finally:
        world.close()


# ---- task files -------------------------------------------------------------------------

@functools.cache
def real_task_file(name: str) -> dict[str, Any]:
    """The first task file of a domain, as JSON."""
    domain = load_domain(name)
    path = sorted(Path(p) for p in domain._call("tb_task_files"))[0]
    return orjson.loads(path.read_bytes())


TASK_FIELDS = ["id", "family", "title", "request", "user_facts", "user_behavior", "user_decisions", "rows",
               "solution", "final_message", "free_text_fields", "accepted", "says", "rubric", "notes"]


@st.composite
def mutated_task_files(draw, name: str) -> Any:
    """A real task file with a few things broken: fields removed or given other values
    (wrong types, nulls, unicode, huge values), unknown tools and arguments in the
    solution, unknown tables and columns in the rows."""
    data = doc = copy.deepcopy(real_task_file(name))
    doc["tasks"] = doc["tasks"][:1]
    task = doc["tasks"][0]
    pool, keys, _ = world_vocabulary(name)
    tools = sorted(tool_schemas(name))
    for _ in range(draw(st.integers(1, 2))):
        where = draw(st.sampled_from(["task", "solution", "solution", "solution", "rows", "rows", "says", "rubric",
                                      "file"]))
        if where == "task":
            field = draw(st.sampled_from(TASK_FIELDS + ["unknown_field"]))
            if draw(st.booleans()):
                task.pop(field, None)
            else:
                task[field] = draw(json_values | texts(pool))
        elif where == "solution":
            steps = task.get("solution")
            steps = steps if isinstance(steps, list) and steps else [{}]
            step = steps[draw(st.integers(0, len(steps) - 1))]
            if not isinstance(step, dict):
                continue
            what = draw(st.sampled_from(["tool", "args", "arg", "arg", "arg", "say", "extra"]))
            if what == "tool":
                step["tool"] = draw(st.sampled_from(tools) | texts(pool) | json_values)
            elif what == "args":
                step["args"] = draw(json_values | st.dictionaries(st.sampled_from(keys) | short_text, json_values,
                                                                  max_size=3))
            elif what == "arg" and isinstance(step.get("args"), dict):
                arg = draw(st.sampled_from(sorted(step["args"]) or ["x"]))
                step["args"][arg] = draw(json_values | non_finite_strings | huge_texts | st.sampled_from(pool))
            elif what == "say":
                step["say"] = draw(json_values | texts(pool))
            else:
                step[draw(short_text)] = draw(json_values)
            task["solution"] = steps
        elif where == "rows":
            table = draw(st.sampled_from(sorted(load_domain(name).schema.tables)) | short_text)
            row = draw(st.dictionaries(st.sampled_from(keys) | short_text,
                                       json_values | st.sampled_from(pool) | huge_texts, max_size=4))
            rows = task.get("rows") if isinstance(task.get("rows"), dict) else {}
            rows[table] = draw(st.sampled_from([[row], [row], [row, row], row, None, [None]]))
            task["rows"] = rows
        elif where == "says":
            task["says"] = {draw(st.sampled_from(["states", "never_states", "states_before", "anywhere", "x"])):
                            draw(json_values | st.lists(st.dictionaries(
                                st.sampled_from(["money", "date", "days", "count", "noun", "id", "phrase", "before"]),
                                json_values | non_finite_strings, max_size=3), max_size=2))}
        elif where == "rubric":
            task["rubric"] = draw(st.lists(json_values | st.fixed_dictionaries(
                {"question": json_values, "rule": json_values | st.fixed_dictionaries(
                    {"all": st.lists(short_text | st.sampled_from(["(", "[", "*", "\\"]), max_size=2)})}),
                max_size=2))
        else:
            data = draw(st.sampled_from([doc, doc["tasks"], None, 1.5, "tasks", {**doc, "tasks": task},
                                         {**doc, "family": draw(json_values)}, {**doc, "extra": 1},
                                         {**doc, "tasks": [task, task]}, {"tasks": [None, 3, []]}]))
    return data


def domain_reading(name: str, path: Path):
    """A copy of a loaded domain whose tasks are read from `path` (nothing else changes)."""
    domain = load_domain(name)
    domain.check_loaded()
    domain.server  # noqa: B018 - built once, shared by the copies
    clone = copy.copy(domain)
    clone.__dict__.pop("tasks", None)
    clone._task_worlds = {}
    call = clone._call
    clone._call = lambda hook, **kwargs: [path] if hook == "tb_task_files" else call(hook, **kwargs)
    return clone


@pytest.fixture(scope="module")
def task_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("task-files")


def assert_task_file_outcome(name: str, path: Path) -> None:
    """Loading the file, checking its tasks against the domain and computing their golden
    states succeeds, or raises a TaskError that names the file."""
    try:
        load_task_file(path)
        load_tasks([path])
        domain = domain_reading(name, path)
        for task in domain.tasks.values():
            asyncio.run(domain.prepare(task))
    except TaskError as exc:
        assert str(path) in str(exc)


@pytest.mark.parametrize("domain_name", DOMAINS)
@pytest.mark.slow
def test_a_broken_task_file_loads_or_is_a_task_error_naming_the_file(domain_name, task_dir):
    path = task_dir / f"{domain_name}.json"

    @checked(max_examples=60)
    @given(data=mutated_task_files(domain_name))
    def check(data):
        path.write_bytes(orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS) if _json_safe(data) else b"{")
        assert_task_file_outcome(domain_name, path)

    check()


def _json_safe(data: Any) -> bool:
    """orjson writes no NaN or 64-bit-overflowing integer faithfully; such files are
    written as invalid JSON instead (they are tested as raw bytes below)."""
    return all(not (isinstance(v, float) and not math.isfinite(v)) and not (isinstance(v, int) and abs(v) >= 2**63)
               for v in leaves(data))


@checked(max_examples=60)
@given(content=st.binary(max_size=60) | st.text(text_chars, max_size=60).map(str.encode)
       | st.sampled_from([b"", b"\xef\xbb\xbf{}", b"\xff\xfe{", b'{"tasks": [NaN]}', b'{"tasks": [1e999]}',
                          b'{"tasks": [{"id": 99999999999999999999999}]}', b"[" * 2000, b'{"tasks": {}}',
                          b'{"tasks": [{"id": "\\ud800"}]}', b'{"family": "x", "tasks": [{"id": null}]}']))
def test_any_bytes_as_a_task_file_load_or_are_a_task_error(content, tmp_path_factory):
    path = tmp_path_factory.getbasetemp() / "raw-task-file.json"
    path.write_bytes(content)
    try:
        load_tasks([path])
    except TaskError as exc:
        assert str(path) in str(exc)


# ---- trial records ------------------------------------------------------------------------

RECORD_KEYS = ["record_version", "domain", "domain_version", "core_version", "task", "family", "trial", "agent",
               "user", "config", "verdict", "finish_reason", "error", "checks", "diff", "effects", "final_message",
               "counts", "usage", "initial_hash", "trajectory", "timings_ms", "rejudged", "previous_verdict",
               "not_rejudged", "redacted"]
GOOD_RECORD = {"record_version": 1, "domain": "retail", "domain_version": "1", "core_version": "1", "task": "t",
               "family": "f", "trial": 1, "agent": "oracle", "user": "scripted", "config": {}, "verdict": True,
               "finish_reason": "done", "error": None, "checks": [], "diff": None, "effects": [],
               "final_message": "", "counts": {}, "usage": {}, "initial_hash": "", "trajectory": [],
               "timings_ms": {}}


@checked(max_examples=200)
@given(data=json_values | st.dictionaries(st.sampled_from(RECORD_KEYS) | short_text, json_values, max_size=8)
       | st.builds(lambda changes, dropped: {k: v for k, v in {**GOOD_RECORD, **changes}.items() if k not in dropped},
                   st.dictionaries(st.sampled_from(RECORD_KEYS), json_values | non_finite_strings, max_size=3),
                   st.sets(st.sampled_from(RECORD_KEYS), max_size=2)))
@example(data=GOOD_RECORD)
@example(data={k: v for k, v in GOOD_RECORD.items() if k != "record_version"})
def test_any_json_value_upgrades_to_a_record_or_is_a_value_error(data):
    from thinkingbox.reporting.records import upgrade

    try:
        record = upgrade(data)
    except ValueError as exc:
        assert str(exc).strip()
    else:
        assert isinstance(record, dict) and record["record_version"] == 1
