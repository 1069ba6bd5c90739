"""The labelled corpus of booking conversations (issue 27, item 8) is well formed: every item has
its fields, ids are unique, each conversation has an agent message and calls only tools the domain
has, and each `says` uses the claim vocabulary. `says` is validated against thinkingbox.tasks.Says
where the current core knows every field it uses; items with kinds it does not know yet (roles,
decisions, agreement, ...) are checked here for form only."""
import json
from pathlib import Path

import pytest

from thinkingbox.tasks import Claim, Says
from thinkingbox.testing import load_domain

DOMAIN = "booking"
CORPUS = Path(__file__).resolve().parents[1] / "src" / f"thinkingbox_{DOMAIN}" / "corpus"
KINDS = ("value", "decision", "never", "agreement")
OPTIONAL_KINDS = ("answer",)
CLAIM_KINDS = {"money", "date", "date_range", "time", "days", "duration", "percent", "count", "id", "text",
               "decision"}
CLAIM_EXTRAS = {"role", "noun", "about", "because", "label", "before"}
LISTS = ("states", "never_states", "states_before")
MINIMUM = {"answer": 8}


def _files() -> list[Path]:
    return sorted(CORPUS.glob("*.json"))


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def tools() -> set[str]:
    return set(load_domain(DOMAIN).tools)


@pytest.fixture(scope="module")
def task_ids() -> set[str]:
    return set(load_domain(DOMAIN).tasks)


def test_every_kind_has_a_file() -> None:
    names = {p.stem for p in _files()}
    missing = [k for k in KINDS if k not in names]
    assert not missing, f"{CORPUS}: no corpus file for {missing}"
    unknown = names - set(KINDS) - set(OPTIONAL_KINDS)
    assert not unknown, f"{CORPUS}: unexpected corpus files {sorted(unknown)}; kinds are {KINDS + OPTIONAL_KINDS}"


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_items_are_well_formed(path: Path, tools: set[str], task_ids: set[str]) -> None:
    data = _load(path)
    assert data.get("domain") == DOMAIN and data.get("kind") == path.stem, \
        f"{path.name}: 'domain' must be {DOMAIN!r} and 'kind' {path.stem!r}"
    items = data["items"]
    labels = [item.get("expected") for item in items]
    need = MINIMUM.get(path.stem, 12)
    assert labels.count(True) >= need and labels.count(False) >= need, \
        f"{path.name}: needs at least {need} items labelled true and {need} false, has " \
        f"{labels.count(True)} and {labels.count(False)}"
    for item in items:
        where = f"{path.name} item {item.get('id')!r}"
        assert set(item) <= {"id", "task", "says", "conversation", "expected", "why"}, \
            f"{where}: unknown fields {sorted(set(item) - {'id', 'task', 'says', 'conversation', 'expected', 'why'})}"
        for field in ("id", "says", "conversation", "expected", "why"):
            assert field in item, f"{where}: missing '{field}'"
        assert item["id"].startswith(f"{DOMAIN}-{path.stem}-"), f"{where}: ids start with '{DOMAIN}-{path.stem}-'"
        assert isinstance(item["expected"], bool), f"{where}: 'expected' must be true or false"
        assert isinstance(item["why"], str) and item["why"].strip(), f"{where}: 'why' must say why, in a sentence"
        if "task" in item:
            assert item["task"] in task_ids, f"{where}: 'task' {item['task']!r} is not a task of {DOMAIN}"
        _check_conversation(where, item["conversation"], tools)
        _check_says(where, item["says"], tools)


def _check_conversation(where: str, conversation: list, tools: set[str]) -> None:
    assert isinstance(conversation, list) and conversation, f"{where}: 'conversation' must be a non-empty list"
    for turn in conversation:
        keys = set(turn) - {"error"}
        assert len(keys) == 1 and keys <= {"user", "agent", "call"}, \
            f"{where}: each turn is one of {{'user': text}}, {{'agent': text}}, {{'call': tool}}; got {turn}"
        if "call" in turn:
            assert turn["call"] in tools, f"{where}: call {turn['call']!r} is not a tool of {DOMAIN}"
            assert turn.get("error", True) is True, f"{where}: a failed call is marked \"error\": true"
        else:
            assert "error" not in turn, f"{where}: only a call can be marked as an error"
            text = turn.get("user", turn.get("agent"))
            assert isinstance(text, str) and text.strip(), f"{where}: an empty message"
    assert any("agent" in turn for turn in conversation), f"{where}: the conversation has no agent message"


def _check_says(where: str, says: dict, tools: set[str]) -> None:
    assert set(says) <= set(LISTS) | {"agreement"} and says, \
        f"{where}: 'says' holds only {LISTS + ('agreement',)}, got {sorted(says)}"
    for name in LISTS:
        for claim in says.get(name, []):
            kinds = CLAIM_KINDS & set(claim)
            assert len(kinds) == 1, f"{where}: a claim names exactly one kind of {sorted(CLAIM_KINDS)}: {claim}"
            assert set(claim) <= CLAIM_KINDS | CLAIM_EXTRAS, f"{where}: unknown claim fields in {claim}"
            if "role" in claim:
                assert kinds & {"money", "date", "date_range"}, f"{where}: only amounts and dates take a role: {claim}"
            if "count" in claim:
                assert claim.get("noun"), f"{where}: a count needs its noun: {claim}"
            if name == "states_before":
                assert claim.get("before") in tools, f"{where}: states_before names a tool of {DOMAIN}: {claim}"
            else:
                assert "before" not in claim, f"{where}: only states_before claims take 'before': {claim}"
    for entry in says.get("agreement", []):
        assert set(entry) == {"before"} and entry["before"] in tools, \
            f"{where}: agreement entries are {{'before': a tool of {DOMAIN}}}: {entry}"


def _known_to_core(says: dict) -> bool:
    claim_fields = set(Claim.model_fields)
    return set(says) <= set(Says.model_fields) and all(
        set(claim) <= claim_fields for name in LISTS for claim in says.get(name, []))


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_says_validate_where_the_core_knows_their_kinds(path: Path) -> None:
    items = _load(path)["items"]
    known = [item for item in items if _known_to_core(item["says"])]
    for item in known:
        Says.model_validate(item["says"])   # raises with the field at fault
    if not known:
        pytest.skip(f"{path.name}: every item uses claim fields the core's Says does not know yet")


def test_ids_are_unique_across_the_corpus() -> None:
    seen: dict[str, str] = {}
    for path in _files():
        for item in _load(path)["items"]:
            assert item["id"] not in seen, f"{item['id']} is in both {seen[item['id']]} and {path.name}"
            seen[item["id"]] = path.name
