"""Plugin discovery: domains and extensions from entry points, and the plugin contract that
makes every plugin mistake an error naming the plugin."""
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
HOOK_NAMES = frozenset(hookspecs.DOMAIN_HOOKS + hookspecs.OPTIONAL_DOMAIN_HOOKS + hookspecs.EVALUATION_HOOKS)


@dataclass(frozen=True)
class DomainStatus:
    """One installed domain as `tb domains` lists it: loaded, or broken with its error."""

    name: str
    domain: "Domain | None"
    error: str = ""


def installed_domains() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=DOMAIN_GROUP)}


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
        for hook in hookspecs.DOMAIN_HOOKS + hookspecs.OPTIONAL_DOMAIN_HOOKS:
            if callable(getattr(plugin, hook, None)):
                raise PluginError(f"extension plugin {name!r} ({describe_plugin(plugin)}) implements {hook}, which only "
                                  f"a domain's own plugin may implement; publish it as a domain instead")
        self._register(name, plugin)
        self.extensions[name] = plugin

    def _register(self, name: str, plugin: Any) -> None:
        try:
            self.pm.register(plugin, name=name)
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            self.pm.unregister(name=name)
            raise PluginError(f"plugin {name!r} ({describe_plugin(plugin)}): {exc}") from None
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
        from thinkingbox.contract.spec import DomainSpec

        if isinstance(plugin, DomainSpec) and plugin.name != name:
            raise PluginError(f"domain {name!r}: its entry point names a spec called {plugin.name!r}; "
                              "the two names must be the same")
        check_hook_names("domain", name, plugin)
        missing = [h for h in hookspecs.DOMAIN_HOOKS if not callable(getattr(plugin, h, None))]
        if missing:
            raise PluginError(f"domain {name!r} ({describe_plugin(plugin)}) does not implement {', '.join(missing)}; "
                              "publish a thinkingbox.DomainSpec, or implement every domain hook")
        self._register(name, plugin)
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


