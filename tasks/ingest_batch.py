"""Stage 1 for many fragments at once: a batch of `ltm.ingest_fragment` messages, one transaction.

A Celery task costs more than a fragment's whole chain with the rules backend (README.md, the
write-path benchmark), so the ingest worker takes up to `ingest_batch_size` messages at a time
(tasks/batches.py) and writes them together, with a handful of statements whatever the batch's
size: the users locked in one statement, one SELECT for which fragments are replays, the fragments
INSERTed with their final status, then one INSERT each for extractions, facts (upsert), fact and
coverage history, associations — and one COMMIT.

What a fragment ends as is the same as when it goes alone (tasks/ingest.py): the stage cores run
one fragment after another in memory (`work_out`, no database), and each user's events are applied
to the user's ledger fragment by fragment in the order they were published. Only what is plain goes
this way: a fragment stored before (a replay), a short piece to glue, and everything else of such a
user, go one by one through the single-fragment path, in the same transaction. An error anywhere is
the caller's to handle: it rolls the batch back and runs it one fragment at a time
(tasks/ingest.py `ingest_payloads`), so one bad fragment costs the others nothing.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, tuple_
from sqlalchemy.orm import Session

from models.db import lock_users
from models.schemas import FragmentIn, ProposedEvent
from models.settings import Settings
from models.statuses import FragmentStatus
from models.tables import Extraction, Fragment
from tasks.admit import admit_fragment, first_status
from tasks.associate import record_users_associations
from tasks.extractors import Backend
from tasks.inline import Worked, run_inline, work_out
from tasks.reconcile import Outcome, apply_event, learned_from, load_ledgers, message_time, write_ledgers
from tasks.store import core, execute_many, record_rejections


@dataclass
class Plain:
    """A fresh fragment of the batch, its status decided and its chain worked out in memory."""

    fragment: FragmentIn
    messages: list[dict[str, Any]]
    status: FragmentStatus
    worked: Worked | None  # None for a skipped (junk) fragment

    @property
    def key(self) -> tuple[str, str]:
        assert self.fragment.fragment_id is not None
        return self.fragment.user_id, self.fragment.fragment_id


def ingest_batch(session: Session, fragments: list[FragmentIn], backend: Backend, settings: Settings) -> None:
    """Admit and process a batch of fragments (PostgreSQL, local backend) in the caller's transaction.

    Duplicates within the batch (one fragment published twice) are written once.
    """

    unique: dict[tuple[str, str], FragmentIn] = {}
    for fragment in fragments:
        fragment = fragment.with_id()
        assert fragment.fragment_id is not None
        unique.setdefault((fragment.user_id, fragment.fragment_id), fragment)
    plain = []
    for fragment in unique.values():
        messages = [m.model_dump(mode="json") for m in fragment.messages]
        status = first_status(messages)
        worked = None
        if status == FragmentStatus.PROCESSING:
            assert fragment.fragment_id is not None
            worked = work_out(fragment.user_id, fragment.fragment_id, messages, backend, settings)
        plain.append(Plain(fragment, messages, status, worked))

    lock_users(session, [user_id for user_id, _ in unique])
    stored = {
        tuple(row)
        for row in session.execute(
            select(Fragment.user_id, Fragment.fragment_id).where(
                tuple_(Fragment.user_id, Fragment.fragment_id).in_(list(unique))
            )
        )
    }
    # A user with a replay or a piece in the batch goes one fragment at a time, in order.
    one_by_one = {p.fragment.user_id for p in plain if p.key in stored or p.status == FragmentStatus.PENDING}
    write_plain(session, [p for p in plain if p.fragment.user_id not in one_by_one], settings)
    for p in plain:
        if p.fragment.user_id in one_by_one:
            claimed = admit_fragment(session, p.fragment, settings)
            if claimed is not None:
                run_inline(session, claimed, backend, settings)


def write_plain(session: Session, plain: list[Plain], settings: Settings) -> None:
    """Write the fresh fragments, worked out, with one statement per table."""
    if not plain:
        return
    rows = []
    for p in plain:
        row: dict[str, Any] = {
            "user_id": p.fragment.user_id,
            "fragment_id": p.fragment.fragment_id,
            "conversation_id": p.fragment.conversation_id,
            "messages": p.messages,
            "status": p.status,
            "attempts": 0,
            "glued": False,
            "sections": None,
            "classifier_call": None,
            "error": None,
        }
        if p.worked is not None:  # claimed and done in the same INSERT: its one attempt
            row.update(
                status=p.worked.end(),
                attempts=1,
                sections=p.worked.sections,
                classifier_call=p.worked.classifier_call,
                error=p.worked.error,
            )
        rows.append(row)
    statement = (
        core(Fragment).insert().returning(core(Fragment).c.id, core(Fragment).c.user_id, core(Fragment).c.fragment_id)
    )
    pks = {(user_id, fragment_id): pk for pk, user_id, fragment_id in execute_many(session, statement, rows)}

    worked = [(p, p.worked) for p in plain if p.worked is not None]
    extractions = [{"fragment_pk": pks[p.key], **row} for p, w in worked for row in w.extractions]
    if extractions:
        execute_many(session, core(Extraction).insert(), extractions)
    record_rejections(session, [row for _, w in worked for row in w.rejections])

    events_by_user: dict[str, list[ProposedEvent]] = defaultdict(list)
    for p, w in worked:
        events_by_user[p.fragment.user_id].extend(e for events in w.valid for e in events)
    ledgers = load_ledgers(session, {user: events for user, events in events_by_user.items() if events}, settings)
    learned: dict[str, dict[tuple[str, str], int]] = defaultdict(lambda: defaultdict(int))
    for p, w in worked:  # in the order published: a user's later fragment sees the earlier one's facts
        if not w.valid:
            continue
        ledger = ledgers[p.fragment.user_id]
        ledger.outcome = Outcome()  # associations are learned per fragment, as when it goes alone
        fallback_time = message_time(p.messages)
        for events in w.valid:
            for event in events:
                apply_event(
                    session,
                    ledger,
                    event,
                    fragment_id=p.fragment.fragment_id,
                    settings=settings,
                    fallback_time=fallback_time,
                )
        for key, increment in learned_from(ledger.outcome).items():
            learned[p.fragment.user_id][key] += increment
    write_ledgers(session, list(ledgers.values()))
    record_users_associations(session, learned)
