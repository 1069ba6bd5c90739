"""The form of the labelled corpus of conversations in src/thinkingbox_neobank/corpus/ (issue 27,
item 8): each file's items are whole conversations with the typed claims (`says`) they are
judged on and the label a careful reader gives. These tests check the form only; whether the
claim readers agree with the labels is measured elsewhere."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from pydantic import ValidationError
from thinkingbox.tasks import Claim, Says
from thinkingbox.testing import load_domain

DOMAIN = "neobank"
CORPUS = Path(__file__).resolve().parents[1] / "src" / f"thinkingbox_{DOMAIN}" / "corpus"
MINIMUM = {"value": 12, "decision": 12, "never": 12, "agreement": 12, "answer": 8}   # per label
CLAIM_KINDS = {"money", "date", "date_range", "time", "days", "duration", "percent", "count", "id", "text",
               "decision", "phrase"}
CLAIM_KEYS = CLAIM_KINDS | {"role", "noun", "about", "because", "label", "before"}
LISTS = {"states", "never_states", "states_before"}
DECISIONS = {"granted", "pending_approval", "declined", "no_approval_needed", "escalated", "cancelled", "kept",
             "refunded", "no_refund", "charged", "no_charge", "ordered", "from_stock", "sent", "filed", "waitlisted",
             "booked", "changed", "recorded", "not_verified", "password_reset", "sessions_ended",
             "returned_for_correction"}   # the decision vocabulary of issue 27 (/work/notes/vocabulary.md)
ROLES = {"neobank": {"expiry"},
         "consulting": {"reimbursement", "cost", "budget_left", "limit", "course_date", "travel_dates"}}[DOMAIN]


@cache
def corpus() -> dict[str, dict]:
    return {kind: json.loads((CORPUS / f"{kind}.json").read_text(encoding="utf-8")) for kind in MINIMUM}


def items() -> list[dict]:
    return [item for data in corpus().values() for item in data["items"]]


def test_every_file_names_its_domain_and_kind_and_has_enough_items_either_way() -> None:
    for kind, data in corpus().items():
        assert (data["domain"], data["kind"]) == (DOMAIN, kind), f"{kind}.json: set domain {DOMAIN!r}, kind {kind!r}"
        labels = [item["expected"] for item in data["items"]]
        for label in (True, False):
            assert labels.count(label) >= MINIMUM[kind], f"{kind}.json: fewer than {MINIMUM[kind]} items labelled {label}"


def test_items_have_their_fields_and_unique_ids() -> None:
    seen: set[str] = set()
    for kind, data in corpus().items():
        for item in data["items"]:
            where = f"{kind}.json item {item.get('id')!r}"
            assert set(item) - {"task"} == {"id", "says", "conversation", "expected", "why"}, f"{where}: fields"
            assert item["id"].startswith(f"{DOMAIN}-{kind}-") and item["id"] not in seen, f"{where}: id"
            seen.add(item["id"])
            assert isinstance(item["expected"], bool) and item["why"].strip(), f"{where}: expected (bool) and why"
            if "task" in item:
                assert item["task"] in load_domain(DOMAIN).tasks, f"{where}: no task {item['task']!r} in {DOMAIN}"


def test_conversations_have_an_agent_message_and_call_only_the_domain_tools() -> None:
    tools = load_domain(DOMAIN).tools
    for item in items():
        turns = item["conversation"]
        for turn in turns:
            assert len(set(turn) - {"error"}) == 1 and set(turn) <= {"user", "agent", "call", "error"}, item["id"]
            assert "error" not in turn or ("call" in turn and turn["error"] is True), f"{item['id']}: 'error' is for calls"
            assert "call" not in turn or turn["call"] in tools, f"{item['id']}: {DOMAIN} has no tool {turn.get('call')!r}"
            text = turn.get("user", turn.get("agent", "x"))
            assert isinstance(text, str) and text.strip(), f"{item['id']}: empty message"
        assert any("agent" in turn for turn in turns), f"{item['id']}: no agent message"


def test_says_names_one_kind_per_claim_known_decisions_roles_and_tools() -> None:
    tools = load_domain(DOMAIN).tools
    for item in items():
        says = item["says"]
        assert set(says) <= LISTS | {"agreement"} and says, f"{item['id']}: says keys"
        for name in LISTS & set(says):
            for claim in says[name]:
                assert set(claim) <= CLAIM_KEYS, f"{item['id']}: unknown claim keys {set(claim) - CLAIM_KEYS}"
                assert len(CLAIM_KINDS & set(claim)) == 1, f"{item['id']}: a claim names exactly one kind"
                assert (name == "states_before") == bool(claim.get("before")), f"{item['id']}: `before` only in states_before"
                if "before" in claim:
                    assert claim["before"] in tools, f"{item['id']}: {DOMAIN} has no tool {claim['before']!r}"
                if "decision" in claim:
                    assert claim["decision"] in DECISIONS, f"{item['id']}: unknown decision {claim['decision']!r}"
                if "role" in claim:
                    assert claim["role"] in ROLES, f"{item['id']}: {DOMAIN} has no role {claim['role']!r}"
        for agreement in says.get("agreement", []):
            assert set(agreement) == {"before"} and agreement["before"] in tools, f"{item['id']}: agreement"


@pytest.mark.parametrize("item", items(), ids=lambda item: item["id"])
def test_says_validates_where_the_task_format_knows_its_kinds(item: dict) -> None:
    says = item["says"]
    unknown = set(says) - set(Says.model_fields) | {
        key for name in LISTS & set(says) for claim in says[name] for key in claim if key not in Claim.model_fields}
    try:
        Says.model_validate(says)
    except ValidationError as exc:
        if unknown:
            pytest.skip(f"the task format does not know {sorted(unknown)} yet")
        raise AssertionError(f"{item['id']}: {exc}") from None
