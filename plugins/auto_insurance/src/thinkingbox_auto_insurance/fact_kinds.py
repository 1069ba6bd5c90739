"""The kinds of facts auto-insurance customers are asked for, and how people ask for them
(on top of the core's name, e-mail, phone, date of birth, address, reason, problem, photos)."""
from thinkingbox import FactKind

_LOSS = r"(?:accident|collision|crash|incident|loss|damage|storm|theft|break-in|hail|event|claim|hit|bump|fender[-\s]bender)"

FACT_KINDS = (
    FactKind("policy_number", personal=True, probes=("What's your policy ID?", "Which policy is this about?", "Could you read me the number on your policy?",), labels=("policy number", "policy id"), asks=(
        r"policy\s*(?:number|no|#|id|reference|ref|code)s?", r"(?:which|what)\s+policy", r"(?:number|id)\s+(?:of|on|for)\s+(?:your|the)\s+policy",
        r"ng-?\s?number",
    )),
    FactKind("tax_id", personal=True, probes=("Could you give me the last four digits of your SSN?", "What are the last 4 of your social?", "Can you confirm your taxpayer ID digits?",), labels=("tax id", "ssn"), asks=(
        r"(?:tax|taxpayer)\s*(?:id(?:entification)?|number|no)(?:\s+number)?", r"ssn", r"social(?:\s+security)?(?:\s+(?:number|no))?",
        r"last\s+(?:four|4)(?:\s+digits)?", r"tin", r"itin",
    )),
    FactKind("loss_date", probes=("When did the accident happen?", "What was the date of the incident?", "On which day did this occur?", "When exactly did it happen?",), labels=("date", "loss date", "date of loss"), asks=(
        rf"when\s+did\s+(?:it|this|that|the\s+{_LOSS}|the\s+\w+\s+{_LOSS}|your\s+{_LOSS})\s+(?:happen|occur|take\s+place)",
        rf"(?:date|day|time)\s+of\s+(?:the\s+)?{_LOSS}", rf"{_LOSS}\s+date", rf"when\s+(?:was|did)\s+(?:the|this|it|that|your)\s+{_LOSS}",
        r"what\s+(?:day|date)\s+(?:did|was)\s+(?:it|this|that)", r"when\s+(?:did\s+)?(?:it|this|that)\s+happen(?:ed)?",
        r"when\s+did\s+(?:you|someone|somebody|they|he|she)\s+(?:hit|crash|run\s+into|rear-end|collide|back\s+into)", r"when\s+(?:did|was)\s+(?:you|the\s+car)\s+(?:hit|damaged|struck)",
        r"what\s+date\s+(?:did|was)", r"when\s+exactly", r"(?:on\s+)?(?:which|what)\s+(?:day|date)\s+did\s+(?:this|it|that|the\s+\w+)\s+(?:happen|occur|take\s+place)",
    )),
    FactKind("prior_accidents", probes=("Have you had any accidents or claims in the last few years?", "Any previous claims I should know about?",), labels=("accident", "claim", "accidents", "claims"), asks=(
        r"(?:any|other|previous|prior|past|earlier|recent)\s+(?:accidents?|claims?|incidents?|collisions?|losses)",
        r"(?:accidents?|claims?)\s+(?:in\s+the\s+(?:last|past)|before|recently)", r"claims?\s+history", r"driving\s+(?:record|history)",
        r"(?:been\s+in|had|filed|made)\s+(?:an?\s+|any\s+)?(?:accident|claim|collision)s?",
    )),
    FactKind("injuries", probes=("Was anybody hurt?", "Were there any injuries?", "Is everyone okay?",), labels=("injured", "injuries", "injury"), asks=(
        r"injur(?:y|ies|ed)", r"hurt", r"wounded", r"medical(?:\s+(?:attention|treatment|care))?", r"hospital\w*", r"ambulance",
        r"(?:is|was|are|were)\s+(?:everyone|everybody|anyone|anybody)\s+(?:ok|okay|alright|all\s+right|fine|safe)", r"(?:you|everyone)\s+(?:ok|okay|alright|safe)",
    )),
    FactKind("police_report", probes=("Did the police come out, and is there a report number?", "Was a police report filed?",), labels=("police report", "police"), asks=(
        r"police(?:\s+(?:report|reference|case|incident))?(?:\s+(?:number|no|#))?", r"report\s+(?:number|no)", r"(?:file|filed|make|made)\s+a\s+report",
        r"officers?", r"cops?", r"case\s+number", r"(?:law\s+enforcement|authorities)",
    )),
    FactKind("plate", probes=("Did you get the other vehicle's plate number?", "What was the registration of the other car?",), labels=("plate", "license plate", "other plate"), asks=(
        r"(?:licen[cs]e\s+)?plates?(?:\s+number)?", r"registration(?:\s+(?:number|plate))?", r"tag(?:\s+number)?", r"reg(?:istration)?\s+number",
        r"number\s+plate",
    )),
    FactKind("driver_at_loss", probes=("Who was behind the wheel?", "Were you the one driving at the time?", "Who was driving?",), labels=("driving", "driver"), asks=(
        r"who\s+(?:was|is)\s+(?:driving|the\s+driver|behind\s+the\s+wheel|at\s+the\s+wheel|in\s+control)", r"who\s+drove",
        r"(?:were|was)\s+you\s+(?:driving|the\s+driver|behind\s+the\s+wheel|at\s+the\s+wheel)", r"driver\s+at\s+the\s+time",
        r"who\s+had\s+the\s+car", r"(?:were|was)\s+you\s+(?:the\s+one\s+)?(?:driving|in\s+the\s+car)", r"who\s+was\s+in\s+the\s+car",
    )),
    FactKind("license", personal=True, probes=("What's the driver's license number?", "Can you give me the licence number?",), labels=("license number", "licence number", "license", "licence"), asks=(
        r"(?:driver'?s?\s+|driving\s+)?licen[cs]e(?:\s+(?:number|no|#|id|details))?s?", r"dl\s+(?:number|no)",
    )),
    FactKind("license_status", probes=("Has the licence ever been suspended or revoked?", "Is the license currently valid?",), labels=("suspended", "revoked", "license status"), asks=(
        r"licen[cs]e\s+(?:status|(?:was|been|is|has\s+been)\s+(?:ever\s+)?(?:suspended|revoked|valid|cancell?ed|active|taken))",
        r"suspen\w*", r"revok\w*", r"licen[cs]e\s+(?:\w+\s+)?(?:valid|active|suspended|revoked|good|in\s+good\s+standing)", r"(?:valid|active|current)\s+licen[cs]e", r"when\s+was\s+(?:it|the\s+licen[cs]e)\s+(?:suspended|revoked)",
    )),
    FactKind("relationship", probes=("How are you related to them?", "What's their relationship to you?",), labels=("relationship", "relation"), asks=(
        r"relationship", r"related", r"relation", r"how\s+(?:do\s+you\s+know|are\s+you\s+(?:related|connected))",
        r"who\s+is\s+(?:he|she|they|this\s+person)\s+to\s+you", r"(?:what|how)\s+is\s+(?:he|she|they)\s+to\s+you",
    )),
    FactKind("northgate_customer", personal=True, probes=("Do they already hold a policy with us?", "Are they an existing Northgate customer?",), labels=("northgate customer",), asks=(
        r"(?:existing|current)\s+(?:northgate\s+)?(?:customer|policyholder|client)", r"customer\s+(?:of|with)\s+(?:us|northgate)",
        r"(?:have|has|hold|holds)\s+(?:a|any|their\s+own|his\s+own|her\s+own|an?\s+own)\s+(?:northgate\s+)?(?:polic(?:y|ies)|account)",
        r"insured\s+with\s+(?:us|northgate)", r"northgate\s+(?:customer|policy|account|polic(?:y|ies))", r"(?:policy|account)\s+with\s+us",
        r"already\s+(?:with|insured\s+(?:with|by))\s+(?:us|northgate)",
    )),
    FactKind("vin", probes=("What's the vehicle identification number?", "Could you read me the 17-character VIN?",), labels=("vin",), asks=(
        r"vins?(?:\s+number)?", r"vehicle\s+identification(?:\s+number)?", r"chassis\s+number", r"17-?\s?(?:digit|character)",
    )),
    FactKind("vehicle", probes=("Which vehicle is this for?", "What's the make and model?",), labels=("vehicle", "truck", "car"), asks=(
        r"(?:which|what)\s+(?:vehicle|car|truck|auto|suv|van)", r"(?:year,?\s+)?make(?:,?\s+(?:and\s+)?(?:model|year))+", r"make\s+and\s+model",
        r"model(?:\s+year)?", r"vehicle\s+(?:details|information|info)", r"what\s+(?:are\s+you|do\s+you)\s+drive",
    )),
    FactKind("purchase_date", probes=("When did you buy it?", "What's the purchase date of the car?",), labels=("purchase date",), asks=(
        r"(?:when|(?:on\s+)?(?:what|which)\s+(?:date|day))\s+did\s+you\s+(?:buy|purchase|get|acquire|take\s+delivery\s+of|pick\s+up|take\s+ownership)", r"(?:purchase|buying|acquisition|delivery)\s+date",
        r"date\s+(?:of\s+)?(?:purchase|you\s+bought)", r"how\s+long\s+have\s+you\s+(?:had|owned)", r"when\s+(?:was|did)\s+(?:it|the\s+\w+)\s+(?:bought|purchased)",
        r"when\s+did\s+(?:it|the\s+\w+)\s+become\s+yours",
    )),
    FactKind("ownership", probes=("Do you own it outright, or is it financed or leased?", "Is the car paid off?",), labels=("owned", "leased", "financed", "ownership"), asks=(
        r"(?:own(?:ed)?|financ\w*|leas\w*|loan)(?:\s*,\s*|\s*,?\s+or\s+|\s+and\s+)(?:an?\s+)?(?:own(?:ed)?|financ\w*|leas\w*|loan)(?:(?:\s*,\s*|\s*,?\s+or\s+)(?:an?\s+)?(?:own\w*|financ\w*|leas\w*|loan))?",
        r"own\s+(?:it|the\s+\w+)\s+outright", r"outright", r"(?:do|did)\s+you\s+own", r"ownership", r"leas(?:e|ed|ing)", r"paid\s+(?:cash|in\s+full|off)",
        r"(?:is|was)\s+(?:it|the\s+\w+)\s+(?:owned|bought|paid\s+for)", r"how\s+did\s+you\s+pay\s+for",
    )),
    FactKind("financing", probes=("Is there a loan on the car?", "Is it financed?",), labels=("financed",), asks=(
        r"financ\w*", r"loan", r"(?:car|monthly)\s+payments", r"(?:auto|car)\s+loan", r"still\s+(?:paying|owe)",
    )),
    FactKind("lienholder", probes=("Who's the lender on the car?", "Which bank holds the loan or lease?", "Who is the lienholder?",), labels=("lienholder", "lender", "lessor"), asks=(
        r"(?:which|what)\s+(?:bank|lender|company|credit\s+union|institution|finance\s+company|leasing\s+company)(?:\s+(?:holds|has|is\s+behind|financed|provides|owns)\s+(?:the\s+|your\s+)?(?:loan|lease|lien|financing|title)(?:\s+or\s+(?:the\s+)?(?:loan|lease))?)?",
        r"lien\s*-?holders?", r"liens?", r"lenders?", r"lessors?", r"leasing\s+(?:company|firm)", r"loss\s+payee",
        r"(?:bank|credit\s+union|finance\s+company)\s+(?:that|who|behind)", r"who\s+(?:holds|is|owns)\s+the\s+(?:loan|lease|lien|title)",
        r"who\s+(?:financed|is\s+financing|leased|leases)", r"(?:loan|lease|finance)\s+(?:is\s+)?(?:with|through)\s+(?:whom|which|what)",
        r"(?:with|through)\s+(?:whom|which\s+(?:bank|company|lender))",
    )),
    FactKind("garaging", probes=("Where will it be parked overnight?", "Where is the car garaged?",), labels=("kept", "garaged", "parked"), asks=(
        r"where\s+(?:is|will|would|does)\s+(?:it|the\s+\w+|your\s+\w+)\s+(?:be\s+)?(?:kept|parked|garaged|stored|stay)", r"garag\w+",
        r"park(?:ed|ing)?\s+(?:overnight|at\s+night)", r"kept\s+(?:overnight|at\s+night)", r"overnight", r"where\s+do\s+you\s+(?:keep|park)",
    )),
    FactKind("zip", probes=("Which ZIP code is that in?", "Which postal code is that?",), labels=("zip", "zip code", "postal code"), asks=(
        r"zip(?:\s*code)?", r"post(?:al)?\s*code", r"postcode",
    )),
    FactKind("vehicle_use", probes=("What will you mainly use it for?", "Is it for commuting or business use?",), labels=("use", "usage"), asks=(
        r"(?:how|what)\s+(?:will\s+you|do\s+you|is\s+it|will\s+it\s+be|would\s+you)\s+(?:use|be\s+used|used|be\s+using|using)",
        r"(?:primary|main|intended|typical)\s+use", r"(?:how|what)\s+(?:will|would|is|does)\s+(?:the|your|this|that)\s+(?:car|vehicle|truck|suv|van)\s+(?:be\s+)?used",
        r"(?:what\s+)?(?:will|would)\s+(?:it|the\s+\w+)\s+be\s+used\s+for", r"us(?:e|age)\s+of\s+the\s+(?:vehicle|car|truck)", r"commut\w*", r"business\s+or\s+personal",
        r"personal\s+or\s+business", r"(?:used|use\s+it)\s+for", r"(?:daily|everyday)\s+(?:use|driving)",
    )),
    FactKind("cancellation_date", probes=("On which date should the cancellation take effect?", "When would you like the policy to end?",), labels=("cancellation date", "end date"), asks=(
        r"(?:cancell?ation|effective|end|termination|stop)\s+date", r"(?:be|become)\s+effective", r"take\s+effect", r"when\s+(?:should|would\s+you\s+like|do\s+you\s+want|shall)\s+(?:it|the\s+(?:policy|cancell?ation|coverage))\s+to\s+(?:end|stop|take\s+effect|be\s+cancell?ed|finish)",
        r"(?:what|which)\s+date\s+(?:should|would|do|shall)", r"(?:date|day)\s+(?:to|you\s+want\s+to|you'd\s+like\s+to)\s+cancel", r"effective\s+(?:from|on|as\s+of)",
        r"when\s+(?:do|would)\s+you\s+(?:want|like)\s+(?:the\s+)?(?:coverage|policy|it)\s+to\s+(?:end|stop)",
    )),
    FactKind("new_date", probes=("What's the new date you'd like?", "Which date would you like instead?",), labels=("new date",), asks=(
        r"new\s+(?:date|effective\s+date|start\s+date|cancell?ation\s+date)", r"(?:which|what)\s+date\s+(?:should|would|do)\s+you\s+(?:like|want|prefer)",
        r"move\s+(?:it|the\s+date)\s+to", r"(?:change|push|move)\s+(?:it|the\s+\w+)\s+to\s+(?:which|what)", r"(?:what|which)\s+(?:date|day)\s+instead",
    )),
    FactKind("damage", probes=("Which parts of the car were damaged?", "How bad is the damage?",), labels=("damage",), asks=(
        r"damage[sd]?", r"what\s+(?:was|is|got|has\s+been)\s+(?:damaged|broken|hit)", r"how\s+bad", r"dents?", r"cracked", r"(?:which|what)\s+parts?",
        r"what\s+(?:does|did)\s+(?:it|the\s+car)\s+look\s+like",
    )),
    FactKind("exclusion", probes=("Do you want her excluded from coverage?",), labels=("excluded",), asks=(r"exclu\w+", r"never\s+(?:be\s+)?covered", r"remove\s+(?:her|him|them)\s+from\s+coverage"),),
)
