"""The whole chain for a local backend, in the caller's transaction: classify → extract → validate
→ reconcile for every section a fragment touches.

The rules backend answers in ~2 ms, so a task, a transaction and a user lock per stage cost far more
than the work (README.md, the write-path benchmark). Here the stage cores run one after another and
everything is written together: the extraction rows in one INSERT, the facts and their history
through one ledger (tasks/reconcile.py), the associations in one upsert, the fragment's end in one
UPDATE. The outcome is the one the separate stages give for the same fragment.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from models.db import lock_user, session_scope
from models.schemas import ProposedEvent
from models.settings import Settings
from models.statuses import ENDED, ExtractionStatus, FragmentStatus
from models.tables import Extraction, Fragment
from tasks.classify import classify_dialogue
from tasks.extract import ask_backend
from tasks.extractors import Backend, Dialogue
from tasks.reconcile import apply_extractions
from tasks.store import core, execute_many, finish_fragment_if_complete, processing_fragment, record_rejections
from tasks.validate import InvalidExtraction, validate_events


@dataclass(frozen=True)
class Claimed:
    """A fragment claimed for processing (status processing, user lock held): what the stages read."""

    pk: int
    user_id: str
    fragment_id: str
    messages: list[dict[str, Any]]
    glued: bool


@dataclass
class Worked:
    """What classify → extract → validate made of one fragment, before anything is written (pure)."""

    sections: list[str]
    classifier_call: dict[str, Any] | None
    error: str | None
    failed_classifier: bool
    extractions: list[dict[str, Any]]  # extraction rows, without their fragment_pk
    rejections: list[dict[str, Any]]
    valid: list[list[ProposedEvent]]  # the valid extractions' events, section by section

    def end(self) -> FragmentStatus:
        """The fragment's status once this is written."""
        return FragmentStatus.FAILED if self.failed_classifier else FragmentStatus.DONE


def work_out(
    user_id: str,
    fragment_id: str,
    messages: list[dict[str, Any]],
    backend: Backend,
    settings: Settings,
    *,
    skip: Collection[str] = (),
) -> Worked:
    """The stage cores one after another, no database: what a fragment's chain would write.

    `skip`: sections already extracted (a restart).
    """
    dialogue = Dialogue.of(messages)
    classified = classify_dialogue(backend, dialogue)
    extractions, rejections, valid = [], [], []
    for section in classified.sections:
        if section in skip:
            continue
        reply, failed = ask_backend(backend, dialogue, section)
        row: dict[str, Any] = {"user_id": user_id, "section": section, "backend": backend.name, **reply.model_dump()}
        reason = "extractor failed" if failed else None
        if not failed:
            try:
                events = validate_events(reply.raw_output, section, settings)
            except InvalidExtraction as exc:
                reason = str(exc)
            else:
                valid.append(events)
                row["events"] = [e.model_dump(mode="json") for e in events]
        row["status"] = ExtractionStatus.REJECTED if reason else ExtractionStatus.APPLIED
        extractions.append({"events": None, **row})
        if reason:
            rejections.append(
                {
                    "user_id": user_id,
                    "fragment_id": fragment_id,
                    "section": section,
                    "raw": reply.raw_output,
                    "reason": reason,
                }
            )
    return Worked(
        sections=classified.sections,
        classifier_call=classified.call,
        error=classified.error,
        failed_classifier=classified.error is not None and not classified.sections,
        extractions=extractions,
        rejections=rejections,
        valid=valid,
    )


def run_inline(
    session: Session,
    claimed: Claimed,
    backend: Backend,
    settings: Settings,
    *,
    skip: Collection[str] = (),
    finish: bool = True,
) -> list[str]:
    """Process a claimed fragment whole; the sections it touched. The caller holds the user's lock.

    `skip`: sections already extracted (a restart); `finish=False` leaves the fragment's status to the caller.
    """
    worked = work_out(claimed.user_id, claimed.fragment_id, claimed.messages, backend, settings, skip=skip)
    if worked.extractions:
        execute_many(
            session, core(Extraction).insert(), [{"fragment_pk": claimed.pk, **row} for row in worked.extractions]
        )
    record_rejections(session, worked.rejections)
    if worked.valid:
        apply_extractions(
            session,
            user_id=claimed.user_id,
            fragment_id=claimed.fragment_id,
            messages=claimed.messages,
            glued=claimed.glued,
            extractions=worked.valid,
            settings=settings,
        )
    end = {"status": worked.end()} if finish else {}
    session.execute(
        update(Fragment)
        .where(Fragment.id == claimed.pk)
        .values(sections=worked.sections, classifier_call=worked.classifier_call, error=worked.error, **end)
    )
    return worked.sections


def restart_inline(claimed: Claimed, backend: Backend, settings: Settings) -> tuple[list[str], dict[int, str]]:
    """A restarted fragment, local backend: the chain inline, skipping the sections already extracted.

    Returns the sections and the stored extractions still to finish, {id: status}, for the caller to
    hand on after the commit. The inline path writes a fragment's extractions together with its
    facts, so a fragment still in processing normally has none; extractions left by the remote path
    (the backend was switched with fragments in flight) go on through their own stages.
    """
    with session_scope() as session:
        lock_user(session, claimed.user_id)
        if processing_fragment(session, claimed.pk) is None:
            return [], {}
        stored = session.execute(
            select(Extraction.id, Extraction.section, Extraction.status).where(Extraction.fragment_pk == claimed.pk)
        ).all()
        skip = {row.section for row in stored}
        sections = run_inline(session, claimed, backend, settings, skip=skip, finish=not stored)
        if stored:
            finish_fragment_if_complete(session, claimed.pk)
    return sections, {row.id: row.status for row in stored if row.status not in ENDED}
