"""Associative recall, the write side: which sections the user's own words go with.

The NGT seed's Hebbian graph, made deterministic: when a user's sentence yields a fact in section S,
every concept of that sentence (models/concepts.py) gets weight(user, concept, S) += 1.
`learn_associations` is the pure core; `record_associations` upserts the increments in the
caller's transaction (under the user's lock, so two workers never interleave their increments for
one user); `evict_weakest` keeps each user's rows under the cap, run by the hourly consolidate sweep.
The read side is retrieval/associations.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, cast

from sqlalchemy import Table, case, delete, select, tuple_
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from models.concepts import word_stems
from models.sections import SECTIONS
from models.tables import Association, utcnow

# A row's weight stops growing here: past a thousand co-occurrences more evidence changes nothing,
# and a bound keeps the integer (and the eviction order) sane for a chatty user.
MAX_WEIGHT = 1000
# Rows kept per user; beyond it the weakest (lowest weight, then least recently strengthened) go.
# A fragment gives ~10 concepts × 1–2 sections, so 500 rows remember the words of ~30–50 distinct
# fragments — the user's recurring topics outweigh one-off words long before that — at ~100 bytes
# a row (≈ 50 KB per user at the cap).
MAX_ASSOCIATIONS_PER_USER = 500
# A fragment with more concepts than this is a pasted text rather than talk about one topic: only
# its first concepts (sorted, so deterministic) are learned, so one paste cannot flood the cap.
MAX_CONCEPTS_PER_FRAGMENT = 40
# Sections worth associating. Sections read for every question (profile, style, instructions) gain
# nothing, and notes are already matched word by word against every question.
LEARNED_SECTIONS = frozenset(
    name for name, section in SECTIONS.items() if "always" not in section.query_classes and name != "notes"
)

Increments = dict[tuple[str, str], int]


def learn_associations(text: str, sections: Iterable[str]) -> Increments:
    """The pure core: (concept, section) → increment for the user's sentences behind one section's changes."""
    concepts = sorted(word_stems(text))[:MAX_CONCEPTS_PER_FRAGMENT]
    learned = sorted(set(sections) & LEARNED_SECTIONS)
    return {(concept, section): 1 for concept in concepts for section in learned}


@lru_cache(maxsize=2)
def association_upsert(dialect: str) -> Any:
    table = cast(Table, Association.__table__)
    statement = (postgresql.insert if dialect == "postgresql" else sqlite.insert)(table)
    summed = table.c.weight + statement.excluded.weight
    # RETURNING, though nothing is read from it: it makes SQLAlchemy batch the rows into one
    # multi-row statement (insertmanyvalues); without it psycopg2 sends one statement per row.
    return statement.on_conflict_do_update(
        index_elements=["user_id", "concept", "section"],
        set_={
            "weight": case((summed > MAX_WEIGHT, MAX_WEIGHT), else_=summed),
            "updated_at": statement.excluded.updated_at,
        },
    ).returning(table.c.weight)


def record_associations(session: Session, user_id: str, increments: Mapping[tuple[str, str], int]) -> None:
    """weight += increment for each (concept, section), capped.

    The per-user row cap is not enforced here but by the hourly consolidate sweep
    (tasks/maintenance.py): a statement per write for a bound that a user reaches over weeks. A
    user may pass it by what they say within the hour; the read path reads rows by primary key.

    One INSERT … ON CONFLICT DO UPDATE for all rows (Postgres and SQLite), its rows as parameters so
    the statement is compiled once; rows go in sorted order so concurrent writers, should a caller
    ever skip the user lock, take row locks in the same order. The caller commits.
    """
    record_users_associations(session, {user_id: increments})


def record_users_associations(session: Session, increments: Mapping[str, Mapping[tuple[str, str], int]]) -> None:
    """`record_associations` for several users (a batch of fragments) in the same one statement."""
    now = utcnow()
    rows = [
        {
            "user_id": user_id,
            "concept": concept,
            "section": section,
            "weight": min(weight, MAX_WEIGHT),
            "updated_at": now,
        }
        for user_id in sorted(increments)
        for (concept, section), weight in sorted(increments[user_id].items())
    ]
    if rows:
        session.connection().execute(association_upsert(session.get_bind().dialect.name), rows)


def evict_weakest(session: Session, user_id: str, cap: int = MAX_ASSOCIATIONS_PER_USER) -> int:
    """Delete the user's weakest rows beyond `cap`; the number deleted.

    One statement, no count first: the subquery skips the `cap` strongest rows (an index range on
    the primary key's user_id) and whatever it finds beyond them goes.
    """
    weakest = (
        select(Association.concept, Association.section)
        .where(Association.user_id == user_id)
        .order_by(
            Association.weight.desc(),
            Association.updated_at.desc(),
            Association.concept.desc(),
            Association.section.desc(),
        )
        .offset(cap)
    )
    result = session.execute(
        delete(Association)
        .where(Association.user_id == user_id, tuple_(Association.concept, Association.section).in_(weakest))
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0)
