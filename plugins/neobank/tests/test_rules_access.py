"""The access families' golden values follow the written rules. For every task of the tool and
dashboard access (ac), incident production access (ia) and compliance data access (cd) families,
the decision is recomputed from the task's initial world (the employee's HR record, the
applications, dashboard groups and incidents), the request and the user facts, with the
department matrix read from 02_tool_access.md itself, and compared with the reference solution:
what is granted (level, expiry to the second, basis), revoked, asked of which approver at which
step and urgency, which notices are sent, and every decided ticket field."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from importlib import resources

import pytest

from thinkingbox.testing import load_domain, new_world
from thinkingbox_neobank.models import (
    AppAccess, Application, ApprovalRequest, Department, Employee, Group, SecurityIncident, Ticket,
)

DOMAIN = "neobank"
NOW = datetime(2025, 10, 1, 13, 0, tzinfo=timezone.utc)
PREFIXES = ("ac-", "ia-", "cd-")   # tool_access + dashboard_access, incident_access, compliance_dashboards
# 02_tool_access.md, "Approval chains for 'may obtain'": (lowest level, highest level, roles in order)
CHAINS = {"G2": [(1, 4, ["manager"]), (5, 99, [])],
          "G3": [(1, 4, ["manager", "security"]), (5, 7, ["security"]), (8, 99, [])],
          "G4": [(1, 5, ["director", "security"]), (6, 99, ["security"])],
          "G5": [(1, 5, ["director", "security"]), (6, 99, ["security"])]}
PRIORITY = {"SEV1": "urgent", "SEV2": "urgent", "SEV3": "high", "SEV4": "normal"}
NUMBERS = {"one": 1, "two": 2, "three": 3, "seven": 7, "ten": 10, "fourteen": 14, "thirty": 30}


def _matrix() -> dict:
    text = (resources.files("thinkingbox_neobank") / "policies" / "02_tool_access.md").read_text(encoding="utf-8")
    lines = [ln for ln in text.splitlines() if ln.startswith("|")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    out = {}
    for ln in lines[2:]:
        cells = [c.strip() for c in ln.strip("|").split("|")]
        out[cells[0]] = dict(zip(header[1:], cells[1:]))
    return out


MATRIX = _matrix()


def _tasks():
    return sorted(t for t, task in load_domain(DOMAIN).tasks.items() if t.startswith(PREFIXES))


def _iso(dt: datetime) -> str:
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def _period(facts: dict) -> timedelta | None:
    m = re.search(r"\b(\d+|" + "|".join(NUMBERS) + r") (hour|day|week)s?\b", facts.get("period", "").lower())
    if not m:
        return None
    n = int(m.group(1)) if m.group(1).isdigit() else NUMBERS[m.group(1)]
    return {"hour": timedelta(hours=n), "day": timedelta(days=n), "week": timedelta(days=7 * n)}[m.group(2)]


def _has_justification(facts: dict) -> bool:
    text = facts.get("business justification", "")
    return bool(text) and not re.search(r"don't have|no specific|no particular work", text, re.I)


def _approver(world, e: Employee, role: str) -> Employee:
    if role == "manager":
        return world.get(Employee, e.manager_id)
    if role == "director":
        current = e
        while current.manager_id:
            current = world.get(Employee, current.manager_id)
            if current.level >= 7:
                return current
        raise AssertionError("no director")
    if role == "security":
        (lead,) = world.find(Employee, title="Security Access Review Lead")
        return lead
    return world.get(Employee, world.get(Department, {"finance_head": "FIN", "compliance_head": "CMPL"}[role]).head_id)


def _named(rows, text: str, attr: str = "name"):
    found = [r for r in rows if getattr(r, attr).lower() in text.lower()]
    return max(found, key=lambda r: len(getattr(r, attr))) if found else None


def expected(world, task) -> dict:
    facts = task.user_facts
    (e,) = world.find(Employee, email=facts["email"])
    out = {"grants": [], "revokes": [], "requests": [], "notices": [], "groups": []}
    ticket = {"type": "task", "priority": "normal", "approval_required": False, "approval_status": "not_required",
              "approver_id": None, "access_expiry_date": None, "incident_severity": None, "customer_impact": None}
    away = e.status in ("on_leave", "departing")
    contractor = e.employment_type == "contractor"
    held = [t for t in world.rows(Ticket) if t.requester_id == e.helpdesk_user_id and t.status in ("pending", "hold")]

    app = _named([a for a in world.rows(Application)], task.request)
    grp = _named([g for g in world.rows(Group) if g.kind == "dashboard"], task.request)
    if grp is not None:                                       # 03_dashboards.md, first line that applies
        tag = "compliance" if grp.sensitivity == "compliance" else "dashboard"
        own = grp.department_id == e.department_id
        if away or (contractor and grp.sensitivity != "internal" and not own):
            decision = ("denied", [])
        elif own or grp.sensitivity == "internal":
            decision = ("grant", [])
        elif grp.sensitivity == "compliance":
            decision = ("pending", ["compliance_head"])
        elif e.level >= 8:
            decision = ("grant", [])
        else:
            decision = ("pending", ["manager" if grp.sensitivity == "confidential" else "finance_head"])
        if decision[0] == "grant":
            out["groups"].append(grp.id)
        for step, role in enumerate(decision[1], 1):
            out["requests"].append((_approver(world, e, role).id, role, step, "group", grp.id, None, "normal", False))
        return _finish(out, ticket, decision[0], [tag], world, e, decision[1])

    assert app is not None, task.id
    level = facts.get("access level") or re.search(r"\b(read|write|admin) access\b", task.request).group(1)
    m = re.search(r"INC-\d+", task.request + " " + facts.get("incident", ""))
    incident = world.get(SecurityIncident, m.group(0)) if m else None
    tags = ["production_access"] if incident else ["access"]
    if incident:
        ticket.update(type="incident", priority=PRIORITY[incident.severity], incident_severity=incident.severity,
                      customer_impact=incident.customer_impact)
    cell = "D" if app.tool_group == "G1" else MATRIX[e.department_id][app.name]
    period = _period(facts)
    # employment status limits, then the matrix (02), which 04 keeps for incidents
    if (away and app.tool_group != "G1") or (contractor and app.tool_group in ("G4", "G5")) or cell == "F":
        return _finish(out, ticket, "denied", tags, world, e, [])
    if held:                                                  # a follow-up on a held or pending ticket
        reqs = [r for r in world.find(ApprovalRequest, requester_id=e.id) if r.ticket_id == held[0].id]
        assert reqs and all(r.status == "approved" for r in reqs)
        expiry = _contract_expiry(e, period)
        out["grants"].append((app.id, level, expiry, "standard", None))
        first = min(reqs, key=lambda r: r.step)
        ticket.update(approval_required=True, approval_status="approved", approver_id=first.approver_id,
                      access_expiry_date=expiry)
        return _finish(out, ticket, "grant", tags + (["temporary_access"] if expiry else []), world, e, [],
                       ticket_id=held[0].id)
    if incident and incident.status == "open" and incident.severity in ("SEV1", "SEV2"):
        expiry = _iso(NOW + timedelta(hours=24))
        manager = world.get(Employee, e.manager_id)
        security = _approver(world, e, "security")
        ticket.update(access_expiry_date=expiry)
        if incident.severity == "SEV1":
            out["grants"].append((app.id, level, expiry, "incident", incident.id))
            out["notices"] = sorted([(manager.id, "incident_access_notice"), (security.id, "incident_access_notice")])
            return _finish(out, ticket, "grant", tags + ["temporary_access"], world, e, [])
        if manager.availability in ("unreachable", "out_of_office"):
            out["grants"].append((app.id, level, expiry, "break_glass", incident.id))
            out["notices"] = sorted([(manager.id, "break_glass_notice"), (security.id, "break_glass_notice")])
            return _finish(out, ticket, "grant", tags + ["temporary_access"], world, e, [])
        if re.search(r"\byes\b|approved", facts.get("manager approval", ""), re.I):
            out["requests"].append((manager.id, "manager", 1, "application", app.id, level, ticket["priority"], True))
            out["grants"].append((app.id, level, expiry, "incident", incident.id))
            ticket.update(approval_required=True, approval_status="approved", approver_id=manager.id)
            return _finish(out, ticket, "grant", tags + ["temporary_access"], world, e, [])
        ticket.update(access_expiry_date=None)
        out["requests"].append((manager.id, "manager", 1, "application", app.id, level, ticket["priority"], False))
        return _finish(out, ticket, "pending", tags, world, e, ["manager"])
    chain = []
    if cell == "M":
        chain = next(roles for lo, hi, roles in CHAINS[app.tool_group] if lo <= e.level <= hi)
        if app.tool_group in ("G4", "G5") and not _has_justification(facts):
            return _finish(out, ticket, "denied", tags, world, e, [])
    if chain:
        for step, role in enumerate(chain, 1):
            out["requests"].append((_approver(world, e, role).id, role, step, "application", app.id, level,
                                    ticket["priority"], False))
        return _finish(out, ticket, "pending", tags, world, e, chain)
    expiry = _contract_expiry(e, period)
    out["revokes"] = sorted(a.id for a in world.find(AppAccess, employee_id=e.id, app_id=app.id) if a.status == "active")
    out["grants"].append((app.id, level, expiry, "standard", None))
    ticket.update(access_expiry_date=expiry)
    return _finish(out, ticket, "grant", tags + (["temporary_access"] if expiry else []), world, e, [])


def _contract_expiry(e: Employee, period: timedelta | None) -> str | None:
    ends = [NOW + period] if period else []
    if e.employment_type == "contractor":
        ends.append(datetime.fromisoformat(e.contract_end + "T23:59:59+00:00"))
    return _iso(min(ends)) if ends else None


def _finish(out, ticket, decision, tags, world, e, chain, ticket_id=None) -> dict:
    resolution = {"grant": "access_granted", "pending": "pending_approval", "denied": "denied"}[decision]
    ticket.update(tags=sorted(tags), resolution_category=resolution,
                  status="pending" if decision == "pending" else "solved")
    if decision == "pending":
        ticket.update(approval_required=True, approval_status="pending", approver_id=_approver(world, e, chain[0]).id)
    out["ticket"] = ticket
    out["ticket_id"] = ticket_id
    return out


def actual(task) -> dict:
    calls: dict[str, list] = {}
    for step in task.solution:
        if step.tool:
            calls.setdefault(step.tool, []).append(step.args)
    out = {"grants": [(c["app_id"], c["access_level"], c.get("expires_at"), c.get("basis", "standard"),
                       c.get("incident_id")) for c in calls.get("provision_access", [])],
           "revokes": sorted(c["access_id"] for c in calls.get("revoke_access", [])),
           "requests": [(c["approver_id"], c["approver_role"], c["step"], c["target_kind"], c["target_id"],
                         c.get("access_level"), c["urgency"], c.get("verbal", False))
                        for c in calls.get("create_approval_request", [])],
           "notices": sorted((c["recipient_id"], c["kind"]) for c in calls.get("send_notification", [])),
           "groups": [c["group_id"] for c in calls.get("add_to_group", [])]}
    (write,) = calls.get("helpdesk_create_item", []) + calls.get("helpdesk_update_item", [])
    item = write["item"]
    out["ticket"] = {k: (sorted(item[k]) if k == "tags" else item.get(k)) for k in (
        "type", "priority", "approval_required", "approval_status", "approver_id", "access_expiry_date",
        "incident_severity", "customer_impact", "tags", "resolution_category", "status")}
    out["ticket_id"] = write.get("id")
    return out


@pytest.mark.parametrize("task_id", _tasks())
def test_access_golden_follows_the_rules(task_id):
    domain = load_domain(DOMAIN)
    task = domain.task(task_id)
    world = new_world(domain, task_id)
    try:
        assert actual(task) == expected(world, task)
    finally:
        world.close()


def test_the_families_cover_each_chain_boundary():
    domain = load_domain(DOMAIN)
    counts = {f: sum(1 for t in domain.tasks if t.startswith(f)) for f in PREFIXES}
    assert counts["ac-"] >= 26 and counts["ia-"] >= 6 and counts["cd-"] >= 2
