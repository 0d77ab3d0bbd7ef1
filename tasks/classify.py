"""Stage 2, classify: which sections a fragment touches; then one extraction per section.

Each stage hands the next one its ids itself (`.delay`) once its own transaction committed, rather
than through a Celery canvas: the same code then runs eagerly in the embedded mode.
"""

from __future__ import annotations

import json
from typing import Any

from celery import Task, shared_task
from sqlalchemy.orm import Session

from models.db import session_scope
from models.sections import SECTIONS
from models.settings import get_settings
from models.tables import Fragment
from tasks.extract import extract_section
from tasks.extractors import (
    BackendReply,
    Dialogue,
    Message,
    TerminalBackendError,
    TransientBackendError,
    get_backend,
)
from tasks.store import count_redelivery, redelivered


def dialogue_of(messages: list[dict[str, Any]]) -> Dialogue:
    return Dialogue(messages=tuple(Message.model_validate(m) for m in messages))


def parse_sections(reply: BackendReply) -> list[str]:
    """The known sections a classifier answer names, in registry order; unknown names are dropped."""
    try:
        named = json.loads(reply.raw_output).get("sections", [])
    except (json.JSONDecodeError, AttributeError) as exc:
        raise TerminalBackendError(f"classifier output is not a JSON object with 'sections': {exc}") from None
    if not isinstance(named, list):
        raise TerminalBackendError("classifier output: 'sections' is not a list")
    return [s for s in SECTIONS if s in named]


def load_processing(session: Session, fragment_pk: int) -> Fragment | None:
    fragment = session.get(Fragment, fragment_pk)
    return fragment if fragment is not None and fragment.status == "processing" else None


@shared_task(name="ltm.classify_fragment", bind=True, autoretry_for=(TransientBackendError,), retry_backoff=True,
             retry_jitter=True, retry_backoff_max=300, max_retries=6)
def classify_fragment(self: Task, fragment_pk: int) -> list[str]:
    with session_scope() as session:
        if redelivered(self.request) and not count_redelivery(
                session, fragment_pk, get_settings().max_fragment_attempts):
            return []
        fragment = load_processing(session, fragment_pk)
        if fragment is None:
            return []
        if fragment.sections is not None:  # classified before a redelivery: don't ask again
            sections = list(fragment.sections)
            dialogue = None
        else:
            dialogue = dialogue_of(fragment.messages)
    if dialogue is not None:  # the session is closed: no connection is held across the call
        reply = None
        try:
            reply = get_backend().classify(dialogue)
            sections, error = parse_sections(reply), None
        except TerminalBackendError as exc:
            sections, error = [], str(exc)
        with session_scope() as session:
            fragment = load_processing(session, fragment_pk)
            if fragment is None:
                return []
            fragment.sections, fragment.error = sections, error
            if reply is not None:
                fragment.classifier_call = reply.model_dump(exclude={"raw_output"})
            if not sections:
                fragment.status = "failed" if error else "done"
    for section in sections:  # each section goes on alone: extract → validate → reconcile
        extract_section.delay(fragment_pk, section)
    return sections
