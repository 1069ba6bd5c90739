"""`tb new-domain NAME`: a new domain package that works before you change a line.

The package is a small, complete domain (one table, its base rows, a read tool and a
write tool, a prompt, one policy document, one task and its tests) for the author to
rewrite. At the root of a Thinkingbox uv workspace it becomes a workspace member under
`plugins/NAME`, and the root `pyproject.toml` (and the `PLUGINS` list of `noxfile.py`)
gain it, so `uv run` installs it; anywhere else it is a stand-alone package
`./thinkingbox-NAME` with its own instructions for a development environment.

Nothing is written until every check has passed, and nothing existing is overwritten.
Root files are edited as text (formatting and comments kept), and each edit is checked by
parsing the file before and after it.
"""
from __future__ import annotations

import ast
import copy
import json
import keyword
import re
import tomllib
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path, PurePosixPath

from thinkingbox.contract.errors import ThinkingboxError

NAME_PATTERN = re.compile(r"[a-z][a-z0-9_]*")
WORKSPACE_GLOB = "plugins/*"
NOW = "2025-01-06T09:00:00Z"


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
    core = Path(__file__).resolve().parent.parent.parent
    if _read_toml(core / "pyproject.toml").get("project", {}).get("name") == "thinkingbox":
        return core
    return None


# ---- editing TOML and Python as text -------------------------------------------------

def _code(text: str, start: int, python: bool):
    """(index, character) of the code from `start` on: comments are skipped and a whole
    string is one item, at its closing quote. `python`: backslashes escape in '...' too
    (in TOML, single quotes make a literal string)."""
    i = start
    while i < len(text):
        char = text[i]
        if char in "\"'":
            quote = char * 3 if text.startswith(char * 3, i) else char
            i += len(quote)
            while not text.startswith(quote, i):
                if i >= len(text) or (text[i] == "\n" and len(quote) == 1):
                    raise ThinkingboxError("unterminated string")
                i += 2 if text[i] == "\\" and (char == '"' or python) else 1
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


def _closing_bracket(text: str, start: int, python: bool = False) -> int:
    """The index of the bracket closing the one at `start`."""
    depth = 0
    for i, char in _code(text, start, python):
        if char in "[{(":
            depth += 1
        elif char in "]})":
            depth -= 1
            if depth == 0:
                return i
    raise ThinkingboxError("unclosed bracket")


def append_to_list(text: str, open_at: int, item: str, python: bool = False) -> str:
    """Add `item` (already a literal) as the last element of the list whose `[` is at
    `open_at`, in the list's own layout: one line, or one element per line."""
    close = _closing_bracket(text, open_at, python)
    last = max(i for i, _ in _code(text[:close], open_at, python))  # the `[`, or the last element's end
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


_HEADER = re.compile(r"^[ \t]*\[(?!\[)[ \t]*([^\]\n]+?)[ \t]*\][ \t]*(?:#.*)?$", re.M)
_ANY_HEADER = re.compile(r"^[ \t]*\[", re.M)


def _table_span(text: str, table: str) -> tuple[int, int] | None:
    """(start of the body, end of the body) of `[table]`, or None."""
    for match in _HEADER.finditer(text):
        if re.sub(r"\s+", "", match.group(1)).replace('"', "") == table:
            body = text.find("\n", match.end())
            body = len(text) if body < 0 else body + 1
            following = _ANY_HEADER.search(text, body)
            return body, following.start() if following else len(text)
    return None


def _insert_line(text: str, span: tuple[int, int], line: str) -> str:
    """Insert `line` after the last non-blank line of a table's body."""
    body, end = span
    stop = body
    for match in re.finditer(r"[^\n]*\n?", text[body:end]):
        if match.group().strip() and not match.group().lstrip().startswith("#"):
            stop = body + match.end()
    if stop > 0 and text[stop - 1] != "\n":
        line = "\n" + line
    return text[:stop] + line + "\n" + text[stop:]


def add_workspace_package(text: str, dist: str) -> str:
    """The root `pyproject.toml` text with `dist` added to `[project] dependencies` (when
    the root has a `[project]`) and as a workspace source in `[tool.uv.sources]`."""
    before = tomllib.loads(text)
    wanted = _normalize(dist)
    dependencies = before.get("project", {}).get("dependencies", [])
    if any(_normalize(re.split(r"[^A-Za-z0-9._-]", d.strip(), maxsplit=1)[0]) == wanted for d in dependencies):
        raise ThinkingboxError(f"the workspace already depends on {dist} (pyproject.toml [project] dependencies)")
    sources = before.get("tool", {}).get("uv", {}).get("sources", {})
    if any(_normalize(key) == wanted for key in sources):
        raise ThinkingboxError(f"the workspace already has a source for {dist} (pyproject.toml [tool.uv.sources])")

    expected = copy.deepcopy(before)
    if "project" in before:
        span = _table_span(text, "project")
        if span is None:
            raise ThinkingboxError("pyproject.toml: cannot find the [project] table's header")
        key = re.compile(r"^[ \t]*dependencies[ \t]*=[ \t]*\[", re.M).search(text, span[0], span[1])
        if key:
            text = append_to_list(text, key.end() - 1, json.dumps(dist))
        else:
            text = _insert_line(text, span, f"dependencies = [{json.dumps(dist)}]")
        expected["project"].setdefault("dependencies", []).append(dist)
    span = _table_span(text, "tool.uv.sources")
    line = f"{dist} = {{ workspace = true }}"
    if span is None:
        text = text.rstrip("\n") + f"\n\n[tool.uv.sources]\n{line}\n"
    else:
        text = _insert_line(text, span, line)
    expected.setdefault("tool", {}).setdefault("uv", {}).setdefault("sources", {})[dist] = {"workspace": True}
    try:
        after = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        after = {"error": str(exc)}
    if after != expected:
        raise ThinkingboxError(f"could not add {dist} to pyproject.toml safely; add it by hand: "
                               f'"{dist}" to [project] dependencies and `{line}` to [tool.uv.sources]')
    return text


def add_nox_plugin(text: str, name: str) -> str | None:
    """The noxfile text with `name` appended to its `PLUGINS = [...]` list; None when it
    has no such list or already names it."""
    match = re.search(r"^PLUGINS[ \t]*(?::[^=\n]*)?=[ \t]*\[", text, re.M)
    if not match:
        return None
    open_at = match.end() - 1
    try:
        close = _closing_bracket(text, open_at, python=True)
        plugins = ast.literal_eval(text[open_at:close + 1])
    except (ThinkingboxError, ValueError, SyntaxError):
        return None
    if not isinstance(plugins, list) or name in plugins:
        return None
    quote = "'" if re.match(r"\s*'", text[open_at + 1:close]) else '"'
    new = append_to_list(text, open_at, f"{quote}{name}{quote}", python=True)
    try:
        ast.parse(new)
        after = ast.literal_eval(new[open_at:_closing_bracket(new, open_at, python=True) + 1])
    except (ThinkingboxError, ValueError, SyntaxError):
        return None
    return new if after == plugins + [name] else None


# ---- the package ---------------------------------------------------------------------

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


def _json(value, indent: int = 0) -> str:
    """JSON laid out for people: what fits on a line stays on one line."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + indent <= 100 or not isinstance(value, (dict, list)) or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_json(v, indent + 2)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    return "[\n" + ",\n".join(pad + _json(v, indent + 2) for v in value) + "\n" + " " * indent + "]"


def render_files(name: str, title: str, in_workspace: bool, with_nox: bool = False) -> dict[str, str]:
    """Relative path -> text of every file of the new package."""
    pkg = f"thinkingbox_{name}"
    dist = dist_name(name)
    base = f"{camel(name)}Table"
    files: dict[str, str] = {}

    sources = '\n[tool.uv.sources]\nthinkingbox = { workspace = true }\n' if in_workspace else ""
    files["pyproject.toml"] = f'''[project]
name = "{dist}"
version = "0.1.0"
description = {_s(f"Thinkingbox domain: {title}")}
readme = "README.md"
requires-python = ">=3.11"
dependencies = [{_s(_core_requirement())}]

[project.entry-points."thinkingbox.domains"]
{name} = "{pkg}.plugin:SPEC"

[build-system]
requires = ["hatchling>=1.25"]
build-backend = "hatchling.build"

[tool.hatch.build.targets.wheel]
packages = ["src/{pkg}"]
{sources}'''

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
    uv pip install -e <path-to-thinkingbox>/core -e . pytest

(or `uv pip install -e . pytest` where `thinkingbox` comes from your package index).
Then, with the environment activated (`source .venv/bin/activate`):

{_commands(checks)}

Editable installs pick up changes to the code, tasks and policies without reinstalling.
"""
    files["README.md"] = f"""# {dist}

{title}: a Thinkingbox domain, created with `tb new-domain {name}`. As generated it is
a small working example (customers' requests, which the agent looks up and closes) to
rewrite into your own domain.

## Layout

- `src/{pkg}/plugin.py`: the tables, the rows every task starts from, the tools,
  the agent's prompt and `SPEC`, which ties them together (the package's
  `thinkingbox.domains` entry point names it).
- `src/{pkg}/tasks/*.json`: the tasks, one file per family (`tb tasks --schema` prints
  the format). Each task's reference solution must reach the one correct final state.
- `src/{pkg}/policies/*.md`: the rules the agent must follow; they are part of its
  prompt and searchable with the `search_policy` tool.
- `tests/test_{name}.py`: `DomainTests` checks every task (sound, the reference solution
  passes, doing nothing fails); the other tests call the tools directly.

## Develop

{develop}"""

    files[f"src/{pkg}/__init__.py"] = f'"""{_doc(title)}: a Thinkingbox domain (see `plugin.py`)."""\n'

    prompt = (f"You are the customer-service agent of {_braces(title)}. The time now is {{now}}.\n"
              "Look things up and make changes with your tools; tell the customer only what they returned.\n\n"
              "{policies}")
    prompt_lines = "\n".join(f"        {_s(line)}" for line in prompt.splitlines(keepends=True))
    files[f"src/{pkg}/plugin.py"] = f'''"""{_doc(title)}: a Thinkingbox domain.

Everything the domain is, in one module: its table (declared on the domain's own table
base), the rows every task starts from, its tools and the agent's prompt, tied together by
`SPEC`. Task files live in `tasks/`, policy documents in `policies/`.

Generated by `tb new-domain`: replace the requests below with your own systems. Every
change to a table is made by a write tool, and each tool checks what the real system
would check, refusing with a `ToolError` the agent can read.
"""
from __future__ import annotations

from typing import Literal

from sqlmodel import Field

from thinkingbox import DomainSpec, FreeText, ToolError, World, read_tool, table_base, write_tool

{base} = table_base({_s(name)})


class Request({base}, table=True):
    """A customer's request; it stays open until the agent closes it."""

    __tablename__ = "requests"
    id: str = Field(primary_key=True)
    customer: str
    subject: str
    status: str = "open"  # open or closed
    resolution: str = ""  # resolved or withdrawn, once closed
    closed_at: str = ""
    note: str = FreeText("")  # the agent's own words: the judge does not compare them


def base_rows() -> list:
    """The rows every task starts from; a task may add its own (`rows` in its file)."""
    return [
        Request(id="R-1", customer="Ada Moreno", subject="The heater rattles when it starts"),
        Request(id="R-2", customer="Ben Okafor", subject="Invoice sent to an old address"),
        Request(id="R-3", customer="Ben Okafor", subject="Hallway light bulb to replace", status="closed",
                resolution="resolved", closed_at="2025-01-03T15:20:00Z"),
    ]


@read_tool
def get_request(world: World, request_id: str) -> dict:
    """Look up one request by its id (such as R-1): customer, subject and status."""
    return world.require(Request, request_id, "request").model_dump()


@write_tool
def close_request(world: World, request_id: str, resolution: Literal["resolved", "withdrawn"],
                  note: str = "") -> dict:
    """Close an open request. resolution: `resolved` when the problem is fixed, `withdrawn`
    when the customer no longer wants it handled. note: a short remark (optional)."""
    request = world.require(Request, request_id, "request")
    if request.status != "open":
        raise ToolError(f"request {{request_id}} is already {{request.status}}; only open requests can be closed")
    world.update(request, status="closed", resolution=resolution, closed_at=world.now_iso, note=note)
    return request.model_dump()


SPEC = DomainSpec(
    name={_s(name)},
    title={_s(title)},
    description="Customers' requests, which the agent looks up and closes (generated by tb new-domain).",
    now={_s(NOW)},
    package=__package__,
    tables={base},
    fixtures=base_rows,
    tools=[get_request, close_request],
    prompt=(
{prompt_lines}
    ),
)
'''

    files[f"src/{pkg}/policies/01_rules.md"] = """# Closing requests

Every request has an id such as R-1, a customer, a subject and a status: open or closed.

1. If the customer has not given the request's id, ask for it. Look the request up with
   `get_request` and make sure it belongs to the customer you are talking to; never change
   another customer's request.
2. Close a request only when its own customer asks you to. The resolution is `resolved`
   when the customer says the problem is fixed, and `withdrawn` when they no longer want
   it handled.
3. A closed request stays closed: do not close it again. Tell the customer it already is.
"""

    task_file = {
        "family": name,
        "description": "Closing a customer's request at their word.",
        "tasks": [{
            "id": f"{name.replace('_', '-')}-close-resolved",
            "title": "The customer's problem is fixed; close the right one of their two requests",
            "request": "Hello, the invoice problem I wrote to you about is sorted out now, so you can close it.",
            "user_facts": {"name": "Ben Okafor", "request id": "R-2",
                           "what happened": "The invoice arrived at the right address in the end."},
            "solution": [
                {"tool": "get_request", "args": {"request_id": "R-2"}},
                {"tool": "close_request", "args": {"request_id": "R-2", "resolution": "resolved"}},
            ],
            "final_message": "Thanks, Ben: request R-2 about the invoice is now closed as resolved.",
            # What the customer must be told (the request and the outcome), and must never be told.
            "says": {"states": [{"id": "R-2", "label": "request closed"},
                                {"phrase": [r"\bclosed\b"], "label": "decision"}],
                     "never_states": [{"id": "R-3", "label": "the other request"}]},
            "notes": "R-2 is Ben's open request about the invoice and the problem is fixed: closed as resolved "
                     "(policy rule 2). His other request, R-3, is already closed and stays as it is.",
        }],
    }
    files[f"src/{pkg}/tasks/{name}.json"] = _json(task_file) + "\n"

    files[f"tests/test_{name}.py"] = f'''"""Tests of the {name} domain: DomainTests checks every task (it is sound, its
reference solution passes, doing nothing fails); the functions below call the tools as
an agent would, on a fresh world of the domain's first task."""
from thinkingbox.testing import DomainTests

DOMAIN = {_s(name)}


class Test{camel(name)}Tasks(DomainTests):
    domain = DOMAIN


def test_a_request_is_closed_only_once(tb_call, tb_world):
    closed = tb_call("close_request", request_id="R-1", resolution="withdrawn")
    assert not closed.is_error and closed.data["status"] == "closed"
    before = tb_world.snapshot()
    again = tb_call("close_request", request_id="R-1", resolution="resolved")
    assert again.is_error and "already closed" in again.text
    assert tb_world.snapshot() == before  # a refused call changes nothing


def test_an_unknown_request_is_an_error(tb_call):
    result = tb_call("get_request", request_id="R-99")
    assert result.is_error and "not found" in result.text
'''
    return files


def _braces(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _doc(text: str) -> str:
    """Text safe inside a triple-quoted docstring."""
    return text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')


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
        core = core_source()
        core_arg = f"-e {core} " if core else ""
        lines += [f"  cd {where}",
                  "  uv venv",
                  f"  uv pip install {core_arg}-e . pytest",
                  f"  .venv/bin/tb validate --domains {p.name}",
                  "  .venv/bin/pytest"]
        if not core:
            lines.append("(where `thinkingbox` is not on your package index, add `-e <path-to-thinkingbox>/core`)")
    lines.append(f"Then make the domain your own: start with {where}/src/thinkingbox_{p.name}/plugin.py.")
    return "\n".join(lines)


def new_domain(name: str, path: Path | None = None, title: str | None = None, cwd: Path | None = None) -> Plan:
    """Create the package (and edit the workspace's root files); returns what was done."""
    p = plan(name, path, title, cwd)
    write(p)
    return p
