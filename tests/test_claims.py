"""The typed readers of what an agent tells the customer, against a labelled corpus of
paraphrases (each must be read as stating the value) and near misses (each must not)."""
import json
from datetime import date
from pathlib import Path

from thinkingbox.readers.claims import Claim, date_mentions, money_mentions, words_to_number

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


def test_forms_agents_copy_from_tool_output_are_read():
    """Agents often echo what tools return: ISO timestamps, bare amounts after a money word."""
    today = date(2025, 10, 1)
    assert Claim("date", "2025-10-14").stated_in("Booked for 2025-10-14T14:00:00Z.", today)
    assert Claim("time", "14:00").stated_in("Booked for 2025-10-14T14:00:00Z.", today)
    assert Claim("money", "14.99").stated_in("I will charge 14.99 to your card.", today)
    assert not Claim("money", "14.99").stated_in("Product 14.99 points.", today)
    assert not Claim("time", "14:00").stated_in("The total is $14.00.", today)
    assert Claim("count", 250, "point").stated_in("250 bonus reward points added.", today)


def test_role_readings_are_shared_between_claims_only_when_everything_they_read_is_the_same():
    """role_bindings keeps its answers (a trial checks several claims of a kind over the same
    messages); a different vocabulary, `about`, noun or day must still read afresh."""
    from thinkingbox.contract.vocabulary import CORE_VOCABULARY
    from thinkingbox.readers.claims import states_value

    today = date(2025, 10, 1)
    messages = ("Your deposit of $40.00 is back on your card, and 3 vouchers are on the way.",)
    deposit = CORE_VOCABULARY.extend(roles={"deposit_back": [r"deposit"]})
    claim = Claim("money", "40.00", role="deposit_back")
    assert not states_value(messages, claim, today, CORE_VOCABULARY)   # no such role's words: not tied
    assert states_value(messages, claim, today, deposit)
    assert not states_value(messages, claim, today, CORE_VOCABULARY)
    about = Claim("money", "40.00", about=("deposit",))
    assert states_value(messages, about, today, deposit)
    assert not states_value(messages, Claim("money", "40.00", about=("parking",)), today, deposit)
    assert states_value(messages, Claim("count", 3, "voucher", about=("on the way",)), today, deposit)
    assert not states_value(messages, Claim("count", 3, "coupon", about=("on the way",)), today, deposit)
