"""Plugin discovery: entry points, loading only what is selected, clear errors."""
import pytest

from thinkingbox.errors import ThinkingboxError
from thinkingbox.plugins import PluginHost, installed_domains

ALPHA = '''
from thinkingbox import DomainInfo, hookimpl
@hookimpl
def tb_domain_info():
    return DomainInfo(name="alpha", version="2.0.1", title="Alpha", now="2025-01-01T00:00:00Z")
'''
BETA = 'raise RuntimeError("beta must not be imported unless selected")\n'


@pytest.fixture
def fake_dists(tmp_path, monkeypatch):
    """Two domains published through real entry-point metadata on sys.path."""
    site = tmp_path / "site"
    site.mkdir()
    for name, code in (("alpha", ALPHA), ("beta", BETA)):
        (site / f"tb_{name}.py").write_text(code)
        dist = site / f"tb_{name}-1.0.dist-info"
        dist.mkdir()
        (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: tb-{name}\nVersion: 1.0\n")
        (dist / "entry_points.txt").write_text(f"[thinkingbox.domains]\n{name} = tb_{name}\n")
    monkeypatch.syspath_prepend(str(site))
    return site


def test_entry_points_are_discovered_and_only_selected_domains_load(fake_dists):
    assert {"alpha", "beta", "retail"} <= set(installed_domains())
    host = PluginHost()
    (alpha,) = host.load_domains(["alpha"])  # beta would raise if it were imported
    assert alpha.version == "2.0.1"
    assert set(host.domains) == {"alpha"}
    assert host.pm.get_plugin("beta") is None and host.pm.get_plugin("retail") is None


def test_a_broken_plugin_fails_only_when_selected_with_a_clear_error(fake_dists):
    with pytest.raises(ThinkingboxError, match="domain 'beta' failed to load: RuntimeError"):
        PluginHost().load_domains(["beta"])


def test_unknown_domain_lists_the_installed_ones():
    with pytest.raises(ThinkingboxError) as err:
        PluginHost().load_domains(["bookings"])
    assert "unknown domain 'bookings'" in str(err.value) and "retail" in str(err.value)


def test_domain_hooks_only_reach_their_own_plugin(retail, library):
    assert "lend_book" in library.tools and "lend_book" not in retail.tools
    assert "create_rma" in retail.tools and "create_rma" not in library.tools
    assert library.info.name == "library" and retail.info.name == "retail"
    assert "librarian" in library.system_prompt and "Voltaic Home" in retail.system_prompt
    assert [c.name for c in library.checks(library.tasks["lend-two"])] == ["golden_state"]


def test_core_names_no_domain():
    from pathlib import Path

    core = Path(__file__).resolve().parent.parent / "core" / "src" / "thinkingbox"
    for path in core.rglob("*.py"):
        text = path.read_text().lower()
        for word in ("retail", "voltaic", "booking", "harborlight", "hotel"):
            assert word not in text, (path, word)
