"""The client-access family's golden states follow 04_client_access.md, 02_approvals.md and
01_service_desk.md ("Engagements and staffing"). The reference solution is applied to a fresh
world; what it leaves is compared with what this file derives on its own from the world before
the conversation and the user's facts (the system or client asked about)."""
from __future__ import annotations

import pytest

from consulting_rules import holds_access_to, staffed, stand_in
from thinkingbox.testing import changed_rows, load_domain, new_rows, reference_states
from thinkingbox_consulting.models import (
    Approval, Client, ClientSystem, Employee, Engagement, Nda, Staffing, SystemAccess, Ticket,
)

DOMAIN = "consulting"
MODELS = (Approval, Client, ClientSystem, Employee, Engagement, Nda, Staffing, SystemAccess, Ticket)
TASKS = sorted(t for t in load_domain(DOMAIN).tasks if load_domain(DOMAIN).task(t).family == "client_access")


def _apply(task_id):
    return reference_states(load_domain(DOMAIN), task_id, MODELS)


@pytest.mark.parametrize("task_id", TASKS)
def test_client_access_follows_the_policy(task_id):
    task, before, after = _apply(task_id)
    me = next(e for e in before[Employee].values() if e["email"] == task.user_facts["email"])
    ticket = new_rows(before, after, Ticket)[0]
    assert (ticket["type"], ticket["priority"], ticket["category"]) == ("task", "normal", "client_access")
    approvals = new_rows(before, after, Approval)
    ndas = new_rows(before, after, Nda)
    granted = new_rows(before, after, SystemAccess)
    revoked = changed_rows(before, after, SystemAccess)
    assert not changed_rows(before, after, Nda)

    if "system" not in task.user_facts:   # Revoking: released from the last engagement of the client
        client = next(c["id"] for c in before[Client].values() if c["name"] == task.user_facts["client"])
        assert not staffed(before, me["id"], client)
        expected = {a["id"] for a in holds_access_to(before, me["id"], client)}
        assert expected and set(revoked) == expected and all(r["status"] == "revoked" for r in revoked.values())
        assert not granted and not approvals and not ndas and ticket["resolution"] == "fulfilled"
        return

    system = next(s for s in before[ClientSystem].values() if s["name"] == task.user_facts["system"])
    client = before[Client][system["client_id"]]
    mine = staffed(before, me["id"], client["id"])
    conflicting = [o for o in client["conflicts_with"]
                   if staffed(before, me["id"], o) or holds_access_to(before, me["id"], o)]
    held = any(a["system_id"] == system["id"] for a in holds_access_to(before, me["id"], client["id"]))
    nda = {n["status"] for n in before[Nda].values() if n["employee_id"] == me["id"] and n["client_id"] == client["id"]}
    assert not revoked

    nothing = not granted and not approvals and not ndas
    if not mine:
        assert nothing and ticket["resolution"] == "declined"
    elif conflicting:
        assert nothing and ticket["resolution"] == "declined"
        said = task.says.never_states
        assert any(before[Client][conflicting[0]]["name"].split()[0] in p for c in said if c.kind == "text"
                   for p in c.value), "the conflicting client is a never-state"
    elif held:
        assert nothing and ticket["resolution"] == "information"
    else:
        staffing = mine[0] if len(mine) == 1 else next(s for s in mine if s["status"] == "active")
        engagement = before[Engagement][staffing["engagement_id"]]
        if client["sensitivity"] == "restricted" and "signed" not in nda:
            if "sent" in nda:
                assert nothing
            else:
                assert [(n["client_id"], n["status"]) for n in ndas] == [(client["id"], "sent")]
                assert not granted and not approvals
            assert ticket["resolution"] == "waiting_on_employee"
        elif client["sensitivity"] == "restricted":
            who = stand_in(before[Employee], engagement["manager_id"], me["id"])
            assert who is not None
            assert [(a["kind"], a["approver_id"], a["subject_id"], a["amount"]) for a in approvals] == [
                ("client_access", who, system["id"], None)]
            assert not granted and not ndas and ticket["resolution"] == "awaiting_approval"
        else:
            assert [(g["system_id"], g["engagement_id"], g["status"]) for g in granted] == [
                (system["id"], engagement["id"], "active")]
            assert not approvals and not ndas and ticket["resolution"] == "fulfilled"
