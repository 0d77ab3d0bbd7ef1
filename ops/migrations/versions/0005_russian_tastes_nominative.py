"""preferences: a Russian like or dislike named in the nominative, one fact per thing

Before 85c9f63 the rules extractor read two Russian verbs of taste, «люблю» and «обожаю» (with «не» before them a
dislike), and stored the thing as said after the verb, in the accusative: «обожаю кинзу» was likes «кинзу», keyed
`likes:кинзу`, and «не люблю свою работу» dislikes «свою работу». No other Russian words reached the likes or
dislikes slots then but the favourite of «мой любимый X — Y», named in the nominative. The extractor now names
the thing as a dictionary would (`tasks.language.morphology.object_as_nominative`, after the owner words «свой»,
«весь» that it drops), so «терпеть не могу кинзу» said after the upgrade is `dislikes:кинза` and «люблю кинзу»
`likes:кинза`: a second fact about the same herb.

Each Russian like and dislike not in the nominative is rewritten the same way and re-keyed; a `rename` event keeps
what it was. A value already in the nominative (and any English one) is a fixed point and stays. Where the user
already holds the new key, the two facts are merged as the consolidate sweep merges duplicates
(`tasks.maintenance.merge_facts`): the oldest keeps the other's history, and a `merge` event its last state. An
archived fact whose new key is held by another archived one keeps its old key: both are history, and no new
mention reaches the old key any more. Last, where a user now holds a live like and a live dislike of one thing
(«обожаю кинзу» before the upgrade, «терпеть не могу кинзу» after it), the one said later holds and the other goes
inactive with a `negation` event, as reconcile does from this revision on (`tasks.facts.OPPOSITE_SLOTS`).

The rewrite is the extractor's own (morphology, the owner words of tasks/extractors/rules/person.py, merge_facts),
not a copy frozen here: `ops` may import anything (pyproject's import contracts), and a second copy would drift
from what new mentions are keyed by.

Downgrade is partial: a renamed fact gets its old value and key back from its `rename` event (where that key is
still free) and the event goes; merged facts stay one, since splitting them again would bring the defect back;
the merged fact's last state stays in its `merge` event.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06 05:45:00
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.orm import Session

from models.clock import utcnow
from models.sections import get_section
from models.settings import get_settings
from models.tables import Fact, FactEvent
from tasks.extractors.rules.person import RU_OWNER_WORDS
from tasks.facts import OPPOSITE_SLOTS, retire_fact
from tasks.language import morphology
from tasks.language.text import CYRILLIC_RE
from tasks.maintenance import merge_facts

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TASTE_SLOTS = ("likes", "dislikes")
RENAME = "rename"


def nominative_taste(value: str) -> str:
    """The thing as the extractor names it now: «кинзу» → «кинза», «свою работу» → «работа»; «кинза», «старый
    джаз», «кататься на лыжах» and "jazz" as they are."""
    words = value.split()
    nominative = morphology.object_as_nominative(words, "accs")
    if not CYRILLIC_RE.search(value.lower()) or nominative in (None, " ".join(words)):
        return value  # English, already the nominative, or no object pymorphy3 can name
    while len(words) > 1 and morphology.lemma(words[0]) in RU_OWNER_WORDS:
        words = words[1:]
    return morphology.object_as_nominative(words, "accs") or value


def taste_facts(session: Session) -> list[Fact]:
    """Every like and dislike, each user's oldest first (merge_facts keeps the first of its group)."""
    return list(
        session.scalars(
            sa.select(Fact)
            .where(Fact.section == "preferences", sa.or_(*(Fact.key.startswith(f"{slot}:") for slot in TASTE_SLOTS)))
            .order_by(Fact.user_id, Fact.first_seen, Fact.id)
        )
    )


def rename(session: Session, fact: Fact, attributes: dict[str, Any], key: str) -> None:
    """Give the fact its new value and key; a `rename` event keeps the old ones."""
    session.add(
        FactEvent(
            fact_id=fact.id,
            user_id=fact.user_id,
            change=RENAME,
            status=fact.status,
            attributes=attributes,
            before={"status": fact.status, "attributes": fact.attributes, "key": fact.key},
            source=fact.source,
            confidence=fact.confidence,
            fragment_id=None,
            valid_at=utcnow(),
        )
    )
    fact.attributes, fact.key = attributes, key
    session.flush()


def upgrade() -> None:
    session = Session(bind=op.get_bind())
    preferences = get_section("preferences")
    max_key_chars = get_settings().max_key_chars
    for fact in taste_facts(session):
        if sa.inspect(fact).deleted:
            continue  # merged into an older fact already
        said = str(fact.attributes.get("value", ""))
        named = nominative_taste(said)
        if named == said:
            continue
        slot = fact.key.split(":", 1)[0]
        key = preferences.key_for({"value": named}, slot)[:max_key_chars]
        holder = session.scalar(
            sa.select(Fact).where(Fact.user_id == fact.user_id, Fact.section == fact.section, Fact.key == key)
        )
        if holder is None:
            rename(session, fact, {**fact.attributes, "value": named}, key)
        elif not fact.status == holder.status == "archived":
            # The old form's value first, so that whichever of the two was said last, the merged value is the new
            # form; the key stays until merge_facts has freed the holder's.
            rename(session, fact, {**fact.attributes, "value": named}, fact.key)
            group = sorted([fact, holder], key=lambda f: (f.first_seen, f.id))
            merge_facts(session, group, key, utcnow())
    retire_contradicted(session)
    session.flush()


def retire_contradicted(session: Session) -> None:
    """A like and a dislike of one thing, both live (now that their keys meet): the one said last holds, as reconcile
    has it (tasks.reconcile.against_opposite); the other goes inactive with a `negation` event."""
    live = {(f.user_id, f.key): f for f in taste_facts(session) if f.status == "active"}
    for (user_id, key), fact in live.items():
        slot, _, value = key.partition(":")
        opposite = live.get((user_id, f"{OPPOSITE_SLOTS['preferences'][slot]}:{value}"))
        if opposite is None or (opposite.last_seen, opposite.id) < (fact.last_seen, fact.id):
            continue
        if fact.status == "active" and (fact.source != "explicit" or opposite.source == "explicit"):
            retire_fact(session, fact, utcnow(), status="inactive", change="negation")


def downgrade() -> None:
    session = Session(bind=op.get_bind())
    renames = session.scalars(sa.select(FactEvent).where(FactEvent.change == RENAME).order_by(FactEvent.id.desc()))
    for event in renames.all():
        fact = session.get(Fact, event.fact_id)
        before = event.before or {}
        if fact is None or "key" not in before or merged_since(session, event):
            continue
        holder = session.scalar(
            sa.select(Fact.id).where(
                Fact.user_id == fact.user_id, Fact.section == fact.section, Fact.key == before["key"]
            )
        )
        if holder is None:
            fact.attributes = {**fact.attributes, "value": before["attributes"].get("value")}
            fact.key = before["key"]
            session.delete(event)
            session.flush()


def merged_since(session: Session, event: FactEvent) -> bool:
    """Whether the fact was merged after the rename: then it stays one fact, under its new key."""
    merge = sa.select(FactEvent.id).where(
        FactEvent.fact_id == event.fact_id, FactEvent.change == "merge", FactEvent.id > event.id
    )
    return session.scalar(merge) is not None
