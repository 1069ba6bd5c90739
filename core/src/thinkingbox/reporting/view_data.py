"""The data behind `tb view` and the static export of `tb report --html`.

Both show the same pages (view_assets/: index.html, app.js, style.css). The pages load their
data as scripts that store JSON text, parsed by JSON.parse, in `window.TB_DATA[key]`, because
browsers refuse fetch() of file:// URLs and the export must work opened from disk:

    data/index.js       key "index": runs with provenance, leaderboard, the task grid
    data/rR/tT.js       key "rR/tT": every trial of task T (its index in the grid) in run R,
                        with the task's text from the installed domain (task_info), each
                        trial's checks in sentences and its diff rows' links (explain)
    data/dD.js          key "dD": the agent's system prompt of domain D (index.domains[D])

Every figure the pages show is computed here, not in the page: pass^k is the one unbiased
estimator of metrics.py, at one k common to every run shown (`index.k`), and errored trials
are counted apart from passed and failed ones.

So a large run stays usable: the index holds one line per task and run, and a trial's full
record is read only when it is opened. `tb view` serves these files, made on request; the
export writes them all. Every file is redacted as it is made: the data's strings before they
are serialized (thinkingbox.secrets.redacted_json), the report page's values before it is
rendered, so redaction never cuts through a file's text.

Record text is untrusted (agents and users wrote it, and run files are shared): it reaches the
pages only as data inside a string literal (see `script`) and then only as text nodes
(app.js), and the pages carry a Content-Security-Policy that refuses inline script
(PAGE_POLICY: a header when served, a meta element in index.html on disk).
"""
from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterable

from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.reporting import records as records_module
from thinkingbox.reporting.analysis import CATEGORIES, failure_category
from thinkingbox.reporting.explain import DIFF_KINDS, diff_links, explain, first_line
from thinkingbox.reporting.metrics import errored
from thinkingbox.reporting.report import REPORT_META_POLICY
from thinkingbox.reporting.task_info import system_prompt, task_info
from thinkingbox.secrets import redact_value, redacted_json, secret_values

ASSETS = ("index.html", "app.js", "style.css")

# What the pages may load: their own scripts and styles, nothing inline, nothing from elsewhere.
# index.html holds PAGE_META_POLICY as a meta element, for the export opened from disk
# (tests/test_view_hostile.py keeps the two the same); `tb view` sends the header, which adds
# frame-ancestors (browsers ignore it in a meta element).
PAGE_META_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                    "base-uri 'none'; form-action 'none'")
PAGE_POLICY = f"{PAGE_META_POLICY}; frame-ancestors 'none'"
# report.html (reporting/report.py writes the meta element): inline styles, no script at all.
REPORT_POLICY = f"{REPORT_META_POLICY}; frame-ancestors 'none'"


@dataclass
class Run:
    name: str                                  # its label, made unique among the runs shown
    path: Path
    records: list[dict[str, Any]]
    header: dict[str, Any] | None              # the run file's header line, when it has one


def load(paths: Iterable[Path], progress: Callable[[Path], Any] | None = None) -> list[Run]:
    """One Run per run file, named by its label (with the file's name added where two runs
    share a label). `progress` is called with each file once it is read."""
    runs = []
    for path in map(Path, paths):
        if not path.exists():
            raise ThinkingboxError(f"run file {path} not found")
        try:
            records = records_module.read_records(path)
        except ValueError as exc:
            raise ThinkingboxError(str(exc)) from None
        if not records:
            raise ThinkingboxError(f"{path} holds no trial records")
        header = records_module.read_run_header(path)
        name = str(header["label"]) if header and header.get("label") else records_module.run_label(records[0])
        runs.append(Run(name, path, list(records), header))
        if progress is not None:
            progress(path)
    names = [run.name for run in runs]
    for run in runs:
        if names.count(run.name) > 1:
            run.name = f"{run.name} [{run.path.name}]"
    names = [run.name for run in runs]
    for i, run in enumerate(runs):  # the same file given twice
        if names.count(run.name) > 1:
            run.name = f"{run.name} #{i + 1}"
    return runs


def relabelled(runs: list[Run]) -> list[dict[str, Any]]:
    """All records, each carrying its run's name as its label, so that report.build gives
    one row per run."""
    return [{**r, "config": {**r["config"], "label": run.name}} for run in runs for r in run.records]


def task_keys(runs: list[Run]) -> list[str]:
    return sorted({f"{r['domain']}/{r['task']}" for run in runs for r in run.records})


def provenance(run: Run) -> dict[str, Any]:
    """Where a run came from: its header when the file has one, else what its records say."""
    first, header = run.records[0], run.header or {}
    config = dict(header.get("config") or first["config"])
    versions = dict(header.get("versions") or {})
    if not versions:
        versions = {"thinkingbox": first["core_version"] or "unknown"}
        for r in run.records:
            versions.setdefault(r["domain"], r["domain_version"] or "unknown")
    # config["models"]: per role None, "rules", or a model's public settings (model, base_url, params, ...)
    roles = {role: value for role, value in (config.get("models") or {}).items() if value}
    models = {role: value.get("model") if isinstance(value, dict) else value for role, value in roles.items()}
    return {
        "name": run.name, "file": str(run.path), "agent": first["agent"], "user": first["user"],
        "persona": config.get("persona", "cooperative"), "models": models,
        "params": {role: v["params"] for role, v in roles.items() if isinstance(v, dict) and v.get("params")},
        "endpoints": {role: v["base_url"] for role, v in roles.items() if isinstance(v, dict) and v.get("base_url")},
        "judge": models.get("judge"), "versions": versions,
        "seed": header.get("seed"), "command": header.get("command"), "started": header.get("started"),
        "has_header": run.header is not None, "config": config,
        "domains": sorted({r["domain"] for r in run.records}), "trials": len(run.records),
        "tasks": len({(r["domain"], r["task"]) for r in run.records}),
    }


def index_data(runs: list[Run], report: dict[str, Any]) -> dict[str, Any]:
    """The first page: runs, leaderboard (from report.build over `relabelled(runs)`), grid."""
    keys = task_keys(runs)
    position = {key: i for i, key in enumerate(keys)}
    families: dict[str, str] = {}
    split: dict[str, tuple[str, str]] = {}
    cells: list[list[Any]] = [[None] * len(runs) for _ in keys]
    for r_index, run in enumerate(runs):
        for record in sorted(run.records, key=lambda r: r["trial"]):
            key = f"{record['domain']}/{record['task']}"
            families.setdefault(key, record["family"])
            split.setdefault(key, (record["domain"], record["task"]))  # a domain name may hold "/"
            cell = cells[position[key]][r_index]
            if cell is None:
                # trials: finished (judged) trials; errors: errored ones, neither passed nor failed
                cell = cells[position[key]][r_index] = {"passed": 0, "trials": 0, "errors": 0, "t": []}
            if errored(record):
                cell["errors"] += 1
            else:
                cell["trials"] += 1
                cell["passed"] += bool(record["verdict"])
            # one trial: [number, passed, failure category ("error" when errored), finish reason]
            cell["t"].append([record["trial"], bool(record["verdict"]), failure_category(record),
                              record["finish_reason"]])
    rows = {a["run"]: a for a in report["agents"]}
    finished = [rows[run.name]["overall"]["trials_per_task"]["min"] for run in runs
                if rows[run.name]["overall"]["trials"]]
    k = min(finished) if finished else 0   # one k for every row: the fewest finished trials of any task
    leaderboard = []
    for run in runs:
        o = rows[run.name]["overall"]
        leaderboard.append({
            "run": run.name, "pass1": o["pass@1"] if o["trials"] else None, "ci95": o["pass@1_ci95"],
            "pass_k": o["pass@k"].get(str(k)), "pass_hat_k": o["pass^k"].get(str(k)),
            "min_trials": o["trials_per_task"]["min"],
            "domains": {d: (v["pass@1"] if v["trials"] else None) for d, v in rows[run.name]["domains"].items()},
            "trials": o["trials"], "errors": o["errors"], "error_rate": o["error_rate"],
            "errored_tasks": o["errored_tasks"], "never": o["never_passed"], "always": o["always_passed"],
            "failure_categories": rows[run.name]["failure_categories"],
            "injection": rows[run.name].get("injection"),
        })
    return {
        "k": k, "diff_kinds": DIFF_KINDS,
        "runs": [provenance(run) for run in runs], "leaderboard": leaderboard, "categories": CATEGORIES,
        "domains": report["domains"], "families": sorted(set(families.values()) - {""}),
        "tasks": [{"key": key, "domain": split[key][0], "task": split[key][1],
                   "family": families.get(key, ""), "cells": cells[i]} for i, key in enumerate(keys)],
        "bootstrap": report["bootstrap"],
    }


class Site:
    """What the pages read, for a set of runs: the index, and each data file by its path
    (made when asked for). `tb view` serves it; `export` writes it out."""

    def __init__(self, runs: list[Run], prices: dict[str, tuple[float, float, float]] | None = None, seed: int = 0):
        from thinkingbox.reporting.report import Links, build, render_html

        self.runs = runs
        self.keys = task_keys(runs)
        self.report = build(relabelled(runs), prices, seed=seed)
        # its text escaped for HTML after redaction; its cells link into these pages
        self.report_html = render_html(redact_value(self.report), Links([run.name for run in runs], self.keys))
        self.index = index_data(runs, self.report)
        self.groups: list[dict[str, list[dict[str, Any]]]] = []
        for run in runs:
            group: dict[str, list[dict[str, Any]]] = {}
            for record in run.records:
                group.setdefault(f"{record['domain']}/{record['task']}", []).append(record)
            self.groups.append(group)

    def data_paths(self) -> list[str]:
        return (["data/index.js"] + [f"data/d{d}.js" for d in range(len(self.index["domains"]))]
                + [f"data/r{r}/t{t}.js" for r, group in enumerate(self.groups)
                   for t, key in enumerate(self.keys) if key in group])

    def data_file(self, path: str, secrets: list[str] | None = None) -> bytes | None:
        """The data file at `path` (relative to the site), or None if there is none."""
        if path == "data/index.js":
            return script("index", self.index, secrets)
        match = re.fullmatch(r"data/d(\d+)\.js", path)
        if match is not None:
            d = int(match.group(1))
            if d >= len(self.index["domains"]):
                return None
            return script(f"d{d}", {"domain": self.index["domains"][d],
                                    "system_prompt": system_prompt(self.index["domains"][d])}, secrets)
        match = re.fullmatch(r"data/r(\d+)/t(\d+)\.js", path)
        if match is None:
            return None
        r, t = int(match.group(1)), int(match.group(2))
        if r >= len(self.runs) or t >= len(self.keys) or self.keys[t] not in self.groups[r]:
            return None
        trials = sorted(self.groups[r][self.keys[t]], key=lambda rec: rec["trial"])
        first = trials[0]
        task = task_info(first["domain"], first["task"])
        solution = (task or {}).get("solution")
        if task is not None:
            task = {key: value for key, value in task.items() if key != "system_prompt"}  # in data/dD.js, once
        return script(f"r{r}/t{t}", {
            "run": self.runs[r].name, "key": self.keys[t], "task": task,
            "trials": [{**rec, "category": failure_category(rec), "explained": explain(rec),
                        "diff_links": diff_links(rec, solution),
                        "error_line": first_line(rec.get("error")) if errored(rec) else None} for rec in trials],
        }, secrets)


# A data file is one fixed statement around a string literal that holds the data's JSON text:
#
#     (window.TB_DATA=window.TB_DATA||{})['KEY']=JSON.parse('JSON TEXT, ESCAPED');
#
# Why not the alternatives: a data file that is JSON written as JavaScript (the old way) is
# evaluated as code, so any change to its text that ends a string early (redaction once ate
# the backslash of an escaped quote) turns record text into script; fetch() of JSON files is
# refused from file:// in Chromium; a <script type="application/json"> block would have to sit
# in index.html itself, loading every trial of every run at once. JSON.parse reads the literal
# as data only. Inside the literal every character that could end it or the script element,
# or be read as markup, is an escape: the literal's quote ' and the backtick, < > &, control
# characters and U+2028/9, and the backslash itself. So the literal holds no ' at all, and no
# change to the file's text that only deletes or replaces characters can end it early. The
# double quote is left as it is: it means nothing inside a '...' literal, and JSON text is
# full of them (a tool result is JSON inside JSON), so escaping it would make files ~40% larger.
_LITERAL_ESCAPES = [("\\", "\\\\"), ("'", "\\x27"), ("`", "\\x60"), ("<", "\\x3c"), (">", "\\x3e"),
                    ("&", "\\x26"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029")]  # the backslash first
_CONTROL_CHARACTERS = re.compile("[\x00-\x1f\x7f]")


def _literal(text: str) -> str:
    """`text` as a JavaScript string literal in single quotes with no ', <, >, & or line
    terminator inside."""
    for char, escape in _LITERAL_ESCAPES:
        if char in text:
            text = text.replace(char, escape)
    return "'" + _CONTROL_CHARACTERS.sub(lambda m: f"\\x{ord(m.group()):02x}", text) + "'"


def script(key: str, data: Any, secrets: list[str] | None = None) -> bytes:
    """A data file: a script that stores `data` under `key`, parsed from JSON text by JSON.parse.
    The data's strings are redacted before it is serialized, so the JSON text is always whole."""
    text = redacted_json(data, secrets).decode()
    return f"(window.TB_DATA=window.TB_DATA||{{}})[{_literal(key)}]=JSON.parse({_literal(text)});\n".encode()


def asset(name: str) -> bytes:
    return resources.files("thinkingbox.reporting").joinpath("view_assets", name).read_bytes()


def check_folder(folder: Path) -> None:
    """A one-line error unless `folder` is new, empty, or an earlier export."""
    if folder.exists() and not folder.is_dir():
        raise ThinkingboxError(f"--html {folder} is a file; give a folder (it writes index.html and data files there)")
    if folder.is_dir() and any(folder.iterdir()) and not (folder / "data" / "index.js").is_file():
        raise ThinkingboxError(f"--html {folder} holds other files; give a new or empty folder "
                               "(or the folder of an earlier export, to replace it)")
    existing = next(p for p in (folder, *folder.parents) if p.exists())
    if not existing.is_dir():
        raise ThinkingboxError(f"--html {folder}: cannot create its folder, a part of the path is a file; "
                               "choose another path")
    if not os.access(existing, os.W_OK):
        raise ThinkingboxError(f"--html {folder}: not writable; check its permissions or choose another path")


def export(site: Site, folder: Path) -> None:
    """The static site in `folder`: the pages, report.html (the tables and plots of `tb
    report`) and every data file. `folder` is new, empty, or an earlier export, which is
    replaced; any other folder is refused, so no one's files are overwritten."""
    check_folder(folder)
    secrets = secret_values()
    folder.mkdir(parents=True, exist_ok=True)
    for name in ASSETS:
        (folder / name).write_bytes(asset(name))
    (folder / "report.html").write_text(site.report_html, encoding="utf-8")  # redacted when made
    if (folder / "data").exists():
        shutil.rmtree(folder / "data")
    for path in site.data_paths():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_bytes(site.data_file(path, secrets) or b"")
