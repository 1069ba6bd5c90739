"""The booking domain plugin: Harborlight Stays, an online hotel and travel agency."""
from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

from thinkingbox import DomainInfo, hookimpl
from thinkingbox.kit.policy_search import load_policy_dir, policy_search_tool
from thinkingbox.kit.ticketing import Helpdesk, ticketing_tools

from .fixtures import base_rows
from .models import ALL_TABLES, Comment, HelpdeskUser, Organization, Ticket
from .tools import BOOKING_TOOLS

HERE = Path(__file__).parent
NOW = "2025-10-01T13:00:00Z"
HELPDESK = Helpdesk(
    ticket=Ticket, user=HelpdeskUser, organization=Organization, comment=Comment, agent_id="U-0002",
    allowed_values={
        "request_type": ["modification", "cancellation", "refund", "complaint", "special_request", "billing",
                         "invoice", "verification", "group_change", "information"],
        "resolution_action": ["modified", "cancelled", "refunded", "escalated", "declined", "info_provided",
                              "pending_approval"],
        "escalation_reason": ["late_change", "large_group", "hotel_approval", "complaint", "verification",
                              "discrepancy"],
    },
)
POLICIES = load_policy_dir(HERE / "policies")

PROMPT = """You are the customer support assistant of Harborlight Stays, an online travel agency that \
sells rooms in partner hotels. You help guests, corporate travel bookers and group coordinators with \
their bookings, using the tools provided.

The current date and time is {now} (UTC). Every window and fee is computed from it.

Work rules:
- Identify the customer and the booking before discussing or changing anything.
- Look records up rather than asking for what they already show; ask the customer for what only they know.
- Tell the customer the cost of a change before making it, and act only within the policies below.
- Keep partner information confidential (see the confidentiality policy).
- Record the conversation in one help-desk ticket as the ticket policy says, with every field set.
- The policies can also be searched with search_policy.

# Policies

{policies}
"""


@hookimpl
def tb_domain_info():
    return DomainInfo(name="booking", version=version("thinkingbox-booking"),
                      title="Harborlight Stays: hotel bookings", now=NOW,
                      description="Modifications, cancellations, corporate and group bookings, extras, "
                                  "post-stay complaints, billing and hotel-partner escalations.")


@hookimpl
def tb_seed_world(world):
    world.create_tables(ALL_TABLES)
    for row in base_rows():
        world.insert(row)


@hookimpl
def tb_tools():
    return [*BOOKING_TOOLS, *ticketing_tools(HELPDESK), policy_search_tool(POLICIES)]


@hookimpl
def tb_system_prompt(now):
    return PROMPT.format(now=now, policies="\n\n".join(doc.text.strip() for doc in POLICIES))


@hookimpl
def tb_policies():
    return POLICIES


@hookimpl
def tb_task_files():
    return sorted((HERE / "tasks").glob("*.json"))
