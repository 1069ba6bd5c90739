"""A third-party domain, built as a wheel and installed into a throwaway environment next
to the core alone, is discovered by `tb domains` and evaluated, with no change to core.
The environment (the `core_venv` fixture in conftest.py) is built once per session."""
import pytest
from pathlib import Path
from helpers import record_lines


ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.domains("retail")
@pytest.mark.slow
def test_example_domain_wheel_installs_and_runs(core_venv, tmp_path):
    dist = tmp_path / "dist"
    core_venv.run(core_venv.uv, "build", "--wheel", "--quiet", "--out-dir", dist, ROOT / "examples" / "minimal_domain")
    (wheel,) = dist.glob("*.whl")
    assert wheel.name.startswith("thinkingbox_library-0.3.0-")
    core_venv.run(core_venv.uv, "pip", "install", "--quiet", "--python", core_venv.python, wheel)
    tb = core_venv.bin / "tb"
    domains = core_venv.run(tb, "domains")
    assert "library" in domains and "0.3.0" in domains and "retail" not in domains
    out = core_venv.run(tb, "eval", "--domains", "library", "--tasks", "lend-two", "--trials", "3",
                        "--output", tmp_path / "r.jsonl")
    assert "100.0%" in out
    records = record_lines(tmp_path / "r.jsonl")
    assert len(records) == 3 and all(r["verdict"] and r["domain_version"] == "0.3.0" for r in records)
