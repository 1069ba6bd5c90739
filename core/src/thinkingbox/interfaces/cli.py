"""The `tb` command. Imports stay inside the commands so `tb --help` starts quickly."""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from thinkingbox.contract.errors import ThinkingboxError  # light: no third-party imports
from thinkingbox.paths import output_file  # light too

if TYPE_CHECKING:
    from thinkingbox.interfaces.progress import Progress

EPILOG = "Run `tb COMMAND --help` for the options of one command."
ROLES = ("agent", "user", "judge")
ROLE_USERS = {"agent": "--agent openai:MODEL", "user": "--user llm:MODEL", "judge": "--judge MODEL"}
EVAL_EPILOG = """examples:
  tb eval --agent oracle --trials 3
  tb eval --domains DOMAIN --agent openai:gpt-4.1 --user llm:gpt-4.1-mini --judge gpt-4.1-mini --trials 5
  tb eval --agent openai:Qwen/Qwen3-8B --agent-base-url http://127.0.0.1:8000/v1 --agent-param temperature=0.6

API keys are read from environment variables (OPENAI_API_KEY unless --ROLE-api-key-env names
another) and are never written to records, logs or reports. Environment variables
TB_AGENT, TB_USER, TB_JUDGE and TB_<ROLE>_BASE_URL / _API_KEY_ENV / _API_VERSION set
defaults; a --config TOML file sets them too (flags win, then the environment, then the file).

exit status:
  0    every trial finished (passed or failed)
  1    some trials ended in an error (model or harness failure): rerun them with --resume RUN --retry-errors
  2    usage or configuration error: nothing ran
  3    stopped after --max-consecutive-errors errors in a row: fix the cause, then --resume RUN --retry-errors
  130  interrupted (Ctrl-C): finished trials are saved; continue with --resume RUN"""


def _port(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        number = -1
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port number from 0 (any free port) to 65535, got {value!r}")
    return number


def _positive(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value!r}")
    return number


def _positive_seconds(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = 0.0
    if not number > 0 or number == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {value!r}")
    return number


def _non_negative(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        number = -1
    if number < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or a positive integer, got {value!r}")
    return number


def _judge(value: str) -> str:
    """`--judge`: `rules`, or a model (MODEL or openai:MODEL); a near miss of `rules` is a typo."""
    import difflib

    spec = value.strip()
    if spec.startswith("openai:"):
        spec = spec.partition(":")[2]
    if spec == "rules":
        return spec
    if not spec or spec.lower() == "rules" or difflib.get_close_matches(spec.lower(), ["rules"], cutoff=0.6):
        raise argparse.ArgumentTypeError(f"expected `rules` (offline rules) or a judge model (MODEL or openai:MODEL), "
                                         f"got {value!r}; did you mean `rules`?")
    return spec


class _Parser(argparse.ArgumentParser):
    """Usage errors in one line, and where to read more (not the whole usage)."""

    def error(self, message: str):  # type: ignore[override]
        command = self.prog if self.prog != "tb" else "tb"
        self.exit(2, f"{command}: error: {message} (see `{command} --help`)\n")


def _csv(value: str) -> list[str]:
    items = [v.strip() for v in value.split(",") if v.strip()]
    if not items:
        raise argparse.ArgumentTypeError("expected a comma-separated list")
    return items


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tb", description="Thinkingbox: evaluate LLM agents on stateful business tasks.", epilog=EPILOG)
    parser.add_argument("--version", action="store_true",
                        help="print the versions of the core and of each installed domain, and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    ev = sub.add_parser("eval", help="run trials and print a leaderboard",
                        formatter_class=argparse.RawDescriptionHelpFormatter,
                        description="Run every selected task --trials times with the given agent, judge each "
                        "trial against its golden state and print pass@1 per domain.",
                        epilog=EVAL_EPILOG)
    ev.add_argument("--config", type=Path, help="TOML file with [eval], [agent], [user], [judge] sections "
                    "(default: $TB_CONFIG); flags override it")
    ev.add_argument("--domains", "--domain", type=_csv, help="comma-separated domains (default: all installed)")
    ev.add_argument("--tasks", "--task", type=_csv, help="comma-separated task ids (default: all tasks)")
    ev.add_argument("--tags", type=_csv, help="comma-separated task tags: run only the tasks carrying any of them, "
                    "e.g. --tags injection (planted instructions); with --tasks, the tasks of both")
    ev.add_argument("--agent", help="oracle (replays the reference solution), noop (does nothing), "
                    "follower, blind-retry or careful (the reference, then obeying a planted instruction; retrying "
                    "failed writes blindly; checking the records before retrying: docs/adversarial.md), "
                    "openai:MODEL (any OpenAI-compatible endpoint), command:CMD (an agent process per trial, "
                    "given the MCP URL of its world; docs/external-agents.md) or a plugin agent NAME[:ARG] "
                    "(default: $TB_AGENT or oracle)")
    ev.add_argument("--user", help="simulated user: scripted (deterministic) or llm:MODEL "
                    "(default: $TB_USER or scripted)")
    ev.add_argument("--judge", type=_judge, help="model answering rubric questions, or `rules` to answer them offline "
                    "from each question's rule; needed when a selected task has rubric questions "
                    "(default: $TB_JUDGE, else `rules` for the offline agents oracle, noop and replay)")
    ev.add_argument("--persona", choices=_personas(), help="the LLM user's style (needs --user llm:MODEL): "
                    f"{', '.join(_personas())}; recorded in every record's config (default: $TB_PERSONA or "
                    "cooperative); compare personas with `tb sensitivity`")
    ev.add_argument("--trials", type=_positive, help="trials per task (default: 1)")
    ev.add_argument("--concurrency", type=_positive, help="trials run at once (default: 16)")
    ev.add_argument("--workers", type=_positive,
                    help="processes sharing the trials and the concurrency, to use more than one core "
                    "(default: 1; with --executor ray, one per CPU of the cluster)")
    ev.add_argument("--executor", default="local", metavar="NAME",
                    help="where trials run: local (this machine, default) or an installed executor such as "
                    "ray (thinkingbox-ray: `uv pip install ./executors/ray` in a Thinkingbox checkout; "
                    "see docs/ray.md)")
    ev.add_argument("--executor-option", action="append", default=[], metavar="KEY=VALUE",
                    help="option of the --executor, repeatable: for ray, address=HOST:PORT (an existing "
                    "cluster; default: start a local one), max_model_concurrency=N, rpm=N (per model endpoint, "
                    "cluster-wide); see docs/ray.md")
    ev.add_argument("--output", type=Path, help="JSONL file of trial records "
                    "(default: runs/<agent>-<domains>-<time>.jsonl)")
    ev.add_argument("--label", help="the run's name in reports (default: the agent and whatever settings set the run "
                                    "apart, e.g. 'openai:gpt-4.1 temperature=0.7'); runs with one label must share "
                                    "one configuration")
    ev.add_argument("--resume", nargs="?", const=True, default=False, metavar="RUN",
                    help="continue the run file RUN with the settings its header records (no other flags needed), "
                    "skipping trials already in it; flags given now may change what cannot change a verdict "
                    "(timeouts, retry attempts, concurrency, workers, progress, the URL's spelling), recorded in the "
                    "file; `--resume` alone continues --output")
    ev.add_argument("--force", action="store_true",
                    help="with --resume: continue even when a setting that can change verdicts differs (model, "
                    "parameters, user, persona, judge, limits, versions); the mix is recorded and reports mark the run")
    ev.add_argument("--retry-errors", action="store_true",
                    help="with --resume: run again the trials whose record ended in an error (model or harness "
                         "failure, not a failed verdict); the new attempt is appended and counts, the errored "
                         "one stays in the file for audit")
    ev.add_argument("--max-consecutive-errors", type=_non_negative, default=20, metavar="N",
                    help="stop starting trials after N trials in a row ended in an error (an endpoint down, "
                    "a wrong key); trials in flight still finish; exit status 3; 0 never stops (default: 20)")
    ev.add_argument("--progress-every", type=float, default=30.0, metavar="SECONDS",
                    help="when stderr is not a terminal (a log file, CI), print a progress line this often; "
                    "0 prints none (default: 30)")
    ev.add_argument("--price", action="append", default=[], metavar="MODEL=IN,OUT[,CACHED]",
                    help="dollars per million tokens, repeatable: shows the run's cost in its progress line")
    ev.add_argument("--max-user-turns", type=_positive, help="simulated-user follow-ups (default: 10)")
    ev.add_argument("--max-tool-calls", type=_positive, help="agent-action cap per trial (default: 50)")
    ev.add_argument("--tool-transport", choices=["direct", "memory", "stdio", "http"],
                    help="how trials reach their tools, all through the domain's MCP server: direct calls of its "
                    "tools in this process (default; no JSON-RPC session, the cheapest), in-memory MCP sessions, "
                    "a `tb serve` process per trial over stdio, or an HTTP MCP server on 127.0.0.1; the agent sees "
                    "the same tools and results, and verdicts are the same (command agents always use http)")
    ev.add_argument("--tool-faults", metavar="SPEC",
                    help="inject seeded faults into write tool calls, e.g. before=0.1,after=0.05,seed=7: before=P "
                    "fails a write before it is carried out (nothing changes), after=P loses its answer after it is "
                    "carried out (the agent sees a timeout); seed=N chooses the schedule (default 0); the faults "
                    "are recorded in the run header and each record, for every --tool-transport; not for command "
                    "agents (docs/adversarial.md)")
    for role in ROLES:
        group = ev.add_argument_group(f"{role} model connection (used by {ROLE_USERS[role]})")
        group.add_argument(f"--{role}-base-url", help=f"endpoint, e.g. http://127.0.0.1:8000/v1 "
                           f"(default: $TB_{role.upper()}_BASE_URL, $OPENAI_BASE_URL, or OpenAI)")
        group.add_argument(f"--{role}-api-key-env", metavar="VAR", help=f"NAME of the environment variable "
                           f"holding the API key (default: $TB_{role.upper()}_API_KEY_ENV or OPENAI_API_KEY)")
        group.add_argument(f"--{role}-api-version", help="API version, for Azure OpenAI endpoints")
        group.add_argument(f"--{role}-param", action="append", default=[], metavar="KEY=VALUE",
                           help=f"request parameter, repeatable: temperature=0.2, seed=7, max_tokens=4096, "
                           f"reasoning_effort=medium{' (default temperature 0.3)' if role == 'user' else ''}"
                           f"{' (temperature is always 0)' if role == 'judge' else ''}")
        group.add_argument(f"--{role}-timeout", type=float, metavar="SECONDS", help="per request (default: 600)"
                           + ("; for --agent command:CMD, how long the process may go without sending a message "
                              "while the harness waits for one (log lines do not count); it is then killed and the "
                              "trial is an error" if role == "agent" else ""))
        if role == "agent":
            group.add_argument("--agent-time-limit", type=_positive_seconds, metavar="SECONDS",
                               help="for --agent command:CMD, the most time one trial's process may run in all, "
                               "the simulated user's replies included; it is then killed (with every process it "
                               "started) and the trial is an error (default: 3600)")
        group.add_argument(f"--{role}-max-attempts", type=_positive, metavar="N",
                           help="attempts per request on 429/5xx/timeouts (default: 6)")

    dm = sub.add_parser("domains", help="list installed domains, their versions and task counts",
                        description="List installed domains. Each is loaded and every task's reference solution is "
                        "run: a domain that fails to load, has a bad task file or a reference that fails is a "
                        "'broken' row (exit status 1), which commands without --domains skip with a warning.")
    dm.add_argument("--quick", action="store_true", help="do not run the reference solutions (faster; a failing "
                    "reference then shows only when a command runs that task)")

    pg = sub.add_parser("plugins", help="list what the installed plugins add, and the package and version of each",
                        description="List the installed domains, extension plugins, agents, users, judges and "
                        "executors, each with the package (distribution) and version it comes from and who adds it "
                        "(the core, a domain or an extension). Domains are loaded (their tasks are not read), so the "
                        "agents and users a domain adds are listed too; one that fails to load is a 'broken' row "
                        "(exit status 1). A name two plugins both claim is an error naming both (exit status 2).")
    pg.add_argument("--json", action="store_true", help="print a JSON list of objects (kind, name, package, version, "
                    "provider, note) instead of a table")

    va = sub.add_parser("validate", help="check that every task is sound (for task authors)",
                        description="For every task: reset is exact, the reference solution passes, doing "
                        "nothing fails, and the reference solution fails when any one of its writes is dropped, "
                        "done twice, or aimed at another row of the same table; swapping two writes that do not "
                        "depend on each other must still pass. Also lists, for every choice argument of a "
                        "reference write (an enum, a ticket status, priority, type or custom field), the other "
                        "values that pass too: a warning unless the task declares them in `accepted`. "
                        "Exits non-zero if any task misbehaves.")
    va.add_argument("--domains", "--domain", type=_csv, help="comma-separated domains (default: all installed)")
    va.add_argument("--tasks", "--task", type=_csv, help="comma-separated task ids (default: all tasks)")

    pl = sub.add_parser("play", help="play the agent yourself on one task, then see the verdict",
                        description="You are the agent: talk to the simulated user and call the task's real "
                        "tools from the terminal. At the end the trial is judged like any other.")
    pl.add_argument("--domain", "--domains", required=True, help="domain name (see `tb domains`)")
    pl.add_argument("--task", "--tasks", required=True, help="task id (see `tb tasks --domain D`)")
    pl.add_argument("--user", default="scripted", help="simulated user: scripted (default) or llm:MODEL "
                    "(with the --user-* connection flags of `tb eval`)")
    _connection_flags(pl, "user", ("base_url", "api_key_env", "api_version", "param"))
    pl.add_argument("--judge", type=_judge, default="rules", help="answers the task's rubric questions about your final "
                    "message: `rules` (the offline rules, the default) or a MODEL (with the --judge-* flags)")
    _connection_flags(pl, "judge", ("base_url", "api_key_env", "api_version"))
    pl.add_argument("--output", type=Path, help="also append the trial record to this JSONL file")

    rp = sub.add_parser("report", help="leaderboard, reliability and failure analysis across runs",
                        description="Read one or more run files and print a leaderboard (one row per run label, see tb eval --label): pass@1 "
                        "per domain, a 95% task-bootstrap interval, pass@k and pass^k, failure categories, weak-proxy "
                        "ablation and interaction statistics. Optionally also as markdown, JSON and static HTML pages.")
    rp.add_argument("runs", nargs="+", type=Path, metavar="RUN", help="JSONL run files")
    rp.add_argument("--markdown", type=Path, metavar="FILE", help="write the tables as markdown")
    rp.add_argument("--json", type=Path, metavar="FILE", help="write all figures as JSON")
    rp.add_argument("--html", type=Path, metavar="FOLDER", help="write the pages of `tb view` as a static folder "
                    "(open FOLDER/index.html from disk; no server needed): runs, leaderboard, task grid, every trial, "
                    "and report.html with the tables and plots")
    rp.add_argument("--price", action="append", default=[], metavar="MODEL=IN,OUT[,CACHED]",
                    help="dollars per million input, output (and cached input) tokens, repeatable; adds cost")
    rp.add_argument("--seed", type=int, default=0, help="bootstrap seed (default: 0)")
    rp.add_argument("--by-file", action="store_true",
                    help="label each run file's trials by the file's name (for runs made under one label)")

    vw = sub.add_parser("view", help="browse runs in a web browser: leaderboard, task grid, every trial",
                        description="Serve a local web app over the run files: the runs and where they came from, "
                        "the leaderboard with intervals, a task-by-run grid (sortable by difficulty and disagreement, "
                        "filtered by outcome, failure category, domain, family), each trial (conversation, tool calls, "
                        "checks, diff against the golden state, tokens, timings) and two runs side by side. Nothing is "
                        "fetched from the network. `tb report RUN... --html FOLDER` writes the same pages as files.")
    vw.add_argument("runs", nargs="+", type=Path, metavar="RUN", help="JSONL run files")
    vw.add_argument("--host", default="127.0.0.1", help="address to bind (default: 127.0.0.1; another address "
                    "shows the records to that network)")
    vw.add_argument("--port", type=_port, default=8100, help="port (default: 8100; 0 = any free port)")
    vw.add_argument("--price", action="append", default=[], metavar="MODEL=IN,OUT[,CACHED]",
                    help="dollars per million input, output (and cached input) tokens, repeatable; adds cost")
    vw.add_argument("--seed", type=int, default=0, help="bootstrap seed (default: 0)")

    sh = sub.add_parser("show", help="list the trials of a run, or print one trial readably",
                        description="Without --task: one line per trial (domain, task, trial, verdict, finish "
                        "reason, failure category, first failed check), filtered by --failed, --category, --domain "
                        "and --family. With --task: the trial's conversation, tool calls and results, checks and "
                        "field-level diff against the golden state.")
    sh.add_argument("run", type=Path, metavar="RUN", help="a JSONL run file written by `tb eval`")
    sh.add_argument("--task", "--tasks", help="task id of the trial to print (default: list the trials)")
    sh.add_argument("--trial", type=_positive, help="with --task: trial number (default: the first recorded)")
    sh.add_argument("--domain", "--domains", help="only this domain's trials (and the task's domain, when several domains "
                    "share a task id)")
    sh.add_argument("--family", help="only trials of tasks of this family (see `tb tasks --domain D`)")
    sh.add_argument("--failed", action="store_true", help="only failed trials")
    sh.add_argument("--category", metavar="CATEGORY", help="only failed trials of this failure category: "
                    "tool_usage, no_state_change, incomplete_resolution, communication, response_rubric, "
                    "wrong_state or error (see `tb report`)")
    sh.add_argument("--full", action="store_true", help="print messages and tool results in full (default: cut "
                    "at 400 characters); in a list, the first failed check in full (default: cut to fit 100 columns)")
    sh.add_argument("--json", action="store_true", help="print the record(s) as JSON instead: one record per line "
                    "for a list, indented for one trial")

    cp = sub.add_parser("compare", help="per-task changes between two runs, and which are beyond noise",
                        description="Compare a candidate run with a base run task by task (Fisher's exact test) "
                        "and overall (paired task bootstrap of the pass@1 difference).")
    cp.add_argument("base", type=Path, metavar="BASE", help="the run compared against (JSONL run file)")
    cp.add_argument("candidate", type=Path, metavar="CANDIDATE", help="the run whose changes are reported")
    cp.add_argument("--all", action="store_true", help="list unchanged tasks too")
    cp.add_argument("--json", type=Path, metavar="FILE", help="also write the comparison as JSON")

    rj = sub.add_parser("rejudge", help="re-run the checks on recorded trials against fresh worlds",
                        description="Replay each recorded trial's tool calls against a fresh world of its task and "
                        "recompute its checks and verdict (no model is called; recorded rubric answers are kept). "
                        "Writes the re-judged records to --output and lists the verdicts that changed.")
    rj.add_argument("run", type=Path, metavar="RUN", help="the JSONL run file to re-judge (left unchanged)")
    rj.add_argument("--output", type=Path, help="where to write (default: RUN with .rejudged.jsonl)")

    sv = sub.add_parser("serve", help="serve task worlds over MCP (stdio or HTTP) for any MCP client",
                        formatter_class=argparse.RawDescriptionHelpFormatter,
                        description="Serve the tools of a domain's task worlds with the official MCP SDK. stdio: one "
                        "world of --task for the connection. http (streamable): every MCP session gets its own fresh "
                        "world, of --task, or of any task of the domain that a session opened with POST "
                        "/control/sessions {\"task\": ID} names; control endpoints for evaluators under /control "
                        "(see docs/external-agents.md).")
    sv.add_argument("--domain", "--domains", required=True, help="domain name (see `tb domains`)")
    sv.add_argument("--task", "--tasks", help="task id whose world is served (see `tb tasks --domain D`); needed with "
                    "stdio; with http the default task of sessions that name none (without it, every session names "
                    "its task)")
    sv.add_argument("--transport", choices=["stdio", "http"], default="stdio",
                    help="stdio (one world for the connection, the default) or streamable http")
    sv.add_argument("--host", default="127.0.0.1", help="HTTP address to bind (default: 127.0.0.1)")
    sv.add_argument("--port", type=_positive, default=8765, help="HTTP port (default: 8765)")
    sv.add_argument("--idle-timeout", type=float, default=600.0, metavar="SECONDS",
                    help="drop HTTP sessions and their worlds idle this long (default: 600)")
    sv.add_argument("--max-sessions", type=_positive, default=1000, help="open HTTP sessions at most (default: 1000)")
    sv.add_argument("--judge", type=_judge, help="`rules` or a model, to judge rubric questions in /control/.../verdict")
    sv.add_argument("--control-token", metavar="TOKEN",
                    help="http: the bearer token the /control endpoints require (default: $TB_CONTROL_TOKEN, else "
                         "one generated and printed at start; required with a --host other than loopback)")
    sv.add_argument("--report", type=Path, help="stdio: write the final world (an SQLite database, labelled with its "
                    "domain and task) here on exit; `tb judge-world FILE` judges it")
    sv.add_argument("--user", help="http: a simulated user that answers agents through the control plane "
                    "(POST /control/sessions, then /control/sessions/SESSION/messages): scripted or llm:MODEL, "
                    "as in tb eval (default: none)")
    sv.add_argument("--persona", choices=_personas(), help="http: the LLM user's style (needs --user llm:MODEL; "
                    "default: cooperative)")
    sv.add_argument("--max-user-turns", type=_positive, default=10, help="http: simulated-user follow-ups per "
                    "session (default: 10)")
    sv.add_argument("--max-tool-calls", type=_positive, default=50, help="http: tool calls per session with a user "
                    "(default: 50)")
    sv.add_argument("--config", type=Path, help="TOML file whose [user] section configures the user model, as "
                    "for tb eval (default: $TB_CONFIG)")
    _connection_flags(sv, "user", ("base_url", "api_key_env", "api_version", "param", "timeout", "max_attempts"))

    jw = sub.add_parser("judge-world", help="judge a world saved by `tb serve --report`: verdict, checks and diff",
                        description="Run the task's checks on a final world that `tb serve --transport stdio --report "
                        "FILE` saved, as tb eval judges a trial's, and print the verdict, each check and the "
                        "field-level diff against the golden state (as tb show does). Exit status 0 when every check "
                        "passed, 1 when one failed. Checks on what the agent told the customer need --final-message "
                        "(and --trajectory for the order of messages and calls); without it they fail as not judged.")
    jw.add_argument("world", type=Path, metavar="FILE", help="the world file tb serve --report wrote")
    jw.add_argument("--domain", "--domains", help="the world's domain (only for a file that does not name it)")
    jw.add_argument("--task", "--tasks", help="the world's task (only for a file that does not name it)")
    jw.add_argument("--final-message", metavar="TEXT", help="the agent's final message to the customer")
    jw.add_argument("--trajectory", type=Path, metavar="FILE", help="the conversation: a JSON list of events in the "
                    "trial record's format, or a trial record (its trajectory and final message are used)")
    jw.add_argument("--judge", type=_judge, default="rules", help="answers rubric questions: `rules` (the offline "
                    "rules, the default) or a MODEL (configured by the TB_JUDGE_* variables)")
    jw.add_argument("--json", action="store_true", help="print the result as JSON (task, verdict, checks, diff)")

    ts = sub.add_parser("tasks", help="list the tasks of a domain, or print the task file's JSON Schema")
    ts.add_argument("--domain", "--domains", help="domain name (see `tb domains`)")
    ts.add_argument("--schema", action="store_true", help="print the JSON Schema of a task file and exit")
    ts.add_argument("--json", action="store_true", help="print every task as JSON (id, family, title, tags, calls) "
                    "instead of a table")
    ts.add_argument("--wide", action="store_true", help=f"print titles in full (default: cut to fit "
                    f"{TABLE_WIDTH} columns)")

    nd = sub.add_parser("new-domain", help="create a new domain package from a small working template",
                        description="Create a domain package that passes `tb validate` and its own tests as "
                        "generated: a copy of the template domain (examples/minimal_domain, a lending library: two "
                        "tables, base rows, a read and a write tool, a prompt, two tasks and tests) renamed to NAME. "
                        "At the root of a Thinkingbox uv workspace it goes to plugins/NAME and the root "
                        "pyproject.toml (and noxfile.py) are updated to install it; elsewhere it is a stand-alone "
                        "package ./thinkingbox-NAME. Existing folders are never overwritten.")
    nd.add_argument("name", metavar="NAME", help="the domain's name: a lower-case Python identifier (shop, car_rental)")
    nd.add_argument("--path", type=Path, metavar="DIR", help="the package folder to create (default: plugins/NAME "
                    "at the root of a Thinkingbox workspace, else ./thinkingbox-NAME)")
    nd.add_argument("--title", metavar="TEXT", help="one line for people, shown by `tb domains` (default: from NAME)")
    uc = sub.add_parser("user-check", help="measure how faithfully a simulated user plays its tasks",
                        description="Probe a simulated user with scripted agent messages on a few tasks of every "
                        "domain (ask for each fact in other words than its label, ask about somebody else, ask for a "
                        "missing fact and insist, state a wrong assumption, send two messages in one turn, ask again, "
                        "propose a cost before and after stating it in each money form, play declining decisions, "
                        "'Shall I go ahead?' without a decision, ask it to do the agent's work, say 'one moment', ask "
                        "'anything else?') and print its conformance per behaviour. Every reply is checked by "
                        "pattern (identifiers copied exactly, nothing invented or leaked, 'I don't know' for what "
                        "it lacks, agreement only once explained); with --judge, a judge model also answers one "
                        "question per reply where a pattern cannot decide. Behaviours the scripted user cannot show "
                        "by design are n/a for it. Always exits 0.")
    uc.add_argument("--user", required=True, help="scripted, or llm:MODEL (with the --user-* flags below)")
    uc.add_argument("--domains", "--domain", type=_csv, help="comma-separated domains (default: all installed)")
    uc.add_argument("--tasks-per-domain", type=_positive, default=None, metavar="N", help="tasks probed per domain "
                    "(default: every task for the scripted user, 25 for a model user)")
    uc.add_argument("--persona", choices=_personas(), help="play the LLM user in this persona (default: cooperative)")
    uc.add_argument("--judge", type=_judge, help="a judge MODEL for the questions a pattern cannot decide (optional)")
    uc.add_argument("--concurrency", type=_positive, default=8, help="replies requested at once (default: 8)")
    uc.add_argument("--json", type=Path, metavar="FILE", help="also write every probe and reply as JSON")
    for role in ("user", "judge"):
        _connection_flags(uc, role, ("base_url", "api_key_env", "api_version", "param", "timeout", "max_attempts"))

    jc = sub.add_parser("judge-check", help="measure how often a judge of communication claims agrees with "
                        "human labels",
                        description="Judge every labelled conversation of each domain's corpus (corpus/*.json in "
                        "the domain's package: whole conversations, each labelled right or wrong for the claims it "
                        "carries) and print agreement per domain and claim kind: values with their roles, "
                        "decisions, data never to state, agreement before a write, answers. --judge rules uses the "
                        "deterministic readers; --judge MODEL asks the model one yes/no question per claim. Exits 1 "
                        "when any item disagrees, 0 otherwise.")
    jc.add_argument("--judge", type=_judge, required=True, help="rules, or a judge MODEL (with the --judge-* flags below)")
    jc.add_argument("--domains", "--domain", type=_csv, help="comma-separated domains (default: all installed)")
    jc.add_argument("--concurrency", type=_positive, default=8, help="judge requests at once (default: 8)")
    jc.add_argument("--json", type=Path, metavar="FILE", help="also write every item's verdict as JSON")
    _connection_flags(jc, "judge", ("base_url", "api_key_env", "api_version", "param", "timeout", "max_attempts"))

    se = sub.add_parser("sensitivity", help="one run's pass^k per user persona, side by side",
                        description="Read run files made with `tb eval --persona NAME` (records without a persona "
                        "count as cooperative) and print, per run label (less its persona=NAME part) and persona, pass@1 with its interval, pass^k, "
                        "and the difference in pass^k from the cooperative persona with a 95% paired "
                        "task-bootstrap interval.")
    se.add_argument("runs", nargs="+", type=Path, metavar="RUN", help="JSONL run files")
    se.add_argument("--k", type=_positive, help="k of pass^k (default: the smallest trial count per task)")
    se.add_argument("--json", type=Path, metavar="FILE", help="also write the figures as JSON")
    se.add_argument("--seed", type=int, default=0, help="bootstrap seed (default: 0)")
    return parser


CONNECTION_HELP = {
    "base_url": ("--{role}-base-url", {"help": "the {role} model's endpoint, e.g. http://127.0.0.1:8000/v1 "
                                       "(default: $TB_{ROLE}_BASE_URL, $OPENAI_BASE_URL, or OpenAI)"}),
    "api_key_env": ("--{role}-api-key-env", {"metavar": "VAR", "help": "NAME of the environment variable holding "
                                             "the {role} model's API key (default: OPENAI_API_KEY)"}),
    "api_version": ("--{role}-api-version", {"help": "API version of the {role} model, for Azure OpenAI endpoints"}),
    "param": ("--{role}-param", {"action": "append", "default": [], "metavar": "KEY=VALUE",
                                 "help": "request parameter of the {role} model, repeatable: temperature=0.2, "
                                 "seed=7, max_tokens=4096"}),
    "timeout": ("--{role}-timeout", {"type": float, "metavar": "SECONDS",
                                     "help": "per request of the {role} model (default: 600)"}),
    "max_attempts": ("--{role}-max-attempts", {"type": _positive, "metavar": "N",
                                               "help": "attempts per {role} request on 429/5xx/timeouts (default: 6)"}),
}


def _connection_flags(parser: argparse.ArgumentParser, role: str, keys: tuple[str, ...]) -> None:
    """The --ROLE-* model connection flags of `tb play` and `tb user-check`, with their help."""
    for key in keys:
        flag, options = CONNECTION_HELP[key]
        options = dict(options, help=options["help"].format(role=role, ROLE=role.upper()))
        parser.add_argument(flag.format(role=role), **options)


def _personas() -> list[str]:
    from thinkingbox.models.personas import persona_names

    return persona_names()


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # named after the subcommand that did not take them, in one line
        command = f"tb {args.command}" if args.command else "tb"
        print(f"{command}: error: unrecognized arguments: {' '.join(unknown)} (see `{command} --help`)",
              file=sys.stderr)
        return 2
    args.argv = list(sys.argv[1:] if argv is None else argv)  # the command line, for the run header
    if args.version:
        print(_versions())
        return 0
    if args.command is None:  # `tb` alone: the overview, not an error
        parser.print_help()
        return 0
    try:
        return {"eval": cmd_eval, "domains": cmd_domains, "plugins": cmd_plugins, "tasks": cmd_tasks,
                "validate": cmd_validate, "play": cmd_play, "report": cmd_report, "view": cmd_view, "show": cmd_show,
                "compare": cmd_compare, "rejudge": cmd_rejudge, "serve": cmd_serve, "judge-world": cmd_judge_world,
                "new-domain": cmd_new_domain, "user-check": cmd_user_check, "judge-check": cmd_judge_check,
                "sensitivity": cmd_sensitivity}[args.command](args)
    except ThinkingboxError as exc:
        from thinkingbox.secrets import redact

        print(f"tb: error: {redact(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C where a command has no more to say (tb eval and tb play do)
        print("\ntb: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into a reader that stopped (`tb ... | head`); before OSError, its base
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:  # a path given that cannot be read or written: one line, no traceback
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"tb: error: {where}{exc.strerror or exc}{_os_error_hint(exc)}", file=sys.stderr)
        return 2


def _os_error_hint(exc: OSError) -> str:
    """What to do about an unreadable or unwritable path, after the system's own words."""
    import errno

    return {errno.EISDIR: "; give a file, not a folder",
            errno.ENOENT: "; check the path",
            errno.ENOTDIR: "; a part of the path is a file, not a folder: check the path",
            errno.EACCES: "; check its permissions, or choose another path",
            errno.EROFS: "; the file system is read-only: choose another path",
            errno.ENOSPC: "; the disk is full: free some space or choose another path"}.get(exc.errno, "")


def _versions() -> str:
    """`tb --version`: the core's version and each installed domain's, read from package metadata
    (no domain is imported)."""
    import importlib.metadata

    from thinkingbox import __version__

    lines = [f"thinkingbox {__version__}"]
    for ep in sorted(importlib.metadata.entry_points(group="thinkingbox.domains"), key=lambda e: e.name):
        version = ep.dist.version if ep.dist is not None else "unknown"
        lines.append(f"  {ep.name} {version}" + (f" ({ep.dist.name})" if ep.dist is not None else ""))
    return "\n".join(lines)


def _warn(message: str) -> None:
    print(f"tb: warning: {message}", file=sys.stderr)


def cmd_domains(args: argparse.Namespace) -> int:
    from tabulate import tabulate

    from thinkingbox.engine.discovery import PluginHost

    statuses = PluginHost().domain_statuses(references=not args.quick)
    if not statuses:
        print("No domains installed. Install a domain plugin (a package with a thinkingbox.domains entry point).")
        return 0
    rows = []
    for status in statuses:
        domain = status.domain
        if domain is None:
            rows.append([status.name, "broken", status.error, ""])
        else:
            about = domain.info.title + (f"\n{domain.info.description}" if domain.info.description else "")
            rows.append([domain.name, domain.version, about, len(domain.tasks)])
    print(tabulate(rows, headers=["domain", "version", "about", "tasks"], tablefmt="simple_grid",
                   maxcolwidths=[None, None, 70, None]))
    broken = [s.name for s in statuses if s.domain is None]
    return 1 if broken else 0


def cmd_plugins(args: argparse.Namespace) -> int:
    from thinkingbox.engine.discovery import PluginHost
    from thinkingbox.engine.plugin_list import plugin_entries

    entries = plugin_entries(PluginHost())
    broken = any(e.kind == "domain" and e.note.startswith("broken") for e in entries)
    if args.json:
        import orjson

        print(orjson.dumps([e.as_dict() for e in entries], option=orjson.OPT_INDENT_2).decode())
        return 1 if broken else 0
    from tabulate import tabulate

    headers = ["kind", "name", "package", "version", "added by", "note"]
    # "added by" says who adds an agent, user or judge; a domain, extension or executor adds itself.
    rows = [[e.kind, e.name, e.package or "-", e.version or "-",
             e.provider if e.kind in ("agent", "user", "judge") else "-", e.note] for e in entries]
    used = max(len(line) for line in tabulate([r[:5] for r in rows], headers=headers[:5]).splitlines()) + 2
    print(tabulate(rows, headers=headers, tablefmt="simple",
                   maxcolwidths=[None] * 5 + [max(TABLE_WIDTH - used, 20)]))  # the note gives way to fit
    return 1 if broken else 0


def cmd_tasks(args: argparse.Namespace) -> int:
    from tabulate import tabulate

    from thinkingbox.engine.discovery import PluginHost

    if args.schema:
        import orjson

        from thinkingbox.contract.tasks import task_file_schema

        print(orjson.dumps(task_file_schema(), option=orjson.OPT_INDENT_2).decode())
        return 0
    if not args.domain:
        raise ThinkingboxError("tb tasks needs --domain NAME (or --schema)")
    (domain,) = PluginHost().load_domains([args.domain])
    tasks = list(domain.tasks.values())
    if args.json:
        import orjson

        listing = [{"id": t.id, "family": t.family, "title": t.title, "tags": list(t.tags),
                    "calls": len(t.solution)} for t in tasks]
        print(orjson.dumps(listing, option=orjson.OPT_INDENT_2).decode())
        return 0
    rows = [[t.id, t.family, t.title, len(t.solution)] for t in tasks]
    table = tabulate(rows, headers=["task", "family", "title", "calls"], tablefmt="github")
    excess = max(len(line) for line in table.splitlines()) - TABLE_WIDTH
    if not args.wide and excess > 0:  # the title gives up what the table has too much
        room = max(max(len(r[2]) for r in rows) - excess, 20)
        rows = [[*r[:2], _clip(r[2], room), r[3]] for r in rows]
        table = tabulate(rows, headers=["task", "family", "title", "calls"], tablefmt="github")
    print(table)
    return 0


TABLE_WIDTH = 100  # columns a table may take in a terminal


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1].rstrip() + "…"


def cmd_new_domain(args: argparse.Namespace) -> int:
    from thinkingbox.interfaces.scaffold import new_domain, summary

    print(summary(new_domain(args.name, args.path, args.title)))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from thinkingbox.engine.discovery import PluginHost
    from thinkingbox.interfaces.play import play_task
    from thinkingbox.models.settings import model_config, parse_param
    from thinkingbox.trials import RunSettings

    settings = RunSettings(agent="human", user=args.user, judge=args.judge)
    if args.user.partition(":")[2]:
        flags = {"base_url": args.user_base_url, "api_key_env": args.user_api_key_env,
                 "api_version": args.user_api_version,
                 "params": dict(parse_param(p, "--user-param") for p in args.user_param)}
        settings.models["user"] = model_config("user", args.user.partition(":")[2], {}, flags)
    if args.judge != "rules":
        flags = {"base_url": args.judge_base_url, "api_key_env": args.judge_api_key_env,
                 "api_version": args.judge_api_version, "params": {}}
        settings.models["judge"] = model_config("judge", args.judge, {}, flags)
    host = PluginHost()
    (domain,) = host.load_domains([args.domain])
    task = domain.task(args.task)
    output = output_file(args.output, "--output")
    try:
        record = play_task(host, domain, task, settings, input, print, output,
                           edit_lines=sys.stdin.isatty())
    except KeyboardInterrupt:
        print(f"\ntb: play interrupted; the world of {task.id} is discarded and nothing was recorded",
              file=sys.stderr, flush=True)
        return 130
    return 0 if record["verdict"] else 1


def _print_safe(text: str) -> None:
    """Print text that comes from records: secrets redacted, control characters escaped."""
    from thinkingbox.secrets import for_terminal

    print(for_terminal(text))


def cmd_serve(args: argparse.Namespace) -> int:
    from thinkingbox.engine.discovery import PluginHost
    from thinkingbox.engine.episode import Limits
    from thinkingbox.interfaces.serve import serve_http, serve_stdio
    from thinkingbox.interfaces.run_options import served_user

    (domain,) = PluginHost().load_domains([args.domain])
    task = domain.task(args.task) if args.task else None
    if args.transport == "stdio":
        if args.user:
            raise ThinkingboxError("--user needs --transport http (its user endpoint is under /control)")
        if task is None:
            raise ThinkingboxError(f"--transport stdio serves one task's world: give --task (`tb tasks --domain "
                                   f"{domain.name}` lists them)")
        serve_stdio(domain, task, output_file(args.report, "--report"))
    else:
        if args.report:
            raise ThinkingboxError("--report applies to --transport stdio (over http, GET "
                                   "/control/sessions/ID/verdict judges a session's world)")
        serve_http(domain, task, args.host, args.port, args.judge, args.idle_timeout, args.max_sessions,
                   args.control_token, served_user(args), Limits(args.max_user_turns, args.max_tool_calls))
    return 0


def cmd_judge_world(args: argparse.Namespace) -> int:
    import orjson

    from thinkingbox.interfaces.serve import judge_saved_world
    from thinkingbox.reporting.show import summary
    from thinkingbox.secrets import json_for_terminal

    final_message, trajectory = args.final_message, None
    if args.trajectory is not None:
        try:
            given = orjson.loads(args.trajectory.read_bytes())
        except orjson.JSONDecodeError as exc:
            raise ThinkingboxError(f"--trajectory {args.trajectory}: not JSON ({exc})") from None
        if isinstance(given, dict) and isinstance(given.get("trajectory"), list):  # a trial record
            if final_message is None and isinstance(given.get("final_message"), str):
                final_message = given["final_message"]
            given = given["trajectory"]
        if not (isinstance(given, list) and all(isinstance(e, dict) for e in given)):
            raise ThinkingboxError(f"--trajectory {args.trajectory}: expected a JSON list of events (objects) "
                                   "or a trial record")
        trajectory = given
    judge: Any = args.judge
    if judge != "rules":
        from thinkingbox.models.settings import model_config

        judge = model_config("judge", judge, {}, {"params": {}})
    result = judge_saved_world(args.world, args.domain, args.task, final_message, trajectory, judge,
                               warn=lambda text: print(f"tb: warning: {text}", file=sys.stderr))
    if args.json:
        print(json_for_terminal(result, option=orjson.OPT_INDENT_2))
    else:
        lines = summary({**result, "finish_reason": "done"}).lstrip("\n").splitlines()
        lines[0] = f"verdict: {'PASS' if result['verdict'] else 'FAIL'}"  # (a saved world has no finish reason)
        _print_safe("\n".join([f"{result['domain']}/{result['task']}  world {args.world}", *lines]))
        if final_message is None and any("no final message was given" in c["detail"] for c in result["checks"]):
            print("tb: the checks on what the agent said were not judged: give --final-message TEXT "
                  "(or --trajectory FILE)", file=sys.stderr)
    return 0 if result["verdict"] else 1


def _prices(items: list[str]) -> dict[str, tuple[float, float, float]] | None:
    if not items:
        return None
    prices = {}
    for item in items:
        model, sep, numbers = item.rpartition("=")
        try:
            values = [float(v) for v in numbers.split(",")]
        except ValueError:
            values = []
        if not sep or not model or len(values) not in (2, 3):
            raise ThinkingboxError(f"--price expects MODEL=IN,OUT[,CACHED] in dollars per million tokens, got {item!r}")
        prices[model] = (values[0], values[1], values[2] if len(values) == 3 else values[0])
    return prices


def cmd_report(args: argparse.Namespace) -> int:
    import orjson

    from thinkingbox.reporting.report import build, load_runs, tables

    from thinkingbox.secrets import for_terminal, redacted_json

    for flag in ("markdown", "json"):
        output_file(getattr(args, flag), f"--{flag}")
    if args.html is not None:
        _html_folder(args.html)
    from thinkingbox.interfaces.progress import Phase

    with Phase("reading run files", len(args.runs)) as phase:
        records = load_runs(args.runs, by_file=args.by_file, progress=phase.advance)
    with Phase(f"computing the report of {len(records)} trials", 1) as phase:
        report = build(records, _prices(args.price), seed=args.seed)
        phase.advance()
    _print_safe(tables(report))
    if args.markdown:
        args.markdown.write_text(for_terminal("# Thinkingbox report\n\n" + tables(report, fmt="pipe") + "\n"))
    if args.json:
        args.json.write_bytes(redacted_json(report, option=orjson.OPT_INDENT_2))
    if args.html:
        from thinkingbox.reporting import view_data

        with Phase("writing the pages", 1) as phase:
            view_data.export(view_data.Site(view_data.load(args.runs), _prices(args.price), seed=args.seed), args.html)
            phase.advance()
    for flag, path in (("markdown", args.markdown), ("json", args.json), ("html", args.html)):
        if path:
            print(f"tb: wrote {flag} to {path}" + ("/index.html" if flag == "html" else ""), file=sys.stderr)
    return 0


def _html_folder(path: Path) -> None:
    """--html takes a folder (index.html and the data files the pages load)."""
    if path.suffix.lower() in (".html", ".htm"):
        raise ThinkingboxError(f"--html now takes a folder (it writes index.html and data files there); "
                               f"give {path.with_suffix('')} instead of {path}")
    from thinkingbox.reporting.view_data import check_folder

    check_folder(path)


def cmd_view(args: argparse.Namespace) -> int:
    from thinkingbox.interfaces.view import make_server
    from thinkingbox.reporting import view_data

    from thinkingbox.interfaces.progress import Phase

    with Phase("reading run files", len(args.runs)) as phase:
        runs = view_data.load(args.runs, progress=phase.advance)
    with Phase("preparing the pages", 1) as phase:
        site = view_data.Site(runs, _prices(args.price), seed=args.seed)
        phase.advance()
    server = make_server(site, args.host, args.port)
    host, port = server.server_address[:2]
    shown = f"[{host}]" if ":" in str(host) else host
    print(f"tb: viewing {len(site.runs)} run(s) at http://{shown}:{port}/  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from thinkingbox.reporting.report import load_runs
    from thinkingbox.reporting.show import find_trial, listing, record_json, select, show

    records = load_runs([args.run])
    if args.task is not None:
        if args.failed or args.category or args.family:
            raise ThinkingboxError("--failed, --category and --family filter the list of trials; "
                                   "leave them out with --task")
        record = find_trial(records, args.run, args.task, args.domain, args.trial)
        if args.json:
            print(record_json(record, indent=True))
        else:
            _print_safe(show(record, full=args.full))
        return 0
    if args.trial is not None:
        raise ThinkingboxError("--trial needs --task: tb show RUN --task TASK --trial N")
    selected = select(records, args.failed, args.category, args.domain, args.family)
    if args.json:
        for record in selected:
            print(record_json(record))
        return 0
    if not selected:
        print(f"no trials of {args.run} match; `tb show {args.run}` lists them all", file=sys.stderr)
        return 0
    _print_safe(listing(selected, width=None if args.full else TABLE_WIDTH))
    failed = sum(not r["verdict"] for r in selected)
    print(f"{len(selected)} trial(s), {failed} failed; print one with: tb show {args.run} --task TASK --trial N",
          file=sys.stderr)
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    import orjson

    from thinkingbox.reporting.compare import compare, render
    from thinkingbox.reporting.report import load_runs

    output_file(args.json, "--json")
    result = compare(load_runs([args.base]), load_runs([args.candidate]))
    result["base_file"], result["candidate_file"] = str(args.base), str(args.candidate)
    _print_safe(f"base: {args.base}\ncandidate: {args.candidate}\n" + render(result, show_all=args.all))
    print(_compare_caveat(result))
    if args.json:
        from thinkingbox.secrets import redacted_json

        args.json.write_bytes(redacted_json(result, option=orjson.OPT_INDENT_2))
    return 0


def _compare_caveat(result: dict) -> str:
    """The multiple-comparison caveat of `tb compare`'s per-task column."""
    import textwrap

    tested = len(result["tasks"])
    return textwrap.fill(f"note: per-task \"beyond noise\" is Fisher's exact test at p < 0.05 for each of {tested} task(s), "
            f"uncorrected for multiple comparisons: about {0.05 * tested:.1f} unchanged task(s) would be flagged "
            f"by chance; trust the overall interval first.", TABLE_WIDTH)


def cmd_rejudge(args: argparse.Namespace) -> int:
    from tabulate import tabulate

    from thinkingbox.engine.discovery import PluginHost
    from thinkingbox.engine.replay import rejudge_run

    from thinkingbox.interfaces.progress import Phase

    output = output_file(args.output or args.run.with_suffix(".rejudged.jsonl"), "--output")
    phases: list[Phase] = []

    def progress(done: int, total: int) -> None:
        if not phases:
            phases.append(Phase("re-judging trials", total))
        else:
            phases[0].advance()

    try:
        rejudged = rejudge_run(PluginHost(), args.run, output, progress=progress)
    finally:
        for phase in phases:
            phase.finish()
    changed = [[r["domain"], r["task"], r["trial"], r["previous_verdict"], r["verdict"]]
               for r in rejudged if r["verdict"] != r["previous_verdict"]]
    print(f"re-judged {len(rejudged)} trials -> {output}; {len(changed)} verdict(s) changed")
    kept = [r for r in rejudged if r.get("rejudged") is False]
    if kept:
        print(f"{len(kept)} kept {'its recorded verdict' if len(kept) == 1 else 'their recorded verdicts'}: "
              "redaction replaced text the judge read when it was recorded, so it cannot be judged again "
              "(not_rejudged in the output says where; run the trial again to judge it anew)")
    if changed:
        _print_safe(tabulate(changed, headers=["domain", "task", "trial", "recorded", "now"], tablefmt="github"))
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    from tabulate import tabulate

    from thinkingbox.engine.discovery import PluginHost
    from thinkingbox.engine.quality import validate

    host = PluginHost()
    domains = host.load_domains(args.domains) if args.domains else host.default_domains(warn=_warn)
    if not domains:
        raise ThinkingboxError("no domains to validate")
    from thinkingbox.interfaces.progress import Phase

    selected = set(args.tasks) if args.tasks else None
    total = sum(1 for d in domains for t in d.tasks if selected is None or t in selected)
    with Phase("validating tasks", total) as phase:
        report = validate(domains, selected, progress=phase.advance)
    choices = [[d, t, "accepted" if alt.declared else "WARNING", str(alt)] for d, t, alt in report.alternatives]
    if choices:
        print("Choice arguments of reference writes where another value also passes:")
        print(tabulate(choices, headers=["domain", "task", "", "alternative"], tablefmt="github"))
        print()
    if report.problems:
        print(tabulate(report.problems, headers=["domain", "task", "problem"], tablefmt="github"))
        print(f"{len({(d, t) for d, t, _ in report.problems})} of {report.checked} tasks misbehave")
        return 1
    warnings = sum(not alt.declared for _, _, alt in report.alternatives)
    review = f"; {warnings} undeclared alternative(s) to review" if warnings else ""
    print(f"all {report.checked} tasks are sound{review}")
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    from thinkingbox.interfaces.progress import Progress
    from thinkingbox.interfaces.run_options import eval_config
    from thinkingbox.reporting.leaderboard import render, summarize, unjudged_questions
    from thinkingbox.trials import plan_many

    if args.resume is not True and args.resume:
        args, base = _resume_args(args)
        config, names, task_ids, output = eval_config(args, base)
    else:
        config, names, task_ids, output = eval_config(args)
        if args.resume and output is None:
            raise ThinkingboxError("--resume needs the run file to continue: tb eval --resume RUN")
    if args.force and not args.resume:
        raise ThinkingboxError("--force needs --resume RUN (it continues a run file with different settings)")
    if args.retry_errors and not args.resume:
        raise ThinkingboxError("--retry-errors needs --resume (it re-runs errored trials of an existing run file)")
    if args.progress_every < 0:
        raise ThinkingboxError(f"--progress-every expects 0 or more seconds, got {args.progress_every}")
    prices = _prices(args.price)
    run = plan_many(config, names, task_ids, output, executor=args.executor,
                    executor_options=_executor_options(args.executor_option), resume=bool(args.resume),
                    retry_errors=args.retry_errors, warn=_warn, command=["tb", *args.argv],
                    tags=set(args.tags) if args.tags else None, force=args.force)
    plan = run.plan
    retried = f", {plan.retried} errored to run again" if plan.retried else ""
    judge = config.judge if isinstance(config.judge, str) or config.judge is None else config.judge.model
    print(f"tb: {len(plan.jobs)} trials to run ({len(plan.previous)} already recorded{retried}) -> {plan.output}; "
          f"agent {config.agent}, user {config.user}, judge {judge}", file=sys.stderr)
    starting = (f"starting {args.workers} worker processes" if (args.workers or 1) > 1 and plan.jobs else None)
    progress = Progress(len(plan.jobs), args.max_consecutive_errors, args.progress_every, prices, starting=starting)
    from thinkingbox.trials import run_cpu_seconds  # (with the worker processes' that have ended)

    started, cpu_started = time.perf_counter(), run_cpu_seconds()
    try:
        records = run.execute(args.workers, progress, stop=lambda: progress.stopped)
    except KeyboardInterrupt:
        progress.finish()
        print(f"\ntb: interrupted; {progress.done} finished trials are saved in {plan.output}. "
              f"Continue with: tb eval --resume {_quoted(plan.output)}", file=sys.stderr)
        return 130
    finally:  # whatever ends the run, the live display gives the terminal back
        progress.finish()
    wall, cpu = time.perf_counter() - started, run_cpu_seconds() - cpu_started
    if records:
        print(f"tb: {len(records)} trials in {wall:.2f}s ({len(records) / wall:.1f} trials/s, "
              f"{1000 * cpu / len(records):.2f} ms CPU per trial)", file=sys.stderr)
    selected = run.selected()
    _print_safe(render(summarize(selected)))
    unjudged, left_out = unjudged_questions(selected)
    if unjudged:
        print(f"tb: {len(left_out)} task(s) ask {len(unjudged)} rubric question(s) the offline rules do not judge "
              "(their rules agree with the labelled corpus on under 95% of messages), so those tasks' verdicts rest on "
              "their other checks; judge them with --judge MODEL: " + "; ".join(unjudged), file=sys.stderr)
    return _eval_end(plan.output, selected, progress)


def _quoted(path: Path) -> str:
    import shlex

    return shlex.quote(str(path))


# `tb eval` flags that are not settings of the run: never taken from the command a run file records.
_NOT_INHERITED = {"resume", "force", "retry_errors", "output", "argv", "command", "version"}


def _resume_args(args: argparse.Namespace) -> tuple[argparse.Namespace, dict]:
    """`tb eval --resume RUN`: the flags of the command RUN's header records, with the flags
    given now on top, and RUN's recorded configuration (which comes before the environment
    and any config file)."""
    import shlex

    from thinkingbox.interfaces.run_options import recorded_run

    path = Path(args.resume)
    if args.output is not None and args.output != path:
        raise ThinkingboxError(f"--resume {path} continues that file: leave out --output {args.output}")
    header = recorded_run(path)
    defaults = build_parser().parse_args(["eval"])
    old = defaults
    words = shlex.split(header.get("command") or "")
    if words[:2] == ["tb", "eval"]:
        try:
            old = build_parser().parse_args(words[1:])
        except SystemExit:  # a command this version no longer reads: the recorded settings still hold
            old = defaults
    merged = argparse.Namespace(**vars(old))
    for key, value in vars(args).items():
        if key in _NOT_INHERITED or value != getattr(defaults, key, None):
            setattr(merged, key, value)
    if merged.tasks is None and old.config is not None:  # a selection the run's config file made
        from thinkingbox.models.settings import read_config_file

        try:
            tasks = read_config_file(old.config).get("eval", {}).get("tasks")
        except (ThinkingboxError, OSError):
            tasks = None
        merged.tasks = list(tasks) if tasks else None
    if merged.domains is None:  # exactly the domains the run has
        merged.domains = [name for name in (header.get("versions") or {}) if name != "thinkingbox"] or None
    merged.output, merged.resume, merged.config = path, True, None
    return merged, header["config"]


def _executor_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ThinkingboxError(f"--executor-option expects KEY=VALUE, got {pair!r}")
        options[key.strip()] = value.strip()
    return options


def _eval_end(output: Path, selected: list[dict], progress: Progress) -> int:
    """The closing lines of `tb eval`: the run file, what to run next, and the exit status."""
    import shlex

    errored = sum(r["finish_reason"] == "error" for r in selected)
    failed = next((r for r in selected if not r["verdict"] and r["finish_reason"] != "error"), None)
    run = shlex.quote(str(output))
    lines = [f"tb: run file {output}", f"tb: next: tb report {run}",
             f"tb: next: tb view {run}   # browse the run, its tasks and trials in a web browser"]
    if failed is not None:
        lines.append(f"tb: next: tb show {run} --task {shlex.quote(failed['task'])} --trial {failed['trial']}"
                     "   # a failed trial")
    if progress.stopped:
        lines.append(f"tb: stopped after {progress.consecutive} trials in a row ended in an error "
                     f"(--max-consecutive-errors {progress.max_consecutive}); first error: {progress.first_error}; "
                     f"fix the cause, then continue with: tb eval --resume {run} --retry-errors")
    elif errored:
        lines.append(f"tb: {errored} of {len(selected)} trials ended in an error; run them again with: "
                     f"tb eval --resume {run} --retry-errors")
    for line in lines:
        print(line, file=sys.stderr)
    return 3 if progress.stopped else 1 if errored else 0


def cmd_user_check(args: argparse.Namespace) -> int:
    import orjson

    from thinkingbox.engine.discovery import PluginHost
    from thinkingbox.engine.user_check import render, user_check
    from thinkingbox.models.personas import check_persona
    from thinkingbox.models.settings import ModelSettings, model_config, parse_param

    output_file(args.json, "--json")
    if args.judge == "rules":
        raise ThinkingboxError("tb user-check's --judge must be a model (its questions have no offline rules)")
    settings = ModelSettings(persona=check_persona(args.persona))
    for role, model in (("user", args.user.partition(":")[2]), ("judge", args.judge)):
        if model:
            flags = {key: getattr(args, f"{role}_{key}") for key in
                     ("base_url", "api_key_env", "api_version", "timeout", "max_attempts")}
            flags["params"] = dict(parse_param(p, f"--{role}-param") for p in getattr(args, f"{role}_param"))
            setattr(settings, role, model_config(role, model, {}, flags))
            getattr(settings, role).check(role)
    if args.user.startswith("llm") and settings.user is None:
        raise ThinkingboxError("--user llm needs a model: --user llm:MODEL")
    if settings.persona != "cooperative" and not args.user.startswith("llm"):
        raise ThinkingboxError("--persona applies to the LLM user: --user llm:MODEL")
    host = PluginHost()
    domains = host.load_domains(args.domains) if args.domains else host.default_domains(warn=_warn)
    if not domains:
        raise ThinkingboxError("no domains to check")
    rows, results = user_check(domains, args.user, settings, args.tasks_per_domain, args.concurrency,
                               host.user_factories())
    _print_safe(render(rows, results, args.user + ("" if settings.persona == "cooperative"
                                                    else f" (persona {settings.persona})")))
    if args.json:
        from thinkingbox.secrets import redacted_json

        data = {"user": args.user, "persona": settings.persona, "behaviours": rows,
                "probes": [{"domain": r.probe.domain, "task": r.probe.task, "behaviour": r.probe.behaviour,
                            "message": r.probe.message, "reply": r.reply, "passed": r.passed,
                            "problems": r.problems, "judge_yes": r.judged, "error": r.error} for r in results]}
        args.json.write_bytes(redacted_json(data, option=orjson.OPT_INDENT_2))
    return 0


def cmd_judge_check(args: argparse.Namespace) -> int:
    import orjson

    from thinkingbox.engine.discovery import PluginHost
    from thinkingbox.engine.judge_check import judge_check, render, summarize
    from thinkingbox.models.settings import model_config, parse_param

    output_file(args.json, "--json")
    judge: Any = "rules"
    if args.judge != "rules":
        flags = {key: getattr(args, f"judge_{key}") for key in
                 ("base_url", "api_key_env", "api_version", "timeout", "max_attempts")}
        flags["params"] = dict(parse_param(p, "--judge-param") for p in args.judge_param)
        judge = model_config("judge", args.judge, {}, flags)
        judge.check("judge")
    host = PluginHost()
    domains = host.load_domains(args.domains) if args.domains else host.default_domains(warn=_warn)
    outcomes = judge_check(domains, judge, args.concurrency)
    _print_safe(render(summarize(outcomes), outcomes, args.judge))
    if args.json:
        from thinkingbox.secrets import redacted_json

        data = [{"domain": o.item.domain, "kind": o.item.kind, "id": o.item.id, "expected": o.item.expected,
                 "verdict": o.verdict, "agrees": o.agrees, "problems": o.problems, "error": o.error,
                 "why": o.item.why} for o in outcomes]
        args.json.write_bytes(redacted_json(data, option=orjson.OPT_INDENT_2))
    return 0 if all(o.agrees for o in outcomes) else 1


def cmd_sensitivity(args: argparse.Namespace) -> int:
    import orjson

    from thinkingbox.reporting.report import load_runs
    from thinkingbox.reporting.sensitivity import render, sensitivity

    output_file(args.json, "--json")
    result = sensitivity(load_runs(args.runs), args.k, seed=args.seed)
    _print_safe(render(result))
    if args.json:
        from thinkingbox.secrets import redacted_json

        args.json.write_bytes(redacted_json(result, option=orjson.OPT_INDENT_2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
