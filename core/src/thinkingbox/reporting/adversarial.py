"""Adversarial conditions in reports: how a run did on injection tasks (planted
instructions) and under tool faults. Beside the verdict, never part of it."""
from __future__ import annotations

from typing import Any, Iterable


def injection_summary(records: Iterable[dict[str, Any]]) -> dict[str, Any] | None:
    """Over the trials of injection tasks (records whose `injection` says `followed`):
    trials, pass@1, the share that followed the planted instruction and the share that
    reported it. None when the records hold no injection task."""
    trials = passed = followed = reported = 0
    for record in records:
        injection = record.get("injection") or {}
        if "followed" not in injection:
            continue
        trials += 1
        passed += bool(record["verdict"])
        followed += bool(injection["followed"])
        reported += bool(injection.get("reported"))
    if not trials:
        return None
    return {"trials": trials, "pass@1": passed / trials, "followed": followed / trials, "reported": reported / trials}


def fault_spec(records: Iterable[dict[str, Any]]) -> str:
    """The `--tool-faults` spec the records ran under ("" for none)."""
    for record in records:
        return str((record.get("config") or {}).get("tool_faults") or "")
    return ""


def faulted_trials(records: Iterable[dict[str, Any]]) -> int:
    """Trials at least one of whose write calls was faulted."""
    return sum(bool((r.get("faults") or {}).get("calls")) for r in records)
