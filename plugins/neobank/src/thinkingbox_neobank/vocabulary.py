"""What neobank's communication checks read: its decisions, the roles of its values, the internal
ids its service-desk policy forbids quoting, and its rule that the outcome is told at the end of
the conversation. Patterns are written over normalised text (see thinkingbox.readers.sentences)."""
from thinkingbox import CORE_VOCABULARY, DecisionKind, NeverTell

_CORE = CORE_VOCABULARY.decisions

DECISIONS = [
    _CORE["granted"].more(
        r"(?:device|laptop|monitor|headset|phone|loaner|license|seat)\s+(?:\w+\s+){0,3}(?:is|has been)\s+(?:now\s+)?"
        r"(?:assigned|issued|allocated|reserved)\s+(?:to|for)\s+you",
        r"(?:assigned|issued|allocated|handed)\s+(?:you\s+)?(?:\w+\s+){0,4}(?:from stock|laptop|device|monitor|license)",
        r"(?:added|put)\s+you\s+(?:\w+\s+){0,2}(?:to|in)\s+(?:the\s+)?(?:\w+\s+){0,2}group",
        r"\byou\s+(?:have been|were|are now|have now been)\s+(?:added|given access)\s+to\b",
        r"(?:eligible|entitled)\s+(?:for|to)\b(?![^.;]{0,40}\b(?:once|if|after)\b)",
        r"\b(?:is|are|has been|have been)\s+(?:now\s+)?(?:assigned|allocated|issued|reserved)\s+(?:to|for)\s+you\b",
        r"\b(?:ready|waiting)\s+(?:for\s+you\s+)?(?:for collection|to (?:collect|pick up)|for pick ?up|at the)\b",
        r"\bis\s+(?:now\s+)?yours\b", r"\b(?:access|permissions?)\b[^.;]{0,40}\b(?:is|are)\s+(?:now\s+)?live\b",
        r"\b(?:has|have)\s+been\s+(?:upgraded|changed|switched)\s+(?:from\s+\w+\s+)?to\b",
        r"\b(?:set up|granted|given)\s+(?:\w+\s+){0,2}access\b", r"\baccess granted\b",
        r"\b(?:has been|is|was)\s+(?:now\s+)?set up\s+(?:on|at)\s+your\b",
        r"\b(?:i|we)\s+(?:have\s+)?(?:now\s+|also\s+)?(?:approved|arranged)\b", r"\badded you to\b",
        r"\bassigned you\b", r"\breserved\s+(?:\w+\s+){0,3}for you\b", r"\bhas been assigned\b",
        r"\b(?:has been|is|was)\s+(?:now\s+)?approved\s+for you\b"),
    _CORE["ordered"].more(r"\b(?:shipped|dispatched|on its way|being (?:shipped|sent|prepared))\b",
                          r"\b(?:sending|sent)\s+(?:you\s+)?(?:a|an|the|your)\s+(?:new|replacement)\b",
                          r"\b(?:i|we)\s+have\s+(?:also\s+)?requested\s+(?:a|an)\s+new\b",
                          r"\b(?:ships|arrives?)\s+(?:tomorrow|today|on|by|this|next)\b"),
    # 02: a department's forbidden cell
    _CORE["declined"].more(r"\bforbidden\b", r"\bnot (?:available|allowed) (?:to|for)\b"),
    _CORE["escalated"].more(r"(?:it operations|itops|it ops|second line|level 2|l2)\b",),
    _CORE["booked"].more(r"(?:allocated|reserved|assigned)\s+(?:you\s+)?(?:a|one|the)\s+(?:\w+\s+){0,2}(?:seat|license)",),
    # The desk resetting it, not the self-service "password reset" page the employee is sent to.
    DecisionKind("password_reset", (
        r"\breset\s+(?:your|the|her|his|their)\s+(?:\w+\s+)?password\b",
        r"\bpassword(?:'s been|'s|\s+has been|\s+was|\s+is now|\s+is|\s+got|\s+have been)\s+(?:now\s+|also\s+)?reset\b",
        r"\b(?:i|we)\s+(?:have\s+)?(?:now\s+|just\s+|also\s+)?reset\b", r"\btemporary (?:password|one)\b",
        r"\bone-time password\b", r"\bpassword reset (?:is\s+)?done\b",
        r"\b(?:i|we)\s+(?:have\s+)?(?:changed|generated|issued)\s+(?:\w+\s+){0,2}(?:new\s+)?password\b",
        r"\bpassword\s+(?:has been|was)\s+changed\b",
        r"\bnew password\b[^.;]{0,20}\b(?:is|has been|was)\b"), (), "the password is reset"),
    DecisionKind("sessions_ended", (
        r"\b(?:signed|logged|kicked)\s+(?:you\s+)?out\b", r"\b(?:ended|terminated|revoked|closed|killed|cleared)\s+"
        r"(?:all\s+|every\s+|your\s+)?(?:\w+\s+)?sessions?\b",
        r"\bsessions?\s+(?:\w+\s+){0,2}(?:have been|were|are|has been)\s+(?:\w+\s+)?(?:ended|terminated|revoked|"
        r"closed|cleared|signed out)"), (), "every session of the account is ended"),
]

DECISIONS += [
    # 05: a loaner laptop is offered only for a laptop ordered for damage or failure.
    DecisionKind("loaner_offered", (
        r"\bloaners?\b", r"\bloan (?:laptop|device|machine|unit)\b", r"\bon loan\b",
        r"\b(?:temporary|spare|stand-?in|interim|backup|courtesy) (?:laptop|device|machine|replacement)\b",
        r"\b(?:lend|borrow)\b"), (), "a loaner device is offered until the new one arrives"),
    # 08: on a follow-up the employee says whether the steps fixed it; the desk never claims a fix itself.
    DecisionKind("fixed", (
        r"\b(?:is|was|has been|have been|are|is now|now)\s+(?:all\s+)?(?:fixed|resolved|repaired|sorted(?: out)?|working again)\b",
        r"\b(?:i|we|they|it operations|it ops)\s+(?:have\s+|has\s+)?(?:now\s+|already\s+)?(?:fixed|resolved|repaired|sorted)\b",
        r"\b(?:has|have)\s+been\s+taken care of\b", r"(?:'s| has| have) (?:now )?been (?:fixed|resolved|repaired)\b", r"\b(?:is|are)\s+(?:now\s+)?solved\b",
        r"\b(?:is|are)\s+(?:syncing|working)\s+(?:\w+\s+)?(?:again|now)\b", r"\bworks now\b", r"^fixed\b",
        r"\bclosed (?:this|it) as (?:resolved|solved|fixed)\b",
        r"\bshould (?:now )?(?:be )?(?:work|working|fixed|resolved)\b",
        r"\b(?:ticket|request|case)\s+(?:\w+\s+){0,2}(?:is|has been|was)\s+(?:now\s+)?(?:closed|solved|resolved)\b",
        r"\b(?:closed|solved|resolved)\s+(?:the|your)\s+(?:ticket|request|case)\b",
        r"\b(?:closing|close)\s+(?:the|your|this)\s+(?:ticket|request|case)\b"),
        (), "the problem is fixed (or its ticket closed as solved)"),
    # 06: the employee installs software from the Software Centre; the desk never installs it.
    DecisionKind("installed", (
        r"\b(?:is|are|was|has been|have been|is now|now)\s+(?:all\s+)?(?:already\s+)?installed\b(?!\s+(?:from|through|via))",
        r"\b(?:i|we)\s+(?:have\s+)?(?:now\s+|already\s+|just\s+|remotely\s+)?(?:installed|deployed|pushed|put)\b"
        r"(?=[^.;]{0,40}\b(?:laptop|computer|machine|workstation|device|desktop)\b)",
        r"\binstalled\s*!", r"\binstallation (?:is|has been|was)\s+(?:now\s+)?(?:complete|done|finished)",
        r"\bcompleted the installation\b",
        r"\b(?:is|are)\s+(?:now\s+|already\s+|all\s+)*(?:set up\s+|ready\s+(?:to use\s+|for you\s+)?)?"
        r"(?:on|for)\s+(?:your|the)\s+(?:laptop|computer|machine|workstation|desktop)\b",
        r"\b(?:set up|put)\s+\w+(?:\s+\w+){0,2}\s+on\s+your\s+(?:laptop|computer|machine|workstation)\b",
        r"\binstalled (?:it |the \w+ )?(?:for you|on your)\b", r"\binstalled\s+(?:\w+\s+){0,3}for you\b",
        r"\bhas now been installed\b"), (), "the desk installed the software"),
    # 07: a locked account is escalated; the desk never unlocks it.
    DecisionKind("unlocked", (
        r"\b(?:is|was|has been|have been|is now|now)\s+unlocked\b", r"\b(?:i|we|they|it operations)\s+(?:have\s+|has\s+)?(?:now\s+|already\s+)?unlocked\b",
        r"\b(?:cleared|lifted|released|removed)\s+(?:the\s+)?(?:lock|lockout)\b", r"\block(?:out)?\s+(?:is|has been)\s+(?:now\s+)?(?:lifted|cleared|gone|removed|released)\b",
        r"\b(?:account|login)\s+(?:is|has been)\s+(?:now\s+)?(?:active again|restored|reactivated)\b",
        r"\byou can sign in again now\b"),
        (), "the account is unlocked"),
]

ROLES = {
    "expiry": (r"expir\w*", r"until", r"ends?", r"runs? out", r"lapses?", r"valid (?:until|through|till)",
               r"revoked (?:at|on)", r"removed (?:at|on)", r"access (?:lasts|for)"),
    "contract_end": (r"contract (?:ends?|end date|runs? out|finishes)", r"last (?:working )?day", r"leav(?:es|ing) (?:us|the bank)"),
    "price": (r"price", r"costs?", r"per (?:seat|user|person|year)", r"a year", r"annual\w*", r"per annum"),
    "threshold": (r"threshold", r"limit", r"over", r"above", r"under", r"below", r"(?:refreshed|refresh|replaced) (?:from|at)",
                  r"or more", r"or older", r"at least"),
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
ROLE_KINDS = {'expiry': 'date', 'contract_end': 'date', 'age': 'number', 'threshold': 'number'}

VOCABULARY = CORE_VOCABULARY.extend(DECISIONS, ROLES, {"seat": ("seat", "license")}, NEVER_TELL, closing_summary=True, role_kinds=ROLE_KINDS)
