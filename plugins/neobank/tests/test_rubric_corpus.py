"""The neobank tasks' rubric questions against a labelled corpus
(tests/corpus/neobank_rubric.json): every question the tasks ask is in the corpus with at
least ten messages to which the answer is yes and ten to which it is no, every task asks it
in the same words and with the same offline rule, and the rules (`--judge rules`) agree with
the expected answers often enough. The agreement is printed."""
from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

from thinkingbox.models.rubric import rule_answer
from thinkingbox.testing import load_domain

CORPUS_PATH = Path(__file__).resolve().parents[3] / "tests" / "corpus" / "neobank_rubric.json"
CORPUS = json.loads(CORPUS_PATH.read_text(encoding="utf-8"))
FLOOR = 0.90            # all questions together
FLOOR_EACH = 0.85       # each question


def _asked() -> dict[str, list]:
    """question -> [(task id, rubric item), ...] over the neobank tasks."""
    asked = defaultdict(list)
    for task in load_domain("neobank").tasks.values():
        for item in task.rubric_items:
            asked[item.question].append((task.id, item))
    return asked


def test_every_question_asked_is_in_the_corpus_and_the_other_way_round():
    asked = set(_asked())
    in_corpus = {q["question"] for q in CORPUS["questions"]}
    assert asked - in_corpus == set(), "rubric questions without labelled messages"
    assert in_corpus - asked == set(), "corpus questions no task asks"


def test_one_wording_and_one_rule_per_question():
    for question, uses in _asked().items():
        rules = {json.dumps(item.rule.model_dump() if item.rule else None, sort_keys=True) for _, item in uses}
        assert len(rules) == 1, f"tasks ask {question!r} with different rules: {[t for t, _ in uses]}"
        assert all(item.rule is not None and (item.rule.none or item.rule.all) for _, item in uses), question
    for entry in CORPUS["questions"]:
        if "template" in entry:  # one wording for the kind, with the task's topic in it
            assert entry["question"] == entry["template"].format(topic=entry["topic"])
    kinds = defaultdict(set)
    for entry in CORPUS["questions"]:
        kinds[entry["kind"]].add(entry.get("template", entry["question"]))
    assert all(len(wordings) == 1 for wordings in kinds.values()), kinds


def test_each_question_has_ten_messages_either_way():
    for entry in CORPUS["questions"]:
        assert len(entry["yes"]) >= 10 and len(entry["no"]) >= 10, entry["question"]
        assert not set(entry["yes"]) & set(entry["no"]), entry["question"]


def test_the_offline_rules_agree_with_the_corpus(capsys):
    asked = _asked()
    lines, right, total, misses = [], 0, 0, []
    for entry in CORPUS["questions"]:
        task_id, item = asked[entry["question"]][0]
        labelled = [(m, True) for m in entry["yes"]] + [(m, False) for m in entry["no"]]
        agree = [rule_answer(item.rule, message) == expected for message, expected in labelled]
        misses += [(entry["kind"], "yes" if expected else "no", message)
                   for (message, expected), ok in zip(labelled, agree) if not ok]
        share = sum(agree) / len(agree)
        right, total = right + sum(agree), total + len(agree)
        lines.append(f"  {entry['kind']:<18} {len(asked[entry['question']]):>3} tasks  "
                     f"{sum(agree):>3}/{len(agree):<3} {share:.0%}")
        assert share >= FLOOR_EACH, (entry["question"], misses)
    with capsys.disabled():
        print(f"\nneobank rubric rules agree with the corpus on {right}/{total} messages ({right / total:.1%}):")
        print("\n".join(lines))
        for kind, expected, message in misses:
            print(f"  missed ({kind}, expected {expected}): {message}")
    assert right / total >= FLOOR, misses


@pytest.mark.parametrize("entry", CORPUS["questions"], ids=lambda e: e.get("topic", e["kind"]))
def test_messages_that_do_not_touch_the_topic_pass(entry):
    """A question about a topic is answered yes for a message that never mentions it."""
    task_id, item = _asked()[entry["question"]][0]
    for message in ("Your request is recorded and nothing else has changed.", "Thank you for your patience.", ""):
        assert rule_answer(item.rule, message), (entry["kind"], message)
