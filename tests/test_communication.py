"""Typed communication checks: what the agent must state, must never state, and must state
before acting, judged over the trajectory; the oracle plays messages between its calls;
`tb validate` requires the checks to bite."""
import pytest

from helpers import run
from thinkingbox.engine.quality import check_task, verdict_of
from thinkingbox.contract.tasks import Task, ToolCall
from thinkingbox.testing import run_agent

SAYS = {
    "states": [{"date": "2025-01-15", "label": "due date"}, {"count": 2, "noun": "book"}],
    "never_states": [{"phrase": [r"\boverdue fines?\b"], "label": "fine talk"}, {"id": "M-12", "label": "another member"}],
    "states_before": [{"days": 14, "label": "loan period", "before": "lend_book"}],
}


@pytest.fixture
def task(library):
    original = library.tasks["lend-two"]
    data = {**original.model_dump(), "id": "lend-two-told",
            "solution": [{"say": "Loans last 14 days; shall I lend you both?"},
                         *[s.model_dump(exclude_defaults=True) for s in original.solution]],
            "final_message": "Both books (2 books) are yours until 15 January.", "says": SAYS}
    task = Task.model_validate(data)
    library.tasks[task.id] = task
    yield task
    del library.tasks[task.id]


def test_the_oracle_plays_its_messages_in_order_and_passes(library, task):
    record = run_agent(library, task.id, "oracle")
    assert record["verdict"], record["checks"]
    assert [c["name"] for c in record["checks"]] == ["golden_state", "communication"]
    said = [e["content"] for e in record["trajectory"] if e["role"] == "assistant" and e.get("content")]
    assert said[0].startswith("Loans last 14 days")
    assert not run_agent(library, task.id, "noop")["verdict"]


def verdict(library, task, steps=None, message=None):
    task_world = run(library.prepare(task))
    return run(verdict_of(library, task_world, steps or task.solution, final_message=message))


@pytest.mark.parametrize("message, failure", [
    ("Both books are yours until 15 January.", "does not state the count 2"),
    ("Your 2 books are due on 16 January.", "does not state the due date 2025-01-15"),
    ("2 books, due 15 January. Overdue fines are 10 cents a day.", "states the fine talk"),
    ("2 books until 15 January; M-12 also has one.", "states the another member M-12"),
    ("", "does not state the due date"),
])
def test_each_claim_kind_fails_a_wrong_message(library, task, message, failure):
    result = verdict(library, task, message=message)
    assert not result.passed and failure in result.detail


def test_a_value_not_stated_names_what_the_agent_said_instead(library, task):
    result = verdict(library, task, message="Your 2 books are due on 16 January.")
    assert "does not state the due date 2025-01-15; the agent said 2025-01-16" in result.detail


def test_paraphrases_pass(library, task):
    for message in ("You have two books, due back January 15th.", "Done: 2 books, return them by 2025-01-15.",
                    "Enjoy your two books until Jan 15!"):
        assert verdict(library, task, message=message).passed, message


def test_states_before_fails_when_the_agent_acts_first_and_announces_later(library, task):
    acts_first = [*task.solution[1:], ToolCall(say="By the way, loans last 14 days.")]
    result = verdict(library, task, steps=acts_first)
    assert not result.passed and "does not state the loan period 14 before lend_book" in result.detail
    assert verdict(library, task).passed


def test_validate_requires_the_checks_to_bite(library, task):
    assert run(check_task(library, task)) == []
    weak = Task.model_validate({**task.model_dump(), "id": "lend-two-weak",
                                "says": {"states": [{"phrase": [r"\byours\b"]}], "anywhere": False}})
    library.tasks[weak.id] = weak
    try:
        assert run(check_task(library, weak)) == []  # removing the phrasing fails it: it bites
        loose = Task.model_validate({**weak.model_dump(), "id": "lend-two-loose",
                                     "says": {"states": [{"phrase": [r"^"]}]}})  # met by any message
        problems = run(check_task(library, loose))
    finally:
        del library.tasks[weak.id]
    # A pattern every message meets is caught by the near-miss conversation (an empty
    # conversation has no message to meet it).
    assert any("changed still passes" in p for p in problems), problems


def test_claims_are_validated_when_tasks_load():
    with pytest.raises(ValueError, match="exactly one of"):
        Task.model_validate({"id": "x", "family": "f", "request": "r", "final_message": "m", "solution": [],
                             "says": {"states": [{"money": 5, "date": "2025-01-01"}]}})
    with pytest.raises(ValueError, match="names the tool it must come before"):
        Task.model_validate({"id": "x", "family": "f", "request": "r", "final_message": "m", "solution": [],
                             "says": {"states_before": [{"money": 5}]}})
    with pytest.raises(ValueError, match="either a tool call"):
        ToolCall.model_validate({"tool": "x", "say": "y"})


def test_serve_judges_the_order_of_messages_and_calls_when_given_the_conversation(library, task):
    from thinkingbox.engine.verdicts import apply_calls
    from thinkingbox.engine.http_tools import judge_world

    task_world = run(library.prepare(task))
    world = library.new_world(task_world)
    run(apply_calls(library, world, task.solution))
    lend = [{"role": "assistant", "content": "", "tool_calls": [{"id": "1", "name": "lend_book", "arguments": {}}]},
            {"role": "tool", "tool_call_id": "1", "name": "lend_book", "content": "{}", "is_error": False}]
    announce = [{"role": "assistant", "content": "Loans last 14 days."}]
    message = task.final_message
    assert run(judge_world(library, task_world, world, message, None, announce + lend))["verdict"]
    late = run(judge_world(library, task_world, world, message, None, lend + announce))
    assert not late["verdict"] and "before lend_book" in late["checks"][1]["detail"]
    # Without the conversation the order cannot be known: the rest is judged.
    assert run(judge_world(library, task_world, world, message, None))["verdict"]
    world.close()
