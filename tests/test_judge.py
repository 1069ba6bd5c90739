"""The judge: exact reset, and wrong / missing / extra / wrong-entity effects, with
independent writes allowed in any order."""
import pytest

from helpers import run
from thinkingbox.engine.quality import verdict_of
from thinkingbox.contract.tasks import ToolCall
from thinkingbox.contract.world import state_hash


def calls(*steps):
    return [ToolCall(tool=t, args=a) for t, a in steps]


def kinds(result):
    return sorted((d["kind"], d["table"], d["field"]) for d in result.diff)


@pytest.fixture
def lend_two(library):
    task = library.tasks["lend-two"]
    return task, run(library.prepare(task))


def test_reference_passes_and_reset_is_exact(library, lend_two):
    task, tw = lend_two
    assert run(verdict_of(library, tw, task.solution)).passed
    hashes = set()
    for _ in range(5):
        world = library.new_world(tw)
        hashes.add(state_hash(world.snapshot()))
        world.conn.execute("DELETE FROM books")  # trash this world; the next must not notice
        world.close()
    assert hashes == {tw.initial_hash}
    assert tw.initial_hash != tw.golden_hash


def test_worlds_use_small_pages_and_clones_keep_them(library, lend_two):
    # Each table and index takes at least a page: at 4 KB pages a world of a few KB of rows
    # is mostly empty pages, copied into every trial's clone.
    from thinkingbox.contract.world import PAGE_SIZE

    _, tw = lend_two
    world = library.new_world(tw)
    try:
        page_size, pages = (world.conn.execute(f"PRAGMA {name}").fetchone()[0] for name in ("page_size", "page_count"))
    finally:
        world.close()
    assert PAGE_SIZE == page_size == 1024
    assert len(tw.template) == pages * 1024 < 4096 * pages


def test_independent_writes_in_another_order_pass(library, lend_two):
    _, tw = lend_two
    swapped = calls(("lend_book", {"book_id": "B2", "member": "M-77"}),
                    ("lend_book", {"book_id": "B1", "member": "M-77", "note": "a different note"}))
    result = run(verdict_of(library, tw, swapped))
    assert result.passed, result.diff


def test_wrong_value(library, lend_two):
    _, tw = lend_two
    result = run(verdict_of(library, tw, calls(("lend_book", {"book_id": "B1", "member": "M-77"}),
                                                ("lend_book", {"book_id": "B2", "member": "M-78"}))))
    assert not result.passed
    assert kinds(result) == [("wrong", "loans", "member")]
    (diff,) = result.diff
    assert diff["expected"] == "M-77" and diff["actual"] == "M-78"


def test_missing_write(library, lend_two):
    _, tw = lend_two
    result = run(verdict_of(library, tw, calls(("lend_book", {"book_id": "B1", "member": "M-77"}))))
    assert kinds(result) == [("missing", "books", "available"), ("missing", "loans", None)]
    assert "missing" in result.detail


def test_extra_write(library, lend_two):
    task, tw = lend_two
    result = run(verdict_of(library, tw, task.solution + calls(("lend_book", {"book_id": "B3", "member": "M-77"}))))
    assert kinds(result) == [("extra", "books", "available"), ("extra", "loans", None)]


def test_write_to_the_wrong_entity(library, lend_two):
    _, tw = lend_two
    result = run(verdict_of(library, tw, calls(("lend_book", {"book_id": "B1", "member": "M-77"}),
                                                ("lend_book", {"book_id": "B3", "member": "M-77"}))))
    assert not result.passed
    found = kinds(result)
    assert ("missing", "books", "available") in found   # B2 should have been lent
    assert ("extra", "books", "available") in found     # B3 should not
    assert ("wrong", "loans", "book_id") in found


@pytest.mark.domains("retail")
def test_retail_wrong_fee_is_a_wrong_value(retail):
    task = retail.tasks["ret-fee-001"]
    tw = run(retail.prepare(task))
    wrong = [s if s.tool != "create_rma" else
             ToolCall(tool="create_rma", args={**s.args, "restocking_fee": 19.35, "refund_amount": 100.66})
             for s in task.solution]
    result = run(verdict_of(retail, tw, wrong))
    assert not result.passed
    # Money columns hold exact two-place decimal text, and diffs show it as stored.
    assert {(d["field"], d["expected"], d["actual"]) for d in result.diff} == {
        ("restocking_fee", "0.00", "19.35"), ("refund_amount", "120.01", "100.66")}


@pytest.mark.domains("retail")
def test_free_text_is_not_compared_but_everything_else_is(retail):
    task = retail.tasks["ret-fee-001"]
    tw = run(retail.prepare(task))
    reworded = []
    for step in task.solution:
        if step.tool == "helpdesk_create_item":
            item = {**step.args["item"], "subject": "Speaker refund", "description": "Other words entirely."}
            step = ToolCall(tool=step.tool, args={**step.args, "item": item})
        reworded.append(step)
    assert run(verdict_of(retail, tw, reworded)).passed
    tagged = [ToolCall(tool=s.tool, args={**s.args, "item": {**s.args["item"], "tags": ["returns"]}})
              if s.tool == "helpdesk_create_item" else s for s in task.solution]
    result = run(verdict_of(retail, tw, tagged))
    assert kinds(result) == [("wrong", "tickets", "tags")]


def test_side_effects_list_what_changed(library, lend_two):
    task, tw = lend_two
    world = library.new_world(tw)
    world.update(world.get(world.schema.tables["books"].model, "B1"), available=False)
    effects = library.side_effects(tw.initial, world.snapshot())
    world.close()
    assert [(e.kind, e.table, e.key, e.field, e.expected, e.actual) for e in effects] == [
        ("changed", "books", "B1", "available", True, False)]


def test_validate_reports_writes_the_judge_cannot_see(library, monkeypatch, tmp_path):
    """A task that ignores the fields its write changes: dropping, repeating or retargeting
    the write goes unnoticed, and the quality gate says so."""
    import json

    from thinkingbox.engine.quality import check_task

    task = {"id": "blind", "request": "Lend me Dune", "final_message": "Done.",
            "solution": [{"tool": "lend_book", "args": {"book_id": "B1", "member": "M-1"}}],
            "free_text_fields": {"books": ["available"], "loans": ["book_id", "member", "due"]}}
    path = tmp_path / "blind.json"
    path.write_text(json.dumps({"family": "x", "tasks": [task]}))
    original = library._call
    monkeypatch.setattr(library, "_call",
                        lambda hook, **kw: [path] if hook == "tb_task_files" else original(hook, **kw))
    problems = run(check_task(library, library.tasks["blind"]))
    assert any("aimed at 'B2' instead of 'B1' still passes" in p for p in problems), problems
    assert not any("dropping" in p for p in problems)  # the new loan row itself is still seen


def test_validate_passes_a_sound_task(library):
    from thinkingbox.engine.quality import check_task

    assert run(check_task(library, library.tasks["lend-two"])) == []


def test_snapshots_reuse_untouched_tables_but_never_miss_a_write(library, lend_two):
    task, tw = lend_two
    world = library.new_world(tw)
    run(verdict_of(library, tw, task.solution))  # other worlds do not matter
    book = world.schema.tables["books"].model
    world.update(world.get(book, "B3"), available=False)
    reused = world.snapshot(tw.initial)
    assert reused == world.snapshot() and reused["loans"] is tw.initial["loans"]  # untouched: shared
    assert reused["books"] is not tw.initial["books"]
    world.conn.execute("UPDATE loans SET member = 'raw' WHERE 1")  # bypasses the API
    world.conn.execute("INSERT INTO loans VALUES ('L-9', 'B1', 'x', '2025-01-01', '')")
    assert world.snapshot(tw.initial) == world.snapshot() and "L-9" in world.snapshot(tw.initial)["loans"]
    world.close()


# ---- rows of identical content, told apart by the rows that point at them -------------

@pytest.mark.domains("retail")
def test_identical_creates_with_children_pass_in_either_order(retail):
    """nrc-002: two $0 replacement orders (identical rows) whose line items differ."""
    task = retail.tasks["nrc-002"]
    tw = run(retail.prepare(task))
    creates = [i for i, s in enumerate(task.solution) if s.tool == "create_replacement_order"]
    assert len(creates) == 2
    swapped = list(task.solution)
    swapped[creates[0]], swapped[creates[1]] = swapped[creates[1]], swapped[creates[0]]
    for solution in (task.solution, swapped):
        result = run(verdict_of(retail, tw, solution))
        assert result.passed, result.detail
    wrong = [s if s.tool != "create_replacement_order" else ToolCall(tool=s.tool, args={**s.args, "line_item_id": "LI-320003"})
             for s in task.solution]  # both replacements of the thermostat: still caught
    assert not run(verdict_of(retail, tw, wrong)).passed


def _schema():
    from sqlmodel import Field

    from thinkingbox import table_base, tables_of
    from thinkingbox.contract.world import Schema

    Base = table_base("judge_order_test")

    class Parent(Base, table=True):
        __tablename__ = "parents"
        id: str = Field(primary_key=True)
        kind: str

    class Child(Base, table=True):
        __tablename__ = "children"
        id: str = Field(primary_key=True)
        parent_id: str = Field(foreign_key="parents.id")
        sku: str

    class Grandchild(Base, table=True):
        __tablename__ = "grandchildren"
        id: str = Field(primary_key=True)
        child_id: str = Field(foreign_key="children.id")
        note: str

    return Schema(tables_of(Base))


def _outcome(schema, final, golden):
    from types import SimpleNamespace

    from thinkingbox.contract.checks import TrialOutcome

    initial = {"parents": {}, "children": {}, "grandchildren": {}}
    task = SimpleNamespace(ignored_fields=lambda schema: {})
    return TrialOutcome(None, task, schema, initial, final, golden, [], "", "done")


def test_two_identical_parents_with_different_children_and_grandchildren_in_both_orders():
    from thinkingbox.engine.state_diff import golden_state_check

    schema = _schema()

    def world(first, second):
        """Parents P1, P2 (identical), each with one child and one grandchild; `first` and
        `second` say which sku went to P1 and P2."""
        return {"parents": {"P1": ("P1", "replacement"), "P2": ("P2", "replacement")},
                "children": {"C1": ("C1", "P1", first), "C2": ("C2", "P2", second)},
                "grandchildren": {"G1": ("G1", "C1", f"note {first}"), "G2": ("G2", "C2", f"note {second}")}}

    golden = world("thermostat", "doorbell")
    assert golden_state_check(_outcome(schema, world("doorbell", "thermostat"), golden)).passed
    assert golden_state_check(_outcome(schema, golden, golden)).passed
    mixed = world("doorbell", "thermostat")
    mixed["grandchildren"]["G1"] = ("G1", "C1", "note thermostat")  # a grandchild under the wrong child
    mixed["grandchildren"]["G2"] = ("G2", "C2", "note doorbell")
    result = golden_state_check(_outcome(schema, mixed, golden))
    assert not result.passed and {d["table"] for d in result.data} == {"grandchildren"}


def test_fully_identical_rows_need_the_search_only_when_structure_cannot_tell():
    from thinkingbox.engine.state_diff import golden_state_check

    schema = _schema()
    # Two identical parents whose children are identical too: any matching is right.
    golden = {"parents": {"P1": ("P1", "x"), "P2": ("P2", "x")},
              "children": {"C1": ("C1", "P1", "a"), "C2": ("C2", "P2", "a")}, "grandchildren": {}}
    final = {"parents": {"P7": ("P7", "x"), "P3": ("P3", "x")},
             "children": {"C9": ("C9", "P3", "a"), "C4": ("C4", "P7", "a")}, "grandchildren": {}}
    assert golden_state_check(_outcome(schema, final, golden)).passed
    final["children"]["C4"] = ("C4", "P3", "a")  # both children under one parent: a real difference
    assert not golden_state_check(_outcome(schema, final, golden)).passed
