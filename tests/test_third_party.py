"""A third-party domain, built as a wheel and installed into a throwaway environment next
to the core alone, is discovered by `tb domains` and evaluated, with no change to core."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UV = shutil.which("uv")


def sh(*args, **kw):
    proc = subprocess.run(args, capture_output=True, text=True, timeout=600, **kw)
    assert proc.returncode == 0, f"{' '.join(map(str, args))}:\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout


@pytest.mark.skipif(UV is None, reason="uv is needed to build and install wheels")
def test_example_domain_wheel_installs_and_runs(tmp_path):
    dist = tmp_path / "dist"
    sh(UV, "build", "--wheel", "--quiet", "--out-dir", str(dist), str(ROOT / "core"))
    sh(UV, "build", "--wheel", "--quiet", "--out-dir", str(dist), str(ROOT / "examples" / "minimal_domain"))
    wheels = sorted(p.name for p in dist.glob("*.whl"))
    assert [w.split("-")[0] for w in wheels] == ["thinkingbox", "thinkingbox_library"]
    env = {**os.environ, "UV_PYTHON_DOWNLOADS": "never"}
    env.pop("VIRTUAL_ENV", None)
    venv = tmp_path / "venv"
    sh(UV, "venv", "--quiet", "--python", sys.executable, str(venv), env=env)
    python = venv / "bin" / "python"
    sh(UV, "pip", "install", "--quiet", "--python", str(python), *map(str, dist.glob("*.whl")), env=env)
    tb = str(venv / "bin" / "tb")
    domains = sh(tb, "domains", env=env)
    assert "library" in domains and "0.3.0" in domains and "retail" not in domains
    out = sh(tb, "eval", "--domains", "library", "--tasks", "lend-two", "--trials", "3", "--output", str(tmp_path / "r.jsonl"), env=env)
    assert "100.0%" in out
    records = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert len(records) == 3 and all(r["verdict"] and r["domain_version"] == "0.3.0" for r in records)
