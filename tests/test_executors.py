"""The executor seam of `tb eval` (engine.executors) and the model-call hook executors
use (models.llm.set_call_slot); the core works, and never imports Ray, without an
executor package."""
import asyncio
import re
import subprocess
import sys
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from thinkingbox.engine import executors
from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.interfaces.cli import main
from thinkingbox.models import llm

pytestmark = pytest.mark.domains("retail")

CORE = Path(__file__).resolve().parent.parent / "core/src/thinkingbox"


def test_an_unknown_executor_lists_the_installed_ones_and_how_to_add_ray(monkeypatch):
    monkeypatch.setattr(executors.importlib.metadata, "entry_points", lambda group: [])
    with pytest.raises(ThinkingboxError, match=r"unknown --executor 'rey'; installed: local; "
                                               r"thinkingbox-ray adds ray \(`uv pip install ./executors/ray` in a Thinkingbox checkout\)"):
        executors.load_executor("rey", {})


@pytest.mark.parametrize("args, message", [
    (["--executor", "nowhere"], "unknown --executor 'nowhere'; installed: local"),
    (["--executor-option", "x=1"], "--executor local takes no --executor-option (got x)"),
    (["--executor-option", "address"], "--executor-option expects KEY=VALUE, got 'address'"),
])
def test_executor_mistakes_are_one_line_errors_before_any_work(args, message, tmp_path, capsys):
    out = tmp_path / "run.jsonl"
    assert main(["eval", "--domains", "retail", "--tasks", "ret-fee-001", *args, "--output", str(out)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and not out.exists()


def test_the_local_executor_by_name_runs_the_trials(tmp_path):
    out = tmp_path / "run.jsonl"
    assert main(["eval", "--domains", "retail", "--tasks", "ret-fee-001,ret-fee-002", "--agent", "oracle",
                 "--executor", "local", "--output", str(out)]) == 0
    assert len(out.read_text().splitlines()) == 3  # the run header and two trials


@pytest.mark.slow
def test_the_core_never_imports_ray_or_an_executor_package():
    pattern = re.compile(r"^\s*(import|from)\s+(ray|thinkingbox_ray)\b", re.M)
    offenders = [str(p) for p in CORE.rglob("*.py") if pattern.search(p.read_text())]
    assert not offenders
    probe = ("import sys\nfrom thinkingbox.interfaces.cli import main\n"
             "main(['eval', '--domains', 'retail', '--tasks', 'ret-fee-001', '--output', sys.argv[1]])\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ray', 'thinkingbox_ray')))")
    with __import__("tempfile").TemporaryDirectory() as tmp:
        proc = subprocess.run([sys.executable, "-c", probe, f"{tmp}/run.jsonl"], capture_output=True, text=True,
                              timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "[]"


def test_the_call_slot_is_held_around_every_request_retries_included(fake_openai):
    fake_openai.script("m", [{"status": 503}, {"content": "hello"}])
    held = []

    @asynccontextmanager
    async def slot(model):
        held.append(("enter", llm.endpoint(model)))
        try:
            yield
        finally:  # (after the reply, or the error of a failed attempt)
            held.append(("exit", fake_openai.peak))

    config = llm.ModelConfig(model="m", base_url=fake_openai.url, backoff_base=0.01)
    llm.set_call_slot(slot)
    try:
        completion = asyncio.run(llm.complete(config, [{"role": "user", "content": "hi"}]))
    finally:
        llm.set_call_slot(None)
    assert completion.content == "hello" and completion.attempts == 2
    endpoint = f"{fake_openai.url} m"
    assert held == [("enter", endpoint), ("exit", 1), ("enter", endpoint), ("exit", 1)]
    assert llm.call_slot is None
