"""Retail domain: every task is sound, the oracle passes and doing nothing fails; the tools
behave as the policies describe. Runs with only the core and this plugin installed."""
from collections import Counter

import pytest

from thinkingbox.testing import DomainTests

DOMAIN = "retail"


class TestRetailTasks(DomainTests):
    domain = DOMAIN


def test_size_and_coverage(tb_domain):
    families = Counter(t.family for t in tb_domain.tasks.values())
    assert len(tb_domain.tasks) >= 30
    assert len(families) >= 8, families


pytestmark = pytest.mark.tb_task("ret-fee-001")


def test_helpdesk_filters_are_safe_and_readable(tb_call):
    result = tb_call("helpdesk_get_items", table="tickets", filter="requester_id eq 'U-1002' and status ne 'solved'",
                     select="id,status")
    assert not result.is_error and result.data["items"] == [{"id": "TCK-1002", "status": "open"}]
    result = tb_call("helpdesk_get_items", table="tickets", filter="contains(subject, 'TV')")
    assert result.is_error and "not supported" in result.text
    result = tb_call("helpdesk_get_items", table="tickets", filter="requester_id eq 1002")
    assert result.is_error and "requester_id eq '1002'" in result.text
    result = tb_call("helpdesk_get_items", table="payments")
    assert result.is_error and "unknown table 'payments'" in result.text


def test_a_failed_call_changes_nothing(tb_call, tb_world):
    before = tb_world.snapshot()
    result = tb_call("create_rma", order_id="ORD-200001", line_item_id="LI-200001", reason="changed_mind",
                     is_defective=False, resolution="refund", refund_amount=129.0, return_shipping_fee=8.99)
    assert result.is_error and "120.01" in result.text
    assert tb_world.snapshot() == before
    result = tb_call("helpdesk_update_item", table="tickets", id="TCK-1001", item={"status": "escalated"})
    assert result.is_error and "must be one of" in result.text and tb_world.snapshot() == before


def test_preconditions_come_back_as_errors(tb_call):
    result = tb_call("cancel_order", order_id="ORD-200001", reason="changed mind")
    assert result.is_error and "only pending_payment or processing" in result.text
    result = tb_call("get_order", order_id="ORD-999999")
    assert result.is_error and "order 'ORD-999999' not found" in result.text
    result = tb_call("create_refund", payment_id="PAY-200001", amount=500, reason="goodwill")
    assert result.is_error and "129.00" in result.text
    result = tb_call("create_refund", payment_id="PAY-200001", amount=5, reason="because")
    assert result.is_error and "goodwill" in result.text  # not one of the refund reasons, which are listed


def test_customers_are_found_by_id_or_email(tb_call):
    by_email = tb_call("get_customer_profile", email="  Jordan.Reyes@Example.com ")
    assert not by_email.is_error and by_email.data["id"] == "CUS-1001"
    assert tb_call("get_customer_profile", customer_id="CUS-1001").data == by_email.data
    result = tb_call("get_customer_profile")
    assert result.is_error and "customer_id or an email" in result.text


def test_policy_search_finds_the_rule(tb_call):
    result = tb_call("search_policy", query="restocking fee opened item", max_results=2)
    assert not result.is_error and "04_returns.md" in result.text.split('"text"')[0]
    assert tb_call("search_policy", query="   ").is_error


def test_tool_schemas_are_typed(tb_domain):
    import asyncio

    tools = {t["name"]: t for t in asyncio.run(tb_domain.list_tool_schemas())}
    assert len(tools) >= 30
    rma = tools["create_rma"]["input_schema"]
    assert rma["properties"]["resolution"]["enum"] == ["refund", "exchange"]
    assert "refund_amount" in rma["required"]
    assert tools["get_order"]["read_only"] and not tools["create_rma"]["read_only"]
    assert "Tables and fields:" in tools["helpdesk_create_item"]["description"]


@pytest.mark.tb_task("ins-005")
def test_cancel_installation_stores_its_reason(tb_call, tb_world):
    result = tb_call("cancel_installation", job_id="INS-520501", reason="because")
    assert result.is_error and "installation_not_wanted" in result.text
    result = tb_call("cancel_installation", job_id="INS-520501", reason="installation_not_wanted")
    assert not result.is_error and result.data["job"]["cancelled_reason"] == "installation_not_wanted"
    assert tb_call("get_order", order_id="ORD-520501").data["status"] == "delivered"


@pytest.mark.tb_task("dly-003")
def test_points_are_awarded_for_an_order_and_shown_on_the_profile(tb_call):
    before = tb_call("get_customer_profile", customer_id="CUS-3103").data
    assert before["points_awards"] == [] and "account_created" in before and "member_since" not in before
    result = tb_call("add_points_to_balance", customer_id="CUS-3103", order_id="ORD-100001", points=250)
    assert result.is_error and "does not belong" in result.text
    result = tb_call("add_points_to_balance", customer_id="CUS-3103", order_id="ORD-310005", points=250)
    assert not result.is_error and result.data["points_balance"] == before["points_balance"] + 250
    after = tb_call("get_customer_profile", customer_id="CUS-3103").data
    assert [(a["order_id"], a["points"]) for a in after["points_awards"]] == [("ORD-310005", 250)]


@pytest.mark.tb_task("dfw-014")
def test_warranty_coverage_shows_the_issue_of_claims_under_review(tb_call):
    contracts = tb_call("check_warranty_coverage", line_item_id="LI-141401").data["contracts"]
    claims = {c["id"]: c["open_claims"] for c in contracts}
    assert claims["WTY-141401"] == []
    assert [(c["id"], c["issue"]) for c in claims["WTY-141402"]] == [("WCL-141401", "defect")]
