"""The typed readers of what an agent tells the customer, against a labelled corpus of
paraphrases (each must be read as stating the value) and near misses (each must not)."""
import json
from datetime import date
from pathlib import Path

from thinkingbox.engine.claims import Claim, date_mentions, money_mentions, words_to_number

CORPUS = json.loads((Path(__file__).parent / "corpus" / "claims.json").read_text())


def test_every_kind_has_ten_good_and_ten_wrong_messages():
    for case in CORPUS["cases"]:
        assert len(case["good"]) >= 10 and len(case["bad"]) >= 10, case["kind"]
    assert {c["kind"] for c in CORPUS["cases"]} == {"money", "date", "date_range", "time", "days", "count", "id",
                                                     "phrase"}


def test_the_readers_agree_with_the_corpus():
    today = date.fromisoformat(CORPUS["today"])
    disagreements = []
    for case in CORPUS["cases"]:
        claim = Claim(case["kind"], case["value"], case.get("noun", ""))
        disagreements += [("missed", case["kind"], m) for m in case["good"] if not claim.stated_in(m, today)]
        disagreements += [("false", case["kind"], m) for m in case["bad"] if claim.stated_in(m, today)]
    assert disagreements == []


def test_number_words_and_dates_without_a_year():
    assert words_to_number("one hundred and twenty-five") == 125 and words_to_number("lots") is None
    assert [str(v) for v in money_mentions("forty-five dollars and 50 cents, then $3")] == ["45.50", "3.00"]
    today = date(2025, 11, 20)
    assert date_mentions("on 5 January", today) == [date(2026, 1, 5)]  # the coming January
    assert date_mentions("on 5 November", today) == [date(2025, 11, 5)]
