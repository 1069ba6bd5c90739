"""What booking's communication checks read: its decisions, the roles of its amounts and dates,
and what its confidentiality policy forbids telling (checked per task: internal field names and
the customer's tier criteria). Patterns are written over normalised text (see
thinkingbox.readers.sentences)."""
from thinkingbox import CORE_VOCABULARY, DecisionKind

_CORE = CORE_VOCABULARY.decisions

DECISIONS = [
    _CORE["escalated"].more(
        r"(?:passed|sent|forwarded|raised|referred|handed)\b[^.;]{0,80}?\b(?:to|with)\s+(?:the\s+)?(?:\w+\s+){0,3}"
        r"(?:hotel|property|inn|resort|suites|lodge)\b",
        r"(?:hotel|property)\s+(?:\w+\s+){0,3}(?:will|is going to|should)\s+(?:\w+\s+){0,2}(?:confirm|check|reply|"
        r"respond|contact|review|decide|look into|get back)",
        r"(?:asked|contacted|checking with|checked with|written to|emailed)\s+(?:the\s+)?(?:\w+\s+){0,3}(?:hotel|property|inn|"
        r"grand|resort|suites|lodge)\b",
        r"\b(?:once|when|as soon as) the (?:hotel|property) (?:answers|replies|responds|gets back|confirms)"),
    _CORE["filed"].more(r"(?:opened|raised|started|filed)\s+(?:\w+\s+){0,2}(?:dispute|billing review)",
                        r"(?:dispute|billing review)\s+(?:\w+\s+){0,2}(?:is|has been)\s+(?:opened|raised|started|filed)",
                        r"billing (?:team )?will (?:review|look into|investigate)"),
    _CORE["declined"].more(r"\bsold out\b", r"\bfully booked\b", r"no (?:rooms?|availability) (?:left|available)",
                           r"(?:does|do) not (?:allow|accept) (?:pets|dogs|cats|same-day changes)"),
    _CORE["changed"].more(r"(?:booking|reservation|stay|room|dates?)\s+(?:\w+\s+){0,3}(?:is|are)\s+now\b",
                          r"\bis now (?:a|an|the)\s+(?:\w+\s+){0,2}(?:room|suite)"),
    _CORE["sent"].more(r"invoice\s+(?:\w+\s+){0,3}(?:is|has been)\s+(?:sent|emailed|on its way)"),
    DecisionKind("available", (
        r"\b(?:is|are)\s+(?:(?:very|always|still)\s+)?(?:available|active|valid|allowed|welcome|permitted|accepted|offered|"
        r"included|provided|on site|in good standing|in force)\b",
        r"\b(?:has|have|offers?|provides?|there is|there are)\s+(?:\w+\s+){0,2}(?:parking|car park|garage|accessible rooms?|"
        r"wheelchair[- ]accessible rooms?)\b",
        r"\b(?:accepts?|allows?|welcomes?|permits?|takes?)\s+(?:\w+\s+){0,2}(?:pets?|dogs?|cats?|animals?)\b",
        r"\b(?:pet|dog)[- ]friendly\b", r"\b(?:pets?|dogs?|cats?|animals?)\s+(?:can|may)\s+(?:come|stay|join)\b",
        r"\byou (?:can|may|are welcome to) (?:park|bring)\b"),
        {"unavailable"}, "what the customer asked about exists, is allowed or is active", "unavailable"),
    DecisionKind("unavailable", (
        r"\b(?:is|are)\s+not\s+(?:available|active|valid|allowed|welcome|permitted|accepted|offered|provided)\b",
        r"\bno\s+(?:on-?site\s+|guest\s+|private\s+)?(?:parking|car park|accessible rooms?|pets?)\b",
        r"\b(?:has|have)\s+(?:expired|lapsed|ended)\b", r"\binactive\b", r"\bno longer (?:active|valid)\b",
        r"\b(?:does|do) not (?:have|offer|provide|allow|accept) (?:\w+\s+){0,2}(?:parking|accessible|pets?|dogs?|animals?)"),
        {"available"}, "what the customer asked about does not exist, is not allowed or is not active"),
]

ROLES = {
    "charge": (r"charged", r"billed", r"debited", r"to pay", r"you (?:will |would |need to |have to )?pay",
               r"payable", r"charge (?:to|on) your", r"we (?:will|would) (?:take|charge)", r"due now", r"costs? you",
               r"in total", r"altogether", r"costs?", r"carries", r"charge of", r"charge"),
    "cancellation_fee": (r"cancelation (?:fee|charge|penalty)", r"(?:service|admin|administration|modification|change) "
                         r"fee", r"penalty", r"kept", r"keep", r"retain\w*", r"withheld", r"non-refundable"),
    "total": (r"new (?:booking |stay )?total", r"booking total", r"total (?:of|for) (?:the|your) (?:stay|booking)",
              r"totals", r"new (?:price|rate|cost)", r"now costs?", r"stay (?:now )?costs"),
    "price_difference": (r"difference", r"more", r"extra", r"additional", r"supplement", r"upgrade (?:costs?|price)",
                         r"on top"),
    "deposit": (r"deposit",),
    "stay": (r"stay\w*", r"nights?", r"dates", r"booking", r"reservation", r"from"),
    "check_in": (r"check[- ]?in", r"arriv\w*", r"arrival"),
    "check_out": (r"check[- ]?out", r"depart\w*", r"departure", r"leav\w*"),
    "compensation": (r"compensation", r"goodwill", r"gesture", r"credit"),
}

NOUNS = {"guest": ("guest", "person", "people", "adult"), "night": ("night",), "room": ("room",)}

ROLE_KINDS = {'stay': 'date', 'check_in': 'date', 'check_out': 'date'}

VOCABULARY = CORE_VOCABULARY.extend(DECISIONS, ROLES, NOUNS, role_kinds=ROLE_KINDS)
