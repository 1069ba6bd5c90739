"""The kinds of facts hotel-booking customers are asked for, and how people ask for them
(on top of the core's name, e-mail, phone, date of birth, address, reason, problem, photos)."""
from thinkingbox import FactKind

FACT_KINDS = (
    FactKind("booking_reference", probes=("What's your reservation number?", "Could you give me the booking ref?", "Which reservation is this about?", "Do you have the confirmation code for the stay?",), labels=("booking reference", "booking number", "reservation number"), asks=(
        r"(?:booking|reservation|confirmation)\s*(?:reference|ref|number|no|code|id|#)s?", r"reference(?:\s+(?:number|code))?s?",
        r"(?:which|what)\s+(?:booking|reservation|stay)", r"(?:booking|reservation)\s+(?:details|is\s+(?:it|this|that))", r"hb-?\s?number",
        r"(?:booking|reservation)\s+(?:you(?:'re|\s+are)\s+)?(?:calling|writing|asking)\s+about",
    )),
    FactKind("new_dates", probes=("What dates would you like instead?", "Which new check-out date do you want?", "What would the new dates of the stay be?",), labels=("new dates", "dates"), asks=(
        r"(?:new|different|updated|revised|preferred|changed)\s+(?:dates?|check-?\s?(?:in|out)(?:\s+dates?)?|arrival(?:\s+date)?|departure(?:\s+date)?|stay)",
        r"(?:which|what)\s+dates", r"(?:move|change|shift|extend|shorten)\s+(?:it|the\s+\w+|your\s+\w+)\s+to", r"dates?\s+(?:would\s+you\s+like|do\s+you\s+want|do\s+you\s+need)",
        r"when\s+(?:would\s+you\s+(?:now\s+)?like\s+to|do\s+you\s+(?:now\s+)?want\s+to|will\s+you\s+now)\s+(?:arrive|check\s+in|check\s+out|leave|stay)",
        r"(?:check-?\s?out|departure)\s+(?:date|day)", r"which\s+(?:night|day)\s+(?:would|do)\s+you",
        r"how\s+many\s+(?:extra\s+|more\s+|fewer\s+)?nights",
    )),
    FactKind("check_in_date", probes=("When does your stay start?", "What's the arrival date on the reservation?",), labels=("check-in date",), asks=(
        r"when\s+(?:does|did|is)\s+(?:the|your)\s+(?:booking|stay|reservation)\s+(?:start|begin)", r"when\s+is\s+(?:the\s+)?check-?\s?in", r"(?:start|arrival)\s+date",
        r"when\s+(?:are|were)\s+you\s+(?:due\s+to\s+)?(?:arrive|arriving|check(?:ing)?\s+in)",
    )),
    FactKind("stay_time", probes=("What time do you expect to arrive?", "At what time would you like to check out?",), labels=("arrival time", "check-out time", "time"), asks=(
        r"(?:what|which)\s+time", r"(?:arrival|departure|check-?\s?in|check-?\s?out)\s+time", r"(?:early|late)\s+check-?\s?(?:in|out)",
        r"(?:arrive|leave|get\s+there|check\s+(?:in|out))\s+at", r"(?:how\s+late|how\s+early|until\s+when|until\s+what\s+time)",
        r"when\s+(?:would|do)\s+you\s+(?:like|want|need)\s+to\s+(?:arrive|leave|check\s+(?:in|out))",
    )),
    FactKind("company", probes=("Which company do you work for?", "What's the name of your employer?", "Which organisation is the booking under?",), labels=("company", "employer"), asks=(
        r"(?:(?:the\s+)?name\s+of\s+(?:your|the)\s+)?compan(?:y|ies)(?:'s)?(?:\s+name)?", r"(?:(?:the\s+)?name\s+of\s+(?:your|the)\s+)?employer", r"organi[sz]ation", r"firm", r"(?:business|corporate|company)\s+account",
        r"who\s+do\s+you\s+work\s+for", r"work\s+for", r"(?:which|what)\s+account", r"on\s+behalf\s+of",
    )),
    FactKind("affected_nights", probes=("Which nights were affected?", "On which nights did this happen?",), labels=("affected nights",), asks=(
        r"(?:which|what)\s+nights?", r"nights?\s+(?:were|was)\s+(?:affected|impacted)", r"affected\s+nights?",
        r"(?:which|what)\s+(?:days|dates)\s+(?:were|was)\s+(?:affected|impacted)", r"(?:which|what)\s+(?:night|day)s?\s+(?:did|was|were)",
        r"how\s+many\s+nights", r"when\s+did\s+(?:this|it|the\s+\w+)\s+(?:happen|occur|start)",
    )),
    FactKind("evidence", probes=("Do you have anything to back this up?", "Is there any proof, like receipts or documentation?", "Did you report it to the front desk at the time?",), labels=("evidence", "proof"), asks=(
        r"evidence", r"proof", r"prove", r"substantiate", r"document(?:ation|s|ed)?", r"receipts?", r"records?\s+of", r"anything\s+(?:to\s+)?(?:show|support|back|prove)",
        r"support(?:ing)?\s+(?:it|this|your\s+claim|that)", r"back\s+(?:it|this|that)\s+up", r"(?:did|have)\s+you\s+(?:report|tell|complain|inform)\w*",
        r"front\s+desk", r"complain(?:ed|t)?",
    )),
    FactKind("guests", probes=("How many people are staying?", "How many guests will there be?",), labels=("guests", "adults"), asks=(
        r"how\s+many\s+(?:people|guests|adults|persons|travell?ers|of\s+you)", r"number\s+of\s+(?:guests|people|adults)",
        r"who\s+(?:is|will\s+be)\s+(?:staying|travell?ing|coming)", r"party\s+size", r"(?:just|only)\s+you",
    )),
    FactKind("room_type", probes=("Which type of room would you like?", "What kind of room do you want?",), labels=("room type", "room"), asks=(
        r"(?:room|accommodation)\s+(?:type|category|class)", r"type\s+of\s+room", r"(?:which|what)\s+(?:kind\s+of\s+|type\s+of\s+|sort\s+of\s+)?room",
        r"upgrade\s+to", r"(?:suite|deluxe|standard)\s+or",
    )),
    FactKind("board", probes=("Which meal plan would you like?", "Should breakfast be included?",), labels=("board", "board type", "breakfast"), asks=(
        r"board(?:\s+type|\s+basis)?", r"meal\s+(?:plan|option|package)s?", r"meals?", r"breakfast", r"half[-\s]board", r"full[-\s]board", r"dinner",
    )),
    FactKind("pet", probes=("What kind of animal is it?", "Tell me about your pet: breed and size?",), labels=("pet", "dog", "animal"), asks=(
        r"pets?", r"animals?", r"dogs?", r"cats?", r"breed", r"how\s+(?:big|heavy|large)\s+is", r"weigh\w*", r"what\s+kind\s+of\s+(?:pet|animal|dog)",
    )),
    FactKind("confirmation", probes=("What does your confirmation say?", "What were you quoted in the confirmation email?",), labels=("confirmation",), asks=(
        r"confirmation\s+(?:e-?mail\s+)?(?:say|show|state|list)s?", r"what\s+(?:does|did)\s+(?:your|the)\s+confirmation",
        r"(?:according\s+to|on|in)\s+(?:your|the)\s+confirmation(?:\s+e-?mail)?", r"what\s+(?:were|was)\s+you\s+(?:quoted|promised|told)",
    )),
    FactKind("amount", probes=("How much were you charged?", "What amount does your card statement show?",), labels=("amount charged", "charges", "amount", "refund received"), asks=(
        r"how\s+much\s+(?:were\s+you|was|did\s+you|have\s+you|has\s+been)\s+(?:charged|billed|taken|debited|pay|paid|refunded|get\s+back|receive[d]?|got\s+back)",
        r"amount\s+(?:charged|billed|taken|debited|on\s+your\s+(?:card|statement)|you\s+(?:were|saw))", r"what\s+(?:did\s+|does\s+)?(?:your\s+)?(?:card|statement|bank)\s+(?:show|say)",
        r"charges?\s+(?:on|to)\s+(?:your|the)", r"(?:card|bank|credit\s+card)\s+statement", r"what\s+amount", r"(?:which|what)\s+charges?", r"how\s+much", r"refund\s+(?:did\s+you\s+)?(?:receive|get)",
    )),
    FactKind("price", probes=("What price did you book at?", "What's the nightly rate you were given?",), labels=("booked price", "hotel price"), asks=(
        r"(?:what|which)\s+price", r"(?:what|how\s+much)\s+(?:was|is|were)\s+the\s+(?:price|rate|cost|total)", r"how\s+much\s+(?:did\s+you\s+book|was\s+the\s+booking|is\s+the\s+hotel|does\s+the\s+hotel|did\s+the\s+hotel)",
        r"price\s+(?:you\s+)?(?:booked|paid|quoted|were\s+given|saw)", r"(?:nightly|room)\s+rate", r"(?:hotel|booking)\s+(?:price|rate|quote)",
    )),
    FactKind("vehicle_height", probes=("How tall is the vehicle?",), labels=("vehicle height",), asks=(r"height", r"how\s+(?:tall|high)", r"clearance"),),
    FactKind("who_booked", probes=("Who made the booking?",), labels=("who booked",), asks=(
        r"who\s+(?:made|booked|placed|arranged)", r"booked\s+by", r"name\s+(?:of\s+the\s+person\s+who|on\s+the)\s+(?:booked|booking)",
    )),
)
