"""Stage 3, extract: one backend call for one fragment and one section, its raw answer kept."""

from __future__ import annotations

from celery import Task, shared_task
from sqlalchemy import select
from sqlalchemy.orm import Session

from models.db import lock_user, session_scope
from models.settings import get_settings
from models.tables import Extraction
from tasks.extractors import (
    Backend,
    BackendReply,
    Dialogue,
    TerminalBackendError,
    TransientBackendError,
    get_backend,
)
from tasks.store import (
    count_redelivery,
    finish_fragment_if_complete,
    insert_ignoring_duplicates,
    processing_fragment,
    record_rejection,
    redelivered,
    retry_also_on,
)
from tasks.validate import validate_extraction


def existing_extraction(fragment_pk: int, section: str) -> int | None:
    with session_scope() as session:
        return session.scalar(
            select(Extraction.id).where(Extraction.fragment_pk == fragment_pk, Extraction.section == section)
        )


@shared_task(name="ltm.extract_section", bind=True, **retry_also_on(TransientBackendError))
def extract_section(self: Task, fragment_pk: int, section: str) -> int | None:
    """Ask the backend once, keep its answer, hand the extraction to validation."""
    if redelivered(self.request):
        with session_scope() as session:
            if not count_redelivery(session, fragment_pk, get_settings().max_fragment_attempts):
                return None
    extraction_id = run_extraction(fragment_pk, section)
    if extraction_id is not None:
        validate_extraction.delay(extraction_id)
    return extraction_id


def run_extraction(fragment_pk: int, section: str) -> int | None:
    """The extraction id for the next stage; None when there is nothing more to do."""
    with session_scope() as session:
        fragment = processing_fragment(session, fragment_pk)
        if fragment is None:
            return None
        user_id, fragment_id = fragment.user_id, fragment.fragment_id
        dialogue = Dialogue.of(fragment.messages)
    done = existing_extraction(fragment_pk, section)
    if done is not None:  # a redelivery: the backend was already asked
        return done

    backend = get_backend()
    reply, failed = ask_backend(backend, dialogue, section)
    with session_scope() as session:
        extraction = store_extraction(session, fragment_pk, user_id, section, backend.name, reply, failed)
        if extraction.status == "rejected":
            lock_user(session, user_id)
            record_rejection(
                session,
                user_id=user_id,
                fragment_id=fragment_id,
                section=section,
                raw=reply.raw_output,
                reason="extractor failed",
            )
            finish_fragment_if_complete(session, fragment_pk)
            return None
        return extraction.id


def ask_backend(backend: Backend, dialogue: Dialogue, section: str) -> tuple[BackendReply, bool]:
    """The backend's answer, and whether it failed for good (then the reply holds the error)."""
    try:
        return backend.extract(dialogue, section), False
    except TerminalBackendError as exc:
        return BackendReply(raw_output=f"error: {exc}"), True


def store_extraction(
    session: Session, fragment_pk: int, user_id: str, section: str, backend: str, reply: BackendReply, failed: bool
) -> Extraction:
    """Keep the answer verbatim (once per fragment and section) and return the stored row."""
    insert_ignoring_duplicates(
        session,
        Extraction,
        {
            "fragment_pk": fragment_pk,
            "user_id": user_id,
            "section": section,
            "backend": backend,
            "status": "rejected" if failed else "pending",
            **reply.model_dump(),
        },
    )
    return session.scalars(
        select(Extraction).where(Extraction.fragment_pk == fragment_pk, Extraction.section == section)
    ).one()
