"""The neobank tasks' rubric questions against the labelled corpus tests/corpus/neobank_rubric.json
(the checks are thinkingbox.testing.RubricCorpusTests; the agreement is printed).

Most questions are now said by typed claims: a never-state of the decision the question forbids
(scripts/taskkit.py RUBRIC_AS_NEVER). Their labelled messages are judged here by those claims,
with the vocabulary's readers, and must agree as well as a rubric rule has to; the questions that
stay rubric questions keep the rules' checks."""
import sys
from datetime import date
from pathlib import Path

from thinkingbox.readers.claims import claim_mentioned, claim_of
from thinkingbox.contract.tasks import Claim
from thinkingbox.testing import RubricCorpusTests, load_domain
from thinkingbox_neobank.vocabulary import VOCABULARY

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
from taskkit import RUBRIC_AS_NEVER  # noqa: E402

CORPUS = Path(__file__).resolve().parents[3] / "tests" / "corpus" / "neobank_rubric.json"
TODAY = date(2025, 10, 1)


class TestRubricCorpus(RubricCorpusTests):
    domain = "neobank"
    corpus = CORPUS
    neutral_message = "Your request is recorded and nothing else has changed."

    def _corpus(self):
        data = super()._corpus()
        return {**data, "questions": [q for q in data["questions"] if q["question"] not in RUBRIC_AS_NEVER]}


def test_questions_said_by_claims_agree_with_the_corpus(capsys):
    import json

    questions = [q for q in json.loads(CORPUS.read_text(encoding="utf-8"))["questions"]
                 if q["question"] in RUBRIC_AS_NEVER]
    assert len(questions) == len(RUBRIC_AS_NEVER), "every question moved to claims has labelled messages"
    asked = {item.question for task in load_domain("neobank").tasks.values() for item in task.rubric_items}
    assert not asked & set(RUBRIC_AS_NEVER), "a task still asks a question its claims now say"
    lines, right, total = [], 0, 0
    for entry in questions:
        claims = [claim_of(Claim.model_validate(c)) for c in RUBRIC_AS_NEVER[entry["question"]]]
        labelled = [(m, True) for m in entry["yes"]] + [(m, False) for m in entry["no"]]
        agree = [(not any(claim_mentioned(c, (m,), TODAY, VOCABULARY) for c in claims)) == avoids
                 for m, avoids in labelled]
        share = sum(agree) / len(agree)
        right, total = right + sum(agree), total + len(agree)
        lines.append(f"  {sum(agree):>3}/{len(agree):<3} {share:.0%}  {entry['question']}")
        assert share >= 0.85, (entry["question"], [m for (m, _), ok in zip(labelled, agree) if not ok])
    with capsys.disabled():
        print(f"\nneobank never-state claims agree with the rubric corpus on {right}/{total} messages:")
        print("\n".join(lines))
    assert right / total >= 0.90
