"""Throughput of `tb eval --executor ray` against the fake model (not a test).

    uv run python bench/ray_bench.py [--trials 5000] [--workers 1,2] [--per-worker 256] [--latency 1.0]

Starts the fake model (bench/fake_model_server.py, 1 s per reply, in a process of its own)
and one local Ray instance on 127.0.0.1, then runs `--trials` trials of `openai:bench`
(the reference solutions replayed by the fake model; tasks of equal length, so the ideal
is reachable) with 1, then 2 worker actors and `--per-worker` trials at once in each.
Prints per run: trials/s; efficiency = ideal / measured, where ideal = total model latency
(calls x the nominal latency; also given with the latency seen per call) / total
concurrency and measured runs from the first trial's start to the last record
(worker start-up, which is paid once per run, is printed apart); and the harness's time
per trial: the worker actors' CPU per trial after start-up (from /proc), and the time
outside model calls (a record's total time minus its model latency: harness CPU plus
waiting for the event loop among 256 trials).
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WorkerCPU:
    """CPU seconds of this machine's Ray worker actors (processes titled ray::TrialWorker),
    sampled from /proc while the run goes (the actors are gone once it ends)."""

    def __init__(self) -> None:
        import threading

        self.seen: dict[str, float] = {}
        self.running = True
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()

    def _sample(self) -> None:
        while self.running:
            self.read()
            time.sleep(0.5)

    def read(self) -> float:
        tick = os.sysconf("SC_CLK_TCK")
        for pid in (p for p in os.listdir("/proc") if p.isdigit()):
            try:
                if not Path(f"/proc/{pid}/cmdline").read_bytes().startswith(b"ray::TrialWorker"):
                    continue
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                self.seen[pid] = (int(fields[11]) + int(fields[12])) / tick
            except OSError:
                continue
        return sum(self.seen.values())

    def stop(self) -> float:
        self.running = False
        self.thread.join()
        return sum(self.seen.values())


def one_run(port: int, trials: int, workers: int, per_worker: int, latency: float, executor: str) -> dict:
    from thinkingbox_ray import RayExecutor

    from thinkingbox.engine.discovery import PluginHost
    from thinkingbox.engine.evaluation import plan_evaluation, run_evaluation
    from thinkingbox.trials import ModelConfig, RunSettings

    host = PluginHost()
    domains = host.load_domains(["retail"])
    tasks = list(domains[0].tasks.values())
    steps = Counter(len(t.solution) for t in tasks).most_common(1)[0][0]
    chosen = {t.id for t in tasks if len(t.solution) == steps}
    config = RunSettings(agent="openai:bench", trials=-(-trials // len(chosen)), concurrency=per_worker * workers,
                         judge="rules", models={"agent": ModelConfig(model="bench", base_url=f"http://127.0.0.1:{port}/v1",
                                                                     max_attempts=1, timeout=600)})
    with tempfile.TemporaryDirectory() as tmp:
        plan = plan_evaluation(host, ["retail"], chosen, config, Path(tmp) / "run.jsonl", False)
        by_trial: dict[int, list] = {}
        for job in plan.jobs:  # trial 1 of every task, then trial 2, ...: each worker gets every task
            by_trial.setdefault(job.trial, []).append(job)
        plan.jobs = [j for n in sorted(by_trial) for j in by_trial[n]][:trials]
        arrivals: list[float] = []
        cpu = WorkerCPU()
        cpu_at_first: list[float] = []

        def progress(record: dict) -> None:
            arrivals.append(time.perf_counter())
            if not cpu_at_first:
                cpu_at_first.append(cpu.read())  # after start-up (imports, preparing tasks)

        started = time.perf_counter()
        records = run_evaluation(plan, workers, progress, executor=RayExecutor({}) if executor == "ray" else None)
        ended = time.perf_counter()
        worker_cpu = cpu.stop() - cpu_at_first[0]  # (Ray workers only: 0 for the local executor)
    first_start = arrivals[0] - records[0]["timings_ms"]["total"] / 1000
    measured = arrivals[-1] - first_start
    calls = sum(r["usage"]["agent"]["calls"] for r in records)
    model_s = sum(r["usage"]["agent"]["latency_ms"] for r in records) / 1000
    outside = [(r["timings_ms"]["total"] - r["usage"]["agent"]["latency_ms"]) for r in records]
    ideal = calls * latency / (per_worker * workers)
    return {"executor": executor, "workers": workers, "concurrency": per_worker * workers, "trials": len(records),
            "passed": sum(r["verdict"] for r in records),
            "errors": sum(r["finish_reason"] == "error" for r in records), "model_calls": calls,
            "calls_per_trial": calls / len(records), "startup_s": round(first_start - started, 2),
            "wall_s": round(ended - started, 2), "measured_s": round(measured, 2), "ideal_s": round(ideal, 2),
            "trials_per_s": round(len(records) / measured, 1), "efficiency": round(ideal / measured, 3),
            # the same with the latency the harness saw per call (the fake model's 1 s plus its own
            # delays and the HTTP round trip on a loaded machine) instead of the nominal latency
            "efficiency_at_seen_latency": round(model_s / (per_worker * workers) / measured, 3),
            "harness_cpu_ms_per_trial": round(1000 * worker_cpu / len(records), 2),
            "outside_model_ms_per_trial": round(sum(outside) / len(outside), 1),
            "model_latency_ms_per_call": round(1000 * model_s / calls, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=5000)
    parser.add_argument("--workers", default="1,2", help="comma-separated worker counts, one run each")
    parser.add_argument("--per-worker", type=int, default=256, help="trials at once per worker")
    parser.add_argument("--latency", type=float, default=1.0, help="seconds per fake model reply")
    parser.add_argument("--executor", choices=["ray", "local"], default="ray",
                        help="local: the same runs with local worker processes, for comparison")
    parser.add_argument("--num-cpus", type=int, default=None, help="CPUs of the local Ray instance (default: all)")
    args = parser.parse_args()

    from thinkingbox_ray.executor import quiet_ray_environment

    quiet_ray_environment()
    import ray

    port = free_port()
    server = subprocess.Popen([sys.executable, str(HERE / "fake_model_server.py"), str(port), str(args.latency)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout.readline().strip() == "ready"
        ray.init(address="local", num_cpus=args.num_cpus, include_dashboard=False, _node_ip_address="127.0.0.1",
                 log_to_driver=False, configure_logging=False)
        print(f"# {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start", flush=True)
        for workers in (int(w) for w in args.workers.split(",")):
            result = one_run(port, args.trials, workers, args.per_worker, args.latency, args.executor)
            result["load_average"] = round(os.getloadavg()[0], 1)
            print(json.dumps(result), flush=True)
    finally:
        ray.shutdown()
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
