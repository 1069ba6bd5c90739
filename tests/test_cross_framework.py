"""One task played with the same actions through every way in (issue 21): `tb eval` with a
model agent (the fake OpenAI server making the calls), `tb eval --agent command:` (an
external process calling the tools over MCP), the inspect_ai task (inspect's mock model)
and the gym environment. Each must reach the same verdict: the reference actions pass
everywhere, and the same actions without the last write fail everywhere."""
import pytest

from thinkingbox.interfaces.gym import replay_verdict

pytestmark = pytest.mark.domains("retail")

DOMAIN, TASK = "retail", "dfw-001"


def reference_steps() -> list[dict]:
    """The task's reference solution in the one format every way in takes."""
    from thinkingbox.trials import reference_actions

    return reference_actions(DOMAIN, TASK)


def without_last_write(steps: list[dict]) -> list[dict]:
    last = max(i for i, s in enumerate(steps) if s.get("tool") == "helpdesk_update_item")
    return steps[:last] + steps[last + 1:]


def through_tb_eval(steps, fake_openai, tmp_path) -> bool:
    from helpers import record_lines
    from thinkingbox.interfaces.cli import main

    script = [{"tool_calls": [{"name": s["tool"], "arguments": s["arguments"]}]} if "tool" in s
              else {"content": s["message"]} for s in steps]
    fake_openai.script("fake-agent", script)
    out = tmp_path / "eval.jsonl"
    main(["eval", "--domains", DOMAIN, "--tasks", TASK, "--agent", "openai:fake-agent",
          "--agent-base-url", fake_openai.url, "--output", str(out)])
    (record,) = record_lines(out)
    assert record["finish_reason"] == "done", record["error"]
    return record["verdict"]


def through_command_agent(steps, tmp_path) -> bool:
    from replay_agent import run_replayed

    record = run_replayed(DOMAIN, TASK, steps, tmp_path / "command.jsonl")
    assert record["finish_reason"] == "done", record["error"]
    return record["verdict"]


def through_inspect(steps, tmp_path) -> bool:
    replay = pytest.importorskip("thinkingbox_inspect.replay")
    passed, _ = replay.run_actions(DOMAIN, TASK, steps, log_dir=str(tmp_path / "inspect-logs"))
    return passed


def through_gym(steps) -> bool:
    return replay_verdict(DOMAIN, TASK, steps, judge="rules")


@pytest.mark.parametrize("variant, expected", [("reference", True), ("without_last_write", False)])
@pytest.mark.slow
def test_the_same_actions_reach_the_same_verdict_everywhere(variant, expected, fake_openai, tmp_path):
    steps = reference_steps() if variant == "reference" else without_last_write(reference_steps())
    verdicts = {
        "tb eval": through_tb_eval(steps, fake_openai, tmp_path),
        "command agent": through_command_agent(steps, tmp_path),
        "inspect": through_inspect(steps, tmp_path),
        "gym": through_gym(steps),
    }
    assert verdicts == dict.fromkeys(verdicts, expected)
