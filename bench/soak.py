"""The fault soak (issue 15): many trials against a faulty fake model while worker processes
and tool servers are killed at random; then the run files are resumed until no error is
left, and checked: no trial lost, none counted twice, no tool call executed twice within a
recorded trial, every errored trial counted and run again. Not a timed test.

    uv run python bench/soak.py                  # 10,000 trials + a stdio sample of 202
    uv run python bench/soak.py --trials 300 --stdio 40          # a short soak
    uv run nox -s soak -- --trials 300 --stdio 40                  (no Ray part: nox installs no Ray)

What it does:
  * starts bench/fake_faulty_model.py (the tasks' reference solutions, with a seeded mix of
    429s, 5xx, replies past the client timeout, malformed bodies and dropped connections);
  * runs `tb eval --agent openai:soak --workers W` (subprocesses) over tasks of every
    domain, three times: tools in memory and over HTTP (`--trials` shared between them),
    and over stdio (`--stdio` trials, one `tb serve` process per trial); then with a command
    agent (`--command` trials, bench/soak_agent.py: on a trial's first attempt it may stay
    silent while a child holds its pipes, flood log lines, or fork and exit; later attempts
    replay the reference solution), checking that no agent process outlives its run; then,
    when Ray and thinkingbox-ray are importable, with `--executor ray` (`--ray` trials);
  * every tb eval gets the soak's own `--max-consecutive-errors` (default 500): an aborted
    HTTP server fails all the trials it serves at once, a burst that must not stop the run;
  * meanwhile, at random (exponential) intervals: SIGKILLs a random worker process; in the
    HTTP run, makes a worker's in-process HTTP tool servers abort (SIGUSR1, honoured only
    with the test hook TB_TEST_ABORT_HTTP_ON_SIGUSR1, see interfaces/serve.py); in the
    stdio run, SIGKILLs random `tb serve` processes; in the Ray run, SIGKILLs random
    TrialWorker actor processes;
  * resumes each run file once (`--resume`: a trial missing now was lost, not counted),
    then `--resume --retry-errors` until no trial's latest attempt is an error (at most
    --rounds times), the faults still on (a retry appends a new attempt; the errored one
    stays in the file for audit, and readers count the latest);
  * checks the final files: each planned (domain, task, trial) is counted exactly once (one
    latest attempt, at most one finished attempt, as `read_records` and so `tb report`
    see it), every errored trial got a new attempt in the next retry round, no earlier
    line changed; every attempt's tool calls, replayed
    once on a fresh world, give exactly the record's side effects (a call executed twice, or
    one executed but not recorded, would differ), call ids are unique and every tool event
    answers one call; after every command-agent run, that no process of the agents is left
    running (any found is counted, then killed); and prints a table of figures. Exit status 1
    when a check fails, a tb eval hangs or is stopped by --max-consecutive-errors.

On a loaded 2-core machine a command-agent trial takes tens of seconds, so at the default
fault intervals most first attempts meet a fault (an aborted HTTP server, a killed worker)
and the part needs more retry rounds than the others: `--rounds 16`.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TB = [sys.executable, "-m", "thinkingbox.interfaces.cli"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def live_processes() -> dict[int, tuple[int, str]]:
    """pid -> (parent pid, command line) of every live (not zombie) process."""
    procs = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[0] != "Z":
            procs[int(entry)] = (int(fields[1]), cmd)
    return procs


def descendants(pid: int) -> list[tuple[int, int, str]]:
    """(pid, parent pid, command line) of every live descendant of `pid`."""
    procs = live_processes()
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        for child, (ppid, cmd) in procs.items():
            if ppid == parent:
                found.append((child, ppid, cmd))
                frontier.append(child)
    return found


def catches(pid: int, signum: int) -> bool:
    """Whether the process has a handler for the signal (else SIGUSR1 would kill it)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("SigCgt:"):
                return bool(int(line.split()[1], 16) >> (signum - 1) & 1)
    except OSError:
        pass
    return False


class Chaos(threading.Thread):
    """Kills things under one `tb eval` process at random times until told to stop."""

    def __init__(self, proc: subprocess.Popen, part: str, args: argparse.Namespace, rng: random.Random,
                 kills: Counter):
        super().__init__(daemon=True)
        self.proc, self.part, self.args, self.rng, self.kills = proc, part, args, rng, kills
        self.stopped = threading.Event()

    def targets(self, kind: str) -> tuple[list[int], int]:
        tree = descendants(self.proc.pid)
        workers = [p for p, ppid, cmd in tree if ppid == self.proc.pid and "spawn_main" in cmd]
        if kind == "worker killed":
            return workers, signal.SIGKILL
        if kind == "Ray worker killed":  # the trial-running actors (children of the run's raylet)
            return [p for p, _, cmd in tree if cmd.startswith("ray::TrialWorker")], signal.SIGKILL
        if kind == "HTTP tool server aborted":
            return [p for p in workers if catches(p, signal.SIGUSR1)], signal.SIGUSR1
        return [p for p, _, cmd in tree if "thinkingbox.interfaces.cli serve" in cmd], signal.SIGKILL

    def run(self) -> None:
        a = self.args
        faults = [("Ray worker killed" if self.part == "ray" else "worker killed", a.kill_every)]
        if self.part in ("http", "command"):
            faults.append(("HTTP tool server aborted", a.abort_every))
        if self.part == "stdio":
            faults.append(("stdio tool server killed", a.serve_kill_every))
        faults = [(kind, every) for kind, every in faults if every > 0]
        if not faults:
            return
        rate = sum(1 / every for _, every in faults)
        while not self.stopped.wait(self.rng.expovariate(rate)):
            x, kind = self.rng.random() * rate, faults[-1][0]
            for k, every in faults:
                if x < 1 / every:
                    kind = k
                    break
                x -= 1 / every
            targets, signum = self.targets(kind)
            while not targets and not self.stopped.wait(0.2):  # (workers still starting: wait for one)
                targets, signum = self.targets(kind)
            if targets:
                try:
                    os.kill(self.rng.choice(targets), signum)
                    self.kills[kind] += 1
                except ProcessLookupError:
                    pass


def read(path: Path) -> list[dict]:
    if not path.exists():
        return []
    lines = (json.loads(line) for line in path.read_text().splitlines() if line.strip())
    return [line for line in lines if "run_header" not in line]  # trial records only


def key(record: dict) -> tuple[str, str, int]:
    return (record["domain"], record["task"], record["trial"])


def latest(records: list[dict]) -> list[dict]:
    """The latest attempt of each trial: `--retry-errors` appends a re-run and keeps the
    errored attempt for audit; readers count the latest."""
    return list({key(r): r for r in records}.values())


def leftover_agents(tag: str) -> list[int]:
    """Processes of the soak's command agents still running (their command lines carry `tag`)."""
    return [pid for pid, (_, cmd) in live_processes().items() if tag in cmd and pid != os.getpid()]


def tb_eval(run_file: Path, part: dict, tasks: list[str], trials: int, args: argparse.Namespace, config: Path,
            rng: random.Random, kills: Counter, extra: list[str], log) -> dict:
    """One `tb eval` under chaos; returns how it ended (and, for command agents, how many of
    their processes it left running: they are killed here)."""
    cmd = [*TB, "eval", "--config", str(config), "--agent", part["agent"], "--judge", "rules",
           "--tasks", ",".join(tasks), "--trials", str(trials), "--workers", str(args.workers),
           "--concurrency", str(part["concurrency"]), "--tool-transport", part["transport"],
           "--max-consecutive-errors", str(args.max_consecutive_errors), "--output", str(run_file),
           *part["flags"], *extra]
    env = {**os.environ, "TB_TEST_ABORT_HTTP_ON_SIGUSR1": "1", "RAY_USAGE_STATS_ENABLED": "0"}
    started = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=log, stderr=log, env=env, start_new_session=True, cwd=ROOT)
    chaos = Chaos(proc, part["name"], args, rng, kills)
    chaos.start()
    try:
        code = proc.wait(timeout=args.hang_after)
        hung = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        code, hung = proc.wait(), True
    chaos.stopped.set()
    chaos.join()
    left = []
    if part.get("tag"):
        time.sleep(0.5)  # (a group being ended as the run exits)
        left = leftover_agents(part["tag"])
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    return {"exit": code, "hung": hung, "wall_s": time.monotonic() - started, "agents left": len(left)}


class Replayer:
    """Replays a record's tool calls once on a fresh world and compares the side effects."""

    def __init__(self):
        from thinkingbox.engine.discovery import PluginHost

        self.host = PluginHost()
        self.domains: dict = {}
        self.worlds: dict = {}

    async def effects(self, domain_name: str, task_id: str, calls: list) -> list:
        from thinkingbox.engine.verdicts import apply_calls

        if domain_name not in self.domains:
            (self.domains[domain_name],) = self.host.load_domains([domain_name])
        domain = self.domains[domain_name]
        if (domain_name, task_id) not in self.worlds:
            self.worlds[(domain_name, task_id)] = await domain.prepare(domain.task(task_id))
        tw = self.worlds[(domain_name, task_id)]
        world = domain.new_world(tw)
        try:
            await apply_calls(domain, world, calls)
            return [e.to_json() for e in domain.side_effects(tw.initial, world.snapshot(tw.initial))]
        finally:
            world.close()

    async def problems(self, record: dict) -> list[str]:
        """What is wrong with the record's tool calls (empty: each ran exactly once)."""
        from thinkingbox.models.prompts import END_TOOL_NAME
        from thinkingbox.contract.tasks import ToolCall

        calls, answered, found = {}, [], []
        for event in record["trajectory"]:
            if event["role"] == "assistant":
                for call in event.get("tool_calls", []):
                    if call["id"] in calls:
                        found.append(f"call id {call['id']} requested twice")
                    calls[call["id"]] = call
            elif event["role"] == "tool":
                if event["tool_call_id"] not in calls:
                    found.append(f"tool event for unknown call {event['tool_call_id']}")
                elif event["tool_call_id"] in answered:
                    found.append(f"call {event['tool_call_id']} ({event['name']}) executed twice")
                answered.append(event["tool_call_id"])
        executed = [c for c in answered if c in calls and calls[c]["name"] != END_TOOL_NAME]
        if record["finish_reason"] != "error" and len(executed) != record["counts"]["tool_calls"]:
            found.append(f"{len(executed)} tool events, counts say {record['counts']['tool_calls']}")

        def as_calls(ids: list[str]) -> list:
            return [ToolCall(tool=calls[c]["name"], args=calls[c]["arguments"]) for c in ids
                    if isinstance(calls[c]["arguments"], dict)]

        candidates = [as_calls(executed)]
        if record["finish_reason"] == "error":
            # A trial that failed in the middle of a tool call: that call may or may not have
            # run before the failure (its result never came back), once.
            in_flight = [c for c in calls if c not in answered and calls[c]["name"] != END_TOOL_NAME]
            candidates += [as_calls(executed + in_flight[:n]) for n in range(1, len(in_flight) + 1)]
        if record["trajectory"]:
            replayed = [await self.effects(record["domain"], record["task"], c) for c in candidates]
            if not any(canon(r) == canon(record["effects"]) for r in replayed):
                found.append("side effects differ from the recorded calls replayed once")
        return found


def canon(effects: list) -> str:
    return json.dumps(sorted(json.dumps(e, sort_keys=True, default=str) for e in effects))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", type=int, default=10_000, help="trials with tools in memory and over HTTP, "
                        "half each (default 10,000)")
    parser.add_argument("--stdio", type=int, default=202, help="trials with stdio tool servers (default 202)")
    parser.add_argument("--command", type=int, default=400,
                        help="trials with a command agent (bench/soak_agent.py) that misbehaves on a trial's first "
                        "attempt at random: silent with a child holding its pipes, flooding log lines, forking "
                        "(default 400)")
    parser.add_argument("--ray", type=int, default=1000,
                        help="trials with --executor ray, its worker actors killed at random (default 1,000; "
                        "skipped when Ray or thinkingbox-ray is not importable)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--command-concurrency", type=int, default=8,
                        help="trials at once with command agents (a Python process each; default 8)")
    parser.add_argument("--agent-timeout", type=float, default=30.0,
                        help="tb eval --agent-timeout for the command agents (default 30 s: a proper agent, a "
                        "Python process importing an MCP client, must not time out on a loaded 2-core machine)")
    parser.add_argument("--max-consecutive-errors", type=int, default=500,
                        help="passed to every tb eval: the soak's own faults come in bursts (an aborted HTTP "
                        "server fails every trial it serves at once), which must not stop a run (default 500)")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--kill-every", type=float, default=20.0, help="mean seconds between worker kills")
    parser.add_argument("--abort-every", type=float, default=15.0, help="mean seconds between HTTP server aborts")
    parser.add_argument("--serve-kill-every", type=float, default=10.0,
                        help="mean seconds between stdio server kills")
    parser.add_argument("--rounds", type=int, default=8, help="--retry-errors rounds at most")
    parser.add_argument("--hang-after", type=float, default=3600, help="seconds before one tb eval counts as hung")
    parser.add_argument("--out", type=Path, help="folder for run files and logs (default runs/soak-TIME)")
    parser.add_argument("--model-arg", action="append", default=[], metavar="ARG",
                        help="passed to fake_faulty_model.py, e.g. --model-arg=--rate-drop=0.05")
    args = parser.parse_args()
    from tabulate import tabulate
    from thinkingbox.engine.discovery import PluginHost, installed_domains
    from thinkingbox.reporting.records import read_records  # what tb report counts

    rng = random.Random(args.seed)
    out = args.out or ROOT / "runs" / time.strftime("soak-%Y%m%d-%H%M%S")
    out.mkdir(parents=True, exist_ok=True)
    host = PluginHost()
    tasks = [(d.name, t) for d in host.load_domains(sorted(installed_domains())) for t in sorted(d.tasks)]
    # tasks of every domain, interleaved, so that a subset still covers them all
    by_domain: dict[str, list] = {}
    for d, t in tasks:
        by_domain.setdefault(d, []).append(t)
    mixed = [(d, ts[i]) for i in range(max(map(len, by_domain.values()))) for d, ts in by_domain.items()
             if i < len(ts)]

    def plan(total: int) -> tuple[list[str], int]:
        chosen = mixed[:max(1, min(total, len(mixed)))]
        return [t for _, t in chosen], max(1, -(-total // len(chosen)))

    port = free_port()
    config = out / "soak.toml"
    config.write_text(f'[agent]\nbase_url = "http://127.0.0.1:{port}/v1"\ntimeout = 1.0\nmax_attempts = 6\n'
                      "backoff_base = 0.02\nbackoff_max = 0.3\n")
    model = subprocess.Popen([sys.executable, str(HERE / "fake_faulty_model.py"), str(port), "--seed", str(args.seed),
                              "--timeout-delay", "1.5", *args.model_arg], stdout=subprocess.PIPE, text=True)
    assert model.stdout.readline().strip() == "ready"
    started = time.monotonic()
    kills: Counter = Counter()
    figures, failures = [], []
    replayer = Replayer()
    log = open(out / "tb.log", "a")
    def part(name: str, transport: str, total: int, **more) -> dict:
        return {"name": name, "transport": transport, "agent": "openai:soak", "concurrency": args.concurrency,
                "flags": [], "plan": plan(total) if total > 0 else ([], 0), **more}

    parts = [part("memory", "memory", args.trials // 2), part("http", "http", args.trials - args.trials // 2),
             part("stdio", "stdio", args.stdio)]
    if args.command > 0:
        agents = out / "command-agents"  # the agent's files; its processes carry this path
        loaded = {d.name: d for d in host.load_domains(sorted(by_domain))}
        for domain_name, task_id in mixed:
            task = loaded[domain_name].task(task_id)
            steps = [{"say": st.say} if st.say else {"tool": st.tool, "args": dict(st.args)} for st in task.solution]
            path = agents / "actions" / domain_name / f"{task_id}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps([*steps, {"final": task.final_message}]))
        parts.append(part("command", "http", args.command, tag=str(agents), concurrency=args.command_concurrency,
                          agent=f"command:{sys.executable} {HERE / 'soak_agent.py'} {agents}",
                          flags=["--agent-timeout", str(args.agent_timeout), "--agent-time-limit", "120"]))
    if args.ray > 0:
        try:
            import ray  # noqa: F401
            import thinkingbox_ray  # noqa: F401
            parts.append(part("ray", "memory", args.ray, flags=["--executor", "ray",
                                                                 "--executor-option", f"num_cpus={args.workers}"]))
        except ImportError:
            print("soak: Ray or thinkingbox-ray is not importable here: no Ray part (uv run has both; "
                  "the nox session installs neither)", file=sys.stderr)
    try:
        for p in parts:
            task_ids, trials = p["plan"]
            transport = p["name"]
            if not trials or not task_ids:
                continue
            run_file = out / f"{transport}.jsonl"
            t0 = time.monotonic()
            planned = {(d, t, n) for d, t in mixed if t in task_ids for n in range(1, trials + 1)}
            print(f"soak: {transport}: {len(planned)} trials ({len(task_ids)} tasks x {trials})", file=sys.stderr)
            passes = [tb_eval(run_file, p, task_ids, trials, args, config, rng, kills, [], log)]
            first = latest(read(run_file))
            lost_first = len(planned - {key(r) for r in first})
            errored_first = sum(r["finish_reason"] == "error" for r in first)
            seen_errors: dict = {}   # key -> the errored records seen before a retry
            not_rerun: set = set()   # errored trials a retry round did not run again
            changed = 0              # retry rounds that changed records they should have kept
            passes.append(tb_eval(run_file, p, task_ids, trials, args, config, rng, kills, ["--resume"], log))
            rounds = 0
            while True:
                records = read(run_file)
                errored = [r for r in latest(records) if r["finish_reason"] == "error"]
                if (not errored and planned <= {key(r) for r in records}) or rounds >= args.rounds:
                    break
                for r in errored:
                    seen_errors.setdefault(key(r), []).append(r)
                rounds += 1
                passes.append(tb_eval(run_file, p, task_ids, trials, args, config, rng, kills,
                                      ["--resume", "--retry-errors"], log))
                # the retry keeps every record as it was and appends one new attempt for each
                # errored trial
                after = read(run_file)
                if after[:len(records)] != records:
                    changed += 1
                not_rerun |= {key(r) for r in errored} - {key(r) for r in after[len(records):]}
            attempts = read(run_file)
            final = latest(attempts)
            counts = Counter(key(r) for r in attempts if r["finish_reason"] != "error")  # finished attempts
            lost = planned - {key(r) for r in final}
            twice = [k for k, n in counts.items() if n > 1]
            counted = Counter(key(r) for r in read_records(run_file))
            twice += [k for k, n in counted.items() if n > 1 and k not in twice]
            lost |= planned - set(counted)
            unplanned = {key(r) for r in attempts} - planned
            checked = attempts  # every attempt, the errored ones kept for audit included
            double = []
            for r in checked:
                problems = asyncio.run(replayer.problems(r))
                if problems:
                    double.append((key(r), problems))
            error_kinds = Counter(r["error"].split(" after ")[0].replace("soak: ", "")[:90]
                                  for rs in seen_errors.values() for r in rs)
            failed_verdicts = sum(not r["verdict"] for r in final if r["finish_reason"] != "error")
            row = {"transport": transport, "planned": len(planned), "recorded": len(final),
                   "attempts in the file": len(attempts),
                   "missing after the first run": lost_first, "errored in the first run": errored_first,
                   "errored attempts (all rounds)": sum(map(len, seen_errors.values())),
                   "retry rounds": rounds, "errors left": sum(r["finish_reason"] == "error" for r in final),
                   "lost": len(lost), "counted twice": len(twice), "unplanned": len(unplanned),
                   "errored, not re-run": len(not_rerun), "earlier records changed by a retry": changed,
                   "records checked by replay": len(checked),
                   "double-executed or unrecorded calls": len(double),
                   "finished but failed verdict": failed_verdicts,
                   "tb eval hung": sum(r["hung"] for r in passes),
                   "tb eval stopped by --max-consecutive-errors": sum(r["exit"] == 3 for r in passes),
                   "agent processes left running": sum(r["agents left"] for r in passes),
                   "tb eval exit statuses": dict(Counter(r["exit"] for r in passes)),
                   "wall s": round(time.monotonic() - t0, 1), "error kinds": dict(error_kinds)}
            figures.append(row)
            (out / f"{transport}.problems.json").write_text(json.dumps(
                {"lost": sorted(lost), "twice": twice, "not_rerun": sorted(not_rerun), "double": double}, indent=1,
                default=str))
            if (lost or twice or unplanned or not_rerun or changed or double or row["errors left"] or row["tb eval hung"]
                    or row["tb eval stopped by --max-consecutive-errors"] or row["agent processes left running"]):
                failures.append(transport)
        stats = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/stats", timeout=10).read())
    finally:
        model.terminate()
        model.wait()
        log.close()
    wall = time.monotonic() - started
    keys = [k for k in figures[0] if k not in ("transport", "error kinds")] if figures else []
    print(tabulate([[k, *(f[k] for f in figures)] for k in keys],
                   headers=["", *(f["transport"] for f in figures)], tablefmt="github"))
    print()
    print(tabulate([["model requests", stats.get("requests", 0)],
                    *[[f"  fault: {k}", stats.get(k, 0)] for k in ("429", "429 with Retry-After", "5xx", "timeout",
                                                                    "malformed", "drop")],
                    *[[f"kills: {k}", n] for k, n in sorted(kills.items())],
                    ["trials planned", sum(f["planned"] for f in figures)],
                    ["wall time", f"{wall:.0f} s"]], tablefmt="github"))
    for f in figures:
        print(f"errors by kind ({f['transport']}): {f['error kinds']}")
    (out / "figures.json").write_text(json.dumps({"runs": figures, "model": stats, "kills": kills, "wall_s": wall},
                                                 indent=1))
    print(f"soak: {'FAILED: ' + ', '.join(failures) if failures else 'all checks passed'} ({out})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
