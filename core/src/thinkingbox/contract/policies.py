"""Policy search: BM25 ranking over the sections of a domain's policy documents.

Each markdown document is split at its headings, so a hit returns the rule that matched
rather than a whole document. Everything is computed in memory when the tool is built.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from .errors import ToolError
from .tools import read_tool
from .world import World

_WORD = re.compile(r"[a-z0-9]+(?:\.[0-9]+)?")
_STOP = frozenset("a an and are as at be by for from has have if in is it its of on or that the this to was "
                  "were will with what when which who how can do does i my me we you your our".split())


@dataclass(frozen=True)
class PolicyDocument:
    name: str   # file name, e.g. "returns.md"
    title: str
    text: str


@dataclass(frozen=True)
class Section:
    document: str
    heading: str
    text: str


def load_policy_dir(path: Path) -> list[PolicyDocument]:
    """Every *.md file in `path`, in name order; the title is the first '# ' line."""
    docs = []
    for file in sorted(Path(path).glob("*.md")):
        text = file.read_text(encoding="utf-8")
        title = next((line[2:].strip() for line in text.splitlines() if line.startswith("# ")), file.stem)
        docs.append(PolicyDocument(file.name, title, text))
    return docs


def _tokens(text: str) -> list[str]:
    out = []
    for word in _WORD.findall(text.lower()):
        if word in _STOP:
            continue
        if len(word) > 4 and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]  # light plural folding: refunds ~ refund
        out.append(word)
    return out


def split_sections(doc: PolicyDocument) -> list[Section]:
    sections: list[Section] = []
    heading, lines = doc.title, list[str]()
    for line in doc.text.splitlines():
        if line.startswith("## ") or line.startswith("### "):
            if any(l.strip() for l in lines):
                sections.append(Section(doc.name, heading, "\n".join(lines).strip()))
            heading, lines = f"{doc.title} > {line.lstrip('#').strip()}", [line]
        else:
            lines.append(line)
    if any(l.strip() for l in lines):
        sections.append(Section(doc.name, heading, "\n".join(lines).strip()))
    return sections


class BM25Index:
    def __init__(self, sections: list[Section], k1: float = 1.5, b: float = 0.75):
        self.sections = sections
        self.k1, self.b = k1, b
        self.docs = [Counter(_tokens(f"{s.heading}\n{s.text}")) for s in sections]
        self.lengths = [sum(d.values()) for d in self.docs]
        self.avg = (sum(self.lengths) / len(self.lengths)) if self.lengths else 0.0
        df = Counter(term for d in self.docs for term in d)
        n = len(self.docs)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}

    def search(self, query: str, limit: int) -> list[tuple[float, Section]]:
        terms = set(_tokens(query))
        scored = []
        for doc, length, section in zip(self.docs, self.lengths, self.sections):
            score = 0.0
            for term in terms:
                tf = doc.get(term)
                if tf:
                    norm = tf + self.k1 * (1 - self.b + self.b * length / (self.avg or 1))
                    score += self.idf[term] * tf * (self.k1 + 1) / norm
            if score > 0:
                scored.append((score, section))
        scored.sort(key=lambda s: (-s[0], s[1].document, s[1].heading))
        return scored[:limit]


def policy_search_tool(documents: list[PolicyDocument], name: str = "search_policy"):
    """A read-only tool that ranks policy sections for a query (BM25)."""
    index = BM25Index([s for doc in documents for s in split_sections(doc)])
    titles = ", ".join(d.title for d in documents)

    @read_tool(name=name)
    def search_policy(world: World, query: str, max_results: int = 3) -> dict:
        """Search the company's policy documents and return the best-matching sections.

        query: words describing the situation, e.g. "return window opened item fee".
        max_results: 1-10 sections (default 3).
        """
        if not query.strip():
            raise ToolError("query must not be empty")
        limit = min(max(max_results, 1), 10)
        hits = index.search(query, limit)
        return {"results": [{"document": s.document, "section": s.heading, "score": round(score, 3),
                             "text": s.text} for score, s in hits],
                "note": "" if hits else "no section matched; try other words"}

    spec = search_policy.__tb_tool__
    object.__setattr__(spec, "description", f"{spec.description}\n\nDocuments: {titles}.")
    return search_policy
