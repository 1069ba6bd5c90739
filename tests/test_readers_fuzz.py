"""The readers of agent text never crash and give one answer, whatever the message (hypothesis:
random, long and adversarial texts built from the pieces readers look for). Their speed on
hostile messages is measured by bench/readers_bench.py, not here."""
import pytest
from datetime import date

from hypothesis import given, settings, strategies as st

from thinkingbox.readers.claims import Claim, claim_mentioned, claim_states
from thinkingbox.contract.vocabulary import CORE_VOCABULARY
from thinkingbox.readers.sentences import agrees, asks_to_proceed, refuses

PIECES = ["a ", "one ", "twenty-", "$", "1,", "99", ".5", " USD", " dollars", "refund", " of ", "fee ", "not ", "no ",
          "cannot ", "if ", "once approved ", "cancel", "ed ", "approval ", "pending ", "granted ", "?", ". ", "\n- ",
          ";", " - ", "\u2013", "\u2019", "March ", "16", "-19 ", "the 3rd of ", "next month ", "Friday ", "3/10 ",
          "2025-10-14 ", "%", " percent ", "months ", "installments ", "RMA-20001", " yes", " go ahead", "|", "**"]
TODAY = date(2025, 10, 1)
CLAIMS = [Claim("money", "599.99", role="refund"), Claim("money", "40.00"), Claim("date", "2025-10-14"),
          Claim("date_range", ("2026-03-16", "2026-03-19")), Claim("count", 3, noun="installment"),
          Claim("duration", (29, "month")), Claim("percent", "90"), Claim("id", "RMA-20001"),
          Claim("text", ("Luis Ortega",)), Claim("decision", "cancelled", about=("order",)),
          Claim("decision", "pending_approval", because=("limit",)), Claim("decision", "no_approval_needed", answer=True)]
messages = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=8)), max_size=60).map("".join)


@settings(max_examples=150, deadline=None)
@given(st.lists(messages, min_size=1, max_size=3))
@pytest.mark.slow
def test_readers_answer_every_message(texts):
    for claim in CLAIMS:
        said = claim_states(claim, tuple(texts), TODAY, CORE_VOCABULARY)
        assert said == claim_states(claim, tuple(texts), TODAY, CORE_VOCABULARY)   # deterministic
        assert isinstance(said[0], bool) and isinstance(said[1], str)
        assert isinstance(claim_mentioned(claim, tuple(texts), TODAY, CORE_VOCABULARY), bool)
    for text in texts:
        assert not (agrees(text) and refuses(text))
        assert isinstance(asks_to_proceed(text), bool)


@pytest.mark.slow
def test_a_long_repetitive_message_is_read():
    """Repetition that made backtracking readers take minutes is read (and cut at MAX_READ)."""
    for piece in ("a ", "9", "refund $1 ", "one two three ", "not if "):
        text = piece * 30_000
        assert claim_states(Claim("money", "599.99", role="refund"), (text,), TODAY, CORE_VOCABULARY)[0] is False
