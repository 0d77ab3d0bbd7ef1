"""The read path: synchronous, read-only, Pydantic out. Imports nothing from tasks/ or celery_app/."""

from retrieval.context import build_context
from retrieval.facts import list_facts

__all__ = ["build_context", "list_facts"]
