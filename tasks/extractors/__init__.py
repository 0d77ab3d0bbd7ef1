"""Extraction backends behind one interface: `rules` (offline, the default) and `openai`.

A backend only understands text. It answers which sections a dialogue touches and, per section,
proposes events as JSON text; validation, matching and writing are the pipeline's job.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from functools import lru_cache
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict

from models.settings import get_settings


class Message(BaseModel):
    model_config = ConfigDict(frozen=True)

    role: str
    content: str
    ts: datetime | None = None


class Dialogue(BaseModel):
    """The text an extractor sees: the fragment's messages, oldest first."""

    model_config = ConfigDict(frozen=True)

    messages: tuple[Message, ...]

    @classmethod
    def of(cls, stored: Iterable[Mapping[str, Any]]) -> Dialogue:
        """The dialogue of a fragment's stored messages (`Fragment.messages`)."""
        return cls(messages=tuple(Message.model_validate(m) for m in stored))


class BackendReply(BaseModel):
    """One backend answer with what it cost. `raw_output` is kept verbatim for audit and rejection."""

    raw_output: str
    prompt_id: str | None = None
    prompt_version: str | None = None
    model: str | None = None
    tokens_in: int = 0
    tokens_out: int = 0
    latency_ms: float = 0.0


class TransientBackendError(Exception):
    """Worth retrying: a timeout, a dropped connection, 429, 5xx."""


class TerminalBackendError(Exception):
    """Not worth retrying: a bad request, a refused prompt. Recorded, never retried."""


class Backend(Protocol):
    name: str
    # A remote backend (an LLM) is slow and fails on its own, so each section gets its own task,
    # retried alone; a local one answers in a millisecond and runs inline (see tasks/classify.py).
    remote: bool

    def classify(self, dialogue: Dialogue) -> BackendReply:
        """raw_output: JSON `{"sections": [section, …]}`."""
        ...

    def extract(self, dialogue: Dialogue, section: str) -> BackendReply:
        """raw_output: JSON `{"events": [ProposedEvent, …]}` for that one section."""
        ...


@lru_cache(maxsize=1)
def get_backend() -> Backend:
    name = get_settings().llm_backend
    if name == "openai":
        from tasks.extractors.openai_backend import OpenAIBackend

        return OpenAIBackend()
    from tasks.extractors.rules import RulesBackend

    return RulesBackend()


def offline_sections(text: str) -> list[str]:
    """The sections the offline rules backend finds in a user's text, whatever backend is configured.

    A free, local check a stage may make without a backend call: ingest asks it whether glued short
    pieces now complete a statement. Imported here, on use, because the rules backend builds on this module.
    """
    from tasks.extractors.rules import classify

    return classify([Message(role="user", content=text)])


def warm_up() -> None:
    """Load what the offline rules load on first use (morphology dictionaries, lexicons, date parsers).

    That takes ~0.3–0.5 s; a worker calls this once at start (celery_app/celery.py), before it
    forks its pool, so the first fragment after a (re)start does not wait for it and every pool
    process shares the loaded data. Every backend needs the rules: ingest checks glued pieces with them.
    """
    from models.sections import SECTIONS
    from tasks.extractors.rules import RulesBackend

    rules = RulesBackend()
    dialogue = Dialogue.of(
        [
            {"role": "user", "content": "Меня зовут Анна, мне 30 лет, я живу в Казани. Вчера начала пить аспирин."},
            {"role": "user", "content": "My name is Ann, I live in Boston and I take 5 mg of aspirin since May."},
        ]
    )
    rules.classify(dialogue)
    for section in SECTIONS:
        rules.extract(dialogue, section)
