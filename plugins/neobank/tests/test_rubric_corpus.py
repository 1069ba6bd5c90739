"""The neobank tasks' rubric questions against the labelled corpus tests/corpus/neobank_rubric.json
(the checks are thinkingbox.testing.RubricCorpusTests; the agreement is printed)."""
from pathlib import Path

from thinkingbox.testing import RubricCorpusTests


class TestRubricCorpus(RubricCorpusTests):
    domain = "neobank"
    corpus = Path(__file__).resolve().parents[3] / "tests" / "corpus" / "neobank_rubric.json"
    neutral_message = "Your request is recorded and nothing else has changed."
