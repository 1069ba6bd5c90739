"""Nothing is downloaded at run time.

inspect's mock model (`mockllm/...`) fills in token usage for outputs that carry none by
counting tokens with tiktoken's o200k_base encoding, which tiktoken fetches from the network
the first time (inspect_ai 0.3.x, MockLLM._ensure_default_usage). A mock model's token counts
are made up anyway, so here they are estimated from the text's length instead. Real
providers report usage from their API and are left alone.
"""
from __future__ import annotations

from inspect_ai.model._providers.mockllm import MockLLM


async def _estimated_tokens(self: MockLLM, text: str) -> int:
    return max(1, len(text) // 4)


def no_tokenizer_download() -> None:
    MockLLM.count_text_tokens = _estimated_tokens  # type: ignore[method-assign]
