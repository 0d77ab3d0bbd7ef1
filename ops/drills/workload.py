"""What a drill publishes and what it must find afterwards.

Fragments are built from sentences the offline rules extractor understands, so every fragment
has a known set of facts: "Меня зовут X" (profile/name), "Я принимаю <drug> <n> мг"
(medications/<drug>), "У меня аллергия на <allergen>" (allergies/<allergen>). Each fact is
expected with an exact number of history events: one `first_mention`, or two when a later
fragment changes the dose. Fewer means something was lost; more means something was applied twice.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select, tuple_
from sqlalchemy.exc import DBAPIError

from models.db import session_scope
from models.sections import SECTIONS
from models.statuses import TERMINAL, FragmentStatus
from models.tables import Fact, FactEvent, Fragment

NAMES = [
    "Анна",
    "Борис",
    "Вера",
    "Глеб",
    "Дарья",
    "Егор",
    "Жанна",
    "Зоя",
    "Игорь",
    "Кира",
    "Лев",
    "Мария",
    "Никита",
    "Ольга",
    "Павел",
    "Роман",
    "Светлана",
    "Тимур",
    "Ульяна",
    "Фёдор",
]
DRUGS = [
    "эналаприл",
    "лизиноприл",
    "метформин",
    "амлодипин",
    "бисопролол",
    "аторвастатин",
    "омепразол",
    "варфарин",
    "ибупрофен",
    "парацетамол",
    "лозартан",
    "валсартан",
    "метопролол",
    "карведилол",
    "нифедипин",
    "верапамил",
    "индапамид",
    "фуросемид",
    "спиронолактон",
    "розувастатин",
    "симвастатин",
    "клопидогрел",
    "ривароксабан",
    "апиксабан",
    "дигоксин",
    "амиодарон",
    "гликлазид",
    "левотироксин",
    "пантопразол",
    "диклофенак",
]
ALLERGENS = ["орехи", "арахис", "молоко", "латекс", "пыльца", "мед", "рыба", "соя", "кунжут", "шоколад"]

FactKey = tuple[str, str, str]  # user_id, section, key


# When the first fragment of a plan is said; each later one an hour later.
FIRST_SAID = datetime(2026, 3, 1, tzinfo=UTC)


@dataclass
class Plan:
    """Fragments to publish and the facts (with their number of history events) they must leave."""

    fragments: list[dict[str, Any]] = field(default_factory=list)
    expected: dict[FactKey, int] = field(default_factory=dict)
    extra_users: list[str] = field(default_factory=list)  # users a drill writes to without fragments

    @property
    def users(self) -> list[str]:
        return sorted({f["user_id"] for f in self.fragments} | set(self.extra_users))

    @property
    def keys(self) -> list[tuple[str, str]]:
        return [(f["user_id"], f["fragment_id"]) for f in self.fragments]

    def add(self, user_id: str, text: str, facts: list[tuple[str, str]], hour: int) -> None:
        """A fragment and the facts it states: (section, slot) or (section, the name said)."""
        number = len(self.fragments)
        self.fragments.append(
            {
                "user_id": user_id,
                "conversation_id": f"{user_id}-c",
                "fragment_id": f"{user_id}-f{number}",
                # Distinct, increasing times: a later dose is said later, so it wins (reconcile's stale rule).
                "messages": [{"role": "user", "content": text, "ts": (FIRST_SAID + timedelta(hours=hour)).isoformat()}],
            }
        )
        for section, said in facts:
            key = (user_id, section, fact_key(section, said))
            self.expected[key] = self.expected.get(key, 0) + 1


def fact_key(section: str, said: str) -> str:
    """The key a slot (its name) or a named thing (its name, as the section keys it) is stored under."""
    registered = SECTIONS[section]
    if registered.shape == "slot":
        return registered.key_for({}, said)
    return registered.key_for({"name_normalized": said})


def one_user_per_fragment(tag: str, count: int) -> Plan:
    """`count` users, one fragment each, three facts a fragment."""
    plan = Plan()
    for i in range(count):
        drug, allergen = DRUGS[i % len(DRUGS)], ALLERGENS[(i * 3) % len(ALLERGENS)]
        plan.add(
            f"drill-{tag}-{i}",
            f"Меня зовут {NAMES[i % len(NAMES)]}. Я принимаю {drug} {10 + i} мг. У меня аллергия на {allergen}.",
            [("profile", "name"), ("medications", drug), ("allergies", allergen)],
            hour=i,
        )
    return plan


def few_users_many_fragments(tag: str, count: int, users: int = 2) -> Plan:
    """`count` fragments spread over a few users, a distinct drug each; each user's first drug
    gets a new dose in a last fragment, so two writes race on one fact (two events expected)."""
    plan = Plan()
    per_user = max(1, count // users)
    for n in range(min(count, users * len(DRUGS))):
        user, k = f"drill-{tag}-{n % users}", n // users
        if k >= per_user:
            break
        drug = DRUGS[k % len(DRUGS)]
        plan.add(user, f"Я принимаю {drug} {10 + k} мг каждый день.", [("medications", drug)], hour=k)
    for u in range(users):
        plan.add(
            f"drill-{tag}-{u}",
            f"Я принимаю {DRUGS[0]} 400 мг каждый день.",
            [("medications", DRUGS[0])],
            hour=per_user + 1,
        )
    return plan


def fragment_statuses(plan: Plan) -> dict[tuple[str, str], str]:
    """Current status per (user, fragment_id); {} while the database is unreachable (a drill stopped it)."""
    try:
        with session_scope() as session:
            rows = session.execute(
                select(Fragment.user_id, Fragment.fragment_id, Fragment.status).where(
                    tuple_(Fragment.user_id, Fragment.fragment_id).in_(plan.keys)
                )
            ).all()
    except DBAPIError:
        return {}
    return {(user, fid): status for user, fid, status in rows}


def done_count(plan: Plan) -> int:
    return sum(1 for s in fragment_statuses(plan).values() if s in TERMINAL)


def wait_for_done(plan: Plan, at_least: int, timeout: float) -> int:
    """Poll until `at_least` of the plan's fragments are terminal; the count reached (maybe fewer)."""
    deadline = time.monotonic() + timeout
    done = done_count(plan)
    while done < at_least and time.monotonic() < deadline:
        time.sleep(0.1)
        done = done_count(plan)
    return done


@dataclass
class Verdict:
    expected_facts: int
    found_facts: int
    expected_events: int
    found_events: int
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems


def verify(plan: Plan) -> Verdict:
    """Exactly the expected facts, each with exactly its expected number of history events."""
    with session_scope() as session:
        facts = session.execute(
            select(Fact.id, Fact.user_id, Fact.section, Fact.key).where(Fact.user_id.in_(plan.users))
        ).all()
        events = Counter(
            dict(
                session.execute(
                    select(FactEvent.fact_id, func.count())
                    .where(FactEvent.user_id.in_(plan.users))
                    .group_by(FactEvent.fact_id)
                ).all()
            )
        )
        statuses = Counter(s for s in fragment_statuses(plan).values())
    found = {(user, section, key): events[fact_id] for fact_id, user, section, key in facts}
    problems = []
    missing = sorted(set(plan.expected) - set(found))
    extra = sorted(set(found) - set(plan.expected))
    wrong = sorted(k for k in set(found) & set(plan.expected) if found[k] != plan.expected[k])
    if missing:
        problems.append(f"{len(missing)} fact(s) missing, e.g. {missing[:3]}")
    if extra:
        problems.append(f"{len(extra)} unexpected fact(s), e.g. {extra[:3]}")
    if wrong:
        problems.append(
            f"{len(wrong)} fact(s) with the wrong number of events, e.g. "
            + ", ".join(f"{k}: {found[k]} not {plan.expected[k]}" for k in wrong[:3])
        )
    if statuses.get(FragmentStatus.DONE, 0) != len(plan.fragments):
        problems.append(f"fragment statuses {dict(statuses)}, expected {len(plan.fragments)} done")
    return Verdict(
        len(plan.expected),
        sum(1 for k in plan.expected if k in found and k not in wrong),
        sum(plan.expected.values()),
        sum(found.values()),
        problems,
    )
