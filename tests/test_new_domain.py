"""`tb new-domain`: names are checked, nothing is overwritten, a workspace's root files
gain the new member, and a generated domain is sound and passes its own tests as it is."""
import ast
import asyncio
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
    assert re.search(r'\n    "b",\n    "thinkingbox-shop",?\n]', edited) and '"thinkingbox",  # the core' in edited
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
    assert sorted(str(p.relative_to(package)) for p in package.rglob("*") if p.is_file()) == sorted(done.files) == [
        "README.md", "pyproject.toml", "src/thinkingbox_odd_title/__init__.py", "src/thinkingbox_odd_title/plugin.py",
        "src/thinkingbox_odd_title/tasks/loans.json", "tests/test_odd_title.py"]
    project = tomllib.loads((package / "pyproject.toml").read_text())
    assert project["project"]["name"] == "thinkingbox-odd-title" and project["project"]["version"] == "0.1.0"
    assert project["project"]["description"] == f"Thinkingbox domain: {title}"
    assert project["project"]["dependencies"] == ["thinkingbox>=0.1,<0.2"]
    entry_points = project["project"]["entry-points"]["thinkingbox.domains"]
    assert entry_points == {"odd_title": "thinkingbox_odd_title.plugin:SPEC"}
    assert project["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == ["src/thinkingbox_odd_title"]
    assert project["build-system"]["build-backend"] == "hatchling.build" and "uv" not in project["tool"]
    readme = (package / "README.md").read_text()
    assert "uv venv" in readme and "tests/test_odd_title.py" in readme and "tb_library" not in readme
    tests = (package / "tests/test_odd_title.py").read_text()
    assert 'DOMAIN = "odd_title"' in tests and "class TestOddTitleTasks(DomainTests)" in tests
    for source in package.rglob("*.py"):
        ast.parse(source.read_text(), str(source))
        assert "tb_library" not in source.read_text() and "LibraryTable" not in source.read_text()

    sys.path.insert(0, str(package / "src"))
    try:
        from thinkingbox_odd_title.plugin import SPEC

        domain = host.add_domain("odd_title", SPEC)
        from thinkingbox.engine.quality import check_task

        assert [asyncio.run(check_task(domain, task)) for task in domain.tasks.values()] == [[], []]
        assert domain.info.title == title and domain.schema.tables.keys() == {"books", "loans"}
        assert set(domain.tools) == {"get_book", "lend_book"}
    finally:
        sys.path.remove(str(package / "src"))
        for module in [m for m in sys.modules if m.startswith("thinkingbox_odd_title")]:
            del sys.modules[module]


def test_the_template_is_the_example_domain_and_exists_once():
    """`tb new-domain` copies examples/minimal_domain (renamed); the scaffold holds no copy of it."""
    from thinkingbox.interfaces import scaffold

    example = ROOT / "examples" / "minimal_domain"
    assert scaffold.template_dir() == example
    files = scaffold.template_files()
    assert sorted(files) == ["README.md", "pyproject.toml", "src/tb_library/__init__.py", "src/tb_library/plugin.py",
                             "src/tb_library/tasks/loans.json", "tests/test_library.py"]
    generated = scaffold.render_files("shop", "Shop", in_workspace=False)
    assert generated["src/thinkingbox_shop/tasks/loans.json"] == files["src/tb_library/tasks/loans.json"]
    plugin = generated["src/thinkingbox_shop/plugin.py"]
    assert plugin.replace("ShopTable", "LibraryTable").replace('"shop"', '"library"').replace(
        'title="Shop"', 'title="Lending library (example domain)"') == files["src/tb_library/plugin.py"]
    source = Path(scaffold.__file__).read_text()
    assert "write_tool" not in source and "DomainTests" not in source and '"tasks": [' not in source


def test_a_changed_template_is_a_clear_error(tmp_path):
    from thinkingbox.interfaces import scaffold

    template = tmp_path / "template"
    shutil.copytree(ROOT / "examples" / "minimal_domain", template, ignore=shutil.ignore_patterns("__pycache__"))
    plugin = template / "src/tb_library/plugin.py"
    plugin.write_text(plugin.read_text().replace('table_base("library")', 'table_base("books")'))
    with pytest.raises(ThinkingboxError, match=r"template's src/tb_library/plugin.py no longer holds "
                                               r"'table_base\(\"library\"\)'; tb new-domain needs updating"):
        scaffold.render_files("shop", "Shop", in_workspace=False, template=template)


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
    assert "all 2 tasks are sound" in validated
    tested = core_venv.run(core_venv.python, "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=package)
    assert "8 passed" in tested and "failed" not in tested and "skipped" not in tested


@pytest.mark.slow
def test_the_printed_out_of_tree_commands_work_as_printed(tmp_path):
    """Out of any workspace, `tb new-domain` prints commands that install the domain next
    to this checkout's core; run as printed (offline, from uv's cache, and with another
    environment active as under `uv run`), `tb domains` then lists the new domain."""
    import os
    import subprocess

    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv is needed to run the printed commands")
    env = {**os.environ, "UV_OFFLINE": "1", "UV_PYTHON_DOWNLOADS": "never", "UV_PYTHON": sys.executable,
           "VIRTUAL_ENV": sys.prefix}  # an active environment the commands must leave alone
    tb = Path(sys.executable).parent / "tb"
    made = subprocess.run([tb, "new-domain", "demo"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    printed = made.stdout.split("\nNext:\n", 1)[1].splitlines()
    commands = [line.strip() for line in printed if line.startswith("  ")]
    assert commands[:3] == ["cd thinkingbox-demo", "uv venv",
                            f"uv pip install --python .venv -e {ROOT / 'core'} -e . pytest"]
    script = " && ".join(commands[:3] + [".venv/bin/tb domains"])
    ran = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, f"{script}\n{ran.stdout}\n{ran.stderr}"
    assert re.search(r"\bdemo\b.*\b0\.1\.0\b", ran.stdout) and "broken" not in ran.stdout
    assert not list((Path(sys.prefix) / "lib").glob("python*/site-packages/*thinkingbox_demo*"))  # left alone
