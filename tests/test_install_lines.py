"""Every install line a person can read (the READMEs, docs/, `tb`'s help, the hint for an
unknown executor, the instructions `tb new-domain` writes) installs something that exists:
a path of this repository, a wheel of one of its packages as `uv build --all-packages` names
it, or a third-party package that is on the package index. None names one of this project's
packages from a package index: they are not published yet, and a name there could be taken
by anyone."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Third-party packages an install line may take from the package index (each published there
# by its own project). A new one belongs here only once that is checked.
FROM_THE_INDEX = {"uv", "pytest"}
# Placeholders that stand for a checkout of this repository
CHECKOUT = ("<path-to-thinkingbox>", "/path/to/thinkingbox")
INSTALL = re.compile(r"\b(?:uv )?pip install((?: +[^\s`'\"()#;&|]+)+)")
SYNC_PACKAGE = re.compile(r"\buv sync --package +([^\s`'\")]+)")
OPTIONS_WITH_VALUE = {"--python", "-p", "--target", "--prefix", "-r", "--requirement", "-c", "--constraint"}


def distributions() -> set[str]:
    """The workspace's packages, by their distribution names."""
    members = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["uv"]["workspace"]["members"]
    names = set()
    for pattern in members:
        for folder in ROOT.glob(pattern):
            if (folder / "pyproject.toml").exists():
                names.add(tomllib.loads((folder / "pyproject.toml").read_text())["project"]["name"])
    return names


def problems_of(line: str, ours: set[str]) -> list[str]:
    """What is wrong with the arguments of one install line (nothing: [])."""
    wheels = {name.replace("-", "_") for name in ours} | {"thinkingbox_NAME"}
    found, skip = [], False
    for token in line.split():
        token = token.rstrip(",;")
        if skip or "{" in token:  # an option's value, a template's field
            skip = False
            continue
        if token.startswith("-"):
            skip = token in OPTIONS_WITH_VALUE
            continue
        if token.endswith(".whl"):
            name = Path(token).name.split("-", 1)[0]
            if name not in wheels:
                found.append(f"{token}: not a wheel of this repository's packages ({', '.join(sorted(wheels))})")
        elif "/" in token or token == ".":
            for placeholder in CHECKOUT:
                token = token.replace(placeholder, str(ROOT))
            if token != "." and not (ROOT / token).exists():
                found.append(f"{token}: no such path in the repository")
        elif token.lower().split("[")[0] in ours or token.lower().startswith("thinkingbox"):
            found.append(f"{token}: this project's package from a package index, where it is not published")
        elif token.lower() not in FROM_THE_INDEX:
            found.append(f"{token}: a package from the index that this test does not know (FROM_THE_INDEX)")
    return found


def texts() -> dict[str, str]:
    """Where people read install lines: name -> text (files as they are, one install line per
    line; help texts with their whitespace made single, so a line argparse wrapped reads whole)."""
    from thinkingbox.interfaces.cli import build_parser

    found = {}
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted(ROOT.glob("*/*/README.md")),
             ROOT / "core" / "README.md", ROOT / "core/src/thinkingbox/interfaces/scaffold.py"]
    for path in files:
        found[str(path.relative_to(ROOT))] = path.read_text()
    parser = build_parser()
    found["tb --help"] = " ".join(parser.format_help().split())
    for action in parser._subparsers._group_actions:
        for name, sub in action.choices.items():
            found[f"tb {name} --help"] = " ".join(sub.format_help().split())
    return found


def unknown_executor_hint(monkeypatch) -> str:
    from thinkingbox.contract.errors import ThinkingboxError
    from thinkingbox.engine import executors

    monkeypatch.setattr(executors.importlib.metadata, "entry_points", lambda group: [])
    with pytest.raises(ThinkingboxError) as error:
        executors.load_executor("nope", {})
    return str(error.value)


def test_every_install_line_installs_from_the_repository(monkeypatch):
    ours = distributions()
    sources = {**texts(), "tb eval --executor nope": unknown_executor_hint(monkeypatch)}
    lines = [(name, m.group(0)) for name, text in sources.items() for m in INSTALL.finditer(text)]
    problems = [f"{name}: `{line}`: {problem}" for name, line in lines
                for problem in problems_of(INSTALL.match(line).group(1), ours)]
    for name, text in sources.items():
        for package in SYNC_PACKAGE.findall(text):
            if package not in ours:
                problems.append(f"{name}: `uv sync --package {package}`: not a package of the workspace")
    assert not problems, "\n".join(problems)
    # (the scan reads what it should: the places that name the Ray executor's install)
    where = {name for name, line in lines if "./executors/ray" in line}
    assert {"docs/ray.md", "tb eval --help", "tb eval --executor nope", "executors/ray/README.md"} <= where, where
    assert len(lines) >= 8, lines


@pytest.mark.parametrize("line, problem", [
    ("pip install thinkingbox-ray", "this project's package from a package index"),
    ("uv pip install thinkingbox-retail ./core", "this project's package from a package index"),
    ("pip install ./integrations/nothing", "no such path in the repository"),
    ("pip install dist/thinkingbox_nothing-0.1.0-py3-none-any.whl", "not a wheel of this repository's packages"),
    ("pip install requests", "does not know"),
])
def test_an_install_line_from_a_registry_or_of_a_missing_path_is_found(line, problem):
    (found,) = problems_of(INSTALL.search(line).group(1), distributions())
    assert problem in found


def test_paths_wheels_and_known_packages_pass():
    ours = distributions()
    assert "thinkingbox-ray" in ours and "thinkingbox" in ours
    for line in ("uv pip install ./core ./executors/ray ./plugins/retail",
                 "uv pip install --python .venv -e <path-to-thinkingbox>/core -e . pytest",
                 "pip install dist/thinkingbox-0.1.0-py3-none-any.whl dist/thinkingbox_ray-0.1.0-py3-none-any.whl",
                 "pip install uv"):
        assert problems_of(INSTALL.search(line).group(1), ours) == [], line
