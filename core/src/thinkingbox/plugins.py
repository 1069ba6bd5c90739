"""Plugin discovery and the per-domain facade the rest of the core talks to."""
from __future__ import annotations

import difflib
import importlib.metadata
import types
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable

import pluggy

from . import hookspecs
from .errors import TaskError, ThinkingboxError
from .judge import Check, Difference
from .tasks import Task, load_tasks
from .tools import ToolSpec, WorldBinding, build_server, tool_spec
from .world import Schema, Snapshot, World, iso, parse_time, state_hash

DOMAIN_GROUP = "thinkingbox.domains"
EXTENSION_GROUP = "thinkingbox.plugins"  # agents, users, checks that are not domains
HOOK_NAMES = frozenset(hookspecs.DOMAIN_HOOKS + hookspecs.EVALUATION_HOOKS)


@dataclass(frozen=True)
class DomainInfo:
    name: str
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


@dataclass(frozen=True)
class DomainStatus:
    """One installed domain as `tb domains` lists it: loaded, or broken with its error."""

    name: str
    domain: "Domain | None"
    error: str = ""


def installed_domains() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=DOMAIN_GROUP)}


def _describe(plugin: Any) -> str:
    if isinstance(plugin, types.ModuleType):
        return plugin.__name__
    return getattr(plugin, "__module__", None) or type(plugin).__name__


def check_hook_names(kind: str, name: str, plugin: Any) -> None:
    """Every `tb_*` attribute of a plugin must be a known hook: a misspelt hook would
    otherwise be ignored without a word."""
    for attr in dir(plugin):
        if attr.startswith("tb_") and attr not in HOOK_NAMES:
            close = difflib.get_close_matches(attr, sorted(HOOK_NAMES), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f"; hooks: {', '.join(sorted(HOOK_NAMES))}"
            raise PluginError(f"{kind} {name!r} ({_describe(plugin)}): unknown hook {attr!r}{hint}")
        if attr in HOOK_NAMES and callable(getattr(plugin, attr)) and not hasattr(getattr(plugin, attr), "thinkingbox_impl"):
            raise PluginError(f"{kind} {name!r} ({_describe(plugin)}): {attr} is not marked as a hook "
                              "implementation; decorate it with @thinkingbox.hookimpl")


class PluginError(ThinkingboxError):
    """A plugin that breaks the plugin contract; the message names the plugin."""


class PluginHost:
    """Owns the pluggy manager. Loads the extension plugins at once (so every command
    judges with the same checks) and only the domains asked for."""

    def __init__(self, extensions: bool = True) -> None:
        from . import builtin

        self.pm = pluggy.PluginManager("thinkingbox")
        self.pm.add_hookspecs(hookspecs)
        self.pm.register(builtin, name="thinkingbox.builtin")
        self.domains: dict[str, Domain] = {}
        self.extensions: dict[str, Any] = {}
        if extensions:
            for ep in importlib.metadata.entry_points(group=EXTENSION_GROUP):
                try:
                    plugin = ep.load()
                except Exception as exc:
                    raise PluginError(f"extension plugin {ep.name!r} ({ep.value}) failed to load: "
                                      f"{type(exc).__name__}: {exc}") from exc
                self.add_extension(ep.name, plugin)

    def add_extension(self, name: str, plugin: Any) -> None:
        """Register an extension plugin (agents, users, checks, side effects for any domain)."""
        check_hook_names("extension plugin", name, plugin)
        for hook in hookspecs.DOMAIN_HOOKS:
            if callable(getattr(plugin, hook, None)):
                raise PluginError(f"extension plugin {name!r} ({_describe(plugin)}) implements {hook}, which only "
                                  f"a domain's own plugin may implement; publish it as a domain instead")
        self._register(name, plugin)
        self.extensions[name] = plugin

    def _register(self, name: str, plugin: Any) -> None:
        try:
            self.pm.register(plugin, name=name)
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            self.pm.unregister(name=name)
            raise PluginError(f"plugin {name!r} ({_describe(plugin)}): {exc}") from None
        except ValueError as exc:  # the same object registered twice
            raise PluginError(f"plugin {name!r}: {exc}") from None

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
                raise PluginError(f"domain {name!r} failed to load: {_load_error(exc)}") from exc
            dist = available[name].dist
            self.add_domain(name, plugin, version=dist.version if dist is not None else None)
        return [self.domains[n] for n in names]

    def add_domain(self, name: str, plugin: Any, version: str | None = None) -> Domain:
        """Register a domain plugin object directly (entry points call this too)."""
        from .spec import DomainSpec

        if isinstance(plugin, DomainSpec) and plugin.name != name:
            raise PluginError(f"domain {name!r}: its entry point names a spec called {plugin.name!r}; "
                              "the two names must be the same")
        check_hook_names("domain", name, plugin)
        missing = [h for h in hookspecs.DOMAIN_HOOKS if not callable(getattr(plugin, h, None))]
        if missing:
            raise PluginError(f"domain {name!r} ({_describe(plugin)}) does not implement {', '.join(missing)}; "
                              "publish a thinkingbox.DomainSpec, or implement every domain hook")
        self._register(name, plugin)
        self.domains[name] = Domain(name, self, plugin, version)
        return self.domains[name]

    def domain_statuses(self) -> list[DomainStatus]:
        """Every installed domain, loaded and checked (info, tools, tasks), or broken with
        its error: one broken domain never hides the healthy ones."""
        statuses = []
        for name in sorted(installed_domains()):
            try:
                (domain,) = self.load_domains([name])
                domain.check_loaded()
            except ThinkingboxError as exc:
                statuses.append(DomainStatus(name, None, str(exc)))
            except Exception as exc:  # a bug in domain code
                statuses.append(DomainStatus(name, None, f"{type(exc).__name__}: {exc}"))
            else:
                statuses.append(DomainStatus(name, domain))
        return statuses

    def default_domains(self, warn: Callable[[str], None] | None = None) -> list[Domain]:
        """The domains a command without --domains runs: every healthy installed domain.
        Broken ones are skipped, each with a warning (they break only commands naming them)."""
        healthy = []
        for status in self.domain_statuses():
            if status.domain is None:
                if warn is not None:
                    warn(f"skipping broken domain {status.name!r}: {status.error}")
            else:
                healthy.append(status.domain)
        return healthy

    def _factories(self, hook: str) -> dict[str, Any]:
        merged: dict[str, Any] = {}
        for result in getattr(self.pm.hook, hook)():
            merged.update(result or {})
        return merged

    def agent_factories(self) -> dict[str, Any]:
        return self._factories("tb_agents")

    def user_factories(self) -> dict[str, Any]:
        return self._factories("tb_users")


def _load_error(exc: Exception) -> str:
    text = f"{type(exc).__name__}: {exc}"
    if "already defined for this MetaData" in str(exc):
        # Two plugins declared tables on SQLModel's one shared registry.
        table = str(exc).split("'")[1] if "'" in str(exc) else "?"
        return (f"table {table!r} is already declared on SQLModel's shared registry by another plugin. "
                "Declare the domain's tables on a base of its own, `MyTable = thinkingbox.table_base(\"name\")`, "
                "so each domain has its own table names (see docs/writing-domains.md, Tables)")
    return text


class Domain:
    """One loaded domain: its info, world schema, tools, tasks and per-task worlds."""

    def __init__(self, name: str, host: PluginHost, plugin: Any, version: str | None = None):
        self.name = name
        self.host = host
        self.plugin = plugin
        self._version = version
        self._task_worlds: dict[str, TaskWorld] = {}
        self._tool_schemas: list[dict[str, Any]] | None = None
        self.binding = WorldBinding()
        self._client_cache_store = None

    def _call(self, hook: str, **kwargs: Any) -> Any:
        """A domain-descriptor hook, answered by this domain's own plugin alone."""
        for impl in getattr(self.host.pm.hook, hook).get_hookimpls():
            if impl.plugin is self.plugin:
                return impl.function(**{arg: kwargs[arg] for arg in impl.argnames})
        raise PluginError(f"domain {self.name!r} ({_describe(self.plugin)}) does not implement {hook}")

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
        top = (getattr(self.plugin, "package", None) or _describe(self.plugin)).split(".")[0]
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
        return self._call("tb_system_prompt", now=iso(parse_time(self.info.now))) or ""

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
        from .judging import CallFailed, apply_calls

        try:
            await apply_calls(self, world, task.solution, strict=True)
        except CallFailed as failed:
            world.close()
            raise TaskError(task.source_file, task.id, f"solution[{failed.index}]",
                            f"reference call {failed.result.tool} failed: {failed.result.text}") from None
        golden = world.snapshot()
        world.close()
        tw = TaskWorld(task, template, initial, golden, state_hash(initial), state_hash(golden))
        self._task_worlds[task.id] = tw
        return tw

    def new_world(self, task_world: TaskWorld) -> World:
        """A private world for one trial: a byte-exact clone of the task template."""
        return World.from_bytes(self.schema, task_world.template, self.info.now)

    def side_effects(self, initial: Snapshot, final: Snapshot) -> list[Difference]:
        return self._evaluation_hook("tb_side_effects")(domain=self, initial=initial, final=final)

    def checks(self, task: Task) -> list[Check]:
        checks: list[Check] = []
        for result in self._evaluation_hook("tb_checks")(domain=self, task=task):
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
