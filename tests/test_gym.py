"""thinkingbox.interfaces.gym: the gymnasium-style environment over the same trial engine as tb eval."""
import asyncio

import pytest

from thinkingbox.engine.discovery import PluginHost, installed_domains
from thinkingbox.engine.episode import Limits
from thinkingbox.contract.errors import ThinkingboxError
from thinkingbox.interfaces.gym import (AsyncThinkingboxEnv, ThinkingboxEnv, actions_from_trajectory, make_vec, play,
                             reference_actions, replay_verdict)

pytestmark = pytest.mark.domains("retail", "booking")

NOTHING = {"type": "message", "content": "Sorry, I cannot help with this request. <DONE>"}


@pytest.fixture(scope="module")
def host():
    return PluginHost()


def first_write(domain, task):
    """The reference actions, and the index of the first call of a tool that changes the world."""
    actions = reference_actions(task)
    writes = domain.write_tools
    return actions, next(i for i, a in enumerate(actions) if a.get("tool") in writes)


@pytest.mark.parametrize("domain", sorted(installed_domains()))
@pytest.mark.slow
def test_the_reference_solution_earns_1_and_doing_nothing_0_on_every_task(domain, host):
    with ThinkingboxEnv(domain, host=host) as env:
        assert env.task_ids
        for task_id in env.task_ids:
            task = env.env.domain.task(task_id)
            observation, info = env.reset(task_id)
            assert observation["type"] == "start" and observation["request"] == task.request
            assert observation["tools"][-1]["name"] == "end_conversation"
            assert env.state_hash() == info["initial_hash"]
            for action in reference_actions(task):
                observation, reward, terminated, truncated, info = env.step(action)
                if terminated:
                    break
                assert reward == 0.0 and not truncated
            assert (reward, terminated, truncated) == (1.0, True, False), (task_id, info["check_details"])
            assert set(info["checks"].values()) == {1} and info["verdict"] is True
            assert info["failed_claims"] == [] and info["record"]["task"] == task_id

            env.reset(task_id)
            observation, reward, terminated, truncated, info = env.step(NOTHING)
            assert observation["type"] == "end"
            assert (reward, terminated, truncated) == (0.0, True, False), task_id
            assert 0 in info["checks"].values() and info["verdict"] is False


def test_a_tool_error_is_an_observation_and_the_episode_goes_on(host):
    with ThinkingboxEnv("retail", host=host) as env:
        _, info = env.reset(env.task_ids[0])
        for action in ({"type": "tool_call", "name": "no_such_tool", "arguments": {}},
                       {"type": "tool_call", "name": "get_order", "arguments": "{not json"},
                       {"type": "tool_call", "name": "get_order", "arguments": {"order_id": float("nan")}}):
            observation, reward, terminated, truncated, _ = env.step(action)
            assert observation["type"] == "tool_result" and observation["is_error"] is True, observation
            assert observation["content"] and (reward, terminated, truncated) == (0.0, False, False)
        assert env.state_hash() == info["initial_hash"]  # failed calls changed nothing


def test_the_end_tool_with_a_final_message_ends_the_episode_as_in_tb_eval(host):
    with ThinkingboxEnv("retail", host=host) as env:
        task = env.env.domain.task(env.task_ids[0])
        env.reset(task.id)
        *steps, final = reference_actions(task)
        for action in steps:
            env.step(action)
        observation, reward, terminated, truncated, info = env.step(
            {"type": "tool_call", "name": "end_conversation", "arguments": {}, "content": final["message"]})
        assert observation == {"type": "tool_result", "name": "end_conversation",
                               "content": "The conversation is over.", "is_error": False}
        assert (reward, terminated, truncated, info["finish_reason"]) == (1.0, True, False, "end_turn")


def test_limits_truncate_the_episode(host):
    with ThinkingboxEnv("retail", host=host, limits=Limits(max_user_turns=2, max_tool_calls=2)) as env:
        env.reset(env.task_ids[0])
        ask = {"type": "message", "content": "Could you tell me more?"}
        assert env.step(ask)[0]["type"] == "user_message"
        assert env.step(ask)[0]["type"] == "user_message"
        observation, reward, terminated, truncated, info = env.step(ask)
        assert (observation["type"], reward, terminated, truncated) == ("end", 0.0, False, True)
        assert info["finish_reason"] == "user_limit"

        env.reset(env.task_ids[0])
        call = {"type": "tool_call", "name": "no_such_tool", "arguments": {}}
        assert env.step(call)[2:4] == (False, False)
        assert env.step(call)[2:4] == (False, False)
        observation, reward, terminated, truncated, info = env.step(call)
        assert (observation["type"], terminated, truncated, info["finish_reason"]) == ("end", False, True, "action_limit")


def test_reset_restores_the_world_exactly(host):
    with ThinkingboxEnv("retail", host=host) as env:
        task = env.env.domain.task(env.task_ids[0])
        actions, write = first_write(env.env.domain, task)
        _, info = env.reset(task.id)
        for action in actions[:write + 1]:
            assert not env.step(action)[0].get("is_error")
        assert env.state_hash() != info["initial_hash"]
        _, again = env.reset(task.id)  # mid-episode: the unfinished episode is abandoned
        assert env.state_hash() == again["initial_hash"] == info["initial_hash"]
        assert env.step(NOTHING)[1] == 0.0
        assert env.state_hash() is None  # between episodes there is no world
        assert [env.reset()[1]["task"] for _ in range(2)] == env.task_ids[:2]  # no task: the next in id order


def test_bad_actions_and_steps_outside_an_episode_are_clear_errors(host):
    with ThinkingboxEnv("retail", host=host) as env:
        with pytest.raises(ThinkingboxError, match="call reset"):
            env.step(NOTHING)
        env.reset(options={"task": env.task_ids[1]})
        for bad, words in (("hello", "must be a dict"), ({"type": "shout"}, "unknown action type"),
                           ({"type": "message"}, "needs 'content'"), ({"type": "tool_call"}, "needs 'name'"),
                           ({"type": "tool_call", "name": "x", "arguments": [1]}, "'arguments' must be")):
            with pytest.raises(ThinkingboxError, match=words):
                env.step(bad)
        env.step(NOTHING)  # a bad action took no turn: the episode is still open
        with pytest.raises(ThinkingboxError, match="call reset"):
            env.step(NOTHING)
        with pytest.raises(ThinkingboxError, match="no task 'nope'"):
            env.reset("nope")


def test_vectorised_envs_step_independently(host):
    with make_vec(2, "retail", host=host) as vec:
        a, b = vec.env.envs
        task_a, task_b = (a.domain.task(t) for t in a.task_ids[:2])
        observations, infos = vec.reset([task_a.id, task_b.id])
        assert [o["request"] for o in observations] == [task_a.request, task_b.request]
        actions, write = first_write(a.domain, task_a)
        for action in actions[:write + 1]:
            vec.step([action, None])
        assert a.state_hash() != infos[0]["initial_hash"] and b.state_hash() == infos[1]["initial_hash"]
        for action in actions[write + 1:]:
            observations, rewards, terminated, truncated, infos = vec.step([action, None])
        assert (rewards, terminated, truncated) == ([1.0, 0.0], [True, False], [False, False])
        observations, rewards, terminated, _, infos = vec.step([None, NOTHING])
        assert (rewards, terminated, observations[0]) == ([0.0, 0.0], [False, True], None)
        assert infos[1]["verdict"] is False


def test_autoreset_starts_the_next_task_and_keeps_the_final_info(host):
    with make_vec(2, "retail", host=host, autoreset=True, tasks=["dfw-001"]) as vec:
        observations, _ = vec.reset()
        assert [o["type"] for o in observations] == ["start", "start"]
        observations, rewards, terminated, _, infos = vec.step([NOTHING, NOTHING])
        assert terminated == [True, True] and rewards == [0.0, 0.0]
        assert [o["type"] for o in observations] == ["start", "start"]
        assert [i["task"] for i in infos] == ["dfw-001", "dfw-001"]
        assert infos[0]["final_observation"]["type"] == "end" and infos[0]["final_info"]["verdict"] is False
        assert vec.env.envs[0].state_hash() == infos[0]["initial_hash"]


def test_async_envs_run_concurrently_in_one_loop(host):
    async def main():
        envs = [AsyncThinkingboxEnv("retail", host=host) for _ in range(3)]
        tasks = [envs[0].domain.task(t) for t in envs[0].task_ids[:3]]

        async def episode(env, task):
            await env.reset(task.id)
            for action in reference_actions(task):
                _, reward, terminated, _, _ = await env.step(action)
            return reward, terminated

        try:
            return await asyncio.gather(*(episode(e, t) for e, t in zip(envs, tasks)))
        finally:
            await asyncio.gather(*(e.close() for e in envs))

    assert asyncio.run(main()) == [(1.0, True)] * 3


def test_the_sync_env_inside_a_running_loop_is_a_clear_error(host):
    async def main():
        with pytest.raises(ThinkingboxError, match="use AsyncThinkingboxEnv"):
            env.reset(env.task_ids[0])

    with ThinkingboxEnv("retail", host=host) as env:
        asyncio.run(main())
        assert env.reset(env.task_ids[0])[0]["type"] == "start"  # and it still works outside one


def test_one_reference_actions_for_every_way_in(host):
    """thinkingbox.trials.reference_actions(domain, task) is the one format ({"tool",
    "arguments"} calls, {"message"} messages, the final message with <DONE> last); the gym's
    helper and the env's method give the same list, and `step` takes it as it is."""
    import thinkingbox.interfaces.gym as gym
    from thinkingbox.trials import reference_actions as public

    actions = public("retail", "dfw-001")
    assert all(set(a) in ({"tool", "arguments"}, {"message"}) for a in actions)
    assert actions[-1]["message"].endswith("<DONE>") and any("tool" in a for a in actions)
    (retail,) = host.load_domains(["retail"])
    assert gym.reference_actions("retail", "dfw-001") == gym.reference_actions(retail.task("dfw-001")) == actions
    with pytest.raises(ThinkingboxError, match=r'reference_actions\(DOMAIN, .dfw-001.\) with DOMAIN one of the installed \(.*retail.*env.reference_actions'):
        gym.reference_actions("dfw-001")
    with pytest.raises(ThinkingboxError, match="has no task 'nope'"):
        public("retail", "nope")
    with ThinkingboxEnv("retail", host=host) as env:
        assert env.reference_actions("dfw-001") == actions
        reward, info = env.play("dfw-001", env.reference_actions("dfw-001"))
        assert reward == 1.0 and info["finish_reason"] == "done"
        env.reset("dfw-001")
        assert env.step({"tool": "get_order", "arguments": {"order_id": "ORD-510101"}})[0]["type"] == "tool_result"
        assert env.step({"message": "Sorry, I cannot help. <DONE>"})[1:3] == (0.0, True)


def test_replay_verdict_runs_one_task_with_given_actions(host):
    (retail,) = host.load_domains(["retail"])
    task = retail.task(sorted(retail.tasks)[0])
    assert replay_verdict("retail", task.id, reference_actions(task), host=host) is True
    assert replay_verdict("retail", task.id, reference_actions(task)[:-1], host=host) is False  # no final message
    assert replay_verdict("retail", task.id, [], host=host) is False


def test_the_env_refuses_a_rubric_task_without_a_judge(host):
    (booking,) = host.load_domains(["booking"])
    rubric = next(t for t in sorted(booking.tasks) if booking.tasks[t].rubric)
    with ThinkingboxEnv("booking", host=host, judge=None) as env:
        with pytest.raises(ThinkingboxError, match="no judge is configured"):
            env.reset(rubric)


def test_a_gym_episode_is_the_trial_tb_eval_runs_with_the_same_actions(host):
    """The oracle agent under the facade's run_one and the reference actions through the env
    give the same trial: trajectory (call ids aside), counts, checks, diff and effects."""
    from thinkingbox.trials import RunSettings, run_one_async

    def comparable(record):
        trajectory = [{k: v for k, v in e.items() if k not in ("tool_call_id", "tool_calls")} for e in record["trajectory"]]
        for copy, event in zip(trajectory, record["trajectory"]):
            if "tool_calls" in event:
                copy["tool_calls"] = [{k: v for k, v in c.items() if k != "id"} for c in event["tool_calls"]]
        return {**{k: record[k] for k in ("verdict", "finish_reason", "checks", "diff", "effects", "final_message",
                                          "counts", "initial_hash")}, "trajectory": trajectory}

    async def main(domain_name, task_ids):
        (domain,) = host.load_domains([domain_name])
        settings = RunSettings(agent="oracle", judge="rules")
        env = AsyncThinkingboxEnv(domain_name, host=host)
        try:
            for task_id in task_ids:
                task = domain.task(task_id)
                oracle = (await run_one_async(domain, task, settings, host=host)).record
                _, info = await play(env, task_id, reference_actions(task))
                assert comparable(info["record"]) == comparable(oracle), task_id
                _, info = await play(env, task_id, actions_from_trajectory(oracle["trajectory"]))
                assert comparable(info["record"]) == comparable(oracle), task_id
        finally:
            await env.close()

    for domain_name in ("retail", "booking"):
        (domain,) = host.load_domains([domain_name])
        ids = sorted(domain.tasks)
        rubric = [t for t in ids if domain.tasks[t].rubric or domain.tasks[t].says][:2]
        asyncio.run(main(domain_name, ids[:3] + rubric))


def test_an_llm_user_answers_messages_and_its_failure_ends_the_episode_as_an_error(host, fake_openai, monkeypatch):
    monkeypatch.setenv("TB_USER_BASE_URL", fake_openai.url)
    fake_openai.script("fake-user", [{"content": "My order is ORD-510101."}, {"status": 400, "error": "bad"}])
    with ThinkingboxEnv("retail", host=host, user="llm:fake-user") as env:
        env.reset("dfw-001")
        observation, reward, terminated, truncated, _ = env.step({"type": "message", "content": "Which order?"})
        assert observation == {"type": "user_message", "content": "My order is ORD-510101."}
        assert (reward, terminated, truncated) == (0.0, False, False)
        assert "[1] Which order?" in fake_openai.requests_for("fake-user")[0]["messages"][-1]["content"]
        observation, reward, terminated, truncated, info = env.step({"type": "message", "content": "And?"})
        assert (observation["type"], reward, terminated, truncated) == ("end", 0.0, True, False)
        assert info["finish_reason"] == "error" and info["error"]


@pytest.mark.slow
def test_the_envs_are_registered_gymnasium_envs_that_pass_its_checker():
    """With the `gymnasium` extra (the dev group installs it), every domain is
    `thinkingbox/<domain>-v0`: text observations and actions, reset(seed=, options=), the
    5-tuple step, and gymnasium's own env checker passes."""
    gymnasium = pytest.importorskip("gymnasium", reason="the gymnasium extra is not installed "
                                    "(pip install './core[gymnasium]'; the workspace's dev group has it)")
    import json
    import warnings

    from gymnasium.utils.env_checker import check_env
    from thinkingbox.interfaces.gym import register_gymnasium_envs

    assert register_gymnasium_envs() == [f"thinkingbox/{d}-v0" for d in sorted(installed_domains())]
    env = gymnasium.make("thinkingbox/retail-v0")
    try:
        text_env = env.unwrapped
        assert isinstance(env.observation_space, gymnasium.spaces.Text)
        assert isinstance(env.action_space, gymnasium.spaces.Text)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            check_env(text_env)
        assert [str(w.message) for w in caught] == []   # (the checker warns of what it finds amiss)

        observation, info = env.reset(options={"task": "dfw-001"})
        start = json.loads(observation)
        assert info["task"] == "dfw-001" and start["type"] == "start" and observation in env.observation_space
        for action in text_env.reference_actions("dfw-001"):
            observation, reward, terminated, truncated, info = env.step(action)
            assert isinstance(observation, str) and observation in env.observation_space
            if terminated or truncated:
                break
        assert (reward, terminated, truncated, info["verdict"]) == (1.0, True, False, True)

        env.reset(options={"task": "dfw-001"})
        _, reward, terminated, _, info = env.step("I'm sorry, I cannot help with this. <DONE>")  # plain text: a message
        assert (reward, terminated, info["finish_reason"]) == (0.0, True, "done")
        assert env.reset(seed=7)[1]["task"] == env.reset(seed=7)[1]["task"]  # the seed picks the task
    finally:
        env.close()


def test_a_text_action_is_a_json_action_or_a_message():
    pytest.importorskip("gymnasium", reason="the gymnasium extra is not installed (pip install './core[gymnasium]')")
    from thinkingbox.interfaces.gymnasium_env import observation_text, parse_action

    assert parse_action('{"tool": "get_order", "arguments": {"order_id": "ORD-1"}}') == \
        {"tool": "get_order", "arguments": {"order_id": "ORD-1"}}
    assert parse_action("Hello {there}") == {"type": "message", "content": "Hello {there}"}
    assert parse_action("{not json") == {"type": "message", "content": "{not json"}
    assert observation_text({"type": "user_message", "content": "Grüße\n"}) == \
        '{"type":"user_message","content":"Gr\\u00fc\\u00dfe\\n"}'
    with pytest.raises(TypeError, match="a TextEnv action is a str"):
        parse_action({"type": "message"})
