"""The fact vocabulary: the kinds of facts customers are asked for, and how people ask.

A simulated customer must understand a question the way a person would: "When were you
born?" asks for the date of birth, "What's the best e-mail to reach you?" for the e-mail, and
"What's their full name?" for somebody else's name, never the caller's own. Matching a
question against the words of a fact's label cannot do that, so each kind of fact is
declared once, with the ways people ask for it:

    FactKind("email", probes=("What's the best email address to reach you on?", "Which e-mail is registered with us?", "Could you share your mail address so I can send the confirmation?", "What's your work email?",), labels=("email", "e-mail"), asks=(r"e-?mail(?:\\s+address)?", ...))

The core declares the kinds every domain has (name, e-mail, phone, date of birth, address,
reason); a domain adds its own in its spec (`DomainSpec.fact_kinds`). A task's fact names its
kind and, where it is not the caller's, whose fact it is; both are optional and inferred
where the task does not say: the kind from the label (a kind's `labels`), the person from a
label that names a relation ("wife", "joiner") or a value about somebody else ("His licence
number is ...").

`FactMatcher` reads an agent's question and returns the facts it asks about; anything the
vocabulary does not cover falls back to the words of the fact's label and its phrasings.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

_WORDS = re.compile(r"[a-z0-9]+")
# Dropped before stemming, so that "let us know" never stems to the label "use".
_STOP = {"the", "a", "an", "of", "my", "your", "for", "to", "and", "or", "on", "in", "is", "are", "was",
         "were", "be", "do", "does", "did", "you", "i", "me", "we", "us", "it", "this", "that"}


_VOWEL = re.compile(r"[aeiouy]")


def stem(word: str) -> str:
    """A light, deterministic stemmer: plural, -ing and -ed endings and a final "e" go, so
    "dates", "dated", "dating" and "date" all give "dat", "tried" and "tries" give "try",
    "stopped" gives "stop", "cancelled" gives "cancel", "addresses" gives "address"."""
    w = word.lower()
    if len(w) > 4 and w.endswith(("ies", "ied")):
        w = w[:-3] + "y"
    elif w.endswith(("sses", "shes", "ches", "xes", "zes")):
        w = w[:-2]
    elif len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    stripped = w
    if len(w) > 4 and w.endswith("eed"):
        stripped = w[:-1]  # agreed -> agree, speed -> spee; need stays
    elif w.endswith("ing"):
        stripped = w[:-3]
    elif w.endswith("ed") and not w.endswith("eed"):
        stripped = w[:-2]
    if not _VOWEL.search(stripped[:1].replace("y", "") + stripped[1:]):
        stripped = w  # the rest must hold a vowel: thing, bring, shed stay
    if stripped != w and len(stripped) > 3 and stripped[-1] == stripped[-2] and stripped[-1] not in "aeiousz":
        stripped = stripped[:-1]  # stopped -> stopp -> stop
    w = stripped
    if len(w) > 3 and w.endswith("ll"):
        w = w[:-1]  # cancelled, cancel; installed, install
    if len(w) > 2 and w.endswith("e"):
        w = w[:-1]
    return w


def stems(text: str) -> set[str]:
    """The stems of a text's content words (stop words dropped)."""
    return {stem(w) for w in _WORDS.findall(text.lower()) if w not in _STOP}


CALLER = ""  # the person of a fact about the customer who writes


@dataclass(frozen=True)
class FactKind:
    """One kind of fact customers are asked for.

    name      the kind's name, as tasks write it ("email", "date_of_birth")
    asks      regular expressions (case-insensitive, matched on whole words) that ask for it;
              a question asks for the kind whose expression matches the longest text
    labels    task labels that are this kind when the task does not name a kind
    shape     a regular expression a value of this kind contains (an e-mail's "@"); a fact
              whose value has it is also of this kind (a joiner's "name, e-mail")
    personal  every person has one of their own (a name, an e-mail, a date of birth, a licence):
              a question about somebody else's never gets the caller's. Other kinds are about
              the request or the event (the loss date, the other car's plate): whoever the
              question names, the task's fact of that kind answers it
    probes    questions `tb user-check` asks for it: paraphrases, never a fact's label ("your"
              becomes "their" for a fact about somebody else)
    """

    name: str
    asks: tuple[str, ...]
    labels: tuple[str, ...] = ()
    shape: str = ""
    personal: bool = False
    description: str = ""
    probes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for pattern in (*self.asks, self.shape):
            try:
                re.compile(pattern, re.IGNORECASE)
            except re.error as exc:
                raise ValueError(f"fact kind {self.name!r}: {pattern!r} is not a regular expression: {exc}") from None


_MOD = r"(?:(?:work|office|business|company|corporate|personal|private|registered|contact|preferred|best|main|current|primary|account|usual)\s+)?"

CORE_FACT_KINDS: tuple[FactKind, ...] = (
    FactKind("name", personal=True, probes=("May I have your full name, please?", "Who do I have the pleasure of helping today?", "What name should I put on this?", "Could you tell me your first and last name?",), labels=("name", "full name", "your name"), description="the person's name", asks=(
        r"(?:full|first|last|given|family|sur)\s*names?", r"(?:first|given)\s+(?:and|&)\s+(?:last|family|sur)\s*names?", r"names?", r"name\s+(?:on|for|under)\s+(?:the|your)\s+\w+",
        r"who\s+(?:am\s+i|i\s*'?\s*m|i\s+am)\s+(?:speaking|talking|chatting|writing)\s+(?:with|to)",
        r"who\s+(?:is\s+this|are\s+you|do\s+i\s+have\s+the\s+pleasure)",
        r"(?:what|how)\s+(?:should|shall|do|can|may)\s+i\s+(?:call|address)\s+you", r"introduce\s+yourself",
        r"who\s+(?:is|'s|will\s+be)\s+(?:the\s+)?(?:person|colleague|new\s+\w+|joiner|starter|hire|employee)",
        r"who\s+(?:is|'s)\s+(?:joining|starting)", r"spell\s+(?:your|his|her|their)\s+name",
    )),
    FactKind("email", personal=True, probes=("What's the best email address to reach you on?", "Which e-mail is registered with us?", "Could you share your mail address so I can send the confirmation?", "What's your work email?",), labels=("email", "e-mail", "email address", "e-mail address"), shape=r"[\w.+-]+@[\w-]+\.[\w.-]+",
             description="an e-mail address", asks=(
        _MOD + r"e\s?-?\s?mail(?:\s+(?:address|addy|id|account|contact))?s?", _MOD + r"mail\s+address(?:es)?",
        r"electronic\s+mail", r"inbox", r"address\s+(?:we|i)\s+(?:can|should)\s+(?:e-?mail|write\s+to)",
        r"(?:where|which\s+address)\s+(?:should|can|shall|do)\s+(?:we|i)\s+(?:send|e-?mail|write)\s+(?:you|it|the\s+\w+)?",
        r"reach\s+you\s+(?:by|via|over|on)\s+(?:e-?mail|mail)", r"write\s+to\s+you\s+at",
    )),
    FactKind("phone", personal=True, probes=("What number can we call you back on?", "Could you give me a mobile number?",), labels=("phone", "phone number", "telephone", "mobile"), description="a phone number", asks=(
        _MOD + r"(?:tele)?phone(?:\s+(?:number|no|#))?", _MOD + r"mobile(?:\s+(?:phone|number|no))?",
        _MOD + r"cell(?:\s*phone|\s+number)?", r"contact\s+number", r"number\s+(?:to|we\s+can|i\s+can)\s+(?:reach|call|text)",
        r"call\s+you\s+(?:back|on|at)", r"reach\s+you\s+by\s+phone", r"text\s+you",
    )),
    FactKind("date_of_birth", personal=True, probes=("When were you born?", "For verification, could you confirm your DOB?", "What's your birthdate?", "Can I get your date of birth to verify the account?",), labels=("date of birth", "dob", "birth date", "birthday"), description="a date of birth",
             asks=(
        r"dates?\s+of\s+birth", r"birth\s*(?:date|day)s?", r"d\.?\s?o\.?\s?b\.?", r"born", r"birth",
        r"how\s+old\s+(?:are\s+you|is\s+(?:he|she)|are\s+they)", r"(?:your|his|her|their)\s+age",
    )),
    FactKind("address", personal=True, probes=("Where should we ship it?", "What's the full street address?", "Where do you live now?",), labels=("address", "home address", "postal address", "street address"),
             description="a postal address", asks=(
        r"(?:postal|mailing|home|street|delivery|shipping|billing|residential|current|new|office|correct|physical)\s+address(?:es)?",
        r"address(?:es)?", r"where\s+do\s+you\s+(?:live|reside)", r"where\s+(?:you|do\s+you)\s+live",
        r"where\s+(?:should|shall|can|do)\s+(?:we|i)\s+(?:deliver|ship)", r"where\s+(?:should|shall)\s+(?:it|they)\s+(?:be\s+)?(?:delivered|shipped|sent)",
    )),
    FactKind("reason", probes=("Why do you need this?", "What's the reason behind the request?", "Could you tell me what this is for?", "What prompted this request?",), labels=("reason", "why", "business justification", "justification"),
             description="why the customer wants it", asks=(
        r"why", r"reasons?", r"how\s+come", r"what\s+(?:is|was|'s)\s+(?:this|it|that)\s+for", r"what\s+(?:this|it|that)\s+is\s+(?:for|needed\s+for)",
        r"what\s+(?:do|would)\s+you\s+(?:need|want|use)\s+(?:it|this|that|them|the\s+\w+)\s+for", r"purpose",
        r"(?:business\s+)?justification", r"justify", r"motivation", r"what\s+(?:prompted|brings\s+you|led\s+to)",
        r"(?:business\s+)?need\s+for", r"rationale", r"business\s+(?:need|case|reason)",
        r"what(?:'s|\s+is)\s+(?:driving|behind|motivating)\s+(?:this|the|your|that)", r"(?:can|may|could)\s+i\s+ask\s+why",
    )),
)

CORE_FACT_KINDS += (
    FactKind("problem", probes=("What seems to be the problem?", "Can you describe what's going on?", "What exactly went wrong?", "Tell me more about the issue you're seeing.",), labels=("what happened", "problem", "issue", "situation", "symptoms"),
             description="what went wrong, in the customer's words", asks=(
        r"what\s+(?:exactly\s+|precisely\s+)?(?:has\s+|had\s+)?happen(?:ed|s|ing)", r"what\s+(?:exactly\s+|precisely\s+)?went\s+wrong", r"what(?:\s+is|'s|\s+was|\s+seems\s+to\s+be)\s+(?:wrong|the\s+(?:problem|issue|matter|trouble|fault))",
        r"what(?:\s+is|'s)\s+going\s+on", r"describe\s+(?:the|what|your|it|how)(?:\s+(?:fault|issue|problem|defect|symptoms?|trouble))?",
        r"what(?:'s|\s+is)\s+happening", r"(?:what|which)\s+(?:issue|problem|trouble|error|fault)s?\s+(?:are|is|have|did|do)\b", r"what(?:'s|\s+is)\s+(?:up|the\s+matter)\s+with", r"(?:the|your|this)\s+(?:problem|issue|trouble|fault)s?",
        r"(?:tell|walk)\s+me\s+(?:more\s+)?(?:about|through)\s+(?:the|what|it|this)", r"symptoms?", r"what\s+(?:are|were)\s+you\s+(?:seeing|experiencing|noticing)",
        r"(?:what|which)\s+error", r"explain\s+(?:the|what|how)", r"what\s+(?:exactly\s+)?(?:does|did)\s+(?:it|the\s+\w+)\s+do",
        r"what(?:'s|\s+is)\s+(?:not\s+working|broken)", r"in\s+what\s+way", r"how\s+(?:did|does)\s+(?:it|this)\s+(?:happen|fail|break)",
    )),
    FactKind("photos", probes=("Did you take any pictures?", "Do you have photos of it?",), labels=("photos", "pictures", "photo"), description="whether there are photos", asks=(
        r"photo(?:graph)?s?", r"pictures?", r"pics?", r"images?", r"snapshots?", r"screenshots?",
    )),
)

# People other than the caller, by the words that name them; a fact whose label is one of
# these words is about that person (its value is usually the person's name).
RELATIONS: dict[str, tuple[str, ...]] = {
    "spouse": ("wife", "husband", "spouse", "partner"),
    "child": ("son", "daughter", "stepson", "stepdaughter", "child", "kid", "teenager"),
    "parent": ("father", "dad", "mother", "mom", "mum", "parent", "stepfather", "stepmother"),
    "sibling": ("brother", "sister", "sibling"),
    "relative": ("nephew", "niece", "cousin", "uncle", "aunt", "grandson", "granddaughter", "grandfather",
                 "grandmother", "brother-in-law", "sister-in-law", "relative"),
    "housemate": ("roommate", "flatmate", "housemate", "friend", "lodger"),
    "joiner": ("joiner", "new hire", "new starter", "new employee", "new joiner", "starter", "hire", "newcomer",
               "new colleague", "new team member", "new person"),
    "colleague": ("colleague", "team member", "coworker", "co-worker", "teammate", "team mate"),
    "manager": ("manager", "approver", "boss", "supervisor"),
    "other_party": ("other driver", "other car", "other vehicle", "other party", "third party"),
}
# Roles that are the caller unless a fact about somebody else says it plays the role.
AMBIGUOUS_ROLES = ("driver", "policyholder", "policy holder", "account holder", "owner", "employee", "traveller",
                   "traveler", "guest", "member", "user", "insured", "person")
_PRONOUNS = ("he", "she", "his", "her", "him", "hers", "their", "them", "theirs", "himself", "herself")
_SELF = re.compile(r"\b(?:your|yours|yourself)\b")
_YOU = re.compile(r"\b(?:your|yours|yourself|you)\b")
_YOU_SUBJECT = re.compile(r"\b(?:are|were|have|had|do|did)\s+you\b")  # "Are you an existing customer?"


def _group_of(word: str) -> str | None:
    for group, words in RELATIONS.items():
        if word in words:
            return group
    return None


_PERSON_WORD = re.compile(r"\b(?:" + "|".join(sorted((re.escape(w) for ws in RELATIONS.values() for w in ws),
                                                      key=len, reverse=True)) + r")(?:'s|s)?\b")
_ROLE_WORD = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in AMBIGUOUS_ROLES) + r")(?:'s|s)?\b")
_PRONOUN = re.compile(r"\b(?:" + "|".join(_PRONOUNS) + r")\b")
_OTHER_VALUE = re.compile(r"^\s*(?:(?:yes|no|not\s+yet)\s*[,;:]?\s*)?(?:his|her|their|he|she|they|[a-z]+'s\s+(?:name|licen[cs]e|e-?mail))\b"
                          r"|\b(?:the\s+other|no\s+other)\s+(?:car|vehicle|driver|party)", re.IGNORECASE)


def normalize(text: str) -> str:
    """Lower case, typographic quotes and dashes made plain, spaces collapsed."""
    text = (text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
            .replace("\u2013", "-").replace("\u2014", " - ").replace("\u00a0", " "))
    return " ".join(text.lower().split())


@dataclass(frozen=True)
class FactInfo:
    """One task fact as the matcher sees it."""

    label: str
    value: str
    kinds: frozenset[str]
    person: str                      # CALLER, a relation group ("spouse", "joiner"), or "other"
    person_words: frozenset[str]     # words that name this person (relation words, roles it plays)
    needs: tuple[frozenset[str], ...]  # word stems of the label and of each phrasing (the fallback)
    exact: bool = True


@dataclass
class FactVocabulary:
    kinds: dict[str, FactKind] = field(default_factory=dict)

    @classmethod
    def of(cls, *groups: Iterable[FactKind]) -> "FactVocabulary":
        """The core kinds, then each group's; a domain kind with a core kind's name replaces it."""
        kinds: dict[str, FactKind] = {k.name: k for k in CORE_FACT_KINDS}
        for group in groups:
            for kind in group:
                kinds[kind.name] = kind
        return cls(kinds)

    @property
    def by_label(self) -> dict[str, list[str]]:
        return _by_label(tuple(self.kinds.values()))

    def kinds_of_label(self, label: str) -> list[str]:
        """The kinds a label names (a label may name more than one: "financed" is about the
        ownership and about a loan)."""
        known = self.by_label.get(normalize(label))
        if known is not None:
            return known
        return _label_kinds(self, normalize(label))

    def kind_of_label(self, label: str) -> str | None:
        kinds = self.kinds_of_label(label)
        return kinds[0] if kinds else None

    @property
    def patterns(self) -> list[tuple[str, re.Pattern[str]]]:
        return _compiled(tuple(self.kinds.values()))


@lru_cache(maxsize=64)
def _by_label(kinds: tuple[FactKind, ...]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for kind in kinds:
        for label in kind.labels:
            out.setdefault(normalize(label), []).append(kind.name)
    return out


@lru_cache(maxsize=64)
def _compiled(kinds: tuple[FactKind, ...]) -> list[tuple[str, re.Pattern[str]]]:
    return [(k.name, re.compile(rf"(?<![\w-])(?:{p})(?![\w-])", re.IGNORECASE)) for k in kinds for p in k.asks]


def _label_kinds(vocabulary: "FactVocabulary", label: str) -> list[str]:
    """The kinds a label not listed by any kind asks for, read as a question ("new address")."""
    asks, _ = read_asks(label, vocabulary)
    return list(dict.fromkeys(a.kind for a in asks))


DEFAULT_FACT_VOCABULARY = FactVocabulary.of()


def fact_person(label: str, value: str, declared: str | None = None) -> str:
    """Whose fact it is: the declared person, a relation the label names, somebody else when
    the value speaks of him or her ("His licence number is ..."), else the caller."""
    if declared is not None:
        return declared
    norm = normalize(label)
    group = _group_of(norm)
    if group is None:  # a label whose head noun names somebody ("new team member", "driver's wife")
        last = norm.split()[-1] if norm.split() else ""
        group = _group_of(last.removesuffix("'s")) or next((g for g, ws in RELATIONS.items()
                                                            for w in ws if " " in w and norm.endswith(w)), None)
    if group:
        return group
    if _OTHER_VALUE.search(value):
        return "other"
    return CALLER


def _person_words(label: str, value: str, phrasings: Sequence[str], person: str) -> frozenset[str]:
    words: set[str] = set()
    if person in RELATIONS:
        words.update(RELATIONS[person])
    text = normalize(" ".join([label, value, *phrasings]))
    words.update(m.group(0).removesuffix("'s") for m in _ROLE_WORD.finditer(text))
    words.update(m.group(0).removesuffix("'s") for m in _PERSON_WORD.finditer(normalize(label + " " + " ".join(phrasings))))
    if person == "other":
        words.update(m.group(0).removesuffix("'s") for m in _PERSON_WORD.finditer(normalize(value)))
    return frozenset(words)


# Words too common in questions to identify a fact on their own (fallback matching).
_GENERIC = frozenset(stem(w) for w in ("what", "which", "how", "who", "when", "where", "why", "need", "want", "like",
                                       "tell", "give", "please", "can", "could", "would", "will", "have", "has", "any",
                                       "with", "am", "speak", "about"))


def fact_infos(task: Any, vocabulary: FactVocabulary | None = None) -> list[FactInfo]:
    """The task's facts with their kinds and persons (declared, else inferred)."""
    vocabulary = vocabulary or getattr(task, "fact_vocabulary", None) or DEFAULT_FACT_VOCABULARY
    phrasings: Mapping[str, list[str]] = getattr(task, "user_fact_phrasings", None) or {}
    meta: Mapping[str, Any] = getattr(task, "user_fact_kinds", None) or {}
    shapes = [(k.name, re.compile(k.shape, re.IGNORECASE)) for k in vocabulary.kinds.values() if k.shape]
    out = []
    for label, value in task.user_facts.items():
        declared = meta.get(label)
        kinds: set[str] = set()
        kind = getattr(declared, "kind", "") if declared is not None else ""
        if kind:
            kinds.add(kind)
        else:
            kinds.update(vocabulary.kinds_of_label(label))
        kinds.update(name for name, shape in shapes if shape.search(value))
        person_declared = getattr(declared, "person", None) if declared is not None else None
        person = fact_person(label, value, person_declared if person_declared else None)
        if person and not kind and _group_of(normalize(label)) is not None and not kinds - {"email"}:
            kinds.add("name")  # a fact labelled "wife" or "joiner" gives that person's name
        label_need = frozenset(stems(label)) - _GENERIC
        if kinds and len(label_need) < 2:
            label_need = frozenset()  # "item", "use", "date": the vocabulary reads these questions
        phrased = [frozenset(stems(p)) for p in phrasings.get(label, [])]
        if kinds:  # a phrasing of a fact the vocabulary reads must say more than "when is the trip"
            phrased = [need - _GENERIC for need in phrased if len(need - _GENERIC) >= 2]
        needs = tuple(need for need in [label_need, *phrased] if need)
        exact_flag = getattr(declared, "exact", None) if declared is not None else None
        exact = bool(re.search(r"\d|@", value)) if exact_flag is None else bool(exact_flag)
        out.append(FactInfo(label, value, frozenset(kinds), person,
                            _person_words(label, value, phrasings.get(label, []), person), needs, exact))
    return out


# ---- reading a question ---------------------------------------------------------------------

@dataclass(frozen=True)
class Ask:
    kind: str
    start: int
    end: int
    person: str | None      # None: not said; CALLER: "your"; else a word naming somebody else ("driver", "his")
    explicit_self: bool = False


_CUT = re.compile(r"\b(?:and|or|also|plus|as\s+well\s+as|then)\b|[,;:]")


def _person_near(text: str, start: int, end: int) -> tuple[str | None, bool]:
    """Who a question's kind is about, from the words just before it ("the driver's", "your",
    "his") or just after it ("of the new hire", "for him")."""
    before = text[max(0, start - 40):start]
    cut = list(_CUT.finditer(before))
    if cut:
        before = before[cut[-1].end():]
    after = text[end:end + 40]
    cut_after = _CUT.search(after)
    if cut_after:
        after = after[:cut_after.start()]
    tail = re.match(r"\s*(?:of|for|on|belonging\s+to|from)\s+(.*)", after)
    spans = [before]
    if tail:
        spans.append(tail.group(1))
    for span in spans:  # somebody named near the question wins over a "you" that asks it
        hit = _PERSON_WORD.search(span) or _ROLE_WORD.search(span) or _PRONOUN.search(span)
        if hit:
            return hit.group(0), False
    if any(_SELF.search(span) or _YOU_SUBJECT.search(span) for span in spans):
        return CALLER, True
    return None, False


_OF_THING = re.compile(r"\s+(?:of|on|for)\s+(?:the|your|this|that|their|his|her|my)\s+([\w-]+)")


def _thing_after(text: str, end: int) -> bool:
    m = _OF_THING.match(text, end)
    if not m:
        return False
    word = m.group(1)
    return not (_group_of(word) or word in AMBIGUOUS_ROLES or word in ("person", "new", "account", "record", "file",
                                                                        "reservation", "order", "policy", "card"))


def read_asks(sentence: str, vocabulary: FactVocabulary) -> tuple[list[Ask], str]:
    """The kinds a sentence asks for (longest matches first, no overlaps) and the sentence
    with those spans blanked (for the label fallback)."""
    text = normalize(sentence)
    found: list[tuple[int, int, str]] = []
    for name, pattern in vocabulary.patterns:
        for m in pattern.finditer(text):
            if m.end() > m.start():
                found.append((m.start(), m.end(), name))
    found.sort(key=lambda f: (-(f[1] - f[0]), f[0]))
    taken: list[tuple[int, int, str]] = []
    for start, end, name in found:
        if all(end <= s or start >= e for s, e, _ in taken):
            taken.append((start, end, name))
    taken.sort()
    # "the name of your employer" names a thing, not a person: that thing's kind (if any) answers
    taken = [t for t in taken if not (t[2] == "name" and _thing_after(text, t[1]))]
    # "Which address do our e-mails reach you at?": a bare "address" beside an e-mail is the e-mail's
    if any(t[2] == "email" for t in taken):
        taken = [t for t in taken if not (t[2] == "address" and text[t[0]:t[1]] in ("address", "addresses"))]
    asks = []
    rest = list(text)
    for start, end, name in taken:
        person, explicit = _person_near(text, start, end)
        if name == "name" and re.match(r"who\s+(?:is|'s|will\s+be)\s+(?:the|this|that)\b", text[start:end]):
            person, explicit = "them", False  # "Who is the new hire?", "Who is the person?": somebody else
        if person is None:
            # the span itself may name the person ("when was he born", "the joiner's name")
            inner = text[start:end]
            hit = _PERSON_WORD.search(inner) or _PRONOUN.search(inner)
            if hit:
                person = hit.group(0)
        asks.append(Ask(name, start, end, person, explicit))
        rest[start:end] = " " * (end - start)
    # the rest of the sentence may name the person for all its asks ("For the new hire: name and e-mail?")
    remaining = "".join(rest)
    sentence_person = None
    hit = _PERSON_WORD.search(remaining) or _PRONOUN.search(remaining)
    if hit:
        sentence_person = hit.group(0)
    if sentence_person and not _YOU.search(remaining):
        asks = [a if a.person is not None else Ask(a.kind, a.start, a.end, sentence_person) for a in asks]
    return asks, remaining


def _is_other(word: str | None, facts: list[FactInfo]) -> bool:
    """Whether a person word in a question means somebody other than the caller."""
    if word is None or word == CALLER:
        return False
    base = word.removesuffix("'s")
    if base.endswith("s") and _group_of(base[:-1]):
        base = base[:-1]
    if _group_of(base) or base in _PRONOUNS:
        return True
    # a role ("driver", "policyholder") is the caller's unless somebody else's fact says it plays it
    return any(f.person != CALLER and base in f.person_words for f in facts)


def _matches_person(fact: FactInfo, word: str) -> bool:
    base = word.removesuffix("'s")
    group = _group_of(base) or _group_of(base.rstrip("s"))
    if group and fact.person == group:
        return True
    return base in fact.person_words


class FactMatcher:
    """Which of a task's facts a question asks about."""

    def __init__(self, task: Any, vocabulary: FactVocabulary | None = None):
        self.vocabulary = vocabulary or getattr(task, "fact_vocabulary", None) or DEFAULT_FACT_VOCABULARY
        self.facts = fact_infos(task, self.vocabulary)

    def _for_ask(self, ask: Ask, sentence: str) -> list[FactInfo]:
        of_kind = [f for f in self.facts if ask.kind in f.kinds]
        kind = self.vocabulary.kinds.get(ask.kind)
        if kind is not None and not kind.personal:
            mine = [f for f in of_kind if f.person == CALLER]
            others = [f for f in of_kind if f.person != CALLER]
            if _is_other(ask.person, self.facts) and others:
                return others
            return mine or others
        if _is_other(ask.person, self.facts):
            others = [f for f in of_kind if f.person != CALLER]
            specific = [f for f in others if _matches_person(f, ask.person or "")]
            return specific or others
        mine = [f for f in of_kind if f.person == CALLER]
        if not mine and not ask.explicit_self:
            return [f for f in of_kind if f.person != CALLER]  # "What's the licence number?" (only his is known)
        if len(mine) > 1:  # "new address" vs "address": the label words the question uses decide
            words = stems(sentence)
            qualified = [f for f in mine if any((need - stems(ask.kind.replace("_", " "))) and need <= words
                                                for need in f.needs)]
            if qualified:
                return qualified
            plain = [f for f in mine if self.vocabulary.kind_of_label(f.label) == ask.kind
                     and normalize(f.label) in {normalize(x) for x in self.vocabulary.kinds[ask.kind].labels[:1]}]
            return plain or mine
        return mine

    def match(self, sentence: str) -> list[str]:
        """The labels of the facts one asking sentence asks about."""
        asks, rest = read_asks(sentence, self.vocabulary)
        chosen: list[FactInfo] = []
        for ask in asks:
            chosen += [f for f in self._for_ask(ask, sentence) if f not in chosen]
        asked_kinds = {a.kind for a in asks}
        words = stems(rest)
        other = any(_is_other(a.person, self.facts) for a in asks)
        for fact in self.facts:
            if fact in chosen or fact.kinds & asked_kinds:
                continue
            if other and fact.person == CALLER and fact.kinds & {"name", "email", "phone", "date_of_birth", "address"}:
                continue
            if any(need <= words for need in fact.needs):
                chosen.append(fact)
        return [f.label for f in self.facts if f in chosen]
