"""`tb new-domain NAME`: a new domain package that works before you change a line.

The package is a copy of the one domain template, `examples/minimal_domain` (a lending
library: two tables, base rows, a read tool and a write tool, a prompt, two tasks and
their tests), renamed to NAME, for the author to rewrite. The template exists once: in a
source checkout it is read from `examples/`; the core's wheel ships the same files as
`thinkingbox/interfaces/domain_template` (core/hatch_build.py copies them in at build time).

At the root of a Thinkingbox uv workspace the package becomes a workspace member under
`plugins/NAME`, and the root `pyproject.toml` (and the `PLUGINS` list of `noxfile.py`)
gain it, so `uv run` installs it; anywhere else it is a stand-alone package
`./thinkingbox-NAME` with its own instructions for a development environment.

Nothing is written until every check has passed, and nothing existing is overwritten.
`pyproject.toml` files are edited with tomlkit (layout and comments kept) and each edit is
checked by parsing the file after it; `noxfile.py` is edited as text, checked the same way.
"""
from __future__ import annotations

import ast
import copy
import json
import keyword
import re
import shlex
import tomllib
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path, PurePosixPath

from thinkingbox.contract.errors import ThinkingboxError

NAME_PATTERN = re.compile(r"[a-z][a-z0-9_]*")
WORKSPACE_GLOB = "plugins/*"
TEMPLATE = "domain_template"   # the template's folder in the installed package
TEMPLATE_NAME = "library"      # the template's domain name, which the copy replaces with NAME


# ---- names ---------------------------------------------------------------------------

def check_name(name: str) -> str:
    """`name` if it can name a domain (a lower-case Python identifier), else an error
    that says what would."""
    if NAME_PATTERN.fullmatch(name) and not keyword.iskeyword(name):
        return name
    guess = re.sub(r"[^a-z0-9_]+", "_", name.strip().lower()).strip("_")
    guess = re.sub(r"_+", "_", guess)
    hint = f"; try {guess!r}" if guess and NAME_PATTERN.fullmatch(guess) and not keyword.iskeyword(guess) else ""
    if keyword.iskeyword(name):
        why = "is a Python keyword"
    elif name != name.lower() and NAME_PATTERN.fullmatch(name.lower()):
        why = "must be lower case"
    else:
        why = "is not a lower-case Python identifier (a letter, then letters, digits and underscores)"
    raise ThinkingboxError(f"NAME {name!r} {why}{hint}")


def check_title(title: str) -> str:
    title = title.strip()
    if not title:
        raise ThinkingboxError("--title must not be empty")
    if "\n" in title or "\r" in title:
        raise ThinkingboxError("--title must be one line")
    return title


def camel(name: str) -> str:
    return "".join(part.title() for part in name.split("_") if part)


def dist_name(name: str) -> str:
    """The distribution's name, in its normalized form (`thinkingbox-car-rental`)."""
    return "thinkingbox-" + name.replace("_", "-")


def _normalize(project: str) -> str:
    return re.sub(r"[-_.]+", "-", project).lower()


# ---- the workspace -------------------------------------------------------------------

def _read_toml(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return {}
    except tomllib.TOMLDecodeError as exc:
        raise ThinkingboxError(f"{path} is not valid TOML: {exc}") from None


def workspace_root(directory: Path) -> Path | None:
    """`directory` if it is the root of a Thinkingbox uv workspace: its `pyproject.toml`
    has `[tool.uv.workspace]` whose members include `plugins/*`."""
    pyproject = directory / "pyproject.toml"
    if not pyproject.is_file():
        return None
    workspace = _read_toml(pyproject).get("tool", {}).get("uv", {}).get("workspace")
    if isinstance(workspace, dict) and WORKSPACE_GLOB in (workspace.get("members") or []):
        return directory
    return None


def _glob_match(relative: PurePosixPath, pattern: str) -> bool:
    parts = PurePosixPath(pattern).parts
    return len(parts) == len(relative.parts) and all(fnmatchcase(p, g) for p, g in zip(relative.parts, parts))


def is_member(root: Path, target: Path) -> bool:
    """Whether `target` is (would be) a member of the workspace at `root`."""
    try:
        relative = PurePosixPath(target.resolve().relative_to(root.resolve()).as_posix())
    except ValueError:
        return False
    workspace = _read_toml(root / "pyproject.toml")["tool"]["uv"]["workspace"]
    return (any(_glob_match(relative, m) for m in workspace.get("members") or [])
            and not any(_glob_match(relative, e) for e in workspace.get("exclude") or []))


def core_source() -> Path | None:
    """The `core/` folder of the source checkout this thinkingbox runs from, if it runs
    from one (an editable install); None for an installed wheel."""
    import thinkingbox

    core = Path(thinkingbox.__file__).resolve().parents[2]  # core/src/thinkingbox/__init__.py
    if _read_toml(core / "pyproject.toml").get("project", {}).get("name") == "thinkingbox":
        return core
    return None


def template_dir() -> Path:
    """The domain template: shipped in the installed package, or a source checkout's
    `examples/minimal_domain`."""
    shipped = Path(__file__).resolve().with_name(TEMPLATE)
    if (shipped / "pyproject.toml").is_file():
        return shipped
    core = core_source()
    example = core.parent / "examples" / "minimal_domain" if core is not None else None
    if example is not None and (example / "pyproject.toml").is_file():
        return example
    raise ThinkingboxError(f"the domain template is missing: neither {shipped} (an installed thinkingbox) nor a "
                           "checkout's examples/minimal_domain exists; reinstall thinkingbox")


# ---- editing pyproject.toml (tomlkit) and noxfile.py (text) --------------------------

def _code(text: str, start: int):
    """(index, character) of the Python code from `start` on: comments are skipped and a
    whole string is one item, at its closing quote."""
    i = start
    while i < len(text):
        char = text[i]
        if char in "\"'":
            quote = char * 3 if text.startswith(char * 3, i) else char
            i += len(quote)
            while not text.startswith(quote, i):
                if i >= len(text) or (text[i] == "\n" and len(quote) == 1):
                    raise ThinkingboxError("unterminated string")
                i += 2 if text[i] == "\\" else 1
            i += len(quote)
            yield i - 1, char
        elif char == "#":
            i = text.find("\n", i)
            if i < 0:
                return
        else:
            if not char.isspace():
                yield i, char
            i += 1


def _closing_bracket(text: str, start: int) -> int:
    """The index of the bracket closing the one at `start`."""
    depth = 0
    for i, char in _code(text, start):
        if char in "[{(":
            depth += 1
        elif char in "]})":
            depth -= 1
            if depth == 0:
                return i
    raise ThinkingboxError("unclosed bracket")


def append_to_list(text: str, open_at: int, item: str) -> str:
    """Add `item` (already a Python literal) as the last element of the list whose `[` is at
    `open_at`, in the list's own layout: one line, or one element per line."""
    close = _closing_bracket(text, open_at)
    last = max(i for i, _ in _code(text[:close], open_at))  # the `[`, or the last element's end
    empty = last == open_at
    line_start = text.rfind("\n", 0, close) + 1
    if "\n" not in text[open_at:close] or text[line_start:close].strip():
        # `[..., "b"]` or `"b"]` on the last line: append on the same line.
        sep = "" if empty else (" " if text[last] == "," else ", ")
        return text[:close] + sep + item + text[close:]
    first = re.search(r"\n([ \t]*)\S", text[open_at:close])
    indent = first.group(1) if first and not empty else " " * 4
    comma = "" if empty or text[last] == "," else ","
    return text[:last + 1] + comma + text[last + 1:line_start] + f"{indent}{item},\n" + text[line_start:]


def _inline(text: str):
    """A tomlkit inline table written as `text` (`{ workspace = true }`), spacing kept."""
    import tomlkit

    return tomlkit.parse(f"x = {text}")["x"]


def _table(parent, key: str):
    """`parent[key]`, a TOML table, created (as a table of tables) when missing."""
    import tomlkit

    if key not in parent:
        parent[key] = tomlkit.table(is_super_table=True)
    return parent[key]


def add_workspace_package(text: str, dist: str) -> str:
    """The root `pyproject.toml` text with `dist` added to `[project] dependencies` (when
    the root has a `[project]`) and as a workspace source in `[tool.uv.sources]`."""
    import tomlkit

    before = tomllib.loads(text)
    wanted = _normalize(dist)
    dependencies = before.get("project", {}).get("dependencies", [])
    if any(_normalize(re.split(r"[^A-Za-z0-9._-]", d.strip(), maxsplit=1)[0]) == wanted for d in dependencies):
        raise ThinkingboxError(f"the workspace already depends on {dist} (pyproject.toml [project] dependencies)")
    sources = before.get("tool", {}).get("uv", {}).get("sources", {})
    if any(_normalize(key) == wanted for key in sources):
        raise ThinkingboxError(f"the workspace already has a source for {dist} (pyproject.toml [tool.uv.sources])")

    expected = copy.deepcopy(before)
    doc = tomlkit.parse(text)
    if "project" in doc:
        if "dependencies" not in doc["project"]:
            doc["project"]["dependencies"] = tomlkit.array()
        doc["project"]["dependencies"].append(dist)
        expected["project"].setdefault("dependencies", []).append(dist)
    line = "{ workspace = true }"
    uv = _table(_table(doc, "tool"), "uv")
    if "sources" not in uv:
        uv["sources"] = tomlkit.table()
    uv["sources"][dist] = _inline(line)
    expected.setdefault("tool", {}).setdefault("uv", {}).setdefault("sources", {})[dist] = {"workspace": True}
    new = tomlkit.dumps(doc)
    try:
        after = tomllib.loads(new)
    except tomllib.TOMLDecodeError as exc:
        after = {"error": str(exc)}
    if after != expected:
        raise ThinkingboxError(f"could not add {dist} to pyproject.toml safely; add it by hand: "
                               f'"{dist}" to [project] dependencies and `{dist} = {line}` to [tool.uv.sources]')
    return new


def add_nox_plugin(text: str, name: str) -> str | None:
    """The noxfile text with `name` appended to its `PLUGINS = [...]` list; None when it
    has no such list or already names it."""
    match = re.search(r"^PLUGINS[ \t]*(?::[^=\n]*)?=[ \t]*\[", text, re.M)
    if not match:
        return None
    open_at = match.end() - 1
    try:
        close = _closing_bracket(text, open_at)
        plugins = ast.literal_eval(text[open_at:close + 1])
    except (ThinkingboxError, ValueError, SyntaxError):
        return None
    if not isinstance(plugins, list) or name in plugins:
        return None
    quote = "'" if re.match(r"\s*'", text[open_at + 1:close]) else '"'
    new = append_to_list(text, open_at, f"{quote}{name}{quote}")
    try:
        ast.parse(new)
        after = ast.literal_eval(new[open_at:_closing_bracket(new, open_at) + 1])
    except (ThinkingboxError, ValueError, SyntaxError):
        return None
    return new if after == plugins + [name] else None


# ---- the package: the template, renamed -------------------------------------------------

def _s(text: str) -> str:
    """A double-quoted string literal, valid both in Python and in TOML."""
    return json.dumps(text, ensure_ascii=False)


def _core_requirement() -> str:
    from thinkingbox import __version__

    match = re.match(r"(\d+)\.(\d+)", __version__)
    if not match:
        return "thinkingbox"
    major, minor = int(match.group(1)), int(match.group(2))
    upper = f"0.{minor + 1}" if major == 0 else str(major + 1)
    return f"thinkingbox>={major}.{minor},<{upper}"


def _commands(rows: list[tuple[str, str]], prefix: str = "") -> str:
    """An indented block of commands with their comments aligned."""
    width = max(len(prefix + command) for command, _ in rows)
    return "\n".join(f"    {prefix + command:<{width}}  # {comment}" for command, comment in rows)


def template_files(template: Path | None = None) -> dict[str, str]:
    """Relative path -> text of the template's files: its pyproject.toml, README.md and
    everything under src/ and tests/ (no caches)."""
    template = template_dir() if template is None else template
    files = {}
    for path in sorted(template.rglob("*")):
        relative = path.relative_to(template).as_posix()
        if (not path.is_file() or "__pycache__" in path.parts or path.suffix == ".pyc"
                or not (relative in ("pyproject.toml", "README.md") or relative.startswith(("src/", "tests/")))):
            continue
        files[relative] = path.read_text(encoding="utf-8")
    return files


def _replace(text: str, old: str, new: str, where: str, regex: bool = False) -> str:
    """`text` with `old` replaced; the template must hold it (a changed template is a bug here)."""
    replaced, count = re.subn(old, lambda _: new, text, flags=re.M) if regex else (text.replace(old, new),
                                                                                    text.count(old))
    if not count:
        raise ThinkingboxError(f"the domain template's {where} no longer holds {old!r}; tb new-domain needs updating")
    return replaced


def _pyproject(text: str, name: str, title: str, in_workspace: bool) -> str:
    import tomlkit

    pkg = f"thinkingbox_{name}"
    doc = tomlkit.parse(text)
    project = doc["project"]
    project["name"] = dist_name(name)
    project["version"] = "0.1.0"
    project["description"] = f"Thinkingbox domain: {title}"
    project["dependencies"] = [_core_requirement()]
    entry = tomlkit.table()
    entry[name] = f"{pkg}.plugin:SPEC"
    project["entry-points"]["thinkingbox.domains"] = entry
    doc["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] = [f"src/{pkg}"]
    if in_workspace:
        sources = tomlkit.table()
        sources["thinkingbox"] = _inline("{ workspace = true }")
        _table(_table(doc, "tool"), "uv")["sources"] = sources
    return tomlkit.dumps(doc)


def _readme(text: str, name: str, title: str, in_workspace: bool, with_nox: bool) -> str:
    body = text[text.index("\n## "):].lstrip("\n") if "\n## " in text else ""
    checks = [("tb domains", f"lists {name}"),
              (f"tb validate --domains {name}", "every task is sound"),
              (f"pytest plugins/{name}" if in_workspace else "pytest", "this package's tests"),
              (f"tb eval --domains {name} --agent oracle", "the reference solutions: 100%"),
              (f"tb eval --domains {name} --agent noop", "doing nothing: 0%")]
    if in_workspace:
        develop = f"""From the root of the workspace (`uv run` installs this package with the others):

{_commands(checks, "uv run ")}
"""
        if with_nox:
            develop += f"""
`uv run nox -s "plugins(plugin='{name}')"` runs the tests with only the core and this
package installed, as a user of the package would have them.
"""
    else:
        develop = f"""Give the package a virtual environment of its own, next to the core, so that no
other project's `uv sync` removes it. In this folder, with a checkout of Thinkingbox:

    uv venv
    uv pip install --python .venv -e <path-to-thinkingbox>/core -e . pytest

(or `uv pip install --python .venv -e . pytest` where `thinkingbox` comes from your package
index). Then, with the environment activated (`source .venv/bin/activate`):

{_commands(checks)}

Editable installs pick up changes to the code, tasks and policies without reinstalling.
"""
    return f"""# {dist_name(name)}

{title}: a Thinkingbox domain, created with `tb new-domain {name}` as a copy of the
template domain (a lending library) to rewrite into your own.

{body.rstrip()}

## Develop

{develop}"""


def render_files(name: str, title: str, in_workspace: bool, with_nox: bool = False,
                 template: Path | None = None) -> dict[str, str]:
    """Relative path -> text of every file of the new package: the template's, renamed."""
    pkg = f"thinkingbox_{name}"
    old_pkg, old_test = f"tb_{TEMPLATE_NAME}", f"test_{TEMPLATE_NAME}"
    files: dict[str, str] = {}
    for relative, text in template_files(template).items():
        where = relative
        text = text.replace(old_pkg, pkg).replace(dist_name(TEMPLATE_NAME), dist_name(name))
        text = text.replace(f"{old_test}.py", f"test_{name}.py")
        text = text.replace(f"{camel(TEMPLATE_NAME)}Table", f"{camel(name)}Table")
        relative = relative.replace(f"src/{old_pkg}/", f"src/{pkg}/").replace(f"tests/{old_test}.py",
                                                                              f"tests/test_{name}.py")
        if where == "pyproject.toml":
            try:
                text = _pyproject(text, name, title, in_workspace)
            except KeyError as exc:
                raise ThinkingboxError(f"the domain template's pyproject.toml has no {exc.args[0]!r} table any more; "
                                       "tb new-domain needs updating") from None
        elif where == "README.md":
            text = _readme(text, name, title, in_workspace, with_nox)
        elif where == f"src/{old_pkg}/plugin.py":
            text = _replace(text, f"table_base({_s(TEMPLATE_NAME)})", f"table_base({_s(name)})", where)
            text = _replace(text, f"    name={_s(TEMPLATE_NAME)},", f"    name={_s(name)},", where)
            text = _replace(text, r"^    title=.*,$", f"    title={_s(title)},", where, regex=True)
        elif where == f"tests/{old_test}.py":
            text = _replace(text, f"DOMAIN = {_s(TEMPLATE_NAME)}", f"DOMAIN = {_s(name)}", where)
            text = _replace(text, f"class Test{camel(TEMPLATE_NAME)}Tasks", f"class Test{camel(name)}Tasks", where)
            text = _replace(text, f"the {TEMPLATE_NAME} domain", f"the {name} domain", where)
        files[relative] = text
    return files


# ---- planning and writing ------------------------------------------------------------

@dataclass
class Plan:
    name: str
    target: Path
    workspace: Path | None  # the workspace root, when the package becomes a member
    files: dict[str, str]
    edits: dict[Path, str] = field(default_factory=dict)  # root files -> their new text
    notes: list[str] = field(default_factory=list)


def plan(name: str, path: Path | None = None, title: str | None = None, cwd: Path | None = None) -> Plan:
    """Check everything and compute every file's text; write nothing."""
    cwd = Path.cwd() if cwd is None else cwd
    name = check_name(name)
    title = check_title(title if title is not None else name.replace("_", " ").capitalize())
    root = workspace_root(cwd)
    if path is None:
        target = cwd / "plugins" / name if root else cwd / f"thinkingbox-{name}"
    else:
        target = path if path.is_absolute() else cwd / path
    if target.exists() or target.is_symlink():
        raise ThinkingboxError(f"{_show(target, cwd)} already exists; choose another NAME or --path "
                               "(new-domain never overwrites)")
    workspace = root if root and is_member(root, target) else None
    notes = []
    if root and not workspace:
        notes.append(f"{_show(target, cwd)} is not a member of the workspace (members: {WORKSPACE_GLOB}), "
                     "so it is set up as a stand-alone package")
    edits: dict[Path, str] = {}
    if workspace:
        pyproject = workspace / "pyproject.toml"
        edits[pyproject] = add_workspace_package(pyproject.read_text(encoding="utf-8"), dist_name(name))
        noxfile = workspace / "noxfile.py"
        if noxfile.is_file():
            new = add_nox_plugin(noxfile.read_text(encoding="utf-8"), name)
            if new is not None:
                edits[noxfile] = new
    with_nox = any(path.name == "noxfile.py" for path in edits)
    return Plan(name, target, workspace, render_files(name, title, workspace is not None, with_nox), edits, notes)


def write(p: Plan) -> None:
    p.target.mkdir(parents=True)
    for relative, text in p.files.items():
        path = p.target / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for path, text in p.edits.items():
        path.write_text(text, encoding="utf-8")


def _show(path: Path, cwd: Path) -> str:
    try:
        return str(path.resolve().relative_to(cwd.resolve())) or "."
    except ValueError:
        return str(path)


def summary(p: Plan, cwd: Path | None = None) -> str:
    """What was created and changed, and the commands to run next."""
    cwd = Path.cwd() if cwd is None else cwd
    where = _show(p.target, cwd)
    lines = [f"Created domain {p.name!r} in {where}/:"]
    lines += [f"  {where}/{relative}" for relative in p.files]
    for path in p.edits:
        what = "dependency and workspace source" if path.name == "pyproject.toml" else "PLUGINS"
        added = dist_name(p.name) if path.name == "pyproject.toml" else p.name
        lines.append(f"Updated {_show(path, cwd)} ({what}: {added})")
    lines += [f"Note: {note}" for note in p.notes]
    lines.append("")
    lines.append("Next:")
    if p.workspace:
        lines += [f"  uv run tb validate --domains {p.name}",
                  f"  uv run pytest {_show(p.target, p.workspace)}",
                  f"  uv run tb eval --domains {p.name} --agent oracle",
                  "(uv run installs the new package and updates uv.lock; commit both.)"]
    else:
        # `--python .venv`: into the new environment even where another one is active
        # (VIRTUAL_ENV, as under `uv run`), which `uv pip` would otherwise install into.
        core = core_source()
        core_arg = f"-e {shlex.quote(str(core))} " if core else ""
        lines += [f"  cd {shlex.quote(where)}",
                  "  uv venv",
                  f"  uv pip install --python .venv {core_arg}-e . pytest",
                  f"  .venv/bin/tb validate --domains {p.name}",
                  "  .venv/bin/pytest"]
        if not core:
            lines.append("(where `thinkingbox` is not on your package index, add `-e <path-to-thinkingbox>/core` "
                         "after `.venv`)")
    lines.append(f"Then make the domain your own: start with {where}/src/thinkingbox_{p.name}/plugin.py.")
    return "\n".join(lines)


def new_domain(name: str, path: Path | None = None, title: str | None = None, cwd: Path | None = None) -> Plan:
    """Create the package (and edit the workspace's root files); returns what was done."""
    p = plan(name, path, title, cwd)
    write(p)
    return p
