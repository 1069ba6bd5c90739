"""One-off edits of the retail task files for issue 28 (the simulated customer), made in
place so that the files keep their layout; re-running it changes nothing.

    python plugins/retail/scripts/user_side_fixes.py

- the 29 change-of-mind returns whose customer never says whether it wants a refund or an
  exchange get the fact (a refund: the golden's RMA resolution);
- unconditional "Accept the (partial) refund ..." lines become the condition of the refund
  decision (agree once the amount is stated);
- "Accept the explanation about refusing the delivery" becomes a rule with its condition.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

TASKS = Path(__file__).resolve().parents[1] / "src" / "thinkingbox_retail" / "tasks"

REFUND_FACT = ("refund or exchange", "A refund, please; I don't want a replacement.")
ACCEPT_REFUND = {"Accept the partial refund offered.", "Accept the partial refund that is offered.",
                 "Accept the refund that is offered."}
EXPLANATION = {"Accept the explanation that you can refuse the delivery.": "Once the assistant has explained what you "
               "can do about the delivery, accept its explanation.",
               "Accept the explanation about refusing the delivery.": "Once the assistant has explained what you can "
               "do about the delivery, accept its explanation.",
               "You keep the soundbar: do not agree to return or exchange it. Accept the partial refund offered for the "
               "scuff.": "You keep the soundbar: do not agree to return or exchange it. If the assistant offers something "
               "for its scuff, accept it once the amount is stated."}


def _task_span(text: str, task_id: str) -> tuple[int, int]:
    start = text.index(f'"id": "{task_id}"')
    start = text.rindex("\n    {", 0, start) + 1
    end = text.index("\n    }", start) + len("\n    }")
    return start, end


def _json_line(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def edit_task(task_text: str, task: dict) -> str:
    text = task_text
    facts = task.get("user_facts", {})
    rma = [s for s in task.get("solution", []) if s.get("tool") == "create_rma"]
    said = " ".join([task["request"], *facts.values()]).lower()
    if rma and rma[0]["args"].get("resolution") == "refund" and REFUND_FACT[0] not in facts \
            and not re.search(r"refund|exchange|replace|money back|new one", said):
        last = list(facts.items())[-1]
        old = f"        {_json_line(last[0])}: {_json_line(last[1])}\n      }}"
        new = (f"        {_json_line(last[0])}: {_json_line(last[1])},\n"
               f"        {_json_line(REFUND_FACT[0])}: {_json_line(REFUND_FACT[1])}\n      }}")
        assert old in text, task["id"]
        text = text.replace(old, new, 1)
    for line in task.get("user_behavior", []):
        if line in ACCEPT_REFUND:
            text = _drop_behaviour(text, line, task)
            for decision in task.get("user_decisions", []):
                if "refund" in decision.get("about", "") and not decision.get("after"):
                    old = _json_line(decision)
                    new = _json_line({**decision, "after": ["$"]})
                    assert old in text, task["id"]
                    text = text.replace(old, new, 1)
        elif line in EXPLANATION:
            text = text.replace(_json_line(line), _json_line(EXPLANATION[line]), 1)
    return text


def _drop_behaviour(text: str, line: str, task: dict) -> str:
    lines = task["user_behavior"]
    encoded = _json_line(line)
    if len(lines) == 1:
        pattern = re.compile(r'"user_behavior": \[\s*' + re.escape(encoded) + r'\s*\]')
        assert pattern.search(text), task["id"]
        return pattern.sub('"user_behavior": []', text, count=1)
    index = lines.index(line)
    if index < len(lines) - 1:
        return text.replace(f"        {encoded},\n", "", 1)
    previous = _json_line(lines[index - 1])
    return text.replace(f"        {previous},\n        {encoded}\n", f"        {previous}\n", 1)


def main() -> None:
    for path in sorted(TASKS.glob("*.json")):
        text = path.read_text()
        data = json.loads(text)
        for task in data["tasks"]:
            start, end = _task_span(text, task["id"])
            text = text[:start] + edit_task(text[start:end], task) + text[end:]
        json.loads(text)  # still valid JSON
        path.write_text(text)


if __name__ == "__main__":
    main()
