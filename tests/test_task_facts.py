"""What the simulated user is given, checked over every task of every installed domain
(docs/writing-domains.md; the authoring rules "The user can play its part"):

- the customer's own name is a user fact (a label containing "name"), so the user can give it,
  and it is the name in the task's records (one name fact, at least, appears there as written);
- behaviour lines and decision replies carry no money amount: the user knows no policy or
  price ("accept the service fee once it is explained", never "accept the $15 fee"), so it can
  never correct the agent into the right answer;
- no fact is a bare agreement ("Yes", "Yes, go ahead"): agreement to act is a user decision
  (with `after` when a cost must be explained first), or the fact says on what condition;
- `user_fact_phrasings` name facts of their task (the task model checks it; every task loads).

Each failure names the domain, the task and the field.
"""
from __future__ import annotations

import re

import pytest

from thinkingbox.engine.discovery import PluginHost, installed_domains

pytestmark = pytest.mark.domains("retail", "booking", "neobank", "auto_insurance", "consulting")

MONEY = re.compile(r"""
    [$\u20ac\u00a3]\s*\d                                     # $12, $ 12.50
  | \b\d[\d,]*(?:\.\d+)?\s*(?:dollars?|bucks|usd|eur|euros?|gbp|cents?)\b  # 12.50 dollars, 40 USD
  | \b(?:usd|eur|gbp)\s*\d                                    # USD 40
""", re.IGNORECASE | re.VERBOSE)

# A value made only of these words is an agreement without content or condition.
AGREEMENT_WORDS = {
    "yes", "yeah", "yep", "sure", "ok", "okay", "please", "go", "ahead", "proceed", "confirm", "confirmed", "i",
    "agree", "agreed", "that's", "thats", "that", "is", "it", "fine", "correct", "do", "right", "sounds", "good",
    "absolutely", "of", "course", "thanks", "thank", "you", "with", "me", "by", "all", "alright", "definitely",
    "certainly", "happy", "to", "can", "go-ahead",
}


def _domains():
    host = PluginHost()
    return host.load_domains(sorted(installed_domains()))


DOMAINS = _domains()
TASKS = [(domain, task) for domain in DOMAINS for task in sorted(domain.tasks.values(), key=lambda t: t.id)]


def is_bare_agreement(value: str) -> bool:
    words = re.findall(r"[a-z][a-z'-]*", value.lower().replace("\u2019", "'"))
    return bool(words) and all(word in AGREEMENT_WORDS for word in words)


def test_every_domain_is_installed_and_has_tasks():
    assert {d.name for d in DOMAINS} >= {"retail", "booking", "neobank", "auto_insurance", "consulting"}
    assert all(d.tasks for d in DOMAINS)


def test_the_checks_catch_what_they_should():
    for bad in ["Accept the $15 service fee.", "Pay 12.50 dollars at most.", "Agree to USD 40.", "Accept 40 USD.",
                "It costs \u20ac 9."]:
        assert MONEY.search(bad), bad
    for good in ["Accept the service fee once it is explained.", "Stay on 2 October.", "Room 12, two adults.",
                 "Order ORD-510101."]:
        assert not MONEY.search(good), good
    for bare in ["Yes", "Yes, go ahead.", "Yes, please.", "OK, I confirm.", "Sure, that's fine!", "Yes, please proceed"]:
        assert is_bare_agreement(bare), bare
    for fact in ["Yes, I opened the box.", "Yes, cancel the whole order, the cable too.", "No.",
                 "Yes, if it can't be cancelled I'll return it."]:
        assert not is_bare_agreement(fact), fact


def _record_text(domain, task) -> str:
    """Every row of the task's starting world (base fixtures and the task's rows), as text."""
    world = domain._seed_task(task)  # the rows alone; prepare() would also run the solution
    try:
        return str(world.snapshot()).lower()
    finally:
        world.close()


def _problems(domain, task) -> list[str]:
    where = f"{domain.name}/{task.id}"
    problems = []
    names = [label for label in task.user_facts if "name" in label.lower()]
    if not names:
        problems.append(f"{where}: user_facts: no fact whose label contains 'name' (the customer's own name)")
    problems += [f"{where}: user_facts.{label}: blank name" for label in names if not task.user_facts[label].strip()]
    if names:
        records = _record_text(domain, task)
        if not any(task.user_facts[label].strip().lower() in records for label in names):
            problems.append(f"{where}: user_facts.{names[0]}: {task.user_facts[names[0]]!r} is not a name in the "
                            "task's records (the customer's own name, as the records write it)")
    for i, line in enumerate(task.user_behavior):
        if match := MONEY.search(line):
            problems.append(f"{where}: user_behavior[{i}]: money amount {match.group(0)!r} in {line!r}")
    for i, decision in enumerate(task.user_decisions):
        for field in ("about", "reply"):
            if match := MONEY.search(getattr(decision, field)):
                problems.append(f"{where}: user_decisions[{i}].{field}: money amount {match.group(0)!r}")
    for label, value in task.user_facts.items():
        if is_bare_agreement(value):
            problems.append(f"{where}: user_facts.{label}: bare agreement {value!r}; declare a user decision "
                            "(with `after` when a cost must be explained first) or state the condition")
    for label in task.user_fact_phrasings:
        if label not in task.user_facts:
            problems.append(f"{where}: user_fact_phrasings.{label}: not a label of user_facts")
    return problems


@pytest.mark.parametrize("domain", [d.name for d in DOMAINS])
def test_user_facts_let_the_user_play_its_part(domain):
    problems = [p for owner, task in TASKS if owner.name == domain for p in _problems(owner, task)]
    assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(problems)
