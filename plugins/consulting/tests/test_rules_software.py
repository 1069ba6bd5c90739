"""Every software task's golden state follows 09_software.md and 02_approvals.md. The reference
solution is applied to a fresh world, and what it leaves is compared with what this file derives
on its own from the world before the conversation (catalogue, licences, staffing, directory)
and the user's facts. Amounts are recomputed here, not copied from the generator."""
from __future__ import annotations

from decimal import Decimal

import pytest

from consulting_rules import BAND, stand_in, title_asked
from thinkingbox.testing import changed_rows, load_domain, new_rows, reference_states
from thinkingbox_consulting.models import (
    Approval, Employee, Engagement, Enrolment, Licence, Software, Staffing, Ticket, TrainingBudget,
)

DOMAIN = "consulting"
SOFTWARE_TASKS = sorted(t for t in load_domain(DOMAIN).tasks if load_domain(DOMAIN).task(t).family == "software")
MODELS = (Approval, Employee, Engagement, Enrolment, Licence, Software, Staffing, Ticket, TrainingBudget)


def apply(task_id):
    return reference_states(load_domain(DOMAIN), task_id, MODELS)


def requester(task, before):
    return next(e for e in before[Employee].values() if e["email"] == task.user_facts["email"])


@pytest.mark.parametrize("task_id", SOFTWARE_TASKS)
def test_software_outcome_follows_the_software_policy(task_id):
    task, before, after = apply(task_id)
    people = before[Employee]
    me = requester(task, before)
    sw = title_asked(task, before, Software, "name")
    cost = Decimal(str(sw["annual_cost"]))
    ticket = new_rows(before, after, Ticket)[0]
    approvals = new_rows(before, after, Approval)
    licences = new_rows(before, after, Licence)
    assert not changed_rows(before, after, Licence), "no existing licence changes"
    assert ticket["type"] == "task" and ticket["priority"] == "normal" and ticket["category"] == "software"

    def nothing(resolution):
        assert not approvals and not licences and ticket["resolution"] == resolution

    held = [l for l in before[Licence].values() if l["employee_id"] == me["id"] and l["software_id"] == sw["id"]
            and l["status"] == "active"]
    if held:                                                           # rule 1
        return nothing("information")
    if cost == 0:                                                      # rule 2
        assert [(l["software_id"], l["employee_id"], l["engagement_id"]) for l in licences] == [(sw["id"], me["id"], None)]
        assert not approvals and ticket["resolution"] == "fulfilled"
        return
    active = [s["engagement_id"] for s in before[Staffing].values() if s["employee_id"] == me["id"]
              and s["status"] == "active"]
    if not active:                                                     # rule 3
        return nothing("declined")
    used = len([l for l in before[Licence].values() if l["software_id"] == sw["id"] and l["status"] == "active"])
    if used >= sw["seats_total"]:                                      # rule 4
        return nothing("declined")
    if len(active) > 1:                                                # rule 3: the user names the engagement
        said = task.user_facts["engagement"].lower()
        named_eng = [e for e in active if before[Engagement][e]["name"].lower() in said]
        assert len(named_eng) == 1
        eng = named_eng[0]
    else:
        eng = active[0]
    partner = before[Engagement][eng]["partner_id"]
    band = BAND[me["grade"]]
    over = cost >= Decimal("500.00")
    named = {"associate": [me["manager_id"]] + ([partner] if over else []),
             "manager": [partner] if over else [], "partner": []}[band]
    if not named:                                                      # rule 6
        assert [(l["software_id"], l["employee_id"], l["engagement_id"]) for l in licences] == [(sw["id"], me["id"], eng)]
        assert not approvals and ticket["resolution"] == "fulfilled"
        return
    resolved = [stand_in(people, n, me["id"]) for n in named]          # rule 5
    if None in resolved:
        return nothing("waiting_on_employee")
    expected = sorted({(a, sw["id"], cost) for a in resolved})
    got = sorted((a["approver_id"], a["subject_id"], Decimal(str(a["amount"]))) for a in approvals)
    assert got == expected and all(a["kind"] == "software" for a in approvals)
    assert not licences and ticket["resolution"] == "awaiting_approval"


def test_software_family_varies_its_outcome():
    outcomes = set()
    for task_id in SOFTWARE_TASKS:
        _task, before, after = apply(task_id)
        outcomes.add(new_rows(before, after, Ticket)[0]["resolution"])
    assert outcomes >= {"fulfilled", "declined", "awaiting_approval", "information", "waiting_on_employee"}
