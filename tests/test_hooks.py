"""Every hook has a test (and `test_every_hook_has_a_test` keeps it so), and a check added
by an extension plugin gives the same verdicts in eval, rejudge, serve and validate."""
import inspect
import json
import sys
import textwrap

import pytest

from helpers import run, record_lines
from thinkingbox.contract import hookspecs
from thinkingbox.interfaces.cli import main
from thinkingbox.contract.checks import Check, CheckResult
from thinkingbox.engine.discovery import PluginHost


HOOKS = sorted(name for name, fn in inspect.getmembers(hookspecs, inspect.isfunction) if name.startswith("tb_"))


def test_every_hook_has_a_test():
    tests = {name for name in globals() if name.startswith("test_hook_")}
    assert HOOKS and {f"test_hook_{hook}" for hook in HOOKS} <= tests
    assert set(HOOKS) == set(hookspecs.DOMAIN_HOOKS) | set(hookspecs.OPTIONAL_DOMAIN_HOOKS) | set(
        hookspecs.EVALUATION_HOOKS)


@pytest.fixture
def spec_class():
    """The example domain's spec class, to subclass with one hook overridden."""
    from helpers import EXAMPLE_SRC

    if str(EXAMPLE_SRC) not in sys.path:
        sys.path.insert(0, str(EXAMPLE_SRC))
    import tb_library.plugin

    return tb_library.plugin


def library_variant(module, **overrides):
    """A library spec whose subclass overrides the given hook methods."""
    cls = type("VariantSpec", (type(module.SPEC),), overrides)
    spec = module.SPEC
    return cls(name=spec.name, title=spec.title, now=spec.now, package=spec.package, tables=spec.tables,
               fixtures=spec.fixtures, tools=spec.tools, prompt=spec.prompt, policy_search=False)


# ---- domain hooks: answered by the domain's own plugin -------------------------------

def test_hook_tb_domain_info(library):
    assert library.info.title.startswith("Lending library") and library.info.now == "2025-01-01T09:00:00Z"
    assert library.version == "0.3.0"  # from the distribution's metadata, not from the spec


def test_hook_tb_seed_world(host, spec_class):
    def tb_seed_world(self, world):
        super(type(self), self).tb_seed_world(world)
        world.insert(spec_class.Book(id="B9", title="Middlemarch"))

    domain = host.add_domain("library", library_variant(spec_class, tb_seed_world=hookimpl(tb_seed_world)))
    world = run_new_world(domain, "lend-two")
    assert [b.id for b in world.rows(spec_class.Book)] == ["B1", "B2", "B3", "B9"]
    assert list(domain.schema.tables) == ["books", "loans"]  # tables in declaration order


@pytest.mark.domains("retail")
def test_hook_tb_tools(library, retail):
    assert set(library.tools) == {"get_book", "lend_book"}
    assert library.tools["lend_book"].description == "Lend an available book to a member for 14 days."
    assert "search_policy" in retail.tools and "helpdesk_create_item" in retail.tools  # kit parts


def test_hook_tb_system_prompt(host, spec_class):
    def tb_system_prompt(self, now):
        return f"Quiet please. It is {now}."

    domain = host.add_domain("library", library_variant(spec_class, tb_system_prompt=hookimpl(tb_system_prompt)))
    assert domain.system_prompt == "Quiet please. It is 2025-01-01T09:00:00Z."


def test_hook_tb_task_files(host, spec_class, tmp_path):
    (tmp_path / "extra.json").write_text(json.dumps({"family": "extra", "tasks": [{
        "id": "lend-dune", "request": "Dune, please.", "final_message": "Here you go.",
        "solution": [{"tool": "lend_book", "args": {"book_id": "B1", "member": "M-1"}}]}]}))

    def tb_task_files(self):
        return [*super(type(self), self).tb_task_files(), tmp_path / "extra.json"]

    domain = host.add_domain("library", library_variant(spec_class, tb_task_files=hookimpl(tb_task_files)))
    assert sorted(domain.tasks) == ["lend-dune", "lend-one-rubric", "lend-two"]


def test_hook_tb_vocabulary(host, spec_class, tmp_path):
    """A domain's own decision kinds and never-tell data are what its communication checks read;
    a task naming a kind the domain lacks fails to load, naming the field."""
    from thinkingbox import CORE_VOCABULARY, DecisionKind, NeverTell
    from thinkingbox.engine.quality import verdict_of
    from thinkingbox.contract.errors import TaskError
    from thinkingbox.contract.tasks import Task

    lent = DecisionKind("lent", (r"\b(?:lent|checked out)\b",), meaning="the book is lent")
    vocabulary = CORE_VOCABULARY.extend([lent], never_tell=[NeverTell("loans", "id", "internal loan id")])

    def tb_vocabulary(self):
        return vocabulary

    domain = host.add_domain("library", library_variant(spec_class, tb_vocabulary=hookimpl(tb_vocabulary)))
    assert domain.vocabulary is vocabulary
    base = domain.tasks["lend-two"]
    task = Task.model_validate({**base.model_dump(), "id": "lend-two-said",
                                "says": {"states": [{"decision": "lent"}]}})
    tw = run(domain.prepare(task))
    said = run(verdict_of(domain, tw, task.solution, final_message="Both books are checked out to you."))
    assert said.passed, said.detail
    negated = run(verdict_of(domain, tw, task.solution, final_message="I have not lent you the books."))
    assert not negated.passed and "negated" in negated.detail
    leaked = run(verdict_of(domain, tw, task.solution, final_message="Lent: loans L-1 and L-2."))
    assert not leaked.passed and "L-1 (internal loan id)" in leaked.detail
    (tmp_path / "bad.json").write_text(json.dumps({"family": "bad", "tasks": [{
        **{k: v for k, v in base.model_dump(exclude_defaults=True).items() if k not in ("says", "family")},
        "id": "bad-kind", "says": {"states": [{"decision": "borrowed"}]}}]}))

    def tb_task_files(self):
        return [tmp_path / "bad.json"]

    other = PluginHost()
    broken = other.add_domain("library", library_variant(spec_class, tb_vocabulary=hookimpl(tb_vocabulary),
                                                         tb_task_files=hookimpl(tb_task_files)))
    with pytest.raises(TaskError, match=r"says.states\[0\].decision.*unknown decision kind 'borrowed'"):
        broken.tasks  # noqa: B018


# ---- evaluation hooks: any plugin, for any domain -------------------------------------

class SideEffectsNarrower:
    """An extension that reports only created rows."""

    @staticmethod
    @hookspecs.hookimpl(tryfirst=True)
    def tb_side_effects(domain, initial, final):
        from thinkingbox.engine.state_diff import side_effects

        return [e for e in side_effects(initial, final, domain.schema) if e.kind == "created"]


def test_hook_tb_side_effects(host, library):
    task_world = run(library.prepare(library.tasks["lend-two"]))
    everything = library.side_effects(task_world.initial, task_world.golden)
    assert {e.kind for e in everything} == {"created", "changed"}
    host.add_extension("narrower", SideEffectsNarrower())
    narrowed = library.side_effects(task_world.initial, task_world.golden)
    assert narrowed and {e.kind for e in narrowed} == {"created"}


class EvenTasksOnly:
    """An extension check that passes only tasks whose id ends in an even digit."""

    @staticmethod
    @hookspecs.hookimpl
    def tb_checks(domain, task):
        return [Check("even_only", lambda outcome: CheckResult("even_only", outcome.task.id[-1] in "02468"))]


def test_hook_tb_checks(host, library):
    assert [c.name for c in library.checks(library.tasks["lend-two"])] == ["golden_state", "communication"]
    assert [c.name for c in library.checks(library.tasks["lend-one-rubric"])] == ["golden_state", "communication",
                                                                                  "rubric"]
    host.add_extension("even", EvenTasksOnly())
    assert [c.name for c in library.checks(library.tasks["lend-two"])] == ["golden_state", "communication",
                                                                           "even_only"]


class Agents:
    @staticmethod
    @hookspecs.hookimpl
    def tb_agents():
        from thinkingbox.models.agents import NoopAgent

        return {"idle": lambda spec, task, domain, settings: NoopAgent(task)}

    @staticmethod
    @hookspecs.hookimpl
    def tb_users():
        from thinkingbox.models.users import ScriptedUser

        return {"terse": lambda spec, task, settings: ScriptedUser(task)}


def test_hook_tb_agents(host):
    assert {"oracle", "noop", "openai", "replay"} <= set(host.agent_factories())
    host.add_extension("agents", Agents())
    assert "idle" in host.agent_factories()


def test_hook_tb_users(host):
    assert {"scripted", "llm"} <= set(host.user_factories())
    host.add_extension("agents", Agents())
    assert "terse" in host.user_factories()


def hookimpl(fn):
    return hookspecs.hookimpl(fn)


def run_new_world(domain, task_id):
    return domain.new_world(run(domain.prepare(domain.tasks[task_id])))


# ---- one extension, the same verdicts everywhere ---------------------------------------

EXTENSION = '''
from thinkingbox import hookimpl
from thinkingbox.contract.checks import Check, CheckResult

@hookimpl
def tb_checks(domain, task):
    return [Check("even_only", lambda outcome: CheckResult("even_only", outcome.task.id[-1] in "02468"))]
'''


@pytest.mark.domains("retail")
@pytest.mark.slow
def test_an_extension_check_gives_the_same_verdicts_in_eval_rejudge_serve_and_validate(tmp_path, monkeypatch, capsys):
    from thinkingbox.engine.replay import rejudge_record
    from thinkingbox.engine.http_tools import judge_world
    from thinkingbox.engine.verdicts import apply_calls

    site = tmp_path / "site"
    (site / "tb_even.dist-info").mkdir(parents=True)
    (site / "tb_even.py").write_text(textwrap.dedent(EXTENSION))
    (site / "tb_even.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: tb-even\nVersion: 1.0\n")
    (site / "tb_even.dist-info" / "entry_points.txt").write_text("[thinkingbox.plugins]\neven = tb_even\n")
    monkeypatch.syspath_prepend(str(site))
    tasks = ["ret-fee-001", "ret-fee-002", "ret-fee-004"]

    output = tmp_path / "run.jsonl"
    assert main(["eval", "--domains", "retail", "--tasks", ",".join(tasks), "--output", str(output)]) == 0
    records = record_lines(output)
    evaluated = {r["task"]: r["verdict"] for r in records}
    assert evaluated == {"ret-fee-001": False, "ret-fee-002": True, "ret-fee-004": True}
    assert all("even_only" in [c["name"] for c in r["checks"]] for r in records)

    assert main(["rejudge", str(output)]) == 0
    rejudged = record_lines(output.with_suffix(".rejudged.jsonl"))
    assert {r["task"]: r["verdict"] for r in rejudged} == evaluated
    assert {r["task"]: r["verdict"] for r in [run(rejudge_record(PluginHost(), r)) for r in records]} == evaluated

    host = PluginHost()
    (retail,) = host.load_domains(["retail"])
    served = {}
    for task_id in tasks:
        task_world = run(retail.prepare(retail.tasks[task_id]))
        world = retail.new_world(task_world)
        assert not any(r.is_error for r in run(apply_calls(retail, world, retail.tasks[task_id].solution)))
        verdict = run(judge_world(retail, task_world, world, retail.tasks[task_id].final_message, None))
        served[task_id] = verdict["verdict"]
        assert [c["name"] for c in verdict["checks"]] == ["golden_state", "communication", "even_only"]
    assert served == evaluated

    capsys.readouterr()
    validated = {t: main(["validate", "--domains", "retail", "--tasks", t]) == 0 for t in tasks}
    assert validated == evaluated
    assert "even_only" in capsys.readouterr().out
