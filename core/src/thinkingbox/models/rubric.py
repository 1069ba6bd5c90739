"""Rubric checks: yes/no questions about the final assistant message, answered by a judge
model at temperature 0. Every question must be answered "yes"."""
from __future__ import annotations

import re

from thinkingbox.models import llm
from thinkingbox.contract.checks import CheckResult, TrialOutcome
from thinkingbox.models.users import sanitize
from thinkingbox.contract.errors import TaskError
from thinkingbox.contract.tasks import RubricRuleTimeout

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


RULES_JUDGE = "rules"  # --judge rules: answer from each question's rule, no model
NOT_JUDGED = "not judged"   # a rules run's answer to a question whose rule is only approximate


def rule_answer(rule, message: str) -> bool:
    """A rubric rule's answer on `message` (RubricRuleTimeout for a pattern past its time bound)."""
    return rule.answer(message)


async def rubric_check(outcome: TrialOutcome) -> CheckResult:
    items = outcome.task.rubric_items
    judge = getattr(outcome, "judge", None)
    if judge is None:
        return CheckResult("rubric", False, "no judge model configured for a task with rubric questions")
    if judge == RULES_JUDGE:
        # A rule below 95% agreement on its domain's labelled corpus is marked approximate:
        # rules do not judge its question (the verdict rests on the other checks); a judge
        # model does.
        answers = []
        for item in items:
            if item.rule is None:
                answers.append({"question": item.question, "answer": "no", "raw": "no offline rule for this question",
                                "parsed": False})
            elif item.rule.approximate:
                answers.append({"question": item.question, "answer": NOT_JUDGED, "raw": "rules", "parsed": False,
                                "approximate": True})
            else:
                try:
                    said = rule_answer(item.rule, outcome.final_message)
                except RubricRuleTimeout as exc:   # the task's fault, not the agent's: an error, not a verdict
                    task = outcome.task
                    raise TaskError(task.source_file, task.id, "rubric", str(exc)) from None
                answers.append({"question": item.question, "parsed": True, "raw": "rules",
                                "answer": "yes" if said else "no"})
        failed = [a["question"] for a in answers if a["answer"] == "no"]
        unjudged = sum(a["answer"] == NOT_JUDGED for a in answers)
        detail = "all rubric questions answered yes (rules)" if not failed else f"answered no: {'; '.join(failed)}"
        if unjudged:
            detail += f" ({unjudged} not judged: the offline rules cannot answer them reliably; use --judge MODEL)"
        return CheckResult("rubric", not failed, detail, answers)
    message = sanitize(outcome.final_message)
    answers = []
    for question in [item.question for item in items]:
        prompt = f"FINAL MESSAGE:\n<<<\n{message.replace('>>>', '> > >')}\n>>>\nQUESTION: {question}\nAnswer yes or no."
        judge_usage = outcome.usage.setdefault("judge", llm.empty_usage())
        try:
            completion = await llm.complete(judge, [{"role": "system", "content": JUDGE_SYSTEM_PROMPT},
                                                    {"role": "user", "content": prompt}], temperature=0.0)
        except llm.ModelCallFailed as exc:
            llm.add_usage(judge_usage, exc.usage)  # failed calls are counted too
            raise
        llm.add_usage(judge_usage, completion.usage)
        answer = parse_answer(completion.content)
        answers.append({"question": question, "answer": answer or "no", "raw": completion.content[:200],
                        "parsed": answer is not None, "usage": completion.usage})
    failed = [a["question"] for a in answers if a["answer"] != "yes"]
    detail = "all rubric questions answered yes" if not failed else f"answered no: {'; '.join(failed)}"
    return CheckResult("rubric", not failed, detail, answers)
