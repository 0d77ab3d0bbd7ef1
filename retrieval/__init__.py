"""The read path: synchronous, read-only, Pydantic out. Imports nothing from tasks/ or celery_app/.

The two entry points load on first use, so `ltm facts` does not pay for compiling the context
builder's routing patterns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from retrieval.context import build_context
    from retrieval.facts import list_facts

__all__ = ["build_context", "list_facts"]


def __getattr__(name: str) -> Any:
    if name == "build_context":
        from retrieval.context import build_context

        return build_context
    if name == "list_facts":
        from retrieval.facts import list_facts

        return list_facts
    raise AttributeError(f"module 'retrieval' has no attribute {name!r}")
