"""The kinds of facts a consulting firm's staff are asked for at its internal service desk,
and how people ask for them (on top of the core's name, e-mail, phone, date of birth,
address, reason, problem, photos)."""
from thinkingbox import FactKind

BATTERY = FactKind("battery", labels=("battery", "battery life"), probes=(
    "How is the battery holding up?", "Does it still hold a charge through the day?"), asks=(
    r"batter(?:y|ies)(?:\s+(?:life|health|issues?|problems?|level))?", r"hold(?:s|ing)?\s+(?:a|its|the)\s+charge",
    r"drain(?:s|ing)?(?:\s+(?:fast|quickly))?", r"how\s+long\s+does\s+(?:it|the\s+\w+)\s+last", r"charg(?:e|ing)\s+(?:issues?|problems?)",
))

FACT_KINDS = (
    BATTERY,
    FactKind("engagement", probes=("Which client is this for?", "What project will you be working on?", "Which engagement should this be charged to?",), labels=("engagement", "client", "project"), asks=(
        r"engagements?", r"(?:which|what)\s+(?:client|project|account|engagement|customer|case)", r"client\s+(?:work|project|name|engagement)",
        r"project\s+(?:name|code|number)", r"charge\s+(?:code|it\s+to|this\s+to)", r"billable\s+to", r"(?:for|on)\s+which\s+(?:client|project)",
        r"who\s+is\s+the\s+client", r"what\s+(?:are\s+you|is\s+this)\s+(?:working\s+on|for)",
    )),
    FactKind("origin", probes=("Where are you flying from?", "Which city will you depart from?", "Where does the trip start?",), labels=("from", "origin", "departure city"), asks=(
        r"(?:where|which\s+(?:city|airport))\s+(?:are\s+you|will\s+you(?:\s+be)?|would\s+you(?:\s+be)?|do\s+you)\s+(?:flying|travell?ing|departing|leaving|starting|coming|fly|travel|depart|leave|start|come)(?:\s+(?:out\s+)?from)?",
        r"(?:departure|origin|home|starting)\s+(?:city|airport|point|location)", r"(?:fly|flying|depart|departing|leave|leaving|travel\w*|start\w*)\s+from\s+(?:where|which)",
        r"where\s+from", r"based\s+(?:in|out\s+of)", r"where\s+(?:are|will)\s+you\s+(?:be\s+)?(?:start|leav|depart|fly)\w*",
        r"where\s+does\s+(?:the|your)\s+(?:trip|flight|journey)\s+(?:start|begin)", r"(?:home\s+)?office\s+(?:are\s+you|do\s+you)", r"origin",
    )),
    FactKind("travel_dates", probes=("When are you travelling?", "Which dates is the trip?", "When do you leave and when do you come back?",), labels=("dates", "travel dates"), asks=(
        r"(?:travel|trip|departure|return|outbound|inbound|flight)\s+dates?", r"(?:which|what)\s+dates", r"(?:which|what)\s+days",
        r"when\s+(?:is|are)\s+(?:the|your)\s+(?:trip|travel|flights?|journey|visit)", r"when\s+(?:do|will|are|would)\s+you\s+(?:travel|leav|fly|go|com(?:e|ing)\s+back|return|depart|be\s+travel)\w*",
        r"how\s+long\s+(?:is|will)\s+(?:the|your)\s+(?:trip|stay|visit)", r"when\s+(?:are|do)\s+you\s+need\s+to\s+(?:be|travel|leave)", r"outbound|return\s+(?:flight|leg|day)",
    )),
    FactKind("flight_duration", probes=("How long is the flight?", "What's the flying time each way?", "How many hours is the trip in the air?",), labels=("flight", "flight time", "flight duration"), asks=(
        r"(?:flight|flying)\s+(?:time|duration|length)", r"how\s+long\s+(?:is|will|does|would)\s+(?:the|your|each)\s+(?:flight|journey|leg)(?:\s+(?:be|take|last))?",
        r"duration\s+of\s+(?:the\s+)?(?:flight|journey)", r"hours?\s+(?:is\s+the\s+flight|of\s+flying|in\s+the\s+air)", r"how\s+many\s+hours",
        r"(?:long|short)[-\s]haul", r"how\s+long\s+(?:are\s+you\s+)?(?:in\s+the\s+air|flying)",
    )),
    FactKind("cabin", probes=("Which class do you want to fly?", "Economy or business?", "What cabin would you like?",), labels=("cabin", "class"), asks=(
        r"cabin(?:\s+class)?", r"(?:which|what)\s+class", r"(?:economy|business|premium|first)(?:\s+class)?\s+or", r"fare\s+(?:class|type)",
        r"seat(?:ing)?\s+class", r"travel\s+class", r"class\s+of\s+(?:travel|service|ticket|seat)", r"fly\s+(?:economy|business)",
        r"(?:economy|business)\s+(?:seat|ticket|class)",
    )),
    FactKind("hotel_rate", probes=("What's the nightly rate of the hotel you'd like?", "Where would you like to stay, and at what price per night?",), labels=("hotel", "hotel rate"), asks=(
        r"hotels?(?:\s+(?:rate|price|cost|room|choice|budget))?", r"nightly\s+(?:rate|cost|price)", r"(?:rate|price|cost)\s+(?:per|a|each)\s+night",
        r"accommodation", r"lodging", r"where\s+(?:will|would|do)\s+you\s+(?:stay|like\s+to\s+stay|want\s+to\s+stay)", r"how\s+much\s+(?:is|does|will)\s+the\s+(?:hotel|room)",
        r"place\s+to\s+stay",
    )),
    FactKind("expense_claim", probes=("Which expense is this about?", "What's the expense claim number?",), labels=("claim", "expense"), asks=(
        r"(?:which|what)\s+(?:expense|claim|receipt)s?", r"expense\s+(?:claim|id|number|report|reference|item)s?", r"claim\s+(?:number|id|reference)s?",
        r"exp-?\s?number", r"(?:which|what)\s+(?:meal|purchase|cost)",
    )),
    FactKind("system", probes=("Which system do you need access to?", "What's the name of the application?", "Which tool is this for?",), labels=("system", "application", "platform"), asks=(
        r"(?:which|what)\s+(?:system|application|app|platform|tool|environment|software|database|repository|workspace)s?",
        r"(?:system|application|app|platform|tool)\s+name", r"name\s+of\s+the\s+(?:system|application|tool|platform)",
        r"access\s+to\s+what", r"what\s+(?:do\s+you\s+)?need\s+access\s+to",
    )),
    FactKind("access_level", probes=("Do you need read-only or write access?", "What level of access do you need?", "What will you need to do in it: just view, or edit too?",), labels=("access level", "permission level"), asks=(
        r"(?:access|permission|permissions|role)\s+(?:level|type|rights|scope)", r"level\s+of\s+(?:access|permissions?)",
        r"(?:read|read-only|write|edit|admin|view)(?:\s*(?:,|or|/)\s*(?:read|read-only|write|edit|admin|view)\w*)+(?:\s+access)?",
        r"(?:which|what)\s+(?:kind\s+of\s+|type\s+of\s+|sort\s+of\s+)?(?:access|permissions?|rights)",
        r"what\s+(?:do|will)\s+you\s+need\s+to\s+do\s+(?:in|with|on)", r"(?:edit|write|read|view)\s+(?:access|rights)", r"(?:just|only)\s+(?:read|view|look)",
        r"need\s+to\s+(?:change|edit|modify|upload)",
    )),
)
