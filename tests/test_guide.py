"""docs/writing-domains.md keeps up with the code it documents.

Each check below is a function from the guide's text (and the code) to a list of
problems, so it is tested twice: on the real guide, where it must find nothing, and on a
deliberately broken copy, where it must find the break (a check that cannot fail proves
nothing).
"""
from __future__ import annotations

import dataclasses
import inspect
import io
import json
import re
import subprocess
import sys
import textwrap
import tokenize
from pathlib import Path

import pytest

from thinkingbox.contract import hookspecs
from thinkingbox.contract.spec import DomainSpec
from thinkingbox.contract.tasks import RubricItem, RubricRule, Task, TaskFile, ToolCall
from thinkingbox.contract.world import World

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "writing-domains.md"


@pytest.fixture(scope="module")
def guide() -> str:
    assert GUIDE.is_file(), f"{GUIDE} is missing"
    return GUIDE.read_text(encoding="utf-8")


# ---- reading the guide -----------------------------------------------------------------

def headings(text: str) -> list[tuple[int, int, str]]:
    """(line index, level, title) of every markdown heading outside fenced code blocks."""
    found, fenced = [], False
    for i, line in enumerate(text.splitlines()):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        match = re.match(r"(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if match and not fenced:
            found.append((i, len(match.group(1)), match.group(2)))
    return found


def section(text: str, title: str | re.Pattern, level: int) -> str | None:
    """The body of the first heading of `level` whose title equals `title` (a string) or
    matches it (a pattern), up to the next heading of that level or above."""
    lines = text.splitlines()
    marks = headings(text)
    for n, (i, lvl, name) in enumerate(marks):
        hit = name == title if isinstance(title, str) else bool(title.search(name))
        if lvl == level and hit:
            end = next((j for j, l, _ in marks[n + 1:] if l <= level), len(lines))
            return "\n".join(lines[i + 1:end])
    return None


def code_blocks(text: str) -> list[str]:
    return re.findall(r"^[ \t]*```[^\n]*\n(.*?)^[ \t]*```", text, re.S | re.M)


def normalise(code: str) -> str:
    """One line, single spaces, no space inside brackets, no trailing comma before `)`."""
    code = " ".join(code.split())
    code = re.sub(r"([(\[])\s+", r"\1", code)
    code = re.sub(r",?\s+([)\]])", r"\1", code)
    return re.sub(r",([)\]])", r"\1", code)


# ---- reading the code ------------------------------------------------------------------

def hooks() -> dict[str, object]:
    return {name: fn for name, fn in inspect.getmembers(hookspecs, inspect.isfunction) if name.startswith("tb_")}


def source_signature(fn: object) -> str:
    """`def name(...) -> ...` exactly as written in the source: from `def` to the colon
    that ends the signature (decorators left out), whitespace normalised."""
    source = textwrap.dedent(inspect.getsource(fn))
    offsets = [0]
    for line in source.splitlines(keepends=True):
        offsets.append(offsets[-1] + len(line))
    start = depth = None
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        at = offsets[tok.start[0] - 1] + tok.start[1]
        if start is None:
            if tok.type == tokenize.NAME and tok.string == "def":
                start, depth = at, 0
            continue
        if tok.type == tokenize.OP:
            if tok.string in "([{":
                depth += 1
            elif tok.string in ")]}":
                depth -= 1
            elif tok.string == ":" and depth == 0:
                return normalise(source[start:at])
    raise AssertionError(f"no signature found in the source of {fn!r}")


def public_world_methods() -> list[str]:
    return sorted(name for name, value in vars(World).items()
                  if not name.startswith("_") and (inspect.isfunction(value) or isinstance(value, (classmethod, staticmethod))))


def task_schema() -> dict:
    """`tb tasks --schema`, run as a user runs it (the `tb` script of this environment)."""
    tb = Path(sys.executable).with_name("tb")
    command = [str(tb)] if tb.is_file() else [sys.executable, "-c", "import sys; from thinkingbox.interfaces.cli import main; sys.exit(main())"]
    proc = subprocess.run([*command, "tasks", "--schema"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


# ---- the checks ------------------------------------------------------------------------

def hook_problems(text: str, specs: dict[str, object]) -> list[str]:
    """Each hook has a `### tb_name` section whose first code block holds the hook's
    signature as written in hookspecs.py, and which says who may implement it."""
    problems = []
    for name, fn in sorted(specs.items()):
        body = section(text, name, 3)
        if body is None:
            problems.append(f"no '### {name}' section")
            continue
        expected = source_signature(fn)
        blocks = code_blocks(body)
        if not blocks:
            problems.append(f"{name}: no code block with its signature")
        elif not re.search(re.escape(expected) + r"\s*:?\s*$", normalise(blocks[0])):
            problems.append(f"{name}: the first code block is {normalise(blocks[0])!r}, expected {expected!r}")
        if name in hookspecs.DOMAIN_HOOKS + hookspecs.OPTIONAL_DOMAIN_HOOKS:
            who = "**Who implements it:** the domain's own plugin only"
        elif name in hookspecs.EVALUATION_HOOKS:
            who = "**Who implements it:** any plugin"
        else:
            problems.append(f"{name} is in neither DOMAIN_HOOKS nor EVALUATION_HOOKS")
            continue
        if who not in body:
            problems.append(f"{name}: the section does not say {who!r}")
    return problems


def named(body: str, name: str) -> bool:
    """`name` appears as code: `name`, `name(...)`, `world.name(...)`, `"name"`."""
    return bool(re.search(rf"(`|\bworld\.|\bWorld\.|\"){re.escape(name)}(`|\(|\")", body))


def missing_names(text: str, heading: re.Pattern, names: list[str]) -> list[str]:
    body = section(text, heading, 2)
    if body is None:
        return [f"no '## ...' section matching {heading.pattern!r}"]
    return [f"{name} is not mentioned under {heading.pattern!r}" for name in names if not named(body, name)]


SPEC_SECTION = re.compile(r"The domain spec", re.I)
WORLD_SECTION = re.compile(r"The World API", re.I)
TASK_SECTION = re.compile(r"Task files", re.I)


def task_field_names(schema: dict) -> list[str]:
    """Every field a task file may hold, from the models and from the published schema."""
    names = {name for name, field in Task.model_fields.items() if not field.exclude}
    names |= set(TaskFile.model_fields) | set(ToolCall.model_fields)
    names |= set(RubricItem.model_fields) | set(RubricRule.model_fields)
    names |= set(schema["properties"])
    for definition in schema.get("$defs", {}).values():
        names |= set(definition.get("properties", {}))
    return sorted(names)


# ---- the tests -------------------------------------------------------------------------

def test_every_hook_has_a_section_with_its_exact_signature(guide):
    specs = hooks()
    assert set(specs) == set(hookspecs.DOMAIN_HOOKS + hookspecs.OPTIONAL_DOMAIN_HOOKS + hookspecs.EVALUATION_HOOKS)
    assert hook_problems(guide, specs) == []


def test_every_domain_spec_field_is_documented(guide):
    fields = [f.name for f in dataclasses.fields(DomainSpec)]
    assert {"name", "tables", "tools", "prompt"} <= set(fields)
    assert missing_names(guide, SPEC_SECTION, fields) == []


def test_every_public_world_method_is_documented(guide):
    methods = public_world_methods()
    assert {"get", "require", "find", "insert", "update", "new_id", "atomic", "snapshot"} <= set(methods)
    assert missing_names(guide, WORLD_SECTION, methods) == []


def test_task_schema_is_json_and_every_task_field_is_documented(guide):
    schema = task_schema()
    assert "tasks" in schema["properties"]
    written = {name for name, field in Task.model_fields.items() if not field.exclude}  # source_file is the loader's
    assert written <= set(schema["$defs"]["Task"]["properties"]) and "source_file" not in written
    assert missing_names(guide, TASK_SECTION, task_field_names(schema)) == []


# ---- the checks can fail ---------------------------------------------------------------

def test_a_changed_signature_fails_until_the_guide_follows(guide):
    def tb_seed_world(world: World, fresh: bool) -> None:  # the hook as it might become
        """Not a real hook."""

    specs = {**hooks(), "tb_seed_world": tb_seed_world}
    problems = hook_problems(guide, specs)
    assert len(problems) == 1 and "tb_seed_world" in problems[0] and "fresh: bool" in problems[0]
    updated = guide.replace("def tb_seed_world(world: World) -> None",
                            "def tb_seed_world(\n    world: World,\n    fresh: bool,\n) -> None")
    assert hook_problems(updated, specs) == []


def test_a_missing_hook_section_or_wrong_implementer_fails(guide):
    assert hook_problems(guide.replace("### tb_users", "### tb_people"), hooks()) == ["no '### tb_users' section"]
    swapped = guide.replace("**Who implements it:** the domain's own plugin only", "**Who implements it:** any plugin", 1)
    problems = hook_problems(swapped, hooks())
    assert problems and "tb_domain_info" in problems[0]


def test_a_new_hook_without_a_section_fails(guide):
    def tb_new_hook(domain: object) -> None:
        """Not a real hook."""

    assert hook_problems(guide, {**hooks(), "tb_new_hook": tb_new_hook})[0] == "no '### tb_new_hook' section"


def test_the_signature_is_read_from_the_source_not_from_annotations():
    assert source_signature(hookspecs.tb_seed_world) == "def tb_seed_world(world: World) -> None"
    assert source_signature(hookspecs.tb_tools) == "def tb_tools() -> list[Callable[..., Any]]"

    def spread(
        a: int,
        b: dict[str, int],
    ) -> int:
        return a

    assert source_signature(spread) == "def spread(a: int, b: dict[str, int]) -> int"


def test_undocumented_fields_and_methods_are_found(guide):
    spec = section(guide, SPEC_SECTION, 2)
    stripped = guide.replace(spec, spec.replace("`policy_search`", "policy search"))
    assert missing_names(stripped, SPEC_SECTION, ["policy_search", "ticketing"]) == [
        "policy_search is not mentioned under 'The domain spec'"]
    assert missing_names(guide, WORLD_SECTION, ["teleport"]) == ["teleport is not mentioned under 'The World API'"]
    assert missing_names(guide, TASK_SECTION, ["user_mood"]) == ["user_mood is not mentioned under 'Task files'"]
    # a name mentioned only in another section does not count
    assert missing_names(guide, WORLD_SECTION, ["user_facts"]) == ["user_facts is not mentioned under 'The World API'"]
