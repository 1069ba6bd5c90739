"""The task quality gate (`tb validate`): reordered independent writes, accepted
alternatives, and the report of choice arguments that do not decide the verdict."""
from pathlib import Path

import pytest
from helpers import run
from thinkingbox.interfaces.cli import main
from thinkingbox.contract.hookspecs import hookimpl
from thinkingbox.contract.checks import Check, CheckResult
from thinkingbox.engine.quality import check_task, passing_alternatives, verdict_of
from thinkingbox.contract.tasks import ToolCall


class FirstLoanIsDune:
    """An order-dependent check: the first loan created must be for B1."""

    @staticmethod
    @hookimpl
    def tb_checks(domain, task):
        def first_is_dune(outcome):
            loans = outcome.final.get("loans", {})
            return CheckResult("first_is_dune", not loans or loans.get("L-1", (None, None))[1] == "B1")

        return [Check("first_is_dune", first_is_dune)] if domain.name == "library" else []


def test_validate_swaps_independent_writes_and_reports_an_order_dependent_golden(host, library):
    task = library.tasks["lend-two"]
    assert run(check_task(library, task)) == []
    host.add_extension("order", FirstLoanIsDune())
    problems = run(check_task(library, task))
    assert problems == ["swapping solution[0] (lend_book) and solution[1] (lend_book), which do not depend on each "
                        "other, fails: first_is_dune: "]


@pytest.mark.domains("retail")
@pytest.mark.slow
def test_writes_to_the_same_field_are_not_swapped(retail):
    """ret-fee-001 opens its ticket, then puts it on hold: the two writes are ordered."""
    assert run(check_task(retail, retail.tasks["ret-fee-001"])) == []


def with_priority(task, priority):
    solution = [ToolCall(tool=s.tool, args={**s.args, "item": {**s.args["item"], "priority": priority}})
                if s.tool == "helpdesk_create_item" else s for s in task.solution]
    return solution


@pytest.mark.domains("retail")
def test_accepted_alternatives_are_judged_equal_and_reported_as_declared(retail):
    original = retail.tasks["ret-fee-001"]
    task = original.model_copy(update={"id": "ret-fee-001-accepting", "accepted": {"tickets.priority": ["normal", "high"]}})
    tw = run(retail.prepare(task))
    assert run(verdict_of(retail, tw, with_priority(task, "high"))).passed
    failed = run(verdict_of(retail, tw, with_priority(task, "low")))
    assert not failed.passed and "1 wrong" in failed.detail
    assert not run(verdict_of(retail, run(retail.prepare(original)), with_priority(original, "high"))).passed
    (alternative,) = run(passing_alternatives(retail, task))
    assert (alternative.path, alternative.reference, alternative.value, alternative.declared) == \
        ("item.priority", "normal", "high", True)


@pytest.mark.domains("retail")
def test_an_ungraded_choice_is_a_warning_for_the_author(retail):
    task = retail.tasks["ret-fee-001"].model_copy(update={"id": "ret-fee-001-loose",
                                                          "free_text_fields": {"tickets": ["priority"]}})
    found = run(passing_alternatives(retail, task))
    assert sorted(a.value for a in found) == ["high", "low", "urgent"] and not any(a.declared for a in found)
    assert "not declared" in str(found[0])


def test_a_tool_names_the_choices_of_its_free_form_arguments_for_any_domain(library, monkeypatch):
    """The quality check asks each tool (`argument_choices`), as it asks the kit's help-desk
    tools for ticket fields; the core itself names no domain's table or field."""
    import thinkingbox.engine.quality as quality

    lend = library.tools["lend_book"].fn
    monkeypatch.setattr(lend, "argument_choices", lambda args: [(("note",), ["first", "second"])] if "note" in args
                        else [], raising=False)
    found = run(passing_alternatives(library, library.tasks["lend-two"]))  # the note is free text: not graded
    assert [(a.step, a.path, a.reference, a.value) for a in found] == [(0, "note", "first", "second")]
    source = Path(quality.__file__).read_text()
    assert '"tickets"' not in source and "ticketing" not in source


def test_accepted_names_a_real_field(library):
    import pytest

    from thinkingbox.contract.errors import TaskError

    task = library.tasks["lend-two"].model_copy(update={"accepted": {"loans.colour": ["red", "blue"]}})
    with pytest.raises(TaskError, match="field 'accepted.loans.colour': no such table field"):
        library._check_task_rows(task)
    with pytest.raises(ValueError, match="at least two accepted values"):
        type(task).model_validate({**task.model_dump(), "accepted": {"loans.member": ["M-1"]}})


@pytest.mark.domains("retail")
def test_validate_prints_the_alternatives_and_stays_sound(capsys):
    assert main(["validate", "--domains", "retail", "--tasks", "ret-fee-001"]) == 0
    assert "all 1 tasks are sound" in capsys.readouterr().out


def test_validate_runs_rubric_rules_against_the_reference_message(library):  # issue 15, F12
    from thinkingbox.contract.tasks import RubricItem, RubricRule

    (task,) = [t for t in library.tasks.values() if t.rubric]
    assert run(check_task(library, task)) == []
    rejecting = task.model_copy(update={"id": f"{task.id}-rejecting", "rubric": [RubricItem(question=task.rubric[0].question,
                                                              rule=RubricRule(all=["a phrase nobody wrote"]))]})
    problems = run(check_task(library, rejecting))
    assert problems and "rubric" in problems[0] and "answered no" in problems[0]


def test_a_rubric_rule_that_is_not_a_regular_expression_is_a_task_error(tmp_path):  # issue 15, F12
    import pytest
    from pydantic import ValidationError

    from thinkingbox.contract.tasks import RubricRule

    with pytest.raises(ValidationError, match=r"rule.*not a regular expression.*missing \)"):
        RubricRule(all=["(unclosed"])
    with pytest.raises(ValidationError, match=r"not a regular expression"):
        RubricRule(none=["*starts with a star"])
