"""Estimators against hand-computed values, including the edge cases."""
import pytest

from thinkingbox.reporting.compare import compare, fisher_exact
from thinkingbox.reporting.metrics import (TaskOutcomes, bootstrap_interval, outcomes_by_task, pass_at_1, pass_at_k,
                                 pass_hat_k_unbiased, reliability)


def test_pass_at_k_unbiased():
    assert pass_at_k(5, 2, 1) == pytest.approx(0.4)
    assert pass_at_k(5, 2, 2) == pytest.approx(1 - 3 / 10)        # 1 - C(3,2)/C(5,2)
    assert pass_at_k(10, 3, 4) == pytest.approx(1 - 35 / 210)     # 1 - C(7,4)/C(10,4)
    assert pass_at_k(5, 0, 3) == 0.0                               # c = 0
    assert pass_at_k(5, 5, 3) == 1.0                               # c = n
    assert pass_at_k(5, 1, 5) == 1.0                               # k = n: one success is always drawn
    assert pass_at_k(5, 4, 2) == 1.0                               # n - c < k


def test_pass_hat_k_unbiased():
    assert pass_hat_k_unbiased(5, 2, 2) == pytest.approx(0.1)      # C(2,2)/C(5,2)
    assert pass_hat_k_unbiased(5, 1, 2) == 0.0                     # zero whenever c < k
    assert pass_hat_k_unbiased(5, 4, 5) == 0.0                     # k = n
    assert pass_hat_k_unbiased(5, 5, 5) == 1.0
    assert pass_hat_k_unbiased(5, 0, 1) == 0.0
    assert pass_hat_k_unbiased(10, 7, 4) == pytest.approx(35 / 210)  # C(7,4)/C(10,4)


@pytest.mark.parametrize("n, c, k", [(5, 2, 6), (5, 2, 0), (5, 6, 1), (0, 0, 1), (5, -1, 1)])
def test_invalid_arguments_are_rejected(n, c, k):
    for estimator in (pass_at_k, pass_hat_k_unbiased):
        with pytest.raises(ValueError):
            estimator(n, c, k)


def rec(task, trial, verdict, domain="d", reason="done"):
    return {"domain": domain, "task": task, "trial": trial, "verdict": verdict, "finish_reason": reason}


def test_reliability_summary_by_hand():
    records = ([rec("a", i, i <= 2) for i in range(1, 5)] + [rec("b", i, True) for i in range(1, 5)]
               + [rec("c", i, False, reason="error" if i == 1 else "done") for i in range(1, 5)])
    tasks = outcomes_by_task(records)
    r = reliability(tasks)
    # c's errored trial is neither passed nor failed: 11 finished trials, 1 errored
    assert (r.tasks, r.trials, r.passed, r.errors) == (3, 11, 6, 1)
    assert r.error_rate == pytest.approx(1 / 12)
    assert r.pass_at_1 == pytest.approx((2 / 4 + 4 / 4 + 0 / 3) / 3)  # unequal finished counts: mean over tasks
    assert (r.never_passed, r.always_passed) == (1, 1)
    assert r.pass_at_k[2] == pytest.approx((1 - 1 / 6 + 1 + 0) / 3)   # a: 1 - C(2,2)/C(4,2)
    assert r.pass_hat_k[2] == pytest.approx((1 / 6 + 1 + 0) / 3)
    assert sorted(r.pass_at_k) == [1, 2, 3]                           # c has 3 finished trials
    assert r.unequal_trials
    assert set(r.to_json()) >= {"pass^k", "errors", "error_rate"} and "pass^k_plugin" not in r.to_json()


def test_errored_trials_are_a_third_outcome():
    records = [rec("a", 1, True), rec("a", 2, False, reason="error"), rec("b", 1, False, reason="error"),
               rec("b", 2, False, reason="error"), rec("c", 1, False)]
    tasks = {t.task: t for t in outcomes_by_task(records)}
    assert (tasks["a"].n, tasks["a"].c, tasks["a"].errors) == (1, 1, 1)
    assert (tasks["b"].n, tasks["b"].errors) == (0, 2) and not tasks["b"].finished
    r = reliability(list(tasks.values()))
    assert (r.tasks, r.trials, r.errors, r.errored_tasks) == (2, 2, 3, 1)  # b has no estimate at all
    assert r.pass_at_1 == pytest.approx(0.5) and r.error_rate == pytest.approx(3 / 5)
    assert reliability(outcomes_by_task([rec("x", 1, False, reason="error")])).pass_at_1 == 0.0


def test_compare_calls_a_task_with_errored_trials_not_comparable():
    base = [rec("a", i, True) for i in range(1, 5)] + [rec("b", i, i <= 2) for i in range(1, 5)]
    cand = [rec("a", i, False, reason="error") for i in range(1, 5)] + [rec("b", i, i <= 2) for i in range(1, 5)]
    result = compare(base, cand)
    assert [r["task"] for r in result["tasks"]] == ["b"]            # never a 100-point regression
    (unjudged,) = result["not_comparable"]
    assert (unjudged["task"], unjudged["candidate_errors"], unjudged["candidate"]) == ("a", 4, "0/0, 4 errored")
    assert result["shared_tasks"] == 1 and result["difference"] == 0.0
    assert (result["k"], result["base_pass^k"]) == (4, 0.0)          # b: C(2,4) = 0
    from thinkingbox.reporting.compare import render
    text = render(result)
    assert "not comparable (trials errored, so not judged): 1 task(s): d/a (4/4 -> 0/0, 4 errored)" in text
    assert "no task changed" in text


def test_unequal_trial_counts_are_explicit():
    tasks = [TaskOutcomes("d", "a", n=2, c=2), TaskOutcomes("d", "b", n=4, c=0)]
    r = reliability(tasks)
    assert r.unequal_trials and r.pass_at_1 == pytest.approx(0.5)   # mean of 1.0 and 0.0, not 2/6
    assert "mean over tasks" in r.to_json()["pass@1_definition"]
    assert sorted(r.pass_at_k) == [1, 2]
    with pytest.raises(ValueError, match="k=3 exceeds the trials of task d/a"):
        reliability(tasks, ks=[3])


def test_duplicate_trial_records_count_once():
    (task,) = outcomes_by_task([rec("a", 1, True), rec("a", 1, True), rec("a", 2, False)])
    assert (task.n, task.c) == (2, 1)


def test_bootstrap_is_seeded_and_brackets_the_estimate():
    tasks = [TaskOutcomes("d", str(i), n=4, c=i % 5) for i in range(40)]
    low, high = bootstrap_interval(tasks, seed=3)
    assert (low, high) == bootstrap_interval(tasks, seed=3)
    assert low < pass_at_1(tasks) < high
    assert bootstrap_interval([TaskOutcomes("d", "x", n=3, c=3)]) == (1.0, 1.0)


def test_fisher_exact_by_hand():
    # [[3,1],[1,3]]: P(x) = C(4,x)^2/70 -> two-sided 34/70
    assert fisher_exact(3, 1, 1, 3) == pytest.approx(34 / 70)
    assert fisher_exact(3, 0, 0, 3) == pytest.approx(0.1)
    assert fisher_exact(2, 2, 2, 2) == pytest.approx(1.0)
    assert fisher_exact(10, 0, 0, 10) == pytest.approx(2 / 184756)


def test_compare_flags_only_real_changes():
    base = [rec("a", i, False) for i in range(1, 11)] + [rec("b", i, i <= 5) for i in range(1, 11)]
    cand = [rec("a", i, True) for i in range(1, 11)] + [rec("b", i, i <= 6) for i in range(1, 11)]
    result = compare(base, cand)
    by_task = {r["task"]: r for r in result["tasks"]}
    assert by_task["a"]["beyond_noise"] and not by_task["b"]["beyond_noise"]
    assert result["difference"] == pytest.approx(0.55)
    assert result["difference_ci95"][0] <= 0.55 <= result["difference_ci95"][1]
