"""Trial records: one typed shape for every outcome, a published JSON Schema that every
record written by eval satisfies, and older or broken run files read with clear results."""
import json
from pathlib import Path

import jsonschema
import pytest

from helpers import run
from thinkingbox.interfaces.cli import main
from thinkingbox.contract.hookspecs import hookimpl
from thinkingbox.reporting.records import RECORD_VERSION, RecordWriter, read_records, record_schema
from thinkingbox.trials import RunSettings
from thinkingbox.engine.scheduler import prepare_jobs, run_jobs

pytestmark = pytest.mark.domains("retail")

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "docs" / "trial-record.schema.json"


class BrokenAgent:
    name = "broken"

    async def start(self, context):
        pass

    async def next_turn(self, trajectory):
        raise RuntimeError("the model fell over")


class Failing:
    """Agents that fail in the episode (the trial finishes with an error) and before it
    (a harness failure)."""

    @staticmethod
    @hookimpl
    def tb_agents():
        def crash(spec, task, domain, settings):
            raise RuntimeError("cannot even start")

        return {"broken": lambda spec, task, domain, settings: BrokenAgent(), "crash": crash}


def write_run(host, domain, agent, path):
    jobs = run(prepare_jobs([domain], {"ret-fee-001", "ret-fee-002"}, 2, set()))
    writer = RecordWriter(path)
    records = run(run_jobs(host, jobs, RunSettings(agent=agent), writer))
    writer.close()
    return records


def test_the_published_schema_is_current():
    assert json.loads(SCHEMA_FILE.read_text()) == json.loads(json.dumps(record_schema()))


@pytest.mark.slow
def test_every_record_eval_writes_satisfies_the_published_schema(host, retail, tmp_path):
    host.add_extension("failing", Failing())
    schema = json.loads(SCHEMA_FILE.read_text())
    validator = jsonschema.Draft202012Validator(schema)
    outcomes = {}
    for agent in ("oracle", "noop", "broken", "crash"):
        path = tmp_path / f"{agent}.jsonl"
        write_run(host, retail, agent, path)
        lines = [json.loads(line) for line in path.read_text().splitlines()]
        assert len(lines) == 4
        for record in lines:
            errors = sorted(validator.iter_errors(record), key=str)
            assert errors == [], (agent, errors[0].message if errors else None)
            assert record["record_version"] == RECORD_VERSION
        outcomes[agent] = {(r["verdict"], r["finish_reason"], (r["error"] or "")[:18]) for r in lines}
    assert outcomes == {"oracle": {(True, "done", "")}, "noop": {(False, "done", "")},
                        "broken": {(False, "error", "RuntimeError: the ")},
                        "crash": {(False, "error", "harness: RuntimeEr")}}


def test_a_version_less_file_still_reports(host, retail, tmp_path, capsys):
    path = tmp_path / "new.jsonl"
    write_run(host, retail, "oracle", path)
    old = tmp_path / "old.jsonl"
    with old.open("w") as f:  # the shape written before records had a version
        for record in map(json.loads, path.read_text().splitlines()):
            for key in ("record_version", "config", "counts", "usage", "effects", "timings_ms", "core_version"):
                del record[key]
            f.write(json.dumps(record) + "\n")
    (upgraded,) = {r["record_version"] for r in read_records(old)}
    assert upgraded == RECORD_VERSION and all(r["usage"] == {} for r in read_records(old))
    assert main(["report", str(old)]) == 0
    assert "oracle" in capsys.readouterr().out


@pytest.mark.parametrize("line, message", [
    ("[1, 2]", "expected a JSON object, got list"),
    ("null", "expected a JSON object, got NoneType"),
    ('{"domain": "retail"}', "not a trial record: task: Field required"),
    ('{"record_version": 99, "domain": "retail"}', "record_version 99 is not one this version"),
])
@pytest.mark.slow
def test_a_line_that_is_not_a_record_is_a_clear_error(host, retail, tmp_path, capsys, line, message):
    path = tmp_path / "run.jsonl"
    write_run(host, retail, "oracle", path)
    with path.open("a") as f:
        f.write(line + "\n")
    assert main(["report", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:5: {message}" in err and "Traceback" not in err
    assert main(["eval", "--domains", "retail", "--tasks", "ret-fee-001", "--output", str(path), "--resume"]) == 2
    assert f"cannot resume: {path}:5: {message}" in capsys.readouterr().err
