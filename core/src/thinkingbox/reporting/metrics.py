"""Reliability metrics over trial records (the Thinkingbox paper, "One Success Isn't
Reliability", Ko et al., section 5.1 and appendix C.5).

For task i with n_i finished trials of which c_i passed:
    pass@1      micro-average over tasks and trials: sum c_i / sum n_i          (eq. 5)
    pass@k      unbiased: mean_i 1 - C(n_i - c_i, k) / C(n_i, k)                (eq. 6)
    pass^k      unbiased: mean_i C(c_i, k) / C(n_i, k)                           (eq. 8; tau2's)
pass^k has one estimator everywhere (this one): every surface that shows it (tb report, the
viewer, report.html, tb compare) takes it from here and labels it with its k. The plug-in
(c_i / n_i)^k of eq. 7 is biased upwards and is not shown.

Errored trials (an infrastructure failure: the model server kept failing, the harness broke)
are a third outcome, neither passed nor failed: nothing was judged. They are counted on their
own (`errors`, and the error rate) and left out of every estimate: n_i counts finished trials
only, and a task whose trials all errored has no estimate (it counts in `errored_tasks`).
When tasks have unequal trial counts this is said explicitly: pass@1 is then the mean over
tasks of c_i / n_i (each task weighs the same, as in eq. 6 with k = 1), and k may not exceed
the smallest n_i.
"""
from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from math import comb
from typing import Any, Iterable


@dataclass
class TaskOutcomes:
    """One task's trials: `n` finished (judged) trials, `c` of them passed, and `errors`
    trials that ended in an error (not judged, not in `n`)."""
    domain: str
    task: str
    n: int = 0
    c: int = 0
    errors: int = 0

    @property
    def finished(self) -> bool:
        return self.n > 0


def errored(record: dict[str, Any]) -> bool:
    """Whether a trial ended in an error (a third outcome: neither passed nor failed)."""
    return record.get("finish_reason") == "error"


def outcomes_by_task(records: Iterable[dict[str, Any]]) -> list[TaskOutcomes]:
    """Per-task trial and success counts; a trial recorded twice (same number) counts once."""
    seen: dict[tuple[str, str], dict[int, dict[str, Any]]] = defaultdict(dict)
    for record in records:
        seen[(record["domain"], record["task"])][record["trial"]] = record
    out = []
    for (domain, task), trials in sorted(seen.items()):
        t = TaskOutcomes(domain, task)
        for record in trials.values():
            if errored(record):
                t.errors += 1
            else:
                t.n += 1
                t.c += bool(record["verdict"])
        out.append(t)
    return out


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased probability that at least one of k trials passes (eq. 6)."""
    _check(n, c, k)
    if n - c < k:
        return 1.0
    return 1.0 - comb(n - c, k) / comb(n, k)


def pass_hat_k_unbiased(n: int, c: int, k: int) -> float:
    """Unbiased probability that all k trials pass (eq. 8): C(c, k) / C(n, k)."""
    _check(n, c, k)
    return comb(c, k) / comb(n, k)


def _check(n: int, c: int, k: int) -> None:
    if n < 1:
        raise ValueError("a task needs at least one trial")
    if not 0 <= c <= n:
        raise ValueError(f"successes c={c} must be between 0 and n={n}")
    if k < 1:
        raise ValueError(f"k must be at least 1 (got {k})")
    if k > n:
        raise ValueError(f"k={k} is larger than the number of trials n={n}")


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def pass_at_1(tasks: list[TaskOutcomes]) -> float:
    """pass@1 over finished trials (tasks with none are left out)."""
    tasks = [t for t in tasks if t.n]
    if not tasks:
        return 0.0
    if len({t.n for t in tasks}) == 1:
        return sum(t.c for t in tasks) / sum(t.n for t in tasks)
    return _mean([t.c / t.n for t in tasks])


def bootstrap_interval(tasks: list[TaskOutcomes], samples: int = 2000, seed: int = 0,
                       level: float = 0.95) -> tuple[float, float]:
    """Percentile interval for pass@1, resampling tasks and keeping each task's trials
    together (task-cluster bootstrap). Seeded: the same records give the same interval."""
    tasks = [t for t in tasks if t.n]
    if not tasks:
        return (0.0, 0.0)
    rng = random.Random(seed)
    stats = sorted(pass_at_1([rng.choice(tasks) for _ in tasks]) for _ in range(samples))
    low = stats[int((1 - level) / 2 * samples)]
    high = stats[min(samples - 1, int((1 + level) / 2 * samples))]
    return (low, high)


@dataclass
class Reliability:
    tasks: int
    trials: int
    passed: int
    errors: int
    pass_at_1: float
    ci95: tuple[float, float]
    never_passed: int
    always_passed: int
    min_trials: int
    max_trials: int
    pass_at_k: dict[int, float] = field(default_factory=dict)
    pass_hat_k: dict[int, float] = field(default_factory=dict)
    errored_tasks: int = 0     # tasks whose trials all errored: no estimate

    @property
    def unequal_trials(self) -> bool:
        return self.min_trials != self.max_trials

    @property
    def error_rate(self) -> float:
        """Share of all trials (finished and errored) that ended in an error."""
        total = self.trials + self.errors
        return self.errors / total if total else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "tasks": self.tasks, "trials": self.trials, "passed": self.passed, "errors": self.errors,
            "error_rate": self.error_rate, "errored_tasks": self.errored_tasks,
            "trials_definition": "finished trials (errored trials are counted apart, in errors)",
            "pass@1": self.pass_at_1, "pass@1_ci95": list(self.ci95),
            "pass@1_definition": ("mean over tasks of c/n (unequal trial counts)" if self.unequal_trials
                                  else "passed trials / trials (micro-average)"),
            "never_passed": self.never_passed, "always_passed": self.always_passed,
            "trials_per_task": {"min": self.min_trials, "max": self.max_trials},
            "pass@k": {str(k): v for k, v in self.pass_at_k.items()},
            "pass^k": {str(k): v for k, v in self.pass_hat_k.items()},
        }


def reliability(tasks: list[TaskOutcomes], ks: Iterable[int] | None = None, seed: int = 0) -> Reliability:
    """The estimates over the finished trials of `tasks`; errored trials are counted apart."""
    errors = sum(t.errors for t in tasks)
    errored_tasks = sum(not t.n for t in tasks)
    tasks = [t for t in tasks if t.n]
    if not tasks:
        return Reliability(0, 0, 0, errors, 0.0, (0.0, 0.0), 0, 0, 0, 0, errored_tasks=errored_tasks)
    low = min(t.n for t in tasks)
    ks = sorted(set(ks)) if ks is not None else list(range(1, low + 1))
    too_big = [k for k in ks if k > low]
    if too_big:
        short = next(t for t in tasks if t.n == low)
        raise ValueError(f"k={too_big[0]} exceeds the trials of task {short.domain}/{short.task} (n={low})")
    return Reliability(
        tasks=len(tasks), trials=sum(t.n for t in tasks), passed=sum(t.c for t in tasks),
        errors=errors, pass_at_1=pass_at_1(tasks), ci95=bootstrap_interval(tasks, seed=seed),
        never_passed=sum(t.c == 0 for t in tasks), always_passed=sum(t.c == t.n for t in tasks),
        min_trials=low, max_trials=max(t.n for t in tasks),
        pass_at_k={k: _mean([pass_at_k(t.n, t.c, k) for t in tasks]) for k in ks},
        pass_hat_k={k: _mean([pass_hat_k_unbiased(t.n, t.c, k) for t in tasks]) for k in ks},
        errored_tasks=errored_tasks,
    )


def common_k(reliabilities: Iterable[Reliability]) -> int:
    """The one k that every row of a table can show: the fewest finished trials of any task in
    any of them (0 when one has no finished trial). Tables label their pass^k column with it."""
    lows = [r.min_trials for r in reliabilities]
    return min(lows) if lows else 0
