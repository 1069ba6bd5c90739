"""One task run through inspect with replayed actions: inspect's mock model plays them back,
the rest (tools, simulated user, checks) is the real thing. For comparing frameworks on the
same actions, and for tests."""
from __future__ import annotations

import tempfile
from typing import Any

from inspect_ai import eval as inspect_eval
from inspect_ai.model import ModelOutput, get_model

from thinkingbox.trials import DONE_MARKER, reference_actions

MOCK = "mockllm/model"
__all__ = ["MOCK", "mock_outputs", "reference_actions", "run_actions"]  # reference_actions is thinkingbox.trials's


def mock_outputs(actions: list[dict[str, Any]]) -> list[ModelOutput]:
    """The mock model's turns, one per action in the form `thinkingbox.trials.reference_actions`
    gives: `{"tool": NAME, "arguments": {...}}` a tool call (with `"message"`: text said
    alongside it), `{"message": TEXT}` a message to the customer. The last message without a
    tool call gets the done marker if it lacks one."""
    outputs = []
    for i, action in enumerate(actions):
        if "tool" in action:
            outputs.append(ModelOutput.for_tool_call(MOCK, action["tool"], dict(action.get("arguments") or {}),
                                                     tool_call_id=f"replay-{i + 1}",
                                                     content=action.get("message", "")))
        else:
            text = action["message"]
            if i == len(actions) - 1 and DONE_MARKER not in text:
                text = f"{text} {DONE_MARKER}"
            outputs.append(ModelOutput.from_content(MOCK, text))
    return outputs


def run_actions(domain: str, task_id: str, actions: list[dict[str, Any]], user: str = "scripted",
                judge: str = "rules", log_dir: str | None = None) -> tuple[bool, list[dict[str, Any]]]:
    """Run one task as an inspect eval whose model replays `actions` (in the form of
    `thinkingbox.trials.reference_actions`, see mock_outputs); -> (Thinkingbox's verdict, its
    checks as records hold them).

    Once the actions are spent the mock model says it is done. Logs go to `log_dir` (a
    temporary folder, removed afterwards, by default). Synchronous: call it outside an
    event loop, as inspect's `eval` must be.
    """
    from thinkingbox_inspect.tasks import thinkingbox

    outputs = mock_outputs(actions)

    def next_output(*_: Any) -> ModelOutput:
        return outputs.pop(0) if outputs else ModelOutput.from_content(MOCK, f"That is all. {DONE_MARKER}")

    model = get_model(MOCK, custom_outputs=next_output, memoize=False)
    with tempfile.TemporaryDirectory(prefix="tb-inspect-") as tmp:
        (log,) = inspect_eval(thinkingbox(domain=domain, tasks=[task_id], user=user, judge=judge), model=model,
                              log_dir=log_dir or tmp, display="none", score_display=False)
        if log.status != "success" or not log.samples:  # (samples are read from the log: inside the folder's life)
            raise RuntimeError(f"the inspect eval of {domain}/{task_id} ended with status {log.status}: {log.error}")
        (sample,) = log.samples
    (score,) = sample.scores.values()
    return score.value == "C", score.metadata["checks"]
