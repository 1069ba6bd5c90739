"""One-off edits of the booking task files for issue 28 (the simulated customer); re-running
it changes nothing. The files are written by format_tasks.py's layout.

    python plugins/booking/scripts/user_side_fixes.py

Unconditional "Accept ..." lines told the customer the outcome ("Accept that the hotel will be
contacted", "Accept the refund offered"); they go, and the decision they stood for gets its
condition: a refund is agreed once its amount is stated, a hotel request once the assistant
says the hotel will be asked, an upgrade that waits for approval once the approval is named.
Lines whose decision already waits for the cost simply go.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TASKS = HERE.parent / "src" / "thinkingbox_booking" / "tasks"
sys.path.insert(0, str(HERE))
from format_tasks import dump_file  # noqa: E402

UNCONDITIONAL = re.compile(r"^\s*Accept\b")
CONDITIONAL = re.compile(r"\b(?:once|if|when|after|until)\b", re.IGNORECASE)
REPLACE = {"Accept that the dog cannot come and do not ask to cancel or change the booking.":
           "Do not ask to cancel or change the booking."}


def condition_for(decision: dict, line: str) -> list[str] | None:
    """The `after` a decision gets from the Accept line it replaces (None: leave it)."""
    if decision.get("after"):
        return None
    about = decision.get("about", "")
    if "refund" in about or "refund" in line.lower():
        return ["$"]
    if "hotel" in about or "hotel" in line.lower():
        return ["hotel"]
    if "approv" in about or "approv" in line.lower():
        return ["approval", "approve", "approved"]
    return None


def fix(task: dict) -> bool:
    changed = False
    kept = []
    for line in task.get("user_behavior", []):
        if line in REPLACE:
            kept.append(REPLACE[line])
            changed = True
        elif UNCONDITIONAL.match(line) and not CONDITIONAL.search(line) and task.get("user_decisions"):
            for decision in task["user_decisions"]:
                after = condition_for(decision, line)
                if after is not None and decision.get("answer") == "yes":
                    decision["after"] = after
            changed = True
        else:
            kept.append(line)
    if changed:
        task["user_behavior"] = kept
    return changed


def main() -> None:
    for path in sorted(TASKS.glob("*.json")):
        data = json.loads(path.read_text())
        if any([fix(task) for task in data["tasks"]]):
            text = dump_file(data)
            assert json.loads(text) == data
            path.write_text(text)


if __name__ == "__main__":
    main()
