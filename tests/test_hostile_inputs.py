"""Failures found by the hostile-input and fault review (issue 15), one test each; the
failures fixed by earlier work point to their tests in the closing note."""
import pytest

from helpers import world_content

from thinkingbox.testing import call_tool, load_domain, new_world


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
    from thinkingbox.tools import invoke, tool_spec

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


def test_a_whole_last_record_without_its_newline_is_kept_on_resume(tmp_path, capsys):  # F1
    path = oracle_run(tmp_path)
    path.write_bytes(path.read_bytes().rstrip(b"\n"))  # killed between the record and its newline
    assert eval_again(path) == 0
    assert "0 trials to run (4 already recorded)" in capsys.readouterr().err
    assert len(keys(path)) == 4 and path.read_bytes().endswith(b"}\n")


def test_half_a_last_line_is_cut_and_that_trial_runs_again(tmp_path, capsys):
    path = oracle_run(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[:-40])  # killed in the middle of the last record
    assert eval_again(path) == 0
    assert "1 trials to run (3 already recorded)" in capsys.readouterr().err
    assert keys(path) == [("ret-fee-001", 1), ("ret-fee-001", 2), ("ret-fee-002", 1), ("ret-fee-002", 2)]


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


def test_errored_trials_run_again_with_retry_errors_and_keep_one_record_each(tmp_path, capsys):
    import json

    path = oracle_run(tmp_path)
    records = [json.loads(line) for line in path.read_text().splitlines()]
    records[1].update(verdict=False, finish_reason="error", error="ModelCallFailed: HTTP 503 after 6 attempt(s)")
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    assert eval_again(path) == 0  # a plain resume leaves errored trials alone
    assert "0 trials to run (4 already recorded)" in capsys.readouterr().err
    assert eval_again(path, "--retry-errors") == 0
    assert "1 trials to run (3 already recorded, 1 errored to run again)" in capsys.readouterr().err
    after = [json.loads(line) for line in path.read_text().splitlines()]
    assert sorted((r["task"], r["trial"]) for r in after) == sorted((r["task"], r["trial"]) for r in records)
    assert all(r["finish_reason"] == "done" and r["verdict"] for r in after)
    assert not list(tmp_path.glob("*.rewrite"))


@pytest.mark.parametrize("flag", ["--output"])
def test_an_output_path_that_is_a_directory_is_a_clear_error(tmp_path, capsys, flag):  # F9
    from thinkingbox.interfaces.cli import main

    assert main(["eval", "--domains", "retail", "--tasks", "ret-fee-001", "--judge", "rules", flag, str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"{flag} {tmp_path} is a directory" in err and "Traceback" not in err
