"""What consulting's communication checks read: its decisions, the roles of its amounts and dates,
and the internal ids its service-desk policy forbids quoting (employee, approval and ticket ids;
catalogue codes such as software, course and licence ids are allowed). Patterns are written over
normalised text (see thinkingbox.readers.sentences)."""
from thinkingbox import CORE_VOCABULARY, DecisionKind, NeverTell

_CORE = CORE_VOCABULARY.decisions

DECISIONS = [
    _CORE["granted"].more(contrary={"returned_for_correction"}).more(
        r"(?:expense|claim)\s+(?:[\w-]+\s+){0,3}(?:is|has been|was|has already been)\s+(?:now\s+)?(?:approved|paid|reimbursed)",
        r"(?:approved|reimbursed)\s+(?:\w+\s+){0,3}(?:\$[\d,.]+|expense|claim)",
        r"(?:laptop|device|monitor|headset|license|seat)\s+(?:\w+\s+){0,3}(?:is|has been)\s+(?:now\s+)?"
        r"(?:assigned|issued|reserved|allocated)\s+(?:to|for)\s+you",
        r"(?:assigned|issued|handed)\s+(?:you\s+)?(?:\w+\s+){0,4}(?:laptop|device|monitor|license|seat)",
        r"(?:can|may) (?:now\s+)?(?:read|edit|open|use|see)\b",
        r"\b(?:is|are|has been|have been)\s+(?:now\s+)?(?:assigned|issued|handed over|allocated)\s+to\s+you\b"),
    _CORE["declined"].more(r"(?:expense|claim)\s+(?:\w+\s+){0,3}(?:is|has been|was)\s+rejected",
                           r"conflict of interest", r"(?:is|are) (?:not )?staffed"
                           r"(?=[^.;]{0,20}\bnot\b)"),
    _CORE["booked"].more(r"(?:trip|travel|flight|hotel|train)\s+(?:\w+\s+){0,3}(?:is|has been)\s+(?:now\s+)?"
                         r"(?:booked|approved|confirmed)",),
    DecisionKind("returned_for_correction", (
        r"(?:returned|sent)\s+(?:\w+\s+){0,3}back\s+to\s+you", r"(?:returned|sent back)\s+(?:\w+\s+){0,4}"
        r"(?:for\s+(?:correction|changes|you to fix|an? \w+ receipt|the receipt))",
        r"(?:please|you will need to|you need to|you must)\s+(?:\w+\s+){0,3}(?:resubmit|re-submit|attach|upload|add)\s+"
        r"(?:\w+\s+){0,3}(?:receipt|claim)", r"(?:is|has been)\s+returned to you"),
        {"granted", "declined"}, "an expense claim is sent back to the employee to fix and resubmit"),
    DecisionKind("nda_sent", (
        r"\bnda\b[^.;]{0,40}\b(?:sent|on its way|waiting for (?:your )?signature|to sign|for signature)",
        r"(?:sign|signing)\s+(?:\w+\s+){0,2}\bnda\b"), (), "a non-disclosure agreement is sent to be signed"),
    DecisionKind("already_held", (
        r"\balready\s+(?:\w+\s+){0,2}(?:have|has|hold|holds|held|enrolled|licensed|registered|signed up|completed|"
        r"assigned|granted)\b", r"\b(?:have|has|hold|holds)\s+(?:\w+\s+){0,3}already\b"), (),
        "what was asked is already in place, so nothing new is done"),
    DecisionKind("revoked", (
        r"\b(?:revoked|removed|withdrawn|closed off)\b", r"\bno longer have\b"), (),
        "access the employee held is taken away"),
    _CORE["kept"].more(r"\b(?:is|are|stays?|remains?)\s+(?:\w+\s+)?unchanged\b",
                       r"\b(?:is|are)\s+(?:still\s+)?(?:left\s+)?(?:as it is|as they are|untouched)\b"),
]

ROLES = {
    "reimbursement": (r"reimburs\w*", r"approved", r"paid (?:back|out)", r"(?:will|would) be paid", r"(?:get|getting) back",
                      r"refund\w*", r"(?:we will|we'll) pay", r"amount approved", r"approved amount"),
    "cost": (r"costs?", r"price\w*", r"fee", r"charged?", r"spend\w*", r"fare"),
    "budget_left": (r"leaving", r"leaves", r"left", r"remaining", r"remains", r"still have", r"budget (?:is|of|stands at|balance)",
                    r"balance"),
    "claimed": (r"claimed", r"you claimed", r"you spent", r"you paid", r"submitted", r"receipt (?:shows|for|total)",
                r"the bill"),
    "limit": (r"limit", r"cap(?:ped)?", r"maximum", r"up to", r"at most", r"allowance"),
    # "on" and "class" alone are no course's words: "expected on 10 March", "in business class".
    "course_date": (r"course", r"session", r"starts?", r"runs?", r"training", r"classes", r"(?:course|session|class) on"),
    "age": (r"old", r"age", r"bought", r"purchased"),
    "delivery": (r"expected", r"expected (?:on|by)", r"arriv\w*", r"deliver\w*", r"due"),
    "travel_dates": (r"trip", r"travel\w*", r"flight", r"depart\w*", r"return\w*", r"stay\w*", r"from"),
}

NEVER_TELL = [
    NeverTell("employees", "id", "internal employee id"), NeverTell("approvals", "id", "internal approval id"),
    NeverTell("tickets", "id", "internal ticket id"),
]

ROLE_KINDS = {'course_date': 'date', 'travel_dates': 'date', 'age': 'number', 'delivery': 'date'}

VOCABULARY = CORE_VOCABULARY.extend(DECISIONS, ROLES, {"day": ("day",), "night": ("night",)}, NEVER_TELL, role_kinds=ROLE_KINDS)
