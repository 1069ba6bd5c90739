import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_SRC = ROOT / "examples" / "minimal_domain" / "src"


@pytest.fixture
def host():
    from thinkingbox.plugins import PluginHost

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

