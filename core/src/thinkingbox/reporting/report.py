"""`tb report`: a leaderboard and diagnostics across runs, as terminal tables, markdown,
JSON and a self-contained HTML page with inline SVG plots (no network fetches)."""
from __future__ import annotations

import html
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Iterable

from thinkingbox.reporting.adversarial import fault_spec, faulted_trials, injection_summary
from thinkingbox.reporting.analysis import CATEGORIES, categories, interaction_stats, weak_proxies
from thinkingbox.reporting.metrics import outcomes_by_task, reliability
from thinkingbox.reporting.records import config_difference, read_records, read_run_changes, run_label


def load_runs(paths: Iterable[Path], by_file: bool = False,
              progress: Callable[[Path], Any] | None = None) -> list[dict[str, Any]]:
    """The records of several run files, checked to be apart: runs are told apart by label
    (`tb eval --label`), so one label must mean one configuration, and a trial may not be in
    two files under one label (the second would silently replace the first). With `by_file`,
    each file's records are labelled by the file's name instead (for files of one label)."""
    from thinkingbox.contract.errors import ThinkingboxError

    records: list[dict[str, Any]] = []
    paths = [Path(p) for p in paths]
    first: dict[str, tuple[Path, dict[str, Any]]] = {}    # label -> (file, config) first seen
    seen: dict[tuple[str, str, str, int], Path] = {}      # (label, domain, task, trial) -> file
    for path in paths:
        if not path.exists():
            raise ThinkingboxError(f"run file {path} not found; check the path (`tb eval` writes run files "
                                   "to runs/ unless --output names one)")
        if path.is_dir():
            raise ThinkingboxError(f"run file {path} is a folder; give the .jsonl run file(s) in it, "
                                   f"e.g. {path / '*.jsonl'}")
        try:
            file_records = read_records(path)
        except ValueError as exc:
            raise ThinkingboxError(f"{exc}; is it a run file? Give a JSONL run file written by `tb eval`") from None
        # A run continued with --force mixes settings that can change verdicts: read, and marked.
        forced = [text for change in read_run_changes(path) for text in change.get("forced") or ()]
        for record in file_records:
            if forced:
                record["mixed_settings"] = forced  # type: ignore[typeddict-unknown-key]
            if by_file:
                record["config"] = {**record["config"], "label": path.stem}
            label = run_label(record)
            where, config = first.setdefault(label, (path, record["config"]))
            # Settings that cannot change a verdict (timeouts, retries) may differ, as in a continued run.
            difference = (record["config"] != config and not forced  # (equal configurations: common, and cheap)
                          and config_difference(config, record["config"], (f"in {where}", f"in {path}"),
                                                verdict_only=True))
            if difference:
                raise ThinkingboxError(
                    f"two configurations under the run label {label!r} ({difference}); "
                    "give the runs different labels (tb eval --label), or pass --by-file to label each file by its name")
            key = (label, record["domain"], record["task"], record["trial"])
            if seen.setdefault(key, path) != path:
                raise ThinkingboxError(
                    f"trial {record['trial']} of {record['domain']}/{record['task']} is in both {seen[key]} and {path} "
                    f"under the run label {label!r}; give the runs different labels (tb eval --label), "
                    "or pass --by-file to label each file by its name")
        records.extend(file_records)
        if progress is not None:
            progress(path)
    if not records:
        raise ThinkingboxError(f"{', '.join(map(str, paths))}: no trial records; give a run file "
                               "with finished trials (written by `tb eval`)")
    return records


def build(records: list[dict[str, Any]], prices: dict[str, tuple[float, float, float]] | None = None,
          seed: int = 0) -> dict[str, Any]:
    """Everything the report shows, as plain data (this is also the JSON output)."""
    by_run: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in records:
        by_run[run_label(record)].append(record)
    domains = sorted({r["domain"] for r in records})
    agents = []
    for label, recs in sorted(by_run.items()):
        overall_tasks = outcomes_by_task(recs)
        overall = reliability(overall_tasks, seed=seed)
        per_domain = {}
        for domain in domains:
            drecs = [r for r in recs if r["domain"] == domain]
            if drecs:
                per_domain[domain] = {
                    **reliability(outcomes_by_task(drecs), ks=[1], seed=seed).to_json(),
                    "failure_categories": dict(categories(drecs)),
                    "interaction": interaction_stats(drecs, prices),
                }
        agents.append({
            "run": label,
            "agent": recs[0]["agent"],
            "config": recs[0]["config"],
            "overall": overall.to_json(),
            "domains": per_domain,
            "failure_categories": dict(categories(recs)),
            "weak_proxies": weak_proxies(recs),
            "interaction": interaction_stats(recs, prices),
            "tasks": {f"{t.domain}/{t.task}": {"passed": t.c, "trials": t.n, "errors": t.errors}
                      for t in overall_tasks},
            "communication_failures": communication_failures(recs),
            "injection": injection_summary(recs),
            "tool_faults": {"spec": fault_spec(recs), "faulted_trials": faulted_trials(recs)},
            "mixed_settings": sorted({c for r in recs for c in r.get("mixed_settings") or ()}),
        })
    return {"domains": domains, "agents": agents, "categories": CATEGORIES,
            "bootstrap": {"samples": 2000, "seed": seed, "level": 0.95}}


MAX_SHOWN_FAILURES = 50


def _adversarial_table(report: dict[str, Any], fmt: str) -> str:
    """Runs side by side under adversarial conditions, when any run has them: the tool-fault
    spec each ran under (runs with and without faults next to each other), and on injection
    tasks the pass@1 and the share of trials that followed or reported the planted instruction."""
    agents = report["agents"]
    faults = any((a.get("tool_faults") or {}).get("spec") for a in agents)
    injection = any(a.get("injection") for a in agents)
    if not faults and not injection:
        return ""
    rows = []
    for a in agents:
        f, inj = a.get("tool_faults") or {}, a.get("injection")
        row = [a["run"], _pct(a["overall"]["pass@1"])]
        if faults:
            row += [f.get("spec") or "none", f.get("faulted_trials", 0)]
        if injection:
            row += [inj["trials"], _pct(inj["pass@1"]), _pct(inj["followed"]), _pct(inj["reported"])] if inj \
                else ["-"] * 4
        rows.append(row)
    headers = ["run", "pass@1"]
    if faults:
        headers += ["tool faults", "faulted trials"]
    if injection:
        headers += ["injection trials", "injection pass@1", "followed", "reported"]
    return ("Adversarial conditions (tool faults; injection tasks: pass@1, followed the planted instruction, "
            "reported it)\n" + _fit(rows, headers, fmt))


def communication_failures(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Trials whose communication check failed: which claims, and what the agent said last."""
    shown = []
    for record in records:
        check = next((c for c in record["checks"] if c["name"] == "communication" and not c["passed"]), None)
        if check is not None and len(shown) < MAX_SHOWN_FAILURES:
            shown.append({"task": f"{record['domain']}/{record['task']}", "trial": record["trial"],
                          "problems": check["data"] or [check["detail"]], "said": record["final_message"][:600]})
    return shown


def _communication_table(report: dict[str, Any]) -> str:
    rows = [f"<tr><td>{html.escape(a['run'])}</td><td>{html.escape(f['task'])} #{f['trial']}</td>"
            f"<td>{html.escape('; '.join(f['problems']))}</td><td>{html.escape(f['said'])}</td></tr>"
            for a in report["agents"] for f in a.get("communication_failures", [])]
    if not rows:
        return "<p>No communication check failed.</p>"
    return ('<table id="communication"><thead><tr><th>run</th><th>trial</th><th>what was wrong</th>'
            f'<th>what the agent said last</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


TERMINAL_WIDTH = 100  # columns a terminal table may take; wider ones are split (markdown keeps one table)


def _fit(rows: list[list[Any]], headers: list[str], fmt: str, keep: int = 1) -> str:
    """A table, split column-wise into several that each fit TERMINAL_WIDTH when it is wider (the
    first `keep` columns, which name the row, are repeated in each); markdown tables stay whole."""
    from tabulate import tabulate

    table = tabulate(rows, headers=headers, tablefmt=fmt)
    if fmt != "github" or max(map(len, table.splitlines())) <= TERMINAL_WIDTH:
        return table
    parts, columns = [], list(range(keep, len(headers)))
    while columns:
        taken = []
        for column in columns:
            trial = list(range(keep)) + taken + [column]
            width = max(map(len, tabulate([[r[i] for i in trial] for r in rows], headers=[headers[i] for i in trial],
                                          tablefmt=fmt).splitlines()))
            if taken and width > TERMINAL_WIDTH:
                break
            taken.append(column)
        chosen = list(range(keep)) + taken
        parts.append(tabulate([[r[i] for i in chosen] for r in rows], headers=[headers[i] for i in chosen],
                              tablefmt=fmt))
        columns = columns[len(taken):]
    return "\n\n".join(parts)


def tables(report: dict[str, Any], fmt: str = "github") -> str:
    domains = report["domains"]
    out = []
    rows = []
    for a in report["agents"]:
        o = a["overall"]
        kmax = str(o["trials_per_task"]["min"])
        rows.append([a["run"], *[_pct(a["domains"][d]["pass@1"]) if d in a["domains"] else "-" for d in domains],
                     _pct(o["pass@1"]), f"{_pct(o['pass@1_ci95'][0])} - {_pct(o['pass@1_ci95'][1])}",
                     f"{_pct(o['pass@k'].get(kmax))} (k={kmax})", _pct(o["pass^k_plugin"].get(kmax)),
                     _pct(o["pass^k_unbiased"].get(kmax)), f"{o['never_passed']}/{o['always_passed']}",
                     o["trials"], o["errors"]])
    out.append("Leaderboard (pass@1 per domain; overall with its 95% task-bootstrap interval)\n" + _fit(
        rows, ["run", *domains, "overall", "95% CI", "pass@k", "pass^k plug-in", "pass^k unbiased",
               "never/always", "trials", "errors"], fmt))
    adversarial = _adversarial_table(report, fmt)
    if adversarial:
        out.append(adversarial)
    notes = [f"{a['run']}: {a['overall']['pass@1_definition']}" for a in report["agents"]
             if a["overall"]["trials_per_task"]["min"] != a["overall"]["trials_per_task"]["max"]]
    if notes:
        out.append("Unequal trial counts per task: " + "; ".join(notes))
    mixed = [f"{a['run']} ({'; '.join(a['mixed_settings'])})" for a in report["agents"] if a.get("mixed_settings")]
    if mixed:
        out.append("MIXED RUNS: continued with --force under settings that can change verdicts, so their trials "
                   "were not all run alike: " + "; ".join(mixed))
    rows = []
    for a in report["agents"]:
        failed = sum(a["failure_categories"].values())
        rows.append([a["run"], failed, *[_pct(a["failure_categories"].get(c, 0) / failed) if failed else "-"
                                           for c in report["categories"]]])
    out.append("Failure categories (share of failed trials)\n" + _fit(
        rows, ["run", "failed", *report["categories"]], fmt))
    rows = []
    for a in report["agents"]:
        p = a["weak_proxies"]
        rows.append([a["run"], p["failed"], p["clean_termination"], p["clean_and_write"], p["clean_write_no_final_error"]])
    out.append("Failed trials that weak proxies would pass\n" + _fit(
        rows, ["run", "failed", "clean end", "+ write call", "+ no final tool error"], fmt))
    rows = []
    for a in report["agents"]:
        for domain, d in sorted(a["domains"].items()):
            s = d["interaction"]
            rows.append([a["run"], domain, f"{s['messages']:.1f}", f"{s['tool_calls']:.1f}", "unknown" if s["write_calls"] is None else f"{s['write_calls']:.1f}",
                         f"{s['tool_errors']:.1f}", f"{s['turns']:.1f}", f"{s['tokens_per_turn'] / 1000:.1f}k",
                         f"{s['seconds']:.2f}", "-" if s.get("cost_per_trial") is None else f"${s['cost_per_trial']:.4f}"])
    out.append("Interaction (means per trial)\n" + _fit(
        rows, ["run", "domain", "messages", "tool calls", "writes", "tool errors", "turns",
               "tokens/turn", "seconds", "cost"], fmt, keep=2))
    return "\n\n".join(out)


# ---- HTML ----------------------------------------------------------------------------

PALETTE = ["#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#ca8a04", "#db2777"]


def _line_chart(title: str, series: dict[str, dict[int, float]]) -> str:
    width, height, left, bottom, top, right = 560, 300, 50, 40, 30, 150
    ks = sorted({k for s in series.values() for k in s}) or [1]
    kmax = max(ks)

    def x(k: int) -> float:
        return left + (k - 1) / max(1, kmax - 1) * (width - left - right)

    def y(v: float) -> float:
        return top + (1 - v) * (height - top - bottom)

    parts = [f'<svg class="chart" role="img" aria-label="{html.escape(title)}" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}">',
             f'<text x="{left}" y="18" font-size="14" font-weight="bold">{html.escape(title)}</text>']
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#ddd"/>'
                     f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" font-size="10" text-anchor="end">{int(tick * 100)}%</text>')
    for k in ks:
        parts.append(f'<text x="{x(k):.1f}" y="{height - bottom + 14}" font-size="10" text-anchor="middle">{k}</text>')
    parts.append(f'<text x="{(left + width - right) / 2}" y="{height - 6}" font-size="11" text-anchor="middle">k</text>')
    for i, (name, values) in enumerate(series.items()):
        color = PALETTE[i % len(PALETTE)]
        points = " ".join(f"{x(k):.1f},{y(v):.1f}" for k, v in sorted(values.items()))
        parts.append(f'<polyline fill="none" stroke="{color}" stroke-width="2" points="{points}"/>')
        for k, v in sorted(values.items()):
            parts.append(f'<circle cx="{x(k):.1f}" cy="{y(v):.1f}" r="3" fill="{color}"><title>{html.escape(name)} '
                         f'k={k}: {100 * v:.1f}%</title></circle>')
        parts.append(f'<rect x="{width - right + 10}" y="{top + 18 * i}" width="10" height="10" fill="{color}"/>'
                     f'<text x="{width - right + 26}" y="{top + 9 + 18 * i}" font-size="11">{html.escape(name[:22])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _heat(value: float) -> str:
    """White (0) to deep red (1)."""
    g = int(245 - 190 * value)
    return f"rgb(245,{g},{g})"


def _heatmap(report: dict[str, Any]) -> str:
    domains, agents = report["domains"], report["agents"]
    cell_w, cell_h, left, top = 110, 30, 190, 50
    width, height = left + cell_w * len(domains) + 20, top + cell_h * len(agents) + 20
    parts = [f'<svg class="chart" role="img" aria-label="Failure rate by domain and agent" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}">',
             '<text x="10" y="18" font-size="14" font-weight="bold">Failure rate (100 - pass@1) by domain</text>']
    for j, domain in enumerate(domains):
        parts.append(f'<text x="{left + cell_w * j + cell_w / 2}" y="{top - 8}" font-size="11" text-anchor="middle">'
                     f'{html.escape(domain)}</text>')
    for i, a in enumerate(agents):
        parts.append(f'<text x="{left - 8}" y="{top + cell_h * i + 19}" font-size="11" text-anchor="end">'
                     f'{html.escape(a["run"][:28])}</text>')
        for j, domain in enumerate(domains):
            d = a["domains"].get(domain)
            fail = None if d is None else 1 - d["pass@1"]
            fill = "#eee" if fail is None else _heat(fail)
            label = "-" if fail is None else f"{100 * fail:.1f}%"
            parts.append(f'<rect x="{left + cell_w * j}" y="{top + cell_h * i}" width="{cell_w - 2}" height="{cell_h - 2}" '
                         f'fill="{fill}"/><text x="{left + cell_w * j + cell_w / 2}" y="{top + cell_h * i + 19}" '
                         f'font-size="11" text-anchor="middle">{label}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _category_bars(report: dict[str, Any]) -> str:
    cats, agents = report["categories"], report["agents"]
    left, top, bar_w, bar_h = 190, 40, 420, 22
    width, height = left + bar_w + 20, top + (bar_h + 8) * len(agents) + 60
    parts = [f'<svg class="chart" role="img" aria-label="Failure categories" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}">',
             '<text x="10" y="18" font-size="14" font-weight="bold">Failure categories (share of failed trials)</text>']
    for i, a in enumerate(agents):
        yy = top + (bar_h + 8) * i
        parts.append(f'<text x="{left - 8}" y="{yy + 15}" font-size="11" text-anchor="end">{html.escape(a["run"][:28])}</text>')
        failed = sum(a["failure_categories"].values())
        xx = float(left)
        for c, cat in enumerate(cats):
            share = a["failure_categories"].get(cat, 0) / failed if failed else 0
            if share:
                w = share * bar_w
                parts.append(f'<rect x="{xx:.1f}" y="{yy}" width="{w:.1f}" height="{bar_h}" fill="{PALETTE[c % len(PALETTE)]}">'
                             f'<title>{cat}: {100 * share:.1f}%</title></rect>')
                xx += w
        if not failed:
            parts.append(f'<text x="{left}" y="{yy + 15}" font-size="11">no failed trials</text>')
    ly = top + (bar_h + 8) * len(agents) + 10
    for c, cat in enumerate(cats):
        lx, lyy = 10 + 200 * (c % 3), ly + 16 * (c // 3)
        parts.append(f'<rect x="{lx}" y="{lyy}" width="10" height="10" fill="{PALETTE[c % len(PALETTE)]}"/>'
                     f'<text x="{lx + 14}" y="{lyy + 9}" font-size="10">{cat}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _task_table(report: dict[str, Any]) -> str:
    tasks = sorted({t for a in report["agents"] for t in a["tasks"]})
    head = "".join(f"<th>{html.escape(a['run'])}</th>" for a in report["agents"])
    rows = []
    for task in tasks:
        cells = []
        for a in report["agents"]:
            t = a["tasks"].get(task)
            if t is None:
                cells.append("<td>-</td>")
            else:
                share = t["passed"] / t["trials"]
                cells.append(f'<td style="background:{_heat(1 - share)}">{t["passed"]}/{t["trials"]}</td>')
        rows.append(f"<tr><td>{html.escape(task)}</td>{''.join(cells)}</tr>")
    return (f'<table id="task-table"><thead><tr><th>task</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


# The page runs no script; record text in it is escaped (html.escape). Served by `tb view`, the
# same policy comes as a header (view_data.REPORT_POLICY, which adds frame-ancestors).
REPORT_META_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"


def render_html(report: dict[str, Any]) -> str:
    series_at = {a["run"]: {int(k): v for k, v in a["overall"]["pass@k"].items()} for a in report["agents"]}
    series_hat = {a["run"]: {int(k): v for k, v in a["overall"]["pass^k_plugin"].items()} for a in report["agents"]}
    series_hat_u = {a["run"]: {int(k): v for k, v in a["overall"]["pass^k_unbiased"].items()} for a in report["agents"]}
    leaderboard = html.escape(tables(report, fmt="simple"))
    css = ("body{font-family:system-ui,sans-serif;margin:24px;color:#111}h1{font-size:22px}h2{font-size:17px;margin-top:28px}"
           "pre{background:#f6f6f6;padding:12px;overflow:auto;font-size:12px}table{border-collapse:collapse;font-size:12px}"
           "td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}.charts{display:flex;flex-wrap:wrap;gap:16px}")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{REPORT_META_POLICY}">
<title>Thinkingbox report</title><style>{css}</style></head>
<body>
<h1>Thinkingbox report</h1>
<p>{len(report['agents'])} agent(s), domains: {html.escape(', '.join(report['domains']))}. pass@k is the unbiased
estimator; pass^k is shown as the plug-in estimator (c/n)^k and the unbiased C(c,k)/C(n,k).</p>
<h2>Leaderboard and diagnostics</h2>
<pre id="tables">{leaderboard}</pre>
<h2>Reliability</h2>
<div class="charts">
{_line_chart("pass@k (unbiased)", series_at)}
{_line_chart("pass^k (plug-in)", series_hat)}
{_line_chart("pass^k (unbiased)", series_hat_u)}
</div>
<h2>Where agents fail</h2>
<div class="charts">
{_heatmap(report)}
{_category_bars(report)}
</div>
<h2>What agents told customers wrongly</h2>
{_communication_table(report)}
<h2>Per-task pass counts</h2>
{_task_table(report)}
</body></html>
"""
