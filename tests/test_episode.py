"""The episode loop's termination rules and the scripted user."""

from helpers import run
from thinkingbox.agents import AgentTurn, ToolCallRequest
from thinkingbox.episode import Limits, run_episode, visible_messages
from thinkingbox.tasks import Task
from thinkingbox.users import IDK, THANKS, ScriptedUser

TASK = Task(id="t", family="f", request="Hi, I need a refund.", solution=[], final_message="ok",
            user_facts={"email": "ana@example.com", "order number": "ORD-1", "preferred time": "9am"})


class Scripted:
    """An agent that plays back a list of turns (the last one forever)."""

    name = "scripted-agent"

    def __init__(self, *turns):
        self.turns = list(turns)
        self.seen = []

    async def start(self, context):
        pass

    async def next_turn(self, trajectory):
        self.seen.append(list(trajectory))
        return self.turns.pop(0) if len(self.turns) > 1 else self.turns[0]


async def fake_tool(name, arguments):
    if name == "boom":
        return "Error executing tool boom: it broke", True
    return f"{name} ok {sorted(arguments)}", False


def episode(agent, limits=Limits()):
    return run(run_episode(agent, ScriptedUser(TASK), TASK.request, fake_tool, limits))


def test_done_marker_ends_the_episode():
    result = episode(Scripted(AgentTurn(message="All sorted. <DONE>")))
    assert result.finish_reason == "done" and result.final_message == "All sorted."
    assert result.user_turns == 0


def test_end_tool_ends_the_episode():
    result = episode(Scripted(AgentTurn(message="Bye", tool_calls=[ToolCallRequest("1", "end_conversation", {})])))
    assert result.finish_reason == "end_turn" and result.tool_calls == 0


def test_user_turn_limit():
    result = episode(Scripted(AgentTurn(message="Could you tell me more?")), Limits(max_user_turns=3))
    assert result.finish_reason == "user_limit" and result.user_turns == 3
    assert [e["source"] for e in result.trajectory if e["role"] == "user"] == ["task", "simulator", "simulator", "simulator"]


def test_action_cap_bounds_tool_loops():
    result = episode(Scripted(AgentTurn(tool_calls=[ToolCallRequest("1", "get_x", {})])), Limits(max_tool_calls=7))
    assert result.finish_reason == "action_limit" and result.tool_calls == 7


def test_tool_errors_and_malformed_arguments_are_observations():
    agent = Scripted(
        AgentTurn(tool_calls=[ToolCallRequest("1", "boom", {}), ToolCallRequest("2", "get_x", "{not json"),
                              ToolCallRequest("3", "get_x", "[1, 2]"), ToolCallRequest("4", "get_x", '{"a": 1}')]),
        AgentTurn(message="Done <DONE>"))
    result = episode(agent)
    tools = [e for e in result.trajectory if e["role"] == "tool"]
    assert [t["is_error"] for t in tools] == [True, True, True, False]
    assert "not valid JSON" in tools[1]["content"] and "JSON object" in tools[2]["content"]
    assert tools[3]["content"] == "get_x ok ['a']"
    assert result.finish_reason == "done" and result.tool_calls == 4
    # the agent saw the error results before its next turn
    assert agent.seen[1][-1]["tool_call_id"] == "4"


def test_an_agent_that_crashes_ends_with_error():
    class Crashing(Scripted):
        async def next_turn(self, trajectory):
            raise TimeoutError("model did not answer")

    result = episode(Crashing())
    assert result.finish_reason == "error" and "model did not answer" in result.error


def test_scripted_user_answers_only_what_is_asked():
    user = ScriptedUser(TASK)

    def reply(text):
        return run(user.reply([{"role": "user", "content": TASK.request}, {"role": "assistant", "content": text}]))

    assert reply("Could you share the email on your account and your order number?") == \
        "email: ana@example.com; order number: ORD-1"
    assert reply("What is your email?") == "email: ana@example.com"
    assert reply("What is your date of birth?") == IDK
    assert reply("Your refund has been issued.") == THANKS


def test_the_user_sees_no_tool_traffic():
    trajectory = [
        {"role": "user", "content": "hi", "source": "task"},
        {"role": "assistant", "content": "", "tool_calls": [{"id": "1", "name": "x", "arguments": {}}]},
        {"role": "tool", "tool_call_id": "1", "name": "x", "content": "secret", "is_error": False},
        {"role": "assistant", "content": "Here you go"},
    ]
    assert visible_messages(trajectory) == [{"role": "user", "content": "hi"},
                                            {"role": "assistant", "content": "Here you go"}]
