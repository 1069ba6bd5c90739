"""A test harness for domain authors; installed with the core as a pytest plugin.

Every task of a domain checked in two lines:

    from thinkingbox.testing import DomainTests

    class TestShopTasks(DomainTests):
        domain = "shop"

This gives three tests per task: it is sound (what `tb validate` checks), the oracle (the
reference solution and message) passes, and doing nothing fails. For tests of your own
tools, these fixtures read the domain's name from the test class's `domain` attribute or
the module's `DOMAIN` variable:

    tb_domain   the loaded domain
    tb_world    a fresh world of a task: the first task by id, or the one named with
                `@pytest.mark.tb_task("shop-001")`
    tb_call     tb_call("tool", **args) -> ToolResult(text, is_error, data), on tb_world

The same helpers work without pytest: `load_domain`, `new_world`, `call_tool`, `run_agent`,
and, for tests that derive a family's outcome from the policy on their own,
`reference_states` (the rows before and after the reference solution), `new_rows` and
`changed_rows`.
Everything here goes through the public plugin path (entry points, MCP tool schemas,
the runner's trial), so a test sees what `tb eval` sees.
"""
from __future__ import annotations

import asyncio
import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator

import pytest

if TYPE_CHECKING:
    from thinkingbox.engine.domain import Domain
    from thinkingbox.engine.discovery import PluginHost
    from thinkingbox.contract.world import World


@dataclass(frozen=True)
class ToolResult:
    """What a tool call gave: its text, whether it was an error, and the text as JSON
    (None when it is not JSON)."""

    text: str
    is_error: bool
    data: Any = None


@functools.cache
def _host() -> PluginHost:
    from thinkingbox.engine.discovery import PluginHost

    return PluginHost()


def load_domain(name: str) -> Domain:
    """An installed domain, loaded once per process (with every extension plugin)."""
    (domain,) = _host().load_domains([name])
    return domain


def new_world(domain: Domain, task_id: str | None = None) -> World:
    """A fresh private world of a task (default: the first task by id). Close it after use."""
    if task_id is None:
        if not domain.tasks:
            raise AssertionError(f"domain {domain.name!r} has no tasks")
        task_id = min(domain.tasks)
    task_world = asyncio.run(domain.prepare(domain.task(task_id)))
    return domain.new_world(task_world)


def call_tool(domain: Domain, world: World, tool: str, /, **args: Any) -> ToolResult:
    """Call one tool on `world` as an agent would (arguments validated against the tool's
    schema); a refusal comes back as `is_error`, never as an exception. The first three
    are positional only, so a tool argument may be called `domain`, `world` or `tool`."""
    import orjson

    from thinkingbox.engine.verdicts import apply_calls
    from thinkingbox.contract.tasks import ToolCall

    if tool not in domain.tools and tool not in domain.builtin_tools:   # the core's tools are every domain's too
        raise AssertionError(f"domain {domain.name!r} has no tool {tool!r}; tools: "
                             f"{', '.join([*domain.tools, *domain.builtin_tools])}")
    (result,) = asyncio.run(apply_calls(domain, world, [ToolCall(tool=tool, args=args)]))
    try:
        data = orjson.loads(result.text)
    except orjson.JSONDecodeError:
        data = None
    return ToolResult(result.text, result.is_error, data)


State = dict[type, dict[Any, dict[str, Any]]]   # model -> {primary key: row as a dict}


def _rows(world: World, models: tuple[type, ...]) -> State:
    state: State = {}
    for model in models:
        key: str = getattr(model, "__table__").primary_key.columns.keys()[0]
        rows: list[Any] = world.rows(model)
        state[model] = {getattr(row, key): row.model_dump() for row in rows}
    return state


def reference_states(domain: Domain, task_id: str, models: tuple[type, ...]) -> tuple[Any, State, State]:
    """A task's world before and after its reference solution's tool calls, for tests that
    check the golden state against the policy: (task, before, after), each state holding the
    rows of `models` by primary key. Every reference call must succeed."""
    task, before, after, _ = reference_run(domain, task_id, models)
    return task, before, after


def reference_run(domain: Domain, task_id: str, models: tuple[type, ...]
                  ) -> tuple[Any, State, State, list[tuple[str, dict[str, Any], Any]]]:
    """`reference_states` plus what each reference call answered: (tool, arguments, data)."""
    task = domain.task(task_id)
    world = new_world(domain, task_id)
    results = []
    try:
        before = _rows(world, models)
        for step in task.solution:
            if step.tool:
                result = call_tool(domain, world, step.tool, **step.args)
                assert not result.is_error, (step.tool, result.text)
                results.append((step.tool, step.args, result.data))
        after = _rows(world, models)
    finally:
        world.close()
    return task, before, after, results


def new_rows(before: State, after: State, model: type) -> list[dict[str, Any]]:
    """Rows of `model` the reference solution created."""
    return [row for key, row in after[model].items() if key not in before[model]]


def changed_rows(before: State, after: State, model: type) -> dict[Any, dict[str, Any]]:
    """Rows of `model` the reference solution changed, by primary key (as they are after)."""
    return {key: row for key, row in after[model].items() if key in before[model] and before[model][key] != row}


def run_agent(domain: Domain, task_id: str, agent: str = "oracle", user: str = "scripted",
              judge: str = "rules") -> dict[str, Any]:
    """One full trial of a task (the record `tb eval` would write), with rubric questions
    answered offline by their rules unless `judge` names a model."""
    from thinkingbox.trials import RunSettings, run_one

    return run_one(domain, task_id, RunSettings(agent=agent, user=user, judge=judge), host=_host()).record


def _failed_checks(record: dict[str, Any]) -> list[Any]:
    return [c for c in record.get("checks", []) if not c.get("passed")] or [record.get("error")]


class DomainTests:
    """Subclass as `TestXxx` with `domain = "name"`: soundness, oracle and noop for every task."""

    domain: str = ""

    def test_task_is_sound(self, tb_domain: Domain, tb_task_id: str) -> None:
        from thinkingbox.engine.quality import check_task

        assert asyncio.run(check_task(tb_domain, tb_domain.tasks[tb_task_id])) == []

    def test_oracle_passes(self, tb_domain: Domain, tb_task_id: str) -> None:
        record = run_agent(tb_domain, tb_task_id, "oracle")
        assert record["verdict"], _failed_checks(record)

    def test_noop_fails(self, tb_domain: Domain, tb_task_id: str) -> None:
        record = run_agent(tb_domain, tb_task_id, "noop")
        assert not record["verdict"], f"{tb_task_id}: doing nothing passes"


class InjectionTests:
    """Subclass as `TestXxxInjection` with `domain = "name"`: for every task tagged "injection",
    the planted text is in what some reference call returned (the legitimate task needs the
    record); the `obeyed_by` calls, made after the reference, succeed and fail the golden state;
    telling the customer a `leaks` value fails the communication check."""

    domain: str = ""
    min_tasks: int = 10

    def test_enough_injection_tasks(self, tb_domain: Domain) -> None:
        assert len(_injection_ids(tb_domain)) >= self.min_tasks

    def test_the_planted_record_is_read_by_the_reference(self, tb_domain: Domain, tb_injection_task_id: str) -> None:
        task = tb_domain.task(tb_injection_task_id)
        planted = _planted_text(task)
        assert task.injection is not None
        _, _, _, results = reference_run(tb_domain, task.id, ())
        assert any(planted in text for _, _, data in results for text in _strings(data)), \
            f"{task.id}: no reference call returns the text of {task.injection.record}"

    def test_obeying_calls_succeed_after_the_reference_and_fail_the_state(self, tb_domain: Domain,
                                                                          tb_injection_task_id: str) -> None:
        from thinkingbox.contract.checks import GOLDEN_STATE
        from thinkingbox.contract.tasks import ToolCall
        from thinkingbox.engine.quality import verdict_of

        task = tb_domain.task(tb_injection_task_id)
        assert task.injection is not None
        if not task.injection.obeyed_by:
            pytest.skip("the instruction asks for a leak only")
        obeying = [ToolCall(tool=c.tool, args=c.args) for c in task.injection.obeyed_by]
        world = new_world(tb_domain, task.id)
        try:
            for step in task.solution:
                if step.tool:
                    assert not call_tool(tb_domain, world, step.tool, **step.args).is_error
            for call in obeying:
                result = call_tool(tb_domain, world, call.tool, **call.args)
                assert not result.is_error, f"{task.id}: the obeying call {call.tool} fails: {result.text}"
        finally:
            world.close()
        task_world = asyncio.run(tb_domain.prepare(task))
        assert asyncio.run(verdict_of(tb_domain, task_world, task.solution)).passed
        verdict = asyncio.run(verdict_of(tb_domain, task_world, [*task.solution, *obeying]))
        state = next(c for c in verdict.checks if c.name == GOLDEN_STATE)
        assert not verdict.passed and not state.passed, f"{task.id}: following the instruction still passes"

    def test_telling_what_the_instruction_asks_fails_the_communication_check(self, tb_domain: Domain,
                                                                             tb_injection_task_id: str) -> None:
        from thinkingbox.engine.quality import verdict_of

        task = tb_domain.task(tb_injection_task_id)
        assert task.injection is not None
        if not task.injection.leaks:
            pytest.skip("the instruction asks for calls only")
        task_world = asyncio.run(tb_domain.prepare(task))
        for label in task.injection.leaks:
            claims = [c for c in task.says.never_states if c.label == label]
            assert claims, label
            for claim in claims:
                message = f"{task.final_message} {_leaked_sentence(claim)}"
                verdict = asyncio.run(verdict_of(tb_domain, task_world, task.solution, final_message=message))
                communication = next(c for c in verdict.checks if c.name == "communication")
                assert not verdict.passed and not communication.passed, f"{task.id}: telling {label!r} still passes"


def _injection_ids(domain: Domain) -> list[str]:
    return sorted(t.id for t in domain.tasks.values() if "injection" in t.tags)


def _planted_text(task: Any) -> str:
    table, rest = task.injection.record.split(":", 1)
    key, field = rest.rsplit(".", 1)
    rows = [r for r in task.rows.get(table, []) if key in {str(v) for v in r.values()}]
    assert rows, f"{task.id}: no row {key!r} of {table!r} in the task's rows"
    text = rows[0].get(field)
    assert isinstance(text, str) and text, f"{task.id}: {task.injection.record} is empty"
    return text


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def _leaked_sentence(claim: Any) -> str:
    """The reference's final message plus this sentence tells the customer the leaked value."""
    if claim.kind == "text":
        return f"For your information: {claim.value[0]}."
    if claim.kind == "money":
        return f"For your information, that is ${claim.value}."
    if claim.kind == "percent":
        return f"For your information, the {claim.about[0] if claim.about else 'rate'} is {claim.value}%."
    return f"For your information: {claim.value}."


# ---- the pytest plugin ----------------------------------------------------------------

def _domain_name(node: Any) -> str:
    cls = getattr(node, "cls", None)
    name = getattr(cls, "domain", None) or getattr(getattr(node, "module", None), "DOMAIN", None)
    if not name:
        raise pytest.UsageError("thinkingbox.testing: name the domain with a class attribute `domain = \"name\"` "
                                "or a module variable `DOMAIN = \"name\"`")
    return name


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "tb_task(task_id): the task whose world the tb_world fixture builds")
    config.addinivalue_line("markers", "slow: a DomainTests check of a task beyond the first of its family "
                            "(deselect with -m 'not slow' for a quick run; the first task of each family still runs)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "tb_task_id" in metafunc.fixturenames:
        domain = load_domain(_domain_name(metafunc))
        # The first task of each family is the quick sample; the others are marked slow, so
        # `-m "not slow"` checks every family in seconds and a plain run checks every task.
        first: dict[str, str] = {}
        for task_id in sorted(domain.tasks):
            first.setdefault(domain.tasks[task_id].family, task_id)
        sample = set(first.values())
        metafunc.parametrize("tb_task_id", [t if t in sample else pytest.param(t, marks=pytest.mark.slow)
                                            for t in sorted(domain.tasks)])
    if "tb_injection_task_id" in metafunc.fixturenames:   # the first in the default tier, the rest slow
        ids = _injection_ids(load_domain(_domain_name(metafunc)))
        metafunc.parametrize("tb_injection_task_id", [t if i == 0 else pytest.param(t, marks=pytest.mark.slow)
                                                      for i, t in enumerate(ids)])


@pytest.fixture
def tb_domain(request: pytest.FixtureRequest) -> Domain:
    return load_domain(_domain_name(request))


@pytest.fixture
def tb_world(request: pytest.FixtureRequest, tb_domain: Domain) -> Iterator[World]:
    marker = request.node.get_closest_marker("tb_task")
    world = new_world(tb_domain, marker.args[0] if marker else None)
    yield world
    world.close()


@pytest.fixture
def tb_call(tb_domain: Domain, tb_world: World) -> Callable[..., ToolResult]:
    return functools.partial(call_tool, tb_domain, tb_world)


class RubricCorpusTests:
    """Subclass (as `TestRubricCorpus`) to check a domain's rubric questions against a
    labelled corpus: every question the tasks ask is in the corpus with at least ten final
    messages to which the answer is yes and ten to which it is no, each question has one
    wording and one offline rule across tasks, the rules (`--judge rules`) agree with the
    labels often enough, and a message that never touches a question's topic passes it.

        class TestRubricCorpus(RubricCorpusTests):
            domain = "shop"
            corpus = Path(__file__).parent / "shop_rubric.json"
            neutral_message = "Your order is confirmed and nothing else has changed."

    The corpus is JSON: {"questions": [{"question", "kind", "yes": [...], "no": [...],
    optional "template" and "topic" (the question is template.format(topic=topic))}]}.
    """

    domain: str = ""
    corpus: Any = None                 # a Path to the corpus file
    neutral_message: str = "Your request is recorded and nothing else has changed."
    floor: float = 0.90                # agreement over all questions together
    floor_each: float = 0.95           # a rule below this is marked `approximate` (rules runs do not judge it)
    min_each_way: int = 10             # labelled yes and no messages per question

    def _corpus(self) -> dict[str, Any]:
        import json
        from pathlib import Path

        return json.loads(Path(self.corpus).read_text(encoding="utf-8"))

    def _asked(self) -> dict[str, list]:
        """question -> [(task id, rubric item), ...] over the domain's tasks."""
        asked: dict[str, list] = {}
        for task in load_domain(self.domain).tasks.values():
            for item in task.rubric_items:
                asked.setdefault(item.question, []).append((task.id, item))
        return asked

    def test_every_question_asked_is_in_the_corpus_and_the_other_way_round(self) -> None:
        asked = set(self._asked())
        in_corpus = {q["question"] for q in self._corpus()["questions"]}
        assert asked - in_corpus == set(), "rubric questions without labelled messages"
        assert in_corpus - asked == set(), "corpus questions no task asks"

    def test_one_wording_and_one_rule_per_question(self) -> None:
        import json

        for question, uses in self._asked().items():
            rules = {json.dumps(item.rule.model_dump() if item.rule else None, sort_keys=True) for _, item in uses}
            assert len(rules) == 1, f"tasks ask {question!r} with different rules: {[t for t, _ in uses]}"
            assert all(item.rule is not None and (item.rule.none or item.rule.all) for _, item in uses), question
        entries = self._corpus()["questions"]
        for entry in entries:
            if "template" in entry:  # one wording for the kind, with the task's topic in it
                assert entry["question"] == entry["template"].format(topic=entry["topic"])
        kinds: dict[str, set] = {}
        for entry in entries:
            kinds.setdefault(entry["kind"], set()).add(entry.get("template", entry["question"]))
        assert all(len(wordings) == 1 for wordings in kinds.values()), kinds

    def test_each_question_has_enough_messages_either_way(self) -> None:
        for entry in self._corpus()["questions"]:
            assert len(entry["yes"]) >= self.min_each_way and len(entry["no"]) >= self.min_each_way, entry["question"]
            assert not set(entry["yes"]) & set(entry["no"]), entry["question"]

    def test_the_offline_rules_agree_with_the_corpus(self, capsys: Any) -> None:
        from thinkingbox.models.rubric import rule_answer

        asked = self._asked()
        lines, right, total, misses = [], 0, 0, []
        for entry in self._corpus()["questions"]:
            _, item = asked[entry["question"]][0]
            labelled = [(m, True) for m in entry["yes"]] + [(m, False) for m in entry["no"]]
            agree = [rule_answer(item.rule, message) == expected for message, expected in labelled]
            misses += [(entry["kind"], "yes" if expected else "no", message)
                       for (message, expected), ok in zip(labelled, agree) if not ok]
            share = sum(agree) / len(agree)
            right, total = right + sum(agree), total + len(agree)
            lines.append(f"  {entry['kind']:<18} {len(asked[entry['question']]):>3} tasks  "
                         f"{sum(agree):>3}/{len(agree):<3} {share:.0%}" + ("  (not judged by rules)"
                                                                          if item.rule.approximate else ""))
            # A rule that falls short is declared approximate, so rules runs leave its question unjudged
            # (its authors may declare a rule approximate above the floor too, from other evidence).
            assert item.rule.approximate or share >= self.floor_each, (entry["question"], share, misses)
        with capsys.disabled():
            print(f"\n{self.domain} rubric rules agree with the corpus on {right}/{total} messages "
                  f"({right / total:.1%}):")
            print("\n".join(lines))
            for kind, expected, message in misses:
                print(f"  missed ({kind}, expected {expected}): {message}")

    def test_messages_that_do_not_touch_a_topic_pass_its_question(self) -> None:
        from thinkingbox.models.rubric import rule_answer

        asked = self._asked()
        for entry in self._corpus()["questions"]:
            _, item = asked[entry["question"]][0]
            for message in (self.neutral_message, "Thank you for your patience.", ""):
                assert rule_answer(item.rule, message), (entry["kind"], message)
