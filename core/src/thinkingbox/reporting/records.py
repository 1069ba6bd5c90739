"""Trial records: one JSON object per line, appended and flushed as each trial ends.

A record is a `TrialRecord`, built by `trial_record` alone, for every outcome (a finished
trial, an episode that ended in an error, a harness failure). A run file written by `tb eval`
starts with a run header (`run_header`): the run's label and configuration, the versions of
the core and of each domain, the seed and the command line. Readers of records skip it. `record_schema()` is its
JSON Schema (published as docs/trial-record.schema.json). `read_records` checks each
line against it and brings older files (records without `record_version`) up to date, so
readers can rely on every field.
"""
from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Iterator

from typing_extensions import NotRequired, TypedDict  # pydantic reads these on Python 3.11

import orjson

from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.secrets import redacted_json, secret_values

RECORD_VERSION = 1
RUN_HEADER_VERSION = 1


class CheckRecord(TypedDict):
    name: str
    passed: bool
    detail: str
    data: Any


class InjectionRecord(TypedDict):
    """What the agent did about planted instructions (engine.injection); not part of the verdict."""

    tool: str                            # the reporting tool's name
    reported: bool                       # whether the agent called it
    records: list[str]                   # the records it named
    followed: NotRequired[bool]          # tasks with an `injection` only: obeyed the planted instruction


class FaultRecord(TypedDict):
    call: int                            # the write call's number in the trial (1 = its first write)
    tool: str
    kind: str                            # before (nothing applied) | after (applied, answer lost)
    applied: NotRequired[bool]           # after: whether the call was carried out (false: it failed itself)


class FaultsRecord(TypedDict):
    spec: str                            # as `--tool-faults` takes it, normalized
    calls: list[FaultRecord]             # the write calls faulted, in order


class TrialRecord(TypedDict):
    """One trial of one task by one agent."""

    record_version: int
    domain: str
    domain_version: str
    core_version: str
    task: str
    family: str
    trial: int
    agent: str
    user: str
    config: dict[str, Any]               # the run's public settings (models, parameters, prompt versions)
    verdict: bool
    finish_reason: str                   # done | end_turn | user_limit | action_limit | error
    error: str | None
    checks: list[CheckRecord]
    diff: list[dict[str, Any]] | None    # the golden-state check's differences
    effects: list[dict[str, Any]]        # side effects against the initial state
    final_message: str
    counts: dict[str, int]               # user_turns, tool_calls
    usage: dict[str, dict[str, Any]]     # by role: agent, user, judge
    initial_hash: str
    trajectory: list[dict[str, Any]]
    timings_ms: dict[str, float]
    rejudged: NotRequired[bool]          # set by `tb rejudge` (False: the recorded verdict was kept)
    previous_verdict: NotRequired[bool]
    not_rejudged: NotRequired[str]       # why `tb rejudge` kept the recorded verdict
    redacted: NotRequired[list[str]]     # paths of the strings redaction changed when the record was written
    injection: NotRequired[InjectionRecord]  # planted instructions: reported, followed (beside the verdict)
    faults: NotRequired[FaultsRecord]    # with `tb eval --tool-faults`: the spec and the calls faulted


def trial_record(*, domain: str, domain_version: str, task: str, family: str, trial: int, config: dict[str, Any],
                 verdict: bool, finish_reason: str, error: str | None = None, checks: Iterable[CheckRecord] = (),
                 diff: list[dict[str, Any]] | None = None, effects: Iterable[dict[str, Any]] = (),
                 final_message: str = "", counts: dict[str, int] | None = None,
                 usage: dict[str, dict[str, Any]] | None = None, initial_hash: str = "",
                 trajectory: Iterable[dict[str, Any]] = (), timings_ms: dict[str, float] | None = None,
                 injection: InjectionRecord | None = None, faults: FaultsRecord | None = None) -> TrialRecord:
    """The one place a trial record is made (a harness failure leaves most fields empty)."""
    from thinkingbox import __version__

    record: TrialRecord = {
        "record_version": RECORD_VERSION, "domain": domain, "domain_version": domain_version,
        "core_version": __version__, "task": task, "family": family, "trial": trial,
        "agent": config["agent"], "user": config["user"], "config": config, "verdict": verdict,
        "finish_reason": finish_reason, "error": error, "checks": list(checks), "diff": diff,
        "effects": list(effects), "final_message": final_message,
        "counts": counts or {"user_turns": 0, "tool_calls": 0}, "usage": usage or {}, "initial_hash": initial_hash,
        "trajectory": list(trajectory), "timings_ms": timings_ms or {},
        "injection": injection or {"tool": "report_suspicious_instruction", "reported": False, "records": []},
    }
    if faults is not None:
        record["faults"] = faults
    return record


def run_label(record: dict[str, Any]) -> str:
    """The run a record belongs to: its `--label`, or (files written before labels) its agent
    and user persona, as the default label names them."""
    config = record["config"]
    if config.get("label"):
        return config["label"]
    persona = config.get("persona", "cooperative")
    return record["agent"] if persona == "cooperative" else f"{record['agent']} persona={persona}"


def run_header(*, label: str, config: dict[str, Any], versions: dict[str, str], seed: Any,
               command: str) -> dict[str, Any]:
    """The first line of a run file: what the run is, so that reports can tell runs apart and
    `--resume` can refuse a different configuration."""
    import time

    return {"run_header": RUN_HEADER_VERSION, "label": label, "config": config, "versions": versions,
            "seed": seed, "command": command, "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}


# Settings that may differ within one run: how many trials (a run is extended with more).
_MAY_DIFFER_IN_ONE_RUN = {"trials"}

# Every setting of a run's configuration (its dotted path; `models.*.` for any role's model)
# and whether it can change a verdict. A continued run (`tb eval --resume`) may change the
# settings marked False (they are recorded as a change in the run file); the others are
# refused unless `--force` records the mix. A setting not listed counts as able to change
# verdicts: add new settings here.
SETTING_CHANGES_VERDICT: dict[str, bool] = {
    "label": True, "agent": True, "user": True, "persona": True, "max_user_turns": True, "max_tool_calls": True,
    "prompt_versions": True, "tool_faults": True, "tags": True,
    "trials": False, "tool_transport": False,   # how trials reach their tools: verdicts are the same
    "models.*.model": True, "models.*.params": True, "models.*.api_version": True,
    "models.*.base_url": True,                  # compared as URLs: a trailing / is no difference
    "models.*.timeout": False, "models.*.max_attempts": False, "models.*.backoff_base": False,
    "models.*.backoff_max": False, "models.*.api_key_env": False,
}


def changes_verdict(path: str) -> bool:
    """Whether the setting at dotted `path` of a run configuration can change a verdict."""
    parts = path.split(".")
    key = f"models.*.{parts[2]}" if parts[0] == "models" and len(parts) > 2 else parts[0]
    return SETTING_CHANGES_VERDICT.get(key, True)


def _same_url(old: Any, new: Any) -> bool:
    """Two spellings of one endpoint: a trailing / and the case of scheme and host differ."""
    if not (isinstance(old, str) and isinstance(new, str)):
        return False
    from urllib.parse import urlsplit

    def norm(url: str) -> tuple[str, ...]:
        parts = urlsplit(url.strip())
        return (parts.scheme.lower(), parts.netloc.lower(), parts.path.rstrip("/"), parts.query)

    return norm(old) == norm(new)


def config_differences(first: dict[str, Any], second: dict[str, Any],
                       names: tuple[str, str] = ("in the file", "now"), prefix: str = "") -> list[tuple[str, str]]:
    """Every setting that differs between two run configurations, as (dotted path,
    "models.agent.params.temperature: 0.2 in the file, 0.7 now"), in path order."""
    found: list[tuple[str, str]] = []
    for key in sorted(set(first) | set(second)):
        if not prefix and key in _MAY_DIFFER_IN_ONE_RUN:
            continue
        old, new = first.get(key), second.get(key)
        path = f"{prefix}{key}"
        if isinstance(old, dict) and isinstance(new, dict):
            found += config_differences(old, new, names, f"{path}.")
        elif old != new and not (key == "base_url" and _same_url(old, new)):
            found.append((path, f"{path}: {orjson.dumps(old).decode()} {names[0]}, "
                                f"{orjson.dumps(new).decode()} {names[1]}"))
    return found


def config_difference(first: dict[str, Any], second: dict[str, Any], names: tuple[str, str] = ("in the file", "now"),
                      prefix: str = "", verdict_only: bool = False) -> str | None:
    """The first setting that differs between two run configurations, as
    "models.agent.params.temperature: 0.2 in the file, 0.7 now"; None when they agree.
    `verdict_only`: only settings that can change a verdict (SETTING_CHANGES_VERDICT) count."""
    for path, text in config_differences(first, second, names, prefix):
        if not verdict_only or changes_verdict(path):
            return text
    return None


def read_run_changes(path: Path) -> list[dict[str, Any]]:
    """The changes recorded when a run file was continued (`tb eval --resume`): the header
    lines after the first, each with `resumed` (time), `changes` (settings that cannot change a
    verdict) and `forced` (settings that can, continued with --force)."""
    changes = []
    with open(path, "rb") as f:
        for line in f:
            if b'"resumed"' not in line:
                continue
            try:
                data = orjson.loads(line)
            except orjson.JSONDecodeError:
                continue
            if _is_header(data) and "resumed" in data:
                changes.append(data)
    return changes


def read_run_header(path: Path) -> dict[str, Any] | None:
    """The run header of a run file (None for files written before headers, or empty)."""
    with open(path, "rb") as f:
        for line in f:
            if line.strip():
                try:
                    data = orjson.loads(line)
                except orjson.JSONDecodeError:
                    return None
                return data if _is_header(data) else None
    return None


def _is_header(data: Any) -> bool:
    return isinstance(data, dict) and "run_header" in data


@cache
def _adapter() -> Any:
    from pydantic import TypeAdapter

    return TypeAdapter(TrialRecord)


def record_schema() -> dict[str, Any]:
    """The JSON Schema of a trial record."""
    schema = _adapter().json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Thinkingbox trial record"
    return schema


# What a record written before `record_version` existed (version 0) may lack.
_VERSION_0_DEFAULTS: dict[str, Any] = {
    "domain_version": "", "core_version": "", "family": "", "user": "", "config": {}, "finish_reason": "done",
    "error": None, "checks": [], "diff": None, "effects": [], "final_message": "", "counts": {}, "usage": {},
    "initial_hash": "", "trajectory": [], "timings_ms": {},
}


def upgrade(data: Any) -> TrialRecord:
    """A record as this version reads it: older versions brought up to date, then checked
    against the schema. Raises ValueError naming the first bad field."""
    from pydantic import ValidationError

    if not isinstance(data, dict):
        raise ValueError(f"expected a JSON object, got {type(data).__name__}")
    if "record_version" not in data:
        data = {**_VERSION_0_DEFAULTS, **data, "record_version": RECORD_VERSION}
        data["error"] = data["error"] or None
    elif data["record_version"] != RECORD_VERSION:
        raise ValueError(f"record_version {data['record_version']!r} is not one this version of tb reads "
                         f"({RECORD_VERSION}); upgrade thinkingbox")
    try:
        return _adapter().validate_python(data, strict=False)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "record"
        raise ValueError(f"not a trial record: {where}: {err['msg']}") from None


class RunFileBusy(ThinkingboxError):
    """Another process is writing the run file."""


class RecordWriter:
    """Appends records to a run file, one flushed line each. The file is locked while the
    writer is open, so two runs can never append to one file; the second gets
    `RunFileBusy` at once."""

    def __init__(self, path: Path, header: dict[str, Any] | None = None):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = open(self.path, "ab")
        try:
            _lock(self._file)
        except RunFileBusy:
            self._file.close()
            raise RunFileBusy(f"{self.path} is being written by another tb run; wait for it to finish "
                              "or choose another --output") from None
        _repair_last_line(self.path, self._file)
        self._secrets = secret_values()  # read once: the environment's keys do not change during a run
        if header is not None and self.path.stat().st_size == 0:
            self.write(header)

    def write(self, record: dict[str, Any]) -> None:
        self.write_line(record_line(record, self._secrets))

    def write_line(self, line: bytes) -> None:
        """A record already made a line by `record_line` (a worker process's, redacted there)."""
        self._file.write(line)
        self._file.flush()

    def close(self) -> None:
        self._file.close()  # releases the lock


def record_line(record: dict[str, Any], secrets: list[str]) -> bytes:
    """One record as a line of JSON, with secrets redacted (a model endpoint may echo a key
    in an error; a base URL may carry credentials). Redaction works on the record's strings
    before serialization, so the line is always valid JSON. A record in which something was
    redacted says where (`redacted`: the paths of the strings that changed), so `tb rejudge`
    can tell a record whose judged text it no longer has."""
    found: list[str] = []
    line = redacted_json(record, secrets, found=found)
    if found:
        earlier = [p for p in record.get("redacted") or () if p not in found] if isinstance(record, dict) else []
        line = orjson.dumps({**orjson.loads(line), "redacted": _capped([*earlier, *found])})
    return line + b"\n"


MAX_REDACTED_PATHS = 50


def _capped(paths: list[str]) -> list[str]:
    """At most MAX_REDACTED_PATHS paths, the first of each top-level field always among them,
    and a last entry saying how many more were left out."""
    if len(paths) <= MAX_REDACTED_PATHS:
        return paths
    firsts = list({p.split(".", 1)[0]: p for p in reversed(paths)}.values())[::-1]
    kept = firsts + [p for p in paths if p not in firsts][:max(0, MAX_REDACTED_PATHS - len(firsts))]
    return kept + [f"... and {len(paths) - len(kept)} more"]


def _lock(file: Any) -> None:
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks here; one run per file is up to the user
        return
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise RunFileBusy from None


def _repair_last_line(path: Path, file: Any) -> None:
    """A run killed mid-write can leave half a line: cut it so appends stay valid. A whole
    record that lacks only its newline is a finished trial: it is kept, and the newline
    added (readers count it as done, so cutting it would lose that trial)."""
    size = path.stat().st_size
    if size == 0:
        return
    with open(path, "rb") as f:
        f.seek(-1, os.SEEK_END)
        if f.read(1) == b"\n":
            return
        f.seek(0)
        data = f.read()
    start = data.rfind(b"\n") + 1
    try:
        orjson.loads(data[start:])
        complete = True
    except orjson.JSONDecodeError:
        complete = False
    if complete:
        file.write(b"\n")
        file.flush()
    else:
        os.truncate(path, start)


def read_records(path: Path, all_attempts: bool = False) -> list[TrialRecord]:
    """Records of a run file, checked and brought up to date; a partial last line (killed
    run) is skipped. A line that is not a record raises ValueError naming the line.

    A trial re-run with `--retry-errors` has a later record (a new attempt) in the same
    file; the earlier, errored attempt stays for audit. Readers get the latest attempt of
    each trial, in the order trials first appear, unless `all_attempts`."""
    records = list(_read_lines(path))
    if all_attempts:
        return records
    latest: dict[tuple[str, str, str, str, int], TrialRecord] = {}
    for record in records:  # an attempt of the same trial: same run label, user persona, task and trial number
        persona = record["config"].get("persona", "cooperative")
        latest[(run_label(record), persona, record["domain"], record["task"], record["trial"])] = record
    return list(latest.values())


def _read_lines(path: Path) -> Iterator[TrialRecord]:
    with open(path, "rb") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                data = orjson.loads(line)
            except orjson.JSONDecodeError:
                if not line.endswith(b"\n"):
                    return  # the unfinished last line of an interrupted run
                raise ValueError(f"{path}:{number}: not a JSON record") from None
            if _is_header(data):
                continue
            try:
                yield upgrade(data)
            except ValueError as exc:
                raise ValueError(f"{path}:{number}: {exc}") from None
