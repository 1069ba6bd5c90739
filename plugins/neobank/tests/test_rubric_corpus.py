"""The neobank tasks' rubric questions against the labelled corpus tests/corpus/neobank_rubric.json
(the checks are thinkingbox.testing.RubricCorpusTests; the agreement is printed).

Most questions are now said by typed claims: a never-state of the decision the question forbids
(RUBRIC_AS_NEVER below, the claims the task files carry in `never_states`). Their labelled messages are judged here by those claims,
with the vocabulary's readers, and must agree as well as a rubric rule has to; the questions that
stay rubric questions keep the rules' checks."""
from datetime import date
from pathlib import Path

from thinkingbox.readers.claims import claim_mentioned, claim_of
from thinkingbox.contract.tasks import Claim
from thinkingbox.testing import RubricCorpusTests, load_domain
from thinkingbox_neobank.vocabulary import VOCABULARY


def decision(kind: str, label: str) -> dict:
    return {"decision": kind, "label": label}


# Rubric questions now said by never-states of the tasks that asked them (question -> claims).
RUBRIC_AS_NEVER = {
    "Does the message avoid saying that the access has already been given?":
        [decision("granted", "the access given already")],
    "Does the message avoid claiming that the problem has already been fixed or resolved?":
        [decision("fixed", "the problem fixed already")],
    "Does the message avoid saying that the new device has already been given, ordered or shipped?":
        [decision("granted", "a new device given already"), decision("ordered", "a new device ordered already")],
    "Does the message avoid claiming that the software has been installed on the employee's computer?":
        [decision("installed", "the software installed by the desk")],
    "Does the message avoid saying that the service desk reset the password itself?":
        [decision("password_reset", "the password reset by the desk")],
    "Does the message avoid saying that a new laptop has been given, ordered or approved?":
        [decision("granted", "a new laptop given or approved"), decision("ordered", "a new laptop ordered")],
    "Does the message avoid saying that the account has been unlocked or the password reset?":
        [decision("unlocked", "the account unlocked"), decision("password_reset", "the password reset")],
}

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
