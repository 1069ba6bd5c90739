"""Plugin discovery: domains and extensions from entry points, and the plugin contract that
makes every plugin mistake an error naming the plugin.

Every registered plugin has a source (its distribution and version, or its module for a
plugin registered directly), so that a name two plugins both claim (an agent, a user, a
check, an executor, a domain) is an error naming both, never one silently winning."""
from __future__ import annotations

import difflib
import importlib.metadata
from dataclasses import dataclass
from typing import Any, Callable

import pluggy

from thinkingbox.contract import hookspecs
from thinkingbox.engine.domain import Domain, describe_plugin
from thinkingbox.contract.errors import PluginError, ThinkingboxError

DOMAIN_GROUP = "thinkingbox.domains"
EXTENSION_GROUP = "thinkingbox.plugins"  # agents, users, checks that are not domains
BUILTIN = "thinkingbox.builtin"
HOOK_NAMES = frozenset(hookspecs.DOMAIN_HOOKS + hookspecs.OPTIONAL_DOMAIN_HOOKS + hookspecs.EVALUATION_HOOKS)


@dataclass(frozen=True)
class PluginSource:
    """Where a registered plugin comes from."""

    kind: str                  # "built-in", "domain" or "extension"
    name: str                  # its registration name (the entry point's name)
    module: str                # the module that implements it
    distribution: str | None = None   # the installed package publishing it, if any
    version: str | None = None

    def __str__(self) -> str:
        package = f"package {self.distribution} {self.version or ''}".rstrip() if self.distribution else \
            f"module {self.module}"
        return f"{self.kind} {self.name!r} ({package})" if self.kind != "built-in" else f"the core ({package})"


def _dist_of(ep: importlib.metadata.EntryPoint) -> tuple[str | None, str | None]:
    dist = ep.dist
    return (dist.name, dist.version) if dist is not None else (None, None)


def clash_error(what: str, name: str, first: Any, second: Any) -> PluginError:
    """The error for a name two plugins both define: names both sources and what to do."""
    return PluginError(f"{what} {name!r} is defined twice: by {first} and by {second}; uninstall one of the "
                       f"two packages, or rename the {what} in one of them")


@dataclass(frozen=True)
class DomainStatus:
    """One installed domain as `tb domains` lists it: loaded, or broken with its error."""

    name: str
    domain: "Domain | None"
    error: str = ""


def installed_domains() -> dict[str, importlib.metadata.EntryPoint]:
    """Domain names -> entry points; a name two distributions publish is an error naming both."""
    return unique_entry_points(DOMAIN_GROUP, "domain")


def unique_entry_points(group: str, what: str) -> dict[str, importlib.metadata.EntryPoint]:
    """Names -> entry points of a group; a name two distributions publish is an error naming
    both (importlib.metadata lists each distribution once, the first on sys.path)."""
    found: dict[str, importlib.metadata.EntryPoint] = {}
    for ep in importlib.metadata.entry_points(group=group):
        if ep.name in found:
            first, second = sorted([entry_point_source(found[ep.name], what), entry_point_source(ep, what)], key=str)
            raise clash_error(what, ep.name, first, second)  # in a steady order: sys.path order is no one's choice
        found[ep.name] = ep
    return found


def entry_point_source(ep: importlib.metadata.EntryPoint, kind: str) -> PluginSource:
    return PluginSource(kind, ep.name, ep.module, *_dist_of(ep))


def executor_source(entry: Any) -> PluginSource:
    """Where an executor of `installed_executors()` comes from (an entry point, or the core's class)."""
    if isinstance(entry, importlib.metadata.EntryPoint):
        return entry_point_source(entry, "executor")
    from thinkingbox import __version__

    return PluginSource("built-in", "local", entry.__module__, "thinkingbox", __version__)


def check_hook_names(kind: str, name: str, plugin: Any) -> None:
    """Every `tb_*` attribute of a plugin must be a known hook: a misspelt hook would
    otherwise be ignored without a word."""
    for attr in dir(plugin):
        if attr.startswith("tb_") and attr not in HOOK_NAMES:
            close = difflib.get_close_matches(attr, sorted(HOOK_NAMES), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f"; hooks: {', '.join(sorted(HOOK_NAMES))}"
            raise PluginError(f"{kind} {name!r} ({describe_plugin(plugin)}): unknown hook {attr!r}{hint}")
        if attr in HOOK_NAMES and callable(getattr(plugin, attr)) and not hasattr(getattr(plugin, attr), "thinkingbox_impl"):
            raise PluginError(f"{kind} {name!r} ({describe_plugin(plugin)}): {attr} is not marked as a hook "
                              "implementation; decorate it with @thinkingbox.hookimpl")


class PluginHost:
    """Owns the pluggy manager. Loads the extension plugins at once (so every command
    judges with the same checks) and only the domains asked for."""

    def __init__(self, extensions: bool = True) -> None:
        from thinkingbox.engine import builtin

        from thinkingbox import __version__

        self.pm = pluggy.PluginManager("thinkingbox")
        self.pm.add_hookspecs(hookspecs)
        self.pm.register(builtin, name=BUILTIN)
        self.sources: dict[str, PluginSource] = {
            BUILTIN: PluginSource("built-in", BUILTIN, builtin.__name__, "thinkingbox", __version__)}
        self.domains: dict[str, Domain] = {}
        self.extensions: dict[str, Any] = {}
        if extensions:
            for ep in unique_entry_points(EXTENSION_GROUP, "extension plugin").values():
                try:
                    plugin = ep.load()
                except Exception as exc:
                    raise PluginError(f"extension plugin {ep.name!r} ({ep.value}) failed to load: "
                                      f"{type(exc).__name__}: {exc}") from exc
                self.add_extension(ep.name, plugin, *_dist_of(ep))

    def add_extension(self, name: str, plugin: Any, distribution: str | None = None,
                      version: str | None = None) -> None:
        """Register an extension plugin (agents, users, checks, side effects for any domain).
        `distribution` and `version`: the package it comes from, for error messages and
        `tb plugins` (entry points pass them)."""
        check_hook_names("extension plugin", name, plugin)
        for hook in hookspecs.DOMAIN_HOOKS + hookspecs.OPTIONAL_DOMAIN_HOOKS:
            if callable(getattr(plugin, hook, None)):
                raise PluginError(f"extension plugin {name!r} ({describe_plugin(plugin)}) implements {hook}, which only "
                                  f"a domain's own plugin may implement; publish it as a domain instead")
        self._register(name, plugin, PluginSource("extension", name, describe_plugin(plugin), distribution, version))
        self.extensions[name] = plugin

    def _register(self, name: str, plugin: Any, source: PluginSource) -> None:
        if name in self.sources:
            raise clash_error("plugin", name, self.sources[name], source)
        try:
            self.pm.register(plugin, name=name)
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            self.pm.unregister(name=name)
            raise PluginError(f"plugin {name!r} ({describe_plugin(plugin)}): {exc}") from None
        except ValueError as exc:  # the same object registered twice
            raise PluginError(f"plugin {name!r}: {exc}") from None
        self.sources[name] = source
        try:  # the agents and users it adds may not take a name another plugin has
            self.named("tb_agents", "agent")
            self.named("tb_users", "user")
        except PluginError:
            self.pm.unregister(name=name)
            del self.sources[name]
            raise

    def source_of(self, plugin: Any) -> PluginSource:
        name = self.pm.get_name(plugin)
        if name in self.sources:
            return self.sources[name]
        return PluginSource("plugin", str(name), describe_plugin(plugin))

    def named(self, hook: str, what: str) -> dict[str, tuple[Any, PluginSource]]:
        """{name: (factory, source)} of a hook answering {name: factory} (tb_agents, tb_users),
        over every registered plugin; a name two plugins give is an error naming both."""
        found: dict[str, tuple[Any, PluginSource]] = {}
        caller = getattr(self.pm.hook, hook)
        for impl in caller.get_hookimpls():  # in the order of registration: the core first
            if impl.hookwrapper or impl.wrapper:
                continue
            source = self.source_of(impl.plugin)
            for key, factory in dict(impl.function() or {}).items():
                if key in found:
                    raise clash_error(what, key, found[key][1], source)
                found[key] = (factory, source)
        return found

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
            distribution, version = _dist_of(available[name])
            self.add_domain(name, plugin, version=version, distribution=distribution)
        return [self.domains[n] for n in names]

    def add_domain(self, name: str, plugin: Any, version: str | None = None,
                   distribution: str | None = None) -> Domain:
        """Register a domain plugin object directly (entry points call this too)."""
        from thinkingbox.contract.spec import DomainSpec

        if isinstance(plugin, DomainSpec) and plugin.name != name:
            raise PluginError(f"domain {name!r}: its entry point names a spec called {plugin.name!r}; "
                              "the two names must be the same")
        check_hook_names("domain", name, plugin)
        missing = [h for h in hookspecs.DOMAIN_HOOKS if not callable(getattr(plugin, h, None))]
        if missing:
            raise PluginError(f"domain {name!r} ({describe_plugin(plugin)}) does not implement {', '.join(missing)}; "
                              "publish a thinkingbox.DomainSpec, or implement every domain hook")
        self._register(name, plugin, PluginSource("domain", name, describe_plugin(plugin), distribution, version))
        self.domains[name] = Domain(name, self, plugin, version)
        return self.domains[name]

    def domain_statuses(self, references: bool = False) -> list[DomainStatus]:
        """Every installed domain, loaded and checked (info, tools, tasks and, with
        `references`, every task's reference solution), or broken with its error: one broken
        domain never hides the healthy ones."""
        import asyncio

        statuses = []
        for name in sorted(installed_domains()):
            try:
                (domain,) = self.load_domains([name])
                domain.check_loaded()
                if references:
                    asyncio.run(domain.check_references())
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

    def agent_factories(self) -> dict[str, Any]:
        return {name: factory for name, (factory, _) in self.named("tb_agents", "agent").items()}

    def user_factories(self) -> dict[str, Any]:
        return {name: factory for name, (factory, _) in self.named("tb_users", "user").items()}

    def checks(self, hook_caller: Any, **kwargs: Any) -> list[Any]:
        """The checks a `tb_checks` hook caller returns, in order; a check name two plugins
        both give is an error naming both (one plugin giving two checks of one name is the
        plugin's own business)."""
        checks: list[Any] = []
        owner: dict[str, Any] = {}
        for impl in reversed(hook_caller.get_hookimpls()):
            if impl.hookwrapper or impl.wrapper:
                continue
            result = impl.function(**{arg: kwargs[arg] for arg in impl.argnames}) or []
            for check in result:
                first = owner.setdefault(check.name, impl.plugin)
                if first is not impl.plugin:
                    raise clash_error("check", check.name, self.source_of(first), self.source_of(impl.plugin))
            checks.extend(result)
        return checks


def _load_error(exc: Exception) -> str:
    text = f"{type(exc).__name__}: {exc}"
    if "already defined for this MetaData" in str(exc):
        # Two plugins declared tables on SQLModel's one shared registry.
        table = str(exc).split("'")[1] if "'" in str(exc) else "?"
        return (f"table {table!r} is already declared on SQLModel's shared registry by another plugin. "
                "Declare the domain's tables on a base of its own, `MyTable = thinkingbox.table_base(\"name\")`, "
                "so each domain has its own table names (see docs/writing-domains.md, Tables)")
    return text
