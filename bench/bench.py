"""Harness benchmarks: what Thinkingbox itself costs per trial, so that a run is bound
only by the model. Prints a short table with the targets.

    uv run nox -s bench          # or: uv run python bench/bench.py [--quick]

(a) harness CPU per oracle trial (scripted user) over all installed tasks, by phase, and a
    full oracle run of every task x 20 trials; (b) world reset; (c) one tool call through
    the in-memory MCP session; (d) runs against a fake model with 1 s latency per call and
    realistic request sizes at concurrency 1, 64, 256 and 1,024 (the fake model in a process
    of its own), against the ideal (total model latency / concurrency); (e) peak memory per
    concurrent trial (at the highest concurrency).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def cpu_seconds() -> float:
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def host_and_domains():
    from thinkingbox.engine.discovery import PluginHost, installed_domains

    host = PluginHost()
    return host, host.load_domains(sorted(installed_domains()))


async def harness_cpu(trials: int) -> dict:
    from thinkingbox.reporting.records import RecordWriter
    from thinkingbox.engine.trial import Job, Players, run_trial
    from thinkingbox.engine.scheduler import prepare_jobs, run_jobs
    from thinkingbox.engine.sessions import SessionPool, WorldPool
    from thinkingbox.trials import RunSettings

    host, domains = host_and_domains()
    config = RunSettings(agent="oracle", judge="rules")  # rubric tasks judged offline
    players = Players.of(host, config)
    tws = [(d, await d.prepare(t)) for d in domains for t in d.tasks.values()]
    # as run_jobs does: MCP sessions and task worlds reused from trial to trial
    sessions, worlds = SessionPool(), WorldPool()
    for d, tw in tws:  # warm-up: server build, first session, caches
        await run_trial(Job(d, tw, 1), config, players, sessions=sessions, worlds=worlds)
    phases = {"reset": [], "session": [], "tool calls": [], "judging": [], "recording": []}
    with tempfile.TemporaryDirectory() as tmp:
        writer = RecordWriter(Path(tmp) / "seq.jsonl")
        cpu0 = time.process_time()
        n = 0
        for rep in range(3):
            for d, tw in tws:
                record = await run_trial(Job(d, tw, rep + 1), config, players, sessions=sessions, worlds=worlds)
                t = record["timings_ms"]
                start = time.perf_counter()
                writer.write(record)
                phases["recording"].append((time.perf_counter() - start) * 1000)
                phases["reset"].append(t["reset"])
                phases["session"].append(t["setup"] - t["reset"])
                phases["tool calls"].append(t["episode"])
                phases["judging"].append(t["judge"])
                n += 1
        sequential_cpu = (time.process_time() - cpu0) / n * 1000
        writer.close()
        await sessions.aclose()
        worlds.close()
        jobs = await prepare_jobs(domains, None, trials, set())
        writer = RecordWriter(Path(tmp) / "full.jsonl")
        cpu0, wall0 = time.process_time(), time.perf_counter()
        records = await run_jobs(host, jobs, RunSettings(agent="oracle", judge="rules", trials=trials, concurrency=16),
                                 writer)
        wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
        writer.close()
    assert all(r["verdict"] for r in records), "the oracle must pass every task"
    return {"tasks": len(tws), "sequential_cpu_ms": sequential_cpu,
            "phases_ms": {k: statistics.mean(v) for k, v in phases.items()},
            "full_run": {"trials": len(records), "wall_s": wall, "cpu_ms_per_trial": cpu / len(records) * 1000,
                         "trials_per_s": len(records) / wall}}


async def micro() -> dict:
    from thinkingbox.engine.sessions import SessionPool
    from thinkingbox.contract.tools import bind_world

    host, domains = host_and_domains()
    domain = domains[0]
    tws = [await domain.prepare(t) for t in domain.tasks.values()]
    n = 0
    start = time.process_time()
    for _ in range(20):
        for tw in tws:
            domain.new_world(tw).close()
            n += 1
    reset_ms = (time.process_time() - start) / n * 1000
    world = domain.new_world(tws[0])
    bind_world(world)
    read = next(name for name, spec in domain.tools.items() if spec.read_only and "policy" not in name)
    args = next((s.args for s in tws[0].task.solution if s.tool == read), None)
    if args is None:
        read, args = tws[0].task.solution[0].tool, tws[0].task.solution[0].args
    sessions = SessionPool()  # the MCP session a trial gets (see thinkingbox.sessions)
    async with sessions.lend(domain) as lease:
        client = lease.client
        await client.call_tool(read, args)
        start = time.process_time()
        for _ in range(1000):
            await client.call_tool(read, args)
        call_ms = (time.process_time() - start)
    await sessions.aclose()
    start = time.process_time()
    for _ in range(200):
        world.snapshot()
    snapshot_ms = (time.process_time() - start) / 200 * 1000
    world.close()
    return {"reset_ms": reset_ms, "tool_call_ms": call_ms, "tool": read, "snapshot_ms": snapshot_ms,
            "domain": domain.name}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def model_run(port: int, concurrency: int, trials: int, workers: int = 1) -> dict:
    """One run against the fake model (in this fresh process), with peak memory."""
    from thinkingbox.models.llm import ModelConfig
    from thinkingbox.reporting.records import RecordWriter
    from thinkingbox.engine.scheduler import prepare_jobs, run_jobs
    from thinkingbox.engine.workers import run_in_processes
    from thinkingbox.trials import RunSettings

    host, domains = host_and_domains()
    config = RunSettings(agent="openai:bench", concurrency=concurrency, judge="rules", models={
        "agent": ModelConfig(model="bench", base_url=f"http://127.0.0.1:{port}/v1", max_attempts=1, timeout=120)})

    async def go() -> dict:
        # Trials of equal length (the most common reference length), so that the ideal
        # (total latency / concurrency) is reachable and the gap measures the harness, not
        # how unequal trials pack onto workers.
        from collections import Counter

        tasks = [t for d in domains for t in d.tasks.values()]
        steps = Counter(len(t.solution) for t in tasks).most_common(1)[0][0]
        chosen = {t.id for t in tasks if len(t.solution) == steps}
        per_task = -(-trials // len(chosen))
        all_jobs = await prepare_jobs(domains, chosen, per_task, set())
        by_task: dict = {}
        for job in all_jobs:
            by_task.setdefault(job.trial, []).append(job)
        ordered = [j for t in sorted(by_task) for j in by_task[t]]
        with tempfile.TemporaryDirectory() as tmp:
            writer = RecordWriter(Path(tmp) / "warm.jsonl")
            await run_jobs(host, ordered[:1], config, writer)  # imports, HTTP client, server
            writer.close()
            jobs = ordered[:trials]
            baseline = rss_mb()
            peak = baseline
            done = asyncio.Event()

            async def sample() -> None:
                nonlocal peak
                while not done.is_set():
                    peak = max(peak, rss_mb())
                    await asyncio.sleep(0.05)

            sampler = asyncio.create_task(sample())
            writer = RecordWriter(Path(tmp) / "run.jsonl")
            wall0, cpu0 = time.perf_counter(), cpu_seconds()
            if workers > 1:
                names = [d.name for d in domains]
                records = await asyncio.to_thread(run_in_processes, names, jobs, config, workers, writer)
            else:
                records = await run_jobs(host, jobs, config, writer)
            wall, cpu = time.perf_counter() - wall0, cpu_seconds() - cpu0
            done.set()
            await sampler
            writer.close()
        calls = sum(r["usage"]["agent"]["calls"] for r in records)
        request_kb = None
        return {"concurrency": concurrency, "workers": workers, "trials": len(records), "calls_per_trial": steps + 1, "passed": sum(r["verdict"] for r in records),
                "model_calls": calls, "wall_s": wall, "cpu_s": cpu, "peak_rss_mb": peak, "baseline_rss_mb": baseline,
                "errors": sum(r["finish_reason"] == "error" for r in records), "request_kb": request_kb}

    return asyncio.run(go())


def model_runs(levels: list[tuple], latency: float) -> list[dict]:
    port = free_port()
    server = subprocess.Popen([sys.executable, str(HERE / "fake_model_server.py"), str(port), str(latency)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout.readline().strip() == "ready"
        results = []
        for concurrency, trials, *rest in levels:
            workers = rest[0] if rest else 1
            out = subprocess.run([sys.executable, __file__, "--model-run", str(port), str(concurrency), str(trials),
                                  str(workers)],
                                 capture_output=True, text=True, timeout=900)
            if out.returncode != 0:
                raise RuntimeError(out.stderr[-2000:])
            result = json.loads(out.stdout.strip().splitlines()[-1])
            result["ideal_s"] = result["model_calls"] * latency / concurrency
            result["ratio"] = result["wall_s"] / result["ideal_s"]
            results.append(result)
        return results
    finally:
        server.terminate()
        server.wait()


def request_size_kb() -> float:
    """Size of a typical first agent request (system prompts + tool schemas + request)."""
    from thinkingbox.models.openai_agent import function_schema
    from thinkingbox.models.prompts import SHARED_AGENT_PROMPT

    host, domains = host_and_domains()
    domain = domains[0]
    tools = asyncio.run(domain.list_tool_schemas())
    body = {"messages": [{"role": "system", "content": SHARED_AGENT_PROMPT},
                         {"role": "system", "content": domain.system_prompt},
                         {"role": "user", "content": next(iter(domain.tasks.values())).request}],
            "tools": [function_schema(t) for t in tools]}
    return len(json.dumps(body)) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smaller runs (a smoke test of the benchmark)")
    parser.add_argument("--model-run", nargs=4, type=int, help=argparse.SUPPRESS)
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args()
    if args.model_run:
        print(json.dumps(model_run(*args.model_run)))
        return
    from tabulate import tabulate

    quick = args.quick
    a = asyncio.run(harness_cpu(trials=2 if quick else 20))
    b = asyncio.run(micro())
    levels = ([(1, 2), (64, 64), (256, 256), (256, 256, 2)] if quick
              else [(1, 2), (64, 128), (256, 512), (256, 512, 2), (1024, 2048)])
    d = model_runs(levels, latency=0.2 if quick else 1.0)
    size = request_size_kb()
    top = max((r for r in d if r["workers"] == 1), key=lambda r: r["concurrency"])
    per_trial_mb = (top["peak_rss_mb"] - top["baseline_rss_mb"]) / top["concurrency"]
    rows = [
        ["(a) harness CPU per oracle trial (sequential)", f"{a['sequential_cpu_ms']:.2f} ms", "<= 10 ms"],
        *[[f"    {phase}", f"{ms:.3f} ms", ""] for phase, ms in a["phases_ms"].items()],
        [f"(a) full oracle run: {a['tasks']} tasks x {a['full_run']['trials'] // a['tasks']} trials",
         f"{a['full_run']['wall_s']:.1f} s ({a['full_run']['trials_per_s']:.0f} trials/s, "
         f"{a['full_run']['cpu_ms_per_trial']:.2f} ms CPU/trial)", "< 120 s"],
        ["(b) world reset (clone of the task template)", f"{b['reset_ms']:.3f} ms", ""],
        [f"(c) one tool call, in-memory MCP session ({b['tool']})", f"{b['tool_call_ms']:.3f} ms", ""],
        ["    final-state snapshot for judging", f"{b['snapshot_ms']:.3f} ms", ""],
        *[[f"(d) fake model {1.0 if not quick else 0.2:.1f} s/call, concurrency {r['concurrency']}"
           f"{', 2 workers' if r['workers'] > 1 else ''} ({r['trials']} trials x {r['calls_per_trial']} calls)",
           f"{r['wall_s']:.1f} s vs ideal {r['ideal_s']:.1f} s = {r['ratio']:.2f}x "
           f"(harness CPU {1000 * r['cpu_s'] / r['model_calls']:.1f} ms/call)",
           "smoke test only" if quick else "<= 1.2x" if r["concurrency"] >= 256 else ""] for r in d],
        ["    agent request size (prompts + tool schemas)", f"{size:.1f} KB", ""],
        [f"(e) peak memory per concurrent trial (at {top['concurrency']})", f"{per_trial_mb:.2f} MB", "< 1 MB"],
    ]
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
          f"{platform.system()} {platform.release()}")
    print(tabulate(rows, headers=["benchmark", "result", "target"], tablefmt="github"))
    if args.json:
        args.json.write_text(json.dumps({"a": a, "b": b, "d": d, "request_kb": size,
                                         "memory_mb_per_trial": per_trial_mb}, indent=2))


if __name__ == "__main__":
    main()
