"""The troubleshooting and policy-question tasks' golden values follow the written rules
(policies 01, 05, 07, 08 and the ones the questions ask about), recomputed from each task's
initial world, the situation the user describes (below) and its reference calls: the ticket
reused or created, its fields, the verification method, the device replaced and how, and the
answers the questions must state."""
from __future__ import annotations

from datetime import date

import pytest

from neobank_rules import fulfil
from thinkingbox.testing import load_domain, new_world
from thinkingbox_neobank.models import Application, Asset, Employee, Group, License, Ticket
from thinkingbox_neobank.tools import age_months

DOMAIN = "neobank"
TODAY = date(2025, 10, 1)
LISTED = {"vpn": "laptop", "mail": "laptop", "slow": "laptop", "printer": "laptop", "monitor": "monitor",
          "headset": "headset"}
METHOD = {**dict.fromkeys(["ENG", "DATA", "SEC"], "hardware_key"),
          **dict.fromkeys(["FIN", "CMPL", "RISK", "EXEC"], "video_call"),
          **dict.fromkeys(["SUPP", "PROD", "DSGN", "PPL"], "manager_callback")}

# What the user says: (issue, what was tried) for troubleshooting; the password situation otherwise.
# tried: none | some | all (first contact) | fixed | failed (follow-up on the held ticket).
SITUATION = {
    "ts-001": ("vpn", "none"), "ts-002": ("mail", "none"), "ts-003": ("slow", "none"),
    "ts-004": ("monitor", "some"), "ts-005": ("headset", "none"), "ts-006": ("printer", "none"),
    "ts-007": ("camera", "some"), "ts-008": ("chat crash", "some"), "ts-009": ("vpn", "all"),
    "ts-010": ("slow", "some"), "ts-011": ("headset", "all"), "ts-012": ("vpn", "fixed"),
    "ts-013": ("mail", "failed"), "ts-014": ("slow", "failed"), "ts-015": ("slow", "failed"),
    "ts-016": ("slow", "failed"), "ts-017": ("monitor", "failed"), "ts-018": ("headset", "failed"),
    "ts-019": ("monitor", "failed"), "ts-020": ("printer", "none"), "ts-021": ("mail", "none"),
    "ts-022": ("password", "forgotten"), "ts-023": ("password", "forgotten"),
    "ts-024": ("password", "compromised"), "ts-025": ("password", "compromised"),
    "ts-026": ("password", "compromised"), "ts-027": ("password", "someone_else"),
    # the employee keeps the old device once told it is handed in (05, "The old device")
    "ts-028": ("slow", "failed"), "ts-029": ("slow", "failed"), "ts-030": ("monitor", "failed"),
}
# Held tickets the follow-ups are about (the same issue); other held tickets are left alone.
FOLLOWS = {"ts-012": "TCK-4612", "ts-013": "TCK-4613", "ts-014": "TCK-4614", "ts-015": "TCK-4615",
           "ts-016": "TCK-4616", "ts-017": "TCK-4617", "ts-018": "TCK-4618", "ts-019": "TCK-4619",
           "ts-028": "TCK-4614", "ts-029": "TCK-4616", "ts-030": "TCK-4619"}


def _calls(task) -> dict:
    calls: dict = {}
    for step in task.solution:
        if step.tool:
            calls.setdefault(step.tool, []).append(step.args)
    return calls


def expected(world, e: Employee, issue: str, tried: str) -> tuple[dict, dict]:
    """(ticket fields, writes) by the rules."""
    base = {"type": "incident", "priority": "normal", "owner": "it_support", "approval_required": False,
            "approval_status": "not_required", "approver_id": None, "asset_id": None}
    if issue == "password":
        if tried == "someone_else":
            return {**base, "tags": ["password"], "resolution_category": "denied", "status": "solved"}, {}
        if tried == "compromised":
            method = "manager_callback" if e.employment_type == "contractor" else METHOD[e.department_id]
            return ({**base, "tags": ["password"], "priority": "urgent", "owner": "security",
                     "resolution_category": "credentials_reset", "status": "solved"},
                    {"verify_identity": method, "kill_sessions": 1, "reset_password": 1,
                     "send_notification": ("EMP-1006", "compromised_account")})
        if e.account_status == "locked":
            return {**base, "tags": ["password"], "priority": "high", "owner": "it_ops",
                    "resolution_category": "escalated", "status": "open"}, {}
        return {**base, "tags": ["password"], "resolution_category": "self_service", "status": "solved"}, {}
    base["tags"] = ["troubleshooting"]
    escalate = {**base, "owner": "it_ops", "resolution_category": "escalated", "status": "open"}
    if issue not in LISTED:
        return escalate, {}
    if tried in ("none", "some"):
        return {**base, "resolution_category": "troubleshooting", "status": "hold"}, {}
    if tried == "fixed":
        return {**base, "resolution_category": "resolved_by_requester", "status": "solved"}, {}
    dtype = LISTED[issue]
    (dev,) = [a for a in world.find(Asset, assigned_to=e.id) if a.device_type == dtype and a.status == "assigned"]
    if dev.condition not in ("faulty", "damaged"):
        return escalate, {}
    priority = "high" if dtype in ("laptop", "desktop") else "low"
    asset_id, item = fulfil(world, dtype, "standard", e.office)
    if dev.condition == "damaged":
        return ({**base, "priority": priority, "resolution_category": "pending_approval", "status": "pending",
                 "approval_required": True, "approval_status": "pending", "approver_id": e.manager_id,
                 "asset_id": dev.id}, {"create_approval_request": (e.manager_id, item, priority)})
    if asset_id:
        return ({**base, "priority": priority, "resolution_category": "device_assigned", "status": "solved",
                 "asset_id": asset_id}, {"assign_device": (asset_id, "failure"), "retire_device": dev.id})
    return ({**base, "priority": priority, "resolution_category": "device_ordered", "status": "solved",
             "asset_id": dev.id}, {"create_order": (item, "failure"), "loaner": dtype == "laptop"})


def _ts_tasks():
    return sorted(t for t, task in load_domain(DOMAIN).tasks.items() if t.startswith("ts-"))


def test_every_troubleshooting_task_has_a_situation():
    assert set(_ts_tasks()) == set(SITUATION)


@pytest.mark.parametrize("task_id", sorted(SITUATION))
def test_troubleshooting_golden_follows_the_rules(task_id):
    domain = load_domain(DOMAIN)
    task = domain.task(task_id)
    calls = _calls(task)
    world = new_world(domain, task_id)
    try:
        email = calls["get_employee"][0]["email"]
        (e,) = [x for x in world.rows(Employee) if x.email == email]
        fields, writes = expected(world, e, *SITUATION[task_id])
        if "assign_device" in writes:   # 05 "The old device": asked first, and the employee decides
            (decision,) = task.user_decisions
            assert [c.before for c in task.says.states_before] == ["assign_device"]
            if decision.answer == "no":
                fields = {**fields, "resolution_category": "denied", "status": "solved",
                          "asset_id": writes["retire_device"]}
                writes = {}
            else:
                assert [a.before for a in task.says.agreement] == ["assign_device"]
        held = [t for t in world.rows(Ticket) if t.requester_id == e.helpdesk_user_id and t.status in ("hold", "pending")]
        if task_id in FOLLOWS:
            assert [t.id for t in held] == [FOLLOWS[task_id]] and "helpdesk_create_item" not in calls
            (update,) = calls["helpdesk_update_item"]
            assert update["id"] == FOLLOWS[task_id]
            item = update["item"]
        else:
            assert "helpdesk_update_item" not in calls
            (create,) = calls["helpdesk_create_item"]
            item = create["item"]
        for key, value in fields.items():
            assert item[key] == value, (key, item[key], value)
        write_tools = {"verify_identity", "kill_sessions", "reset_password", "send_notification", "unlock_account",
                       "assign_device", "retire_device", "create_order", "create_approval_request", "reset_mfa",
                       "grant_mfa_bypass", "provision_access", "add_to_group"}
        made = {k for k in calls if k in write_tools}
        assert made == {k for k in writes if k != "loaner"}, (made, writes)
        if "verify_identity" in writes:
            assert calls["verify_identity"][0]["method"] == writes["verify_identity"]
            (n,) = calls["send_notification"]
            assert (n["recipient_id"], n["kind"]) == writes["send_notification"]
        if "assign_device" in writes:
            a = calls["assign_device"][0]
            assert (a["asset_id"], a["reason"]) == writes["assign_device"]
            assert calls["retire_device"][0]["asset_id"] == writes["retire_device"]
        if "create_order" in writes:
            o = calls["create_order"][0]
            assert (o["catalog_id"], o["reason"]) == writes["create_order"]
        if "create_approval_request" in writes:
            r = calls["create_approval_request"][0]
            assert (r["approver_id"], r["target_id"], r["urgency"]) == writes["create_approval_request"]
        labels = [s.get("label") for s in task.says.model_dump()["states"]]
        assert ("loaner laptop offered" in labels) == bool(writes.get("loaner"))
    finally:
        world.close()


# ---- policy questions: the stated answer recomputed from the data -------------------------------------

def _pq_world(task_id):
    domain = load_domain(DOMAIN)
    task = domain.task(task_id)
    world = new_world(domain, task_id)
    email = _calls(task)["get_employee"][0]["email"]
    (e,) = [x for x in world.rows(Employee) if x.email == email]
    return task, world, e


def _states(task) -> list[dict]:
    return task.says.model_dump()["states"]


def test_question_tickets_change_nothing_else():
    domain = load_domain(DOMAIN)
    for task_id, task in domain.tasks.items():
        if not task_id.startswith("pq-"):
            continue
        tools = [s.tool for s in task.solution if s.tool]
        assert [t for t in tools if not t.startswith(("get_", "list_", "find_", "check_", "helpdesk_get"))] == \
            ["helpdesk_create_item"], task_id
        item = [s for s in task.solution if s.tool == "helpdesk_create_item"][0].args["item"]
        assert (item["type"], item["priority"], item["tags"], item["resolution_category"], item["status"]) == \
            ("question", "low", ["policy_question"], "info_provided", "solved")


def test_pq_verification_method_by_department():
    task, world, e = _pq_world("pq-002")
    assert METHOD[e.department_id] == "video_call" and "video call" in _states(task)[0]["text"]
    world.close()


def test_pq_contractor_expiry_is_the_contract_end():
    task, world, e = _pq_world("pq-003")
    app = [a for a in world.rows(Application) if a.name == "Trackline"][0]
    assert e.employment_type == "contractor" and app.tool_group in ("G2", "G3")
    assert _states(task)[0]["date"] == e.contract_end
    world.close()


@pytest.mark.parametrize("task_id,eligible", [("pq-005", True), ("pq-006", False)])
def test_pq_laptop_refresh_boundary(task_id, eligible):
    task, world, e = _pq_world(task_id)
    (lap,) = [a for a in world.find(Asset, assigned_to=e.id) if a.device_type == "laptop"]
    months = age_months(lap.purchase_date, TODAY)
    assert (months >= 36) == eligible
    assert _states(task)[0]["duration"] == [months, "month"] and _states(task)[0]["role"] == "age"
    decision = next(c for c in _states(task) if c.get("decision"))
    assert decision["answer"] and decision["decision"] == ("granted" if eligible else "pending_approval")
    world.close()


def test_pq_individual_licence_approval_by_price():
    task, world, e = _pq_world("pq-007")
    lic = [x for x in world.rows(License) if x.product == "VoxScribe Transcription"][0]
    assert lic.license_type == "individual" and float(lic.unit_price) <= 500      # manager only
    manager = world.get(Employee, e.manager_id)
    states = _states(task)
    assert states[0]["text"] == [manager.name] and float(states[1]["money"]) == float(lic.unit_price)
    world.close()


def test_pq_g3_chain_by_level():
    task, world, e = _pq_world("pq-008")
    assert 5 <= e.level <= 7                                                     # security only
    assert "Marcus Feld" in _states(task)[0]["text"]
    manager = world.get(Employee, e.manager_id)   # not an approver at this level: naming them is wrong
    assert [manager.name] in [c["text"] for c in task.says.model_dump()["never_states"] if c.get("text")]
    world.close()


def test_pq_executive_dashboard_rule_order():
    task, world, e = _pq_world("pq-010")
    g = [x for x in world.rows(Group) if x.name == "Revenue and Margin Dashboard"][0]
    assert g.department_id != e.department_id and g.sensitivity not in ("internal", "compliance") and e.level >= 8
    world.close()
