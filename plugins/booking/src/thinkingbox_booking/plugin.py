"""The booking domain: Harborlight Stays, an online hotel and travel agency."""
from __future__ import annotations

from thinkingbox import DomainSpec

from .fixtures import base_rows
from .models import HELPDESK, BookingTable
from .tools import BOOKING_TOOLS
from .vocabulary import VOCABULARY

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

from .fact_kinds import FACT_KINDS  # noqa: E402

SPEC = DomainSpec(
    name="booking",
    title="Harborlight Stays: hotel bookings",
    description="Modifications, cancellations, corporate and group bookings, extras, post-stay complaints, "
                "billing and hotel-partner escalations.",
    now="2025-10-01T13:00:00Z",
    package=__package__,
    tables=BookingTable,
    fixtures=base_rows,
    tools=BOOKING_TOOLS,
    ticketing=HELPDESK,
    prompt=PROMPT,
    vocabulary=VOCABULARY,
    fact_kinds=FACT_KINDS,
)
