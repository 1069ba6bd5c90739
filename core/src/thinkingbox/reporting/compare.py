"""`tb compare BASE CANDIDATE`: which tasks changed, and which changes are beyond noise.

Per task, the two pass counts are compared with Fisher's exact test (two-sided); a change
is called beyond noise when p < 0.05. Overall, the difference in pass@1 gets a 95% paired
task-bootstrap interval (tasks resampled, each keeping its base and candidate trials); it
is beyond noise when the interval excludes zero. With many tasks, expect about one in
twenty per-task calls to be a false alarm: read them as leads.

A task with an errored trial on either side (finish reason "error": the model server or the
harness failed, nothing was judged) is "not comparable": it is listed apart with its error
counts, never called a regression or an improvement, and left out of the overall figures.
"""
from __future__ import annotations

import random
from math import comb
from typing import Any

from thinkingbox.reporting.metrics import outcomes_by_task, pass_at_1, pass_hat_k_unbiased


def fisher_exact(a: int, b: int, c: int, d: int) -> float:
    """Two-sided p-value of Fisher's exact test for the table [[a, b], [c, d]]."""
    row1, row2, col1 = a + b, c + d, a + c
    n = row1 + row2
    total = comb(n, col1)

    def prob(x: int) -> float:
        return comb(row1, x) * comb(row2, col1 - x) / total

    observed = prob(a)
    low, high = max(0, col1 - row2), min(row1, col1)
    return min(1.0, sum(p for x in range(low, high + 1) if (p := prob(x)) <= observed * (1 + 1e-9)))


def compare(base: list[dict[str, Any]], candidate: list[dict[str, Any]], alpha: float = 0.05,
            samples: int = 2000, seed: int = 0) -> dict[str, Any]:
    b = {(t.domain, t.task): t for t in outcomes_by_task(base)}
    c = {(t.domain, t.task): t for t in outcomes_by_task(candidate)}
    both = sorted(set(b) & set(c))
    unjudged = [key for key in both if b[key].errors or c[key].errors]
    shared = [key for key in both if key not in unjudged]
    not_comparable = [{"domain": key[0], "task": key[1],
                       "base": f"{b[key].c}/{b[key].n}" + (f", {b[key].errors} errored" if b[key].errors else ""),
                       "candidate": f"{c[key].c}/{c[key].n}" + (f", {c[key].errors} errored" if c[key].errors else ""),
                       "base_errors": b[key].errors, "candidate_errors": c[key].errors} for key in unjudged]
    rows = []
    for key in shared:
        tb, tc = b[key], c[key]
        p = fisher_exact(tb.c, tb.n - tb.c, tc.c, tc.n - tc.c)
        rows.append({"domain": key[0], "task": key[1], "base": f"{tb.c}/{tb.n}", "candidate": f"{tc.c}/{tc.n}",
                     "change": tc.c / tc.n - tb.c / tb.n, "p_value": p, "beyond_noise": p < alpha})
    rng = random.Random(seed)
    diffs = []
    for _ in range(samples):
        pick = [rng.choice(shared) for _ in shared]
        diffs.append(pass_at_1([c[k] for k in pick]) - pass_at_1([b[k] for k in pick]))
    diffs.sort()
    low, high = (diffs[int(0.025 * samples)], diffs[int(0.975 * samples)]) if shared else (0.0, 0.0)
    base_p = pass_at_1([b[k] for k in shared])
    cand_p = pass_at_1([c[k] for k in shared])
    # pass^k (the one unbiased estimator) at one k for both sides: the fewest trials of a shared task
    k = min([b[key].n for key in shared] + [c[key].n for key in shared], default=0)
    hat = {side: (sum(pass_hat_k_unbiased(o[key].n, o[key].c, k) for key in shared) / len(shared) if k else None)
           for side, o in (("base", b), ("candidate", c))}
    return {
        "shared_tasks": len(shared),
        "not_comparable": not_comparable,
        "only_in_base": sorted("/".join(k) for k in set(b) - set(c)),
        "only_in_candidate": sorted("/".join(k) for k in set(c) - set(b)),
        "base_pass@1": base_p, "candidate_pass@1": cand_p, "difference": cand_p - base_p,
        "k": k, "base_pass^k": hat["base"], "candidate_pass^k": hat["candidate"],
        "difference_ci95": [low, high], "overall_beyond_noise": bool(shared) and (low > 0 or high < 0),
        "tasks": sorted(rows, key=lambda r: (r["p_value"], -abs(r["change"]))),
    }


def render(result: dict[str, Any], show_all: bool = False) -> str:
    from tabulate import tabulate

    lines = [f"shared tasks: {result['shared_tasks']}   pass@1 {100 * result['base_pass@1']:.1f}% -> "
             f"{100 * result['candidate_pass@1']:.1f}%\n(difference {100 * result['difference']:+.1f} points, "
             f"95% CI {100 * result['difference_ci95'][0]:+.1f} to {100 * result['difference_ci95'][1]:+.1f}: "
             f"{'beyond noise' if result['overall_beyond_noise'] else 'within noise'})"]
    if result.get("k", 0) > 1:
        lines.append(f"pass^{result['k']} (unbiased, k = the fewest trials of a shared task) "
                     f"{100 * result['base_pass^k']:.1f}% -> {100 * result['candidate_pass^k']:.1f}%")
    if result.get("not_comparable"):
        errs = result["not_comparable"]
        names = ", ".join(f"{r['domain']}/{r['task']} ({r['base']} -> {r['candidate']})" for r in errs[:10])
        lines.append(f"not comparable (trials errored, so not judged): {len(errs)} task(s): {names}"
                     f"{' ...' if len(errs) > 10 else ''}")
    for side in ("only_in_base", "only_in_candidate"):
        if result[side]:
            lines.append(f"{side.replace('_', ' ')}: {', '.join(result[side][:10])}"
                         f"{' ...' if len(result[side]) > 10 else ''} (not compared)")
    rows = [[r["domain"], r["task"], r["base"], r["candidate"], f"{100 * r['change']:+.0f}", f"{r['p_value']:.3f}",
             "yes" if r["beyond_noise"] else ""]
            for r in result["tasks"] if show_all or r["change"] != 0]
    if rows:
        lines.append(tabulate(rows, headers=["domain", "task", "base", "candidate", "change (pts)", "p (Fisher)",
                                             "beyond noise"], tablefmt="github"))
    else:
        lines.append("no task changed")
    return "\n".join(lines)
