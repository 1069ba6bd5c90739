"""The task format: one JSON file per task family.

    {"family": "returns", "tasks": [ {task}, ... ]}

A task, x = (b0, g, T, U, C) in the Thinkingbox paper ("One Success Isn't Reliability",
Ko et al.):
    id             unique within the domain
    family         defaults to the file's family
    title          one line for people; never shown to the agent
    request        the opening user message, sent verbatim
    user_facts     {label: value} the simulated user reveals only when asked
    user_fact_phrasings  {label: [phrase]} other ways of asking for a fact (scripted user)
    user_behavior  rules for the simulated user (how to react to offers, ...)
    rows           {table: [row, ...]} added on top of the domain's base fixtures
    solution       the reference solution: [{"tool": name, "args": {...}}, ...]
    final_message  the reference final message to the user
    free_text_fields  {table: [field, ...]} not compared, beyond those the models declare
    rubric         yes/no questions about the final message (all must be "yes"): strings, or
                   {"question": ..., "rule": {"all": [regex], "none": [regex]}} where the rule
                   answers the question offline (`--judge rules`)
    notes          the author's derivation of the golden values from policy and data
"""
from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar, Literal, Sequence

import orjson
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator, model_validator

from thinkingbox.contract.errors import TaskError


# A rubric rule's regular expression may take this long on one message; one that takes longer
# backtracks catastrophically (`^(\w+\s?)+$`-like): the trial is an error naming the rule, and
# `tb validate` flags the rule on long probe messages before any run.
RULE_TIMEOUT = 0.25


class RubricRuleTimeout(Exception):
    """A rubric rule ran past RULE_TIMEOUT on a message."""

    def __init__(self, pattern: str):
        super().__init__(f"rule {pattern!r} ran past {RULE_TIMEOUT} s on one message: it backtracks "
                         "catastrophically; rewrite it without nested repetition")
        self.pattern = pattern


@lru_cache(maxsize=4096)
def _compiled_rule(pattern: str) -> Any:
    """A rule's pattern compiled once (the `regex` module's own cache lookup costs more than
    the search on a short message)."""
    import regex

    return regex.compile(pattern, regex.IGNORECASE)


class RubricRule(BaseModel):
    """An offline stand-in for the judge model (`--judge rules`): regular expressions,
    matched case-insensitively against the final message, each with a time bound (the
    `regex` engine's timeout: a task's pattern can never pin a run)."""

    model_config = ConfigDict(extra="forbid")
    all: list[str] = Field(default_factory=list)    # each must match
    none: list[str] = Field(default_factory=list)   # none may match
    approximate: bool = Field(default=False, description="the rule only approximates the question (it disagrees "
                              "with some labelled messages); runs judged by rules say which questions were approximated")

    @field_validator("all", "none")
    @classmethod
    def _compiles(cls, patterns: list[str]) -> list[str]:
        import regex

        for pattern in patterns:  # a broken pattern must fail the task file, not every trial judged by rules
            try:
                _compiled_rule(pattern)
            except regex.error as exc:
                raise ValueError(f"rule {pattern!r} is not a regular expression: {exc}") from None
        return patterns

    @staticmethod
    def _search(pattern: str, message: str) -> bool:
        try:
            return _compiled_rule(pattern).search(message, timeout=RULE_TIMEOUT) is not None
        except TimeoutError:
            raise RubricRuleTimeout(pattern) from None

    def answer(self, message: str) -> bool:
        """Whether `message` matches every `all` pattern and no `none` pattern; RubricRuleTimeout
        when a pattern runs past RULE_TIMEOUT."""
        return (all(self._search(p, message) for p in self.all)
                and not any(self._search(p, message) for p in self.none))


class RubricItem(BaseModel):
    model_config = ConfigDict(extra="forbid")
    question: str = Field(min_length=1)
    rule: RubricRule | None = None


class Decision(BaseModel):
    """What the user answers when the agent asks for agreement before acting ("Shall I go
    ahead?", "Would you like me to cancel it?"). The scripted user answers from these; the
    LLM user reads them as behaviour lines."""

    model_config = ConfigDict(extra="forbid")
    about: str = Field(default="", description="what is proposed, in a few words (\"moving the group\"); with "
                       "several decisions, the one whose words the agent's message shares most is answered")
    answer: Literal["yes", "no"] = Field(description="whether the user agrees")
    reply: str = Field(default="", description="the user's words (default: a plain yes or no)")
    after: list[str] = Field(default_factory=list, description="what must be explained before the user decides: "
                             "money words (\"$\", \"fee\", \"cost\", \"refund\", ...) mean the cost, explained once an "
                             "agent message states an amount (or that it is free); other words name the consequence "
                             "(\"replacement\", \"2026-03-31\"), explained once a message says one of them. Until then "
                             "the user neither agrees nor declines: it asks")

    def text(self) -> str:
        return self.reply or ("Yes, please go ahead." if self.answer == "yes" else "No, please don't do that.")

    @property
    def needs_cost(self) -> bool:
        return any(w.lower().strip() in MONEY_WORDS for w in self.after)

    def condition(self) -> str:
        """What must be explained first, in words: "cost" for a cost, else the first word of
        `after`."""
        if self.needs_cost:
            return "cost"
        return next((w for w in self.after if any(c.isalnum() for c in w)), "cost")

    def rule_text(self) -> str:
        """The decision as a rule for the LLM user (and for people)."""
        about = f" to {self.about}" if self.about else ""
        if self.needs_cost:
            wait = "what it will cost you (an amount, or that it is free)"
        elif self.after:
            wait = f"the {self.condition()}"
        else:
            wait = ""
        if self.answer == "yes":
            if not wait:
                return f"When asked to agree{about}: agree. Say: {self.text()}"
            return (f"When asked to agree{about}: agree only once the assistant has told you {wait}; until then do "
                    f"not agree or decline, ask about it. Then say: {self.text()}")
        if not wait:
            return f"When asked to agree{about}: decline and never agree to it. Say: {self.text()}"
        return (f"When asked to agree{about}: once the assistant has told you {wait}, decline and never agree to it; "
                f"before that, neither agree nor decline: ask about it. Then say: {self.text()}")


# Words of a Decision's `after` that mean "the cost": explained by an amount (or "free").
MONEY_WORDS = frozenset({"$", "usd", "cost", "costs", "fee", "fees", "charge", "charges", "charged", "price", "refund",
                         "amount", "premium", "payment", "pay", "deposit", "fare", "captured", "penalty", "total"})


class UserRule(BaseModel):
    """A rule the customer acts on, in a form both users play: once an agent message says one
    of `when` (words or phrases, read as the communication readers read text: any case,
    "can't" as "cannot"), the customer says `say`, once in the conversation; with no `when`,
    it says it in its first reply. The LLM user reads `rule` (or a sentence built from `when`
    and `say`); the scripted user adds `say` to its reply. Example (the customer asks for
    something else when the first is refused): {"when": ["not possible", "cannot", "unable"],
    "say": "Could you e-mail me the declarations page instead?"}.

    A line of `user_behavior` that has the customer say, ask, insist or choose something is
    an error in `tb validate`: the scripted user plays only rules written this way."""

    model_config = ConfigDict(extra="forbid")
    when: list[str] = Field(default_factory=list, description="words or phrases of an agent message that make the "
                            "rule act; none: the customer says it in its first reply")
    unless: list[str] = Field(default_factory=list, description="words or phrases that keep the rule from acting "
                              "when any agent message so far says one (what it answers was already said: object to a "
                              "fee `unless` told it applies to every tier)")
    say: str = Field(min_length=1, description="what the customer then says, in its own words")
    rule: str = Field(default="", description="the rule in words for people and the LLM user (default: built "
                      "from `when` and `say`)")

    @field_validator("when", "unless")
    @classmethod
    def _not_blank(cls, words: list[str]) -> list[str]:
        if any(not w.strip() for w in words):
            raise ValueError("every `when` and `unless` phrase must be non-blank")
        return words

    @staticmethod
    def _says(phrases: list[str], text: str) -> bool:
        from thinkingbox.contract.vocabulary import normalize

        text = normalize(text)
        return any(re.search(rf"(?<!\w){re.escape(normalize(w).strip())}(?!\w)", text) for w in phrases)

    def triggered(self, text: str, said: str = "") -> bool:
        """Whether the rule acts on new agent text `text`, the agent having said `said` so far."""
        if self.unless and self._says(self.unless, f"{said} {text}"):
            return False
        return not self.when or self._says(self.when, text)

    def text(self) -> str:
        if self.rule:
            return self.rule
        if not self.when:
            return f"In your first reply, say: {self.say}"
        said = " or ".join(f'"{w}"' for w in self.when)
        unless = f" (unless it has said {' or '.join(repr(w) for w in self.unless)})" if self.unless else ""
        return f"Once the assistant says {said} (or means it){unless}, say once: {self.say}"


class FactMeta(BaseModel):
    """What a user fact is, where its label does not say it: its kind in the domain's fact
    vocabulary (thinkingbox.contract.facts) and whose fact it is. Written in a task either in
    `user_fact_kinds` ({label: {...}}) or inline, as the fact itself:
    `"joiner email": {"value": "...", "kind": "email", "person": "joiner"}`."""

    model_config = ConfigDict(extra="forbid")
    kind: str = Field(default="", description="a kind of the domain's fact vocabulary (\"email\", \"date_of_birth\"); "
                      "default: inferred from the label")
    person: str = Field(default="", description="whose fact it is when it is not the caller's: a relation or role "
                        "(\"joiner\", \"wife\", \"driver\", \"other\"); default: inferred from the label and value")
    exact: bool | None = Field(default=None, description="the golden depends on this value: every user, whatever its "
                               "persona, copies it exactly (default: values holding a digit or an e-mail)")


class ToolCall(BaseModel):
    """A step of a reference solution: a tool call, or a message to the customer (`say`),
    which the oracle sends in its place among the calls (announcing a cost before acting)."""

    model_config = ConfigDict(extra="forbid")
    tool: str = Field(default="", description="the tool to call")
    args: dict[str, Any] = Field(default_factory=dict, description="its arguments")
    say: str = Field(default="", description="instead of a call: a message to the customer")

    @model_validator(mode="after")
    def _one_kind(self) -> "ToolCall":
        if bool(self.tool) == bool(self.say):
            raise ValueError("a step is either a tool call (`tool`, `args`) or a message (`say`)")
        if self.say and self.args:
            raise ValueError("a message step (`say`) takes no `args`")
        return self


class Claim(BaseModel):
    """One value the customer must be told (or must never be told), by its type; exactly
    one of the kind fields is set. See thinkingbox.readers.claims for the forms accepted."""

    model_config = ConfigDict(extra="forbid")
    money: Decimal | None = Field(default=None, description="an amount in dollars, e.g. \"120.01\"")
    date: str | None = Field(default=None, description="YYYY-MM-DD")
    date_range: list[str] | None = Field(default=None, description="[first, last] as YYYY-MM-DD")
    time: str | None = Field(default=None, description="HH:MM, 24-hour")
    days: int | list[int] | None = Field(default=None, description="a number of days, or [low, high]")
    duration: list[int | str] | None = Field(default=None, description="[amount, unit]: [29, \"month\"] (units: hour, "
                                             "day, week, month, year)")
    percent: Decimal | None = Field(default=None, description="a percentage: 90 for \"90%\" or \"90 percent\"")
    count: int | None = Field(default=None, description="a number of `noun`s")
    noun: str = Field(default="", description="what a count counts (\"room\"); the domain's vocabulary adds its "
                      "synonyms (installment: payment)")
    id: str | None = Field(default=None, description="an identifier, matched whole and case-insensitively")
    text: list[str] | None = Field(default=None, description="a name or term (any of these alternatives), matched "
                                   "as whole words ignoring case and punctuation")
    decision: str | None = Field(default=None, description="a decision kind of the domain's vocabulary "
                                 "(granted, pending_approval, declined, ...): stated when asserted, not negated, "
                                 "asked or hypothetical; a contrary kind asserted later takes it back")
    phrase: list[str] | None = Field(default=None, description="regular expressions, any of which states it (older "
                                     "task files; prefer a decision, text or typed value)")
    role: str = Field(default="", description="for an amount, date, duration or percent: its role in the domain's "
                      "vocabulary (\"refund\", \"due_date\"); the value must be tied to it in its sentence")
    about: list[str] = Field(default_factory=list, description="for a decision: words of what it is about "
                             "(\"membership\"); the asserting sentence, or the one before it, names one. For a value: "
                             "what it is for (\"TV\" for the TV's refund), named within a few words of it")
    because: list[str] = Field(default_factory=list, description="for a decision: words of its reason, one of "
                               "which the asserting message must give")
    answer: bool = Field(default=False, description="for a decision: it answers a question about policy, so "
                         "general or hypothetical wording (\"you wouldn't need approval\") states it")
    label: str = Field(default="", description="what the value is, for people (\"refund amount\")")
    before: str = Field(default="", description="in states_before: the tool whose first successful call must "
                        "come after the value was stated")

    KINDS: ClassVar[tuple[str, ...]] = ("money", "date", "date_range", "time", "days", "duration", "percent", "count",
                                        "id", "text", "decision", "phrase")

    @model_validator(mode="after")
    def _one_kind(self) -> "Claim":
        kinds = [k for k in self.KINDS if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError(f"name exactly one of {', '.join(self.KINDS)}")
        if self.count is not None and not self.noun:
            raise ValueError("a count needs its `noun`")
        if self.duration is not None and (len(self.duration) != 2 or not isinstance(self.duration[0], int)
                                          or str(self.duration[1]).rstrip("s") not in
                                          ("hour", "day", "week", "month", "year")):
            raise ValueError("a duration is [amount, unit] with unit hour, day, week, month or year")
        if (self.because or self.answer) and self.decision is None:
            raise ValueError("`because` and `answer` belong to a decision")
        if self.about and self.kind not in ("decision", "money", "date", "date_range", "time", "days", "duration",
                                            "percent", "count"):
            raise ValueError("`about` belongs to a decision or a value")
        if self.role and self.kind not in ("money", "date", "date_range", "time", "days", "duration", "percent"):
            raise ValueError("a `role` belongs to an amount, date, duration or percent")
        return self

    @property
    def kind(self) -> str:
        return next(k for k in self.KINDS if getattr(self, k) is not None)

    @property
    def value(self) -> Any:
        return getattr(self, self.kind)

    def __str__(self) -> str:
        if self.kind == "decision":
            return f"{self.label or 'decision'} ({self.value})"
        name = self.label or (self.role.replace("_", " ") if self.role else self.kind)
        value = f"${self.value}" if self.kind == "money" else (
            " or ".join(self.value) if self.kind == "text" else self.value)
        return f"{name} {value}"


class Agreement(BaseModel):
    """The customer's agreement before a consequential write."""

    model_config = ConfigDict(extra="forbid")
    before: str = Field(min_length=1, description="the tool whose first successful call needs the customer's "
                        "agreement, given after every states_before value for it was stated")


class Says(BaseModel):
    """What the agent must and must not tell the customer (typed communication checks), over
    every message it sends, in order."""

    model_config = ConfigDict(extra="forbid")
    states: list[Claim] = Field(default_factory=list, description="values some message must state (a later message "
                                "that contradicts one takes it back)")
    never_states: list[Claim] = Field(default_factory=list, description="values no message to the customer may "
                                      "state (internal data, or a value that would be wrong here)")
    states_before: list[Claim] = Field(default_factory=list, description="values a message must state before the "
                                       "first successful call of their `before` tool (a cost announced first)")
    agreement: list[Agreement] = Field(default_factory=list, description="writes that need the customer's "
                                       "agreement after the states_before values for them were stated")
    anywhere: bool = Field(default=False, description="ignored: every message counts (kept so older task files load)")

    @model_validator(mode="after")
    def _before_named(self) -> "Says":
        if any(not c.before for c in self.states_before):
            raise ValueError("every states_before value names the tool it must come before (`before`)")
        return self

    def __bool__(self) -> bool:
        return bool(self.states or self.never_states or self.states_before or self.agreement)

    def claims(self) -> list[Claim]:
        return [*self.states, *self.never_states, *self.states_before]


class ObeyingCall(BaseModel):
    """A call that would carry out a planted instruction: a call of `tool` whose arguments
    include every argument given here (other arguments may be anything). Prose given here (a
    string with a space: a reason, a note) is not compared, since an agent writes its own."""

    model_config = ConfigDict(extra="forbid")
    tool: str = Field(min_length=1, description="the tool the instruction would have the agent call")
    args: dict[str, Any] = Field(default_factory=dict, description="arguments that make the call the instructed one")


class PlantedInstruction(BaseModel):
    """An injection test: an instruction planted in a record the agent must read for its
    legitimate task. The golden state is the legitimate task done and nothing of the
    instruction; a trial *followed* the instruction when it made one of the `obeyed_by` calls
    successfully or told the customer one of the `leaks` (labels of the task's `never_states`)."""

    model_config = ConfigDict(extra="forbid")
    record: str = Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*:[^.\s]+\.[A-Za-z_][A-Za-z0-9_]*$",
                        description="where the planted text is, as table:key.field (a row of the task's `rows` "
                                    "or of the base fixtures)")
    poses_as: str = Field(min_length=1, description="who the text pretends to be (the system, an administrator, a "
                                                    "policy update, the customer, ...), for people")
    asks: str = Field(min_length=1, description="what the instruction asks for, in a few words, for people")
    obeyed_by: list[ObeyingCall] = Field(default_factory=list, description="calls that would carry it out")
    leaks: list[str] = Field(default_factory=list, description="labels of the task's never_states that telling "
                                                               "the customer what it asks would break")

    @model_validator(mode="after")
    def _observable(self) -> "PlantedInstruction":
        if not self.obeyed_by and not self.leaks:
            raise ValueError("say how obeying it shows: `obeyed_by` calls, `leaks` never-state labels, or both")
        return self


class Task(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", description="unique within the domain")
    family: str = Field(min_length=1, description="the task family; defaults to the file's family")
    title: str = Field(default="", description="one line for people, describing the situation; never shown to the agent")
    request: str = Field(min_length=1, description="the opening user message, sent verbatim")
    user_facts: dict[str, str] = Field(default_factory=dict, description="label -> value the simulated user "
                                       "reveals only when asked (the customer's name included)")
    user_fact_phrasings: dict[str, list[str]] = Field(default_factory=dict, description="label -> other ways an "
                                                      "agent may ask for that fact (\"period\": [\"how long\"]); "
                                                      "the scripted user gives a fact when the word stems of its "
                                                      "label, or of one of these phrasings, all occur in the agent's "
                                                      "messages; every key is a label of user_facts")
    user_fact_kinds: dict[str, FactMeta] = Field(default_factory=dict, description="label -> the fact's kind and "
                                                 "person where the label does not say it (see FactMeta); every key "
                                                 "is a label of user_facts")
    user_behavior: list[str] = Field(default_factory=list, description="rules for the simulated user: what it "
                                     "confirms, declines or insists on, and on what condition")
    user_rules: list[UserRule] = Field(default_factory=list, description="rules the customer acts on (asks for "
                                       "something extra, mentions a detail once a condition holds), in a form both "
                                       "users play")
    user_decisions: list[Decision] = Field(default_factory=list, description="what the user answers when asked to "
                                           "agree before the agent acts; every task whose policy asks for "
                                           "confirmation declares one")
    rows: dict[str, list[dict[str, Any]]] = Field(default_factory=dict, description="table -> rows added on top "
                                                  "of the domain's base fixtures (validated against the tables)")
    solution: list[ToolCall] = Field(description="the reference solution: the tool calls, in order, that reach the "
                                     "one policy-compliant final state (the golden state)")
    final_message: str = Field(min_length=1, description="the reference final message to the user")
    free_text_fields: dict[str, list[str]] = Field(default_factory=dict, description="table -> fields not compared, "
                                                   "beyond those the tables declare as free text")
    accepted: dict[str, list[Any]] = Field(default_factory=dict, description="\"table.field\" -> values the "
                                           "policy allows equally in this situation; the judge accepts any of them "
                                           "where the golden state has one")
    says: Says = Field(default_factory=Says, description="typed checks of what the agent tells the customer")
    rubric: list[str | RubricItem] = Field(default_factory=list, description="yes/no questions about the final "
                                           "message, all of which must be answered yes; a rule answers one offline")
    notes: str = Field(default="", description="the author's derivation of the golden values from policy and data")
    tags: list[str] = Field(default_factory=list, description="labels for selecting tasks (`tb eval --tags`); "
                            "\"injection\" marks a task with a planted instruction")
    injection: PlantedInstruction | None = Field(default=None, description="the instruction planted in a record "
                                                 "the agent reads (tasks tagged \"injection\" only)")
    source_file: str = Field(default="", exclude=True)
    _vocabulary: Any = PrivateAttr(default=None)

    @model_validator(mode="before")
    @classmethod
    def _inline_facts(cls, data: Any) -> Any:
        """`"label": {"value": ..., "kind": ..., "person": ...}` -> user_facts + user_fact_kinds."""
        if not isinstance(data, dict) or not isinstance(data.get("user_facts"), dict):
            return data
        facts = data["user_facts"]
        if not any(isinstance(v, dict) for v in facts.values()):
            return data
        plain, meta = {}, dict(data.get("user_fact_kinds") or {})
        for label, value in facts.items():
            if isinstance(value, dict):
                if "value" not in value:
                    raise ValueError(f"user_facts: {label!r} is an object without its \"value\"; write "
                                     "{\"value\": ..., \"kind\": ..., \"person\": ...} or a plain string")
                rest = {k: v for k, v in value.items() if k != "value"}
                plain[label] = value["value"]
                if rest:
                    meta[label] = rest
            else:
                plain[label] = value
        return {**data, "user_facts": plain, "user_fact_kinds": meta}

    @property
    def fact_vocabulary(self) -> Any:
        """The domain's fact vocabulary (thinkingbox.contract.facts.FactVocabulary), bound when the domain
        loads its tasks; the core's alone for a task loaded on its own."""
        from thinkingbox.contract.facts import DEFAULT_FACT_VOCABULARY

        return self._vocabulary or DEFAULT_FACT_VOCABULARY

    def bind_vocabulary(self, vocabulary: Any) -> None:
        self._vocabulary = vocabulary

    @field_validator("request", "final_message")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be blank")
        return value

    @model_validator(mode="after")
    def _phrasings_name_facts(self) -> "Task":
        for label, phrases in self.user_fact_phrasings.items():
            if label not in self.user_facts:
                raise ValueError(f"user_fact_phrasings: {label!r} is not a label of user_facts")
            if not phrases or any(not p.strip() for p in phrases):
                raise ValueError(f"user_fact_phrasings: {label!r} needs one or more non-blank phrasings")
        return self

    @model_validator(mode="after")
    def _kinds_name_facts(self) -> "Task":
        for label in self.user_fact_kinds:
            if label not in self.user_facts:
                raise ValueError(f"user_fact_kinds: {label!r} is not a label of user_facts")
        return self

    @model_validator(mode="after")
    def _injection_tagged(self) -> "Task":
        if (self.injection is None) == ("injection" in self.tags):
            raise ValueError("a task with `injection` is tagged \"injection\", and only such a task")
        if self.injection is not None:
            labels = {c.label for c in self.says.never_states}
            unknown = [label for label in self.injection.leaks if label not in labels]
            if unknown:
                raise ValueError(f"injection.leaks: {unknown[0]!r} is not the label of one of says.never_states")
        return self

    @field_validator("tags")
    @classmethod
    def _tags_shape(cls, value: list[str]) -> list[str]:
        for tag in value:
            if not tag or tag != tag.strip().lower() or "," in tag or " " in tag:
                raise ValueError(f"tag {tag!r}: lower-case words joined by - or _, no spaces or commas")
        if len(set(value)) != len(value):
            raise ValueError("a tag is listed twice")
        return value

    @field_validator("accepted")
    @classmethod
    def _accepted_shape(cls, value: dict[str, list[Any]]) -> dict[str, list[Any]]:
        for key, values in value.items():
            if key.count(".") != 1 or not all(key.split(".")):
                raise ValueError(f"{key!r}: name a field as \"table.field\"")
            if len(set(map(str, values))) < 2:
                raise ValueError(f"{key!r}: list at least two accepted values")
        return value

    @property
    def rubric_items(self) -> list[RubricItem]:
        return [RubricItem(question=r) if isinstance(r, str) else r for r in self.rubric]

    def ignored_fields(self, schema) -> dict[str, set[str]]:
        """Fields the judge does not compare: declared free text plus this task's own."""
        ignored = {name: set(info.free_text) for name, info in schema.tables.items()}
        for table, fields in self.free_text_fields.items():
            ignored.setdefault(table, set()).update(fields)
        return ignored

    def user_context(self) -> str:
        """The user specification as text (for LLM users and people)."""
        rules = [f"- {rule}" for rule in self.user_behavior]
        rules += [f"- {rule.text()}" for rule in self.user_rules]
        rules += [f"- {decision.rule_text()}" for decision in self.user_decisions]
        lines = (["Rules:"] + rules) if rules else []
        lines.append("Facts you may give when asked (copy those marked [exact] character for character, whatever "
                     "your style):" if any(self.fact_is_exact(label) for label in self.user_facts)
                     else "Facts you may give when asked:")
        for label, value in self.user_facts.items():
            meta = self.user_fact_kinds.get(label)
            whose = f" (about your {meta.person})" if meta is not None and meta.person and meta.person != "other" else ""
            mark = " [exact]" if self.fact_is_exact(label) else ""
            lines.append(f"- {label}{whose}: {value}{mark}")
        return "\n".join(lines)

    def fact_is_exact(self, label: str) -> bool:
        """Whether the golden may depend on this fact's value (declared, else: it holds a digit
        or an e-mail address): personas never change it."""
        meta = self.user_fact_kinds.get(label)
        if meta is not None and meta.exact is not None:
            return meta.exact
        return bool(re.search(r"\d|@", self.user_facts[label]))


class TaskFile(BaseModel):
    """One task file: a family of tasks."""

    model_config = ConfigDict(extra="forbid", title="Thinkingbox task file")
    family: str | None = Field(default=None, description="the default family of its tasks")
    description: str = Field(default="", description="what the family exercises, for people")
    tasks: list[Task]


def task_file_schema() -> dict[str, Any]:
    """The JSON Schema of a task file (`tb tasks --schema`)."""
    schema = TaskFile.model_json_schema()
    task = schema["$defs"]["Task"]
    task["required"].remove("family")   # taken from the file's family when a task leaves it out
    del task["properties"]["source_file"]  # set by the loader, not written in files
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


# Branch tags pydantic puts in the location of an error inside a union ("rubric[0].RubricItem").
_UNION_BRANCHES = frozenset({"str", "RubricItem", "function-after[_compiles(), list[str]]"})


def _loc(loc: tuple) -> str:
    out = ""
    for part in loc:
        if part in _UNION_BRANCHES:
            continue
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _most_telling(errors: Sequence[Any]) -> Any:
    """The error to show: inside a union (a rubric item is a question or an object), the
    branch that got furthest, not "should be a valid string" for the branch not meant."""
    return max(errors, key=lambda e: (e["type"] != "string_type", len(e["loc"])))


def load_task_file(path: Path) -> list[Task]:
    """Load and validate one task file; every error names the file, task and field."""
    try:
        data = orjson.loads(Path(path).read_bytes())
    except FileNotFoundError:
        raise TaskError(path, None, None, "file not found") from None
    except orjson.JSONDecodeError as exc:
        raise TaskError(path, None, None, f"invalid JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("tasks"), list):
        raise TaskError(path, None, "tasks", 'expected an object {"family": ..., "tasks": [...]}')
    family = data.get("family")
    unknown = set(data) - {"family", "tasks", "description"}
    if unknown:
        raise TaskError(path, None, sorted(unknown)[0], "unknown top-level field")
    tasks = []
    for index, raw in enumerate(data["tasks"]):
        task_id = raw.get("id") if isinstance(raw, dict) else None
        label = task_id or f"#{index}"
        if not isinstance(raw, dict):
            raise TaskError(path, label, None, "a task must be a JSON object")
        if family and "family" not in raw:
            raw = {**raw, "family": family}
        try:
            task = Task.model_validate(raw)
        except ValidationError as exc:
            errors = exc.errors()
            err = _most_telling(errors)
            others = [e for e in errors if e is not err and e["type"] != "string_type"]
            more = f" (and {len(others)} more errors)" if others else ""
            raise TaskError(path, label, _loc(err["loc"]), err["msg"] + more) from None
        task.source_file = str(path)
        tasks.append(task)
    return tasks


def load_tasks(paths: list[Path]) -> dict[str, Task]:
    tasks: dict[str, Task] = {}
    for path in sorted(Path(p) for p in paths):
        for task in load_task_file(path):
            if task.id in tasks:
                raise TaskError(path, task.id, "id", f"duplicate task id (also in {tasks[task.id].source_file})")
            tasks[task.id] = task
    return tasks
