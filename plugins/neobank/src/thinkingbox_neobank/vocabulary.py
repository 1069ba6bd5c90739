"""What neobank's communication checks read: its decisions, the roles of its values, the internal
ids its service-desk policy forbids quoting, and its rule that the outcome is told at the end of
the conversation. Patterns are written over normalised text (see thinkingbox.engine.statements)."""
from thinkingbox import CORE_VOCABULARY, DecisionKind, NeverTell

_CORE = CORE_VOCABULARY.decisions

DECISIONS = [
    _CORE["granted"].more(
        r"(?:device|laptop|monitor|headset|phone|loaner|license|seat)\s+(?:\w+\s+){0,3}(?:is|has been)\s+(?:now\s+)?"
        r"(?:assigned|issued|allocated|reserved)\s+(?:to|for)\s+you",
        r"(?:assigned|issued|allocated|handed)\s+(?:you\s+)?(?:\w+\s+){0,4}(?:from stock|laptop|device|monitor|license)",
        r"(?:added|put)\s+you\s+(?:\w+\s+){0,2}(?:to|in)\s+(?:the\s+)?(?:\w+\s+){0,2}group",
        r"(?:eligible|entitled)\s+(?:for|to)\b(?![^.;]{0,40}\b(?:once|if|after)\b)"),
    _CORE["escalated"].more(r"(?:it operations|itops|it ops|second line|level 2|l2)\b",),
    _CORE["booked"].more(r"(?:allocated|reserved|assigned)\s+(?:you\s+)?(?:a|one|the)\s+(?:\w+\s+){0,2}(?:seat|license)",),
    DecisionKind("password_reset", (
        r"\breset\b[^.;]{0,30}\bpassword", r"\bpassword\b[^.;]{0,30}\breset\b", r"\btemporary password\b",
        r"\bnew password\b[^.;]{0,20}\b(?:is|has been|was)\b"), (), "the password is reset"),
    DecisionKind("sessions_ended", (
        r"\b(?:signed|logged|kicked)\s+(?:you\s+)?out\b", r"\b(?:ended|terminated|revoked|closed|killed|cleared)\s+"
        r"(?:all\s+|every\s+|your\s+)?(?:\w+\s+)?sessions?\b",
        r"\bsessions?\s+(?:\w+\s+){0,2}(?:have been|were|are|has been)\s+(?:\w+\s+)?(?:ended|terminated|revoked|"
        r"closed|cleared|signed out)"), (), "every session of the account is ended"),
]

ROLES = {
    "expiry": (r"expir\w*", r"until", r"ends?", r"runs? out", r"lapses?", r"valid (?:until|through|till)",
               r"revoked (?:at|on)", r"removed (?:at|on)", r"access (?:lasts|for)"),
    "contract_end": (r"contract (?:ends?|end date|runs? out|finishes)", r"last (?:working )?day", r"leav(?:es|ing) (?:us|the bank)"),
    "price": (r"price", r"costs?", r"per (?:seat|user|person|year)", r"a year", r"annual\w*", r"per annum"),
    "threshold": (r"threshold", r"limit", r"over", r"above", r"under", r"below"),
    "age": (r"old", r"age", r"since", r"bought", r"purchased", r"in service"),
}

NEVER_TELL = [
    NeverTell("tickets", "id", "internal ticket id"), NeverTell("employees", "id", "internal employee id"),
    NeverTell("app_access", "id", "internal access record id"),
    NeverTell("group_memberships", "id", "internal group membership id"),
    NeverTell("approval_requests", "id", "internal approval request id"), NeverTell("assets", "id", "internal asset id"),
    NeverTell("asset_assignments", "id", "internal assignment id"),
    NeverTell("procurement_orders", "id", "internal procurement order id"),
    NeverTell("license_allocations", "id", "internal licence allocation id"),
    NeverTell("security_audit", "id", "internal audit row id"), NeverTell("notifications", "id", "internal notification id"),
]

# Policy 01, "What to tell the employee": the outcome is told at the end of the conversation.
ROLE_KINDS = {'expiry': 'date', 'contract_end': 'date', 'age': 'number'}

VOCABULARY = CORE_VOCABULARY.extend(DECISIONS, ROLES, {"seat": ("seat", "license")}, NEVER_TELL, closing_summary=True, role_kinds=ROLE_KINDS)
