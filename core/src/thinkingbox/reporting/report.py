"""`tb report`: a leaderboard and diagnostics across runs, as terminal tables, markdown,
JSON and a self-contained HTML page with inline SVG plots (no network fetches)."""
from __future__ import annotations

import html
import textwrap
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Iterable

from thinkingbox.reporting.adversarial import fault_spec, faulted_trials, injection_summary
from thinkingbox.reporting.analysis import FAILURE_CATEGORIES, categories, interaction_stats, weak_proxies
from thinkingbox.reporting.explain import sentence
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
    finished = [a["overall"]["trials_per_task"]["min"] for a in agents if a["overall"]["trials"]]
    return {"domains": domains, "agents": agents, "categories": FAILURE_CATEGORIES,
            # one k for every row of the tables: the fewest finished trials of any task in any run
            "k": min(finished) if finished else 0,
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
        if check is not None and record["finish_reason"] != "error" and len(shown) < MAX_SHOWN_FAILURES:
            shown.append({"task": f"{record['domain']}/{record['task']}", "trial": record["trial"],
                          "problems": [sentence(p) for p in (check["data"] or [check["detail"]])],
                          "said": record["final_message"][:600]})
    return shown


def _communication_table(report: dict[str, Any], links: "Links | None" = None) -> str:
    rows = []
    for a in report["agents"]:
        for f in a.get("communication_failures", []):
            where = html.escape(f"{f['task']} #{f['trial']}")
            href = links.trial(a["run"], f["task"], f["trial"]) if links else None
            rows.append(f"<tr><td>{html.escape(a['run'])}</td><td>{_a(href, where)}</td>"
                        f"<td><ul>{''.join(f'<li>{html.escape(p)}</li>' for p in f['problems'])}</ul></td>"
                        f"<td>{html.escape(f['said'])}</td></tr>")
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


def leaderboard_rows(report: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    """The leaderboard's headers and rows: pass@1 over finished trials per domain and overall,
    pass@k and pass^k (unbiased) at the report's one k, and errored trials counted apart."""
    domains, k = report["domains"], report.get("k", 0)
    rows = []
    for a in report["agents"]:
        o = a["overall"]
        done = bool(o["trials"])
        rows.append([a["run"], *[_pct(a["domains"][d]["pass@1"]) if d in a["domains"] and a["domains"][d]["trials"]
                                 else "-" for d in domains],
                     _pct(o["pass@1"]) if done else "-",
                     f"{_pct(o['pass@1_ci95'][0])} - {_pct(o['pass@1_ci95'][1])}" if done else "-",
                     _pct(o["pass@k"].get(str(k))) if k else "-", _pct(o["pass^k"].get(str(k))) if k else "-",
                     f"{o['never_passed']}/{o['always_passed']}", o["trials"], o["errors"], _pct(o["error_rate"])])
    headers = ["run", *domains, "overall", "95% CI", f"pass@{k}" if k else "pass@k", f"pass^{k}" if k else "pass^k",
               "never/always", "finished", "errored", "error rate"]
    return headers, rows


def tables(report: dict[str, Any], fmt: str = "github") -> str:
    out = []
    headers, rows = leaderboard_rows(report)
    k = report.get("k", 0)
    heading = (f"Leaderboard (pass@1 per domain over finished trials; overall with its 95% task-bootstrap interval; "
               f"pass@{k} and pass^{k} unbiased, k = the fewest finished trials of any task in any run; "
               "errored trials are not judged and counted apart)")
    out.append(textwrap.fill(heading, 100) + "\n" + _fit(rows, headers, fmt))
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
                                           for c in report["categories"]], a["overall"]["errors"]])
    out.append("Failure categories (share of failed trials; errored trials apart, not judged)\n" + _fit(
        rows, ["run", "failed", *report["categories"], "errored"], fmt))
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
    """A curve per run over k; a run with one trial per task has one point, not a curve: it is
    named under the chart instead ("needs at least 2 trials per task")."""
    short = [name for name, values in series.items() if len(values) < 2]
    series = {name: values for name, values in series.items() if len(values) >= 2}
    if not series:
        return (f'<div class="no-curve"><strong>{html.escape(title)}</strong>: needs ≥2 trials per task '
                "(run with --trials 2 or more); every run here has 1.</div>")
    note = (f'<p class="no-curve">Not drawn, needs ≥2 trials per task: {html.escape(", ".join(short))}</p>'
            if short else "")
    return "<div>" + _svg_line_chart(title, series) + note + "</div>"


def _svg_line_chart(title: str, series: dict[str, dict[int, float]]) -> str:
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
            fail = None if d is None or not d["trials"] else 1 - d["pass@1"]
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


class Links:
    """Where report.html links into the viewer's pages (index.html beside it): a run's index
    and a task's index in the grid, as the pages number them."""

    def __init__(self, runs: list[str], tasks: list[str]):
        self.runs = {name: i for i, name in enumerate(runs)}
        self.tasks = {key: i for i, key in enumerate(tasks)}

    def trial(self, run: str, task: str, trial: int | None = None) -> str | None:
        r, t = self.runs.get(run), self.tasks.get(task)
        if r is None or t is None:
            return None
        return f"index.html#/trial/{r}/{t}" + (f"/{trial}" if trial is not None else "")

    def errored(self, run: str) -> str | None:
        r = self.runs.get(run)
        return None if r is None else f"index.html#/?runs={r}&category=error"


def _a(href: str | None, text: str) -> str:
    """A link when there is somewhere to go (text already escaped)."""
    return f'<a href="{html.escape(href)}">{text}</a>' if href else text


def _html_table(headers: list[str], rows: list[list[str]], table_id: str, numeric_from: int = 1) -> str:
    """A table of already-escaped cells."""
    head = "".join(f'<th{" class=num" if i >= numeric_from else ""}>{html.escape(h)}</th>' for i, h in enumerate(headers))
    body = "".join("<tr>" + "".join(f'<td{" class=num" if i >= numeric_from else ""}>{c}</td>' for i, c in enumerate(row))
                   + "</tr>" for row in rows)
    return f'<table id="{table_id}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _leaderboard_html(report: dict[str, Any], links: Links | None) -> str:
    headers, rows = leaderboard_rows(report)
    cells = []
    for a, row in zip(report["agents"], rows):
        line = [html.escape(str(c)) for c in row]
        errors = a["overall"]["errors"]
        if errors and links is not None:  # the error count opens the list of errored trials
            line[-2] = _a(links.errored(a["run"]), f"{errors} errored")
        cells.append(line)
    return _html_table(headers, cells, "leaderboard")


def _text_tables_html(report: dict[str, Any]) -> str:
    """The other tables of `tb report` as HTML tables (not preformatted text)."""
    parts = []
    cats = report["categories"]
    rows = []
    for a in report["agents"]:
        failed = sum(a["failure_categories"].values())
        rows.append([html.escape(a["run"]), str(failed),
                     *[_pct(a["failure_categories"].get(c, 0) / failed) if failed else "-" for c in cats],
                     str(a["overall"]["errors"])])
    parts.append("<h3>Failure categories (share of failed trials; errored trials apart, not judged)</h3>"
                 + _html_table(["run", "failed", *cats, "errored"], rows, "failure-categories"))
    rows = [[html.escape(a["run"]), *[str(a["weak_proxies"][k]) for k in
                                       ("failed", "clean_termination", "clean_and_write", "clean_write_no_final_error")]]
            for a in report["agents"]]
    parts.append("<h3>Failed trials that weak proxies would pass</h3>" + _html_table(
        ["run", "failed", "clean end", "+ write call", "+ no final tool error"], rows, "weak-proxies"))
    rows = []
    for a in report["agents"]:
        for domain, d in sorted(a["domains"].items()):
            st = d["interaction"]
            rows.append([html.escape(a["run"]), html.escape(domain), f"{st['messages']:.1f}", f"{st['tool_calls']:.1f}",
                         "unknown" if st["write_calls"] is None else f"{st['write_calls']:.1f}",
                         f"{st['tool_errors']:.1f}", f"{st['turns']:.1f}", f"{st['tokens_per_turn'] / 1000:.1f}k",
                         f"{st['seconds']:.2f}", "-" if st.get("cost_per_trial") is None else f"${st['cost_per_trial']:.4f}"])
    parts.append("<h3>Interaction (means per trial)</h3>" + _html_table(
        ["run", "domain", "messages", "tool calls", "writes", "tool errors", "turns", "tokens/turn", "seconds", "cost"],
        rows, "interaction", numeric_from=2))
    adversarial = _adversarial_table(report, "html")
    if adversarial:
        title, _, table = adversarial.partition("\n")
        parts.append(f"<h3>{html.escape(title)}</h3>{table}")
    mixed = [f"{a['run']} ({'; '.join(a['mixed_settings'])})" for a in report["agents"] if a.get("mixed_settings")]
    if mixed:
        parts.append('<p class="warning">MIXED RUNS: continued with --force under settings that can change verdicts: '
                     f"{html.escape('; '.join(mixed))}</p>")
    return "".join(parts)


def _task_table(report: dict[str, Any], links: Links | None = None) -> str:
    tasks = sorted({t for a in report["agents"] for t in a["tasks"]})
    head = "".join(f"<th>{html.escape(a['run'])}</th>" for a in report["agents"])
    rows = []
    for task in tasks:
        cells = []
        for a in report["agents"]:
            t = a["tasks"].get(task)
            if t is None:
                cells.append("<td>-</td>")
                continue
            href = links.trial(a["run"], task) if links else None
            errors = f", {t['errors']} errored" if t.get("errors") else ""
            if t["trials"]:
                share = t["passed"] / t["trials"]
                counts = f"{t['passed']}/{t['trials']}"
                cells.append(f'<td style="background:{_heat(1 - share)}">{_a(href, counts)}{errors}</td>')
            else:
                cells.append(f'<td style="background:#e5e7eb">{_a(href, "not judged")}{errors}</td>')
        rows.append(f"<tr><td>{html.escape(task)}</td>{''.join(cells)}</tr>")
    return (f'<table id="task-table"><thead><tr><th>task</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


# The page runs no script; record text in it is escaped (html.escape). Served by `tb view`, the
# same policy comes as a header (view_data.REPORT_POLICY, which adds frame-ancestors).
REPORT_META_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"


def render_html(report: dict[str, Any], links: Links | None = None) -> str:
    """The report as one page. With `links` (the viewer's run and task numbering), it sits in
    the viewer's folder: each task cell, trial and error count links into the viewer's pages."""
    series_at = {a["run"]: {int(k): v for k, v in a["overall"]["pass@k"].items()} for a in report["agents"]}
    series_hat = {a["run"]: {int(k): v for k, v in a["overall"]["pass^k"].items()} for a in report["agents"]}
    k = report.get("k", 0)
    css = ("body{font-family:system-ui,sans-serif;margin:24px;color:#111}h1{font-size:22px}h2{font-size:17px;margin-top:28px}"
           "h3{font-size:14px;margin-top:18px}table{border-collapse:collapse;font-size:12px}"
           "td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}th{background:#f3f4f6}td.num,th.num{text-align:right}"
           "ul{margin:0;padding-left:18px}.charts{display:flex;flex-wrap:wrap;gap:16px}.no-curve{color:#6b7280}"
           ".warning{color:#b91c1c;font-weight:600}")
    nav = ('<p><a href="index.html">← the run viewer</a>: runs, task grid, every trial</p>' if links else "")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{REPORT_META_POLICY}">
<title>Thinkingbox report</title><style>{css}</style></head>
<body>
<h1>Thinkingbox report</h1>
{nav}
<p>{len(report['agents'])} run(s), domains: {html.escape(', '.join(report['domains']))}. pass@1 is over finished trials:
an errored trial (the model server or the harness failed) is not judged and is counted apart. pass@k and pass^k are the
unbiased estimators (pass^k = mean over tasks of C(c,k)/C(n,k)); the leaderboard shows them at k={k}, the fewest
finished trials of any task in any run.</p>
<h2>Leaderboard</h2>
{_leaderboard_html(report, links)}
<h2>Diagnostics</h2>
{_text_tables_html(report)}
<h2>Reliability</h2>
<div class="charts">
{_line_chart("pass@k (unbiased)", series_at)}
{_line_chart("pass^k (unbiased)", series_hat)}
</div>
<h2>Where agents fail</h2>
<div class="charts">
{_heatmap(report)}
{_category_bars(report)}
</div>
<h2>What agents told customers wrongly</h2>
{_communication_table(report, links)}
<h2>Per-task pass counts</h2>
{_task_table(report, links)}
</body></html>
"""
