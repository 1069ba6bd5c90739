"""Simulated users. The scripted user is deterministic, for offline runs and tests."""
from __future__ import annotations

import re
from typing import Any, Protocol

IDK = "I don't know."
THANKS = "Thanks, that solves it."
_ASKING = ("?", "please provide", "please share", "please send", "please confirm", "let me know",
           "could you", "can you", "would you", "do you")
_WORD = re.compile(r"[a-z0-9]+")
_STOP = {"the", "a", "an", "of", "my", "your", "for", "to", "and", "or", "on", "in", "is"}


class User(Protocol):
    name: str

    async def reply(self, visible: list[dict[str, str]]) -> str:
        """`visible` holds only user-facing messages: {"role": "user"|"assistant", "content"}."""
        ...


class ScriptedUser:
    """Answers from the task's user facts, by matching each fact's label against the
    assistant's last message: every word of the label must appear in it.

    - facts whose labels are mentioned: "label: value" for each;
    - a question or request that matches no fact: "I don't know.";
    - no question at all: "Thanks, that solves it."
    """

    name = "scripted"

    def __init__(self, task: Any):
        self._facts = [(label, value, self._words(label)) for label, value in task.user_facts.items()]

    @staticmethod
    def _words(text: str) -> set[str]:
        return {w for w in _WORD.findall(text.lower()) if w not in _STOP}

    async def reply(self, visible: list[dict[str, str]]) -> str:
        last = next((m["content"] for m in reversed(visible) if m["role"] == "assistant"), "")
        text = last.lower()
        words = self._words(text)
        answers = [f"{label}: {value}" for label, value, need in self._facts if need and need <= words]
        if answers:
            return "; ".join(answers)
        if any(marker in text for marker in _ASKING):
            return IDK
        return THANKS
