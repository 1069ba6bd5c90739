"""The kinds of facts retail customers are asked for, and the ways people ask for them
(on top of the core's name, e-mail, phone, date of birth, address, reason, problem, photos)."""
from thinkingbox import FactKind

FACT_KINDS = (
    FactKind("order_number", probes=("Which order is this about?", "Could you give me the order ID?", "What's the number of the purchase?", "Do you have the order reference handy?",), labels=("order number", "order id", "order"), asks=(
        r"order\s*(?:number|no|#|id|reference|ref|code|confirmation)s?", r"(?:which|what)\s+order", r"order\s+(?:was|is)\s+(?:it|this|that)",
        r"(?:number|reference|id)\s+(?:of|for|on)\s+(?:the|your|that)\s+(?:order|purchase)", r"purchase\s+(?:number|id|reference)",
        r"confirmation\s+number", r"(?:which|what)\s+purchase", r"ord-?\s?number",
    )),
    FactKind("defective", probes=("Is anything wrong with it?", "Does it still work properly?", "Is the item faulty in any way?",), labels=("defective",), asks=(
        r"defect(?:ive|s)?", r"faulty", r"fault(?:s)?", r"malfunction\w*", r"(?:is|was|are|were)\s+(?:there\s+)?(?:anything|something)\s+wrong", r"(?:anything|something)\s+(?:is\s+|was\s+)?(?:wrong|the\s+matter)",
        r"(?:does|do|did|is|are)\s+(?:it|they|the\s+\w+|your\s+\w+)\s+(?:still\s+)?(?:work|working|function\w*)",
        r"work(?:ing|s)?\s+(?:properly|correctly|fine|ok|okay|as\s+(?:expected|it\s+should|intended))", r"broken",
        r"(?:in\s+)?working\s+(?:order|condition)", r"(?:any|an?)\s+(?:problem|issue)s?\s+with\s+(?:it|them|the\s+\w+)",
    )),
    FactKind("damage", probes=("Was it dropped or damaged at any point?", "Did it get wet or knocked over?",), labels=("damage",), asks=(
        r"drop(?:ped)?", r"damage[ds]?", r"spill\w*", r"(?:get|got|gotten)\s+wet", r"liquid", r"water\s+damage", r"fell|fall(?:en)?",
        r"knock(?:ed)?", r"mishandl\w*", r"accident(?:al|ally)?",
    )),
    FactKind("opened", probes=("Have you opened the box?", "Is it still sealed in its original packaging?", "Have you used it at all?",), labels=("opened", "unboxed"), asks=(
        r"(?:un)?open(?:ed)?", r"unbox(?:ed)?", r"untouched", r"new\s+in\s+(?:the\s+)?box", r"(?:still\s+)?(?:sealed|in\s+(?:its|the)\s+(?:original\s+)?(?:box|packaging|wrapping))",
        r"(?:used|tried|try|use)\s+(?:it|them|the\s+\w+)", r"been\s+used", r"(?:original\s+)?packaging", r"seal", r"out\s+of\s+the\s+box",
        r"(?:set|plugged)\s+(?:it|them)\s+(?:up|in)",
    )),
    FactKind("return_choice", probes=("Would you prefer a refund or an exchange?", "How would you like us to resolve this?", "Do you want your money back or a replacement?",), labels=("exchange or refund", "refund or exchange", "wait or refund", "replacement"), asks=(
        r"(?:refund|exchange|replacement|money\s+back|store\s+credit|wait)\s*(?:,|or)\s*(?:an?\s+|the\s+)?(?:refund|exchange|replacement|money\s+back|store\s+credit)",
        r"(?:would|do)\s+you\s+(?:prefer|rather|like|want)\s+(?:a\s+|to\s+)?(?:refund|exchange|replacement|replace|money|get\s+(?:a|your))",
        r"prefer(?:ence|red)?", r"how\s+would\s+you\s+like\s+(?:us\s+|me\s+)?to\s+(?:resolve|settle|handle|sort|fix)",
        r"(?:what|which)\s+(?:outcome|resolution|remedy|option)", r"(?:refund|exchange|replacement)\s+or\b", r"what\s+would\s+you\s+like\s+(?:instead|us\s+to\s+do)",
    )),
    FactKind("item", probes=("Which item would you like to return?", "Which product is this about?", "What do you want to send back?",), labels=("item", "which", "items"), asks=(
        r"(?:which|what)\s+(?:item|product|one|device|article|thing|part)s?", r"(?:item|product)s?\s+(?:you\s+)?(?:want|would\s+like|wish|need)\s+to",
        r"what\s+(?:are\s+you|do\s+you\s+want\s+to|would\s+you\s+like\s+to)\s+(?:return|send\s+back|exchange|cancel)\w*",
        r"which\s+of\s+(?:the|your)", r"what\s+did\s+you\s+(?:buy|order|purchase)",
    )),
    FactKind("delivery", probes=("When did the package arrive?", "On what day was it delivered?", "When did you receive it?",), labels=("delivered", "arrived", "delivery date"), asks=(
        r"when\s+(?:did|was|were)\s+(?:it|they|the\s+\w+|your\s+\w+(?:\s+\w+)?)\s+(?:arrive|delivered|deliver|come|get\s+(?:to\s+you|there)|turn\s+up|show\s+up|reach\s+you)",
        r"deliver(?:y|ed)\s+(?:date|day|time)", r"(?:date|day)\s+(?:it|they)\s+(?:arrived|came|was\s+delivered|were\s+delivered)",
        r"(?:has|have|did)\s+(?:it|they|the\s+\w+|your\s+\w+)\s+(?:arrive[ds]?|come|been\s+delivered|reached\s+you)",
        r"when\s+did\s+you\s+(?:receive|get)\s+(?:it|them|the\s+\w+|your\s+\w+)", r"(?:receive|received)\s+(?:it|them|the\s+(?:item|order|package|parcel))",
        r"arriv(?:e|ed|al)", r"delivered",
    )),
    FactKind("appointment_time", probes=("What time would suit you best?", "When would you like the visit?", "Which slot works for you?",), labels=("preferred time", "time", "new time", "new date"), asks=(
        r"(?:what|which)\s+(?:time|day|date|slot)", r"when\s+would\s+(?:you\s+like|suit|work|be\s+(?:best|convenient|good))",
        r"(?:preferred|convenient|suitable|new|best)\s+(?:time|date|slot|day|window)", r"time\s+slot", r"when\s+(?:works|suits)",
        r"when\s+(?:are|would)\s+you\s+(?:be\s+)?(?:available|free|home)", r"availability", r"reschedul\w+\s+(?:to|for)",
    )),
    FactKind("promotion_code", probes=("Which discount code did you use?", "Do you have the promo code?",), labels=("promotion code", "promo code"), asks=(
        r"(?:promo(?:tion(?:al)?)?|discount|coupon|voucher|offer)\s*codes?", r"code\s+(?:you\s+)?(?:used|applied|entered|have)",
        r"(?:which|what)\s+(?:promotion|promo|discount|coupon|offer)",
    )),
    FactKind("delivery_speed", probes=("Which shipping option would you like?", "How fast do you need it?",), labels=("speed", "new speed"), asks=(
        r"(?:shipping|delivery)\s+(?:speed|option|method|type)", r"(?:standard|expedited|express|overnight)\s+or", r"how\s+fast",
        r"(?:which|what)\s+(?:shipping|delivery)", r"upgrade\s+(?:the\s+)?(?:shipping|delivery)",
    )),
    FactKind("cancel_choice", probes=("Do you still want to cancel?", "Should the entire order be cancelled?",), labels=("cancel", "still cancel", "whole order"), asks=(
        r"(?:still\s+)?(?:want|like|wish)\s+to\s+cancel", r"cancel\s+(?:the\s+)?(?:whole|entire|full)\s+order", r"(?:whole|entire)\s+order",
        r"everything\s+in\s+the\s+order", r"(?:all|both)\s+(?:of\s+the\s+)?items", r"go\s+ahead\s+with\s+(?:the\s+)?cancell?ation\s+anyway",
    )),
)
