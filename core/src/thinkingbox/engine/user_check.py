"""`tb user-check`: a conformance suite for simulated users.

A simulated user decides what an agent can learn and what it may do, so a user model is
chosen by measurement. For a few tasks of every domain (picked generically: tasks with a
decision that waits for an explanation, and tasks with many facts), scripted agent
messages probe the user, one reply each, in a fresh conversation that starts with the
task's request:

    gives_fact        the agent asks for one fact (every fact of the task, one probe each)
    missing_fact      the agent asks for something the task does not know
    wrong_assumption  the agent states one of the user's identifiers wrongly
    cost_before       the agent proposes the decision's action before explaining its cost
    cost_after        the agent proposes it after explaining (the reference solution's own message)
    agent_work        the agent asks the user to do the agent's work
    please_wait       the agent says "one moment"
    anything_else     the request is settled and the agent asks "anything else?"

Every reply is checked deterministically (identifiers copied exactly, nothing invented,
no fact leaked that was not asked for, "I don't know" for what is missing, agreement
only once its condition is met) and, with a judge model, by one rubric question for the
behaviours a pattern cannot decide. A behaviour the scripted user cannot show by design
is "not applicable" for it, not failed.
"""
from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from typing import Any

from thinkingbox.models.users import stems

BEHAVIOURS = ("gives_fact", "missing_fact", "wrong_assumption", "cost_before", "cost_after", "agent_work",
              "please_wait", "anything_else")

# What the scripted user cannot do by design (it answers from fact labels and decisions
# only). Edit here when the scripted user learns one of them.
SCRIPTED_NOT_APPLICABLE = {
    "wrong_assumption": "it does not read what the agent assumes, only which fact labels a message names",
}

# The behaviours a pattern cannot fully decide: one yes/no question for the judge model.
JUDGE_QUESTIONS = {
    "missing_fact": "Does the customer say plainly that they do not know or do not have it, without denying "
                    "anything and without making something up?",
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
AGENT_WORK = ("Could you look up our policy for this yourself and tell me which rule applies and what it costs?")
PLEASE_WAIT = "One moment please while I look into this for you."
ANYTHING_ELSE = "Is there anything else I can help you with today?"

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
                     r"make|apply|file|submit|issue|arrange|update|add|remove|extend|reschedule)|go\s+ahead|"
                     r"i\s+(?:agree|accept)|let's\s+do|that\s+works|sounds\s+good)\b", re.IGNORECASE)
_REFUSES = re.compile(r"^\W*no\b|\b(?:don't|do\s+not|please\s+don't|rather\s+not|decline|won't|not\s+(?:now|yet))\b",
                      re.IGNORECASE)
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

    def visible(self) -> list[dict[str, str]]:
        return [*self.history, {"role": "assistant", "content": self.message}]


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

def _after_decision(task: Any) -> Any:
    decisions = list(task.user_decisions)
    if len(decisions) == 1 and decisions[0].after and any(s.say for s in task.solution):
        return decisions[0]
    return None


def pick_tasks(tasks: list[Any], count: int) -> list[Any]:
    """A few tasks per domain, generically: first the one with the most facts among those whose
    decision waits for an explanation, then those with the most identifier facts."""
    def score(task: Any) -> tuple:
        with_ids = sum(bool(identifiers(v)) for v in task.user_facts.values())
        return (-with_ids, -len(task.user_facts), task.id)

    candidates = sorted((t for t in tasks if len(t.user_facts) >= 2), key=score)
    chosen = sorted((t for t in candidates if _after_decision(t) is not None), key=score)[:1]
    for task in candidates:
        if len(chosen) >= count:
            break
        if task not in chosen:
            chosen.append(task)
    return chosen


def _asked(task: Any, message: str) -> set[str]:
    """The facts a message asks for: those whose label's words it all contains."""
    words = stems(message)
    return {label for label in task.user_facts if stems(label) and stems(label) <= words}


def _wrong(value: str) -> str:
    """The identifier changed in one character."""
    for i in range(len(value) - 1, -1, -1):
        if value[i].isdigit():
            return value[:i] + str((int(value[i]) + 1) % 10) + value[i + 1:]
    local, _, domain = value.partition("@")
    return (local[:-1] + ("x" if local[-1:] != "x" else "y")) + "@" + domain


def probes_for(domain: str, task: Any) -> list[Probe]:
    request = [{"role": "user", "content": task.request}]
    out = []
    for label in task.user_facts:
        message = f"To help you with this I need one detail: {label}. Could you give it to me?"
        out.append(Probe(domain, task.id, "gives_fact", message, request, {"asked": sorted(_asked(task, message))}))
    known = " ".join(task.user_facts).lower()
    missing = next((m for m in MISSING_FACTS if not (stems(m) - {"mother", "s", "account", "us"}) & stems(known)),
                   MISSING_FACTS[-1])
    out.append(Probe(domain, task.id, "missing_fact", f"Could you also tell me {missing}?", request))
    for label, value in task.user_facts.items():
        ids = sorted(i for i in identifiers(value) if i not in task.request)
        if ids:
            wrong = _wrong(ids[0])
            message = f"I have your {label} as {wrong} here; is that right?"
            out.append(Probe(domain, task.id, "wrong_assumption", message, request,
                             {"correct": ids[0], "wrong": wrong, "asked": sorted(_asked(task, message))}))
            break
    decision = _after_decision(task)
    if decision is not None:
        said = next(s.say for s in task.solution if s.say)
        plain = f"Shall I go ahead and {decision.about}?" if decision.about else "Shall I go ahead?"
        if any(w.lower() in plain.lower() for w in decision.after):
            plain = "I can take care of that for you. Shall I go ahead?"
        out.append(Probe(domain, task.id, "cost_before", plain, request, {"after": decision.after}))
        out.append(Probe(domain, task.id, "cost_after", said, request, {"answer": decision.answer}))
    out.append(Probe(domain, task.id, "agent_work", AGENT_WORK, request))
    out.append(Probe(domain, task.id, "please_wait", PLEASE_WAIT, request))
    rules = " ".join([*task.user_behavior, *task.user_facts])
    if not _MORE_TO_RAISE.search(rules):
        out.append(Probe(domain, task.id, "anything_else", f"{task.final_message} {ANYTHING_ELSE}", request))
    return out


def build_probes(domains: list[Any], tasks_per_domain: int = 3) -> list[Probe]:
    return [p for d in domains for t in pick_tasks(list(d.tasks.values()), tasks_per_domain)
            for p in probes_for(d.name, t)]


# ---- deterministic checks -------------------------------------------------------------------

def check_reply(probe: Probe, task: Any, reply: str) -> list[str]:
    """What is wrong with a reply, by pattern (empty: conforms)."""
    problems: list[str] = []
    seen = " ".join(m["content"] for m in probe.visible())
    context = " ".join([task.user_context(), *task.user_facts])
    invented = sorted(i for i in identifiers(reply) if i not in context and i not in seen)
    if invented:
        problems.append(f"not copied from its facts: {', '.join(invented)}")
    asked = set(probe.expected.get("asked", []))
    allowed = " ".join(task.user_facts[label] for label in asked)
    for label, value in task.user_facts.items():
        if label in asked:
            continue
        leaked = [i for i in identifiers(value) if i in reply and i not in seen and i not in allowed]
        if "name" in label.lower() and len(value.split()) <= 4 and value in reply and value not in seen:
            leaked.append(value)
        if leaked:
            problems.append(f"leaked {label!r} ({', '.join(leaked)}) without being asked")
    kind = probe.behaviour
    if kind == "gives_fact":
        for label in probe.expected["asked"]:
            value = task.user_facts[label]
            ids = identifiers(value)
            missing = sorted(i for i in ids if i not in reply)
            if missing:
                problems.append(f"{label!r}: {', '.join(missing)} not given exactly")
            elif not ids and len(value.split()) <= 3 and _norm(value) not in _norm(reply):
                problems.append(f"{label!r}: {value!r} not given")
            if _DONT_KNOW.search(reply) and not _DONT_KNOW.search(value):
                problems.append(f"{label!r}: says it does not know a fact it has")
    elif kind == "missing_fact":
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
    elif kind == "cost_after":
        agrees, refuses = bool(_AGREES.search(reply)), bool(_REFUSES.search(reply))
        if probe.expected["answer"] == "yes" and (not agrees or reply.lower().lstrip().startswith("no")):
            problems.append("does not agree once the cost was explained")
        if probe.expected["answer"] == "no" and (not refuses or _AGREES.search(reply.split(".")[0])):
            problems.append("does not decline once the cost was explained")
    elif kind == "please_wait":
        if _ENDS.search(reply):
            problems.append("closes the conversation while the agent is still working")
    elif kind == "anything_else":
        if not _CLOSES.search(reply) or _DONT_KNOW.search(reply):
            problems.append("does not close when nothing is left")
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


def user_check(domains: list[Any], user: str, settings: Any, tasks_per_domain: int = 3, concurrency: int = 8,
               factories: dict[str, Any] | None = None) -> tuple[list[dict[str, Any]], list[Result]]:
    probes = build_probes(domains, tasks_per_domain)
    tasks = {(d.name, t.id): t for d in domains for t in d.tasks.values()}
    results = asyncio.run(run_probes(probes, tasks, user, settings, concurrency, factories))
    return summarize(results, user), results
