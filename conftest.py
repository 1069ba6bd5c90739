"""Test tiers across the monorepo (see README, "Run the test suite"). A domain plugin's test
that runs once per task (one of its parameters is a task id of that domain, or a task) is in
the default tier for the first task of each family only; its other tasks are the slow tier
(`uv run pytest -m slow`), as thinkingbox.testing does for DomainTests.

A core test that needs one of the benchmark's domains says so (`pytest.mark.domains("retail")`)
and is skipped, with the reason, where that plugin is not installed: `nox -s core` runs the
core's tests with the core and the example domain only."""
from importlib.metadata import entry_points

import pytest


def _task_id(value, tasks) -> str | None:
    task_id = value if isinstance(value, str) else getattr(value, "id", None)
    return task_id if isinstance(task_id, str) and task_id in tasks else None


def _skip_without_domains(items) -> None:
    installed = {ep.name for ep in entry_points(group="thinkingbox.domains")}
    for item in items:
        marker = item.get_closest_marker("domains")
        missing = sorted(set(marker.args) - installed) if marker else []
        if missing:
            item.add_marker(pytest.mark.skip(reason=f"needs the domain plugin(s) {', '.join(missing)}, not installed"))


def pytest_collection_modifyitems(config, items):
    from thinkingbox.testing import load_domain

    _skip_without_domains(items)

    samples: dict[str, set[str]] = {}
    for item in items:
        parts = item.path.parts
        if "plugins" not in parts or not hasattr(item, "callspec") or item.get_closest_marker("slow"):
            continue
        name = parts[parts.index("plugins") + 1]
        if name not in samples:
            try:
                tasks = load_domain(name).tasks
            except Exception:   # not an installed domain: its tests decide for themselves
                tasks = {}
            first: dict[str, str] = {}
            for task_id in sorted(tasks):
                first.setdefault(tasks[task_id].family, task_id)
            samples[name] = set(first.values())
            samples[name + "/all"] = set(tasks)
        ids = [t for t in (_task_id(v, samples[name + "/all"]) for v in item.callspec.params.values()) if t]
        if ids and not any(t in samples[name] for t in ids):
            item.add_marker(pytest.mark.slow)
