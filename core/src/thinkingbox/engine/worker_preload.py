"""Domains loaded once, in the workers' fork server, for every worker it forks.

A worker process otherwise loads each domain of its run itself: the plugin, its tasks
(parsed and checked) and its MCP server, about 3 s of CPU for the five built-in domains,
for every worker. The fork server (see engine.workers.worker_context) imports this module
last; when the driver names its run's domains in `PRELOAD_ENV` as the server starts, they
are loaded here, and each worker forked from it starts with them (copy-on-write).

Nothing here may fail the fork server: a domain that cannot be loaded leaves nothing
preloaded, and the workers load their domains themselves (and report what fails).
"""
from __future__ import annotations

import gc
import os
from typing import Any

PRELOAD_ENV = "TB_FORK_SERVER_DOMAINS"

_host: Any = None
_domains: dict[str, Any] = {}


def _load(names: list[str]) -> None:
    global _host
    try:
        from thinkingbox.engine.discovery import PluginHost

        host = PluginHost()
        domains = host.load_domains(names)
        for domain in domains:
            domain.check_loaded()
            domain.server  # noqa: B018 - built here, once
    except Exception:  # noqa: BLE001 - see the module's doc
        return
    _host = host
    _domains.update((d.name, d) for d in domains)


def take(names: list[str]) -> tuple[Any, list[Any]] | None:
    """(plugin host, domains) loaded for exactly these domains, or None: load them."""
    if _host is None or set(names) != set(_domains):
        return None
    return _host, [_domains[name] for name in names]


if PRELOAD_ENV in os.environ:   # (in the fork server only)
    if os.environ[PRELOAD_ENV]:
        _load([name for name in os.environ[PRELOAD_ENV].split(",") if name])
    # What the server holds now lives as long as every worker: out of the collector's
    # sight, so that a worker's full collections do not walk it (and, by writing to each
    # object they visit, copy each page of it into the worker: about 0.3 s of system CPU
    # per worker in a 512-trial bench run, a tenth of its whole cost).
    gc.collect()
    gc.freeze()
