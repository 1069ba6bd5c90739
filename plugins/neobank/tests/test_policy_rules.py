"""The hardware tasks' golden values follow the written rules (policies/05_hardware.md and the
ticket fields of 01): the device given is the first ranked model in stock at the employee's
office, an order or an approval names the item the fulfilment rule picks, refreshes without
approval are at or past the threshold (age = floor(days / 30)), the old device is retired only
when a replacement comes from stock, and the ticket's type and priority follow the reason and
device type. Recomputed from each task's initial world and reference calls."""
from __future__ import annotations

from datetime import date

import pytest

from neobank_rules import fulfil
from thinkingbox.testing import load_domain, new_world
from thinkingbox_neobank.models import Asset, CatalogItem, Employee
from thinkingbox_neobank.tools import age_months

DOMAIN = "neobank"
TODAY = date(2025, 10, 1)
THRESHOLD = {"laptop": 36, "desktop": 48, "monitor": 60}
BIG = ("laptop", "desktop")


def _hw_tasks():
    return sorted(t for t, task in load_domain(DOMAIN).tasks.items() if t.startswith("hw-"))


@pytest.mark.parametrize("task_id", _hw_tasks())
def test_hardware_golden_follows_the_rules(task_id):
    domain = load_domain(DOMAIN)
    task = domain.task(task_id)
    calls = {}
    for step in task.solution:
        if step.tool:
            calls.setdefault(step.tool, []).append(step.args)
    world = new_world(domain, task_id)
    try:
        ticket_step = (calls.get("helpdesk_create_item") or calls.get("helpdesk_update_item"))[0]["item"]
        requester = [e for e in world.rows(Employee) if e.helpdesk_user_id and e.id.startswith("EMP-4")][0]
        office = requester.office
        writes = {"assign_device", "retire_device", "create_order", "create_approval_request"}
        if any(d.answer == "no" for d in task.user_decisions):
            # "The old device": told it is handed in, the employee keeps it; only the ticket records it
            assert not writes & set(calls)
            old = world.get(Asset, ticket_step["asset_id"])
            assert old.assigned_to == requester.id
            assert fulfil(world, old.device_type, "standard" if "16 Max" not in task.request else "premium",
                          office)[0] is not None, "a replacement was in stock"
            assert (ticket_step["resolution_category"], ticket_step["status"]) == ("denied", "solved")
            assert [c.before for c in task.says.states_before] == ["assign_device"] and not task.says.agreement
            return
        if "retire_device" in calls:   # a replacement from stock: the hand-in is told and agreed first
            assert [d.answer for d in task.user_decisions] == ["yes"]
            assert [c.before for c in task.says.states_before] == ["assign_device"]
            assert [a.before for a in task.says.agreement] == ["assign_device"]
        if "assign_device" in calls:
            (args,) = calls["assign_device"]
            asset = world.get(Asset, args["asset_id"])
            tier = world.get(CatalogItem, asset.catalog_id).tier
            assert fulfil(world, asset.device_type, tier, office)[0] == asset.id
            reason = args["reason"]
            old = [a for a in world.find(Asset, assigned_to=requester.id) if a.device_type == asset.device_type]
            retired = [c["asset_id"] for c in calls.get("retire_device", [])]
            if reason in ("damage", "failure", "refresh"):
                assert retired == [old[0].id]
            else:
                assert retired == []
            device_type = asset.device_type
        elif "create_order" in calls:
            (args,) = calls["create_order"]
            item = world.get(CatalogItem, args["catalog_id"])
            assert fulfil(world, item.device_type, item.tier, office) == (None, item.id)
            assert "retire_device" not in calls
            reason, device_type = args["reason"], item.device_type
            if device_type == "laptop" and reason in ("damage", "failure"):
                assert any(s.get("label") == "loaner laptop offered" for s in task.says.model_dump()["states"])
        elif "create_approval_request" in calls:
            (args,) = calls["create_approval_request"]
            item = world.get(CatalogItem, args["target_id"])
            assert fulfil(world, item.device_type, item.tier, office)[1] == item.id
            assert args["approver_id"] == requester.manager_id and args["urgency"] == ticket_step["priority"]
            device_type, reason = item.device_type, None
        else:
            device_type, reason = None, None
        if reason == "refresh" and "create_approval_request" not in calls and ticket_step.get("approval_status") != "approved":
            old = world.get(Asset, ticket_step["asset_id"]) if "create_order" in calls else \
                [a for a in world.find(Asset, assigned_to=requester.id) if a.device_type == device_type][0]
            assert age_months(old.purchase_date, TODAY) >= THRESHOLD[device_type]
        if device_type:
            expected_priority = "low" if device_type not in BIG else (
                "high" if ticket_step["type"] == "incident" else "normal")
            assert ticket_step["priority"] == expected_priority
        assert ticket_step["tags"] == ["hardware"]
        status = {"pending_approval": "pending"}.get(ticket_step["resolution_category"], "solved")
        assert ticket_step["status"] == status
    finally:
        world.close()
