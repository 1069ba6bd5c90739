"""Judging: compare a trial's final world with its task's golden world, field by field.

Generated ids (a ticket or refund created during the episode) depend on the order of
writes, so before comparing, rows created during the episode are renamed to canonical
ids, ordered by their content and, where contents are equal, by the rows they point to
and the rows that point to them; every declared foreign key that points at them is
renamed too. Where rows remain indistinguishable, the other matchings are searched before
a difference is reported. Two valid solutions that make independent writes in another
order thus compare equal; a wrong value, a missing write, an extra write or a write to
the wrong entity still shows up as a difference.
"""
from __future__ import annotations

import hashlib
import itertools
from typing import Any, Iterator

import orjson

from thinkingbox.contract.checks import GOLDEN_STATE, CheckResult, Difference, TrialOutcome
from thinkingbox.contract.world import Schema, Snapshot

NEW_ID = "<new {table} #{n}>"


Node = tuple[str, Any]  # (table, primary key) of a row


def _creation_order(snap: Snapshot, initial: Snapshot, schema: Schema,
                    ignore: dict[str, set[str]]) -> dict[str, list[list[Any]]]:
    """For each table, the keys of the rows created since `initial`, in canonical order,
    grouped into classes of rows that nothing tells apart.

    Rows are ordered by their content (without key, free text, or references to other
    new rows). Rows of equal content are told apart by their structure: the new rows they
    point to and the rows that point to them, refined until nothing changes (so two equal
    replacement orders are named by their different line items, whatever order they were
    created in).
    """
    new: set[Node] = set()
    for name in schema.tables:
        if snap.get(name) is initial.get(name):
            continue  # a table the world never wrote shares its rows with `initial` (World.snapshot)
        new.update((name, k) for k in snap.get(name, {}) if k not in initial.get(name, {}))
    if not new:
        return {}
    content: dict[Node, str] = {}
    links: dict[Node, list[Node]] = {}
    referrers: dict[Node, list[tuple[str, str, Node | None, Any]]] = {node: [] for node in new}
    for name, info in schema.tables.items():
        skip = {info.pk_index} | {info.columns.index(c) for c in ignore.get(name, ())}
        fk_idx = {info.columns.index(c): t for c, t in info.foreign_keys.items() if info.columns.index(c) not in skip}
        for key, row in snap.get(name, {}).items():
            node = (name, key)
            targets = [(i, (t, row[i])) for i, t in fk_idx.items() if (t, row[i]) in new]
            for i, target in targets:
                referrers[target].append((name, info.columns[i], node if node in new else None, key))
            if node in new:
                to_new = {i for i, _ in targets}
                values = ["<new>" if i in to_new else v for i, v in enumerate(row) if i not in skip]
                content[node] = orjson.dumps(values, option=orjson.OPT_NON_STR_KEYS).decode()
                links[node] = [target for _, target in targets]
    signature = dict(content)
    if len(set(content.values())) < len(content):  # equal contents: refine by structure
        classes = len(set(signature.values()))
        for _ in range(len(new)):
            refined = {}
            for node in new:
                around = sorted((table, column, signature[src] if src else repr(key))
                                for table, column, src, key in referrers[node])
                parts = [signature[node], [signature[t] for t in links[node]], around]
                refined[node] = hashlib.sha256(orjson.dumps(parts)).hexdigest()
            signature = refined
            if len(set(signature.values())) == classes:
                break
            classes = len(set(signature.values()))
    order: dict[str, list[list[Any]]] = {}
    for name in schema.tables:
        keys = sorted((k for t, k in new if t == name), key=lambda k: (content[(name, k)], signature[(name, k)], str(k)))
        groups: list[list[Any]] = []
        for key in keys:
            same = groups and all(x[(name, groups[-1][0])] == x[(name, key)] for x in (content, signature))
            if same:
                groups[-1].append(key)
            else:
                groups.append([key])
        if groups:
            order[name] = groups
    return order


def canonicalize(snap: Snapshot, initial: Snapshot, schema: Schema, ignore: dict[str, set[str]],
                 order: dict[str, list[list[Any]]] | None = None) -> Snapshot:
    """Rename rows created since `initial` (and references to them) to canonical ids, in
    the order `_creation_order` gives (or `order`, one of its regroupings)."""
    if order is None:
        order = _creation_order(snap, initial, schema, ignore)
    if not order:
        return snap
    renames = {name: {k: NEW_ID.format(table=name, n=i + 1) for i, k in enumerate(k for g in groups for k in g)}
               for name, groups in order.items()}

    out: Snapshot = {}
    for name, rows in snap.items():
        info = schema.tables[name]
        own = renames.get(name, {})
        fk_maps = [(info.columns.index(c), renames[t]) for c, t in info.foreign_keys.items() if t in renames]
        if not own and not fk_maps:
            out[name] = rows
            continue
        new_rows = {}
        for key, row in rows.items():
            if fk_maps or key in own:
                row = list(row)
                if key in own:
                    row[info.pk_index] = own[key]
                for i, mapping in fk_maps:
                    if row[i] in mapping:
                        row[i] = mapping[row[i]]
                row = tuple(row)
            new_rows[own.get(key, key)] = row
        out[name] = new_rows
    return out


def _tie_orders(order: dict[str, list[list[Any]]]) -> Iterator[dict[str, list[list[Any]]]]:
    """`order` with its classes of equal rows permuted in every way (the given order first)."""
    slots = [(name, i) for name, groups in order.items() for i, group in enumerate(groups) if len(group) > 1]
    for choice in itertools.product(*(itertools.permutations(order[name][i]) for name, i in slots)):
        other = {name: list(groups) for name, groups in order.items()}
        for (name, i), permuted in zip(slots, choice):
            other[name][i] = list(permuted)
        yield other


def _value(info, row: tuple, column: str) -> Any:
    value = row[info.columns.index(column)]
    if column in info.json_columns and isinstance(value, str):
        return orjson.loads(value)
    if column in info.bool_columns and value is not None:
        return bool(value)
    return value


def compare(final: Snapshot, golden: Snapshot, initial: Snapshot, schema: Schema,
            ignore: dict[str, set[str]]) -> list[Difference]:
    """Field-level differences between canonical final and golden snapshots.

    Fields in `ignore` (free text) are not compared. `initial` classifies each
    difference as wrong, missing or extra.
    """
    diffs: list[Difference] = []
    for name, info in schema.tables.items():
        f_rows, g_rows, i_rows = final.get(name, {}), golden.get(name, {}), initial.get(name, {})
        if f_rows is g_rows:
            continue  # both still share the initial rows (a table neither world wrote)
        skip = set(ignore.get(name, ())) | {info.pk}
        cols = [(i, c) for i, c in enumerate(info.columns) if c not in skip]
        for key, g_row in g_rows.items():
            f_row = f_rows.get(key)
            if f_row is None:
                diffs.append(Difference("missing", name, key, None, _row_json(info, g_row), None))
                continue
            if f_row == g_row:
                continue
            i_row = i_rows.get(key)
            for i, column in cols:
                if f_row[i] == g_row[i]:
                    continue
                if i_row is not None and f_row[i] == i_row[i]:
                    kind = "missing"
                elif i_row is not None and g_row[i] == i_row[i]:
                    kind = "extra"
                else:
                    kind = "wrong"
                diffs.append(Difference(kind, name, key, column, _value(info, g_row, column),
                                        _value(info, f_row, column)))
        for key, f_row in f_rows.items():
            if key not in g_rows:
                diffs.append(Difference("extra", name, key, None, None, _row_json(info, f_row)))
    return diffs


def side_effects(initial: Snapshot, final: Snapshot, schema: Schema) -> list[Difference]:
    """What changed from `initial` to `final`: created, deleted and changed rows."""
    effects: list[Difference] = []
    for name, info in schema.tables.items():
        i_rows, f_rows = initial.get(name, {}), final.get(name, {})
        if i_rows is f_rows:
            continue  # a table the world never wrote
        for key, f_row in f_rows.items():
            i_row = i_rows.get(key)
            if i_row is None:
                effects.append(Difference("created", name, key, None, None, _row_json(info, f_row)))
            elif i_row != f_row:
                for i, column in enumerate(info.columns):
                    if i_row[i] != f_row[i]:
                        effects.append(Difference("changed", name, key, column,
                                                  _value(info, i_row, column), _value(info, f_row, column)))
        for key, i_row in i_rows.items():
            if key not in f_rows:
                effects.append(Difference("deleted", name, key, None, _row_json(info, i_row), None))
    return effects


def _row_json(info, row: tuple) -> dict[str, Any]:
    return {c: _value(info, row, c) for c in info.columns}


MAX_TIE_ORDERS = 5040  # orders of indistinguishable new rows tried before giving up


def accept_alternatives(snap: Snapshot, accepted: dict[str, list[Any]], schema: Schema) -> Snapshot:
    """`snap` with every value a task accepts as equivalent ("table.field" -> values)
    replaced by one label naming them all, so any of them matches the golden's."""
    if not accepted:
        return snap
    out = dict(snap)
    for key, values in accepted.items():
        table, column = key.split(".")
        info = schema.tables[table]
        index, label = info.columns.index(column), "one of: " + ", ".join(map(str, values))
        out[table] = {k: (row[:index] + (label,) + row[index + 1:] if row[index] in values else row)
                      for k, row in out.get(table, {}).items()}
    return out


_CANONICAL_GOLDEN: dict[int, tuple[Any, Any, Snapshot]] = {}  # id(golden) -> (golden, task, canonical form)


def _canonical_golden(outcome: TrialOutcome, initial: Snapshot, golden: Snapshot, ignore: dict[str, set[str]]
                      ) -> Snapshot:
    """The golden state's canonical form, computed once per task world (every trial of a
    task judges against the same golden snapshot)."""
    cached = _CANONICAL_GOLDEN.get(id(outcome.golden))
    if cached is not None and cached[0] is outcome.golden and cached[1] is outcome.task:
        return cached[2]
    canonical = canonicalize(golden, initial, outcome.world_schema, ignore)
    if len(_CANONICAL_GOLDEN) > 4096:
        _CANONICAL_GOLDEN.clear()
    _CANONICAL_GOLDEN[id(outcome.golden)] = (outcome.golden, outcome.task, canonical)  # keeps the key's object alive
    return canonical


def golden_state_check(outcome: TrialOutcome) -> CheckResult:
    schema = outcome.world_schema
    accepted = getattr(outcome.task, "accepted", None) or {}
    initial, golden, final = (accept_alternatives(s, accepted, schema)
                              for s in (outcome.initial, outcome.golden, outcome.final))
    ignore = outcome.task.ignored_fields(schema)
    golden = _canonical_golden(outcome, initial, golden, ignore)
    order = _creation_order(final, initial, schema, ignore)
    diffs = compare(canonicalize(final, initial, schema, ignore, order), golden, initial, schema, ignore)
    if diffs:
        # Rows that nothing tells apart may still be matched the wrong way round: try the
        # other orders of each such class (a bounded search) before reporting differences.
        for other in itertools.islice(_tie_orders(order), 1, MAX_TIE_ORDERS):
            if not compare(canonicalize(final, initial, schema, ignore, other), golden, initial, schema, ignore):
                diffs = []
                break
    if not diffs:
        return CheckResult(GOLDEN_STATE, True, "final state matches the golden state", [])
    counts = {k: sum(d.kind == k for d in diffs) for k in ("wrong", "missing", "extra")}
    detail = ", ".join(f"{n} {k}" for k, n in counts.items() if n)
    return CheckResult(GOLDEN_STATE, False, detail, [d.to_json() for d in diffs])
