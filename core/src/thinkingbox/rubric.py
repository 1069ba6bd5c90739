"""Rubric checks: yes/no questions about the final assistant message, answered by a judge
model at temperature 0. Every question must be answered "yes"."""
from __future__ import annotations

import re

from . import llm
from .judge import CheckResult, TrialOutcome
from .users import sanitize

JUDGE_PROMPT_VERSION = "judge-1"
JUDGE_SYSTEM_PROMPT = """You check one property of the final message a support assistant sent to a customer.
Read the message and answer the question about it with one word: yes or no.
Judge only what the message itself says; you know nothing else about the conversation.
When the question asks whether the message avoids something, or gets something right if it mentions it, and the message does not mention it at all, the answer is yes."""

_FIRST_WORD = re.compile(r"[a-z]+")


def parse_answer(text: str) -> str | None:
    match = _FIRST_WORD.search(text.lower())
    word = match.group(0) if match else ""
    return word if word in ("yes", "no") else None


async def rubric_check(outcome: TrialOutcome) -> CheckResult:
    questions = outcome.task.rubric
    judge = getattr(outcome, "judge", None)
    if judge is None:
        return CheckResult("rubric", False, "no judge model configured for a task with rubric questions")
    message = sanitize(outcome.final_message)
    answers = []
    for question in questions:
        prompt = f"FINAL MESSAGE:\n<<<\n{message.replace('>>>', '> > >')}\n>>>\nQUESTION: {question}\nAnswer yes or no."
        completion = await llm.complete(judge, [{"role": "system", "content": JUDGE_SYSTEM_PROMPT},
                                                {"role": "user", "content": prompt}], temperature=0.0)
        llm.add_usage(outcome.usage.setdefault("judge", llm.empty_usage()), completion.usage)
        answer = parse_answer(completion.content)
        answers.append({"question": question, "answer": answer or "no", "raw": completion.content[:200],
                        "parsed": answer is not None, "usage": completion.usage})
    failed = [a["question"] for a in answers if a["answer"] != "yes"]
    detail = "all rubric questions answered yes" if not failed else f"answered no: {'; '.join(failed)}"
    return CheckResult("rubric", not failed, detail, answers)
