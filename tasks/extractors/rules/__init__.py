"""The offline extraction backend: regular expressions and word lists, Russian and English.

One pass reads the user's sentences and proposes events for every section; `classify` and
`extract` are views of that pass, cached per dialogue, so a fragment that touches five sections
is analysed once, not six times.

Per sentence, in this order (later rules may depend on what earlier ones claimed):
1. an explicit command ("запомни: …", "remember: …") yields only a note and nothing else;
2. allergies first, so an allergen that is also a drug ("аллергия на аспирин") is not a drug taken;
3. medications, family history, diagnoses, symptoms, events, lifestyle, body, then the person
   sections; last, whole-section answers ("аллергий нет", "не знаю").
A sentence sees the sentences of its message before it only for one thing: a medicine it refers back to with a
pronoun or a medicine's noun («Препарат Зорбекс. Пью его месяц»), named there (`medical.referred_back`).

Confidence: 1.0 for explicit commands, 0.7 for hedged statements ("кажется", "I think"),
0.9 otherwise. Names are normalised with ё written as е ("мёд" → "мед"), the same rule the
section registry applies to identity keys, so both spellings are one fact.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from models.schemas import ProposedEvent
from tasks.extractors import BackendReply, Dialogue, Message
from tasks.extractors.rules import conditions, events, medical, person
from tasks.extractors.rules.sentence import Finding, Sentence, user_sentences

__all__ = ["PROMPT_ID", "PROMPT_VERSION", "RulesBackend", "classify", "clear_cache", "extract"]

PROMPT_ID = "rules"
PROMPT_VERSION = "1"
EXPLICIT_CONFIDENCE = 1.0
HEDGED_CONFIDENCE = 0.7
DEFAULT_CONFIDENCE = 0.9
# A name found by grammar alone (in no reference list) may be a misreading: kept, but trusted less.
UNVERIFIED_CONFIDENCE = 0.6


def _sentence_findings(s: Sentence, before: Sequence[Sentence] = ()) -> list[Finding]:
    """`before`: the sentences of the same message before this one, where a medicine it refers back to is named."""
    if s.request:  # "could you keep it short?": a wish about the replies, nothing of the writer's life
        return person.style(s) + person.instructions(s)
    note = person.explicit_note(s)
    if note is not None:
        return [note]
    found, allergen_spans = medical.allergies(s)
    found += medical.medications(s, allergen_spans) or medical.referred_back(s, before)
    # A sentence that goes on with the one before, with no subject of its own ("My husband takes insulin. And
    # metformin for diabetes."), is read with that one's subject.
    joined = conditions.continuation_of_anothers(s, before)
    health_of = joined or s
    family = conditions.family_history(health_of)
    health = list(family)
    if not family or conditions.writer_too(health_of):
        health += conditions.conditions(health_of)
        health += conditions.symptoms(health_of)
    found += health if joined is None else conditions.said_in_continuation(joined, s, health)
    found += events.surgeries(s)
    found += events.injuries(s)
    found += events.vaccinations(s)
    found += events.lifestyle(s)
    found += events.demographics(s)
    found += events.pregnancy(s)
    for extractor in person.PERSON_EXTRACTORS:
        found += extractor(s)
    found += medical.coverage(s, {f.section for f in found})
    return [f for f in map(as_past, found) if f is not None] if s.past else found


# What a statement set in the writer's past ("when i was a kid i took ritalin") still tells: a medicine
# taken then is stopped, an illness had then is resolved; allergies and events stay as they are (an allergy
# is kept to be safe; a surgery is dated anyway); likes, body data and person facts of then are not now's.
PAST_STATUS = {
    "medications": "stopped",
    "symptoms": "resolved",
    "diagnoses": "resolved",
    "chronic_conditions": "resolved",
}
KEPT_AS_SAID_IN_THE_PAST = frozenset({"allergies", "family_history", "surgeries", "injuries", "vaccinations", "notes"})


def as_past(f: Finding) -> Finding | None:
    if f.section in PAST_STATUS and f.action == "assert":
        return replace(f, attributes={**f.attributes, "status": PAST_STATUS[f.section]})
    if f.section in PAST_STATUS or f.section in KEPT_AS_SAID_IN_THE_PAST:
        return f
    return None


def _to_event(f: Finding) -> ProposedEvent:
    if f.explicit:
        confidence = EXPLICIT_CONFIDENCE
    elif f.sentence.hedged:
        confidence = HEDGED_CONFIDENCE
    else:
        confidence = DEFAULT_CONFIDENCE
    if f.attributes.get("verified") is False:
        confidence = min(confidence, UNVERIFIED_CONFIDENCE)
    return ProposedEvent(
        section=f.section,
        action=f.action,  # type: ignore[arg-type]
        slot=f.slot,
        attributes=f.attributes,
        source="explicit" if f.explicit else "conversation",
        confidence=confidence,
        said_at=f.sentence.said_at,
        evidence=f.sentence.raw,
    )


@lru_cache(maxsize=512)
def _analyse(messages: tuple[Message, ...]) -> tuple[ProposedEvent, ...]:
    found: list[Finding] = []
    before: list[Sentence] = []  # the sentences of the current message so far
    for sentence in user_sentences(messages):
        if before and before[-1].message != sentence.message:
            before = []
        found += _sentence_findings(sentence, before)
        before.append(sentence)
    found = person.without_origins_beside_a_home(person.without_passing_children(found))
    return tuple(_to_event(f) for f in found)


def _events(messages: Sequence[Message]) -> tuple[ProposedEvent, ...]:
    return _analyse(tuple(messages))


def clear_cache() -> None:
    """Forget the analysed dialogues, so that a benchmark pass analyses every fragment again."""
    _analyse.cache_clear()


def classify(messages: Sequence[Message]) -> list[str]:
    """The sections the user's messages state something about, in first-mention order."""
    return list(dict.fromkeys(e.section for e in _events(messages)))


def extract(messages: Sequence[Message], section: str) -> list[ProposedEvent]:
    """The proposed events for one section (copies: callers may not mutate the cached pass)."""
    return [e.model_copy(deep=True) for e in _events(messages) if e.section == section]


class RulesBackend:
    """The `Backend` protocol over `classify`/`extract`; costs no tokens and needs no network."""

    name = "rules"
    remote = False

    def _reply(self, payload: dict[str, object], started: float) -> BackendReply:
        return BackendReply(
            raw_output=json.dumps(payload, ensure_ascii=False),
            prompt_id=PROMPT_ID,
            prompt_version=PROMPT_VERSION,
            model=None,
            tokens_in=0,
            tokens_out=0,
            latency_ms=(time.perf_counter() - started) * 1000,
        )

    def classify(self, dialogue: Dialogue) -> BackendReply:
        started = time.perf_counter()
        return self._reply({"sections": classify(dialogue.messages)}, started)

    def extract(self, dialogue: Dialogue, section: str) -> BackendReply:
        started = time.perf_counter()
        # The cached events themselves, not `extract`'s copies: dumping builds new objects and changes nothing.
        found = [e.model_dump(mode="json") for e in _events(dialogue.messages) if e.section == section]
        return self._reply({"events": found}, started)
