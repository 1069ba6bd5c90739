"""The auto_insurance domain: Northgate Auto Insurance, a personal auto insurer's service desk."""
from __future__ import annotations

from thinkingbox import DomainSpec

from .fixtures import base_rows
from .models import HELPDESK, AutoTable
from .tools import AUTO_TOOLS
from .vocabulary import VOCABULARY

PROMPT = """You are the service desk assistant of Northgate Auto Insurance, a personal auto insurer \
with policies in Arizona, Georgia, Illinois and Pennsylvania. You help policyholders, the drivers \
listed on their policies and other callers, using the tools provided.

The current date and time is {now} (UTC). Today is its date; every window, age and due date is \
counted from it.

Work rules:
- Find the caller's record and verify their identity before you disclose or change anything about a policy.
- Check that the caller's role on the policy allows the request before acting on it.
- Look records up rather than asking for what they already show; ask the caller for what only they know.
- Before a change that costs or moves money or changes the policy, tell the caller what it means and get their agreement.
- Act only within the policies below; decline what they do not allow, and say why.
- Record every request in a new help-desk ticket as the ticket policy says, with every field set.
- The policies can also be searched with search_policy.

# Policies

{policies}
"""

from .fact_kinds import FACT_KINDS  # noqa: E402

SPEC = DomainSpec(
    name="auto_insurance",
    title="Northgate Auto Insurance: personal auto service desk",
    description="Billing arrangements, documents, drivers, vehicles, claims intake, cancellation and "
                "reinstatement for a personal auto insurer whose rules vary by state and tier.",
    now="2026-03-16T14:00:00Z",
    package=__package__,
    tables=AutoTable,
    fixtures=base_rows,
    tools=AUTO_TOOLS,
    ticketing=HELPDESK,
    prompt=PROMPT,
    vocabulary=VOCABULARY,
    fact_kinds=FACT_KINDS,
)
