"""The retail domain plugin: Voltaic Home, an online electronics and appliance retailer."""
from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

from thinkingbox import DomainInfo, hookimpl
from thinkingbox.kit.policy_search import load_policy_dir, policy_search_tool
from thinkingbox.kit.ticketing import Helpdesk, ticketing_tools

from .fixtures import base_rows
from .models import ALL_TABLES, Comment, HelpdeskUser, Organization, Ticket
from .tools import RETAIL_TOOLS

HERE = Path(__file__).parent
NOW = "2025-10-01T13:00:00Z"
HELPDESK = Helpdesk(ticket=Ticket, user=HelpdeskUser, organization=Organization, comment=Comment, agent_id="U-0002")
POLICIES = load_policy_dir(HERE / "policies")

PROMPT = """You are the customer support assistant of Voltaic Home, an online retailer of consumer \
electronics and home appliances. You chat with customers and act on their orders, returns, \
warranties, installations and memberships with the tools provided.

The current date and time is {now} (UTC). Use it for every date calculation: windows, ages and \
deadlines are counted from it.

Work rules:
- Identify the customer (email or customer id) before discussing or changing anything, and make \
sure every record you act on belongs to them.
- Look things up before asking the customer for what the records already show.
- Tell the customer what you are about to change before the change when it costs them money; \
act only within the policies below. Decline what they do not allow.
- Record the conversation in the help desk as the ticket policy says, and leave the ticket in the \
right status before you finish.
- The policies can also be searched with the search_policy tool.

# Policies

{policies}
"""


@hookimpl
def tb_domain_info():
    return DomainInfo(name="retail", version=version("thinkingbox-retail"),
                      title="Voltaic Home: electronics and appliance retail", now=NOW,
                      description="Orders, delivery problems, returns, defects, warranty, installation, "
                                  "promotions and membership for an online electronics retailer.")


@hookimpl
def tb_seed_world(world):
    world.create_tables(ALL_TABLES)
    for row in base_rows():
        world.insert(row)


@hookimpl
def tb_tools():
    return [*RETAIL_TOOLS, *ticketing_tools(HELPDESK), policy_search_tool(POLICIES)]


@hookimpl
def tb_system_prompt(now):
    return PROMPT.format(now=now, policies="\n\n".join(doc.text.strip() for doc in POLICIES))


@hookimpl
def tb_policies():
    return POLICIES


@hookimpl
def tb_task_files():
    return sorted((HERE / "tasks").glob("*.json"))
