"""Check results in sentences people read, for every surface that shows them (`tb show`,
report.html, the viewer's trial page).

A record's check details are written by the judge for the record; older records carry
phrasings that read badly ("does not state the a replacement is sent (sent) (it is never
stated)", a task's regular expressions as Python reprs with doubled backslashes). `sentence`
rewrites one such text; `explain` gives one entry per check of a record:

    {"name": ..., "status": "passed" | "failed" | "not judged", "summary": ..., "lines": [...]}

An errored trial was not judged (the episode never finished): each of its checks is "not
judged", with the error's first line, never "failed".

`diff_links` ties each row of a trial's field-level diff to the step that wrote it: the
agent's last successful write call whose arguments or result name the row (for a wrong or
extra value), or the reference solution's action that should have written it (for a missing
one). It is a heuristic over what the record holds (the calls, their results, the rows'
keys and values); a row it cannot place gets no link.
"""
from __future__ import annotations

import ast
import re
from typing import Any

import orjson

DIFF_KINDS = {
    "missing": "the reference solution changes this and the agent did not",
    "extra": "the agent changed this and the reference solution does not",
    "wrong": "both changed it, to different values",
}


def first_line(text: Any) -> str:
    lines = [line.strip() for line in str(text or "").splitlines() if line.strip()]
    return lines[0] if lines else "(no error message recorded)"


def errored(record: dict[str, Any]) -> bool:
    return record.get("finish_reason") == "error"


def not_judged(record: dict[str, Any]) -> str:
    return f"not judged: the trial ended in an error: {first_line(record.get('error'))}"


# ---- one problem text -------------------------------------------------------------------------

_LIST = re.compile(r"\[(?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(?:, (?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"))*\]")
_LOOKAROUND = re.compile(r"\(\?<?[=!](?:[^()]|\([^()]*\))*\)")


def pattern_words(pattern: str) -> str:
    """A regular expression as the words it looks for ("\\bfull refund\\b" -> "full refund"):
    lookarounds dropped, groups opened, alternatives joined with "/"."""
    text = _LOOKAROUND.sub("", pattern)
    text = re.sub(r"\\[bBAZ]|\(\?:|\(\?i\)|[()^$]", "", text)
    text = re.sub(r"\\s[*+?]?|\[- \]|\[ -\]|\[-_ \]", " ", text)
    text = re.sub(r"\.\*\??|\.\+\??|\{\d*,?\d*\}|\[[^\]]*\][*+?]?", "…", text)
    text = re.sub(r"(?<=\w)\?", "", text)
    text = re.sub(r"\\(.)", r"\1", text)
    text = text.replace("|", " / ")
    text = re.sub(r"…+", "…", " ".join(text.split()))
    return text.strip(" /") or pattern


def _phrases(match: re.Match[str]) -> str:
    try:
        patterns = ast.literal_eval(match.group(0))
    except (ValueError, SyntaxError):
        return match.group(0)
    words = [f'"{pattern_words(str(p))}"' for p in patterns]
    return "a phrase such as " + " or ".join(words[:3]) + (f" (or {len(words) - 3} more)" if len(words) > 3 else "")


_REASONS = [
    (re.compile(r"^it is never stated$"), "it never said so"),
    (re.compile(r"^it is negated: (.*)$", re.S), r"it said the opposite: \1"),
    (re.compile(r"^a contrary decision \((\w+)\) is stated: (.*)$", re.S), r"it stated a contrary decision (\1): \2"),
    (re.compile(r"^it is stated without its reason$"), "it said so without giving the reason"),
]
_DECISION = re.compile(r"^does not state the (?P<label>.+?) \((?P<kind>[a-z_]+)\)(?P<final> in the final message)?"
                       r"(?: before (?P<tool>\w+))?(?: \((?P<why>.*)\))?$", re.S)
_VALUE = re.compile(r"^does not state the (?P<what>.+?)(?: before (?P<tool>\w+))?(?P<final> in the final message)?"
                    r"(?: \((?P<why>[^()]*)\))?(?:; the agent said (?P<said>.+))?$", re.S)
_NEVER = re.compile(r"^states the (?P<what>.+?), which it must not$", re.S)


def _article(label: str) -> str:
    """'the X' for a noun, X alone where the label brings its own article."""
    own = r"(?i)(the|a|an|another|that|this|these|those|no|any|some|its|his|her|their|your|our)\b"
    return label if re.match(own, label) else f"the {label}"


def _reason(why: str | None) -> str:
    if not why:
        return ""
    for pattern, replacement in _REASONS:
        if pattern.match(why):
            return "; " + pattern.sub(replacement, why)
    return f"; {why}"


def sentence(text: Any) -> str:
    """One check detail or problem, as a sentence a person reads."""
    text = " ".join(str(text).split()) if "\n" not in str(text) else str(text).strip()
    text = _LIST.sub(_phrases, text)
    match = _DECISION.match(text)
    if match and " " not in match["kind"]:
        label = re.sub(r"(?i)^the the\b", "the", match["label"])
        when = (" in the final message" if match["final"] else "") + (
            f" before calling {match['tool']}" if match["tool"] else "")
        return f"expected the agent to say that {label}{when} ({match['kind'].replace('_', ' ')}){_reason(match['why'])}"
    match = _VALUE.match(text)
    if match:
        what = match["what"]
        what = what[len("phrase "):] if what.startswith("phrase a phrase such as") else _article(what)
        when = (" in the final message" if match["final"] else "") + (
            f" before {match['tool']} was called" if match["tool"] else "")
        said = f"; the agent said {match['said']}" if match["said"] else ""
        return f"expected {what} to be stated{when}{_reason(match['why'])}{said}"
    match = _NEVER.match(text)
    if match:
        return f"the agent told the customer {_article(match['what'])}, which it must not"
    if text.startswith("tells the customer internal data: "):
        return "the agent told the customer internal data: " + text[len("tells the customer internal data: "):]
    return re.sub(r"(?i)\bthe (the|a|an)\b", r"\1", text)


# ---- one check ---------------------------------------------------------------------------------

def _value(value: Any) -> str:
    if isinstance(value, str):
        return value
    return orjson.dumps(value, default=str).decode()


def diff_sentence(d: dict[str, Any]) -> str:
    """One row of the field-level diff in words."""
    row = f"{d['table']} {d['key']}"
    if d.get("field") is None:
        if d["kind"] == "missing":
            return f"missing: the row {row} should exist; the agent did not create it"
        if d["kind"] == "extra":
            return f"extra: the agent created {row}, which the reference solution does not"
        return f"{d['kind']}: {row}"
    where = f"{row}, field {d['field']}"
    if d["kind"] == "missing":
        return f"missing: {where} should be {_value(d['expected'])}; it was left at {_value(d['actual'])}"
    if d["kind"] == "extra":
        return f"extra: the agent set {where} to {_value(d['actual'])}; it should have stayed {_value(d['expected'])}"
    return f"wrong value: {where} is {_value(d['actual'])}; expected {_value(d['expected'])}"


def explain(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Each check of a record in words (see the module's docstring)."""
    out = []
    for check in record.get("checks") or []:
        name = check.get("name", "")
        if errored(record):
            out.append({"name": name, "status": "not judged", "summary": not_judged(record), "lines": []})
            continue
        lines: list[str] = []
        data = check.get("data")
        if name == "golden_state" and isinstance(data, list):
            lines = [diff_sentence(d) for d in data if isinstance(d, dict) and "kind" in d]
            summary = ("the final state matches the golden state" if check.get("passed")
                       else "the final state differs from the golden state: " + sentence(check.get("detail", "")))
        elif isinstance(data, list) and data and all(isinstance(a, dict) and "question" in a for a in data):
            for answer in data:
                if answer.get("answer") != "yes":
                    said = "" if answer.get("parsed", True) else f" (reply not understood: {answer.get('raw', '')})"
                    lines.append(f"asked \u201c{answer['question']}\u201d: answered {answer.get('answer')}{said}")
            summary = "every rubric question answered yes" if check.get("passed") else \
                f"{len(lines)} rubric question(s) not answered yes"
            if any(a.get("answer") == "not judged" for a in data):
                summary += " (some not judged by the offline rules)"
            elif str(check.get("detail", "")).endswith("(rules)"):
                summary += " (by the offline rules)"  # (which judge answered is worth keeping)
        elif isinstance(data, list) and data and all(isinstance(p, str) for p in data):
            lines = [sentence(p) for p in data]
            if "; ".join(data) == check.get("detail"):   # the detail is the problems joined: say how many
                summary = "1 problem" if len(lines) == 1 else f"{len(lines)} problems"
            else:
                summary = sentence(check.get("detail", ""))
        else:
            summary = sentence(check.get("detail", ""))
        out.append({"name": name, "status": "passed" if check.get("passed") else "failed", "summary": summary,
                    "lines": lines})
    return out


# ---- steps, and which step wrote each diff row -------------------------------------------------

def steps(trajectory: list[dict[str, Any]]) -> list[tuple[int, int, int | None]]:
    """The numbered steps of a trajectory as the pages show them: (number, event index, call
    index) for each user message, agent message, tool call and tool result, in order."""
    out: list[tuple[int, int, int | None]] = []
    for i, event in enumerate(trajectory):
        if event.get("role") == "assistant":
            if event.get("content"):
                out.append((len(out) + 1, i, None))
            for j, _ in enumerate(event.get("tool_calls") or []):
                out.append((len(out) + 1, i, j))
        else:
            out.append((len(out) + 1, i, None))
    return out


def _text(value: Any) -> str:
    return value if isinstance(value, str) else orjson.dumps(value, default=str).decode()


def _mentions(text: str, value: Any) -> bool:
    if value is None or isinstance(value, bool):
        return False
    needle = _text(value).strip('"')
    return len(needle) >= 2 and needle in text


def _score(d: dict[str, Any], tool: str, text: str, value: Any) -> int:
    score = 0
    if not str(d["key"]).startswith("<new") and _mentions(text, d["key"]):
        score += 4
    if d.get("field") is not None and _mentions(text, value):
        score += 2
    if d.get("field") is None and isinstance(value, dict):
        score += sum(1 for k, v in value.items() if k != "id" and isinstance(v, str) and len(v) >= 4 and v in text)
    singular = d["table"][:-1] if d["table"].endswith("s") else d["table"]
    if singular and singular in tool:
        score += 1
    return score


def diff_links(record: dict[str, Any], solution: list[dict[str, Any]] | None = None) -> list[dict[str, Any] | None]:
    """For each diff row of `record`: {"step": N, "tool": name} (the agent's call that wrote it),
    {"reference": i, "tool": name} (the reference action that should have), or None."""
    trajectory = record.get("trajectory") or []
    results = {e.get("tool_call_id"): e for e in trajectory if e.get("role") == "tool"}
    writes = []   # (step number, tool, text of arguments and result)
    for number, i, j in steps(trajectory):
        if j is None:
            continue
        call = trajectory[i]["tool_calls"][j]
        result = results.get(call.get("id")) or {}
        if result.get("is_error") and not result.get("applied"):
            continue
        if result and result.get("write") is False:
            continue
        writes.append((number, call.get("name", ""), _text(call.get("arguments")) + " " + str(result.get("content", ""))))
    actions = [(i, a.get("tool", ""), _text(a.get("args") or {})) for i, a in enumerate(solution or []) if a.get("tool")]
    links: list[dict[str, Any] | None] = []
    for d in record.get("diff") or []:
        link = None
        if d["kind"] in ("wrong", "extra"):
            best = max(((_score(d, tool, text, d.get("actual")), number, tool) for number, tool, text in writes),
                       default=(0, 0, ""))
            if best[0] > 0:
                link = {"step": best[1], "tool": best[2]}
        if link is None and d["kind"] in ("missing", "wrong"):
            best_ref = max(((_score(d, tool, text, d.get("expected")), -i, tool) for i, tool, text in actions),
                           default=(0, 0, ""))
            if best_ref[0] > 0:
                link = {"reference": -best_ref[1], "tool": best_ref[2]}
        links.append(link)
    return links
