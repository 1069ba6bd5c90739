"""Text nobody controls meets regular expressions from task files and from the readers: a
pattern that backtracks catastrophically can neither pin a run nor go unnoticed by `tb validate`."""
import asyncio
import json
import time
from types import SimpleNamespace

import pytest
from hypothesis import given, settings, strategies as st

from thinkingbox.engine.quality import rubric_rule_problems
from thinkingbox.contract.errors import TaskError
from thinkingbox.models.rubric import RULES_JUDGE, rubric_check
from thinkingbox.contract.tasks import RULE_TIMEOUT, RubricRuleTimeout, Task, load_task_file

CATASTROPHIC = r"(a|aa)+$"          # exponential on "aaaa...!" even for the regex engine's optimisations


def _task(rule, final_message="Done."):
    return Task.model_validate({"id": "t-1", "family": "f", "request": "Hi.", "solution": [{"tool": "noop"}],
                                "final_message": final_message,
                                "rubric": [{"question": "Is it polite?", "rule": rule}]})


def test_a_catastrophic_rubric_rule_is_a_validate_problem_naming_it():
    problems = rubric_rule_problems(_task({"none": [CATASTROPHIC]}))
    assert len(problems) == 1 and problems[0].startswith("rubric[0]") and CATASTROPHIC in problems[0]
    assert rubric_rule_problems(_task({"all": [r"\bsorry\b"], "none": [r"password"]})) == []


def test_judging_with_a_catastrophic_rule_ends_in_a_bounded_time_as_a_task_error():
    task = _task({"none": [CATASTROPHIC]}, final_message="a" * 60 + "!")
    task.source_file = "tasks/items.json"
    outcome = SimpleNamespace(task=task, judge=RULES_JUDGE, final_message=task.final_message)
    started = time.perf_counter()
    with pytest.raises(TaskError) as err:
        asyncio.run(rubric_check(outcome))
    assert time.perf_counter() - started < 40 * RULE_TIMEOUT      # not the hours exponential time takes
    assert "tasks/items.json" in str(err.value) and "'t-1'" in str(err.value) and CATASTROPHIC in str(err.value)
    with pytest.raises(RubricRuleTimeout):
        task.rubric_items[0].rule.answer(task.final_message)


def test_an_invalid_rule_names_the_file_task_field_and_pattern(tmp_path):
    path = tmp_path / "items.json"
    path.write_text(json.dumps({"family": "f", "tasks": [{
        "id": "t-9", "request": "Hi.", "solution": [{"tool": "noop"}], "final_message": "Done.",
        "rubric": [{"question": "Polite?", "rule": {"all": ["(unclosed"]}}]}]}))
    with pytest.raises(TaskError) as err:
        load_task_file(path)
    text = str(err.value)
    assert str(path) in text and "'t-9'" in text and "rubric" in text and "(unclosed" in text


def test_a_rule_trial_error_is_recorded_not_raised(monkeypatch):
    """trial.py turns the TaskError of a rule past its bound into an errored trial (the task's fault)."""
    import inspect

    from thinkingbox.engine import trial

    source = inspect.getsource(trial)
    assert "except TaskError as exc:" in source and 'episode.finish_reason, episode.error = "error"' in source


# ---- the readers of agent text -------------------------------------------------------------------

PIECES = ["a ", "9", "$1", "1,", "refund ", "not ", "if ", "cancel ", "the 3rd of ", "yes ", "?", ".", "- ", "%", "RMA-"]


@settings(max_examples=8, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=4))
@pytest.mark.slow
def test_the_readers_finish_long_adversarial_messages(pieces):
    from datetime import date

    from thinkingbox.readers.claims import Claim, claim_states
    from thinkingbox.contract.vocabulary import CORE_VOCABULARY
    from thinkingbox.readers.sentences import agrees

    unit = "".join(pieces)
    text = unit * (20_000 // len(unit) + 1)
    started = time.perf_counter()
    for claim in (Claim("money", "599.99", role="refund"), Claim("date", "2025-10-14"),
                  Claim("decision", "cancelled", about=("order",))):
        claim_states(claim, (text,), date(2025, 10, 1), CORE_VOCABULARY)
    agrees(text)
    # A safety bound, not a speed target (bench/readers_bench.py measures that): a reader that
    # backtracked catastrophically would take hours here.
    assert time.perf_counter() - started < 60
