"""A model judge of a task's typed communication claims (`--judge MODEL`).

Each claim becomes one yes/no question built from its type (a value with its role, a decision
with its polarity, data never to state, the customer's agreement before a write), asked over
the messages it needs, numbered in order. `--judge rules` uses the deterministic readers of
`thinkingbox.readers.claims` instead; `tb judge-check` measures both on the labelled corpora.
"""
from __future__ import annotations

from datetime import date
from typing import Any

from thinkingbox.readers.claims import Conversation
from thinkingbox.contract.vocabulary import Vocabulary
from thinkingbox.models import llm
from thinkingbox.models.rubric import parse_answer
from thinkingbox.models.users import sanitize

CLAIM_JUDGE_PROMPT_VERSION = "claims-1"
CLAIM_JUDGE_SYSTEM_PROMPT = """You read a support conversation and answer one question about what the assistant told the customer, with one word: yes or no.
Read the messages in their order, as a careful person would. Something counts as told only when the assistant states it as a fact or a decision: a question, an offer, a possibility or a condition ("if approved", "once your manager approves") does not count, and neither does a negation ("I haven't cancelled it"). When a later message corrects or contradicts an earlier one, the later one is what the customer was told.
An amount, date or number counts only when it is given for the thing the question names (a refund of $40 is not a fee of $40). Different wording, spelling, date and number formats are fine."""


def _money(value: Any) -> str:
    return f"${value}"


def describe(spec: Any, vocabulary: Vocabulary) -> str:
    """A claim in words, for a question ("the refund is $599.99")."""
    kind, value = spec.kind, spec.value
    role = (spec.role or "").replace("_", " ")
    subject = role or spec.label or kind.replace("_", " ")
    if kind == "money":
        return f"the {subject} is {_money(value)}"
    if kind == "date":
        return f"the {subject} is {date.fromisoformat(value):%d %B %Y}"
    if kind == "date_range":
        first, last = (date.fromisoformat(v) for v in value)
        return f"the {subject} runs from {first:%d %B %Y} to {last:%d %B %Y}"
    if kind == "time":
        return f"the {subject} is at {value}"
    if kind == "days":
        low, high = value if isinstance(value, list) else (value, value)
        return f"the {subject} is {low} days" if low == high else f"the {subject} is {low} to {high} days"
    if kind == "duration":
        return f"the {subject} is {value[0]} {value[1]}(s)"
    if kind == "percent":
        return f"the {subject} is {value}%"
    if kind == "count":
        return f"the number of {spec.noun}s is {value}"
    if kind == "id":
        return f"the {spec.label or 'identifier'} {value}"
    if kind == "text":
        return f"the {spec.label or 'name'}: {' or '.join(value)}"
    if kind == "decision":
        meaning = vocabulary.decisions[value].meaning if value in vocabulary.decisions else value
        text = f"this decision: {meaning}" + (f" (about: {', '.join(spec.about)})" if spec.about else "")
        return text + (f", giving as the reason: {', '.join(spec.because)}" if spec.because else "")
    return spec.label or "the required statement"


def _transcript(talk: Conversation, upto: int | None, customer: bool) -> str:
    events = [(i, "assistant", text) for i, text in talk.agent if upto is None or i < upto]
    if customer:
        events += [(i, "customer", text) for i, text in talk.customer if upto is None or i < upto]
    lines = [f"[{n}] {who}: {sanitize(text).replace('>>>', '> > >')}"
             for n, (_, who, text) in enumerate(sorted(events), 1)]
    return "\n".join(lines) or "(no messages)"


def questions(says: Any, talk: Conversation, vocabulary: Vocabulary) -> list[tuple[str, str, str, bool]]:
    """(claim, transcript, question, the answer that passes) for every claim of `says`."""
    out = []
    whole = _transcript(talk, None, False)
    # A policy that asks for the outcome at the end: what must be told is read in the final message.
    told = _transcript(Conversation(talk.agent[-1:], [], {}, talk.ordered), None, False) \
        if vocabulary.closing_summary else whole
    for spec in says.states:
        out.append((str(spec), told, f"Does the assistant tell the customer {describe(spec, vocabulary)}?", True))
    for spec in says.never_states:
        out.append((str(spec), whole, f"Does any assistant message tell the customer {describe(spec, vocabulary)}?",
                    False))
    if talk.ordered:
        for spec in says.states_before:
            upto = talk.first_call.get(spec.before)
            out.append((f"{spec} before {spec.before}", _transcript(talk, upto, False),
                        f"Does the assistant tell the customer {describe(spec, vocabulary)}?", True))
        for agreement in says.agreement:
            upto = talk.first_call.get(agreement.before)
            if upto is None:
                continue
            told = [describe(s, vocabulary) for s in says.states_before if s.before == agreement.before]
            what = f" after being told {'; '.join(told)}" if told else " after being told what would be done"
            out.append((f"agreement before {agreement.before}", _transcript(talk, upto, True),
                        f"Did the customer clearly agree to go ahead{what}? (A question, a hesitation or a refusal "
                        "is not agreement.)", True))
    return out


async def model_problems(says: Any, trajectory: list[dict], final_message: str, vocabulary: Vocabulary,
                         judge: Any, usage: dict[str, Any]) -> list[str]:
    """What the agent's messages get wrong, each claim answered by the judge model."""
    talk = Conversation.of(trajectory, final_message)
    problems = []
    for claim, transcript, question, passing in questions(says, talk, vocabulary):
        prompt = f"CONVERSATION:\n<<<\n{transcript}\n>>>\nQUESTION: {question}\nAnswer yes or no."
        judge_usage = usage.setdefault("judge", llm.empty_usage())
        try:
            completion = await llm.complete(judge, [{"role": "system", "content": CLAIM_JUDGE_SYSTEM_PROMPT},
                                                    {"role": "user", "content": prompt}], temperature=0.0)
        except llm.ModelCallFailed as exc:
            llm.add_usage(judge_usage, exc.usage)
            raise
        llm.add_usage(judge_usage, completion.usage)
        answer = parse_answer(completion.content)
        if answer is None:
            problems.append(f"{claim}: the judge's answer could not be read ({completion.content[:80]!r})")
        elif (answer == "yes") != passing:
            problems.append(f"{claim}: the judge answered {answer} to: {question}")
    return problems
