"""Stage 2, classify: which sections a fragment touches; then one extraction per section.

With a remote backend (an LLM) each section goes on as its own task, extract → validate →
reconcile, so slow calls run in parallel and are retried alone; each stage hands the next one its
ids itself (`.delay`) once its own transaction committed, rather than through a Celery canvas, so
the same code also runs eagerly in the embedded mode. With a local backend the same stage cores
run inline, in one transaction (`process_inline`).
"""

from __future__ import annotations

import json

from celery import Task, shared_task

from models.db import lock_user, session_scope
from models.sections import SECTIONS
from models.settings import get_settings
from tasks.extract import ask_backend, extract_section, store_extraction
from tasks.extractors import (
    Backend,
    BackendReply,
    Dialogue,
    TerminalBackendError,
    TransientBackendError,
    get_backend,
)
from tasks.reconcile import apply_extraction
from tasks.store import (
    count_redelivery,
    finish_fragment_if_complete,
    processing_fragment,
    record_rejection,
    redelivered,
    retry_also_on,
)
from tasks.validate import validate_row


def parse_sections(reply: BackendReply) -> list[str]:
    """The known sections a classifier answer names, in registry order; unknown names are dropped."""
    try:
        named = json.loads(reply.raw_output).get("sections", [])
    except (json.JSONDecodeError, AttributeError) as exc:
        raise TerminalBackendError(f"classifier output is not a JSON object with 'sections': {exc}") from None
    if not isinstance(named, list):
        raise TerminalBackendError("classifier output: 'sections' is not a list")
    return [s for s in SECTIONS if s in named]


@shared_task(name="ltm.classify_fragment", bind=True, **retry_also_on(TransientBackendError))
def classify_fragment(self: Task, fragment_pk: int) -> list[str]:
    with session_scope() as session:
        if redelivered(self.request) and not count_redelivery(
            session, fragment_pk, get_settings().max_fragment_attempts
        ):
            return []
        fragment = processing_fragment(session, fragment_pk)
        if fragment is None:
            return []
        classified = fragment.sections  # set when this is a redelivery: don't ask again
        dialogue = Dialogue.of(fragment.messages)
    backend = get_backend()
    if classified is not None:
        sections = list(classified)
    else:  # the session is closed: no connection is held across the call
        reply = None
        try:
            reply = backend.classify(dialogue)
            sections, error = parse_sections(reply), None
        except TerminalBackendError as exc:
            sections, error = [], str(exc)
        with session_scope() as session:
            fragment = processing_fragment(session, fragment_pk)
            if fragment is None:
                return []
            fragment.sections, fragment.error = sections, error
            if reply is not None:
                fragment.classifier_call = reply.model_dump(exclude={"raw_output"})
            if not sections:
                fragment.status = "failed" if error else "done"
    if not backend.remote:
        process_inline(fragment_pk, sections, dialogue, backend)
        return sections
    for section in sections:  # each section goes on alone: extract → validate → reconcile
        extract_section.delay(fragment_pk, section)
    return sections


def process_inline(fragment_pk: int, sections: list[str], dialogue: Dialogue, backend: Backend) -> None:
    """Every section of a fragment through extract → validate → reconcile here, in one transaction.

    For a local backend, whose answer takes well under a millisecond, three tasks per section
    would cost far more than the work (see the write-path benchmark in README.md). The stages'
    own cores do the work, so the outcome is the same as through the tasks.
    """
    if not sections:
        return
    replies = {section: ask_backend(backend, dialogue, section) for section in sections}
    settings = get_settings()
    with session_scope() as session:
        fragment = processing_fragment(session, fragment_pk)
        if fragment is None:
            return
        lock_user(session, fragment.user_id)
        session.refresh(fragment)  # re-read under the lock
        if fragment.status != "processing":
            return
        for section, (reply, failed) in replies.items():
            extraction = store_extraction(session, fragment_pk, fragment.user_id, section, backend.name, reply, failed)
            if failed:
                record_rejection(
                    session,
                    user_id=fragment.user_id,
                    fragment_id=fragment.fragment_id,
                    section=section,
                    raw=reply.raw_output,
                    reason="extractor failed",
                )
            if extraction.status == "pending":
                validate_row(session, extraction, fragment.fragment_id, settings)
            if extraction.status == "valid":
                apply_extraction(session, extraction, fragment, settings)
        finish_fragment_if_complete(session, fragment_pk)
