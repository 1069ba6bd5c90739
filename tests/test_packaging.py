"""`uv build --all-packages` builds a wheel and an sdist for every package of the workspace,
with the metadata a package index shows and installers read: name, version, summary, readme,
licence, Python range, dependencies (the core within a range that includes this core),
classifiers, project URLs, and in the wheel the entry points the pyproject.toml declares.
(`twine check` is not installed here and cannot be offline; the metadata is read with
email.parser, as installers read it, and checked field by field.)"""
from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import tarfile
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow  # building eight wheels and eight sdists: about 20 s


def packages() -> dict[str, dict]:
    """The workspace's packages: distribution name -> its pyproject.toml [project] table."""
    members = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["uv"]["workspace"]["members"]
    found = {}
    for pattern in members:
        for folder in sorted(ROOT.glob(pattern)):
            if (folder / "pyproject.toml").exists():
                project = tomllib.loads((folder / "pyproject.toml").read_text())["project"]
                found[project["name"]] = project
    return found


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv is needed to build the packages")
    out = tmp_path_factory.mktemp("dist")
    env = {**os.environ, "UV_PYTHON_DOWNLOADS": "never"}
    env.pop("VIRTUAL_ENV", None)
    # (--offline: hatchling comes from uv's cache, where `uv sync` put it building the workspace)
    proc = subprocess.run([uv, "build", "--all-packages", "--quiet", "--offline", "--out-dir", str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return out


def wheel_of(dist: Path, name: str, version: str) -> Path:
    return dist / f"{name.replace('-', '_')}-{version}-py3-none-any.whl"


def wheel_metadata(wheel: Path, name: str, version: str):
    info = f"{name.replace('-', '_')}-{version}.dist-info"
    with zipfile.ZipFile(wheel) as archive:
        metadata = Parser().parsestr(archive.read(f"{info}/METADATA").decode())
        entry_points = archive.read(f"{info}/entry_points.txt").decode() if f"{info}/entry_points.txt" in \
            archive.namelist() else ""
    return metadata, entry_points


def sdist_metadata(dist: Path, name: str, version: str):
    stem = f"{name.replace('-', '_')}-{version}"
    with tarfile.open(dist / f"{stem}.tar.gz") as archive:
        return Parser().parsestr(archive.extractfile(f"{stem}/PKG-INFO").read().decode())


def test_every_package_builds_a_wheel_and_an_sdist(dist):
    expected = {p for name, project in packages().items()
                for p in (wheel_of(dist, name, project["version"]).name,
                          f"{name.replace('-', '_')}-{project['version']}.tar.gz")}
    assert len(packages()) >= 8 and expected == {p.name for p in dist.iterdir() if p.suffix in (".whl", ".gz")}


@pytest.mark.parametrize("name", sorted(packages()))
def test_the_metadata_is_ready_for_publishing(dist, name):
    project = packages()[name]
    core_version = Version(packages()["thinkingbox"]["version"])
    wheel, entry_points = wheel_metadata(wheel_of(dist, name, project["version"]), name, project["version"])
    sdist = sdist_metadata(dist, name, project["version"])
    for metadata in (wheel, sdist):
        assert metadata["Name"] == name and metadata["Version"] == project["version"]
        assert len(metadata["Summary"] or "") >= 20
        assert metadata["License-Expression"] == "MIT"
        assert metadata.get_all("License-File") == ["LICENSE"]  # the licence's text ships with it
        assert metadata["Requires-Python"] == ">=3.11"
        assert metadata["Description-Content-Type"] == "text/markdown"
        readme = metadata.get_payload()
        assert readme.startswith(f"# {name}") and len(readme) >= 300, readme[:200]
        classifiers = metadata.get_all("Classifier") or []
        assert "Programming Language :: Python :: 3.11" in classifiers
        assert any(c.startswith("Development Status :: ") for c in classifiers)
        assert not any(c.startswith("License :: ") for c in classifiers)  # the licence is the expression
        urls = dict(u.split(", ", 1) for u in metadata.get_all("Project-URL") or [])
        assert set(urls) == {"Homepage", "Documentation", "Repository", "Issues"}, urls
        assert all(u.startswith("https://") for u in urls.values())
        requires = [Requirement(r) for r in metadata.get_all("Requires-Dist") or []]
        extras = project.get("optional-dependencies", {})
        assert sorted(r.name for r in requires) == sorted(Requirement(d).name for d in
                                                          [*project["dependencies"], *sum(extras.values(), [])])
        assert sorted(metadata.get_all("Provides-Extra") or []) == sorted(extras)
        for requirement in requires:  # every dependency has a lower bound; the core's includes this core
            assert any(s.operator in (">=", "==", "~=") for s in requirement.specifier), requirement
            if requirement.name == "thinkingbox":
                assert core_version in requirement.specifier and any(s.operator == "<" for s in
                                                                     requirement.specifier), requirement
    declared = {group: dict(names) for group, names in project.get("entry-points", {}).items()}
    if "scripts" in project:
        declared["console_scripts"] = dict(project["scripts"])
    written = configparser.ConfigParser()
    written.optionxform = str  # (entry point names keep their case)
    written.read_string(entry_points)
    assert {group: dict(written[group]) for group in written.sections()} == declared
    assert declared, "every package is found through an entry point or has a script"
