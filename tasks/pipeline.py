"""The write path, declared in one place: its stages in order and how each hands off to the next.

    ltm.ingest_fragment ─┬─ local backend (rules): the whole chain inline, one transaction ─ done
    (in batches of up to │    (a batch of fragment messages: one transaction for all of them)
     32 messages)        │
    ltm.ingest_message ──┘  remote backend (an LLM):
                            ltm.classify_fragment → ltm.extract_section × each named section
                              → ltm.validate_extraction → ltm.reconcile_extraction ─ done

A stage finishes its own transaction, then calls `hand_off(its_task_name, *ids)`; only this
module knows who comes next, so no stage imports its successor. Hand-offs are plain `.delay`
calls rather than a Celery canvas, published after the commit, so the same code runs eagerly in
the embedded mode. The requeue and flush jobs start a fragment again with `restart`.

With a local backend the answer takes ~2 ms: a task per stage would cost far more than the work
(README.md, the write-path benchmark), so ingest runs classify → extract → validate → reconcile
for every section itself (tasks/inline.py); and since even one task per fragment costs more than
the chain, `ltm.ingest_fragment` takes its messages in batches (tasks/batches.py) and writes a
batch's fragments in one transaction (tasks/ingest_batch.py). The message is still one fragment.
With a remote backend each section is its own chain, so slow calls run in parallel and are
retried alone, and no connection is held across a call.

Task names and queue names (celery_app/celery.py) are public API.
"""

from __future__ import annotations

import importlib
from typing import Any

from celery import current_app

INGEST_FRAGMENT = "ltm.ingest_fragment"
INGEST_MESSAGE = "ltm.ingest_message"
CLASSIFY = "ltm.classify_fragment"
EXTRACT = "ltm.extract_section"
VALIDATE = "ltm.validate_extraction"
RECONCILE = "ltm.reconcile_extraction"

# Each stage's task, by the module that defines it (imported on first hand-off: in the embedded
# mode only the ingest module has been imported by then).
STAGE_MODULES = {
    INGEST_FRAGMENT: "tasks.ingest",
    INGEST_MESSAGE: "tasks.ingest",
    CLASSIFY: "tasks.classify",
    EXTRACT: "tasks.extract",
    VALIDATE: "tasks.validate",
    RECONCILE: "tasks.reconcile",
}
# Who takes over when a stage is done with its ids (the remote path; reconcile is the last stage).
NEXT_STAGE = {
    INGEST_FRAGMENT: CLASSIFY,
    INGEST_MESSAGE: CLASSIFY,
    CLASSIFY: EXTRACT,  # one hand-off per named section: (fragment_pk, section)
    EXTRACT: VALIDATE,  # (extraction_id,)
    VALIDATE: RECONCILE,  # (extraction_id,)
}
# Where a fragment whose task was lost starts again (its junk filter and gluing are behind it).
RESTART_STAGE = CLASSIFY


def stage_task(name: str) -> Any:
    importlib.import_module(STAGE_MODULES[name])
    return current_app.tasks[name]


def hand_off(finished: str, *ids: Any) -> None:
    """Publish the next stage's work; call it only after the transaction that made the ids committed."""
    stage_task(NEXT_STAGE[finished]).delay(*ids)


def restart(fragment_pk: int) -> None:
    """Start a claimed fragment's chain again (the requeue and flush jobs, after their commit)."""
    stage_task(RESTART_STAGE).delay(fragment_pk)
