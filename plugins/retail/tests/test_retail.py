"""Retail domain: every task is sound, the oracle passes and doing nothing fails; the tools
behave as the policies describe. Runs with only the core and this plugin installed."""
import re
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


# ---- every graded choice of every task follows the written rules -------------------------
# The situations that the data alone does not show: the customer reports a safety hazard of
# the closed list in policies/02_tickets.md, or only asks for information.
SAFETY_HAZARD = {"dfw-001", "dfw-013", "ins-003"}
INFORMATION_ONLY = {"ret-fee-010"}
WAITS_ON_CUSTOMER = {"nrc-005"}            # chose to wait for a restock
CLAIM_ALREADY_UNDER_REVIEW = {"dfw-014"}
REFUND_REASONS = {"late_delivery", "not_received", "cosmetic_defect", "installation_delay", "installation_cancelled",
                  "price_adjustment", "membership_cancelled", "shipping_downgrade"}
AGREEMENT_NEEDED = {"create_rma", "charge_customer", "cancel_order", "cancel_installation", "update_membership_status"}


def _final_ticket(task):
    """The one ticket the reference writes, as it ends: created, or reused from the task's rows."""
    rows = {row["id"]: dict(row) for row in task.rows.get("tickets", [])}
    ticket, created = None, False
    for step in task.solution:
        if step.tool == "helpdesk_create_item" and step.args["table"] == "tickets":
            ticket, created = dict(step.args["item"]), True
        elif step.tool == "helpdesk_update_item" and step.args["table"] == "tickets":
            if ticket is None:
                ticket = rows[step.args["id"]]
            ticket.update(step.args["item"])
    return ticket, created


def test_ticket_fields_follow_the_ticket_policy(tb_domain):
    problems = []
    for task in tb_domain.tasks.values():
        customer = task.rows["customers"][0]
        tools = [step.tool for step in task.solution]
        ticket, created = _final_ticket(task)
        if ticket is None:
            problems.append(f"{task.id}: no ticket written")
            continue
        if task.id in SAFETY_HAZARD or customer["tier"] == "vip":
            priority = "urgent"
        elif task.id in INFORMATION_ONLY:
            priority = "low"
        else:
            priority = "high" if customer["tier"] == "plus" else "normal"
        if {"create_rma", "open_carrier_investigation", "file_warranty_claim"} & set(tools) \
                or task.id in CLAIM_ALREADY_UNDER_REVIEW:
            status = "hold"
        else:
            status = "pending" if task.id in WAITS_ON_CUSTOMER else "solved"
        membership_only = "update_membership_status" in tools or task.family == "membership"
        expected = {"priority": priority, "status": status, "type": "incident"}
        for field, value in expected.items():
            if ticket.get(field) != value:
                problems.append(f"{task.id}: {field} {ticket.get(field)!r}, the policy says {value!r}")
        if membership_only != (ticket.get("order_id") is None):
            problems.append(f"{task.id}: order_id {ticket.get('order_id')!r}")
        if created and ticket.get("requester_id") != customer["helpdesk_user_id"]:
            problems.append(f"{task.id}: requester {ticket.get('requester_id')}")
    assert not problems, "\n".join(problems)


def test_choice_arguments_follow_the_policies(tb_domain):
    problems = []
    for task in tb_domain.tasks.values():
        customer = task.rows["customers"][0]
        tools = [step.tool for step in task.solution]
        for step in task.solution:
            args = step.args
            if step.tool == "create_rma":
                defective = args["is_defective"]
                if args["reason"] != ("defective" if defective else "changed_mind"):
                    problems.append(f"{task.id}: RMA reason {args['reason']} (defective {defective})")
                if args["resolution"] == "exchange" and not defective:
                    problems.append(f"{task.id}: exchange of a non-defective item")
            elif step.tool == "create_refund" and args["reason"] not in REFUND_REASONS:
                problems.append(f"{task.id}: refund reason {args['reason']}")
            elif step.tool == "create_replacement_order":
                speed = "expedited" if customer["tier"] == "vip" else "standard"
                if args.get("shipping_speed", "standard") != speed:
                    problems.append(f"{task.id}: replacement shipping {args.get('shipping_speed')}")
            elif step.tool == "cancel_installation":
                reason = "item_returned" if "create_rma" in tools else "installation_not_wanted"
                if args["reason"] != reason:
                    problems.append(f"{task.id}: installation cancelled with reason {args['reason']}")
        if AGREEMENT_NEEDED & set(tools) and not task.user_decisions:
            problems.append(f"{task.id}: acts where the policy asks for agreement but declares no user_decisions")
        for line in [*task.user_behavior, *(d.reply for d in task.user_decisions)]:
            if re.search(r"\$\s?\d", line):
                problems.append(f"{task.id}: a behaviour line states an amount: {line}")
    assert not problems, "\n".join(problems)


# ---- what the agent tells the customer (typed communication checks, `says`) ---------------
def _leaks(score: int) -> list[str]:
    return [f"Your account score is {score}.", f"We rate your account {score} out of 100.", f"Internally you are at {score}/100.",
            "You are in our cautious band.", "That depends on your internal standing band."]


def test_every_task_states_its_outcome_and_keeps_the_score_internal(tb_domain):
    from datetime import date

    from thinkingbox.readers.claims import claim_mentioned, claim_of

    problems = []
    for task in tb_domain.tasks.values():
        says = task.says
        tools = [step.tool for step in task.solution if step.tool]
        if set(tools) & set(tb_domain.write_tools) and not says.states and not says.states_before:
            problems.append(f"{task.id}: the reference writes, but the task declares nothing to state")
        score = task.rows["customers"][0]["score"]
        for leak in _leaks(score):
            if not any(claim_mentioned(claim_of(c), (leak,), date(2025, 10, 1), tb_domain.vocabulary)
                       for c in says.never_states):
                problems.append(f"{task.id}: the internal score is not declared never to state ({leak!r} would pass)")
        rmas = tools.count("create_rma")
        stated = [claim.id for claim in says.states if claim.id and claim.id.startswith("RMA-")]
        if len(stated) != rmas:
            problems.append(f"{task.id}: {rmas} return authorizations created, {len(stated)} numbers to state")
    assert not problems, "\n".join(problems)


def test_costs_are_announced_before_the_write_that_needs_agreement(tb_domain):
    problems = []
    for task in tb_domain.tasks.values():
        steps = [step.tool or "say" for step in task.solution]
        needing = AGREEMENT_NEEDED & set(steps)
        befores = {claim.before for claim in task.says.states_before}
        declined = any(d.answer == "no" for d in task.user_decisions)
        if not needing:
            if befores and not declined:   # a customer who declines never gets the write
                problems.append(f"{task.id}: states_before without a write that needs agreement")
            if declined and befores and (not befores <= AGREEMENT_NEEDED or not task.says.agreement):
                problems.append(f"{task.id}: a declined write needs its states_before and agreement")
            continue
        if not befores or not befores <= needing:
            problems.append(f"{task.id}: states_before {sorted(befores)} for writes {sorted(needing)}")
        first = min(steps.index(tool) for tool in needing)
        if "say" not in steps[:first]:
            problems.append(f"{task.id}: the reference does not announce the cost before {steps[first]}")
    assert not problems, "\n".join(problems)
