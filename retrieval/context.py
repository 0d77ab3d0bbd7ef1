"""build_context: the read path. Route the question, read what it needs, render labelled blocks.

One round trip per call — the needed facts, the coverage of the needed coverage-tracked
sections, for health questions only the user's records, and the sections the user's own
associations add (retrieval/associations.py) — and no LLM.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import BindParameter, CompoundSelect, String, bindparam, literal, null, select, union_all
from sqlalchemy.orm import Session

from models.concepts import word_stems
from models.db import session_scope
from models.schemas import ContextBlock, ContextPublic
from models.sections import COVERAGE_SECTIONS, SECTIONS
from models.settings import get_settings
from models.tables import Coverage, Fact, Record
from retrieval import render
from retrieval.associations import global_sections, user_sections_query
from retrieval.render import BlockKind, Lang
from retrieval.routing import ABOUT_ME, QueryRoute, gap_relevant, route_query

# Safety-relevant: never dropped by the per-section cap or the size budget.
UNCUT_SECTIONS = frozenset({"instructions", "allergies"})
# Questions that want the documents whatever words they use.
RECORD_CLASSES = frozenset({"labs", "conditions", ABOUT_ME})
# Newest records scanned for a word match; a host uploads tens of records per user, not thousands.
RECORD_SCAN_LIMIT = 200
# Sections whose facts are rendered in their own blocks rather than in self_reported.
OWN_BLOCK_SECTIONS: dict[str, BlockKind] = {"instructions": "instructions", "profile": "profile", "style": "style"}
# Attribute states that mean "no longer so", even on a fact whose status is still active.
PAST_ATTRIBUTE_STATES = frozenset({"stopped", "resolved"})

_REGISTRY_ORDER: dict[str, int] = {name: index for index, name in enumerate(SECTIONS)}
_HEALTH_SECTIONS = frozenset(name for name, section in SECTIONS.items() if section.domain == "health")
_SLOT_ORDER: dict[str, dict[str, int]] = {
    name: {slot: index for index, slot in enumerate(section.slots)} for name, section in SECTIONS.items()
}


@dataclass(frozen=True)
class _FactView:
    section: str
    key: str
    status: str
    attributes: dict[str, Any]
    last_seen: datetime
    source: str


@dataclass(frozen=True)
class _RecordView:
    kind: str
    title: str
    date: datetime
    payload: dict[str, Any]


@dataclass(frozen=True)
class _Item:
    """One rendered line, where it goes, and how it competes for the budget."""

    block: BlockKind
    text: str
    order: tuple[int, int]  # position inside its block when rendered
    mandatory: bool = False


def build_context(user_id: str, query: str, *, session: Session | None = None) -> ContextPublic:
    """The labelled memory block for this user's question; read-only."""
    if session is None:
        with session_scope() as own_session:
            return build_context(user_id, query, session=own_session)
    routed = route_query(query)
    stems = word_stems(query)
    memory = _read_memory(session, user_id, routed, stems)
    # Associated sections join the routed ones; query classes are reported as routed.
    route = _with_sections(routed, memory.associated)
    facts = _relevant_facts(memory.facts, route, stems)
    coverage = memory.coverage
    records = _relevant_records(memory.records, route, stems)

    items = [
        *_fact_items(facts, route.language),
        *_coverage_items(coverage, route.language),
        *_gap_items(routed, facts, coverage),
        *_record_items(records, route.language),
    ]
    blocks = _assemble_blocks(_fit_budget(items, route.language), route.language)
    text = "\n".join([render.directive(route.language), *(block.text for block in blocks)]) if blocks else ""
    return ContextPublic(
        user_id=user_id,
        query=query,
        query_classes=route.labels,
        sections=_reported_sections(route, facts),
        blocks=blocks,
        text=text,
    )


# --- reading -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Memory:
    facts: list[_FactView]  # newest first
    coverage: dict[str, tuple[str, datetime]]  # section → (state, updated_at)
    records: list[_RecordView]  # newest first
    associated: frozenset[str]  # sections the question's concepts bring in, beyond the routed ones


def _wanted_statuses(route: QueryRoute) -> tuple[str, ...]:
    return ("active", *(("inactive",) if route.past else ()), *(("archived",) if route.archived else ()))


def _needs_records(route: QueryRoute) -> bool:
    """Documents belong to health questions; a style or CI question never reads them."""
    return bool(RECORD_CLASSES & set(route.classes) or _HEALTH_SECTIONS & set(route.sections))


def _with_sections(route: QueryRoute, extra: frozenset[str]) -> QueryRoute:
    if extra <= set(route.sections):
        return route
    sections = sorted({*route.sections, *extra}, key=_REGISTRY_ORDER.__getitem__)
    return route.model_copy(update={"sections": tuple(sections)})


def _read_memory(session: Session, user_id: str, route: QueryRoute, concepts: frozenset[str]) -> _Memory:
    """One user's memory for this question: the query reads the user's rows, Python picks sections.

    The sections are only known once the user's associations are read, and filtering them in SQL
    (an OR over a CTE of the associations) cost more in planning than it saved: measured at 100k
    users, 1.7 ms p50 against 1.0 ms for this shape (ops/bench/read_path.py). A user has tens of
    facts (at most LTM_MAX_FACTS_PER_USER), all of which a bare indexed SELECT reads too.
    """
    query = _memory_query(_wanted_statuses(route), _needs_records(route), bool(concepts))
    parameters: dict[str, Any] = {"user_id": user_id}
    if concepts:
        parameters["concepts"] = sorted(concepts)
    rows = list(session.connection().execute(query, parameters))
    user_associated = {section for kind, section, *_ in rows if kind == "association"}
    associated = (global_sections(concepts) | user_associated) & SECTIONS.keys()
    wanted = {*route.sections, *associated}
    # Notes are read for every question: one that shares a word with the question is shown too.
    fact_sections = {*wanted, "notes"}
    memory = _Memory(facts=[], coverage={}, records=[], associated=frozenset(associated - set(route.sections)))
    for kind, section, key, status, attributes, at, source in rows:
        if kind == "fact" and section in fact_sections:
            memory.facts.append(_FactView(section, key, status, attributes, at, source))
        elif kind == "coverage" and section in wanted:
            memory.coverage[section] = (status, at)
        elif kind == "record":
            memory.records.append(_RecordView(kind=section, title=key, date=at, payload=attributes or {}))
    memory.facts.sort(key=lambda fact: fact.last_seen, reverse=True)
    memory.records.sort(key=lambda record: record.date, reverse=True)
    return memory


@lru_cache(maxsize=16)
def _memory_query(statuses: tuple[str, ...], with_records: bool, with_associations: bool) -> CompoundSelect:
    """Facts, coverage, associations and records of one user in a single round trip (UNION ALL).

    The read path's budget is about a millisecond and each round trip to Postgres costs a third
    of it: measured on the dev box, three separate indexed SELECTs took 1.7 ms, this one 0.6 ms.
    Rows are (kind, section, key, status, attributes, at, source); coverage rows put the state in
    `status`, record rows put kind/title/payload/date in section/key/attributes/at, association
    rows (sections whose weight with the question's expanding `concepts` reaches the threshold)
    only the section. The statement is built once per shape (statuses × records × associations).
    """
    user_id: BindParameter[str] = bindparam("user_id", type_=String())
    facts = Fact.__table__.c
    coverage = Coverage.__table__.c
    parts = [
        select(
            literal("fact").label("kind"),
            facts.section,
            facts.key,
            facts.status,
            facts.attributes,
            facts.last_seen.label("at"),
            facts.source,
        ).where(facts.user_id == user_id, facts.status.in_(statuses)),
        select(
            literal("coverage"), coverage.section, null(), coverage.state, null(), coverage.updated_at, null()
        ).where(coverage.user_id == user_id),
    ]
    if with_associations:
        associated = user_sections_query().subquery()
        parts.append(select(literal("association"), associated.c.section, null(), null(), null(), null(), null()))
    if with_records:
        records = Record.__table__.c
        newest = (
            select(records.kind, records.title, records.payload, records.date)
            .where(records.user_id == user_id)
            .order_by(records.date.desc(), records.id.desc())
            .limit(RECORD_SCAN_LIMIT)
            .subquery()
        )
        parts.append(
            select(literal("record"), newest.c.kind, newest.c.title, null(), newest.c.payload, newest.c.date, null())
        )
    return union_all(*parts)


# --- choosing ------------------------------------------------------------------------------------


def _is_past(fact: _FactView) -> bool:
    return fact.status == "inactive" or fact.attributes.get("status") in PAST_ATTRIBUTE_STATES


def _relevant_facts(facts: list[_FactView], route: QueryRoute, stems: frozenset[str]) -> list[_FactView]:
    """Status rules, associative notes and the per-section cap (newest kept)."""
    cap = get_settings().context_section_cap
    kept: list[_FactView] = []
    per_section: dict[str, int] = defaultdict(int)
    for fact in facts:  # newest first
        if _is_past(fact) and not route.past:
            continue
        if fact.section not in route.sections and not stems & word_stems(str(fact.attributes.get("value", ""))):
            continue  # a note outside the route is shown only when it shares a word with the question
        if fact.section not in UNCUT_SECTIONS and per_section[fact.section] >= cap:
            continue
        per_section[fact.section] += 1
        kept.append(fact)
    return kept


def _relevant_records(records: list[_RecordView], route: QueryRoute, stems: frozenset[str]) -> list[_RecordView]:
    cap = get_settings().context_section_cap
    if RECORD_CLASSES & set(route.classes):
        return records[:cap]
    matching = [record for record in records if stems & word_stems(_record_words(record))]
    return matching[:cap]


def _record_words(record: _RecordView) -> str:
    return " ".join([record.title, *map(str, record.payload.keys()), *map(str, record.payload.values())])


def _reported_sections(route: QueryRoute, facts: list[_FactView]) -> list[str]:
    sections = set(route.sections) | {fact.section for fact in facts}
    return sorted(sections, key=_REGISTRY_ORDER.__getitem__)


# --- rendering into items ------------------------------------------------------------------------


def _fact_items(facts: list[_FactView], lang: Lang) -> list[_Item]:
    by_section: dict[str, list[_FactView]] = defaultdict(list)
    for fact in facts:
        by_section[fact.section].append(fact)
    items: list[_Item] = []
    for section, section_facts in by_section.items():
        if section == "style":
            items.append(_style_item(section_facts, lang))
            continue
        block = OWN_BLOCK_SECTIONS.get(section, "self_reported")
        for rank, fact in enumerate(_in_display_order(section, section_facts)):
            text = _render_fact(fact, lang)
            if block == "self_reported":
                text = f"{render.section_label(section, lang)}: {text}"
            items.append(_Item(block, text, (_REGISTRY_ORDER[section], rank), section in UNCUT_SECTIONS))
    return items


def _in_display_order(section: str, facts: list[_FactView]) -> list[_FactView]:
    """Slots in the registry's slot order (name before city); entities newest first, as loaded."""
    if SECTIONS[section].shape != "slot":
        return facts
    slot_order = _SLOT_ORDER[section]
    return sorted(facts, key=lambda fact: slot_order.get(render.slot_name(fact.key), len(slot_order)))


def _render_fact(fact: _FactView, lang: Lang) -> str:
    if SECTIONS[fact.section].shape == "slot":
        return render.render_slot(render.slot_name(fact.key), fact.attributes.get("value"), lang, fact.attributes)
    return render.render_entity(
        fact.section, fact.attributes, fact_status=fact.status, last_seen=fact.last_seen, source=fact.source, lang=lang
    )


def _style_item(facts: list[_FactView], lang: Lang) -> _Item:
    traits = [(render.slot_name(f.key), f.attributes.get("value")) for f in _in_display_order("style", facts)]
    return _Item("style", render.render_style(traits, lang), (0, 0))


def _coverage_items(coverage: dict[str, tuple[str, datetime]], lang: Lang) -> list[_Item]:
    items = []
    for section, (state, updated_at) in coverage.items():
        text = render.render_coverage(section, state, updated_at, lang)
        if text is not None:
            # Rank -1: the section-wide statement comes before that section's facts.
            items.append(_Item("self_reported", text, (_REGISTRY_ORDER[section], -1), section in UNCUT_SECTIONS))
    return items


def _gap_items(route: QueryRoute, facts: list[_FactView], coverage: dict[str, tuple[str, datetime]]) -> list[_Item]:
    """Unknown coverage-tracked sections the question depends on: the assistant may ask about them."""
    with_facts = {fact.section for fact in facts}
    return [
        _Item("gaps", render.render_gap(section, route.language), (_REGISTRY_ORDER[section], 0))
        for section in route.sections
        if section in COVERAGE_SECTIONS
        and coverage.get(section, ("unknown", None))[0] == "unknown"
        and section not in with_facts
        and gap_relevant(route, section)
    ]


def _record_items(records: Iterable[_RecordView], lang: Lang) -> list[_Item]:
    return [
        _Item("documented", render.render_record(r.kind, r.title, r.date, r.payload, lang), (0, rank))
        for rank, r in enumerate(records)
    ]


# --- budget and blocks ---------------------------------------------------------------------------

# Who wins when the budget is short: what shapes every answer first, then the hints (short),
# then the bulk of health facts, then documents. Mandatory items are taken before all of these.
_BUDGET_PRIORITY: dict[BlockKind, int] = {
    "instructions": 0,
    "profile": 1,
    "style": 2,
    "gaps": 3,
    "self_reported": 4,
    "documented": 5,
}


def _fit_budget(items: list[_Item], lang: Lang) -> list[_Item]:
    """Greedy fill of settings.context_budget_chars, counting the exact characters of the text.

    Mandatory items (instructions, allergies) are always taken, even past the budget.
    """
    budget = get_settings().context_budget_chars
    used = len(render.directive(lang))
    opened: set[BlockKind] = set()
    chosen: list[_Item] = []
    for item in sorted(items, key=lambda i: (not i.mandatory, _BUDGET_PRIORITY[i.block], i.order)):
        cost = 1 + len(render.item_line(item.text))
        if item.block not in opened:
            cost += 1 + len(render.heading(item.block, lang))
        if not item.mandatory and used + cost > budget:
            continue
        used += cost
        opened.add(item.block)
        chosen.append(item)
    return chosen


def _assemble_blocks(items: list[_Item], lang: Lang) -> list[ContextBlock]:
    by_block: dict[BlockKind, list[_Item]] = defaultdict(list)
    for item in items:
        by_block[item.block].append(item)
    blocks = []
    for kind in render.BLOCK_ORDER:
        if by_block[kind]:
            texts = [item.text for item in sorted(by_block[kind], key=lambda i: i.order)]
            blocks.append(
                ContextBlock(
                    kind=kind,
                    title=render.BLOCK_TITLES[kind][lang],
                    items=texts,
                    text=render.block_text(kind, texts, lang),
                )
            )
    return blocks
