"""Consulting domain: every task is sound, the reference solutions pass, doing nothing fails,
and the tools refuse what their systems refuse with messages an agent can read. Runs with only
the core and this plugin installed."""
from __future__ import annotations

import pytest

from thinkingbox.testing import DomainTests

DOMAIN = "consulting"
FAMILIES = {"client_access", "folders", "expenses", "hardware", "onboarding", "software", "training", "travel"}


class TestConsultingTasks(DomainTests):
    domain = DOMAIN


def test_families_are_the_issue_families(tb_domain):
    assert {t.family for t in tb_domain.tasks.values()} <= FAMILIES


def test_every_task_names_its_rule_and_states_something(tb_domain):
    for task in tb_domain.tasks.values():
        assert task.notes and task.notes.startswith("Rule:"), task.id
        assert task.says.states, task.id
        labels = {c.label for c in task.says.never_states}
        assert "internal field names" in labels, task.id


def test_internal_ids_are_the_vocabularys_never_tell_data(tb_domain):
    """01: employee, approval and ticket ids are never quoted: the vocabulary's never-tell data
    covers every one of the world; catalogue codes (software, course, licence) are allowed."""
    from thinkingbox_consulting.vocabulary import VOCABULARY

    assert {(r.table, r.column) for r in VOCABULARY.never_tell} == {
        ("employees", "id"), ("approvals", "id"), ("tickets", "id")}
    for task in tb_domain.tasks.values():
        for claim in task.says.never_states:
            assert not (claim.kind == "text" and any(a[:3] in ("SW-", "CRS", "LIC") for a in claim.value)), task.id


def test_device_age_counts_whole_months():
    from datetime import date

    from thinkingbox_consulting.tools import age_months

    today = date(2026, 3, 2)
    assert age_months(date(2023, 3, 2), today) == 36
    assert age_months(date(2023, 3, 3), today) == 35
    assert age_months(date(2024, 3, 2), today) == 24
    assert age_months(date(2025, 12, 31), date(2026, 2, 28)) == 2   # no 31 February: the last day counts
    assert age_months(date(2025, 12, 31), date(2026, 2, 27)) == 1
    assert age_months(date(2026, 3, 2), today) == 0


pytestmark = pytest.mark.tb_task("csa-001")


def test_self_approval_and_amounts_are_refused(tb_call, tb_world):
    before = tb_world.snapshot()
    result = tb_call("request_approval", kind="client_access", requester_id="EMP-2101", approver_id="EMP-2101",
                     subject_id="SYS-301")
    assert result.is_error and "own request" in result.text
    result = tb_call("request_approval", kind="hardware", requester_id="EMP-2101", approver_id="EMP-1104",
                     subject_id="DEV-5001", amount=100)
    assert result.is_error and "no amount" in result.text
    result = tb_call("request_approval", kind="expense", requester_id="EMP-2101", approver_id="EMP-1104",
                     subject_id="EXP-404")
    assert result.is_error
    assert tb_world.snapshot() == before


def test_bad_inputs_are_tool_errors(tb_call, tb_world):
    before = tb_world.snapshot()
    assert tb_call("create_travel_request", employee_id="EMP-2101", engagement_id="ENG-4103", origin="london",
                   destination="chicago", depart_on="2026-02-30", return_on="2026-03-20", cabin="economy",
                   flight_hours=8, hotel_nightly_rate=150, needs_approval=False).is_error
    assert tb_call("create_travel_request", employee_id="EMP-2101", engagement_id="ENG-4103", origin="london",
                   destination="chicago", depart_on="2026-03-20", return_on="2026-03-22", cabin="economy",
                   flight_hours=float("nan"), hotel_nightly_rate=150, needs_approval=False).is_error
    assert tb_call("approve_expense", claim_id="EXP-1", amount=10).is_error
    assert tb_call("find_employee", email="nobody@ashgrove.example").is_error
    assert tb_call("order_device", employee_id="EMP-2101", kind="laptop", model="ThinkPad T14", office="london").is_error
    assert tb_call("order_device", employee_id="EMP-2101", kind="phone", model="iPhone 15", office="london").is_error
    assert tb_world.snapshot() == before


def test_stock_reservation_and_assignment(tb_call):
    assert tb_call("assign_device", device_id="DEV-5000", employee_id="EMP-2101").is_error   # reserved elsewhere
    assert tb_call("assign_device", device_id="DEV-5001", employee_id="EMP-2101").is_error   # another office
    result = tb_call("check_inventory", office="london", kind="laptop")
    assert [d["id"] for d in result.data["in_stock"]] == ["DEV-5201", "DEV-5204"]
    assert not tb_call("reserve_device", device_id="DEV-5201", employee_id="EMP-2101").is_error
    assert not tb_call("assign_device", device_id="DEV-5201", employee_id="EMP-2101").is_error
    result = tb_call("order_device", employee_id="EMP-2101", kind="phone", model="iPhone 16", office="london")
    assert not result.is_error and result.data["order"]["expected_on"] == "2026-03-07"


def test_budget_and_seats_are_enforced(tb_call):
    result = tb_call("enrol_in_course", employee_id="EMP-2101", course_id="CRS-103")
    assert result.is_error and "no seats" in result.text
    result = tb_call("enrol_in_course", employee_id="EMP-2101", course_id="CRS-202")
    assert result.is_error and "budget" in result.text      # no budget row for this employee: nothing left
    assert not tb_call("assign_licence", employee_id="EMP-2101", software_id="SW-101").is_error
    assert tb_call("assign_licence", employee_id="EMP-2101", software_id="SW-101").is_error
    assert tb_call("assign_licence", employee_id="EMP-2101", software_id="SW-102").is_error  # paid: engagement needed
