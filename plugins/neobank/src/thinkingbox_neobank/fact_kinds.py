"""The kinds of facts a bank's employees are asked for at its internal help desk, and how
people ask for them (on top of the core's name, e-mail, phone, date of birth, address,
reason, problem, photos)."""
from thinkingbox import FactKind

ACCESS_LEVEL = FactKind("access_level", probes=("Do you need read-only or write access?", "What level of access do you need?", "What will you need to do in it: just view, or edit too?",), labels=("access level", "permission level", "role"), asks=(
    r"(?:access|permission|permissions|role)\s+(?:level|type|rights|scope)", r"level\s+of\s+(?:access|permissions?)",
    r"(?:read|read-only|write|edit|admin|view)(?:\s*(?:,|or|/)\s*(?:read|read-only|write|edit|admin|view)\w*)+(?:\s+access)?",
    r"(?:which|what)\s+(?:kind\s+of\s+|type\s+of\s+|sort\s+of\s+)?(?:access|permissions?|role|rights)",
    r"what\s+(?:do|will)\s+you\s+need\s+to\s+do\s+(?:in|with|on)", r"(?:edit|write|read|view)\s+access", r"(?:just|only)\s+(?:read|view|look)",
    r"need\s+to\s+(?:change|edit|modify)\s+(?:anything|things|data)",
))

FACT_KINDS = (
    ACCESS_LEVEL,
    FactKind("period", probes=("How long do you need the access for?", "Is there an end date, or is it ongoing?", "Until when should it last?",), labels=("period", "duration"), asks=(
        r"how\s+long", r"(?:end|expiry|expiration|until|finish)\s+date", r"until\s+when", r"for\s+how\s+long", r"duration",
        r"temporar(?:y|ily)", r"permanent(?:ly)?", r"ongoing", r"when\s+(?:should|does|will|can)\s+(?:it|the\s+access|this)\s+(?:end|expire|stop|be\s+removed)",
        r"time\s+(?:limit|period|frame)", r"how\s+many\s+(?:days|weeks|months)",
    )),
    FactKind("tried", probes=("What have you tried so far?", "Have you already done any troubleshooting?", "Did you try restarting it?",), labels=("what you tried", "what you tried this time"), asks=(
        r"(?:what\s+)?(?:have|did|had)\s+you\s+(?:already\s+)?(?:tried|try|done|attempted)", r"(?:steps|troubleshooting)\s+(?:have\s+you\s+|you(?:'ve)?\s+)?(?:taken|tried|done)",
        r"already\s+(?:tried|done|attempted)", r"anything\s+(?:yourself|so\s+far)", r"tried\s+(?:restarting|rebooting|anything|turning)",
        r"troubleshoot\w*", r"attempt\w*\s+to\s+fix", r"(?:restart|reboot)(?:ed|ing)?", r"turn(?:ed|ing)?\s+it\s+off\s+and\s+on",
    )),
    FactKind("steps_result", probes=("Did those steps fix it?", "Is it working now?", "Is the problem still happening?",), labels=("did the steps work", "the vpn problem", "fixed"), asks=(
        r"(?:did|have|do)\s+(?:the|those|these|my|our)\s+(?:steps|suggestions|instructions|fix(?:es)?|tips)\s+(?:work|help|fix|solve|resolve)\w*",
        r"(?:is|was)\s+(?:it|the\s+\w+|this)\s+(?:now\s+)?(?:fixed|resolved|working|sorted|solved)", r"still\s+(?:happening|occurring|broken|failing|an?\s+(?:issue|problem))",
        r"any\s+(?:better|luck|change|improvement)", r"(?:works|working)\s+now", r"did\s+(?:that|it|this)\s+(?:work|help|fix|solve)",
        r"(?:problem|issue)\s+(?:persist|gone|resolved|fixed)\w*", r"(?:did\s+you\s+)?(?:manage|get\s+a\s+chance)\s+to\s+try", r"how\s+did\s+(?:it|that)\s+go",
    )),
    FactKind("device_works", probes=("Is it still working?", "Does the device work at all right now?",), labels=("does it work",), asks=(
        r"(?:does|do|is|are)\s+(?:it|the\s+\w+|your\s+\w+(?:\s+\w+)?)\s+(?:still\s+)?(?:work|working|function\w*|usable|broken|faulty|damaged)",
        r"(?:still\s+)?(?:working|functional|functioning)", r"(?:anything|something)\s+(?:wrong|broken)\s+with", r"(?:in\s+)?working\s+(?:order|condition)",
        r"broken", r"faulty", r"damaged",
    )),
    FactKind("current_equipment", probes=("What do you currently have at your desk?", "How many monitors do you have at the moment?",), labels=("current dock", "current headset", "current monitors"), asks=(
        r"(?:do\s+you\s+(?:already\s+|currently\s+)?have|currently\s+(?:have|use)|how\s+many)\s+(?:a\s+|an\s+|any\s+)?(?:monitors?|docks?|docking\s+stations?|headsets?|screens?|displays?)",
        r"(?:at|on)\s+your\s+desk", r"(?:what|which)\s+(?:equipment|hardware|devices|gear|peripherals)", r"(?:currently|already)\s+have", r"(?:current|existing)\s+(?:monitors?|docks?|docking\s+stations?|headsets?|setup|equipment|screens?)", r"what\s+(?:do\s+you\s+)?(?:currently\s+)?(?:have|use)\s+(?:now|today|at\s+the\s+moment)",
    )),
    FactKind("last_day", probes=("When is your last working day?", "When do you leave?",), labels=("last day", "leaving date"), asks=(
        r"(?:when\s+is\s+)?(?:your\s+)?last\s+(?:day|working\s+day|date|day\s+at\s+work)", r"leaving\s+date", r"when\s+(?:do|are|will)\s+you\s+(?:leave|leaving|finish|go)", r"(?:departure|exit)\s+date",
    )),
    FactKind("manager_approval", probes=("Has your manager approved this?", "Did your manager sign off on it?",), labels=("manager approval", "approval"), asks=(
        r"(?:your\s+|the\s+)?manager(?:'s)?\s+(?:approv\w+|ok|okay|sign-?off|consent|agree\w*|said|say)", r"(?:approved|signed\s+off|ok'?d|okayed|agreed)\s+by",
        r"(?:has|did)\s+(?:your|the)\s+manager", r"approv(?:al|ed|e)",
    )),
    FactKind("incident", probes=("What's the incident number?", "Which ticket is this about?",), labels=("incident", "incident number", "ticket"), asks=(
        r"incident(?:\s+(?:number|id|reference|ticket|code))?", r"ticket\s+(?:number|id|reference)", r"inc\s*-?\s*number", r"(?:which|what)\s+ticket",
    )),
)
