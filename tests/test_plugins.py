"""The plugin contract: discovery through entry points, loading only what is selected, and
every plugin mistake reported loudly, naming the plugin."""
import textwrap

import pytest

from thinkingbox.interfaces.cli import main
from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.contract.errors import PluginError
from thinkingbox.engine.discovery import PluginHost, installed_domains


# A complete domain in one module, published as a spec; {name} and {extra} are filled in.
SPEC_MODULE = '''
from sqlmodel import Field
from thinkingbox import DomainSpec, World, read_tool, table_base, write_tool

Base = table_base("{name}")

class Item(Base, table=True):
    __tablename__ = "items"
    id: str = Field(primary_key=True)
    done: bool = False

@read_tool
def get_item(world: World, item_id: str) -> dict:
    """Read one item."""
    return world.require(Item, item_id, "item").model_dump()

@write_tool
def finish_item(world: World, item_id: str) -> dict:
    """Mark an item done."""
    return world.update(world.require(Item, item_id, "item"), done=True).model_dump()

{extra}

SPEC = {spec_class}(name="{name}", title="{name} domain", now="2025-01-01T00:00:00Z", package="tb_{name}",
    tables=Base, fixtures=lambda: [Item(id="I1"), Item(id="I2")], tools=TOOLS, prompt="Now is {{now}}.",
    policy_search=False)
'''
TASKS = '''{"family": "items", "tasks": [{"id": "finish-one", "request": "Finish I1 please.",
  "solution": [{"tool": "finish_item", "args": {"item_id": "I1"}}], "final_message": "Done."}]}'''


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A folder on sys.path where tests publish plugins through real entry-point metadata."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    return folder


def publish(site, name, code, group="thinkingbox.domains", entry=None, version="1.0", tasks=TASKS):
    """Write package tb_NAME (code in its __init__, tasks in tasks/) with a dist-info."""
    package = site / f"tb_{name}"
    package.mkdir()
    (package / "__init__.py").write_text(textwrap.dedent(code))
    if tasks is not None:
        (package / "tasks").mkdir()
        (package / "tasks" / "items.json").write_text(tasks)
    dist = site / f"tb_{name}-{version}.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: tb-{name}\nVersion: {version}\n")
    (dist / "top_level.txt").write_text(f"tb_{name}\n")
    (dist / "entry_points.txt").write_text(f"[{group}]\n{name} = {entry or f'tb_{name}:SPEC'}\n")


def spec_module(name, extra="", tools="[get_item, finish_item]", spec_class="DomainSpec"):
    return SPEC_MODULE.format(name=name, extra=extra + f"\nTOOLS = {tools}", spec_class=spec_class)


@pytest.mark.domains("retail")
def test_entry_points_are_discovered_only_selected_domains_load_and_version_is_the_dists(site):
    publish(site, "alpha", spec_module("alpha"), version="2.0.1")
    publish(site, "beta", 'raise RuntimeError("beta must not be imported unless selected")\n', tasks=None)
    assert {"alpha", "beta", "retail"} <= set(installed_domains())
    host = PluginHost()
    (alpha,) = host.load_domains(["alpha"])  # beta would raise if it were imported
    assert alpha.version == "2.0.1"
    assert set(host.domains) == {"alpha"} and host.pm.get_plugin("retail") is None
    assert [t for t in alpha.tasks] == ["finish-one"] and set(alpha.tools) == {"get_item", "finish_item"}


@pytest.mark.domains("retail")
@pytest.mark.slow
def test_a_broken_domain_is_a_row_and_never_breaks_commands_that_do_not_select_it(site, capsys, tmp_path):
    publish(site, "beta", 'raise RuntimeError("beta is broken")\n', tasks=None)
    publish(site, "gamma", spec_module("gamma"), tasks='{"family": "x", "tasks": [{"id": "t"}]}')
    with pytest.raises(PluginError, match="domain 'beta' failed to load: RuntimeError: beta is broken"):
        PluginHost().load_domains(["beta"])
    assert main(["domains"]) == 1
    out = capsys.readouterr().out
    assert "beta" in out and "broken" in out and "RuntimeError: beta is broken" in out
    assert "gamma" in out and "field 'request'" in out  # a bad task file: named file, task and field
    assert "retail" in out and str(len(PluginHost().load_domains(["retail"])[0].tasks)) in out
    # Without --domains, healthy domains still run; each broken one is a warning.
    assert main(["validate", "--tasks", "ret-fee-001"]) == 0
    err = capsys.readouterr().err
    assert "skipping broken domain 'beta'" in err and "skipping broken domain 'gamma'" in err
    assert main(["eval", "--tasks", "ret-fee-001", "--output", str(tmp_path / "r.jsonl")]) == 0
    # Selected explicitly, a broken domain is an error naming it.
    assert main(["validate", "--domains", "gamma"]) == 2
    assert "tasks/items.json" in capsys.readouterr().err


@pytest.mark.slow
def test_a_domain_whose_reference_fails_is_broken_and_skipped_unless_named(site, capsys, tmp_path):
    failing = TASKS.replace('"I1"}}]', '"I9"}}]')     # the reference finishes an item that does not exist
    publish(site, "epsilon", spec_module("epsilon"), tasks=failing)
    assert main(["domains"]) == 1
    out = capsys.readouterr().out
    assert "epsilon" in out and "broken" in out and "finish-one" in out and "solution[0]" in out
    assert main(["domains", "--quick"]) == 0                # references not run: it loads, so it is listed
    assert "epsilon" in capsys.readouterr().out
    # Without --domains: a warning, and the other domains run.
    assert main(["eval", "--tasks", "ret-fee-001,finish-one", "--output", str(tmp_path / "r.jsonl")]) == 0
    err = capsys.readouterr().err
    assert "skipping broken domain 'epsilon'" in err and "reference call finish_item failed" in err
    assert '"task":"ret-fee-001"' in (tmp_path / "r.jsonl").read_text()
    assert main(["validate", "--tasks", "ret-fee-001,finish-one"]) == 1   # validate reports it as a task problem
    out = capsys.readouterr().out
    assert "finish-one" in out and "reference call finish_item failed" in out
    # Named, it is an error naming the task.
    assert main(["eval", "--domains", "epsilon", "--output", str(tmp_path / "e.jsonl")]) == 2
    assert "finish-one" in capsys.readouterr().err


@pytest.mark.domains("retail")
def test_unknown_domain_lists_the_installed_ones():
    with pytest.raises(ThinkingboxError) as err:
        PluginHost().load_domains(["bookings"])
    assert "unknown domain 'bookings'" in str(err.value) and "retail" in str(err.value)


def test_a_misspelt_hook_is_an_error_naming_plugin_and_hook(site):
    extra = '''
class MySpec(DomainSpec):
    def tb_tasks_files(self):
        return []
'''
    publish(site, "delta", spec_module("delta", extra=extra, spec_class="MySpec"))
    with pytest.raises(PluginError, match="domain 'delta'.*unknown hook 'tb_tasks_files'; did you mean 'tb_task_files'"):
        PluginHost().load_domains(["delta"])


def test_a_hook_without_the_hookimpl_marker_is_an_error(site):
    extra = '''
class MySpec(DomainSpec):
    def tb_system_prompt(self, now):
        return "Now is " + now
'''
    publish(site, "omicron", spec_module("omicron", extra=extra, spec_class="MySpec"))
    with pytest.raises(PluginError, match="domain 'omicron'.*tb_system_prompt is not marked.*@thinkingbox.hookimpl"):
        PluginHost().load_domains(["omicron"])


def test_a_marked_hook_with_an_unknown_name_is_an_error(site):
    code = '''
from thinkingbox import hookimpl

@hookimpl
def agents_please():
    return {}
'''
    publish(site, "ext", code, group="thinkingbox.plugins", entry="tb_ext", tasks=None)
    with pytest.raises(PluginError, match="plugin 'ext'.*unknown hook 'agents_please'"):
        PluginHost()


def test_an_extension_may_not_describe_a_domain(site):
    code = '''
from thinkingbox import hookimpl

@hookimpl
def tb_tools():
    return []
'''
    publish(site, "hijack", code, group="thinkingbox.plugins", entry="tb_hijack", tasks=None)
    with pytest.raises(PluginError, match="extension plugin 'hijack' .*implements tb_tools"):
        PluginHost()


def test_an_extension_that_fails_to_import_names_itself(site):
    publish(site, "oops", "import not_a_module_anywhere\n", group="thinkingbox.plugins", entry="tb_oops", tasks=None)
    with pytest.raises(PluginError, match="extension plugin 'oops' .*failed to load: ModuleNotFoundError"):
        PluginHost()


def test_a_tool_without_description_is_an_error_and_fails_validate(site, capsys):
    extra = '''
@read_tool
def count_items(world: World) -> int:
    return len(world.rows(Item))
'''
    publish(site, "eps", spec_module("eps", extra=extra, tools="[get_item, finish_item, count_items]"))
    (eps,) = PluginHost().load_domains(["eps"])
    with pytest.raises(PluginError, match="domain 'eps': tool.s. without a description: count_items"):
        eps.tools
    assert main(["validate", "--domains", "eps"]) == 2
    assert "count_items" in capsys.readouterr().err


def test_a_domain_with_no_tools_or_no_tasks_fails_validate(site, capsys):
    publish(site, "zeta", spec_module("zeta", tools="[]"))
    assert main(["validate", "--domains", "zeta"]) == 2
    assert "domain 'zeta': tb_tools returned no tools" in capsys.readouterr().err
    publish(site, "eta", spec_module("eta"), tasks='{"family": "items", "tasks": []}')
    assert main(["validate", "--domains", "eta"]) == 1
    assert "the domain has no tasks" in capsys.readouterr().out


def test_spec_and_entry_point_names_must_agree(site):
    publish(site, "theta", spec_module("theta").replace('name="theta"', 'name="iota"'))
    with pytest.raises(PluginError, match="domain 'theta': its entry point names a spec called 'iota'"):
        PluginHost().load_domains(["theta"])


def test_tables_on_the_shared_registry_collide_with_a_clear_error(site):
    shared = '''
from sqlmodel import Field, SQLModel

class Book(SQLModel, table=True):
    __tablename__ = "tb_test_shared_books"
    id: str = Field(primary_key=True)
'''
    publish(site, "kappa", shared, entry="tb_kappa", tasks=None)
    publish(site, "lam", shared, entry="tb_lam", tasks=None)
    host = PluginHost()
    with pytest.raises(PluginError, match="does not implement tb_domain_info"):
        host.load_domains(["kappa"])  # imports fine (first on the shared registry), then fails the contract
    with pytest.raises(PluginError) as err:
        host.load_domains(["lam"])
    message = str(err.value)
    assert "domain 'lam' failed to load" in message and "'tb_test_shared_books'" in message
    assert "table_base" in message and "extend_existing" not in message


def test_a_hook_module_with_tables_on_the_shared_registry_is_refused(site):
    code = '''
from sqlmodel import Field, SQLModel
from thinkingbox import DomainInfo, hookimpl, read_tool

class Thing(SQLModel, table=True):
    __tablename__ = "tb_test_shared_things"
    id: str = Field(primary_key=True)

@read_tool
def get_thing(world, thing_id: str) -> dict:
    """Read a thing."""
    return {}

@hookimpl
def tb_domain_info():
    return DomainInfo(name="mu", title="Mu", now="2025-01-01T00:00:00Z")

@hookimpl
def tb_seed_world(world):
    world.create_tables([Thing])

@hookimpl
def tb_tools():
    return [get_thing]

@hookimpl
def tb_system_prompt(now):
    return "Now is " + now

@hookimpl
def tb_task_files():
    return []
'''
    publish(site, "mu", code, entry="tb_mu", tasks=None)
    (mu,) = PluginHost().load_domains(["mu"])
    assert mu.info.title == "Mu" and set(mu.tools) == {"get_thing"}  # hooks written by hand still work
    with pytest.raises(PluginError, match="domain 'mu': table 'tb_test_shared_things' is declared on SQLModel's shared"):
        mu.schema


@pytest.mark.domains("retail")
def test_domain_hooks_only_reach_their_own_plugin(retail, library):
    assert "lend_book" in library.tools and "lend_book" not in retail.tools
    assert "create_rma" in retail.tools and "create_rma" not in library.tools
    assert library.info.name == "library" and retail.info.name == "retail"
    assert "librarian" in library.system_prompt and "Voltaic Home" in retail.system_prompt
    assert [c.name for c in library.checks(library.tasks["lend-two"])] == ["golden_state", "communication"]


@pytest.mark.domains("retail", "booking")
def test_core_names_no_domain():
    from pathlib import Path

    core = Path(__file__).resolve().parent.parent / "core" / "src" / "thinkingbox"
    for path in core.rglob("*.py"):
        text = path.read_text().lower()
        for word in ("retail", "voltaic", "booking", "harborlight", "hotel"):
            assert word not in text, (path, word)


# ---- one name, one plugin ------------------------------------------------------------------

def extension_giving(hook, names, factory="lambda *args: None"):
    """An extension module whose `hook` returns {name: factory} for each name."""
    entries = ", ".join(f"{name!r}: {factory}" for name in names)
    return f"from thinkingbox import hookimpl\n\n@hookimpl\ndef {hook}():\n    return {{{entries}}}\n"


def publish_entry(site, dist, group, name, value, version="1.0"):
    """A distribution `dist` with one entry point `name = value` in `group`, and no code."""
    info = site / f"{dist.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n")
    (info / "entry_points.txt").write_text(f"[{group}]\n{name} = {value}\n")


def test_an_extension_agent_named_like_a_built_in_one_is_an_error_naming_both(site, capsys, tmp_path):
    publish(site, "rogue", extension_giving("tb_agents", ["oracle"]), group="thinkingbox.plugins", entry="tb_rogue",
            version="2.3", tasks=None)
    message = (r"agent 'oracle' is defined twice: by the core \(package thinkingbox [^)]+\) and by extension "
               r"'rogue' \(package tb-rogue 2.3\); uninstall one of the two packages, or rename the agent")
    with pytest.raises(PluginError, match=message):
        PluginHost()
    output = tmp_path / "run.jsonl"
    assert main(["eval", "--domains", "retail", "--agent", "oracle", "--output", str(output)]) == 2
    assert "agent 'oracle' is defined twice" in capsys.readouterr().err and not output.exists()


def test_two_extensions_giving_one_user_name_are_an_error_naming_both(site):
    for name in ("first", "second"):
        publish(site, name, extension_giving("tb_users", ["terse", f"only_{name}"]), group="thinkingbox.plugins",
                entry=f"tb_{name}", tasks=None)
    with pytest.raises(PluginError, match=r"user 'terse' is defined twice: by extension '(first|second)' \(package "
                                          r"tb-(first|second) 1.0\) and by extension '(first|second)'") as error:
        PluginHost()
    assert "tb-first" in str(error.value) and "tb-second" in str(error.value)


def test_a_domain_giving_an_agent_name_the_core_has_is_refused_when_it_loads(site):
    extra = '''
from thinkingbox import hookimpl

class MySpec(DomainSpec):
    @hookimpl
    def tb_agents(self):
        return {"noop": lambda *args: None, "epsilon_bot": lambda *args: None}
'''
    publish(site, "epsilon", spec_module("epsilon", extra=extra, spec_class="MySpec"), version="0.4")
    host = PluginHost()
    with pytest.raises(PluginError, match=r"agent 'noop' is defined twice: by the core .* and by domain 'epsilon' "
                                          r"\(package tb-epsilon 0.4\)"):
        host.load_domains(["epsilon"])
    assert "epsilon" not in host.domains and "epsilon_bot" not in host.agent_factories()  # nothing half-registered


CHECK_EXTENSION = '''
from thinkingbox import Check, CheckResult, hookimpl

@hookimpl
def tb_checks(domain, task):
    return [Check({name!r}, lambda outcome: CheckResult({name!r}, True))]
'''


def test_a_check_named_like_another_plugins_check_is_an_error_before_any_trial(site, capsys, tmp_path):
    publish(site, "shadow", CHECK_EXTENSION.format(name="golden_state"), group="thinkingbox.plugins",
            entry="tb_shadow", tasks=None)
    host = PluginHost()
    (retail,) = host.load_domains(["retail"])
    with pytest.raises(PluginError, match=r"check 'golden_state' is defined twice: by the core \(package "
                                          r"thinkingbox [^)]+\) and by extension 'shadow' \(package tb-shadow 1.0\)"):
        retail.checks(retail.tasks["ret-fee-001"])
    output = tmp_path / "run.jsonl"
    assert main(["eval", "--domains", "retail", "--tasks", "ret-fee-001", "--output", str(output)]) == 2
    assert "check 'golden_state' is defined twice" in capsys.readouterr().err
    assert not output.exists() or not [line for line in output.read_text().splitlines() if '"trial"' in line]


def test_two_extensions_giving_one_check_name_are_an_error_naming_both(site, library):
    publish(site, "even", CHECK_EXTENSION.format(name="parity"), group="thinkingbox.plugins", entry="tb_even",
            tasks=None)
    publish(site, "odd", CHECK_EXTENSION.format(name="parity"), group="thinkingbox.plugins", entry="tb_odd",
            tasks=None)
    host = PluginHost()
    domain = host.add_domain("library", library.plugin)
    with pytest.raises(PluginError, match=r"check 'parity' is defined twice: by extension '(even|odd)' .* and by "
                                          r"extension '(even|odd)'"):
        domain.checks(domain.tasks["lend-two"])


def test_an_executor_name_two_packages_publish_is_an_error_naming_both(site):
    from thinkingbox.engine.executors import load_executor

    publish_entry(site, "fast-one", "thinkingbox.executors", "fast", "fast_one:Executor")
    publish_entry(site, "fast-two", "thinkingbox.executors", "fast", "fast_two:Executor", version="3.1")
    with pytest.raises(PluginError, match=r"executor 'fast' is defined twice: by executor 'fast' \(package fast-one "
                                          r"1.0\) and by executor 'fast' \(package fast-two 3.1\)"):
        load_executor("local", {})


def test_an_executor_named_local_is_an_error_naming_its_package(site):
    from thinkingbox.engine.executors import installed_executors

    publish_entry(site, "my-local", "thinkingbox.executors", "local", "my_local:Executor")
    with pytest.raises(PluginError, match=r"executor 'local' is defined twice: by the core \(package thinkingbox "
                                          r"[^)]+\) and by executor 'local' \(package my-local 1.0\)"):
        installed_executors()


def test_a_domain_name_two_packages_publish_is_an_error_naming_both(site):
    publish(site, "zeta", spec_module("zeta"))
    publish_entry(site, "zeta-fork", "thinkingbox.domains", "zeta", "zeta_fork:SPEC", version="9.0")
    with pytest.raises(PluginError, match=r"domain 'zeta' is defined twice: by domain 'zeta' \(package tb-zeta "
                                          r"1.0\) and by domain 'zeta' \(package zeta-fork 9.0\)"):
        PluginHost().load_domains(["zeta"])


# ---- tb plugins ----------------------------------------------------------------------------

def test_tb_plugins_lists_what_each_package_adds_with_its_version(site, monkeypatch, capsys):
    import json

    from thinkingbox import __version__
    from thinkingbox.engine import discovery

    publish(site, "helpers", extension_giving("tb_agents", ["idle"]) + extension_giving("tb_users", ["terse"])
            .replace("from thinkingbox import hookimpl\n", ""), group="thinkingbox.plugins", entry="tb_helpers",
            version="2.3", tasks=None)
    publish(site, "alpha", spec_module("alpha"), version="2.0.1")
    publish(site, "beta", 'raise RuntimeError("beta is broken")\n', tasks=None)
    publish_entry(site, "thinkingbox-quick", "thinkingbox.executors", "quick", "tb_quick:Executor", version="0.9")
    everything = discovery.installed_domains
    monkeypatch.setattr(discovery, "installed_domains",  # only this test's domains: quicker
                        lambda: {k: v for k, v in everything().items() if k in ("alpha", "beta")})

    assert main(["plugins", "--json"]) == 1  # a broken domain is a row, and the exit status says so
    rows = {(r["kind"], r["name"]): r for r in json.loads(capsys.readouterr().out)}
    assert rows[("domain", "alpha")] == {"kind": "domain", "name": "alpha", "package": "tb-alpha",
                                         "version": "2.0.1", "provider": "domain 'alpha'", "note": ""}
    assert rows[("domain", "beta")]["note"].startswith("broken: domain 'beta' failed to load: RuntimeError")
    assert rows[("extension", "helpers")]["package"] == "tb-helpers"
    assert rows[("agent", "idle")] == {"kind": "agent", "name": "idle", "package": "tb-helpers", "version": "2.3",
                                       "provider": "extension 'helpers'", "note": ""}
    assert rows[("user", "terse")]["provider"] == "extension 'helpers'"
    for kind, name in [("agent", "oracle"), ("agent", "noop"), ("user", "scripted"), ("judge", "rules"),
                       ("judge", "MODEL"), ("executor", "local")]:
        assert (rows[(kind, name)]["package"], rows[(kind, name)]["version"]) == ("thinkingbox", __version__)
        assert rows[(kind, name)]["provider"] == "the core"
    assert (rows[("executor", "quick")]["package"], rows[("executor", "quick")]["version"]) == ("thinkingbox-quick",
                                                                                                "0.9")
    assert [kind for kind, _ in rows] == sorted([kind for kind, _ in rows], key=[
        "domain", "extension", "agent", "user", "judge", "executor"].index)  # grouped by kind

    assert main(["plugins"]) == 1
    table = capsys.readouterr().out.splitlines()
    assert table[0].split() == ["kind", "name", "package", "version", "added", "by", "note"]
    assert ["agent", "idle", "tb-helpers", "2.3", "extension", "'helpers'"] == table_row(table, "agent", "idle")
    assert ["domain", "alpha", "tb-alpha", "2.0.1", "-"] == table_row(table, "domain", "alpha")
    assert max(len(line) for line in table) <= 100


def table_row(lines, kind, name):
    return next(line.split() for line in lines if line.split()[:2] == [kind, name])


def test_an_extension_named_like_a_domain_is_an_error_naming_both_when_the_domain_loads(site):
    publish(site, "retail", extension_giving("tb_agents", ["shopper"]), group="thinkingbox.plugins",
            entry="tb_retail", tasks=None)
    host = PluginHost()
    with pytest.raises(PluginError, match=r"plugin 'retail' is defined twice: by extension 'retail' \(package "
                                          r"tb-retail 1.0\) and by domain 'retail' \(package thinkingbox-retail "):
        host.load_domains(["retail"])
