"""Personas of the LLM user (`tb eval --persona`) and the sensitivity report (`tb sensitivity`)."""
import json

import pytest

from thinkingbox.interfaces.cli import main
from thinkingbox.models.personas import PERSONAS, persona_block
from thinkingbox.reporting.records import RecordWriter, trial_record
from thinkingbox.reporting.sensitivity import sensitivity
from helpers import record_lines

pytestmark = pytest.mark.domains("retail")


def _eval(fake_openai, tmp_path, *extra):
    fake_openai.requests.clear()
    fake_openai.script("fake-agent", [{"content": "What is the order number?"}, {"content": "Done. <DONE>"}])
    fake_openai.script("fake-user", [{"content": "ORD-200001"}])
    out = tmp_path / f"run{len(list(tmp_path.glob('run*.jsonl')))}.jsonl"
    code = main(["eval", "--domains", "retail", "--tasks", "ret-fee-001", "--agent", "openai:fake-agent",
                 "--agent-base-url", fake_openai.url, "--user", "llm:fake-user", "--user-base-url", fake_openai.url,
                 "--output", str(out), *extra])
    assert code == 0
    (record,) = record_lines(out)
    (request,) = fake_openai.requests_for("fake-user")
    return record, "\n".join(m["content"] for m in request["messages"])


@pytest.mark.parametrize("persona", list(PERSONAS))
@pytest.mark.slow
def test_each_persona_reaches_the_user_model_and_is_recorded(fake_openai, tmp_path, persona):
    record, sent = _eval(fake_openai, tmp_path, "--persona", persona)
    assert record["config"]["persona"] == persona
    assert record["config"]["prompt_versions"]["persona"].startswith("persona-")
    if persona == "cooperative":
        assert persona_block(persona) == "" and "Style for this conversation" not in sent
    else:
        for line in PERSONAS[persona].splitlines():
            assert line in sent
        for other in set(PERSONAS) - {persona, "cooperative"}:
            assert PERSONAS[other].splitlines()[0] not in sent


@pytest.mark.slow
def test_the_default_persona_is_cooperative_and_the_config_file_can_set_one(fake_openai, tmp_path):
    record, sent = _eval(fake_openai, tmp_path)
    assert record["config"]["persona"] == "cooperative" and "Style for this conversation" not in sent
    config = tmp_path / "tb.toml"
    config.write_text('[eval]\npersona = "terse"\n')
    record, sent = _eval(fake_openai, tmp_path, "--config", str(config))
    assert record["config"]["persona"] == "terse" and PERSONAS["terse"].splitlines()[0] in sent


def test_persona_flags_are_validated(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["eval", "--persona", "grumpy"])
    assert "invalid choice" in capsys.readouterr().err
    assert main(["eval", "--persona", "impatient", "--output", str(tmp_path / "r.jsonl")]) == 2
    assert "LLM user" in capsys.readouterr().err
    config = tmp_path / "tb.toml"
    config.write_text('[eval]\npersona = "grumpy"\n')
    assert main(["eval", "--config", str(config), "--output", str(tmp_path / "r.jsonl")]) == 2
    assert "unknown persona 'grumpy'" in capsys.readouterr().err


# ---- sensitivity on synthetic runs ----------------------------------------------------------

def _records(agent, persona, passes, trials=3):
    """passes: per task, how many of `trials` passed."""
    config = {"agent": agent, "user": "llm:u"}
    if persona is not None:
        config["persona"] = persona
    return [trial_record(domain="retail", domain_version="1", task=f"t{i}", family="f", trial=n + 1, config=config,
                         verdict=n < c, finish_reason="done")
            for i, c in enumerate(passes) for n in range(trials)]


def test_sensitivity_per_persona_with_differences_and_intervals():
    records = (_records("A", None, [3, 3, 3, 3])           # before personas: cooperative
               + _records("A", "terse", [3, 3, 3, 3])
               + _records("A", "impatient", [1, 1, 1, 3])
               + _records("B", "impatient", [2, 2]))
    result = sensitivity(records)
    a, b = result["agents"]
    assert a["agent"] == "A" and a["k"] == 3
    rows = {r["persona"]: r for r in a["personas"]}
    assert [r["persona"] for r in a["personas"]] == ["cooperative", "terse", "impatient"]
    assert rows["cooperative"]["pass^3"] == 1.0 and "difference" not in rows["cooperative"]
    assert rows["terse"]["difference"] == 0.0 and rows["terse"]["difference_ci95"] == [0.0, 0.0]
    assert not rows["terse"]["beyond_noise"]
    assert rows["impatient"]["pass^3"] == 0.25 and rows["impatient"]["difference"] == -0.75
    low, high = rows["impatient"]["difference_ci95"]
    assert -1.0 <= low <= -0.75 <= high < 0 and rows["impatient"]["beyond_noise"]
    assert rows["impatient"]["pass@1"] == pytest.approx(6 / 12)
    assert not b["has_cooperative"] and "difference" not in b["personas"][0]
    assert sensitivity(records, k=1)["agents"][0]["personas"][2]["pass^1"] == pytest.approx(0.5)


def test_tb_sensitivity_prints_and_writes_json(tmp_path, capsys):
    run = tmp_path / "runs.jsonl"
    writer = RecordWriter(run)
    for record in _records("A", "cooperative", [3, 2]) + _records("A", "terse", [2, 2]):
        writer.write(record)
    writer.close()
    out = tmp_path / "s.json"
    assert main(["sensitivity", str(run), "--k", "2", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "pass^2" in printed and "terse" in printed and "vs cooperative" in printed
    data = json.loads(out.read_text())
    terse = data["agents"][0]["personas"][1]
    # cooperative pass^2 = (1 + 1/3) / 2, terse = (1/3 + 1/3) / 2
    assert terse["difference"] == pytest.approx(-1 / 3)
    assert main(["sensitivity", str(run), "--k", "4"]) == 2
    assert "exceeds" in capsys.readouterr().err


@pytest.mark.slow
def test_a_run_file_holds_one_persona(fake_openai, tmp_path, capsys):
    record, _ = _eval(fake_openai, tmp_path, "--persona", "terse")
    (out,) = tmp_path.glob("run*.jsonl")
    assert main(["eval", "--domains", "retail", "--tasks", "ret-fee-001", "--agent", "openai:fake-agent",
                 "--agent-base-url", fake_openai.url, "--user", "llm:fake-user", "--user-base-url", fake_openai.url,
                 "--output", str(out), "--resume", "--persona", "impatient"]) == 2
    assert 'persona: "terse" in the file, "impatient" now' in capsys.readouterr().err
