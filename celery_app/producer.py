"""Publishing to the pipeline from another Python service: `publish_fragment(...)`.

Services in other languages publish the same Celery message themselves; README.md shows it.
"""

from __future__ import annotations

from typing import Any

from celery_app.app import app  # noqa: F401  (the app must exist before the tasks bind to it)
from models.schemas import FragmentIn, SingleMessageIn
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
