"""Publishing to the pipeline from another Python service: `publish_fragment(...)`.

Services in other languages publish the same Celery message themselves; README.md shows it.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select, tuple_

from celery_app.celery import app  # noqa: F401  (the app must exist before the tasks bind to it)
from models.db import session_scope
from models.schemas import FragmentIn, SingleMessageIn
from models.statuses import TERMINAL as TERMINAL_STATUSES
from models.tables import Fragment
from tasks.ingest import ingest_fragment, ingest_message


def publish_fragment(fragment: FragmentIn | dict[str, Any]) -> str:
    """Validate and publish one fragment; returns its fragment_id (derived from content if absent).

    Raises pydantic.ValidationError, naming the field, before anything is sent.
    """
    validated = FragmentIn.model_validate(fragment).with_id()
    # apply_async, not send_task: in the embedded mode it runs the chain right here.
    ingest_fragment.apply_async(args=[validated.model_dump(mode="json", exclude_none=True)])
    assert validated.fragment_id is not None
    return validated.fragment_id


def publish_message(message: SingleMessageIn | dict[str, Any]) -> None:
    """One message into its conversation's buffer; it is glued into a fragment when the buffer fills."""
    validated = SingleMessageIn.model_validate(message)
    ingest_message.apply_async(args=[validated.model_dump(mode="json", exclude_none=True)])


def wait_for(fragments: Sequence[FragmentIn], timeout: float) -> dict[str, str]:
    """Poll until every fragment reached a terminal status; TimeoutError names the ones still pending."""
    keys = [(f.user_id, f.fragment_id or "") for f in fragments]
    deadline = time.monotonic() + timeout
    while True:
        with session_scope() as session:
            rows = session.execute(
                select(Fragment.user_id, Fragment.fragment_id, Fragment.status).where(
                    tuple_(Fragment.user_id, Fragment.fragment_id).in_(keys)
                )
            ).all()
        statuses = {fid: status for _, fid, status in rows}
        if len(statuses) == len(set(keys)) and all(s in TERMINAL_STATUSES for s in statuses.values()):
            return statuses
        if time.monotonic() > deadline:
            missing = [fid for _, fid in keys if statuses.get(fid) not in TERMINAL_STATUSES]
            raise TimeoutError(
                f"{len(missing)} fragment(s) not processed after {timeout:.0f} s (is a worker running?): {missing[:5]}"
            )
        time.sleep(0.05)
