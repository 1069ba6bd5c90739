"""Rules of the consulting policies that several test files derive goldens from, written once
(the tests recompute what the policies say; they never read the reference's answers)."""
from __future__ import annotations

from thinkingbox_consulting.models import ClientSystem, Engagement, Staffing, SystemAccess

# 06_expenses.md / 09_software.md: grades and the band their limits go by.
BAND = {"analyst": "associate", "consultant": "associate", "senior_consultant": "associate",
        "manager": "manager", "senior_manager": "manager", "partner": "partner"}


def stand_in(employees, named, requester_id):
    """02_approvals.md, Who stands in for an approver: the requester -> their manager; on leave ->
    the delegate; both away -> None."""
    if named == requester_id:
        named = employees[requester_id]["manager_id"]
    if employees[named]["status"] == "on_leave":
        delegate = employees[named]["delegate_id"]
        if delegate is None or employees[delegate]["status"] == "on_leave":
            return None
        return delegate
    return named


def staffed(world, employee_id, client):
    """Staffings active or booked on a planned or active engagement of the client."""
    return [s for s in world[Staffing].values() if s["employee_id"] == employee_id and s["status"] in ("active", "booked")
            and world[Engagement][s["engagement_id"]]["status"] in ("planned", "active")
            and world[Engagement][s["engagement_id"]]["client_id"] == client]


def holds_access_to(world, employee_id, client):
    return [a for a in world[SystemAccess].values() if a["employee_id"] == employee_id and a["status"] == "active"
            and world[ClientSystem][a["system_id"]]["client_id"] == client]


def title_asked(task, before, model, field):
    """The catalogue row the request names (its full name, or else its first word, appears in the opening message)."""
    text = task.request.lower()
    found = ([r for r in before[model].values() if r[field].lower() in text]
             or [r for r in before[model].values() if r[field].split()[0].lower() in text])
    assert len(found) == 1, f"the request names exactly one {model.__name__}"
    return found[0]
