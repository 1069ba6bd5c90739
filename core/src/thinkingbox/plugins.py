"""Plugin discovery and the per-domain facade the rest of the core talks to."""
from __future__ import annotations

import importlib.metadata
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import pluggy

from . import hookspecs
from .errors import TaskError, ThinkingboxError
from .judge import Check, Difference
from .tasks import Task, load_tasks
from .tools import ToolSpec, WorldBinding, bind_world, build_server, tool_spec
from .world import Schema, Snapshot, World, state_hash

DOMAIN_GROUP = "thinkingbox.domains"
EXTENSION_GROUP = "thinkingbox.plugins"  # agents, users, checks that are not domains


@dataclass(frozen=True)
class DomainInfo:
    name: str
    version: str
    title: str
    now: str  # the world's clock, ISO-8601 UTC
    description: str = ""


@dataclass
class TaskWorld:
    """What is computed once per task and shared by all its trials (read-only)."""

    task: Task
    template: bytes       # serialized seeded database
    initial: Snapshot
    golden: Snapshot
    initial_hash: str
    golden_hash: str


def installed_domains() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=DOMAIN_GROUP)}


class PluginHost:
    """Owns the pluggy manager; loads only the domains asked for."""

    def __init__(self) -> None:
        from . import builtin

        self.pm = pluggy.PluginManager("thinkingbox")
        self.pm.add_hookspecs(hookspecs)
        self.pm.register(builtin, name="thinkingbox.builtin")
        self.domains: dict[str, Domain] = {}
        self._extensions_loaded = False

    def load_domains(self, names: list[str]) -> list[Domain]:
        available = installed_domains()
        for name in names:
            if name in self.domains:
                continue
            if name not in available:
                listing = ", ".join(sorted(available)) or "none"
                raise ThinkingboxError(f"unknown domain {name!r}; installed domains: {listing}")
            try:
                plugin = available[name].load()
            except Exception as exc:
                raise ThinkingboxError(f"domain {name!r} failed to load: {type(exc).__name__}: {exc}") from exc
            self.add_domain(name, plugin)
        return [self.domains[n] for n in names]

    def add_domain(self, name: str, plugin: Any) -> Domain:
        """Register a domain plugin object directly (entry points call this too)."""
        self.pm.register(plugin, name=name)
        self.domains[name] = Domain(name, self)
        return self.domains[name]

    def load_extensions(self) -> None:
        if not self._extensions_loaded:
            self.pm.load_setuptools_entrypoints(EXTENSION_GROUP)
            self._extensions_loaded = True

    def domain_hook(self, domain: str, hook: str):
        others = [self.pm.get_plugin(n) for n in self.domains if n != domain]
        return self.pm.subset_hook_caller(hook, remove_plugins=[p for p in others if p is not None])

    def _factories(self, hook: str) -> dict[str, Any]:
        self.load_extensions()
        merged: dict[str, Any] = {}
        for result in getattr(self.pm.hook, hook)():
            merged.update(result or {})
        return merged

    def agent_factories(self) -> dict[str, Any]:
        return self._factories("tb_agents")

    def user_factories(self) -> dict[str, Any]:
        return self._factories("tb_users")


class Domain:
    """One loaded domain: its info, world schema, tools, tasks and per-task worlds."""

    def __init__(self, name: str, host: PluginHost):
        self.name = name
        self.host = host
        self._task_worlds: dict[str, TaskWorld] = {}
        self._tool_schemas: list[dict[str, Any]] | None = None
        self.binding = WorldBinding()
        self._client_cache_store = None

    def _call(self, hook: str, **kwargs: Any) -> Any:
        return self.host.domain_hook(self.name, hook)(**kwargs)

    @cached_property
    def info(self) -> DomainInfo:
        info = self._call("tb_domain_info")
        if info is None:
            raise ThinkingboxError(f"domain {self.name!r} does not implement tb_domain_info")
        return info

    @property
    def version(self) -> str:
        return self.info.version

    @cached_property
    def _seeded(self) -> tuple[Schema, bytes]:
        world = World(Schema(), self.info.now)
        self._call("tb_seed_world", world=world)
        if not world.schema.tables:
            raise ThinkingboxError(f"domain {self.name!r}: tb_seed_world created no tables")
        data = world.to_bytes()
        world.close()
        return world.schema, data

    @property
    def schema(self) -> Schema:
        return self._seeded[0]

    @cached_property
    def tools(self) -> dict[str, ToolSpec]:
        specs = [tool_spec(fn) for fn in (self._call("tb_tools") or [])]
        names = [s.name for s in specs]
        dupes = {n for n in names if names.count(n) > 1}
        if dupes:
            raise ThinkingboxError(f"domain {self.name!r}: duplicate tool names {sorted(dupes)}")
        return {s.name: s for s in specs}

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
    def server(self):
        return build_server(f"thinkingbox-{self.name}", self.version, list(self.tools.values()), self.binding,
                            instructions=f"Tools of the {self.info.title} task world.")

    async def list_tool_schemas(self) -> list[dict[str, Any]]:
        """Tool names, descriptions and JSON schemas exactly as MCP clients see them."""
        if self._tool_schemas is None:
            self._tool_schemas = [tool_dict(t) for t in await self.server.list_tools()]
        return self._tool_schemas

    @cached_property
    def system_prompt(self) -> str:
        """The domain's agent prompt: role, "now", policies, ticket rules."""
        return self._call("tb_system_prompt", now=self.info.now) or ""

    def policies(self) -> list[Any]:
        return self._call("tb_policies") or []

    @cached_property
    def tasks(self) -> dict[str, Task]:
        files = self._call("tb_task_files") or []
        tasks = load_tasks(files)
        for task in tasks.values():
            self._check_task_rows(task)
            for i, step in enumerate(task.solution):
                if step.tool not in self.tools:
                    raise TaskError(task.source_file, task.id, f"solution[{i}].tool", f"unknown tool {step.tool!r}")
        return tasks

    def task(self, task_id: str) -> Task:
        try:
            return self.tasks[task_id]
        except KeyError:
            raise ThinkingboxError(f"domain {self.name!r} has no task {task_id!r}") from None

    def _check_task_rows(self, task: Task) -> None:
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
        token = bind_world(world)
        try:
            for i, step in enumerate(task.solution):
                try:
                    result = await self.server.call_tool(step.tool, step.args)
                except Exception as exc:
                    raise TaskError(task.source_file, task.id, f"solution[{i}]",
                                    f"reference call {step.tool} failed: {exc}") from None
                if getattr(result, "is_error", False):
                    text = " ".join(getattr(c, "text", "") for c in result.content)
                    raise TaskError(task.source_file, task.id, f"solution[{i}]",
                                    f"reference call {step.tool} failed: {text}")
        finally:
            from .tools import _current_world
            _current_world.reset(token)
        golden = world.snapshot()
        world.close()
        tw = TaskWorld(task, template, initial, golden, state_hash(initial), state_hash(golden))
        self._task_worlds[task.id] = tw
        return tw

    def new_world(self, task_world: TaskWorld) -> World:
        """A private world for one trial: a byte-exact clone of the task template."""
        return World.from_bytes(self.schema, task_world.template, self.info.now)

    def side_effects(self, initial: Snapshot, final: Snapshot) -> list[Difference]:
        return self._call("tb_side_effects", domain=self, initial=initial, final=final)

    def checks(self, task: Task) -> list[Check]:
        checks: list[Check] = []
        for result in self._call("tb_checks", domain=self, task=task):
            checks.extend(result or [])
        return checks


def tool_dict(tool: Any) -> dict[str, Any]:
    annotations = tool.annotations
    return {
        "name": tool.name,
        "description": tool.description or "",
        "input_schema": tool.input_schema,
        "read_only": bool(annotations and annotations.read_only_hint),
    }
