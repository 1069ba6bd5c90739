"""A task world: one private SQLite database, one clock, deterministic ids.

Tables are declared with sqlmodel; rows are read and written through the small,
explicit API below (get/require/find/insert/update/delete). SQL is only ever built from
column names declared in the models, and every value is a bound parameter, so nothing an
agent sends can become SQL.

Each trial gets its own in-memory database, cloned from its task's seeded template with
SQLite's deserialize (no re-seeding); reset is exact by construction.
"""
from __future__ import annotations

import enum
import hashlib
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from decimal import Decimal
from typing import Any, Iterable, TypeVar

import orjson
from sqlalchemy import JSON, Boolean
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.schema import CreateTable
from sqlmodel import Field

from thinkingbox.contract.errors import ThinkingboxError, ToolError
from thinkingbox.contract.money import MoneyType, money

M = TypeVar("M")
INTERNAL_PREFIX = "_tb_"  # tables the core keeps for itself; never judged
PAGE_SIZE = 1024  # bytes per SQLite page of a new world (see World.__init__)


def FreeText(default: Any = "", **kwargs: Any) -> Any:
    """A sqlmodel field holding free text (ticket subjects, notes): never compared by
    the judge, because two correct agents will word it differently."""
    return Field(default, sa_column_kwargs={"info": {"free_text": True}}, **kwargs)


# ---- time ----------------------------------------------------------------------------

def parse_time(value: str) -> datetime:
    """Parse an ISO-8601 timestamp or date; naive values are taken as UTC."""
    dt = datetime.fromisoformat(value.replace("Z", "+00:00"))
    return dt if dt.tzinfo else dt.replace(tzinfo=timezone.utc)


def iso(dt: datetime) -> str:
    """Format as the canonical UTC timestamp used everywhere in worlds."""
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


# ---- schema --------------------------------------------------------------------------

@dataclass
class TableInfo:
    name: str
    model: type
    columns: list[str]
    pk: str
    pk_index: int
    json_columns: frozenset[str]
    bool_columns: frozenset[str]
    money_columns: frozenset[str]  # stored as exact two-place decimal text
    free_text: frozenset[str]
    foreign_keys: dict[str, str]  # column -> referenced table
    ddl: str


def table_info(model: type) -> TableInfo:
    table = getattr(model, "__table__", None)
    if table is None:
        raise ThinkingboxError(f"{model.__name__} is not a sqlmodel table (table=True missing)")
    pks = [c.name for c in table.primary_key.columns]
    if len(pks) != 1:
        raise ThinkingboxError(f"table {table.name!r} must have exactly one primary key column")
    columns = [c.name for c in table.columns]
    return TableInfo(
        name=table.name,
        model=model,
        columns=columns,
        pk=pks[0],
        pk_index=columns.index(pks[0]),
        json_columns=frozenset(c.name for c in table.columns if isinstance(c.type, JSON)),
        bool_columns=frozenset(c.name for c in table.columns if isinstance(c.type, Boolean)),
        money_columns=frozenset(c.name for c in table.columns if isinstance(c.type, MoneyType)),
        free_text=frozenset(c.name for c in table.columns if c.info.get("free_text")),
        foreign_keys={c.name: fk.column.table.name for c in table.columns for fk in c.foreign_keys},
        ddl=str(CreateTable(table).compile(dialect=sqlite_dialect.dialect())),
    )


class Schema:
    """The tables of one domain, in declaration order."""

    def __init__(self, models: Iterable[type] = ()):
        self.tables: dict[str, TableInfo] = {}
        self.by_model: dict[type, TableInfo] = {}
        for model in models:
            self.add(model)

    def add(self, model: type) -> TableInfo:
        info = table_info(model)
        if info.name in self.tables:
            raise ThinkingboxError(f"table {info.name!r} declared twice")
        self.tables[info.name] = info
        self.by_model[model] = info
        return info


# ---- value conversion ----------------------------------------------------------------

def _to_db(info: TableInfo, column: str, value: Any) -> Any:
    if value is None:
        return None
    if column in info.json_columns:
        return orjson.dumps(value).decode()
    if column in info.money_columns:
        return str(money(value, label=column))
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, bool):
        return int(value)
    return value


def _from_db(info: TableInfo, row: tuple) -> dict[str, Any]:
    out = dict(zip(info.columns, row))
    for column in info.json_columns:
        if out[column] is not None:
            out[column] = orjson.loads(out[column])
    for column in info.bool_columns:
        if out[column] is not None:
            out[column] = bool(out[column])
    for column in info.money_columns:
        if out[column] is not None:
            out[column] = Decimal(out[column])
    return out


def _canonical_json(value: Any) -> Any:
    """Lists of plain values are sets for comparison purposes (tags, ids)."""
    if isinstance(value, list):
        items = [_canonical_json(v) for v in value]
        if all(isinstance(v, (str, int, float, bool)) or v is None for v in items):
            return sorted(items, key=lambda v: (str(type(v)), v if v is not None else 0))
        return items
    if isinstance(value, dict):
        return {k: _canonical_json(v) for k, v in sorted(value.items())}
    return value


Snapshot = dict[str, dict[Any, tuple]]
"""table -> primary key -> row tuple (columns in schema order; JSON canonicalised)."""


# ---- the world -----------------------------------------------------------------------

class World:
    """One private database plus its clock. Tools receive it as their first argument."""

    def __init__(self, schema: Schema, now: str, conn: sqlite3.Connection | None = None):
        self.schema = schema
        self.now = parse_time(now)
        self.now_iso = iso(self.now)
        # Autocommit mode: the core manages transactions itself (savepoint per tool call).
        if conn is None:
            conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            # Small pages (set before the first table): a domain's world is a few KB of rows
            # in dozens of tables and indexes, each of which takes at least one page. At
            # 1 KB instead of 4 KB a world is a third of the size (two built-in domains on average:
            # 176 -> 64 KB; a live world in memory 462 -> 266 KB) at the same CPU per trial;
            # clones keep it.
            conn.execute(f"PRAGMA page_size={PAGE_SIZE}")
        self.conn = conn
        self.conn.execute(
            f"CREATE TABLE IF NOT EXISTS {INTERNAL_PREFIX}counters (name TEXT PRIMARY KEY, value INTEGER)"
        )
        # Tables written through this API, and how many row changes it made: a snapshot
        # can then reuse the initial rows of every untouched table. Any write that bypasses
        # the API shows up as a mismatch with SQLite's own change count.
        self.dirty: set[str] = set()
        self._changes = self.conn.total_changes

    # -- construction --
    @classmethod
    def from_bytes(cls, schema: Schema, data: bytes, now: str) -> "World":
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        conn.deserialize(data)
        return cls(schema, now, conn)

    def to_bytes(self) -> bytes:
        return self.conn.serialize()

    def close(self) -> None:
        self.conn.close()

    def create_tables(self, models: Iterable[type]) -> None:
        for model in models:
            info = self.schema.by_model.get(model) or self.schema.add(model)
            self.conn.execute(info.ddl)

    # -- transactions --
    @contextmanager
    def atomic(self):
        """All writes inside succeed together or not at all (a failed tool writes nothing)."""
        self.conn.execute("SAVEPOINT tb_atomic")
        try:
            yield self
        except BaseException:
            self.conn.execute("ROLLBACK TO tb_atomic")
            self.conn.execute("RELEASE tb_atomic")
            raise
        self.conn.execute("RELEASE tb_atomic")

    # -- reads --
    def _info(self, model: type) -> TableInfo:
        try:
            return self.schema.by_model[model]
        except KeyError:
            raise ThinkingboxError(f"{model.__name__} is not a table of this world") from None

    def _make(self, info: TableInfo, row: tuple):
        # Rows read back are already valid: build the instance without validation and
        # without SQLAlchemy instrumentation (no ORM session is involved), about 20x faster
        # than __init__. Attribute reads and model_dump work as usual; writes go through
        # World.update.
        model: Any = info.model
        # object.__new__, not the model's: SQLModel's __new__ only sets the three pydantic
        # attributes set below (a tenth of a tool call that reads a few rows).
        obj = object.__new__(model)
        values = _from_db(info, row)
        object.__setattr__(obj, "__dict__", values)
        object.__setattr__(obj, "__pydantic_fields_set__", set(values))
        object.__setattr__(obj, "__pydantic_extra__", None)
        object.__setattr__(obj, "__pydantic_private__", None)
        return obj

    def get(self, model: type[M], key: Any) -> M | None:
        info = self._info(model)
        if not _is_key(key):
            return None  # a list, an object, an integer past 64 bits (an agent's value): no row has it
        row = self.conn.execute(f'SELECT * FROM "{info.name}" WHERE "{info.pk}" = ?', (key,)).fetchone()
        return None if row is None else self._make(info, row)

    def require(self, model: type[M], key: Any, label: str | None = None) -> M:
        """Like get, but a missing row is a tool error the agent can read."""
        found = self.get(model, key)
        if found is None:
            raise ToolError(f"{label or model.__name__} {key!r} not found")
        return found

    def find(self, model: type[M], **equals: Any) -> list[M]:
        """Rows whose columns equal the given values, in primary-key order."""
        info = self._info(model)
        for column in equals:
            if column not in info.columns:
                raise ThinkingboxError(f"{info.name} has no column {column!r}")
        where = " AND ".join(f'"{c}" IS ?' for c in equals) or "1"
        params = [_to_db(info, c, v) for c, v in equals.items()]
        sql = f'SELECT * FROM "{info.name}" WHERE {where} ORDER BY "{info.pk}"'
        return [self._make(info, row) for row in self.conn.execute(sql, params)]

    def rows(self, model: type[M]) -> list[M]:
        return self.find(model)

    # -- writes --
    def insert(self, row: M) -> M:
        info = self._info(type(row))
        values = [_to_db(info, c, getattr(row, c)) for c in info.columns]
        marks = ", ".join("?" * len(values))
        self.dirty.add(info.name)
        try:
            self._changes += self.conn.execute(f'INSERT INTO "{info.name}" VALUES ({marks})', values).rowcount
        except sqlite3.IntegrityError as exc:
            raise ToolError(f"cannot create {info.name} row {getattr(row, info.pk)!r}: {exc}") from None
        return row

    def upsert(self, row: M) -> M:
        info = self._info(type(row))
        values = [_to_db(info, c, getattr(row, c)) for c in info.columns]
        marks = ", ".join("?" * len(values))
        self.dirty.add(info.name)
        self._changes += self.conn.execute(f'INSERT OR REPLACE INTO "{info.name}" VALUES ({marks})', values).rowcount
        return row

    def update(self, row: M, **changes: Any) -> M:
        """Write the given fields of `row` (which is updated in place and returned)."""
        info = self._info(type(row))
        for column in changes:
            if column not in info.columns or column == info.pk:
                raise ThinkingboxError(f"cannot update column {column!r} of {info.name}")
        if not changes:
            return row
        sets = ", ".join(f'"{c}" = ?' for c in changes)
        params = [_to_db(info, c, v) for c, v in changes.items()] + [getattr(row, info.pk)]
        self.dirty.add(info.name)
        self._changes += self.conn.execute(f'UPDATE "{info.name}" SET {sets} WHERE "{info.pk}" = ?', params).rowcount
        for column, value in changes.items():
            # Rows read from the world are built without SQLAlchemy instance state (see
            # _make), so write the attribute directly rather than through the ORM.
            vars(row)[column] = value
        return row

    def delete(self, row: Any) -> None:
        info = self._info(type(row))
        self.dirty.add(info.name)
        self._changes += self.conn.execute(
            f'DELETE FROM "{info.name}" WHERE "{info.pk}" = ?', (getattr(row, info.pk),)).rowcount

    def new_id(self, model: type, prefix: str, first: int = 1) -> str:
        """The next id for `model` from a per-prefix counter kept inside the world, so ids
        are deterministic and reset with it. Ids already taken (task rows) are skipped."""
        info = self._info(model)
        row = self.conn.execute(
            f"SELECT value FROM {INTERNAL_PREFIX}counters WHERE name = ?", (prefix,)
        ).fetchone()
        value = first if row is None else row[0] + 1
        exists = f'SELECT 1 FROM "{info.name}" WHERE "{info.pk}" = ?'
        while self.conn.execute(exists, (f"{prefix}{value}",)).fetchone():
            value += 1
        self._changes += self.conn.execute(
            f"INSERT OR REPLACE INTO {INTERNAL_PREFIX}counters VALUES (?, ?)", (prefix, value)
        ).rowcount
        return f"{prefix}{value}"

    # -- state --
    def snapshot(self, initial: Snapshot | None = None) -> Snapshot:
        """Every row of every domain table, keyed by primary key (canonical form).

        `initial` is the snapshot of the state this world was cloned from: its rows are
        reused (shared, read-only) for every table this world has not written."""
        reuse = initial is not None and self.conn.total_changes == self._changes
        snap: Snapshot = {}
        for info in self.schema.tables.values():
            if initial is not None and reuse and info.name not in self.dirty:
                snap[info.name] = initial[info.name]
                continue
            rows = self.conn.execute(f'SELECT * FROM "{info.name}"').fetchall()
            if info.json_columns:
                idx = [info.columns.index(c) for c in info.json_columns]
                fixed = []
                for row in rows:
                    row = list(row)
                    for i in idx:
                        if row[i] is not None:
                            row[i] = orjson.dumps(
                                _canonical_json(orjson.loads(row[i])), option=orjson.OPT_SORT_KEYS
                            ).decode()
                    fixed.append(tuple(row))
                rows = fixed
            snap[info.name] = {row[info.pk_index]: row for row in rows}
        return snap


def _is_key(value: Any) -> bool:
    """Whether SQLite can hold `value` as a key (and so compare it with one)."""
    if isinstance(value, int):
        return -(2**63) <= value < 2**63
    return isinstance(value, (str, float, bytes))


def state_hash(snapshot: Snapshot) -> str:
    """A canonical hash of a snapshot (independent of write history and page layout)."""
    digest = hashlib.sha256()
    for table in sorted(snapshot):
        digest.update(table.encode())
        for key in sorted(snapshot[table], key=str):
            digest.update(orjson.dumps(list(snapshot[table][key])))
    return digest.hexdigest()
