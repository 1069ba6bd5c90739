"""`tb plugins`: what every installed plugin adds (domains, extensions, agents, users, judges,
executors), with the package and version each comes from."""
from __future__ import annotations

from dataclasses import dataclass

from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.engine.discovery import (BUILTIN, PluginHost, PluginSource, entry_point_source, executor_source,
                                          installed_domains)
from thinkingbox.engine.executors import installed_executors


@dataclass(frozen=True)
class PluginEntry:
    """One row of `tb plugins`: a thing a plugin adds, and the package it comes from."""

    kind: str          # domain, extension, agent, user, judge or executor
    name: str
    package: str       # the distribution, or "" when it is not an installed package
    version: str
    provider: str      # who adds it: the core, domain 'x', extension 'y', executor 'z'
    note: str = ""     # what it is, or why it is broken

    def as_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "name": self.name, "package": self.package, "version": self.version,
                "provider": self.provider, "note": self.note}


JUDGES = (("rules", "each rubric question's offline rule (--judge rules)"),
          ("MODEL", "any OpenAI-compatible chat model (--judge MODEL)"))


def plugin_entries(host: PluginHost) -> list[PluginEntry]:
    """What every installed plugin adds, with its package and version: the domains (loaded,
    so that the agents and users they add show too, but their tasks are not read), the
    extensions, agents, users, judges and executors. A domain that fails to load is a row
    saying why; a name two plugins claim raises, as it does for every command."""
    def row(kind: str, name: str, source: PluginSource, note: str = "") -> PluginEntry:
        provider = "the core" if source.kind == "built-in" else f"{source.kind} {source.name!r}"
        return PluginEntry(kind, name, source.distribution or "", source.version or "", provider,
                           note or ("" if source.distribution else f"module {source.module}"))

    entries = []
    for name, ep in sorted(installed_domains().items()):
        source = entry_point_source(ep, "domain")
        try:
            host.load_domains([name])
        except ThinkingboxError as exc:
            entries.append(row("domain", name, source, f"broken: {exc}"))
            continue
        except Exception as exc:  # a bug in the domain's code
            entries.append(row("domain", name, source, f"broken: {type(exc).__name__}: {exc}"))
            continue
        entries.append(row("domain", name, host.sources.get(name, source)))
    entries += [row("extension", name, host.sources[name]) for name in sorted(host.extensions)]
    for hook, kind in (("tb_agents", "agent"), ("tb_users", "user")):
        entries += [row(kind, name, source) for name, (_, source) in sorted(host.named(hook, kind).items())]
    core = host.sources[BUILTIN]
    entries += [row("judge", name, core, note) for name, note in JUDGES]
    for name, entry in sorted(installed_executors().items()):
        entries.append(row("executor", name, executor_source(entry)))
    return entries
