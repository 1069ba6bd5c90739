"""Every training task's golden state follows 10_training.md and 02_approvals.md. The reference
solution is applied to a fresh world, and what it leaves is compared with what this file derives
on its own from the world before the conversation (courses, enrolments, budget, staffing,
engagements, directory) and the user's facts. Budget amounts are recomputed here."""
from __future__ import annotations

from datetime import date
from decimal import ROUND_HALF_UP, Decimal

import pytest

from consulting_rules import BAND, stand_in, title_asked
from thinkingbox.testing import changed_rows, load_domain, new_rows, reference_states
from thinkingbox_consulting.models import (
    Approval, Course, Employee, Engagement, Enrolment, Staffing, Ticket, TrainingBudget,
)

DOMAIN = "consulting"
MODELS = (Approval, Course, Employee, Engagement, Enrolment, Staffing, Ticket, TrainingBudget)


def apply(task_id):
    return reference_states(load_domain(DOMAIN), task_id, MODELS)


def requester(task, before):
    return next(e for e in before[Employee].values() if e["email"] == task.user_facts["email"])


TRAINING_TASKS = sorted(t for t in load_domain(DOMAIN).tasks if load_domain(DOMAIN).task(t).family == "training")


def cents(x) -> Decimal:
    return Decimal(str(x)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def shares_a_day(a0, a1, b0, b1) -> bool:
    d = date.fromisoformat
    return d(a0) <= d(b1) and d(b0) <= d(a1)


@pytest.mark.parametrize("task_id", TRAINING_TASKS)
def test_training_outcome_follows_the_training_policy(task_id):
    task, before, after = apply(task_id)
    people = before[Employee]
    me = requester(task, before)
    course = title_asked(task, before, Course, "title")
    cost = cents(course["cost"])
    ticket = new_rows(before, after, Ticket)[0]
    approvals = new_rows(before, after, Approval)
    enrolled = [(e["employee_id"], e["course_id"]) for e in new_rows(before, after, Enrolment)]
    assert not changed_rows(before, after, Enrolment), "no existing enrolment changes"
    assert ticket["type"] == "task" and ticket["priority"] == "normal" and ticket["category"] == "training"
    budgets = [b for b in before[TrainingBudget].values() if b["employee_id"] == me["id"] and b["year"] == 2026]
    left = cents(Decimal(str(budgets[0]["allowance"])) - Decimal(str(budgets[0]["spent"]))) if budgets else cents(0)

    def nothing(resolution):
        assert not approvals and not enrolled and ticket["resolution"] == resolution
        assert not changed_rows(before, after, TrainingBudget) and not changed_rows(before, after, Course)

    mine = {e["course_id"]: e["status"] for e in before[Enrolment].values() if e["employee_id"] == me["id"]}
    if mine.get(course["id"]) in ("enrolled", "completed"):            # rule 1
        return nothing("information")
    if course["seats_left"] < 1:                                       # rule 2
        return nothing("declined")
    if cost > left:                                                    # rule 3 (equal fits)
        return nothing("declined")
    during = [before[Engagement][s["engagement_id"]] for s in before[Staffing].values()
              if s["employee_id"] == me["id"] and s["status"] == "active"]
    during = [e for e in during if shares_a_day(course["start_date"], course["end_date"], e["start_date"], e["end_date"])]
    if course["kind"] == "conference" and during:                      # rule 4
        return nothing("declined")
    pre = course["prerequisite_id"]
    if pre and mine.get(pre) != "completed":                           # rule 5
        assert enrolled == ([] if mine.get(pre) == "enrolled" else [(me["id"], pre)])
        assert not approvals and ticket["resolution"] == "waiting_on_employee"
        return
    if cost > 0:   # The employee's agreement: cost and budget left told, then the employee decides
        (decision,) = task.user_decisions
        told = {(c.kind, c.role, str(c.value)) for c in task.says.states_before}
        assert ("money", "cost", f"{cost:.2f}") in told
        assert any(kind == "money" and role == "budget_left" for kind, role, _ in told)
        if decision.answer == "no":
            nothing("declined")
            assert not task.says.agreement
            return
        assert [a.before for a in task.says.agreement] in (["request_approval"], ["enrol_in_course"])
    if course["kind"] in ("external", "conference") and BAND[me["grade"]] != "partner":   # rule 6
        named = [me["manager_id"]]
        if cost >= Decimal("1500.00"):
            named.append(people[me["manager_id"]]["manager_id"])
        if course["kind"] == "external":
            named += [e["manager_id"] for e in during]
        resolved = {stand_in(people, n, me["id"]) for n in named}
        assert None not in resolved
        got = sorted((a["kind"], a["approver_id"], a["subject_id"], cents(a["amount"])) for a in approvals)
        assert got == sorted(("training", a, course["id"], cost) for a in resolved)
        assert not enrolled and ticket["resolution"] == "awaiting_approval"
        assert not changed_rows(before, after, TrainingBudget)
        return
    assert enrolled == [(me["id"], course["id"])] and not approvals     # rule 7
    assert ticket["resolution"] == "fulfilled"
    if cost > 0:
        b = after[TrainingBudget][budgets[0]["id"]]
        assert cents(Decimal(str(b["allowance"])) - Decimal(str(b["spent"]))) == cents(left - cost)


def test_training_family_varies_its_outcome():
    outcomes = set()
    for task_id in TRAINING_TASKS:
        _task, before, after = apply(task_id)
        outcomes.add(new_rows(before, after, Ticket)[0]["resolution"])
    assert outcomes >= {"fulfilled", "declined", "awaiting_approval", "waiting_on_employee"}
