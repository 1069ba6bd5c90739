"""A domain's vocabulary: the words its communication checks read, and the core's defaults.

A domain's `Vocabulary` names its decision kinds (how people state each, and which kinds
contradict it), the roles its amounts and dates play (the refund, the new due date: the words
that tie a value to its role), the synonyms of the nouns it counts, and the stored data its
policy forbids telling the customer. `CORE_VOCABULARY` holds the kinds most domains share; a
domain extends it (`CORE_VOCABULARY.extend(...)`). Every pattern is written over the
`normalize`d form of a message (lower case, "can't" -> "cannot", British spellings -> American).
The readers that apply a vocabulary to messages are in `thinkingbox.readers`.

Every pattern here is linear: bounded repetitions only, no nested quantifiers, so a long or
hostile message is read in time proportional to its length.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import AbstractSet, Iterable, Mapping

# ---- normalisation -------------------------------------------------------------------------

_TYPOGRAPHIC = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "`": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2033": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": " - ", "\u2015": " - ", "\u2212": "-",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2007": " ", "\u200b": "",
})
# Contractions, written out so a reader meets one form of each negation and auxiliary.
_CONTRACTIONS = [
    (re.compile(r"\bcan't\b"), "cannot"), (re.compile(r"\bwon't\b"), "will not"),
    (re.compile(r"\bshan't\b"), "shall not"), (re.compile(r"\bain't\b"), "is not"),
    (re.compile(r"\b(\w+)n't\b"), r"\1 not"),
    (re.compile(r"\b(i|you|we|they|who)'ve\b"), r"\1 have"),
    (re.compile(r"\b(i|you|we|they|he|she|it|that|there|who)'ll\b"), r"\1 will"),
    (re.compile(r"\b(you|we|they|who)'re\b"), r"\1 are"),
    (re.compile(r"\bi'm\b"), "i am"),
    (re.compile(r"\b(i|you|we|they|he|she|it|that|there|who)'d\b"), r"\1 would"),
    (re.compile(r"\b(it|that|there|here|what|who|he|she|where|everything|nothing|this)'s\b"), r"\1 is"),
    (re.compile(r"\blet's\b"), "let us"),
]
# British spellings and variants, each to one form (word level, so ids are never touched).
_SPELLINGS = {
    "cancelled": "canceled", "cancelling": "canceling", "cancellation": "cancelation",
    "cancellations": "cancelations", "instalment": "installment", "instalments": "installments",
    "licence": "license", "licences": "licenses", "licenced": "licensed", "enrol": "enroll", "enrols": "enrolls",
    "enrolment": "enrollment", "enrolments": "enrollments", "authorise": "authorize", "authorised": "authorized",
    "authorising": "authorizing", "authorisation": "authorization", "organise": "organize",
    "organised": "organized", "finalise": "finalize", "finalised": "finalized", "prioritise": "prioritize",
    "prioritised": "prioritized", "recognise": "recognize", "apologise": "apologize", "catalogue": "catalog",
    "colour": "color", "honour": "honor", "honoured": "honored", "favour": "favor", "behaviour": "behavior",
    "centre": "center", "programme": "program", "travelled": "traveled", "travelling": "traveling",
    "labelled": "labeled", "modelled": "modeled", "fulfil": "fulfill", "fulfilment": "fulfillment",
    "judgement": "judgment", "analyse": "analyze", "analysed": "analyzed", "cheque": "check",
    "e-mail": "email", "e-mails": "emails", "e-mailed": "emailed", "okay": "ok", "per cent": "percent",
    "signed-off": "signed off", "sign-off": "sign off", "waitlist": "waiting list", "wait-list": "waiting list",
    "waitlisted": "on the waiting list", "wait-listed": "on the waiting list", "dispatched": "sent",
}
_SPELLING = re.compile(r"\b(" + "|".join(sorted(map(re.escape, _SPELLINGS), key=len, reverse=True)) + r")\b")


MAX_READ = 50_000   # characters of one message the readers read: a longer message is cut there


@lru_cache(maxsize=2048)
def normalize(text: str) -> str:
    """One form for what people write in many: see the module docstring."""
    text = unicodedata.normalize("NFKC", text[:MAX_READ]).translate(_TYPOGRAPHIC).lower()
    text = re.sub(r"[*_]{1,3}(?=\w)|(?<=\w)[*_]{1,3}", "", text)   # markdown emphasis: **$40** -> $40
    for pattern, replacement in _CONTRACTIONS:
        text = pattern.sub(replacement, text)
    return _SPELLING.sub(lambda m: _SPELLINGS[m.group(1)], text)


# ---- a domain's vocabulary ---------------------------------------------------------------------

@dataclass(frozen=True)
class DecisionKind:
    """One kind of decision: how people state it (regular expressions over normalised text,
    see `normalize`) and the kinds that contradict it."""

    name: str
    says: tuple[str, ...]
    contrary: AbstractSet[str] = frozenset()   # kept as a frozenset
    meaning: str = ""   # one line, for people and for the model judge's question
    negation: str = ""  # the kind its negation states ("not refunded" is no_refund), if it has one

    def __post_init__(self) -> None:
        object.__setattr__(self, "says", tuple(self.says))
        object.__setattr__(self, "contrary", frozenset(self.contrary))

    @property
    def pattern(self) -> re.Pattern[str]:
        return _compiled(self.says)

    def more(self, *says: str, contrary: Iterable[str] = ()) -> "DecisionKind":
        """This kind with more phrasings (a domain's own words for it) and contraries."""
        return DecisionKind(self.name, (*self.says, *says), self.contrary | set(contrary), self.meaning, self.negation)


@lru_cache(maxsize=1024)
def _compiled(says: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in says))


@dataclass(frozen=True)
class NeverTell:
    """Stored data the policy forbids telling the customer: every value of `table.column`
    in the trial's world. kind "id" matches the value as an identifier (a value the customer
    said first is theirs to hear again, unless `read_back` forbids that too: verification
    data), "date" as a date in any written form (never read back)."""

    table: str
    column: str
    label: str
    kind: str = "id"
    read_back: bool = False


@dataclass(frozen=True)
class Vocabulary:
    """What a domain's communication checks read: see the module docstring."""

    decisions: Mapping[str, DecisionKind] = field(default_factory=dict)
    roles: Mapping[str, tuple[str, ...]] = field(default_factory=dict)     # role -> cue patterns
    # What a role's values are: "money" (the default), "date" (dates, ranges, times) or
    # "number" (counts, durations, percents). A role's words compete only for its own kind of
    # value: "installed" does not take an amount from "the removal fee".
    role_kinds: Mapping[str, str] = field(default_factory=dict)
    nouns: Mapping[str, tuple[str, ...]] = field(default_factory=dict)     # noun -> synonyms
    never_tell: tuple[NeverTell, ...] = ()
    # The domain's policy has the agent tell the outcome at the end of the conversation: what
    # the customer must be told (`states`) is then read in the agent's final message only.
    closing_summary: bool = False

    def extend(self, decisions: Iterable[DecisionKind] = (), roles: Mapping[str, Iterable[str]] | None = None,
               nouns: Mapping[str, Iterable[str]] | None = None, never_tell: Iterable[NeverTell] = (),
               closing_summary: bool | None = None, role_kinds: Mapping[str, str] | None = None) -> "Vocabulary":
        """This vocabulary plus a domain's own kinds, roles, nouns and never-tell data (a kind
        or role of the same name replaces this one's)."""
        merged = dict(self.decisions)
        merged.update({d.name: d for d in decisions})
        unknown = {c for d in merged.values() for c in (*d.contrary, *([d.negation] if d.negation else []))} - set(merged)
        if unknown:
            raise ValueError(f"decision kinds name unknown contraries: {sorted(unknown)}")
        kinds = {**self.role_kinds, **(role_kinds or {})}
        if set(kinds.values()) - {"money", "date", "number"}:
            raise ValueError(f"role kinds are money, date or number: {kinds}")
        return Vocabulary(merged, {**self.roles, **{k: tuple(v) for k, v in (roles or {}).items()}}, kinds,
                          {**self.nouns, **{k: tuple(v) for k, v in (nouns or {}).items()}},
                          (*self.never_tell, *never_tell),
                          self.closing_summary if closing_summary is None else closing_summary)

    def contraries(self, kind: str) -> AbstractSet[str]:
        """The kinds whose assertion takes `kind` back (as `kind` declares them: "unable to change
        it" takes back a change, but "I've updated your ticket" does not take back a refusal)."""
        return self.decisions[kind].contrary

    def role_pattern(self, kind: str) -> tuple[re.Pattern[str], list[str]]:
        """The words of every role whose values are of `kind` (money, date, number), as one
        pattern, and the roles' names by group index."""
        roles = tuple((role, tuple(cues)) for role, cues in self.roles.items()
                      if self.role_kinds.get(role, "money") == kind)
        return _role_pattern(roles), [role for role, _ in roles]


@lru_cache(maxsize=64)
def _role_pattern(roles: tuple[tuple[str, tuple[str, ...]], ...]) -> re.Pattern[str]:
    """One pattern for every role's words; the longer words come first, so "return premium"
    is read as its own role before "premium" is, and of equal words a domain's own role (declared
    after the core's) comes first."""
    cues = sorted(((cue, i) for i, (_, role_cues) in enumerate(roles) for cue in role_cues),
                  key=lambda c: (-len(c[0]), -c[1]))
    parts = [f"(?P<r{i}_{n}>{cue})" for n, (cue, i) in enumerate(cues)]
    return re.compile(r"\b(?:" + "|".join(parts) + r")\b" if parts else r"(?!x)x")


# ---- the core vocabulary ---------------------------------------------------------------------------

_W = r"[\w'$.,-]+"   # a word (or an amount) inside a phrase
_OBJ = rf"(?:{_W}\s+){{0,4}}?"  # up to four words between a verb and its object

CORE_DECISIONS = (
    DecisionKind("granted", (
        r"(?:access|permission|license|request|seat|account|role|it|that|claim|expense)\s+(?:\w+\s+){0,2}?"
        r"(?:is|are|was|were|has|have)\s+(?:already\s+|now\s+|just\s+|all\s+)?(?:been\s+)?(?:granted|approved|active|"
        r"live|enabled|in place|set up|provisioned|assigned|activated|sorted|done)",
        rf"(?:granted|given|assigned|provisioned|enabled|activated|issued|approved|added)\s+(?:you\s+)?{_OBJ}"
        r"(?:access|permission|license|seat|role|request)",
        rf"you\s+(?:now\s+|already\s+)?(?:have|have got|got|now have)\s+(?:now\s+|already\s+)?(?:got\s+)?{_OBJ}"
        r"(?:access|license|permission)",
        r"(?:is|are)\s+now\s+(?:active|live|enabled|available)",
        r"you can now\b", r"you are all set\b", r"you are good to go\b",
        r"\byou (?:have\s+)?(?:now\s+)?got (?:your|the|an?)\b", r"\b(?:have|has) set (?:it|this|that|them) up\b"),
        {"pending_approval", "declined", "waitlisted"}, "what was asked is now in place (access, approval, licence, "
                                                          "device)"),
    DecisionKind("pending_approval", (
        r"(?:pending|awaiting|waiting (?:for|on)|subject to|needs?|requires?|need to get|has to be|have to be|"
        r"must be|needs to be|will need)\s+(?:(?!nobody|no one|anyone|any\b)\S+\s+){0,4}?(?:approv\w*|sign off|authoriz\w+)",
        r"(?:sent|submitted|raised|routed|forwarded|passed|put in|filed|logged|opened|requested|created)\b[^.;]{0,60}"
        r"\b(?:for|to)\b[^.;]{0,30}\b(?:approv\w*|sign off)",
        r"approval (?:request|is pending|is needed|is required|has been requested|step)",
        rf"(?:until|once|when|after|as soon as)\s+{_OBJ}(?:approv\w*|signs? off|signed off)",
        rf"(?:asked|asking|requested|requesting)\s+{_OBJ}(?:to approve|for (?:\w+\s+)?approval|to sign off)",
        r"(?:is|are) with (?:your|the|their|his|her) (?:\w+\s+){0,2}(?:manager|approver|director|lead)",
        r"(?:approval|sign off) from\b", r"\bwith (?:\S+ ){0,5}(?:approval|sign off),? (?:you|it|they) (?:could|can|would|will)\b", r"\b(?:has|have|needs?|will need|must) to (?:approve|sign off|authorize|okay)\b"),
        {"granted", "declined", "no_approval_needed"}, "submitted and waiting for an approver's decision"),
    DecisionKind("declined", (
        r"\bcannot\b(?!\s+(?:see (?:any|a) reason|see why|wait)\b)(?![^.;]{0,60}\b(?:until|unless|before)\b)"
        r"(?![^.;]{0,80}\b(?:with|without) (?:\S+ ){0,5}(?:approval|sign off)\b)",
        r"(?:am|are|is|was|were)\s+(?:not able|unable) to", r"\boff[- ]limits\b", r"^not yet\b", r"\b(?:i am )?afraid not\b",
        r"\bnever (?:possible|allowed|available|permitted)\b", r"\b(?:does|do|did) not apply\b",
        r"\b(?:i|we) (?:will not|would not|am not going to|are not going to) (?:\w+ )?(?:file|open|process|issue|"
        r"make|add|accept|apply|approve|grant|give|offer|change|book|order|extend|waive)\b",
        r"\bnot (?:possible|eligible|allowed|permitted|covered|"
        r"available to you|something (?:i|we) can)", r"\bineligible\b", r"do(?:es)? not qualify",
        r"(?:declined|denied|refused|rejected|turned down)\b",
        r"(?:have to|must|need to|will have to|going to)\s+(?:decline|deny|refuse|reject|turn down)",
        r"no longer (?:be\s+)?(?:eligible|possible|returnable|cancelable|changeable|within|canceled|changed|returned|"
        r"modified|amended)",
        r"(?:outside|past|beyond) (?:the|our|its|your) (?:\w+\s+){0,2}(?:window|period|limit|deadline)",
        r"\b(?:window|period|deadline|time limit)\s+(?:\w+\s+){0,2}(?:has|is|was)\s+(?:already\s+)?(?:closed|expired|"
        r"passed|over)\b"),
        {"granted", "pending_approval", "booked"}, "the request is refused, not possible or not eligible"),
    DecisionKind("no_approval_needed", (
        rf"(?:no|not|without|nobody's|no one's)\s+(?:{_W}\s+){{0,3}}?(?:approval|sign(?:ing|ed)? off|approver)s?\b(?!\s+from)",
        r"(?:approval|sign off)\s+(?:is|was|will be)\s+not\s+(?:needed|required|necessary)",
        r"(?:pre-?approved|auto-?approved|automatically approved|self-?service)"),
        {"pending_approval"}, "no one's approval is needed"),
    DecisionKind("escalated", (
        r"escalat\w+", rf"(?:passed|handed|referred|forwarded|routed|transferred|sent)\s+{_OBJ}(?:on\s+|over\s+)?to\s+"
        rf"(?:our|the|a|your)\s+{_OBJ}(?:team|specialists?|underwrit\w+|property|department|desk|supervisor|manager|"
        r"security|engineers?|experts?|colleagues?|partner|adjusters?|property)",
        r"(?:team|specialists?|underwrit\w+|property|engineers?|security|adjusters?)\b[^.;]{0,40}\bwill\s+(?:review|follow up|"
        r"contact|look into|reach out|get back|be in touch|assess|investigate|handle)",
        r"(?:asked|contacted|notified|alerted)\s+(?:the|our)\s+(?:property|team|specialists?|underwrit\w+)"),
        set(), "handed to another team or party who will follow up"),
    DecisionKind("cancelled", (
        r"\bcanceled\b", r"\bcancelation (?:is|has been|was) (?:done|complete|completed|processed|confirmed)",
        r"\b(?:i|we) (?:will|am going to|are going to) cancel\b", r"\bno longer (?:active|booked|in place)\b",
        r"\b(?:scheduled|set|due) to (?:be )?cancel\w*", r"\b(?:had|have had|have|has) to cancel\b",
        r"(?:terminated|ended)\s+(?:your\s+)?(?:membership|subscription|policy|book\w*|reservation|order)"),
        {"kept"}, "something (an order, a membership, a reservation, a policy) is cancelled", "kept"),
    DecisionKind("kept", (
        r"(?:remains?|stays?|is still|left|will stay|will remain)\s+(?:\w+\s+){0,2}(?:active|in place|as it is|as is|"
        r"unchanged|booked|valid|open|in force)",
        r"\b(?:keep|kept|keeping)\s+(?:\w+\s+){0,3}(?:book\w*|order|membership|policy|reservation|it|coverage)",
        r"\bstill (?:on its way|coming|being delivered|active|open|booked|valid|in place|going ahead)\b",
        r"\bcancelation (?:did not|has not|was not|could not) (?:go through|work|complete|succeed)"),
        {"cancelled"}, "left as it is, not cancelled"),
    DecisionKind("refunded", (
        r"\brefund(?:ed|ing|s)?\b(?!\s+(?:policy|window|rules?|terms))", r"\breimburs\w+",
        r"\b(?:credited|paid|returned)\s+(?:back\s+)?to\s+(?:your|the)\s+(?:\w+\s+){0,2}(?:card|account|payment)",
        r"\b(?:get|getting|receive|receiving)\s+(?:\w+\s+){0,3}back\b", r"\bmoney back\b", r"\breturn premium\b",
        r"\b(?:gone|going|went|sent|paid|put|goes) back (?:to|on|onto) (?:your|the)\b"),
        {"no_refund"}, "money goes back to the customer", "no_refund"),
    DecisionKind("no_refund", (
        r"\bno\s+(?:\w+\s+)?refund", r"\bnon-?refundable\b", r"\bnothing\s+(?:is\s+|will be\s+|to\s+)?(?:be\s+)?refund\w*",
        r"\bnot\s+(?:be\s+)?(?:eligible for|entitled to|getting|get|receive|issue|issuing)\s+(?:a\s+|any\s+)?refund",
        r"\bcannot\s+(?:be\s+)?refund\w*", r"\bnot\s+(?:be\s+)?refunded\b",
        r"\bunable to (?:offer|give|issue|process|provide) (?:you )?(?:a |any )?refund"),
        {"refunded"}, "nothing is refunded"),
    DecisionKind("charged", (
        r"\b(?:charged|billed|deducted|debited)\b", r"\b(?:fee|charge|surcharge|penalty)\s+(?:of\s+\S+\s+)?(?:applies|will apply|"
        r"is due|was applied|has been applied)", r"\b(?:you will|you would|you have to|you need to) pay\b",
        r"\b(?:a|the)\s+\$[\d,.]+\s+(?:\w+\s+){0,2}(?:fee|charge|surcharge|penalty)",
        r"\bcosts? (?:extra|more|an extra|a fee)\b"),
        {"no_charge"}, "a fee or charge is taken", "no_charge"),
    DecisionKind("no_charge", (
        r"\bno\s+(?:\w+\s+){0,2}(?:charges?|fees?|costs?|penalty|penalties)\b", r"\bfree(?: of charge)?\b",
        r"\bat no (?:extra |additional )?(?:cost|charge)", r"\bnothing (?:to pay|owed|is owed|extra)\b",
        r"\bnot\s+(?:be\s+)?(?:charged|billed)", r"\bwaived?\b", r"\bcomplimentary\b", r"\bcosts? (?:you )?nothing\b",
        r"\b(?:do|does|will) not (?:owe|have to pay|need to pay)\b", r"\bon us\b", r"\bon the house\b",
        r"\b(?:will|would|do|does) not (?:pay|be charged|owe) (?:anything|a thing|a cent|extra)\b"),
        {"charged"}, "nothing to pay: free, no fee"),
    DecisionKind("ordered", (
        r"\b(?:ordered|purchased)\b", r"\b(?:placed|put in|raised)\s+(?:an?\s+)?(?:\w+\s+){0,2}(?:order|purchase)",
        r"\bon order\b", r"\b(?:new|replacement)\s+(?:\w+\s+){0,2}(?:is|will be)\s+(?:on its way|shipped|delivered)"),
        {"from_stock"}, "a new item is ordered and will be delivered"),
    DecisionKind("from_stock", (
        r"\bfrom\s+(?:\S+\s+){0,4}?(?:stock|inventory|spares?|pool)\b", r"\bin stock\b", r"\bspare\b",
        r"\b(?:reserved|set aside|allocated)\s+(?:\w+\s+){0,3}(?:from|in)\s+(?:our\s+|the\s+)?(?:stock|inventory)"),
        {"ordered"}, "provided from existing stock"),
    DecisionKind("sent", (
        r"\b(?:sent|emailed|mailed|shipped|dispatched|forwarded)\b(?!\s+(?:to|for)\s+(?:\w+\s+){0,2}approv)",
        r"\bon (?:its|their) way\b", r"\b(?:i|we) will (?:send|email|ship|mail)\b"),
        set(), "a document or item is sent"),
    DecisionKind("filed", (
        r"\b(?:filed|opened|lodged|submitted|raised|registered|started|logged|created)\s+(?:\S+\s+){0,4}?"
        r"(?:claim|case|investigation|report|trace)\b",
        r"\b(?:claim|case|investigation|trace)\s+(?:\w+\s+){0,3}(?:is|has been|was)\s+(?:now\s+)?(?:filed|opened|lodged|"
        r"submitted|raised|registered|started|underway|in progress)"),
        set(), "a claim, case or investigation is opened"),
    DecisionKind("waitlisted", (r"\b(?:on|to|onto) (?:the |a )?waiting list\b", r"\bwaiting list\b"),
                 {"booked", "granted"}, "put on a waiting list"),
    DecisionKind("booked", (
        r"(?<!\bas )\b(?:booked|reserved|enrolled|allocated|secured)\b", r"\bregistered (?:you )?(?:for|on|in)\b",
        r"\bsigned (?:you )?up\b", r"\bconfirmed (?:your |a |the )?(?:seat|place|spot|book\w*|reservation)",
        r"\byou (?:have|now have|have got|have now got) (?:a |your |the )?(?:seat|place|spot)\b"),
        {"waitlisted", "declined", "cancelled"}, "reserved, booked or enrolled"),
    DecisionKind("changed", (
        r"\b(?:changed|updated|moved|modified|amended|rescheduled|switched|extended|adjusted|rebooked|corrected|removed|"
        r"replaced)\b", r"\b(?:is|are) now\b(?! (?:active|live|enabled|available))",
        r"\bnow (?:includes|has|runs|comes with|is for|covers)\b"),
        {"declined", "kept"}, "the requested change is made"),
    DecisionKind("recorded", (
        r"\b(?:noted|recorded|logged)\b", r"\badded\s+(?:\w+\s+){0,2}(?:note|request|preference)",
        r"\bon (?:your |the )?(?:record|file|book\w*|reservation|profile)\b", r"\bpassed (?:it |this |that )?on\b"),
        set(), "a request or preference is noted on the record"),
    DecisionKind("not_verified", (
        r"\b(?:cannot|unable to|not able to|could not|did not|was not able to|were not able to)\s+(?:verify|confirm your "
        r"identity|match)", r"\b(?:does|do|did) not match (?:\w+\s+){0,2}(?:records?|file|details)",
        r"\bverification (?:failed|did not)", r"\bnot (?:been )?verified\b"),
        set(), "the caller could not be verified, so nothing is done"),
)

CORE_ROLES = {
    "refund": (r"refund\w*", r"reimburs\w+", r"money back", r"credited back", r"back to your (?:card|account)",
               r"get back", r"back", r"return premium", r"you (?:would |will |should )?(?:get|receive)",
               r"returns?", r"returned to you"),
    "charge": (r"charged", r"billed", r"debited", r"taken from your (?:card|account)", r"charge (?:to|on) your"),
    "paid": (r"you paid", r"paid for", r"you have paid", r"purchase price", r"price paid", r"originally (?:paid|charged)",
             r"order total", r"you spent"),
    "fee": (r"fees?", r"charges?", r"surcharge", r"penalty"),
    "total": (r"total", r"in all", r"altogether", r"grand total"),
}

CORE_NOUNS = {
    "installment": ("installment", "payment"), "car": ("car", "vehicle", "auto"), "vehicle": ("vehicle", "car"),
    "night": ("night",), "room": ("room",), "day": ("day",), "driver": ("driver",),
}

CORE_VOCABULARY = Vocabulary().extend(CORE_DECISIONS, CORE_ROLES, CORE_NOUNS)
