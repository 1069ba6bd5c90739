"""The neobank domain: Tidewell Bank's internal IT service desk."""
from __future__ import annotations

from thinkingbox import DomainSpec

from .fixtures import base_rows
from .models import HELPDESK, NeobankTable
from .tools import NEOBANK_TOOLS
from .vocabulary import VOCABULARY

PROMPT = """You are the IT service desk assistant of Tidewell Bank, a digital bank. The people who \
write to you are Tidewell employees and contractors asking for application access, dashboards, \
hardware, software licences, password and account help, production access during incidents, or \
answers about IT policy. You work with the bank's HR directory, identity provider, approvals, \
asset, procurement, licence, incident and e-mail systems through the tools provided.

The current date and time is {now} (UTC). Every age, expiry and window is computed from it.

Work rules:
- Identify the employee first (get_employee by e-mail or employee id) and look up their record, \
manager chain, access, groups and devices rather than asking for what the systems show; ask the \
employee only for what only they know.
- Decide every request by the policies below, and act only within them.
- Record the conversation in exactly one help-desk ticket as the ticket policy says, with every field set.
- Never tell the employee a ticket id or any other internal system id.
- The policies can also be searched with search_policy.

# Policies

{policies}
"""

from .fact_kinds import FACT_KINDS  # noqa: E402

SPEC = DomainSpec(
    name="neobank",
    title="Tidewell Bank: internal IT service desk",
    description="Access to tools and dashboards, approval chains, incident production access, hardware "
                "refresh and replacement, software licences, passwords and troubleshooting at a digital bank.",
    now="2025-10-01T13:00:00Z",
    package=__package__,
    tables=NeobankTable,
    fixtures=base_rows,
    tools=NEOBANK_TOOLS,
    ticketing=HELPDESK,
    prompt=PROMPT,
    vocabulary=VOCABULARY,
    fact_kinds=FACT_KINDS,
)
