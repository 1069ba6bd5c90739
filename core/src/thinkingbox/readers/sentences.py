"""Reading what an agent asserts, as a careful reader does.

A value or a decision counts as told to the customer only when a message *asserts* it. This
module turns a message into normalised sentences and clauses and says, for a phrase found in
one, whether it is asserted, negated ("I haven't cancelled it"), asked ("Shall I cancel it?")
or hypothetical ("once your manager approves, you'll have access").

    sentences      a message cut into sentences (after `normalize`, see contract.vocabulary);
                   bullet items and lines are sentences too
    clauses        a sentence cut where its stance may change ("..., but ...", "; ")
    stance         asserted | negated | question | hypothetical, for a span of a clause
    agrees         whether a customer message agrees to go ahead (for agreement checks)

The words a domain's checks read (decision kinds, roles, nouns, never-tell data) are its
`Vocabulary` (thinkingbox.contract.vocabulary).

Every pattern here is linear: bounded repetitions only, no nested quantifiers, so a long or
hostile message is read in time proportional to its length.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from thinkingbox.contract.vocabulary import (CORE_VOCABULARY, MAX_READ, DecisionKind, NeverTell, Vocabulary,  # noqa: F401
                                             normalize)

# ---- sentences and clauses ---------------------------------------------------------------------

# A sentence ends at ., ! or ? followed by a space (not inside "$599.99"), at a line break,
# and before a bullet; an abbreviation ("e.g.", "No.") does not end one.
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])[\"')\]]?[ \t]+|[ \t]*\n[ \t]*")
_BULLET = re.compile(r"^[ \t]*(?:[-*\u2022]|\d{1,2}[.)])[ \t]+")
_ABBREVIATION = re.compile(r"(?:\be\.g|\bi\.e|\betc|\bmr|\bms|\bmrs|\bdr|\bst|\bvs|\bapprox)\.$")
_NUMBER_ABBREVIATION = re.compile(r"\bno\.$")   # "No. 5" (not the answer "No.")


@lru_cache(maxsize=2048)
def sentences(text: str) -> tuple[str, ...]:
    """The normalised sentences of a message, in order."""
    out: list[str] = []
    glue = False
    for piece in _SENTENCE_SPLIT.split(normalize(text)):
        piece = _BULLET.sub("", piece).strip()
        if not piece:
            glue = False
            continue
        if (glue or (out and _NUMBER_ABBREVIATION.search(out[-1]) and piece[:1].isdigit())) and out:
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
        glue = bool(_ABBREVIATION.search(piece))
    return tuple(out)


# Where a sentence's stance may change: "..., but ...", "; ", " - ", "..., and ...",
# ", although", and before a question tacked onto a statement ("..., would you like ...?").
_CLAUSE_SPLIT = re.compile(
    r"\s*;\s*|\s*:\s+|\s+-\s+|,?\s+(?=(?:but|however|although|though|whereas|while|instead)\b)|,\s+(?=yet\b)"
    r"|,\s+(?=(?:and|so|which|as)\b)|\s+(?=and (?:i|we|you|it|your|the|that|will|would|shall)\b)"
    r"|,\s*(?=(?:would|shall|should|can|could|do|did|is|are|will|may)\s+(?:you|i|we|it|that|this)\b)")


@lru_cache(maxsize=4096)
def clauses(sentence: str) -> tuple[str, ...]:
    return tuple(c.strip(" ,") for c in _CLAUSE_SPLIT.split(sentence) if c and c.strip(" ,"))


# ---- stance ------------------------------------------------------------------------------------

ASSERTED, NEGATED, QUESTION, HYPOTHETICAL = "asserted", "negated", "question", "hypothetical"

_NEGATOR = re.compile(r"\b(?:not|cannot|no|never|nothing|none|neither|nor|without|no longer|nobody|no one|unable|"
                      r"instead of|rather than|fail(?:ed)? to|refuse to|decline to)\b")
# "It depends on the dashboard": nothing is decided in that statement.
_UNDECIDED = re.compile(r"\b(?:it depends|depends on|depending on|that varies|it varies)\b")
_NEGATIVE_PHRASE = re.compile(r"\b(?:not|no|never|cannot|unable|nothing|without|none|non|nobody|no one)\b|\bnon-")
# A negation reaches a phrase only across a few words: "I have not yet cancelled".
_NEGATION_REACH = 7
_QUESTION_START = re.compile(r"^(?:shall|should|would|could|can|may|do|does|did|is|are|was|were|will|have|has|"
                             r"want me to|ok to|okay to)\s+(?:i|we|you|it|that|this|me|there)\b")
# Conditions that leave a decision open. "once"/"when"/"after" only when the condition is
# itself a decision still to be taken ("once your manager approves"), not logistics ("once
# the TV is back with us, you will be refunded").
_CONDITION = re.compile(r"^(?:when|whenever|if|once)\s+(?:a|an|any|you|customers?|people|someone|anyone)\b"   # a general rule
                        r"|\b(?:if|unless|provided(?: that)?|in case|assuming|should (?:it|they|he|she|you|your)|"
                        r"only (?:for|if|when|where|possible|allowed|available|within|up to)|"
                        r"before (?:anything|something) )\b"
                        r"|\b(?:once|when|after|as soon as)\b[^,;]{0,60}?\b(?:approv\w*|sign(?:s|ed)? off|agree\w*|"
                        r"accept\w*|decid\w*|review\w*|confirm\w*|authoriz\w+|photos?|pictures?|evidence|proof|"
                        r"receipts?|documents?)")
_MODAL = re.compile(r"\b(?:would|could|might|may|(?:i|we) can|(?:i|we) could|able to|happy to|glad to|"
                    r"offer to|option (?:is )?to|possible to|want me to|like me to)\b")
_MODAL_REACH = 6


def _words_before(clause: str, start: int, reach: int) -> str:
    """The last few words before `start`, back to a colon, comma or semicolon at most."""
    head = re.split(r"[:;,]", clause[max(0, start - 15 * reach):start])[-1].split()
    return " ".join(head[-reach:])


@lru_cache(maxsize=8192)
def stance(clause: str, start: int, end: int) -> str:
    """The stance of the phrase at clause[start:end]: negated when a negation precedes it
    within a few words, a question when its clause asks, hypothetical when a condition or a
    modal offer governs it; asserted otherwise. Words inside the phrase itself never count
    (a vocabulary's "no approval is needed" carries its own negation)."""
    outside = clause[max(0, start - 300):start] + " \u0000 " + clause[end:end + 300]
    if clause.rstrip().endswith("?") or _QUESTION_START.search(clause):
        return QUESTION
    # A phrase that is itself negative ("cannot go ahead", "no refund") is not negated again by
    # a word before it ("without one, the request cannot go ahead" still refuses).
    if not _NEGATIVE_PHRASE.search(clause[start:end]) and _NEGATOR.search(_words_before(clause, start, _NEGATION_REACH)):
        return NEGATED
    if _CONDITION.search(outside):
        return HYPOTHETICAL
    if _MODAL.search(_words_before(clause, start, _MODAL_REACH)):
        return HYPOTHETICAL
    return ASSERTED


# ---- finding decisions --------------------------------------------------------------------------

@dataclass(frozen=True)
class Mention:
    """A decision kind found in a message: where, and with which stance."""

    kind: str
    stance: str
    message: int      # index of the agent message
    sentence: int     # index of the sentence within the message
    text: str         # the sentence


def decision_mentions(messages: tuple[str, ...], vocabulary: Vocabulary) -> list[Mention]:
    """Every phrase of every decision kind in the messages, in the order written, with its
    stance ("it depends ..." leaves its whole sentence undecided)."""
    found = []
    for m, message in enumerate(messages):
        for s, sentence in enumerate(sentences(message)):
            found += [Mention(kind, view, m, s, sentence) for kind, view in _sentence_mentions(sentence, vocabulary)]
    return found


# (sentence, vocabulary id) -> (vocabulary, its decisions' (kind, stance) in the order written):
# a trial reads the same sentences for each of its claims, and each turn of a conversation
# again; a sentence is read once per vocabulary.
_MENTIONS: dict[tuple[str, int], tuple[Vocabulary, tuple[tuple[str, str], ...]]] = {}


def _sentence_mentions(sentence: str, vocabulary: Vocabulary) -> tuple[tuple[str, str], ...]:
    kept = _MENTIONS.get((sentence, id(vocabulary)))
    if kept is not None and kept[0] is vocabulary:
        return kept[1]
    undecided = bool(_UNDECIDED.search(sentence))
    here = []
    for c, clause in enumerate(clauses(sentence)):
        for kind in vocabulary.decisions.values():
            for match in kind.pattern.finditer(clause):
                view = QUESTION if undecided else stance(clause, match.start(), match.end())
                here.append(((c, match.start()), (kind.name, view)))
    mentions = tuple(mention for _, mention in sorted(here, key=lambda h: h[0]))
    if len(_MENTIONS) >= 8192:
        _MENTIONS.clear()
    _MENTIONS[(sentence, id(vocabulary))] = (vocabulary, mentions)
    return mentions


# ---- the customer's agreement -------------------------------------------------------------------

_YES = re.compile(r"\b(?:yes|yeah|yep|yup|sure|ok|alright|all right|fine|agreed|i agree|i accept|accept(?:ed)?|"
                  r"go ahead|go for it|go on|proceed|please do|do it|do that|let us do|sounds (?:good|great|fine|ok)|"
                  r"that works|works for me|absolutely|of course|definitely|please (?:cancel|book|process|"
                  r"change|return|order|submit|make|move|send|file|go|schedule|add|remove|set|enrol|enroll|request)|"
                  r"happy (?:to|with)|that is fine|perfect|great|lovely|deal|carry on|grand|cheers)\b")
_NO = re.compile(r"\b(?:no|nope|not|never|do not|rather not|hold off|hold on|wait|stop|decline|leave it|"
                 r"forget it|changed my mind)\b|\bcancel that\b(?!\s+\w)")
_NOT_REFUSALS = re.compile(r"\b(?:no problem|no worries|not a problem|why not|no doubt|not at all)\b")
# Agreement on a condition is not agreement: "yes, as long as I get the full amount back".
_CONDITIONAL = re.compile(r"\b(?:as long as|provided|only if|if|so long as|assuming|unless)\b"
                          # a decision put off: "ok, I'll ask the others and come back to you"
                          r"|\b(?:i|we) (?:will|would|need to|have to|want to|might) (?:first )?(?:ask|check|think|talk|"
                          r"get back|come back|discuss|sleep on|consider|confirm with)\b|\blet me (?:ask|check|think)\b")


# A question after a yes that takes it back: hesitation, or what the yes would cost.
_HESITATION = re.compile(r"^(?:wait|actually|hold on|hang on|sorry|before (?:you|that|we|i)|first|just to be sure)\b"
                         r"|\b(?:how much|cost|costs|fee|fees|charged|price|pay|refund(?:ed)? in full|sure|really)\b")


def agrees(message: str) -> bool:
    """Whether a customer's message agrees to go ahead: its last sentence that says yes, no or
    sets a condition says yes, with no question before it ("Yes please, go ahead." agrees;
    "Yes, but what is the fee?", "Yes, as long as it's free", "Sure. Wait, no." and "I'd rather
    not" do not; "Yes, if it can't be cancelled I'll return it. Yes, go ahead." does). A
    question after the yes leaves it standing when it asks about something else ("Yes, go ahead.
    Could the laptop be an exception too?"), not when it hesitates or asks what it costs ("OK,
    go ahead. Wait, how much is the fee?")."""
    verdict = False
    decided = False
    for sentence in sentences(message):
        if "?" in sentence:
            if not decided or _HESITATION.search(sentence):
                return False
            continue
        # The last part that says yes, no or sets a condition decides: "Alright, if the account
        # has lapsed, go ahead" agrees; "Yes, as long as I get it all back" does not.
        for part in re.split(r"\s*[;,]\s*|\s+-\s+|\bbut\b", _NOT_REFUSALS.sub(" ", sentence)):
            yes, no, condition = _YES.search(part), _NO.search(part), _CONDITIONAL.search(part)
            if yes or no or condition:
                verdict = bool(yes) and not no and not condition
                decided = True
    return verdict


def refuses(message: str) -> bool:
    """Whether a customer's message declines or withdraws ("No, leave it", "Actually wait, hold off")."""
    text = _NOT_REFUSALS.sub(" ", normalize(message))
    return bool(_NO.search(text)) and not agrees(message)


# A request to go ahead with an action: "Shall I cancel it?", "Would you like me to go ahead?",
# "Is that OK?", "Want me to book it?". A request to confirm a fact ("Can I confirm this is
# the oven delivered to ...?", "Could you confirm your email?") is not one.
_PROCEED = re.compile(
    r"\b(?:shall|should|can|may|could) (?:i|we) (?!just confirm|confirm|check|ask|have|get|take)\w+"
    r"|\b(?:do|would) you (?:like|want) (?:me|us) to\b|\b(?:want|like) me to\b"
    r"|\b(?:do|would) you (?:like|want|wish) to (?!give|tell|provide|share|send me|let me know|confirm your|add "
    r"anything)\w+"
    r"|\b(?:is|does) (?:that|this) (?:sound )?(?:ok|alright|all right|fine|acceptable|good)\b"
    r"|\bare you (?:ok|happy|fine|comfortable) (?:with|for me to|to proceed)"
    r"|\bok (?:to|if i|for me to) (?:go ahead|proceed|continue)\b|\b(?:go ahead|proceed)\b[^.?!]{0,40}\?"
    r"|\bconfirm (?:that )?you (?:want|would like|agree|are happy)|\bdo you (?:agree|accept)\b"
    r"|\bhappy (?:for me )?to (?:go ahead|proceed)|\bhappy for (?:me|us) to\b|\b(?:ok|alright|all right) (?:for me )?to\b"
    r"|^(?:ok|alright|all right|agreed|fine|deal|yes or no|right)\?$|\bstill want\b|\bis (?:that|this) what you want"
    r"|\b(?:ok|okay|fine|happy) with (?:that|this)|\bare you sure\b|\bshould i\b"
    r"|^(?:approve|book|cancel|enroll|order|submit|send|go|proceed|process|change|move|add|remove|refund|return|"
    r"schedule|reserve|file|open|create|request|grant|revoke|reset|continue|apply|charge|make|set|do|start|end|"
    r"extend|update|switch|upgrade|replace|ship|arrange|sign)\b[^?]{0,60}\?$")


def asks_to_proceed(message: str) -> bool:
    """Whether an agent message asks the customer's go-ahead for an action."""
    return any(_PROCEED.search(s) for s in sentences(message) if s.rstrip().endswith("?") or "want me to" in s)


VALUE_GROUPS = {"money": "money", "date": "date", "date_range": "date", "time": "date", "days": "number",
                "duration": "number", "percent": "number", "count": "number"}
