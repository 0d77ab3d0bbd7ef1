"""The base of every pipeline stage task: its retry policy and its redelivery count, held once.

Retry (Celery's own, never hand-written): a dropped database connection (Postgres restarting) is
always worth a retry — with late acks a failed task is still acknowledged, so without one its
fragment would wait for the requeue job. Stages that call a backend also retry its transient
errors (timeouts, 429, 5xx). Delays grow 1, 2, 4 … s and top out at RETRY_BACKOFF_MAX: a
retried task is held by its worker, unacknowledged, until it runs, so every delay must stay below
the broker's visibility timeout (or the message is handed out twice); the fragment's heartbeat is
written on every attempt, so the requeue job never takes a retrying fragment for a lost one
(models/settings.py explains the three timeouts together).

Redelivery: with late acks the broker hands out again the message of a worker that died, which
is what makes a crash lose nothing; a message that kills every worker that takes it must still
stop somewhere, so a redelivered message counts as another attempt of its fragment.
"""

from __future__ import annotations

from typing import Any

from celery import Task
from sqlalchemy import select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from models.clock import utcnow
from models.db import session_scope
from models.settings import get_settings
from models.statuses import FragmentStatus
from models.tables import Extraction, Fragment
from tasks.extractors import TransientBackendError

# Seconds; see the module docstring and models/settings.py (stays below the stuck age and the visibility timeout).
RETRY_BACKOFF_MAX = 60
MAX_RETRIES = 8


class StageTask(Task):
    """A pipeline stage: retried on a dropped database connection; redeliveries counted as attempts."""

    autoretry_for: tuple[type[Exception], ...] = (OperationalError,)
    retry_backoff = True
    retry_backoff_max = RETRY_BACKOFF_MAX
    retry_jitter = True
    max_retries = MAX_RETRIES

    def may_run(self, *, fragment_pk: int | None = None, extraction_id: int | None = None) -> bool:
        """False when this message must not run: a redelivery of a fragment that is gone, ended or parked.

        A first delivery always may, at no cost (no session is opened); the stage re-reads its state
        and returns quietly if the work is done. A redelivery counts an attempt, in its own transaction.
        """
        if not redelivered(self.request):
            return True
        with session_scope() as session:
            if fragment_pk is None:
                fragment_pk = extraction_fragment(session, extraction_id or 0)
            return count_redelivery(session, fragment_pk, get_settings().max_fragment_attempts)


class BackendStageTask(StageTask):
    """A stage that calls the extraction backend: its transient errors are retried as well."""

    autoretry_for = (OperationalError, TransientBackendError)


def redelivered(request: Any) -> bool:
    """True when the broker handed this message out before (its worker died before acknowledging it)."""
    return bool((getattr(request, "delivery_info", None) or {}).get("redelivered"))


def count_redelivery(session: Session, fragment_pk: int, max_attempts: int) -> bool:
    """Count a redelivered stage message as another attempt of its fragment; False once it is parked."""
    fragment = session.get(Fragment, fragment_pk, with_for_update=True)
    if fragment is None or fragment.status != FragmentStatus.PROCESSING:
        return False
    fragment.attempts += 1
    fragment.heartbeat_at = utcnow()
    if fragment.attempts > max_attempts:
        fragment.status = FragmentStatus.FAILED
        fragment.error = f"its messages were redelivered until it had {fragment.attempts - 1} attempts"
        return False
    return True


def extraction_fragment(session: Session, extraction_id: int) -> int:
    """The fragment an extraction belongs to (0, which matches none, when it is gone)."""
    return session.scalar(select(Extraction.fragment_pk).where(Extraction.id == extraction_id)) or 0
