"""Every command of the README's quick start and "Using `tb`" list that needs no API key and
has no placeholder runs as written (from a fresh folder) and succeeds. Run files the commands
name but do not write themselves (runs/a.jsonl ...) are made first from the run they do write;
`tb eval ... --output F` repeats the flags of the command that wrote F; `tb eval` commands with
--trials are narrowed with --tasks to keep the test short."""
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.domains("retail", "booking")

README = Path(__file__).resolve().parent.parent / "README.md"
TB = str(Path(sys.executable).parent / "tb")
SECTIONS = ("## Quick start", "## Using `tb`")
NARROW = {"retail": "ret-fee-001", "booking": "hpv-004"}  # hpv-004 has rubric questions


def readme_commands() -> list[str]:
    text = README.read_text()
    commands = []
    for title in SECTIONS:
        body = text.split(title, 1)[1]
        body = re.split(r"\n## ", body, maxsplit=1)[0]
        body = re.split(r"\n### ", body, maxsplit=1)[0]  # the list, not its subsections (models, keys)
        for line in body.splitlines():
            if not line.startswith("    ") or line.startswith("     "):
                continue  # an indented code line only, not a continuation
            command = line.strip().split("  #")[0].strip()
            command = re.sub(r"^pip install uv && uv run ", "", command)
            if command.startswith("tb "):
                commands.append(command)
    return commands


def runnable(command: str) -> bool:
    """No placeholder (`...`, MODEL, KEY) and no model that would need an API key."""
    return "..." not in command and not re.search(r"\b[A-Z]{3,}\b", command) and "openai:" not in command \
        and "llm:" not in command


def narrowed(args: list[str]) -> list[str]:
    if args[:2] != ["tb", "eval"] or "--trials" not in args or "--tasks" in args:
        return args
    domains = args[args.index("--domains") + 1].split(",") if "--domains" in args else list(NARROW)
    return [*args, "--tasks", ",".join(NARROW[d] for d in domains if d in NARROW)]


def test_the_readme_lists_the_commands_this_test_runs():
    commands = readme_commands()
    assert "tb eval --domains retail --agent oracle" in commands
    assert any(c.startswith("tb compare") for c in commands) and any(c.startswith("tb show") for c in commands)
    assert sum(runnable(c) for c in commands) >= 12, commands


@pytest.mark.slow
def test_every_readme_command_without_a_key_or_placeholder_succeeds(tmp_path, monkeypatch):
    for name in ("TB_AGENT", "TB_USER", "TB_JUDGE", "TB_CONFIG", "TB_PERSONA"):
        monkeypatch.delenv(name, raising=False)
    failures, wrote = [], {}
    for command in readme_commands():
        args = shlex.split(command)
        output = args[args.index("--output") + 1] if "--output" in args else None
        if "..." in args and output in wrote:  # `tb eval ... --output F --resume`: the flags that wrote F
            index = args.index("...")
            args = [*args[:index], *wrote[output], *args[index + 1:]]
        if not runnable(" ".join(args)):
            continue
        args = narrowed(args)
        if args[:2] == ["tb", "eval"] and output and "--resume" not in args:
            wrote[output] = [a for i, a in enumerate(args[2:], 2)
                             if a != "--output" and args[i - 1] != "--output"]
        outputs = {args[i + 1] for i, a in enumerate(args[:-1]) if a in ("--output", "--html")}
        for arg in args:  # run files the command reads: made from a run an earlier command wrote
            if arg.endswith(".jsonl") and "*" not in arg and arg not in outputs and not (tmp_path / arg).exists():
                written = sorted((tmp_path / "runs").glob("mine.jsonl")) or sorted((tmp_path / "runs").glob("*.jsonl"))
                assert written, f"{command}: no run written before it to stand in for {arg}"
                shutil.copy(written[0], tmp_path / arg)
        args = [a for arg in args for a in (sorted(str(p.relative_to(tmp_path)) for p in tmp_path.glob(arg))
                                              if "*" in arg else [arg])]  # as a shell would expand it
        print(" ".join(args))
        if args[:2] == ["tb", "view"]:  # a server: it must start and print its URL
            failure = view_starts(args, tmp_path)
            if failure:
                failures.append(f"{' '.join(args)} -> {failure}")
            continue
        proc = subprocess.run([TB, *args[1:]], cwd=tmp_path, capture_output=True, text=True, timeout=120)
        if proc.returncode != 0 or "Traceback" in proc.stderr:
            failures.append(f"{' '.join(args)} -> exit {proc.returncode}\n{proc.stderr[-2000:]}")
    assert not failures, "\n\n".join(failures)


def view_starts(args: list[str], cwd: Path) -> str | None:
    """None if `tb view` (on any free port, not the README's) starts serving, else what it said."""
    proc = subprocess.Popen([TB, *args[1:], "--port", "0"], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        line = proc.stdout.readline()
        if "http://127.0.0.1:" in line:
            return None
        proc.wait(timeout=30)
        return f"exit {proc.returncode}: {line}{proc.stderr.read()[-2000:]}"
    finally:
        proc.kill()
        proc.wait(timeout=10)


@pytest.mark.parametrize("command, expected", [
    ("tb eval ... --output runs/mine.jsonl --resume", False),
    ("tb eval --agent openai:MODEL", False),
    ("tb domains", True),
])
def test_placeholders_are_recognised(command, expected):
    assert runnable(command) is expected
