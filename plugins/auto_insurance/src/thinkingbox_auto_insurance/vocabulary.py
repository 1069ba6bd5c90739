"""What auto insurance's communication checks read: its decisions, the roles of its amounts and
dates, and the stored data its service-desk policy forbids telling a caller (internal record ids,
anyone's date of birth or tax id digits). Patterns are written over normalised text (see
thinkingbox.readers.sentences)."""
from thinkingbox import CORE_VOCABULARY, NeverTell

_CORE = CORE_VOCABULARY.decisions

DECISIONS = [
    _CORE["escalated"].more(
        r"underwrit\w+\s+(?:\w+\s+){0,4}(?:will|to|must|needs? to|is going to)\s+(?:\w+\s+){0,2}(?:review|look|assess|check)",
        r"(?:referred|sent|passed|flagged)\s+(?:\w+\s+){0,4}(?:to|for)\s+(?:an?\s+)?underwrit\w+",
        r"underwriting review", r"(?:adjuster|claims team)\s+(?:\w+\s+){0,3}will\s+(?:contact|call|be in touch|review)"),
    _CORE["sent"].more(r"(?:declarations? page|id card|proof of insurance|document|copy)\s+(?:\w+\s+){0,4}"
                       r"(?:is|has been|was)\s+(?:\w+\s+)?(?:sent|emailed|mailed|on its way)"),
    _CORE["granted"].more(r"(?:extension|installment plan|payment plan|arrangement)\s+(?:\w+\s+){0,3}(?:is|has been)\s+"
                          r"(?:now\s+)?(?:set up|approved|in place|granted|arranged|agreed)",
                          r"(?:set up|arranged|granted|approved)\s+(?:\w+\s+){0,3}(?:extension|installment plan|"
                          r"payment plan|arrangement)",
                          r"(?:is|are|has been|have been)\s+(?:now\s+)?(?:added|removed|excluded|reinstated|covered)\b"),
    _CORE["declined"].more(r"(?:is|are)\s+not\s+eligible", r"(?:cannot|can not)\s+(?:be\s+)?(?:added|extended|reinstated|"
                           r"covered|offered|set up)",
                           r"(?:is|are)\s+not\s+(?:available|possible)\b", r"(?:can|could) no longer", r"(?:window|deadline)\s+(?:has\s+|had\s+)?(?:closed|ended|passed|expired)",
                           r"(?:must|needs? to|has to)\s+(?:come from|be made by|be asked by)\s+the named insured",
                           r"only the named insured\s+(?:\w+\s+){0,2}(?:can|may)"),
    _CORE["not_verified"].more(r"(?:could not|cannot|unable to|not able to)\s+(?:complete|finish)\s+(?:the\s+)?"
                               r"(?:identity\s+)?(?:verification|check)",
                               r"(?:details|answers|information)\s+(?:you gave\s+)?(?:do|did) not match"),
]

ROLES = {
    "premium": (r"premium", r"new (?:rate|price)", r"term (?:price|cost)", r"(?:will|would) now cost",
                r"per (?:term|year|month|six months)"),
    "return_premium": (r"return premium", r"refund\w*", r"money back", r"credited back", r"unused premium",
                       r"unearned premium", r"premium returned", r"returned to you", r"back"),
    "installment": (r"installments?", r"each payment", r"per payment", r"payments? of", r"monthly"),
    "due_date": (r"due", r"deadline", r"(?:pay|paid) by", r"payable", r"extend\w* (?:\w+ )?(?:to|until)", r"new date",
                 r"until", r"(?:move|moved|push|pushed|shift|shifted) (?:\S+ ){0,3}(?:to|until)"),
    # a cancellation's date is the date it takes effect
    "effective_date": (r"effective", r"takes? effect", r"starts?", r"from", r"as of", r"begins?", r"covered from",
                       r"cancel\w*", r"ends?", r"last day", r"terminat\w*", r"no longer appl(?:y|ies)"),
    "deductible": (r"deductible", r"excess"),
    "valid_until": (r"valid (?:through|until|till|to)", r"good (?:through|until|till)", r"expir\w*", r"valid"),
    "premium_reduction": (r"reduc\w*", r"lower\w*", r"(?:goes|go|come|comes) down by", r"down by", r"decrease\w*",
                          r"less", r"drops? by", r"sav(?:e|es|ing|ings)", r"comes? off", r"taken off", r"off"),
    "payment": (r"charg(?:e|es|ed|ing)", r"take", r"took", r"taken", r"pay", r"paid", r"debit\w*", r"collect\w*"),
    "surcharge": (r"surcharge", r"adds?", r"extra", r"increase\w*(?: by)?", r"goes up by", r"up by", r"more",
                  r"costs?"),
}

NOUNS = {"installment": ("installment", "payment"), "vehicle": ("vehicle", "car", "auto"),
         "car": ("car", "vehicle", "auto"), "driver": ("driver",)}

NEVER_TELL = [
    NeverTell("tickets", "id", "internal ticket id"), NeverTell("users", "id", "internal help-desk user id"),
    NeverTell("customers", "id", "internal customer id"), NeverTell("drivers", "id", "internal driver id"),
    NeverTell("vehicles", "id", "internal vehicle id"),
    NeverTell("payment_arrangements", "id", "internal arrangement id"),
    NeverTell("payments", "id", "internal payment id"), NeverTell("documents", "id", "internal document id"),
    NeverTell("lienholder_notices", "id", "internal notice id"),
    NeverTell("customers", "date_of_birth", "a date of birth", kind="date"),
    NeverTell("drivers", "date_of_birth", "a date of birth", kind="date"),
    NeverTell("customers", "tax_id_last4", "tax id digits", read_back=True),
]

ROLE_KINDS = {'due_date': 'date', 'effective_date': 'date', 'valid_until': 'date'}

VOCABULARY = CORE_VOCABULARY.extend(DECISIONS, ROLES, NOUNS, NEVER_TELL, role_kinds=ROLE_KINDS)
