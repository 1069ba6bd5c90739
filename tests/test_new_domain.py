"""`tb new-domain`: names are checked, nothing is overwritten, a workspace's root files
gain the new member, and a generated domain is sound and passes its own tests as it is."""
import ast
import asyncio
import json
import re
import shutil
import sys
import tomllib
from pathlib import Path

import pytest

from thinkingbox.interfaces.cli import main
from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.interfaces.scaffold import add_nox_plugin, add_workspace_package, check_name, new_domain, plan, workspace_root

ROOT = Path(__file__).resolve().parent.parent


def fake_workspace(path: Path, members='["core", "plugins/*"]') -> Path:
    """A workspace root like the monorepo's: copies of its pyproject.toml and noxfile.py."""
    path.mkdir(exist_ok=True)
    text = (ROOT / "pyproject.toml").read_text()
    (path / "pyproject.toml").write_text(re.sub(r"^members = \[.*\]$", f"members = {members}", text, count=1, flags=re.M))
    shutil.copy(ROOT / "noxfile.py", path / "noxfile.py")
    return path


# ---- names and paths -------------------------------------------------------------------

@pytest.mark.parametrize("name", ["demo", "car_rental", "shop2"])
def test_good_names(name):
    assert check_name(name) == name


@pytest.mark.parametrize("name, message", [
    ("Demo", "must be lower case; try 'demo'"),
    ("my-shop", "not a lower-case Python identifier (a letter, then letters, digits and underscores); try 'my_shop'"),
    ("2fast", "not a lower-case Python identifier"),
    ("_private", "not a lower-case Python identifier"),
    ("import", "is a Python keyword"),
    ("", "not a lower-case Python identifier"),
])
def test_bad_names_are_refused_naming_the_argument(name, message):
    with pytest.raises(ThinkingboxError, match="^NAME ") as error:
        check_name(name)
    assert message in str(error.value)


def test_the_command_reports_errors_without_writing(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["new-domain", "My-Shop"]) == 2
    assert "tb: error: NAME 'My-Shop'" in capsys.readouterr().err
    assert main(["new-domain", "shop", "--title", "   "]) == 2
    assert "--title must not be empty" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_an_existing_folder_is_never_overwritten(tmp_path, monkeypatch, capsys):
    existing = tmp_path / "thinkingbox-demo"
    existing.mkdir()
    (existing / "mine.txt").write_text("keep me")
    monkeypatch.chdir(tmp_path)
    assert main(["new-domain", "demo"]) == 2
    assert "thinkingbox-demo already exists" in capsys.readouterr().err
    assert [p.name for p in existing.iterdir()] == ["mine.txt"] and (existing / "mine.txt").read_text() == "keep me"
    (tmp_path / "taken").write_text("")
    with pytest.raises(ThinkingboxError, match="taken already exists"):
        plan("demo", Path("taken"), cwd=tmp_path)


# ---- the workspace ---------------------------------------------------------------------

def test_workspace_detection(tmp_path):
    assert workspace_root(ROOT) == ROOT
    assert workspace_root(tmp_path) is None  # no pyproject.toml
    assert workspace_root(fake_workspace(tmp_path / "ws")) == tmp_path / "ws"
    assert workspace_root(fake_workspace(tmp_path / "other", members='["core", "packages/*"]')) is None
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / "pyproject.toml").write_text('[project]\nname = "x"\nversion = "1"\n')
    assert workspace_root(tmp_path / "plain") is None


def test_in_a_workspace_the_member_is_added_to_the_root_files(tmp_path, monkeypatch, capsys):
    ws = fake_workspace(tmp_path / "ws")
    old_text, old_nox = (ws / "pyproject.toml").read_text(), (ws / "noxfile.py").read_text()
    old = tomllib.loads(old_text)
    monkeypatch.chdir(ws)
    assert main(["new-domain", "car_rental", "--title", "Car rental"]) == 0
    out = capsys.readouterr().out
    assert "Created domain 'car_rental' in plugins/car_rental/" in out
    assert "Updated pyproject.toml" in out and "Updated noxfile.py" in out
    assert "uv run tb validate --domains car_rental" in out and "uv run pytest plugins/car_rental" in out

    new_text = (ws / "pyproject.toml").read_text()
    new = tomllib.loads(new_text)
    assert new["project"]["dependencies"] == old["project"]["dependencies"] + ["thinkingbox-car-rental"]
    assert new["tool"]["uv"]["sources"] == {**old["tool"]["uv"]["sources"],
                                            "thinkingbox-car-rental": {"workspace": True}}
    old["project"]["dependencies"] = new["project"]["dependencies"]
    old["tool"]["uv"]["sources"] = new["tool"]["uv"]["sources"]
    assert new == old  # nothing else changed ...
    removed = set(old_text.splitlines()) - set(new_text.splitlines())
    added = set(new_text.splitlines()) - set(old_text.splitlines())
    assert len(removed) == 1 and len(added) == 2  # ... and the text only where it had to
    assert "thinkingbox-car-rental = { workspace = true }" in added

    nox = ast.parse((ws / "noxfile.py").read_text())
    plugins = next(ast.literal_eval(n.value) for n in nox.body
                   if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "PLUGINS")
    assert plugins[-1] == "car_rental" and (ws / "noxfile.py").read_text().replace(', "car_rental"', "") == old_nox

    package = tomllib.loads((ws / "plugins" / "car_rental" / "pyproject.toml").read_text())
    assert package["tool"]["uv"]["sources"] == {"thinkingbox": {"workspace": True}}
    # the same name again: the folder exists; another folder, same distribution: refused too
    with pytest.raises(ThinkingboxError, match="already exists"):
        plan("car_rental", cwd=ws)
    with pytest.raises(ThinkingboxError, match="already depends on thinkingbox-car-rental"):
        plan("car_rental", Path("plugins/car_rental2"), cwd=ws)
    assert (ws / "pyproject.toml").read_text() == new_text


def test_outside_the_members_it_is_a_stand_alone_package(tmp_path):
    ws = fake_workspace(tmp_path / "ws")
    before = (ws / "pyproject.toml").read_text()
    done = new_domain("shop", Path("examples/shop"), cwd=ws)
    assert done.workspace is None and done.edits == {} and "not a member" in done.notes[0]
    assert (ws / "pyproject.toml").read_text() == before
    assert "uv" not in tomllib.loads((ws / "examples" / "shop" / "pyproject.toml").read_text())["tool"]


def test_root_edits_keep_other_layouts_valid():
    multi_line = ('[project]\nname = "ws"\ndependencies = [\n    "thinkingbox",  # the core\n    "b"\n]\n\n'
                  '[tool.uv.workspace]\nmembers = ["plugins/*"]\n')
    edited = add_workspace_package(multi_line, "thinkingbox-shop")
    assert '    "b",\n    "thinkingbox-shop",\n]' in edited and "# the core" in edited
    assert tomllib.loads(edited)["tool"]["uv"]["sources"] == {"thinkingbox-shop": {"workspace": True}}
    no_dependencies = '[project]\nname = "ws"\n\n[tool.uv]\npackage = false\n'
    edited = add_workspace_package(no_dependencies, "thinkingbox-shop")
    assert tomllib.loads(edited)["project"]["dependencies"] == ["thinkingbox-shop"]
    virtual = add_workspace_package('[tool.uv.workspace]\nmembers = ["plugins/*"]\n', "thinkingbox-shop")
    assert "project" not in tomllib.loads(virtual)
    with pytest.raises(ThinkingboxError, match="already depends"):
        add_workspace_package('[project]\nname = "ws"\ndependencies = ["thinkingbox_shop>=1"]\n', "thinkingbox-shop")
    assert add_nox_plugin("PLUGINS = [\n    'a',\n]\n", "b") == "PLUGINS = [\n    'a',\n    'b',\n]\n"
    assert add_nox_plugin("PLUGINS = ['a', 'b']\n", "b") is None and add_nox_plugin("import nox\n", "b") is None


# ---- the generated package -------------------------------------------------------------

def test_generated_files_parse_and_the_domain_is_sound_in_process(tmp_path, host):
    title = 'Bob\'s "{odd}" \\ title """'  # quotes, braces and backslashes must survive
    done = new_domain("odd_title", title=title, cwd=tmp_path)
    package = tmp_path / "thinkingbox-odd_title"
    assert done.target == package and done.workspace is None
    assert sorted(str(p.relative_to(package)) for p in package.rglob("*") if p.is_file()) == sorted(done.files)
    project = tomllib.loads((package / "pyproject.toml").read_text())
    assert project["project"]["name"] == "thinkingbox-odd-title" and project["project"]["version"] == "0.1.0"
    entry_points = project["project"]["entry-points"]["thinkingbox.domains"]
    assert entry_points == {"odd_title": "thinkingbox_odd_title.plugin:SPEC"}
    assert project["build-system"]["build-backend"] == "hatchling.build" and "uv" not in project["tool"]
    assert "uv venv" in (package / "README.md").read_text()
    task_file = json.loads((package / "src/thinkingbox_odd_title/tasks/odd_title.json").read_text())
    assert len(task_file["tasks"]) == 1
    for source in package.rglob("*.py"):
        ast.parse(source.read_text(), str(source))

    sys.path.insert(0, str(package / "src"))
    try:
        from thinkingbox_odd_title.plugin import SPEC

        domain = host.add_domain("odd_title", SPEC)
        from thinkingbox.engine.quality import check_task

        assert [asyncio.run(check_task(domain, task)) for task in domain.tasks.values()] == [[]]
        assert domain.info.title == title and title in domain.system_prompt
        assert "{now}" not in domain.system_prompt and "Closing requests" in domain.system_prompt
        assert {"get_request", "close_request", "search_policy"} <= set(domain.tools)
    finally:
        sys.path.remove(str(package / "src"))
        for module in [m for m in sys.modules if m.startswith("thinkingbox_odd_title")]:
            del sys.modules[module]


@pytest.mark.slow
def test_a_new_domain_out_of_tree_validates_and_passes_its_tests(core_venv, tmp_path):
    """The acceptance test: generate, install next to the core alone, validate and test,
    without editing a line."""
    out = core_venv.run(core_venv.bin / "tb", "new-domain", "demo", cwd=tmp_path)
    package = tmp_path / "thinkingbox-demo"
    assert "Created domain 'demo' in thinkingbox-demo/" in out and "uv pip install" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["thinkingbox-demo"]
    core_venv.run(core_venv.uv, "pip", "install", "--quiet", "--python", core_venv.python, package)
    validated = core_venv.run(core_venv.bin / "tb", "validate", "--domains", "demo")
    assert "all 1 tasks are sound" in validated
    tested = core_venv.run(core_venv.python, "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=package)
    assert "5 passed" in tested and "failed" not in tested and "skipped" not in tested
