"""The core's layers (docs/architecture.md): the import contracts in pyproject.toml hold, and
they cover every package of the core."""
import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "core" / "src" / "thinkingbox"
PUBLIC = {"contract", "kit", "trials", "testing"}


def _contracts() -> list[dict]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]


def test_import_contracts_hold():
    """Layers kept, no import circles, integrations and executors import only the public API
    (a private import of theirs, or an upward import in the core, fails here with the chain)."""
    missing = [p for p in ("importlinter", "thinkingbox_ray", "thinkingbox_inspect") if importlib.util.find_spec(p) is None]
    if missing:   # the workspace has them all; `nox -s core` installs the core alone
        pytest.skip(f"{', '.join(missing)} not installed (the contracts cover the integrations)")
    lint = Path(sys.executable).parent / "lint-imports"
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "broken" not in done.stdout.lower().split("contracts:")[-1].replace("0 broken", "")


def test_every_core_package_has_a_layer_and_private_ones_are_forbidden_to_integrations():
    names = {p.stem for p in CORE.iterdir()
             if (p.is_dir() and (p / "__init__.py").exists()) or (p.suffix == ".py" and p.stem != "__init__")}
    layers = next(c for c in _contracts() if c["type"] == "layers")["layers"]
    layered = {part.strip().removeprefix("thinkingbox.") for layer in layers for part in layer.split("|")}
    assert names <= layered, f"core modules without a layer in pyproject.toml: {sorted(names - layered)}"
    forbidden = next(c for c in _contracts() if c["type"] == "forbidden")
    assert set(forbidden["source_modules"]) == {"thinkingbox_ray", "thinkingbox_inspect"}
    private = {f"thinkingbox.{name}" for name in names - PUBLIC}
    assert private <= set(forbidden["forbidden_modules"]), sorted(private - set(forbidden["forbidden_modules"]))
