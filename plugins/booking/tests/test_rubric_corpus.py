"""The booking tasks' rubric questions against the labelled corpus tests/corpus/booking_rubric.json
(the checks are thinkingbox.testing.RubricCorpusTests; the agreement is printed)."""
from pathlib import Path

from thinkingbox.testing import RubricCorpusTests


class TestRubricCorpus(RubricCorpusTests):
    domain = "booking"
    corpus = Path(__file__).resolve().parents[3] / "tests" / "corpus" / "booking_rubric.json"
    neutral_message = "Your booking is confirmed and nothing else has changed."
