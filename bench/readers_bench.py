"""Time of the communication readers on long and hostile messages: the time should grow with the
length of the message, not faster (every pattern is bounded; see thinkingbox.readers.sentences).

    uv run python bench/readers_bench.py
"""
from __future__ import annotations

import time
from datetime import date

from thinkingbox.readers.claims import Claim, claim_states
from thinkingbox.contract.vocabulary import CORE_VOCABULARY
from thinkingbox.readers.sentences import agrees

CLAIMS = [Claim("money", "599.99", role="refund"), Claim("date", "2025-10-14"), Claim("count", 3, noun="installment"),
          Claim("decision", "cancelled", about=("order",)), Claim("text", ("Luis Ortega",))]
PIECES = ["a ", "1,", "9", "$1", "refund $1 ", "one two three ", "not if ", "cancel the order ", "yes "]


def main() -> int:
    today = date(2025, 10, 1)
    print(f"{'piece':<20}{'5,000 chars':>14}{'50,000 chars':>14}{'ratio':>8}")
    worst = 0.0
    for piece in PIECES:
        times = []
        for n in (5_000, 50_000):
            text = (piece * (n // len(piece) + 1))[:n]
            started = time.perf_counter()
            for claim in CLAIMS:
                claim_states(claim, (text,), today, CORE_VOCABULARY)
            agrees(text)
            times.append(time.perf_counter() - started)
        ratio = times[1] / max(times[0], 1e-6)
        worst = max(worst, ratio)
        print(f"{piece!r:<20}{times[0]:>13.3f}s{times[1]:>13.3f}s{ratio:>8.1f}")
    print(f"worst ratio for 10x the length: {worst:.1f} (linear is about 10)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
