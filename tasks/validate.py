"""Stage 4, validate: an extractor's raw answer becomes events that fit the section's schema.

All events of one extraction pass, or none is written: a single bad event rejects the whole
answer, which is kept with its raw text and the reason in `rejected_extractions`.
"""

from __future__ import annotations

import json
from typing import Any

from celery import shared_task
from pydantic import ValidationError
from sqlalchemy.orm import Session

from models.db import lock_user, session_scope
from models.schemas import ProposedEvent
from models.sections import get_section
from models.settings import Settings, get_settings
from models.statuses import ENDED, ExtractionStatus
from models.tables import Extraction, Fragment
from tasks.language.lexicon import canonical_name
from tasks.pipeline import VALIDATE, hand_off
from tasks.stage import StageTask
from tasks.store import finish_fragment_if_complete, record_rejection


class InvalidExtraction(ValueError):
    """The extractor's answer does not fit its section; the message names the field."""


def truncate(value: Any, limit: int) -> Any:
    """Over-long strings are cut, not refused (quota from the companion-assistant seed)."""
    if isinstance(value, str) and len(value) > limit:
        return value[: limit - 1] + "…"
    return value


def validate_events(raw_output: str, section: str, settings: Settings) -> list[ProposedEvent]:
    try:
        answer = json.loads(raw_output)
    except json.JSONDecodeError as exc:
        raise InvalidExtraction(f"output is not JSON: {exc.msg} at char {exc.pos}") from None
    if not isinstance(answer, dict) or not isinstance(answer.get("events"), list):
        raise InvalidExtraction("events: expected a JSON object with an 'events' list")
    spec = get_section(section)
    events = []
    for i, item in enumerate(answer["events"]):
        try:
            event = ProposedEvent.model_validate(item)
        except ValidationError as exc:
            error = exc.errors()[0]
            where = ".".join(str(p) for p in error["loc"])
            raise InvalidExtraction(f"events.{i}.{where}: {error['msg']}") from None
        if event.section != section:
            raise InvalidExtraction(f"events.{i}.section: {event.section!r} in an answer for {section!r}")
        if event.action in ("absent", "unsure"):
            if not spec.coverage:
                raise InvalidExtraction(f"events.{i}.action: {event.action!r} needs a coverage section")
            events.append(event)
            continue
        attributes = {k: truncate(v, settings.max_value_chars) for k, v in event.attributes.items()}
        try:
            attributes = spec.validate(attributes, event.slot)
        except ValueError as exc:
            raise InvalidExtraction(f"events.{i}.attributes: {exc}") from None
        if "name_normalized" in attributes:  # whatever the backend said, a known drug gets its one name
            attributes["name_normalized"] = (
                canonical_name(section, attributes["name_normalized"]) or attributes["name_normalized"]
            )
        events.append(event.model_copy(update={"attributes": attributes}))
    return events


@shared_task(name=VALIDATE, bind=True, base=StageTask)
def validate_extraction(self: StageTask, extraction_id: int) -> bool:
    """Check one extraction; hand it to reconcile when its events are valid."""
    if not self.may_run(extraction_id=extraction_id):
        return False
    valid = check_extraction(extraction_id)
    if valid:
        hand_off(VALIDATE, extraction_id)
    return valid


def check_extraction(extraction_id: int) -> bool:
    """True when the extraction holds valid events still to apply; False when rejected or done."""
    with session_scope() as session:
        extraction = session.get(Extraction, extraction_id)
        if extraction is None or extraction.status in ENDED:
            return False
        if extraction.status == ExtractionStatus.VALID:
            return True
        lock_user(session, extraction.user_id)  # a rejection may end the fragment: see finish_fragment_if_complete
        fragment = session.get(Fragment, extraction.fragment_pk)
        if validate_row(session, extraction, fragment.fragment_id if fragment else None, get_settings()):
            return True
        finish_fragment_if_complete(session, extraction.fragment_pk)
    return False


def validate_row(session: Session, extraction: Extraction, fragment_id: str | None, settings: Settings) -> bool:
    """Validate a pending extraction in place: its events stored (True) or it is rejected with the reason."""
    try:
        events = validate_events(extraction.raw_output, extraction.section, settings)
    except InvalidExtraction as exc:
        extraction.status = ExtractionStatus.REJECTED
        record_rejection(
            session,
            user_id=extraction.user_id,
            fragment_id=fragment_id,
            section=extraction.section,
            raw=extraction.raw_output,
            reason=str(exc),
        )
        return False
    extraction.events = [e.model_dump(mode="json") for e in events]
    extraction.status = ExtractionStatus.VALID
    return True
