"""Pydantic shapes at the edges: what producers send, what extractors propose, what readers get."""

from __future__ import annotations

import hashlib
import json
import math
from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from models.clock import as_utc

# Identifiers are keys, not text: no control characters (a NUL cannot even be stored by PostgreSQL).
Id = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=128, pattern=r"^[^\x00-\x1f\x7f]+$")
]

# Bounds on what one producer call may carry; larger input is refused, naming the field.
MAX_MESSAGE_CHARS = 20_000
MAX_FRAGMENT_MESSAGES = 200


class Schema(BaseModel):
    # Each model builds its validator on first use, not at import: a command that reads facts then
    # pays for the few models it uses, not for every schema here (ops/bench/cli_startup.py).
    model_config = ConfigDict(defer_build=True)


class Strict(Schema):
    model_config = ConfigDict(extra="forbid")


def printable(value: str) -> str:
    """Control characters other than line breaks and tabs carry nothing a person said."""
    return "".join(ch for ch in value if ch in "\n\t" or ch.isprintable())


class MessageIn(Strict):
    role: Literal["user", "assistant"]
    content: Annotated[str, StringConstraints(max_length=MAX_MESSAGE_CHARS)]
    ts: datetime | None = None

    @field_validator("content")
    @classmethod
    def drop_control_characters(cls, value: str) -> str:
        return printable(value)

    @field_validator("ts")
    @classmethod
    def aware(cls, value: datetime | None) -> datetime | None:
        if value is None:
            return None
        # Stored as UTC: ISO-8601 allows offsets up to ±23:59, PostgreSQL only up to ±15:59.
        return as_utc(value)


class FragmentIn(Strict):
    """One coherent piece of dialogue, as published by a chat service."""

    fragment_id: Id | None = None
    user_id: Id
    conversation_id: Id | None = None
    messages: Annotated[list[MessageIn], Field(min_length=1, max_length=MAX_FRAGMENT_MESSAGES)]

    def with_id(self) -> FragmentIn:
        """A fragment without an id gets one derived from its content, so a redelivery is a duplicate."""
        if self.fragment_id:
            return self
        body = json.dumps(self.model_dump(mode="json", exclude={"fragment_id"}), sort_keys=True)
        return self.model_copy(update={"fragment_id": "sha256:" + hashlib.sha256(body.encode()).hexdigest()[:40]})


class SingleMessageIn(MessageIn):
    """One message for the per-conversation buffer (`ltm.ingest_message`)."""

    message_id: Id | None = None
    user_id: Id
    conversation_id: Id


class ProposedEvent(Strict):
    """What an extractor proposes. Code, not the extractor, decides what it changes."""

    section: str
    # assert: the user states it · negate: it no longer holds · correct: the user fixes an earlier
    # statement · absent: the whole section is empty ("no allergies") · unsure: the user doesn't know.
    action: Literal["assert", "negate", "correct", "absent", "unsure"] = "assert"
    slot: str | None = None
    attributes: dict[str, Any] = Field(default_factory=dict)
    source: Literal["conversation", "explicit"] = "conversation"
    confidence: float = Field(default=0.9, ge=0.0, le=1.0)
    said_at: datetime | None = None
    evidence: str = ""


class HistoryItem(Schema):
    change: str
    at: datetime
    recorded_at: datetime
    status: str
    attributes: dict[str, Any]
    fragment_id: str | None


class FactPublic(Schema):
    id: int
    section: str
    key: str
    status: Literal["active", "inactive", "archived"]
    attributes: dict[str, Any]
    source: str
    confidence: float
    first_seen: datetime
    last_seen: datetime
    mentions: int
    history: list[HistoryItem] = Field(default_factory=list)


class FactsPublic(Schema):
    user_id: str
    facts: list[FactPublic]
    coverage: dict[str, str]


class RecordIn(Strict):
    kind: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=32)]
    title: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]
    date: datetime | date
    payload: dict[str, Any] = Field(default_factory=dict)

    @field_validator("kind", "title")
    @classmethod
    def drop_control_characters(cls, value: str) -> str:
        return printable(value)

    @field_validator("payload")
    @classmethod
    def finite_numbers(cls, value: dict[str, Any]) -> dict[str, Any]:
        # Python's json reads NaN and Infinity, but they are not JSON and PostgreSQL refuses them.
        # Walked with a stack, not recursion: a payload may be nested as deep as its parser allows.
        stack: list[Any] = [value]
        while stack:
            item = stack.pop()
            if isinstance(item, float) and not math.isfinite(item):
                raise ValueError("NaN and Infinity are not JSON numbers")
            if isinstance(item, dict):
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
        return value


class ContextBlock(Schema):
    kind: Literal["instructions", "profile", "style", "self_reported", "documented", "gaps"]
    title: str
    items: list[str]
    text: str


class ContextPublic(Schema):
    user_id: str
    query: str
    query_classes: list[str]
    sections: list[str]
    blocks: list[ContextBlock]
    text: str
