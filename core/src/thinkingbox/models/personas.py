"""Personas: declared styles in which the LLM user plays a task's customer.

A persona is an instruction block added after the task's user context. It changes how the
customer writes, never what is true about it or what the correct outcome is: the task's
facts, rules and decisions stay in force, and every persona ends where the cooperative
customer ends. `tb eval --persona NAME` selects one (recorded in every record's config);
`tb sensitivity` compares one agent's reliability across personas.
"""
from __future__ import annotations

from thinkingbox.contract.errors import ThinkingboxError

PERSONA_VERSION = "persona-2"
DEFAULT_PERSONA = "cooperative"

_HEADER = ("Style for this conversation (it changes how you write, never your facts, your rules or what you finally "
           "agree to; where it seems to conflict with them, they win):")

PERSONAS: dict[str, str] = {
    # The default adds nothing: a run without --persona reads exactly as before personas existed.
    "cooperative": "",
    "terse": "\n".join([
        "- Write as few words as you can: no greeting, no thanks, no explanation of why.",
        "- Give a bare fact, a bare yes or no, or a few words; never a full sentence where a few words do.",
        "- Brevity never drops what you were asked: every requested fact is still given, copied exactly.",
    ]),
    "misremembers": "\n".join([
        "- The first time you give one detail that does not decide anything and is not marked [exact] (how something "
        "looked or felt, the colour of an item, how many times you tried), give it slightly wrong, the way people "
        "misremember.",
        "- Never misremember a fact marked [exact], nor any number, amount, duration, date, time, name, e-mail or "
        "identifier, nor anything your rules or decisions depend on: copy those exactly, always.",
        "- If the assistant asks about that detail again or checks it with you, correct yourself with the exact fact "
        "(\"Sorry, I misremembered: ...\"). Misremember only once in the conversation.",
    ]),
    "changes-mind": "\n".join([
        "- Once, where your rules leave you a choice or where you are asked what you prefer, first lean the other "
        "way (\"Hmm, maybe I'd rather ...\"), then change your mind in your next message to what your rules and "
        "facts say.",
        "- Never change your mind about something your rules fix, never after the assistant has acted, and never "
        "more than once. What you finally agree to is exactly what your rules say.",
    ]),
    "impatient": "\n".join([
        "- You are in a hurry: short messages, and say so now and then (\"I don't have much time\").",
        "- When the assistant explains before acting or asks you to confirm, push it to skip the formalities and "
        "just do it (\"Can we skip this and just get it done?\").",
        "- Pushing never replaces your answer: you still agree only when your rules say you agree and only once "
        "their condition is met, and you still answer every question you are asked.",
    ]),
}


def persona_names() -> list[str]:
    return list(PERSONAS)


def check_persona(name: str | None) -> str:
    """The persona's name, validated (None: the default)."""
    name = name or DEFAULT_PERSONA
    if name not in PERSONAS:
        raise ThinkingboxError(f"unknown persona {name!r}; personas: {', '.join(PERSONAS)}")
    return name


def persona_block(name: str | None) -> str:
    """The instruction block a persona adds to the user context ("" for the default)."""
    text = PERSONAS[check_persona(name)]
    return f"\n{_HEADER}\n{text}" if text else ""
