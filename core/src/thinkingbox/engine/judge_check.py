"""`tb judge-check`: how often a judge of communication claims agrees with careful human
labels, on each domain's labelled corpus of whole conversations.

A domain ships its corpus in its package, `corpus/*.json`:

    {"domain": "shop", "kind": "value", "items": [
      {"id": "shop-value-001", "says": {...a task's says...},
       "conversation": [{"user": "..."}, {"agent": "..."}, {"call": "create_rma"},
                        {"call": "get_order", "error": true}],
       "expected": true, "why": "what makes it right or wrong"}]}

`expected` says whether the conversation satisfies every claim of `says`. The judge is
"rules" (the deterministic readers, with the domain's vocabulary) or a model configuration.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from thinkingbox.contract.errors import ThinkingboxError


@dataclass
class CorpusItem:
    domain: str
    kind: str
    id: str
    says: Any
    trajectory: list[dict[str, Any]]
    expected: bool
    why: str = ""
    source: str = ""


@dataclass
class Outcome:
    item: CorpusItem
    verdict: bool | None          # None: the judge failed
    problems: list[str] = field(default_factory=list)
    error: str = ""

    @property
    def agrees(self) -> bool:
        return self.verdict is not None and self.verdict == self.item.expected


def trajectory_of(conversation: list[dict[str, Any]], where: str) -> list[dict[str, Any]]:
    """A corpus conversation as a trial's trajectory (the first customer message is the
    opening request)."""
    from thinkingbox.engine.events import TrajectoryEvent

    out: list[dict[str, Any]] = []
    for n, turn in enumerate(conversation):
        if "user" in turn:
            out.append(TrajectoryEvent.user_reply(str(turn["user"]), source=None))
        elif "agent" in turn:
            out.append(TrajectoryEvent.assistant(str(turn["agent"])))
        elif "call" in turn:
            call_id = f"c{n}"
            out.append(TrajectoryEvent.tool_call(call_id, turn["call"], turn.get("args", {})))
            out.append(TrajectoryEvent.tool_result(call_id, turn["call"], str(turn.get("result", "")),
                                                   bool(turn.get("error"))))
        else:
            raise ThinkingboxError(f"{where}: conversation[{n}] is none of user, agent, call")
    if not out or out[0]["role"] != "user":
        out.insert(0, TrajectoryEvent.user_reply("", source=None))
    return out


def load_corpus(path: Path, domain: str) -> list[CorpusItem]:
    from pydantic import ValidationError

    from thinkingbox.contract.tasks import Says

    try:
        data = orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError) as exc:
        raise ThinkingboxError(f"{path}: not a readable corpus file: {exc}") from None
    kind = data.get("kind") or path.stem
    items = []
    for i, raw in enumerate(data.get("items", [])):
        where = f"{path}: items[{i}] ({raw.get('id', '?')})"
        try:
            says = Says.model_validate(raw["says"])
        except (KeyError, ValidationError) as exc:
            raise ThinkingboxError(f"{where}: `says` is not valid: {exc}") from None
        if not isinstance(raw.get("expected"), bool):
            raise ThinkingboxError(f"{where}: `expected` must be true or false")
        items.append(CorpusItem(domain, kind, str(raw.get("id", i)), says, trajectory_of(raw["conversation"], where),
                                raw["expected"], raw.get("why", ""), str(path)))
    return items


def corpus_of(domain: Any) -> list[CorpusItem]:
    """Every labelled item a domain ships (none when it ships no corpus)."""
    files = getattr(domain.plugin, "corpus_files", lambda: [])()
    return [item for path in files for item in load_corpus(Path(path), domain.name)]


async def judge_item(domain: Any, item: CorpusItem, judge: Any) -> Outcome:
    from thinkingbox.readers.claims import communication_problems
    from thinkingbox.contract.world import parse_time

    final = next((e["content"] for e in reversed(item.trajectory) if e["role"] == "assistant" and e["content"]), "")
    try:
        if judge == "rules":
            today = parse_time(domain.info.now).date()
            problems = communication_problems(item.says, item.trajectory, final, today, domain.vocabulary)
        else:
            from thinkingbox.models.claim_judge import model_problems

            problems = await model_problems(item.says, item.trajectory, final, domain.vocabulary, judge, {})
    except Exception as exc:  # a failing judge is reported, never a crash of the whole check
        return Outcome(item, None, error=f"{type(exc).__name__}: {exc}")
    return Outcome(item, not problems, problems)


def judge_check(domains: list[Any], judge: Any, concurrency: int = 8) -> list[Outcome]:
    items = [(d, item) for d in domains for item in corpus_of(d)]
    if not items:
        raise ThinkingboxError("no labelled corpus in the selected domains (a domain ships corpus/*.json)")

    async def main() -> list[Outcome]:
        gate = asyncio.Semaphore(concurrency)

        async def one(domain: Any, item: CorpusItem) -> Outcome:
            async with gate:
                return await judge_item(domain, item, judge)

        return await asyncio.gather(*(one(d, item) for d, item in items))

    return asyncio.run(main())


def summarize(outcomes: list[Outcome]) -> list[dict[str, Any]]:
    """Agreement per domain and claim kind, with correct/wrong conversations apart."""
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for o in outcomes:
        row = rows.setdefault((o.item.domain, o.item.kind), {"domain": o.item.domain, "kind": o.item.kind,
                                                             "items": 0, "agree": 0, "missed": 0, "false_pass": 0,
                                                             "errors": 0})
        row["items"] += 1
        row["agree"] += o.agrees
        row["missed"] += o.verdict is False and o.item.expected
        row["false_pass"] += o.verdict is True and not o.item.expected
        row["errors"] += o.verdict is None
    for row in rows.values():
        row["agreement"] = row["agree"] / row["items"]
    return sorted(rows.values(), key=lambda r: (r["domain"], r["kind"]))


def render(rows: list[dict[str, Any]], outcomes: list[Outcome], judge_name: str, shown: int = 20) -> str:
    from tabulate import tabulate

    table = [[r["domain"], r["kind"], r["items"], f"{r['agreement']:.1%}", r["missed"], r["false_pass"], r["errors"]]
             for r in rows]
    total = len(outcomes)
    agree = sum(o.agrees for o in outcomes)
    lines = [f"judge: {judge_name}",
             tabulate(table, headers=["domain", "kind", "items", "agreement", "missed (right judged wrong)",
                                      "false pass (wrong judged right)", "errors"], tablefmt="github"),
             f"overall: {agree}/{total} agree ({agree / total:.1%})" if total else "overall: no items"]
    disagreements = [o for o in outcomes if not o.agrees]
    for o in disagreements[:shown]:
        what = o.error or ("; ".join(o.problems) if o.problems else "judged right")
        lines.append(f"  {o.item.id} (labelled {'right' if o.item.expected else 'wrong'}): {what} -- {o.item.why}")
    if len(disagreements) > shown:
        lines.append(f"  ... and {len(disagreements) - shown} more (--json FILE lists them all)")
    return "\n".join(lines)
