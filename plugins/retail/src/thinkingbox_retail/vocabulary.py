"""What retail's communication checks read: its decisions, the roles of its amounts and dates,
and (none: the policy's only secret, the account score, is checked per task) data never to
tell. Patterns are written over normalised text (see thinkingbox.readers.sentences)."""
from thinkingbox import CORE_VOCABULARY, DecisionKind

_CORE = CORE_VOCABULARY.decisions

DECISIONS = [
    _CORE["granted"].more(
        r"(?:return|exchange|replacement|claim)\s+(?:\w+\s+){0,2}(?:is|has been|was)\s+(?:now\s+)?(?:authorized|approved|"
        r"accepted|set up|created|opened|booked)",
        r"(?:authorized|approved|accepted|set up|created|opened)\s+(?:\w+\s+){0,3}(?:return|exchange|rma)",
        r"return authorization (?:number|code)"),
    _CORE["declined"].more(r"(?:return|exchange|refund|claim)\s+(?:\w+\s+){0,3}(?:is|was)\s+not\s+(?:possible|accepted|"
                           r"eligible|covered)"),
    _CORE["sent"].more(r"(?:replacement|new one|reship\w*)\s+(?:\w+\s+){0,4}(?:is|will be|has been)\s+(?:on its way|"
                       r"sent|shipped|dispatched|arriving)", r"\breship\w*"),
    _CORE["filed"].more(r"(?:asked|told|contacted|notified)\s+(?:the\s+)?(?:carrier|courier|manufacturer)\s+to\s+"
                        r"(?:investigate|trace|look into)", r"\bwarranty (?:claim|repair) (?:is|has been) (?:opened|filed)"),
    DecisionKind("compensated", (
        r"(?:add|added|adding|credit|credited|issue|issued|give|given|apply|applied|put)\s+(?:\S+\s+){0,4}"
        r"(?:points|credit|voucher|compensation|goodwill)",
        r"(?:points|credit|voucher|compensation)\s+(?:\w+\s+){0,3}(?:is|are|has been|have been|was|were)\s+"
        r"(?:now\s+)?(?:added|credited|issued|applied|on (?:its|their) way)"),
        {"no_compensation"}, "compensation (points, store credit, a voucher) is given", "no_compensation"),
    DecisionKind("no_compensation", (
        r"\bno\s+(?:\w+\s+){0,2}(?:compensation|credit|points|voucher|goodwill)",
        r"\bno\s+(?:delay|late[- ]delivery|late)\s+(?:refund|compensation)",
        r"\bnot\s+(?:be\s+)?(?:eligible|entitled)\s+(?:for|to)\s+(?:\w+\s+){0,2}(?:compensation|credit|points)",
        r"\b(?:does|do|did) not qualify for (?:\S+\s+){0,4}(?:refund|compensation|credit|points)",
        r"\b(?:none|nothing) (?:is|was|will be) (?:due|owed|payable)\b",
        r"\balready (?:received|been given|had|got) (?:\S+\s+){0,3}compensation"),
        {"compensated"}, "no compensation is given"),
]

ROLES = {
    "restocking_fee": (r"restocking(?: fee| charge)?",),
    "removal_fee": (r"removal(?: fee| charge)?", r"uninstall\w*(?: fee)?", r"taking (?:it )?down", r"take (?:it )?down"),
    "return_shipping_fee": (r"return (?:shipping|postage|label)(?: fee| charge| cost)?", r"shipping (?:fee|charge|cost)",
                            r"postage"),
    "credit": (r"store credit", r"credit", r"compensation", r"goodwill", r"voucher", r"gift card"),
    "price_adjustment": (r"price (?:adjustment|difference|match)", r"difference"),
    "delivery_date": (r"deliver\w*", r"arriv\w*", r"due (?:on|by)", r"get there", r"reach(?:es)? you"),
    "estimated_date": (r"estimat\w*", r"expected", r"eta", r"scheduled", r"promised", r"originally"),
    "installation_date": (r"install\w*", r"technician", r"visit", r"revisit", r"appointment", r"mount\w*",
                          r"booked (?:for|on)", r"come (?:out|round|by)"),
}

NOUNS = {"point": ("point",), "item": ("item", "unit", "product")}

ROLE_KINDS = {'delivery_date': 'date', 'installation_date': 'date', 'estimated_date': 'date'}

VOCABULARY = CORE_VOCABULARY.extend(DECISIONS, ROLES, NOUNS, role_kinds=ROLE_KINDS)
