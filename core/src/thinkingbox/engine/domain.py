"""The domain runtime: one loaded domain (its info, world schema, tools, tasks) and the
per-task worlds computed once and shared by its trials."""
from __future__ import annotations

import importlib.metadata
import types
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from thinkingbox.contract.checks import Check, Difference
from thinkingbox.contract.spec import DomainInfo
from thinkingbox.contract.errors import PluginError, TaskError, ThinkingboxError
from thinkingbox.contract.tasks import Task, load_tasks
from thinkingbox.contract.tools import ToolSpec, WorldBinding, build_server, tool_spec
from thinkingbox.contract.world import Schema, Snapshot, World, iso, parse_time, state_hash

if TYPE_CHECKING:
    from thinkingbox.engine.discovery import PluginHost


@dataclass
class TaskWorld:
    """What is computed once per task and shared by all its trials (read-only)."""

    task: Task
    template: bytes       # serialized seeded database
    initial: Snapshot
    golden: Snapshot
    initial_hash: str
    golden_hash: str


def describe_plugin(plugin: Any) -> str:
    if isinstance(plugin, types.ModuleType):
        return plugin.__name__
    return getattr(plugin, "__module__", None) or type(plugin).__name__


class Domain:
    """One loaded domain: its info, world schema, tools, tasks and per-task worlds."""

    def __init__(self, name: str, host: PluginHost, plugin: Any, version: str | None = None):
        self.name = name
        self.host = host
        self.plugin = plugin
        self._version = version
        self._task_worlds: dict[str, TaskWorld] = {}
        self._tool_schemas: list[dict[str, Any]] | None = None
        self._tool_listing_json: bytes | None = None
        self._shared_tool_listing: list[dict[str, Any]] | None = None
        self.binding = WorldBinding()
        self._client_cache_store = None

    def _call(self, hook: str, **kwargs: Any) -> Any:
        """A domain-descriptor hook, answered by this domain's own plugin alone."""
        for impl in getattr(self.host.pm.hook, hook).get_hookimpls():
            if impl.plugin is self.plugin:
                return impl.function(**{arg: kwargs[arg] for arg in impl.argnames})
        raise PluginError(f"domain {self.name!r} ({describe_plugin(self.plugin)}) does not implement {hook}")

    @cached_property
    def info(self) -> DomainInfo:
        info = self._call("tb_domain_info")
        if not isinstance(info, DomainInfo):
            raise PluginError(f"domain {self.name!r}: tb_domain_info returned {type(info).__name__}, "
                              "not a thinkingbox.DomainInfo")
        if info.name != self.name:
            raise PluginError(f"domain {self.name!r}: tb_domain_info names it {info.name!r}; "
                              "the entry-point name and the domain's name must be the same")
        return info

    @cached_property
    def version(self) -> str:
        """The version of the distribution that ships the domain (its package metadata)."""
        if self._version:
            return self._version
        top = (getattr(self.plugin, "package", None) or describe_plugin(self.plugin)).split(".")[0]
        for dist in importlib.metadata.packages_distributions().get(top, []):
            return importlib.metadata.version(dist)
        return "0+unknown"

    @cached_property
    def _seeded(self) -> tuple[Schema, bytes]:
        world = World(Schema(), self.info.now)
        self._call("tb_seed_world", world=world)
        if not world.schema.tables:
            raise PluginError(f"domain {self.name!r}: tb_seed_world created no tables")
        from sqlmodel import SQLModel

        for info in world.schema.tables.values():
            if info.model.metadata is SQLModel.metadata:
                raise PluginError(
                    f"domain {self.name!r}: table {info.name!r} is declared on SQLModel's shared registry, where "
                    "another domain's table of the same name would collide; declare it on the domain's own base "
                    "from thinkingbox.table_base(name)")
        data = world.to_bytes()
        world.close()
        return world.schema, data

    @property
    def schema(self) -> Schema:
        return self._seeded[0]

    @cached_property
    def tools(self) -> dict[str, ToolSpec]:
        try:
            specs = [tool_spec(fn) for fn in (self._call("tb_tools") or [])]
        except ThinkingboxError as exc:
            raise PluginError(f"domain {self.name!r}: {exc}") from None
        if not specs:
            raise PluginError(f"domain {self.name!r}: tb_tools returned no tools")
        names = [s.name for s in specs]
        dupes = {n for n in names if names.count(n) > 1}
        if dupes:
            raise PluginError(f"domain {self.name!r}: duplicate tool names {sorted(dupes)}")
        from thinkingbox.engine.injection import REPORT_TOOL
        from thinkingbox.models.prompts import CHECK_TOOL_NAME, END_TOOL_NAME

        for reserved in (REPORT_TOOL, END_TOOL_NAME, CHECK_TOOL_NAME):  # (the core gives every agent these)
            if reserved in names:
                raise PluginError(f"domain {self.name!r}: the tool name {reserved!r} is the core's own (every "
                                  "domain has it); rename the domain's tool")
        undescribed = [s.name for s in specs if not s.description.strip()]
        if undescribed:
            raise PluginError(f"domain {self.name!r}: tool(s) without a description: {', '.join(undescribed)} "
                              "(the agent sees the docstring; write one)")
        return {s.name: s for s in specs}

    def _evaluation_hook(self, hook: str):
        """An evaluation hook as the core, the extensions and this domain answer it (other
        domains' implementations concern their own tasks only)."""
        others = [d.plugin for n, d in self.host.domains.items() if n != self.name]
        return self.host.pm.subset_hook_caller(hook, remove_plugins=others)

    def check_loaded(self) -> None:
        """Load every part (info, world, tools, tasks), so a broken domain shows at once."""
        self.info, self.schema, self.tools, self.tasks  # noqa: B018 - touching loads them

    async def check_references(self, task_ids: set[str] | None = None) -> None:
        """Run the reference solution of every task (or of `task_ids`): a TaskError names the
        first one whose reference call fails. The golden states stay cached for the run."""
        for task in self.tasks.values():
            if task_ids is None or task.id in task_ids:
                await self.prepare(task)

    @cached_property
    def write_tools(self) -> frozenset[str]:
        """Names of the tools that may change the world."""
        return frozenset(name for name, spec in self.tools.items() if not spec.read_only)

    def client_cache(self):
        """A response cache shared by this process's in-memory sessions of the domain: the
        tool listing never changes, so each session need not fetch and validate it again."""
        from mcp.client.caching import CacheConfig, InMemoryResponseCacheStore

        if self._client_cache_store is None:
            self._client_cache_store = InMemoryResponseCacheStore()
        return CacheConfig(store=self._client_cache_store, partition="thinkingbox",
                           target_id=f"thinkingbox-{self.name}", default_ttl_ms=10**12)

    @cached_property
    def builtin_tools(self) -> dict[str, ToolSpec]:
        """The tools the core adds to every domain's server (listed after the domain's own):
        reporting a planted instruction (engine.injection)."""
        from thinkingbox.engine.injection import report_suspicious_instruction

        spec = tool_spec(report_suspicious_instruction)
        return {spec.name: spec}

    @cached_property
    def server(self):
        specs = [*self.tools.values(), *self.builtin_tools.values()]
        return build_server(f"thinkingbox-{self.name}", self.version, specs, self.binding,
                            instructions=f"Tools of the {self.info.title} task world.")

    async def list_tool_schemas(self) -> list[dict[str, Any]]:
        """Tool names, descriptions and JSON schemas exactly as MCP clients see them."""
        if self._tool_schemas is None:
            self._tool_schemas = [tool_dict(t) for t in await self.server.list_tools()]
        return self._tool_schemas

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> tuple[str, bool]:
        """One call of a tool, as the domain's MCP server's own tool object runs it
        (`Tool.run`: the server's argument validation, its error wording, the tool's result
        text), without an MCP session in between: (text, is_error). The world is the one
        `bind_world` bound in the calling context. This is how trials call their tools by
        default (`--tool-transport direct`). (`verdicts.apply_calls` keeps calling the server
        without encoding the arguments: a Python caller's inf or NaN reaches the tool's own
        check, as tests/test_hostile_inputs.py expects.)

        Why: through an in-memory session, each call builds, serialises and validates a
        JSON-RPC request and result (and the result again on the client's side) around a
        tool body that takes a fifth of the time: with a fast model that is 30% of a run's
        CPU. What a session adds beyond that changes nothing an agent can observe, and is
        reproduced here:
        - the arguments are encoded as the MCP client encodes them (JSON values: NaN becomes
          null, a tuple a list); one that cannot be encoded raises, as the client's does;
        - the result is (text, is_error) as `_handle_call_tool` answers: an unknown tool is
          "Unknown tool: NAME", any tool error is its text, marked as an error;
        - an `MCPError` (a protocol error, which a session raises to the caller) is raised.
        tests/test_direct_tools.py holds the two paths to the same observations and world
        changes for every tool of every domain, on good and on malformed arguments.

        Left out: the SDK's middleware (its OpenTelemetry span per call): a run that traces
        tool calls uses `--tool-transport memory`.
        """
        from mcp.shared.exceptions import MCPError
        from pydantic_core import to_jsonable_python

        payload = to_jsonable_python(arguments, inf_nan_mode="null")  # as ClientSession encodes its request
        tool = self.server._tool_manager.get_tool(name)  # the MCPServer's own registry
        if tool is None:
            return f"Unknown tool: {name}", True
        try:
            # No request context: the tool finds its world through `bind_world`.
            result = await tool.run(payload, None)  # type: ignore[arg-type]
        except MCPError:
            raise
        except Exception as exc:  # as the server answers any other failure: its text, as an error
            return str(exc), True
        return result, False

    async def tool_listing_json(self) -> bytes:
        """`list_tool_schemas` as JSON, made once (an agent gets its own copy of it)."""
        if self._tool_listing_json is None:
            import orjson

            self._tool_listing_json = orjson.dumps(await self.list_tool_schemas())
        return self._tool_listing_json

    async def shared_tool_listing(self) -> list[dict[str, Any]]:
        """The tool listing as one list for every trial of this domain, for agents that
        promise to only read it (`reads_tools_only`): nothing may change it."""
        if self._shared_tool_listing is None:
            import orjson

            self._shared_tool_listing = orjson.loads(await self.tool_listing_json())
        return self._shared_tool_listing

    @cached_property
    def system_prompt(self) -> str:
        """The domain's agent prompt: role, "now", policies, ticket rules."""
        return self._call("tb_system_prompt", now=iso(parse_time(self.info.now))) or ""

    @cached_property
    def tasks(self) -> dict[str, Task]:
        files = self._call("tb_task_files") or []
        tasks = load_tasks(files)
        vocabulary = self.fact_vocabulary
        for task in tasks.values():
            task.bind_vocabulary(vocabulary)
            for label, meta in task.user_fact_kinds.items():
                if meta.kind and meta.kind not in vocabulary.kinds:
                    raise TaskError(task.source_file, task.id, f"user_fact_kinds.{label}.kind",
                                    f"unknown fact kind {meta.kind!r}; kinds of domain {self.name!r}: "
                                    f"{', '.join(sorted(vocabulary.kinds))} (add it to the spec's fact_kinds)")
            self._check_task_rows(task)
            self._check_task_claims(task)
            for i, step in enumerate(task.solution):
                if step.tool and step.tool not in self.tools:
                    raise TaskError(task.source_file, task.id, f"solution[{i}].tool", f"unknown tool {step.tool!r}")
        return tasks

    @cached_property
    def vocabulary(self) -> Any:
        """The domain's vocabulary for communication checks (the core's when it declares none)."""
        from thinkingbox.contract.vocabulary import CORE_VOCABULARY, Vocabulary

        implemented = any(impl.plugin is self.plugin for impl in self.host.pm.hook.tb_vocabulary.get_hookimpls())
        vocabulary = self._call("tb_vocabulary") if implemented else None
        if vocabulary is None:
            return CORE_VOCABULARY
        if not isinstance(vocabulary, Vocabulary):
            raise PluginError(f"domain {self.name!r}: tb_vocabulary returned {type(vocabulary).__name__}, "
                              "not a thinkingbox.Vocabulary")
        return vocabulary

    def _check_task_claims(self, task: Task) -> None:
        """Decision kinds, roles and tools a task's `says` names must exist in this domain."""
        vocabulary = self.vocabulary
        for name in ("states", "never_states", "states_before"):
            for i, claim in enumerate(getattr(task.says, name)):
                where = f"says.{name}[{i}]"
                if claim.decision is not None and claim.decision not in vocabulary.decisions:
                    raise TaskError(task.source_file, task.id, f"{where}.decision",
                                    f"unknown decision kind {claim.decision!r}; this domain's kinds: "
                                    f"{', '.join(sorted(vocabulary.decisions))}")
                if claim.role and claim.role not in vocabulary.roles:
                    raise TaskError(task.source_file, task.id, f"{where}.role", f"unknown role {claim.role!r}; "
                                    f"this domain's roles: {', '.join(sorted(vocabulary.roles))}")
                if claim.before and claim.before not in self.tools:
                    raise TaskError(task.source_file, task.id, f"{where}.before", f"unknown tool {claim.before!r}")
        for i, agreement in enumerate(task.says.agreement):
            if agreement.before not in self.tools:
                raise TaskError(task.source_file, task.id, f"says.agreement[{i}].before",
                                f"unknown tool {agreement.before!r}")

    @cached_property
    def fact_vocabulary(self) -> Any:
        """The core's fact kinds plus the domain's own (a DomainSpec's `fact_kinds`)."""
        from thinkingbox.contract.facts import FactKind, FactVocabulary

        kinds = list(getattr(self.plugin, "fact_kinds", None) or ())
        bad = [k for k in kinds if not isinstance(k, FactKind)]
        if bad:
            raise PluginError(f"domain {self.name!r}: fact_kinds holds {type(bad[0]).__name__}, "
                              "not thinkingbox.contract.facts.FactKind")
        return FactVocabulary.of(kinds)

    def task(self, task_id: str) -> Task:
        try:
            return self.tasks[task_id]
        except KeyError:
            raise ThinkingboxError(f"domain {self.name!r} has no task {task_id!r}") from None

    def _check_task_rows(self, task: Task) -> None:
        for key in task.accepted:
            table, column = key.split(".")
            if table not in self.schema.tables or column not in self.schema.tables[table].columns:
                raise TaskError(task.source_file, task.id, f"accepted.{key}", "no such table field")
        for table, rows in task.rows.items():
            if table not in self.schema.tables:
                raise TaskError(task.source_file, task.id, f"rows.{table}", f"unknown table; tables: {', '.join(self.schema.tables)}")
            info = self.schema.tables[table]
            for i, row in enumerate(rows):
                unknown = set(row) - set(info.columns)
                if unknown:
                    raise TaskError(task.source_file, task.id, f"rows.{table}[{i}].{sorted(unknown)[0]}", "unknown column")
                try:
                    info.model.model_validate(row)
                except Exception as exc:
                    errors = getattr(exc, "errors", lambda: [])()
                    field = errors[0]["loc"][0] if errors and errors[0].get("loc") else ""
                    msg = errors[0]["msg"] if errors else str(exc)
                    raise TaskError(task.source_file, task.id, f"rows.{table}[{i}].{field}", msg) from None

    # -- per-task worlds --
    def _seed_task(self, task: Task) -> World:
        schema, base = self._seeded
        world = World.from_bytes(schema, base, self.info.now)
        for table, rows in task.rows.items():
            model = schema.tables[table].model
            for row in rows:
                world.upsert(model.model_validate(row))
        return world

    async def prepare(self, task: Task) -> TaskWorld:
        """Seed the task's template and compute its golden state (once per task)."""
        cached = self._task_worlds.get(task.id)
        if cached is not None:
            return cached
        world = self._seed_task(task)
        template = world.to_bytes()
        initial = world.snapshot()
        from thinkingbox.engine.verdicts import CallFailed, apply_calls

        try:
            await apply_calls(self, world, task.solution, strict=True)
        except CallFailed as failed:
            world.close()
            raise TaskError(task.source_file, task.id, f"solution[{failed.index}]",
                            f"reference call {failed.result.tool} failed: {failed.result.text}") from None
        golden = world.snapshot()
        world.close()
        # Tables the solution left as they were share their rows with `initial` (as a
        # trial's untouched tables do, see World.snapshot), so judging skips them by
        # identity instead of comparing them row by row (judge.compare).
        golden = {name: initial[name] if rows == initial.get(name) else rows for name, rows in golden.items()}
        tw = TaskWorld(task, template, initial, golden, state_hash(initial), state_hash(golden))
        self._task_worlds[task.id] = tw
        return tw

    def adopt_prepared(self, task_id: str, parts: tuple[bytes, Snapshot, Snapshot, str, str]) -> TaskWorld:
        """A task world prepared elsewhere (by the driver of a run shared by worker
        processes; `parts` as `prepared_parts` gives them), so that a worker does not seed
        and solve the task again: unpickling it costs a fifteenth of preparing it."""
        tw = TaskWorld(self.task(task_id), *parts)
        self._task_worlds[task_id] = tw
        return tw

    def new_world(self, task_world: TaskWorld) -> World:
        """A private world for one trial: a byte-exact clone of the task template."""
        return World.from_bytes(self.schema, task_world.template, self.info.now)

    def side_effects(self, initial: Snapshot, final: Snapshot) -> list[Difference]:
        return self._evaluation_hook("tb_side_effects")(domain=self, initial=initial, final=final)

    def checks(self, task: Task) -> list[Check]:
        """Every plugin's checks for `task`; a check name two plugins give is an error."""
        return self.host.checks(self._evaluation_hook("tb_checks"), domain=self, task=task)


def tool_dict(tool: Any) -> dict[str, Any]:
    annotations = tool.annotations
    return {
        "name": tool.name,
        "description": tool.description or "",
        "input_schema": tool.input_schema,
        "read_only": bool(annotations and annotations.read_only_hint),
    }
