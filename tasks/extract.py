"""Stage 3, extract: one backend call for one fragment and one section, its raw answer kept."""

from __future__ import annotations

from celery import shared_task
from sqlalchemy import select
from sqlalchemy.orm import Session

from models.db import lock_user, session_scope
from models.statuses import ExtractionStatus
from models.tables import Extraction
from tasks.extractors import Backend, BackendReply, Dialogue, TerminalBackendError, get_backend
from tasks.pipeline import EXTRACT, hand_off
from tasks.stage import BackendStageTask
from tasks.store import (
    beat_heart,
    finish_fragment_if_complete,
    insert_ignoring_duplicates,
    processing_fragment,
    record_rejection,
)


def existing_extraction(fragment_pk: int, section: str) -> int | None:
    with session_scope() as session:
        return session.scalar(
            select(Extraction.id).where(Extraction.fragment_pk == fragment_pk, Extraction.section == section)
        )


@shared_task(name=EXTRACT, bind=True, base=BackendStageTask)
def extract_section(self: BackendStageTask, fragment_pk: int, section: str) -> int | None:
    """Ask the backend once, keep its answer, hand the extraction to validation."""
    if not self.may_run(fragment_pk=fragment_pk):
        return None
    extraction_id = run_extraction(fragment_pk, section)
    if extraction_id is not None:
        hand_off(EXTRACT, extraction_id)
    return extraction_id


def run_extraction(fragment_pk: int, section: str) -> int | None:
    """The extraction id for the next stage; None when there is nothing more to do."""
    with session_scope() as session:
        fragment = processing_fragment(session, fragment_pk)
        if fragment is None:
            return None
        user_id, fragment_id = fragment.user_id, fragment.fragment_id
        dialogue = Dialogue.of(fragment.messages)
        beat_heart(session, fragment_pk)  # the call below may take a while: this fragment is not lost
    done = existing_extraction(fragment_pk, section)
    if done is not None:  # a redelivery: the backend was already asked
        return done

    backend = get_backend()
    reply, failed = ask_backend(backend, dialogue, section)
    with session_scope() as session:
        extraction = store_extraction(session, fragment_pk, user_id, section, backend.name, reply, failed)
        if extraction.status == ExtractionStatus.REJECTED:
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
            "status": ExtractionStatus.REJECTED if failed else ExtractionStatus.PENDING,
            **reply.model_dump(),
        },
    )
    return session.scalars(
        select(Extraction).where(Extraction.fragment_pk == fragment_pk, Extraction.section == section)
    ).one()
