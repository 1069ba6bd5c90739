"""What a worker costs beyond its trials (issue 34, item 4): trials dealt in blocks of whole
tasks, the domains loaded once in the fork server, the driver's prepared task worlds
adopted instead of prepared again, records sent as their finished run-file lines, and the
workers' CPU counted in `tb eval`'s figure."""
import asyncio
from collections import Counter

import orjson
import pytest
from helpers import run

from thinkingbox.engine.domain import Domain
from thinkingbox.engine.scheduler import prepare_jobs
from thinkingbox.engine.workers import deal, fork_server_cpu_seconds, prepared_parts, run_in_processes, run_share
from thinkingbox.reporting.records import RecordWriter
from thinkingbox.trials import RunSettings


def test_trials_are_dealt_in_blocks_of_whole_tasks():
    keys = [("d", f"t{t}", n) for t in range(6) for n in range(1, 5)]  # the driver's order: task by task
    shares = deal(keys, 4)
    assert sorted(k for share in shares for k in share) == sorted(keys)
    assert [len(share) for share in shares] == [6, 6, 6, 6]
    workers_per_task = Counter(task for share in shares for task in {k[1] for k in share})
    assert max(workers_per_task.values()) == 2 and sum(workers_per_task.values()) <= 6 + 3
    assert all(share == sorted(share, key=keys.index) for share in shares)  # each share in the run's order
    # trial by trial order (as a resumed run may give): still grouped by task
    interleaved = [("d", f"t{t}", n) for n in range(1, 5) for t in range(6)]
    for share in deal(interleaved, 3):
        assert len({k[1] for k in share}) == 2
    assert deal(keys[:2], 4) == [[keys[0]], [keys[1]]]  # never an empty share


def test_domains_preloaded_by_the_fork_server_serve_only_a_run_of_the_same_domains(monkeypatch):
    from thinkingbox.engine import worker_preload
    from thinkingbox.engine.workers import preload_modules

    monkeypatch.setattr(worker_preload, "_host", None)
    monkeypatch.setattr(worker_preload, "_domains", {})
    worker_preload._load(["no_such_domain"])  # a domain that cannot load: nothing preloaded,
    assert worker_preload._host is None and worker_preload.take(["no_such_domain"]) is None  # (workers load it)
    worker_preload._load(["retail"])
    host, (retail,) = worker_preload.take(["retail"])
    assert retail.name == "retail" and "tasks" in vars(retail) and "server" in vars(retail)  # loaded, built
    assert retail.host is host
    assert worker_preload.take(["retail", "booking"]) is None and worker_preload.take(["booking"]) is None
    assert preload_modules()[-1] == "thinkingbox.engine.worker_preload"  # imported last, after the core


@pytest.mark.slow
@pytest.mark.domains("retail")
def test_a_worker_adopts_the_drivers_prepared_worlds(retail, monkeypatch):
    jobs = run(prepare_jobs([retail], {"dly-001"}, 2, set()))
    parts = prepared_parts(jobs)
    assert set(parts) == {("retail", "dly-001")}
    initial, golden = parts[("retail", "dly-001")][1:3]
    assert any(golden[name] is rows for name, rows in initial.items())  # (untouched tables shared)

    async def never(self, task):
        raise AssertionError(f"the worker prepared {task.id} again")

    monkeypatch.setattr(Domain, "prepare", never)
    records = []
    asyncio.run(run_share(["retail"], [j.key for j in jobs], RunSettings(agent="oracle"), records.append, parts))
    assert sorted((r["task"], r["trial"]) for r in records) == sorted(j.key[1:] for j in jobs)
    assert all(r["verdict"] for r in records)
    assert {r["initial_hash"] for r in records} == {parts[("retail", "dly-001")][3]}


@pytest.mark.slow
@pytest.mark.domains("retail")
def test_worker_processes_send_finished_lines_and_their_cpu_is_counted(retail, tmp_path):
    jobs = run(prepare_jobs([retail], {"ret-fee-001", "dly-001", "ret-001"}, 3, set()))
    writer = RecordWriter(tmp_path / "run.jsonl")
    cpu_before = fork_server_cpu_seconds()
    records = run_in_processes(["retail"], jobs, RunSettings(agent="oracle", concurrency=4), 2, writer)
    writer.close()
    lines = (tmp_path / "run.jsonl").read_bytes().splitlines()
    assert [orjson.loads(line) for line in lines] == records  # written as sent, kept as written
    assert sorted((r["task"], r["trial"]) for r in records) == sorted(j.key[1:] for j in jobs)
    assert all(r["verdict"] for r in records)
    import multiprocessing

    if "forkserver" in multiprocessing.get_all_start_methods():
        assert fork_server_cpu_seconds() > cpu_before  # the workers' CPU, reaped by the fork server
    import os

    from thinkingbox.engine.worker_preload import PRELOAD_ENV

    assert PRELOAD_ENV not in os.environ  # (named in the fork server's environment only)


@pytest.mark.slow
def test_a_worker_starts_with_the_fork_servers_objects_out_of_the_collectors_sight():
    import multiprocessing

    from thinkingbox.engine.workers import preload_modules, start_fork_server, worker_context

    if "forkserver" not in multiprocessing.get_all_start_methods():
        pytest.skip("no fork server on this platform")
    context = worker_context(preload_modules())
    start_fork_server(context, ["retail"])
    reader, sender = context.Pipe(duplex=False)
    # (a builtin for target: the worker cannot import this test module)
    process = context.Process(target=exec, args=("import gc; conn.send(gc.get_freeze_count())", {"conn": sender}))
    process.start()
    sender.close()
    assert reader.poll(60)
    assert reader.recv() > 50_000  # the core, the libraries (and a domain, when preloaded)
    process.join(10)
