"""Retail domain: every task is sound, and the tools behave as the policies describe.
Runs with only the core and this plugin installed."""
import asyncio
from collections import Counter

import pytest

from thinkingbox.plugins import PluginHost
from thinkingbox.quality import check_task
from thinkingbox.tools import bind_world


@pytest.fixture(scope="module")
def retail():
    (domain,) = PluginHost().load_domains(["retail"])
    return domain


def task_ids():
    (domain,) = PluginHost().load_domains(["retail"])
    return sorted(domain.tasks)


def test_size_and_coverage(retail):
    families = Counter(t.family for t in retail.tasks.values())
    assert len(retail.tasks) >= 30
    assert len(families) >= 8, families


@pytest.mark.parametrize("task_id", task_ids())
def test_task_is_sound(retail, task_id):
    """The reference passes, doing nothing fails, dropping any one write fails, reset is exact."""
    assert asyncio.run(check_task(retail, retail.tasks[task_id])) == []


def call(retail, world, tool, **args):
    async def go():
        bind_world(world)
        try:  # called directly (no MCP session), tool errors are raised
            result = await retail.server.call_tool(tool, args)
        except Exception as exc:
            return str(exc), True
        return " ".join(c.text for c in result.content), False
    return asyncio.run(go())


@pytest.fixture
def world(retail):
    tw = asyncio.run(retail.prepare(retail.tasks["ret-fee-001"]))
    world = retail.new_world(tw)
    yield world
    world.close()


def test_helpdesk_filters_are_safe_and_readable(retail, world):
    text, error = call(retail, world, "helpdesk_get_items", table="tickets",
                       filter="requester_id eq 'U-1002' and status ne 'solved'", select="id,status")
    assert not error and '"id":"TCK-1002"' in text and "subject" not in text
    text, error = call(retail, world, "helpdesk_get_items", table="tickets", filter="contains(subject, 'TV')")
    assert error and "not supported" in text
    text, error = call(retail, world, "helpdesk_get_items", table="tickets", filter="requester_id eq 1002")
    assert error and "requester_id eq '1002'" in text
    text, error = call(retail, world, "helpdesk_get_items", table="payments")
    assert error and "unknown table 'payments'" in text


def test_a_failed_call_changes_nothing(retail, world):
    before = world.snapshot()
    text, error = call(retail, world, "create_rma", order_id="ORD-200001", line_item_id="LI-200001",
                       reason="changed_mind", is_defective=False, resolution="refund", refund_amount=129.0,
                       return_shipping_fee=8.99)
    assert error and "120.01" in text
    assert world.snapshot() == before
    text, error = call(retail, world, "helpdesk_update_item", table="tickets", id="TCK-1001",
                       item={"status": "escalated"})
    assert error and "must be one of" in text and world.snapshot() == before


def test_preconditions_come_back_as_errors(retail, world):
    text, error = call(retail, world, "cancel_order", order_id="ORD-200001", reason="changed mind")
    assert error and "only pending_payment or processing" in text
    text, error = call(retail, world, "get_order", order_id="ORD-999999")
    assert error and "order 'ORD-999999' not found" in text
    text, error = call(retail, world, "create_refund", payment_id="PAY-200001", amount=500, reason="goodwill")
    assert error and "129.00" in text
    text, error = call(retail, world, "create_refund", payment_id="PAY-200001", amount=5, reason="because")
    assert error  # not one of the refund reasons


def test_policy_search_finds_the_rule(retail, world):
    text, error = call(retail, world, "search_policy", query="restocking fee opened item", max_results=2)
    assert not error and "04_returns.md" in text.split('"text"')[0]
    text, error = call(retail, world, "search_policy", query="   ")
    assert error


def test_tool_schemas_are_typed(retail):
    tools = {t["name"]: t for t in asyncio.run(retail.list_tool_schemas())}
    assert len(tools) >= 30
    rma = tools["create_rma"]["input_schema"]
    assert rma["properties"]["resolution"]["enum"] == ["refund", "exchange"]
    assert "refund_amount" in rma["required"]
    assert tools["get_order"]["read_only"] and not tools["create_rma"]["read_only"]
