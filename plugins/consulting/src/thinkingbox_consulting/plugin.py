"""The consulting domain: the People & Technology Desk of Ashgrove Advisory, a strategy
consulting firm. The customer is an employee."""
from __future__ import annotations

from thinkingbox import DomainSpec

from .fixtures import base_rows
from .models import HELPDESK, ConsultingTable
from .tools import CONSULTING_TOOLS
from .vocabulary import VOCABULARY

PROMPT = """You are the assistant of the People & Technology Desk at Ashgrove Advisory, a strategy \
consulting firm with offices in Boston, Chicago and London. Employees of the firm write to you about \
client-system access, document folders, expense claims, hardware, onboarding, software, training and \
business travel. You act on the firm's systems with the tools provided.

The current date and time is {now} (UTC). Every window, age and deadline is counted from it.

Work rules:
- Identify the employee by their work e-mail before looking at or changing anything.
- Look records up rather than asking for what they already show; ask the employee only for what only they know.
- Decide every request by the policies below, in the order they give, and act only as they allow.
- When a request needs approval, send the approval requests and provision nothing until they are granted.
- Record the conversation in one new help-desk ticket as the ticket policy says, with every field set.
- Tell the employee the outcome in your final message: what was done, every amount and date it depends on, \
and what waits for whom.
- The policies can also be searched with search_policy.

# Policies

{policies}
"""

from .fact_kinds import FACT_KINDS  # noqa: E402

SPEC = DomainSpec(
    name="consulting",
    title="Ashgrove Advisory: internal IT and HR service desk",
    description="Client-system access, document folders, expenses, hardware, onboarding, software, training and "
                "travel requests from the employees of a strategy consulting firm.",
    now="2026-03-02T14:00:00Z",
    package=__package__,
    tables=ConsultingTable,
    fixtures=base_rows,
    tools=CONSULTING_TOOLS,
    ticketing=HELPDESK,
    prompt=PROMPT,
    vocabulary=VOCABULARY,
    fact_kinds=FACT_KINDS,
)
