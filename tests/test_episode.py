"""The episode loop's termination rules and the scripted user."""

from helpers import run
from thinkingbox.models.agents import AgentTurn, ToolCallRequest
from thinkingbox.engine.episode import Limits, run_episode, visible_messages
from thinkingbox.contract.tasks import Task
from thinkingbox.models.users import IDK, THANKS, ScriptedUser

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


AGREEMENT_REQUESTS = [
    "Shall I go ahead and cancel the booking?",
    "Should I process the refund of $40 now?",
    "Would you like me to move your stay to 10-12 October?",
    "Do you want me to proceed with the upgrade?",
    "The change costs $25. Would you like to go ahead?",
    "Please confirm that you want me to cancel it.",
    "Can you confirm you'd like the replacement sent?",
    "The fee is $15. Is that OK with you?",
    "Does that sound good?",
    "Are you happy for me to apply the change?",
    "OK to proceed?",
    "I can move both rooms for a $50 fee. Shall we?",
    "May I go ahead with the exchange?",
    "Do you agree to the $10 restocking fee?",
    "I can refund $20 to your card. Would that work for you?",
    "The new dates are 3-5 May. Does that work?",
    "Would that be okay?",
    "I'll cancel it for a $20 fee. Sound good?",
    "Do I have your go-ahead to cancel?",
    "Want me to send the replacement?",
    "Happy to proceed?",
    "Do you accept the $15 fee?",
    "Does that suit you?",
    "I can take care of it right now - want me to?",
    # a thing proposed, asked whether it suits
    "Would Thursday at 3pm suit your schedule for the installer?",
    "Does the 10:00 slot work for you?",
    "I can do 3 May instead. Would that date work?",
    "Could Friday morning work?",
    "Does that work or not?",
    "Does Thursday work with your schedule?",
    "Does it work for you?",
    "Would it work if I moved you to Friday?",
    "Will that work?",
    "Does this work, or would you rather wait?",
    "Will that work for your dates?",
]
NOT_AGREEMENT = [
    "May I have your email address?",
    "Can you confirm your email address?",
    "Could you confirm the booking reference?",
    "What is your order number?",
    "Your refund has been issued.",
    "Is there anything else I can help with?",
    "Can I help you with anything else today?",
    "I'm not sure that would work with your fare.",
    "That works out to $20 in all.",
    "What time would work for you?",
    "Which day would suit you best?",
    "Would Monday or Tuesday work better?",
    "Would Thursday or Friday suit you?",
    "Does your phone still work?",
    "Does your email work?",
    "Will the new policy work out cheaper?",
    "Do you work from home?",
    "Does the device work at all right now?",  # whether a thing functions: a fact (tb user-check probes it)
    "Do the keys on the keyboard work?",
    "Does it work at all?",
    "Does it work now that you've restarted it?",
    "Does that work offline?",
    "Does this work at all on your laptop?",
    "Does that work with the old firmware?",
]


def test_requests_for_agreement_are_recognised_by_their_form():
    from thinkingbox.models.users import asks_for_agreement

    assert [m for m in AGREEMENT_REQUESTS if not asks_for_agreement(m)] == []
    assert [m for m in NOT_AGREEMENT if asks_for_agreement(m)] == []


def conversation(*assistant):
    visible = [{"role": "user", "content": "Hi"}]
    for text in assistant:
        visible += [{"role": "assistant", "content": text}, {"role": "user", "content": "..."}]
    return visible[:-1]


def test_the_scripted_user_confirms_or_declines_from_the_tasks_decisions():
    task = Task.model_validate({**TASK.model_dump(), "user_decisions": [
        {"about": "cancel the booking", "answer": "no", "reply": "No, keep the booking please."},
        {"about": "move the stay", "answer": "yes", "after": ["fee", "$"]},
    ]})
    user = ScriptedUser(task)
    assert run(user.reply(conversation("Shall I cancel the booking?"))) == "No, keep the booking please."
    asked_early = run(user.reply(conversation("Would you like me to move the stay to the 12th?")))
    assert asked_early == "Before I decide, what will it cost me?"  # a cost: neither yes nor no until stated
    explained = conversation("Moving the stay costs a $25 change fee.", "Shall I move the stay?")
    assert run(user.reply(explained)) == "Yes, please go ahead."
    both = run(user.reply(conversation("What is your email, and shall I cancel the booking?")))
    assert both == "email: ana@example.com; No, keep the booking please."
    # nothing declared: the customer goes ahead with what it came for
    assert run(ScriptedUser(TASK).reply(conversation("Shall I go ahead?"))) == "Yes, please go ahead."
    assert run(ScriptedUser(TASK).reply(conversation("Would Thursday at 3pm suit your schedule for the installer?"))) \
        == "Yes, please go ahead."
    assert "When asked to agree to cancel the booking: decline and never agree to it" in task.user_context()
    amount_only = Task.model_validate({**TASK.model_dump(), "user_decisions": [
        {"about": "move the stay", "answer": "yes", "after": ["$"]}]})  # a bare "$" reads as the cost
    assert run(ScriptedUser(amount_only).reply(conversation("Shall I move the stay?"))) == \
        "Before I decide, what will it cost me?"
    assert "agree only once the assistant has told you what it will cost you" in amount_only.user_context()


# ---- matching questions to facts: word stems, declared phrasings, all new messages ------

STAY = Task.model_validate({**TASK.model_dump(), "user_facts": {
    "new dates": "12-14 October", "period": "three nights", "anything else": "I also need a cot.",
    "reason": "a wedding"}, "user_fact_phrasings": {
    "period": ["how long", "how many nights"], "anything else": ["any other item", "something else"]}})


def test_the_light_stemmer_folds_plurals_and_verb_endings():
    from thinkingbox.models.users import stem, stems

    assert {stem(w) for w in ["date", "dates", "dated", "dating"]} == {"dat"}
    assert {stem(w) for w in ["try", "tried", "tries", "trying"]} == {"try"}
    assert {stem(w) for w in ["cancel", "cancelled", "canceled", "cancelling", "cancels"]} == {"cancel"}
    assert {stem(w) for w in ["use", "used", "uses", "using"]} == {"us"}
    assert stem("stopped") == "stop" and stem("addresses") == "address" and stem("policies") == "policy"
    assert stem("agreed") == stem("agree") and stem("boxes") == stem("box")
    assert stem("thing") == "thing" and stem("bring") == "bring"  # no vowel would be left
    assert stems("Let us know the new check-out date") == {"let", "know", "new", "check", "out", "dat"}
    assert "us" not in stems("let us know")  # a stop word never stems into the label "use"


def test_the_scripted_user_matches_a_label_by_its_stems():
    user = ScriptedUser(STAY)
    assert run(user.reply(conversation("What is the new check-out date you would like?"))) == \
        "new dates: 12-14 October"
    assert run(user.reply(conversation("Which dates would you like instead?"))) == IDK  # "new" is missing
    assert run(user.reply(conversation("What is the reason for the change?"))) == "reason: a wedding"
    assert run(user.reply(conversation("Could you give me the reasons?"))) == "reason: a wedding"


def test_the_scripted_user_matches_a_label_by_a_declared_phrasing():
    user = ScriptedUser(STAY)
    assert run(user.reply(conversation("For how long?"))) == "period: three nights"
    assert run(user.reply(conversation("How many nights will you stay?"))) == "period: three nights"
    assert run(user.reply(conversation("Do you need any other item?"))) == "anything else: I also need a cot."
    assert run(user.reply(conversation("Is there anything else?"))) == "anything else: I also need a cot."
    # without the phrasings these two are missed
    bare = ScriptedUser(Task.model_validate({**STAY.model_dump(), "user_fact_phrasings": {}}))
    assert run(bare.reply(conversation("For how long?"))) == IDK
    assert run(bare.reply(conversation("Do you need any other item?"))) == IDK


def test_phrasings_must_name_a_fact_and_hold_words():
    import pytest
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="'length' is not a label of user_facts"):
        Task.model_validate({**STAY.model_dump(), "user_fact_phrasings": {"length": ["how long"]}})
    with pytest.raises(ValidationError, match="non-blank phrasings"):
        Task.model_validate({**STAY.model_dump(), "user_fact_phrasings": {"period": []}})
    with pytest.raises(ValidationError, match="non-blank phrasings"):
        Task.model_validate({**STAY.model_dump(), "user_fact_phrasings": {"period": [" "]}})


def test_the_scripted_user_answers_every_message_since_its_last():
    user = ScriptedUser(TASK)
    visible = [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "What is your email?"},
               {"role": "assistant", "content": "One moment while I look up the order. What is the order number?"}]
    assert run(user.reply(visible)) == "email: ana@example.com; order number: ORD-1"
    answered = visible + [{"role": "user", "content": "email: ana@example.com"},
                          {"role": "assistant", "content": "Thanks. And the order number?"}]
    assert run(user.reply(answered)) == "order number: ORD-1"  # the email was asked before its last message
    task = Task.model_validate({**TASK.model_dump(), "user_decisions": [
        {"about": "refund", "answer": "yes", "after": ["$"]}]})
    early = [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "The refund is $40."},
             {"role": "assistant", "content": "Shall I refund it?"}]
    assert run(ScriptedUser(task).reply(early)) == "Yes, please go ahead."


def test_fixed_replies_for_anything_else_and_for_waiting():
    from thinkingbox.models.users import NOTHING_ELSE, WAIT_REPLY, asks_anything_else, asks_to_wait

    user = ScriptedUser(TASK)
    for offer in ["Is there anything else I can help with?", "Can I help you with anything else today?",
                  "Your refund is issued. Anything more I can do?", "Any other questions?"]:
        assert asks_anything_else(offer) and run(user.reply(conversation(offer))) == NOTHING_ELSE, offer
    for hold in ["One moment while I process this.", "Please wait while I check.", "Bear with me.",
                 "Give me a second to look into it.", "Hold on, I'm checking the order."]:
        assert asks_to_wait(hold) and run(user.reply(conversation(hold))) == WAIT_REPLY, hold
    assert not asks_to_wait("Your refund will arrive in 5 days.") and not asks_anything_else("What else?")
    assert run(user.reply(conversation("One moment. What is your email?"))) == "email: ana@example.com"
    assert run(user.reply(conversation("One moment. What is your date of birth?"))) == IDK
    assert run(user.reply(conversation("Your refund has been issued."))) == THANKS


def test_the_scripted_user_gives_facts_only_for_sentences_that_ask():
    task = Task.model_validate({**TASK.model_dump(), "user_facts": {"email": "ana@example.com", "hotel": "The Pier"}})
    user = ScriptedUser(task)
    told = run(user.reply(conversation("Your hotel is booked and the email confirmation is on its way. Anything else?")))
    assert "ana@example.com" not in told and "The Pier" not in told
    assert run(user.reply(conversation("Your hotel is booked. I need your email to send the receipt."))) == \
        "email: ana@example.com"
