"""The retail domain: Voltaic Home, an online electronics and appliance retailer."""
from __future__ import annotations

from thinkingbox import DomainSpec

from .fixtures import base_rows
from .models import HELPDESK, RetailTable
from .tools import RETAIL_TOOLS
from .vocabulary import VOCABULARY

PROMPT = """You are the customer support assistant of Voltaic Home, an online retailer of consumer \
electronics and home appliances. You chat with customers and act on their orders, returns, \
warranties, installations and memberships with the tools provided.

The current date and time is {now} (UTC). Use it for every date calculation: windows, ages and \
deadlines are counted from it.

Work rules:
- Identify the customer (email or customer id) before discussing or changing anything, and make \
sure every record you act on belongs to them.
- Look things up before asking the customer for what the records already show.
- Before a return, a charge, a membership change or a cancellation, tell the customer what you \
are about to do and every amount involved, and act only once they agree; act only within the \
policies below. Decline what they do not allow.
- Record the conversation in the help desk as the ticket policy says, and leave the ticket in the \
right status before you finish.
- The policies can also be searched with the search_policy tool.

# Policies

{policies}
"""

from .fact_kinds import FACT_KINDS  # noqa: E402

SPEC = DomainSpec(
    name="retail",
    title="Voltaic Home: electronics and appliance retail",
    description="Orders, delivery problems, returns, defects, warranty, installation, promotions and "
                "membership for an online electronics retailer.",
    now="2025-10-01T13:00:00Z",
    package=__package__,
    tables=RetailTable,
    fixtures=base_rows,
    tools=RETAIL_TOOLS,
    ticketing=HELPDESK,
    prompt=PROMPT,
    vocabulary=VOCABULARY,
    fact_kinds=FACT_KINDS,
)
