import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from helpers import EXAMPLE_SRC

ROOT = Path(__file__).resolve().parent.parent


def pytest_configure(config):
    """Hypothesis keeps caches (constants it finds in the source) under ./.hypothesis; the
    property tests keep no example database either (database=None), so nothing is left in
    the tree: its home is a temporary directory, removed at the end."""
    try:
        from hypothesis.configuration import set_hypothesis_home_dir
    except ImportError:
        return
    home = tempfile.mkdtemp(prefix="tb-hypothesis-")
    set_hypothesis_home_dir(home)
    config.add_cleanup(lambda: shutil.rmtree(home, ignore_errors=True))


@pytest.fixture
def host():
    from thinkingbox.engine.discovery import PluginHost

    return PluginHost()


@pytest.fixture
def retail(host):
    (domain,) = host.load_domains(["retail"])
    return domain


@pytest.fixture
def library(host):
    """The example third-party domain, registered in-process (no installation needed)."""
    if str(EXAMPLE_SRC) not in sys.path:
        sys.path.insert(0, str(EXAMPLE_SRC))
    import tb_library.plugin

    import tomllib

    project = tomllib.loads((EXAMPLE_SRC.parent / "pyproject.toml").read_text())["project"]
    return host.add_domain("library", tb_library.plugin.SPEC, version=project["version"])


@pytest.fixture
def fake_openai():
    from fake_openai import FakeOpenAI

    server = FakeOpenAI().start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def core_venv(tmp_path_factory):
    """A throwaway virtual environment with only the core (built as a wheel) and pytest,
    made once per session for the tests that install a domain package next to the core
    alone; they share it, so each installs its own package and leaves the others be.
    `core_venv.run(*cmd, cwd=None)` runs a command in it and returns its stdout (failing
    the test on a non-zero exit). Skips when uv is not installed."""
    import os
    import shutil
    import subprocess
    from types import SimpleNamespace

    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv is needed to build and install wheels")
    env = {**os.environ, "UV_PYTHON_DOWNLOADS": "never"}
    env.pop("VIRTUAL_ENV", None)

    def run(*args, cwd=None):
        args = [str(a) for a in args]
        proc = subprocess.run(args, capture_output=True, text=True, timeout=600, env=env, cwd=cwd)
        assert proc.returncode == 0, f"{' '.join(args)}:\n{proc.stdout}\n{proc.stderr}"
        return proc.stdout

    base = tmp_path_factory.mktemp("core-venv")
    run(uv, "build", "--wheel", "--quiet", "--out-dir", base / "dist", ROOT / "core")
    (wheel,) = (base / "dist").glob("thinkingbox-*.whl")
    venv = base / "venv"
    run(uv, "venv", "--quiet", "--python", sys.executable, venv)
    run(uv, "pip", "install", "--quiet", "--python", venv / "bin" / "python", wheel, "pytest")
    return SimpleNamespace(uv=uv, env=env, run=run, wheel=wheel, bin=venv / "bin", python=venv / "bin" / "python")


@pytest.fixture(scope="module")
def static_url(runs, tmp_path_factory):
    """The static export (`tb report --html`) of the module's `runs` fixture, as a file URL."""
    from helpers import tb

    site = tmp_path_factory.mktemp("site") / "export"
    tb("report", *runs, "--html", site)
    return (site / "index.html").as_uri()


@pytest.fixture(scope="module")
def served_url(runs):
    """`tb view` serving the module's `runs` fixture, for the module's tests."""
    from helpers import served_view

    with served_view(runs) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium, headless (skips the module's browser tests where it is not installed)."""
    from helpers import headless_chromium

    with headless_chromium() as browser:
        yield browser


FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def till(host):
    """A test domain (tests/fixtures/tb_till) with injection tasks and a write that is not
    idempotent, registered in-process."""
    if str(FIXTURES) not in sys.path:
        sys.path.insert(0, str(FIXTURES))
    import tb_till.plugin

    return host.add_domain("till", tb_till.plugin.SPEC, version="0.1")
