"""Neobank domain: every task is sound, the reference solutions pass (rubric questions judged
offline by their rules), doing nothing fails, and the tools refuse what the systems refuse.
Runs with only the core and this plugin installed."""
from collections import Counter

import pytest

from thinkingbox.testing import DomainTests

DOMAIN = "neobank"


class TestNeobankTasks(DomainTests):
    domain = DOMAIN


def test_families_and_rubrics(tb_domain):
    families = Counter(t.family for t in tb_domain.tasks.values())
    assert set(families) == {"hardware", "software_licences", "account_access", "tool_access", "dashboard_access",
                             "incident_access", "troubleshooting", "policy_questions", "compliance_dashboards",
                             "injection"}
    assert families["hardware"] >= 31
    rubric = [t for t in tb_domain.tasks.values() if t.rubric]
    assert all(item.rule is not None for t in rubric for item in t.rubric_items)


pytestmark = pytest.mark.tb_task("hw-001")


def test_device_age_is_whole_30_day_months(tb_call):
    result = tb_call("get_device_details", asset_id="AST-6101")
    assert result.data["age_days"] == 1330 and result.data["age_months"] == 44


def test_fulfilment_tools_refuse_what_the_systems_refuse(tb_call, tb_world):
    before = tb_world.snapshot()
    assert tb_call("assign_device", asset_id="AST-6101", employee_id="EMP-4101", reason="refresh").is_error
    assert tb_call("assign_device", asset_id="AST-404", employee_id="EMP-4101", reason="refresh").is_error
    assert tb_call("allocate_license", license_id="LIC-IDE", employee_id="EMP-4101").is_error      # pool full
    assert tb_call("allocate_license", license_id="LIC-CAD", employee_id="EMP-4101").is_error      # bought per person
    assert tb_call("add_to_waitlist", license_id="LIC-PDF", employee_id="EMP-4101").is_error       # free seats
    assert tb_call("reset_password", employee_id="EMP-4101").is_error                              # not verified
    assert tb_call("create_order", employee_id="EMP-4101", ticket_id="TCK-404", item_kind="hardware",
                   catalog_id="CAT-LAP-1", reason="refresh").is_error
    assert tb_call("provision_access", employee_id="EMP-4101", app_id="APP-PRODDB", access_level="read",
                   expires_at="2025-09-01T00:00:00Z").is_error                                     # in the past
    assert tb_call("provision_access", employee_id="EMP-4101", app_id="APP-PRODDB", access_level="read",
                   expires_at="not a date").is_error
    assert tb_call("provision_access", employee_id="EMP-4101", app_id="APP-VPN", access_level="read").is_error
    assert tb_call("provision_access", employee_id="EMP-4101", app_id="APP-PRODDB", access_level="read",
                   basis="incident", incident_id="INC-0405", expires_at="2025-10-02T13:00:00Z").is_error  # resolved
    assert tb_world.snapshot() == before


def test_retire_closes_the_assignment_and_a_date_expiry_is_the_end_of_that_day(tb_call, tb_world):
    from thinkingbox_neobank.models import AssetAssignment
    tb_world.insert(AssetAssignment(id="ASG-1", asset_id="AST-6101", employee_id="EMP-4101", reason="new_equipment",
                                    assigned_at="2022-01-01T00:00:00Z"))
    assert not tb_call("retire_device", asset_id="AST-6101").is_error
    assert tb_world.get(AssetAssignment, "ASG-1").status == "closed"
    result = tb_call("provision_access", employee_id="EMP-4101", app_id="APP-TRACK", access_level="read",
                     expires_at="2025-12-31")
    assert result.data["access"]["expires_at"] == "2025-12-31T23:59:59Z" and result.data["access"]["temporary"]


def test_director_is_the_nearest_level_7_in_the_chain(tb_call):
    assert tb_call("find_approver", employee_id="EMP-4101", role="director").data["approver"]["employee_id"] == "EMP-1010"
    assert tb_call("find_approver", employee_id="EMP-4101", role="security").data["approver"]["employee_id"] == "EMP-1006"
