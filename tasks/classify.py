"""Stage 2, classify: which sections a fragment touches; then one extraction per section.

The core (`classify_dialogue`) asks the backend and reads its answer; the task records the answer
and hands each named section on (tasks/pipeline.py). With a local backend the task only runs for
a fragment the requeue or flush job started again: ingest ran the chain inline the first time.
"""

from __future__ import annotations

import json
from typing import Any

from celery import shared_task
from pydantic import BaseModel

from models.db import session_scope
from models.sections import SECTIONS
from models.settings import get_settings
from models.statuses import ExtractionStatus, FragmentStatus
from tasks.extractors import Backend, BackendReply, Dialogue, TerminalBackendError, get_backend
from tasks.pipeline import CLASSIFY, EXTRACT, VALIDATE, hand_off
from tasks.stage import BackendStageTask
from tasks.store import beat_heart, processing_fragment


class Classified(BaseModel):
    """The sections a classifier answer named (registry order), what the call cost, or why it failed."""

    sections: list[str]
    call: dict[str, Any] | None = None  # prompt id/version, model, tokens, latency: no raw output
    error: str | None = None


def parse_sections(reply: BackendReply) -> list[str]:
    """The known sections a classifier answer names, in registry order; unknown names are dropped."""
    try:
        named = json.loads(reply.raw_output).get("sections", [])
    except (json.JSONDecodeError, AttributeError) as exc:
        raise TerminalBackendError(f"classifier output is not a JSON object with 'sections': {exc}") from None
    if not isinstance(named, list):
        raise TerminalBackendError("classifier output: 'sections' is not a list")
    return [s for s in SECTIONS if s in named]


def classify_dialogue(backend: Backend, dialogue: Dialogue) -> Classified:
    """Ask the backend once. A terminal failure is an error with no sections; transient ones raise."""
    reply = None
    try:
        reply = backend.classify(dialogue)
        return Classified(sections=parse_sections(reply), call=reply.model_dump(exclude={"raw_output"}))
    except TerminalBackendError as exc:
        return Classified(sections=[], call=reply.model_dump(exclude={"raw_output"}) if reply else None, error=str(exc))


@shared_task(name=CLASSIFY, bind=True, base=BackendStageTask)
def classify_fragment(self: BackendStageTask, fragment_pk: int) -> list[str]:
    if not self.may_run(fragment_pk=fragment_pk):
        return []
    with session_scope() as session:
        fragment = processing_fragment(session, fragment_pk)
        if fragment is None:
            return []
        beat_heart(session, fragment_pk)
        classified = fragment.sections  # set when this is a redelivery: don't ask again
        user_id, fragment_id, messages, glued = (
            fragment.user_id,
            fragment.fragment_id,
            fragment.messages,
            fragment.glued,
        )
    backend = get_backend()
    if not backend.remote:
        # Imported here: tasks.inline runs this module's core, so it imports this module.
        from tasks.inline import Claimed, restart_inline

        claimed = Claimed(fragment_pk, user_id, fragment_id, list(messages), glued)
        sections, unfinished = restart_inline(claimed, backend, get_settings())
        for extraction_id, status in unfinished.items():  # after the commit, as every hand-off
            hand_off(EXTRACT if status == ExtractionStatus.PENDING else VALIDATE, extraction_id)
        return sections
    if classified is not None:
        sections = list(classified)
    else:  # the session is closed: no connection is held across the call
        result = classify_dialogue(backend, Dialogue.of(messages))
        sections = result.sections
        with session_scope() as session:
            fragment = processing_fragment(session, fragment_pk)
            if fragment is None:
                return []
            fragment.sections, fragment.error, fragment.classifier_call = sections, result.error, result.call
            if not sections:
                fragment.status = FragmentStatus.FAILED if result.error else FragmentStatus.DONE
    for section in sections:  # each section goes on alone: extract → validate → reconcile
        hand_off(CLASSIFY, fragment_pk, section)
    return sections
