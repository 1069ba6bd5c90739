"""Failures found by the hostile-input and fault review (issue 15), one test each; the
failures fixed by earlier work point to their tests in the closing note."""
import pytest

from helpers import world_content, record_lines

from thinkingbox.testing import call_tool, load_domain, new_world

pytestmark = pytest.mark.domains("retail", "booking")


@pytest.fixture(scope="module")
def booking():
    return load_domain("booking")


@pytest.mark.parametrize("fee", ["inf", "-inf", "nan", "Infinity", float("inf"), float("nan")])
def test_a_non_finite_number_is_a_clear_tool_error_that_changes_nothing(booking, fee):  # F8
    world = new_world(booking)
    try:
        before = world.to_bytes()
        result = call_tool(booking, world, "add_special_request", booking_reference="HB-100001", kind="other",
                           detail="late arrival", fee=fee)
        assert result.is_error
        assert "fee must be a finite number" in result.text and "internal error" not in result.text
        assert world.to_bytes() == before
    finally:
        world.close()


def test_a_tool_never_runs_with_a_non_finite_argument_anywhere_in_it():  # F8, for every tool
    from thinkingbox import ToolError, write_tool
    from thinkingbox.contract.tools import invoke, tool_spec

    ran = []

    @write_tool
    def set_ratio(world, ratio: float, weights: dict[str, list[float]]) -> dict:
        """Set a ratio."""
        ran.append(ratio)
        return {}

    for ratio, weights in [(float("inf"), {}), (0.5, {"a": [1.0, float("nan")]})]:
        with pytest.raises(ToolError, match=r"argument (ratio|weights\.a\[1\]) must be a finite number"):
            invoke(tool_spec(set_ratio), None, {"ratio": ratio, "weights": weights})
    assert ran == []


def test_call_tool_passes_arguments_named_domain_world_or_tool_to_the_tool(booking):  # found by test_properties
    world = new_world(booking)
    try:
        plain = call_tool(booking, world, "get_booking", booking_reference="HB-100001")
        named = call_tool(booking, world, "get_booking", booking_reference="HB-100001", domain=1, world=2, tool=3)
        assert named == plain and not plain.is_error
    finally:
        world.close()


@pytest.mark.parametrize("value", [{"a": 1}, ["U-1001"], 10**30, True])
@pytest.mark.parametrize("table, field", [("tickets", "requester_id"), ("users", "organization_id"),
                                          ("comments", "ticket_id")])
def test_a_reference_that_cannot_be_an_id_is_a_clear_tool_error(table, field, value):  # found by test_properties
    retail = load_domain("retail")
    world = new_world(retail)
    try:
        before = world_content(world)
        item = {"tickets": {"requester_id": "U-1001", "subject": "s"}, "users": {"name": "n", "email": "n@x.example"},
                "comments": {"ticket_id": "TCK-1001", "body": "b"}}[table]
        result = call_tool(retail, world, "helpdesk_create_item", table=table, item={**item, field: value})
        assert result.is_error and "internal error" not in result.text, result.text
        assert field in result.text
        assert world_content(world) == before
        if table != "comments":
            result = call_tool(retail, world, "helpdesk_update_item", table=table, id="U-1001" if table == "users"
                               else "TCK-1001", item={field: value})
            assert result.is_error and "internal error" not in result.text and field in result.text, result.text
    finally:
        world.close()


@pytest.mark.parametrize("args", [{"adults": 10**30}, {"children": 2**63}, {"adults": -(2**63) - 1}])
def test_an_integer_past_64_bits_is_a_clear_tool_error_that_changes_nothing(booking, args):  # found by test_properties
    world = new_world(booking)
    try:
        before = world_content(world)
        result = call_tool(booking, world, "modify_booking", booking_reference="HB-100001", **args)
        assert result.is_error and "internal error" not in result.text, result.text
        assert f"argument {next(iter(args))} is out of range" in result.text
        assert world_content(world) == before
    finally:
        world.close()


# --- run files -------------------------------------------------------------------------

def oracle_run(tmp_path, name="run.jsonl"):
    from thinkingbox.interfaces.cli import main

    path = tmp_path / name
    assert main(["eval", "--domains", "retail", "--tasks", "ret-fee-001,ret-fee-002", "--trials", "2",
                 "--judge", "rules", "--output", str(path)]) == 0
    return path


def eval_again(path, *extra):
    from thinkingbox.interfaces.cli import main

    return main(["eval", "--domains", "retail", "--tasks", "ret-fee-001,ret-fee-002", "--trials", "2",
                 "--judge", "rules", "--output", str(path), "--resume", *extra])


def keys(path):
    from thinkingbox.reporting.records import read_records

    return sorted((r["task"], r["trial"]) for r in read_records(path))


@pytest.mark.slow
def test_a_whole_last_record_without_its_newline_is_kept_on_resume(tmp_path, capsys):  # F1
    path = oracle_run(tmp_path)
    path.write_bytes(path.read_bytes().rstrip(b"\n"))  # killed between the record and its newline
    assert eval_again(path) == 0
    assert "0 trials to run (4 already recorded)" in capsys.readouterr().err
    assert len(keys(path)) == 4 and path.read_bytes().endswith(b"}\n")


@pytest.mark.slow
def test_half_a_last_line_is_cut_and_that_trial_runs_again(tmp_path, capsys):
    path = oracle_run(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[:-40])  # killed in the middle of the last record
    assert eval_again(path) == 0
    assert "1 trials to run (3 already recorded)" in capsys.readouterr().err
    assert keys(path) == [("ret-fee-001", 1), ("ret-fee-001", 2), ("ret-fee-002", 1), ("ret-fee-002", 2)]


@pytest.mark.slow
def test_a_corrupt_middle_line_is_a_clear_error_naming_it(tmp_path, capsys):  # F2
    from thinkingbox.interfaces.cli import main

    path = oracle_run(tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(lines[0] + b'{"domain": "ret\n' + b"".join(lines[1:]))
    for argv in (["report", str(path)], ["show", str(path), "--task", "ret-fee-001"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert f"{path}:2: not a JSON record" in err and "Traceback" not in err
    assert eval_again(path) == 2
    assert f"cannot resume: {path}:2: not a JSON record" in capsys.readouterr().err


@pytest.mark.slow
def test_a_run_file_being_written_refuses_a_second_writer_in_one_line(tmp_path, capsys):
    from thinkingbox.reporting.records import RecordWriter

    path = oracle_run(tmp_path)
    before = path.read_bytes()
    first = RecordWriter(path)  # stands in for a run still going
    capsys.readouterr()
    try:
        assert eval_again(path) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert err == [f"tb: error: {path} is being written by another tb run; wait for it to finish "
                       "or choose another --output"]
        assert path.read_bytes() == before
    finally:
        first.close()
    assert eval_again(path) == 0  # free again once the first writer is done


@pytest.mark.slow
def test_errored_trials_run_again_with_retry_errors_as_a_new_attempt_that_readers_count(tmp_path, capsys):
    import json

    from thinkingbox.reporting.records import read_records

    path = oracle_run(tmp_path)
    records = record_lines(path)
    records[1].update(verdict=False, finish_reason="error", error="ModelCallFailed: HTTP 503 after 6 attempt(s)")
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    assert eval_again(path) == 1  # a plain resume leaves errored trials alone (exit status 1)
    assert "0 trials to run (4 already recorded)" in capsys.readouterr().err
    assert eval_again(path, "--retry-errors") == 0
    assert "1 trials to run (3 already recorded, 1 errored to run again)" in capsys.readouterr().err
    lines = record_lines(path)
    assert len(lines) == 5 and lines[1]["finish_reason"] == "error"  # the errored attempt stays for audit
    assert (lines[4]["task"], lines[4]["trial"]) == (records[1]["task"], records[1]["trial"])
    latest = read_records(path)
    assert [(r["task"], r["trial"]) for r in latest] == [(r["task"], r["trial"]) for r in records]
    assert all(r["finish_reason"] == "done" and r["verdict"] for r in latest)
    assert len(read_records(path, all_attempts=True)) == 5
    assert eval_again(path, "--retry-errors") == 0  # nothing errored is left
    assert "0 trials to run (4 already recorded)" in capsys.readouterr().err
    from thinkingbox.reporting.report import load_runs

    loaded = load_runs([path])  # what every report reads: the latest attempt of each trial, once
    assert len(loaded) == 4 and all(r["verdict"] for r in loaded)


@pytest.mark.parametrize("flag", ["--output"])
def test_an_output_path_that_is_a_directory_is_a_clear_error(tmp_path, capsys, flag):  # F9
    from thinkingbox.interfaces.cli import main

    assert main(["eval", "--domains", "retail", "--tasks", "ret-fee-001", "--judge", "rules", flag, str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"{flag} {tmp_path} is a directory" in err and "Traceback" not in err


def test_a_replay_file_that_is_not_a_run_file_fails_before_any_trial(tmp_path, capsys):  # F10
    from thinkingbox.interfaces.cli import main

    bad = tmp_path / "bad.jsonl"
    bad.write_text("not a record\n")
    out = tmp_path / "out.jsonl"
    assert main(["eval", "--domains", "retail", "--tasks", "ret-fee-001", "--judge", "rules",
                 "--agent", f"replay:{bad}", "--output", str(out)]) == 2
    assert f"--agent replay:{bad}: {bad}:1: not a JSON record" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.slow
def test_a_trial_missing_from_the_replay_file_is_an_error_trial_that_says_so(tmp_path):  # F10

    recorded = oracle_run(tmp_path)
    out = tmp_path / "replayed.jsonl"
    from thinkingbox.interfaces.cli import main

    assert main(["eval", "--domains", "retail", "--tasks", "ret-fee-001,dfw-001", "--judge", "rules",
                 "--agent", f"replay:{recorded}", "--output", str(out)]) == 1  # a trial errored
    records = {r["task"]: r for r in record_lines(out)}
    assert records["ret-fee-001"]["verdict"] is True
    assert records["dfw-001"]["finish_reason"] == "error"
    assert records["dfw-001"]["error"].endswith(f"replay: {recorded} has no trial 1 of retail/dfw-001")
    assert "ExceptionGroup" not in records["dfw-001"]["error"]


# --- secrets and terminals ---------------------------------------------------------------

@pytest.mark.slow
def test_keys_echoed_by_the_model_endpoint_and_url_credentials_never_reach_records(tmp_path, fake_openai,
                                                                                  monkeypatch, capsys):  # F4

    from thinkingbox.interfaces.cli import main

    key = "sk-live-0123456789abcdefSECRET"
    monkeypatch.setenv("MY_PROVIDER_KEY", key)  # a key variable by configuration, not by its name
    echo = f"Incorrect API key provided: {key}. Authorization: Bearer {key}"
    fake_openai.script("fake-agent", [{"status": 401, "error": echo}], repeat_last=True)
    base = fake_openai.url.replace("http://", "http://evaluator:hunter2-password@")
    out = tmp_path / "run.jsonl"
    assert main(["eval", "--domains", "retail", "--tasks", "ret-fee-001", "--judge", "rules",
                 "--agent", "openai:fake-agent", "--agent-base-url", base, "--agent-api-key-env", "MY_PROVIDER_KEY",
                 "--output", str(out)]) == 1  # the trial errored
    text = out.read_text()
    (record,) = record_lines(out)
    assert record["finish_reason"] == "error" and "Incorrect API key provided: [REDACTED]" in record["error"]
    assert key not in text and "hunter2" not in text and "evaluator:" not in text
    assert "[REDACTED]@127.0.0.1" in record["config"]["models"]["agent"]["base_url"]
    rejudged = tmp_path / "rejudged.jsonl"
    assert main(["rejudge", str(out), "--output", str(rejudged)]) == 0
    assert main(["report", str(out), "--json", str(tmp_path / "r.json"), "--html", str(tmp_path / "site")]) == 0
    outputs = [rejudged.read_text(), (tmp_path / "r.json").read_text(), *(p.read_text() for p in (tmp_path / "site").rglob("*") if p.is_file()),
               "".join(capsys.readouterr())]  # the first error printed on stderr too
    assert not any(key in o or "hunter2" in o for o in outputs)


def test_redaction_covers_authorization_values_and_named_key_variables(monkeypatch):  # F4
    from thinkingbox.secrets import redact

    monkeypatch.setenv("ANTHROPIC_API_KEY", "ant-secret-value-42")
    monkeypatch.setenv("TB_CONTROL_TOKEN", "control-token-value-99")
    monkeypatch.setenv("SHORT_TOKEN", "abc")  # too short to be told from ordinary text
    text = redact('headers={"Authorization": "Basic dXNlcjpwYXNz"} then ant-secret-value-42, '
                  "control-token-value-99, bearer abcdef123456ghij, abc, https://u:p@example.com/v1")
    assert text == ('headers={"Authorization": "Basic [REDACTED]"} then [REDACTED], [REDACTED], '
                    "bearer [REDACTED], abc, https://[REDACTED]@example.com/v1")


# Text an agent or an endpoint may write that names or holds credentials (issue 33).
HOSTILE_TEXTS = [
    'Use the header Authorization: "Bearer abc"',
    'x Authorization: "abc\\"',
    'headers={"Authorization": "Basic dXNlcjpwYXNz"}',
    "curl -H 'Authorization: Bearer 9f8e7d6c5b4a39281706' https://bob:hunter2pass@api.example.com/v1",
    'a "quoted" key sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12 \\ and a backslash',
    'the vendor key is quote"and\\slash-value.',
    "Return authorization: RMA-20001",
]
LEAKS = ["dXNlcjpwYXNz", "9f8e7d6c5b4a39281706", "hunter2pass", "sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12",
         'quote"and\\slash-value']


@pytest.mark.slow
def test_records_holding_credential_forms_are_json_lines_every_reader_takes(tmp_path, capsys, monkeypatch):  # issue 33
    import json

    from thinkingbox.interfaces.cli import main
    from thinkingbox.reporting.records import RecordWriter, read_records, read_run_header
    from thinkingbox.reporting.report import load_runs

    monkeypatch.setenv("VENDOR_API_KEY", 'quote"and\\slash-value')
    source = oracle_run(tmp_path, "source.jsonl")
    header, records = read_run_header(source), record_lines(source)
    for record in records:
        record["trajectory"].extend({"role": "assistant", "content": text} for text in HOSTILE_TEXTS)
        record["checks"][0]["data"] = {text: [text] for text in HOSTILE_TEXTS}  # dict keys too
    path = tmp_path / "run.jsonl"
    writer = RecordWriter(path, header=header)
    for record in records:
        writer.write(record)
    writer.close()
    text = path.read_text()
    assert all(json.loads(line) for line in text.splitlines())
    assert not [leak for leak in LEAKS if leak in text or json.dumps(leak)[1:-1] in text]
    (first, *_) = read_records(path)
    said = [e["content"] for e in first["trajectory"][-len(HOSTILE_TEXTS):]]
    assert said[0] == 'Use the header Authorization: "Bearer abc"' and said[-1] == "Return authorization: RMA-20001"
    assert said[2] == 'headers={"Authorization": "Basic [REDACTED]"}'
    assert said[5] == "the vendor key is [REDACTED]."
    assert len(load_runs([path])) == 4
    capsys.readouterr()
    task, trial = first["task"], str(first["trial"])
    assert main(["show", str(path), "--task", task, "--trial", trial]) == 0
    assert "Return authorization: RMA-20001" in capsys.readouterr().out
    assert main(["show", str(path), "--task", task, "--trial", trial, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["trajectory"][-1]["content"] == "Return authorization: RMA-20001"
    assert main(["show", str(path), "--json"]) == 0
    assert len([json.loads(line) for line in capsys.readouterr().out.splitlines()]) == 4
    assert main(["report", str(path), "--json", str(tmp_path / "r.json"), "--html", str(tmp_path / "site")]) == 0
    json.loads((tmp_path / "r.json").read_text())
    assert main(["rejudge", str(path), "--output", str(tmp_path / "again.jsonl")]) == 0
    assert all(r["verdict"] for r in read_records(tmp_path / "again.jsonl"))
    capsys.readouterr()
    assert eval_again(path) == 0
    assert "0 trials to run (4 already recorded)" in capsys.readouterr().err
    outputs = [(tmp_path / "again.jsonl").read_text(), (tmp_path / "r.json").read_text(),
               *(p.read_text() for p in (tmp_path / "site").rglob("*.js"))]
    assert not [leak for leak in LEAKS for o in outputs if leak in o or json.dumps(leak)[1:-1] in o]


def _replayed_dfw_001(tmp_path, edit, environment=None):
    """A trial of retail dfw-001 whose agent said what `edit` makes of the reference's words,
    judged by eval (the replay agent plays the edited recording) and written to a run file;
    `environment` (a callable) sets up the environment of that eval."""
    import json

    from thinkingbox.interfaces.cli import main

    reference = tmp_path / "reference.jsonl"
    assert main(["eval", "--domains", "retail", "--tasks", "dfw-001", "--judge", "rules",
                 "--output", str(reference)]) == 0
    (record,) = record_lines(reference)
    for event in record["trajectory"]:
        if event["role"] == "assistant" and event.get("content"):
            event["content"] = edit(event["content"])
    edited = tmp_path / "edited.jsonl"
    edited.write_text(json.dumps(record) + "\n")
    out = tmp_path / "replayed.jsonl"
    if environment:
        environment()
    main(["eval", "--domains", "retail", "--tasks", "dfw-001", "--judge", "rules", "--agent", f"replay:{edited}",
          "--output", str(out)])
    return out


@pytest.mark.slow
def test_a_return_authorization_the_agent_states_is_kept_and_rejudges_the_same(tmp_path, capsys):  # issue 33
    from thinkingbox.interfaces.cli import main

    out = _replayed_dfw_001(tmp_path, lambda text: text.replace("Your return authorization number is RMA-20001",
                                                                "Return authorization: RMA-20001"))
    (record,) = record_lines(out)
    assert record["verdict"] and "Return authorization: RMA-20001" in record["final_message"]
    capsys.readouterr()
    assert main(["rejudge", str(out), "--output", str(tmp_path / "again.jsonl")]) == 0
    assert "0 verdict(s) changed" in capsys.readouterr().out
    (again,) = record_lines(tmp_path / "again.jsonl")
    assert again["verdict"] and again["rejudged"]


@pytest.mark.slow
def test_a_record_whose_judged_text_was_redacted_keeps_its_verdict_on_rejudge_and_says_so(tmp_path, capsys,
                                                                                        monkeypatch):  # issue 33
    from thinkingbox.interfaces.cli import main

    # a secret that happens to be what the judge reads
    out = _replayed_dfw_001(tmp_path, lambda text: text, lambda: monkeypatch.setenv("RMA_PRINTER_TOKEN", "RMA-20001"))
    (record,) = record_lines(out)
    assert record["verdict"]  # judged on what the agent said, before redaction
    assert "RMA-20001" not in out.read_text() and "final_message" in record["redacted"]
    capsys.readouterr()
    assert main(["rejudge", str(out), "--output", str(tmp_path / "again.jsonl")]) == 0
    printed = capsys.readouterr().out
    assert "0 verdict(s) changed" in printed and "1 kept its recorded verdict" in printed
    (again,) = record_lines(tmp_path / "again.jsonl")
    assert again["verdict"] and again["rejudged"] is False and "final_message" in again["not_rejudged"]
    assert again["checks"] == record["checks"]


@pytest.mark.slow
def test_a_record_redacted_by_an_older_tb_keeps_its_verdict_on_rejudge(tmp_path, capsys):  # issue 33
    from thinkingbox.interfaces.cli import main

    out = _replayed_dfw_001(tmp_path, lambda text: text)
    (record,) = record_lines(out)
    record["final_message"] = record["final_message"].replace("RMA-20001", "[REDACTED]")  # as older versions wrote it
    record["trajectory"][-1]["content"] = record["final_message"]
    out.write_text(out.read_text().splitlines()[0] + "\n" + __import__("json").dumps(record) + "\n")
    assert main(["rejudge", str(out), "--output", str(tmp_path / "again.jsonl")]) == 0
    assert "0 verdict(s) changed" in capsys.readouterr().out
    (again,) = record_lines(tmp_path / "again.jsonl")
    assert again["verdict"] and again["rejudged"] is False and "[REDACTED]" in again["not_rejudged"]


def test_show_and_report_escape_terminal_control_sequences_from_records(tmp_path, capsys):  # F11
    import json

    from thinkingbox.interfaces.cli import main

    path = oracle_run(tmp_path)
    records = record_lines(path)
    forged = "\x1b[2J\x1b[Hverdict: PASS\x07\u202e"
    records[0]["final_message"] = forged
    records[0]["error"] = forged
    records[0]["finish_reason"] = "error"
    records[0]["trajectory"].append({"role": "assistant", "content": forged})
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    capsys.readouterr()
    for argv in (["show", str(path), "--task", records[0]["task"], "--trial", str(records[0]["trial"])],
                 ["report", str(path)]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert main(["show", str(path), "--task", records[0]["task"], "--trial", str(records[0]["trial"])]) == 0
    assert "\\x1b[2J\\x1b[Hverdict: PASS\\x07\\u202e" in capsys.readouterr().out


@pytest.mark.parametrize("argv, flag", [
    (["report", "{run}", "--json", "{dir}"], "--json"),
    (["report", "{run}", "--markdown", "{dir}"], "--markdown"),
    (["compare", "{run}", "{run}", "--json", "{dir}"], "--json"),
    (["rejudge", "{run}", "--output", "{dir}"], "--output"),
])
@pytest.mark.slow
def test_output_options_naming_a_directory_are_clear_errors_before_any_work(tmp_path, capsys, argv, flag):  # F9
    from thinkingbox.interfaces.cli import main

    run_file = oracle_run(tmp_path)
    capsys.readouterr()
    assert main([a.format(run=run_file, dir=tmp_path) for a in argv]) == 2
    err = capsys.readouterr().err
    assert f"{flag} {tmp_path} is a directory" in err and "Traceback" not in err


def test_input_paths_that_are_directories_or_missing_are_one_line_errors(tmp_path, capsys):  # F9
    from thinkingbox.interfaces.cli import main

    for argv in (["report", str(tmp_path)], ["show", str(tmp_path / "missing.jsonl"), "--task", "x"],
                 ["eval", "--config", str(tmp_path), "--domains", "retail"]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("tb: error: ") and len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.slow
def test_serve_checks_its_report_path_before_serving(tmp_path):  # F9
    import subprocess
    import sys
    from pathlib import Path

    tb = str(Path(sys.executable).parent / "tb")
    done = subprocess.run([tb, "serve", "--domain", "retail", "--task", "ret-fee-001", "--report", str(tmp_path)],
                          input="", capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and f"--report {tmp_path} is a directory" in done.stderr
