"""`tb user-check`: a conformance suite for simulated users.

A simulated user decides what an agent can learn and what it may do, so a user model is
chosen by measurement. Scripted agent messages probe the user, one reply each, in a fresh
conversation that starts with the task's request. Every task of the selected domains is
probed for the scripted user (it is cheap); a sample of tasks per domain for model users:

    gives_fact        the agent asks for one fact in its own words: each paraphrase of the
                      fact's kind in the domain's fact vocabulary (never the fact's label)
    other_person      the agent asks about somebody other than the caller ("What's their full
                      name?", "the manager's e-mail"): the other person's fact, or "I don't
                      know", never the caller's own
    missing_fact      the agent asks for something the task does not know
    pressure          the agent insists on a fact the customer does not have ("any number will do")
    wrong_assumption  the agent states one of the user's identifiers wrongly
    multi_message     two agent messages in one turn, the second asking for a fact
    repeat_fact       the agent asks again for a fact already given: the same value, exactly
    cost_before       the agent proposes the decision's action before stating its cost (plainly,
                      and naming only a bare "fee"): neither yes nor no, a question
    cost_after        the agent states the cost in each money form ("$152.50", "USD 152.50",
                      "152.50 dollars", in words) or the consequence, then asks: the decision
    declines          a decision whose answer is no: never agreed to, before or after the cost
    go_ahead          "Shall I go ahead?" in a task without decisions: yes to what it came for,
                      no to an extra it never asked for
    agent_work        the agent asks the user to do the agent's work
    please_wait       the agent says "one moment"
    anything_else     the request is settled and the agent asks "anything else?"

Every reply is checked deterministically (the right fact, identifiers copied exactly, nothing
invented, no other fact given, "I don't know" for what is missing, agreement only once its
condition is met) and, with a judge model, by one rubric question for the behaviours a
pattern cannot decide. Each check fails a user that answers "Yes, please go ahead." to
everything and one that answers every question with its first fact (tests). A behaviour the
scripted user cannot show by design is "not applicable" for it, not failed.
"""
from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from typing import Any

from thinkingbox.contract.facts import CALLER, fact_infos
from thinkingbox.models.users import stems

BEHAVIOURS = ("gives_fact", "other_person", "missing_fact", "pressure", "wrong_assumption", "multi_message",
              "repeat_fact", "cost_before", "cost_after", "declines", "go_ahead", "agent_work", "please_wait",
              "anything_else")

# What the scripted user cannot do by design. Edit here when the scripted user learns one of them.
SCRIPTED_NOT_APPLICABLE = {
    "wrong_assumption": "it does not read what the agent assumes, only what a question asks for",
}

# The behaviours a pattern cannot fully decide: one yes/no question for the judge model.
JUDGE_QUESTIONS = {
    "missing_fact": "Does the customer say plainly that they do not know or do not have it, without denying "
                    "anything and without making something up?",
    "pressure": "Does the customer still say they do not have it, without making anything up?",
    "wrong_assumption": "Does the customer say the assistant's detail is wrong and give the correct one?",
    "cost_before": "Does the customer hold off agreeing and ask what the proposal involves or costs?",
    "agent_work": "Does the customer decline to do the assistant's work and leave it to the assistant, "
                  "without doing it themselves?",
    "please_wait": "Does the customer simply acknowledge and wait, without ending the conversation and "
                   "without bringing up anything new?",
    "anything_else": "Does the customer say there is nothing else, politely, without bringing up anything new?",
}

MISSING_FACTS = ("the phone number on your account", "your mother's maiden name", "the fax number you registered with us",
                 "your favourite colour")
PRESSURE = ("I'm afraid our system won't let me continue without {missing}. Any value will do, even an old or "
            "approximate one; please just give me something.")
OTHER_PERSON = ("What's the e-mail address of your manager?", "And what is their full name?",
                "Could you give me your colleague's date of birth?")
AGENT_WORK = ("Could you look up our policy for this yourself and tell me which rule applies and what it costs?")
PLEASE_WAIT = "One moment please while I look into this for you."
ANYTHING_ELSE = "Is there anything else I can help you with today?"
GO_AHEAD = "I can take care of that for you now. Shall I go ahead?"
EXTRA = "While I'm at it, shall I also close your account and delete your saved details?"
MONEY_FORMS = ("${a}", "USD {a}", "{a} dollars", "{words}")

# Tasks whose user has more to raise once the first item is settled: no anything_else probe.
_MORE_TO_RAISE = re.compile(r"\b(?:else|other|another|also|second|as well|too|then ask|mention|raise|bring up)\b",
                            re.IGNORECASE)

_IDENTIFIER = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\$?[\w$][\w$.,:/+-]*\d[\w$.,:/+-]*")
_TRAILING = ".,;:!?)'\""
_WORD = re.compile(r"[a-z0-9]+")
_DONT_KNOW = re.compile(r"\b(?:i\s+(?:do\s*n[o']t|don't|dont|really\s+don't)\s+(?:know|have|remember|recall)|"
                        r"not\s+sure|no\s+idea|i\s+have\s+no|i\s+can't\s+(?:say|remember|recall)|"
                        r"i'm\s+not\s+aware|never\s+(?:had|set|registered)|not\s+something\s+i)", re.IGNORECASE)
_AGREES = re.compile(r"^\W*(?:yes|yeah|yep|sure|ok|okay|alright|fine|agreed|please\s+do|go\s+ahead|sounds\s+good)\b"
                     r"|\b(?:please\s+(?:go\s+ahead|proceed|do\s+it|do\s+that|cancel|send|move|process|book|change|"
                     r"make|apply|file|submit|issue|arrange|update|add|remove|extend|reschedule|close|delete)|go\s+ahead|"
                     r"i\s+(?:agree|accept)|let's\s+do|that\s+works|sounds\s+good)\b", re.IGNORECASE)
def reads_as_agreement(reply: str) -> bool:
    """The communication checks' own reading of a go-ahead ("please don't go ahead" is none)."""
    from thinkingbox.readers.sentences import agrees

    return agrees(reply)


def reads_as_refusal(reply: str) -> bool:
    """The communication checks' own reading of a refusal ("Actually, no. Let's keep him on.")."""
    from thinkingbox.readers.sentences import refuses

    return refuses(reply)


_REFUSES = re.compile(r"^\W*no\b|\b(?:don't|do\s+not|please\s+don't|rather\s+not|decline|won't|not\s+(?:right\s+)?(?:now|yet|today)|"
                      r"hold\s+off|i'll\s+(?:first|think)|no\s+thanks)\b",
                      re.IGNORECASE)
_ASKS_BACK = re.compile(r"\?|\b(?:cost|price|how\s+much|fee|charge|what\s+(?:would|will|does))\b", re.IGNORECASE)
_DEFLECTS = re.compile(r"you're\s+the\s+assistant|please\s+handle|\b(?:i\s+don't\s+know|not\s+sure|can't|cannot|"
                       r"no\s+idea|you\s+(?:tell|check|look))\b", re.IGNORECASE)
_ACKNOWLEDGES = re.compile(r"\b(?:sure|ok|okay|fine|wait|take\s+your\s+time|no\s+problem|thanks?|thank\s+you|"
                           r"of\s+course|alright)\b", re.IGNORECASE)
_AFFIRMS_WRONG = re.compile(r"^\W*(?:yes|yep|yeah|correct|that's\s+(?:right|correct)|right)\b", re.IGNORECASE)
_CLOSES = re.compile(r"solves\s+it|that's\s+all|that\s+is\s+all|nothing\s+else|no[,.!]?\s+thank|\bthanks?\b|"
                     r"\bthank\s+you\b|\bbye\b|\bgoodbye\b|^\W*no\b|that's\s+it|all\s+good|all\s+set", re.IGNORECASE)
_ENDS = re.compile(r"solves\s+it|\bbye\b|\bgoodbye\b|that's\s+all|nothing\s+else", re.IGNORECASE)


def identifiers(text: str) -> set[str]:
    """Identifier-like tokens: emails, and tokens of three characters or more holding a
    digit (ids, dates, times, amounts, card digits)."""
    out = set()
    for token in _IDENTIFIER.findall(text):
        token = token.rstrip(_TRAILING)
        if len(token) >= 3 and (any(c.isdigit() for c in token) or "@" in token):
            out.add(token)
    return out


def _norm(text: str) -> str:
    return " ".join(_WORD.findall(text.lower()))


@dataclass
class Probe:
    domain: str
    task: str
    behaviour: str
    message: str                     # the agent's message the user answers
    history: list[dict[str, str]] = field(default_factory=list)  # before it, request first
    expected: dict[str, Any] = field(default_factory=dict)
    before: list[str] = field(default_factory=list)  # earlier agent messages of the same turn

    def visible(self) -> list[dict[str, str]]:
        return [*self.history, *({"role": "assistant", "content": m} for m in self.before),
                {"role": "assistant", "content": self.message}]


@dataclass
class Result:
    probe: Probe
    reply: str
    problems: list[str]
    judged: bool | None = None       # the judge's answer where a question was asked
    error: str | None = None

    @property
    def passed(self) -> bool:
        return self.error is None and not self.problems


# ---- choosing tasks and building probes -----------------------------------------------------

def _decisions_with_after(task: Any) -> list[Any]:
    return [d for d in task.user_decisions if d.after]


def pick_tasks(tasks: list[Any], count: int | None) -> list[Any]:
    """Every task (count None), or `count` per domain, generically: first those whose decision
    waits for an explanation or declines, then those with the most facts and identifier facts."""
    if count is None:
        return list(tasks)

    def score(task: Any) -> tuple:
        with_ids = sum(bool(identifiers(v)) for v in task.user_facts.values())
        others = sum(f.person != CALLER for f in fact_infos(task))
        return (-bool(others), -with_ids, -len(task.user_facts), task.id)

    candidates = sorted((t for t in tasks if len(t.user_facts) >= 2), key=score)
    declining = [t for t in candidates if any(d.answer == "no" for d in t.user_decisions)]
    chosen = sorted(declining, key=lambda t: (not any(d.after for d in t.user_decisions if d.answer == "no"),
                                              score(t)))[:1]
    chosen += [t for t in sorted((t for t in candidates if _decisions_with_after(t)), key=score)
               if t not in chosen][:1]
    chosen += [t for t in sorted((t for t in tasks if not t.user_decisions and len(t.user_facts) >= 2), key=score)
               if t not in chosen][:1]
    for task in candidates:
        if len(chosen) >= count:
            break
        if task not in chosen:
            chosen.append(task)
    return chosen[:count]


def _wrong(value: str) -> str:
    """The identifier changed in one character."""
    for i in range(len(value) - 1, -1, -1):
        if value[i].isdigit():
            return value[:i] + str((int(value[i]) + 1) % 10) + value[i + 1:]
    local, _, domain = value.partition("@")
    return (local[:-1] + ("x" if local[-1:] != "x" else "y")) + "@" + domain


def _for_person(question: str, person: str) -> str | None:
    """A caller probe turned into one about somebody else ("your" -> "their")."""
    if person == CALLER:
        return question
    if not re.search(r"\byour\b", question, re.IGNORECASE):
        return None
    return re.sub(r"\byour\b", "their", question, flags=re.IGNORECASE)


def fact_probes(task: Any) -> list[tuple[str, str, list[str]]]:
    """(label, question, acceptable labels) for every fact whose kind has paraphrases: each
    paraphrase asked on its own. Acceptable: the facts of the same kind and person."""
    vocabulary = task.fact_vocabulary
    infos = fact_infos(task, vocabulary)
    out = []
    for info in infos:
        for kind in sorted(info.kinds):
            group = [f.label for f in infos if kind in f.kinds and f.person == info.person]
            if info.person != CALLER:
                group = [f.label for f in infos if kind in f.kinds and f.person != CALLER]
            for question in vocabulary.kinds[kind].probes if kind in vocabulary.kinds else ():
                asked = _for_person(question, info.person)
                if asked and (info.label, asked) not in {(o[0], o[1]) for o in out}:
                    out.append((info.label, asked, group))
    return out


def _money_words(amount: str) -> str:
    """An amount in words ("one hundred fifty-two dollars and fifty cents")."""
    ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    def below_thousand(n: int) -> str:
        words = []
        if n >= 100:
            words.append(f"{ones[n // 100]} hundred")
            n %= 100
        if n >= 20:
            words.append(tens[n // 10] + (f"-{ones[n % 10]}" if n % 10 else ""))
        elif n or not words:
            words.append(ones[n])
        return " ".join(words)

    dollars, _, cents = amount.partition(".")
    d = int(dollars)
    text = (f"{below_thousand(d // 1000)} thousand " if d >= 1000 else "") + below_thousand(d % 1000)
    text += " dollars"
    if cents and int(cents):
        text += f" and {below_thousand(int(cents))} cents"
    return text.strip()


def _cost_amount(task: Any) -> str:
    from thinkingbox.readers.claims import money_mentions

    for step in task.solution:
        if step.say:
            found = money_mentions(step.say)
            if found:
                return f"{max(found):.2f}"
    return "152.50"


def probes_for(domain: str, task: Any) -> list[Probe]:
    from thinkingbox.models.users import ScriptedUser

    request = [{"role": "user", "content": task.request}]
    out = []
    infos = fact_infos(task)
    labels = list(task.user_facts)
    for label, question, group in fact_probes(task):
        out.append(Probe(domain, task.id, "gives_fact", question, request, {"asked": group, "target": label}))
    # somebody else: the other person's fact, or "I don't know", never the caller's own
    others = [f for f in infos if f.person != CALLER]
    for question in OTHER_PERSON:
        kinds = {"e-mail": "email", "full name": "name", "date of birth": "date_of_birth"}
        kind = next(k for w, k in kinds.items() if w in question)
        asked = [f.label for f in others if kind in f.kinds]
        out.append(Probe(domain, task.id, "other_person", question, request,
                         {"asked": asked, "forbidden": [f.label for f in infos if f.person == CALLER and kind in f.kinds]}))
    known = " ".join(task.user_facts).lower()
    missing = next((m for m in MISSING_FACTS if not (stems(m) - {"mother", "s", "account", "us"}) & stems(known)),
                   MISSING_FACTS[-1])
    out.append(Probe(domain, task.id, "missing_fact", f"Could you also tell me {missing}?", request))
    out.append(Probe(domain, task.id, "pressure", PRESSURE.format(missing=missing),
                     [*request, {"role": "assistant", "content": f"Could you tell me {missing}?"},
                      {"role": "user", "content": "I don't know."}]))
    for label, value in task.user_facts.items():
        ids = sorted(i for i in identifiers(value) if i not in task.request)
        if ids and label != labels[0]:
            wrong = _wrong(ids[0])
            message = f"I have your {label} as {wrong} here; is that right?"
            out.append(Probe(domain, task.id, "wrong_assumption", message, request,
                             {"correct": ids[0], "wrong": wrong, "asked": [label]}))
            break
    # two messages in one turn, and a fact asked again: a fact other than the first
    paraphrased = [(label, q, g) for label, q, g in fact_probes(task) if label != labels[0]
                   and labels[0] not in g]
    if paraphrased:
        label, question, group = paraphrased[-1]
        out.append(Probe(domain, task.id, "multi_message", question, request, {"asked": group, "target": label},
                         before=["Thanks for getting in touch; I'm looking at your request now."]))
        first_reply = "; ".join(f"{g}: {task.user_facts[g]}" for g in group)
        out.append(Probe(domain, task.id, "repeat_fact", f"Sorry, I missed that. {question}",
                         [*request, {"role": "assistant", "content": question},
                          {"role": "user", "content": first_reply}], {"asked": group, "target": label}))
    for decision in _decisions_with_after(task):
        plain = f"Shall I go ahead and {decision.about}?" if decision.about else "Shall I go ahead?"
        if any(re.search(rf"(?<!\w){re.escape(w.lower())}(?!\w)", plain.lower()) for w in decision.after):
            plain = "I can take care of that for you. Shall I go ahead?"  # the proposal must not explain it
        out.append(Probe(domain, task.id, "cost_before", plain, request, {"decision": decision.about}))
        if decision.needs_cost:
            out.append(Probe(domain, task.id, "cost_before", f"There is a fee for this. {plain}", request,
                             {"decision": decision.about}))
            amount = _cost_amount(task)
            for form in MONEY_FORMS:
                stated = form.format(a=amount, words=_money_words(amount))
                message = f"This will cost {stated}. {plain}"
                out.append(Probe(domain, task.id, "cost_after", message, request,
                                 {"answer": decision.answer, "decision": decision.about}))
        else:
            said = next((s.say for s in task.solution if s.say), "")
            if said:
                out.append(Probe(domain, task.id, "cost_after", said, request,
                                 {"answer": decision.answer, "decision": decision.about}))
        if decision.answer == "no":
            for probe in [p for p in out if p.behaviour in ("cost_before", "cost_after")
                          and p.expected.get("decision") == decision.about]:
                stage = "before" if probe.behaviour == "cost_before" else "after"
                out.append(Probe(domain, task.id, "declines", probe.message, request,
                                 {"decision": decision.about, "stage": stage}))
    for decision in task.user_decisions:
        if decision.answer == "no" and not decision.after:  # declines whenever asked
            plain = f"Shall I go ahead and {decision.about}?" if decision.about else "Shall I go ahead?"
            out.append(Probe(domain, task.id, "declines", plain, request, {"decision": decision.about, "stage": "after"}))
    if not task.user_decisions:
        holds = ScriptedUser(task)._hold_off
        out.append(Probe(domain, task.id, "go_ahead", GO_AHEAD, request, {"answer": "no" if holds else "yes"}))
        out.append(Probe(domain, task.id, "go_ahead", EXTRA, request, {"answer": "no"}))
    out.append(Probe(domain, task.id, "agent_work", AGENT_WORK, request))
    out.append(Probe(domain, task.id, "please_wait", PLEASE_WAIT, request))
    rules = " ".join([*task.user_behavior, *task.user_facts, *(r.say for r in getattr(task, "user_rules", []))])
    if not _MORE_TO_RAISE.search(rules) and not getattr(task, "user_rules", None):
        out.append(Probe(domain, task.id, "anything_else", f"{task.final_message} {ANYTHING_ELSE}", request))
    return out


def build_probes(domains: list[Any], tasks_per_domain: int | None = None) -> list[Probe]:
    """Probes for every task (None) or a sample of tasks per domain."""
    return [p for d in domains for t in pick_tasks(list(d.tasks.values()), tasks_per_domain)
            for p in probes_for(d.name, t)]


# ---- deterministic checks -------------------------------------------------------------------

def _gives(task: Any, label: str, reply: str) -> bool:
    """Whether a reply gives a fact's value (identifiers exactly; short values in words)."""
    value = task.user_facts[label]
    ids = identifiers(value)
    if ids:
        return all(i in reply for i in ids)
    return _norm(value) in _norm(reply) or (len(value.split()) > 3 and _norm(value)[:40] in _norm(reply))


def check_reply(probe: Probe, task: Any, reply: str) -> list[str]:
    """What is wrong with a reply, by pattern (empty: conforms)."""
    problems: list[str] = []
    seen = " ".join(m["content"] for m in probe.visible())
    context = " ".join([task.user_context(), *task.user_facts])
    invented = sorted(i for i in identifiers(reply) if i not in context and i not in seen)
    if invented:
        problems.append(f"not copied from its facts: {', '.join(invented)}")
    asked = set(probe.expected.get("asked", []))
    # what the customer may say unasked: the asked facts, and its own decisions' and rules' words
    allowed = " ".join([*(task.user_facts[label] for label in asked), *(d.text() for d in task.user_decisions),
                        *(r.say for r in getattr(task, "user_rules", []))])
    for label, value in task.user_facts.items():
        if label in asked:
            continue
        leaked = [i for i in identifiers(value) if i in reply and i not in seen and i not in allowed]
        if not leaked and len(value.split()) >= 2 and _norm(value) in _norm(reply) and _norm(value) not in _norm(seen) \
                and _norm(value) not in _norm(allowed):
            leaked.append(value)
        if leaked:
            problems.append(f"gave {label!r} ({', '.join(leaked)}), which was not asked for")
    kind = probe.behaviour
    if kind in ("gives_fact", "multi_message", "repeat_fact"):
        if not any(_gives(task, label, reply) for label in asked):
            problems.append(f"{probe.expected['target']!r}: {task.user_facts[probe.expected['target']]!r} not given "
                            "(exactly)")
        if _DONT_KNOW.search(reply) and not any(_DONT_KNOW.search(task.user_facts[label]) for label in asked):
            problems.append(f"{probe.expected['target']!r}: says it does not know a fact it has")
    elif kind == "other_person":
        wrong = [label for label in probe.expected["forbidden"] if _gives(task, label, reply)]
        if wrong:
            problems.append(f"gave the caller's own {', '.join(wrong)} for somebody else's")
        if asked and not any(_gives(task, label, reply) for label in asked):
            problems.append("does not give the other person's fact it has")
        if not asked and not _DONT_KNOW.search(reply):
            problems.append("does not say it does not know somebody else's fact it lacks")
    elif kind in ("missing_fact", "pressure"):
        if not _DONT_KNOW.search(reply):
            problems.append("does not say it does not know")
    elif kind == "wrong_assumption":
        if probe.expected["correct"] not in reply:
            problems.append(f"does not give the correct {probe.expected['correct']}")
        if _AFFIRMS_WRONG.search(reply):
            problems.append("affirms the wrong detail")
    elif kind == "cost_before":
        if _AGREES.search(reply) and not _REFUSES.search(reply):
            problems.append("agrees before the cost was explained")
        elif _REFUSES.search(reply):
            problems.append("declines before the cost was explained")
        elif not _ASKS_BACK.search(reply):
            problems.append("does not ask what it involves or costs")
    elif kind == "cost_after":
        agrees = bool(_AGREES.search(reply) or re.search(r"\byes\b", reply, re.IGNORECASE))
        refuses = bool(_REFUSES.search(reply) or reads_as_refusal(reply))
        if probe.expected["answer"] == "yes" and (not agrees or reply.lower().lstrip().startswith("no")):
            problems.append("does not agree once the cost was explained")
        if probe.expected["answer"] == "no" and (not refuses or reads_as_agreement(reply.split(".")[0])):
            problems.append("does not decline once the cost was explained")
    elif kind == "declines":
        first = re.split(r"[.;!?]", reply)[0]
        if _AGREES.search(first) and not _REFUSES.search(first):
            problems.append("agrees to what the customer declines")
        elif probe.expected["stage"] == "after" and not (_REFUSES.search(reply) or reads_as_refusal(reply)):
            problems.append("does not decline once the cost was explained")
        elif probe.expected["stage"] == "before" and (_REFUSES.search(reply) or not _ASKS_BACK.search(reply)):
            problems.append("decides before the cost was explained instead of asking")
    elif kind == "go_ahead":
        agrees = bool(_AGREES.search(reply)) and not reply.lower().lstrip().startswith("no")
        if probe.expected["answer"] == "yes" and not agrees:
            problems.append("does not go ahead with what it asked for")
        if probe.expected["answer"] == "no" and (agrees or not _REFUSES.search(reply)):
            problems.append("agrees to something it never asked for")
    elif kind == "agent_work":
        if not _DEFLECTS.search(reply) or (_AGREES.search(reply) and not _REFUSES.search(reply)):
            problems.append("does not leave the assistant's work to the assistant")
    elif kind == "please_wait":
        if _ENDS.search(reply):
            problems.append("closes the conversation while the agent is still working")
        if not _ACKNOWLEDGES.search(reply) or re.search(r"\bgo\s+ahead\b", reply, re.IGNORECASE):
            problems.append("does not simply acknowledge and wait")
    elif kind == "anything_else":
        if not _CLOSES.search(reply) or _DONT_KNOW.search(reply):
            problems.append("does not close when nothing is left")
    return problems


MODEL_SAMPLE = 25  # tasks per domain probed for a model user unless told otherwise

# ---- what `tb validate` checks of the user side --------------------------------------------

_UNCONDITIONAL_ACCEPT = re.compile(r"^\s*accept\b", re.IGNORECASE)
_CONDITION = re.compile(r"\b(?:once|if|when|after|until|unless)\b", re.IGNORECASE)

# A behaviour line that has the customer say something of its own: a verb of speaking at the
# head of a clause ("Ask once why", "If told no, say you will call back", "Insist that ...").
# The scripted user cannot play words, only `user_rules` (and facts, given when asked: "if asked
# which project, say ..." with no such fact is words too); what it plays without a rule is left
# out: agreeing or declining ("say no"), not asking ("ask for nothing").
_SPEAKING = r"(?:ask|asks|point out|mention|insist|say|tell|request|choose|pick|raise|bring up|argue|complain|offer|" \
            r"object|dispute|demand)"
_CLAUSE_SPLIT = re.compile(r"[.;:]\s+|,\s+(?=(?:and |then |but )?(?:once |also )?" + _SPEAKING + r"\b)|\s+then\s+|"
                           r"\s+and\s+(?=(?:then )?" + _SPEAKING + r"\b)", re.IGNORECASE)
_CLAUSE_HEAD = re.compile(r"^\s*(?:(?:if|when|once|after|until)\b[^,]*,\s*)?(?:and |then |but )?(?:once |also |honestly )?",
                          re.IGNORECASE)
_SPEAKS = re.compile(_SPEAKING + r"\b", re.IGNORECASE)
_PLAYED_WITHOUT_RULE = re.compile(r"^(?:say|tell \w+)\s+(?:no|yes)\b|^asks? for nothing\b|^ask to leave\b",
                                  re.IGNORECASE)


def speaking_clauses(line: str) -> list[str]:
    """The clauses of a `user_behavior` line that have the customer say something of its own
    (which only a `user_rules` entry makes the scripted user say)."""
    out = []
    for clause in _CLAUSE_SPLIT.split(line):
        head = _CLAUSE_HEAD.match(clause)
        rest = clause[head.end():] if head else clause
        if _SPEAKS.match(rest) and not _PLAYED_WITHOUT_RULE.match(rest):
            out.append(clause.strip(" ,;."))
    return out


def user_side_problems(task: Any) -> list[str]:
    """What stops a simulated user from playing a task faithfully (for `tb validate`):

    - an unconditional "Accept ..." rule, which tells the customer the outcome: it must be a
      decision (`user_decisions`) with its condition;
    - a decision that waits for an explanation no reference message gives before the first
      write: the scripted user could never decide;
    - a behaviour line that has the customer say, ask, insist or choose something of its own,
      which only a `user_rules` entry makes the scripted user say;
    - a rule (`user_rules`) whose words hold a value the customer's facts do not.
    """
    from thinkingbox.models.users import cost_stated, explained

    problems = []
    for i, line in enumerate(task.user_behavior):
        if _UNCONDITIONAL_ACCEPT.match(line) and not _CONDITION.search(line):
            problems.append(f"user_behavior[{i}] {line!r} accepts without a condition and tells the customer the "
                            "outcome: make it a user_decisions entry with its condition (`after`)")
        for clause in speaking_clauses(line):
            problems.append(f"user_behavior[{i}] has the customer speak ({clause!r}), which the scripted user cannot "
                            "play: write it as a user_rules entry ({\"when\": [words of the agent message that "
                            "make it act], \"say\": \"the customer's words\", \"rule\": the line})")
            break
    says = [step.say for step in task.solution if step.say]
    if says:
        said = " ".join(says)
        for i, decision in enumerate(task.user_decisions):
            if decision.answer == "yes" and decision.after and not explained(decision, said):
                what = "states no amount" if decision.needs_cost and not cost_stated(said) else \
                    f"says none of {decision.after}"
                problems.append(f"user_decisions[{i}] ({decision.about or 'agreement'}) waits for an explanation the "
                                f"reference messages never give (it {what}): the scripted user could never agree")
    known = " ".join([task.request, *task.user_facts.values()])
    for i, rule in enumerate(getattr(task, "user_rules", [])):
        invented = sorted(v for v in identifiers(rule.say) if v not in known)
        if invented:
            problems.append(f"user_rules[{i}].say holds {', '.join(invented)}, which no user fact gives: put the "
                            "value in user_facts")
    return problems


# ---- running --------------------------------------------------------------------------------

JUDGE_SYSTEM_PROMPT = """You check one reply that a simulated customer wrote to a support assistant.
Read the assistant's message and the customer's reply, and answer the question about the reply with one word: yes or no."""


async def _judge(config: Any, probe: Probe, reply: str) -> bool | None:
    from thinkingbox.models import llm
    from thinkingbox.models.rubric import parse_answer
    from thinkingbox.models.users import sanitize

    question = JUDGE_QUESTIONS.get(probe.behaviour)
    if question is None or config is None:
        return None
    prompt = (f"ASSISTANT MESSAGE:\n<<<\n{sanitize(probe.message)}\n>>>\nCUSTOMER REPLY:\n<<<\n"
              f"{sanitize(reply).replace('>>>', '> > >')}\n>>>\nQUESTION: {question}\nAnswer yes or no.")
    completion = await llm.complete(config, [{"role": "system", "content": JUDGE_SYSTEM_PROMPT},
                                             {"role": "user", "content": prompt}], temperature=0.0)
    return parse_answer(completion.content) == "yes"


async def run_probes(probes: list[Probe], tasks: dict[tuple[str, str], Any], user: str, settings: Any,
                     concurrency: int = 8, factories: dict[str, Any] | None = None) -> list[Result]:
    from thinkingbox.engine.builtin import tb_users
    from thinkingbox.engine.trial import resolve_factory
    from thinkingbox.models.llm import ModelConfig

    factory, argument = resolve_factory(factories or tb_users(), user, "user")
    judge = settings.judge if isinstance(settings.judge, ModelConfig) else None
    gate = asyncio.Semaphore(concurrency)

    async def one(probe: Probe) -> Result:
        task = tasks[(probe.domain, probe.task)]
        async with gate:
            try:
                reply = await factory(argument, task, settings).reply(probe.visible())
            except Exception as exc:  # a model that fails is reported, not raised
                return Result(probe, "", [], None, f"{type(exc).__name__}: {exc}")
            judged = None
            if judge is not None:
                try:
                    judged = await _judge(judge, probe, reply)
                except Exception as exc:
                    return Result(probe, reply, check_reply(probe, task, reply), None, f"judge: {exc}")
        return Result(probe, reply, check_reply(probe, task, reply), judged)

    return list(await asyncio.gather(*(one(p) for p in probes)))


def applicable(user: str, behaviour: str) -> bool:
    return not (user.partition(":")[0] == "scripted" and behaviour in SCRIPTED_NOT_APPLICABLE)


def summarize(results: list[Result], user: str) -> list[dict[str, Any]]:
    """One row per behaviour: probes, passed, rate (None where not applicable), judged."""
    rows = []
    for behaviour in BEHAVIOURS:
        mine = [r for r in results if r.probe.behaviour == behaviour]
        if not mine:
            continue
        row: dict[str, Any] = {"behaviour": behaviour, "probes": len(mine)}
        if applicable(user, behaviour):
            passed = sum(r.passed for r in mine)
            row.update(passed=passed, rate=passed / len(mine), errors=sum(r.error is not None for r in mine))
        else:
            row.update(passed=None, rate=None, errors=0, not_applicable=SCRIPTED_NOT_APPLICABLE[behaviour])
        judged = [r.judged for r in mine if r.judged is not None]
        if judged:
            row["judge_yes"] = sum(judged) / len(judged)
        rows.append(row)
    counted = [r for r in results if applicable(user, r.probe.behaviour)]
    if counted:
        passed = sum(r.passed for r in counted)
        rows.append({"behaviour": "all", "probes": len(counted), "passed": passed, "rate": passed / len(counted),
                     "errors": sum(r.error is not None for r in counted)})
    return rows


def render(rows: list[dict[str, Any]], results: list[Result], user: str, failures: int = 20) -> str:
    from tabulate import tabulate

    judged = any("judge_yes" in r for r in rows)
    table = []
    for row in rows:
        rate = "n/a" if row.get("not_applicable") else f"{100 * row['rate']:.0f}%"
        line = [row["behaviour"], row["probes"], "-" if row["passed"] is None else row["passed"], rate]
        if judged:
            line.append(f"{100 * row['judge_yes']:.0f}%" if "judge_yes" in row else "")
        table.append(line)
    headers = ["behaviour", "probes", "passed", "rate"] + (["judge yes"] if judged else [])
    out = [f"User conformance of {user}:", tabulate(table, headers=headers, tablefmt="github")]
    notes = [f"n/a {r['behaviour']}: {r['not_applicable']}" for r in rows if r.get("not_applicable")]
    if notes:
        out.append("\n".join(notes))
    failed = [r for r in results if not r.passed and applicable(user, r.probe.behaviour)]
    if failed:
        out.append(f"Failed probes ({len(failed)}{', first ' + str(failures) if len(failed) > failures else ''}):")
        for r in failed[:failures]:
            why = r.error or "; ".join(r.problems)
            out.append(f"- {r.probe.domain}/{r.probe.task} {r.probe.behaviour}: {why}\n"
                       f"    agent: {r.probe.message[:160]}\n    user:  {r.reply[:200]}")
    return "\n".join(out)


def user_check(domains: list[Any], user: str, settings: Any, tasks_per_domain: int | None = None, concurrency: int = 8,
               factories: dict[str, Any] | None = None) -> tuple[list[dict[str, Any]], list[Result]]:
    if tasks_per_domain is None and user.partition(":")[0] != "scripted":
        tasks_per_domain = MODEL_SAMPLE  # a model user is probed on a sample; the scripted user on every task
    probes = build_probes(domains, tasks_per_domain)
    tasks = {(d.name, t.id): t for d in domains for t in d.tasks.values()}
    results = asyncio.run(run_probes(probes, tasks, user, settings, concurrency, factories))
    return summarize(results, user), results
