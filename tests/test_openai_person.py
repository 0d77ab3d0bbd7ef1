"""The openai backend on the person facts: the v3 profile and preferences prompts, their new fields,
and answers carrying them, round-tripped through the real client, the local fake server and validation.
"""

from __future__ import annotations

import typing
from typing import Any

import pytest

from models.settings import Settings
from tasks.extractors import Dialogue, Message
from tasks.extractors.openai_backend import OpenAIBackend
from tasks.extractors.prompts import answer_schema, load_prompt
from tasks.validate import validate_events
from tests.fake_openai import FakeOpenAI, running_fake_openai

TS = "2026-03-01T09:00:00Z"


def _dialogue(text: str) -> Dialogue:
    return Dialogue(messages=(Message.model_validate({"role": "user", "content": text, "ts": TS}),))


def _event(
    section: str, slot: str, attributes: dict[str, Any], evidence: str, action: str = "assert"
) -> dict[str, Any]:
    return {
        "section": section,
        "action": action,
        "slot": slot,
        "attributes": attributes,
        "source": "conversation",
        "confidence": 0.9,
        "said_at": TS,
        "evidence": evidence,
    }


@pytest.fixture()
def fake_openai() -> typing.Iterator[FakeOpenAI]:
    with running_fake_openai() as server:
        yield server


@pytest.fixture()
def backend(fake_openai: FakeOpenAI) -> OpenAIBackend:
    return OpenAIBackend(settings=Settings(llm_base_url=fake_openai.base_url, llm_model="fake-model"))


def test_the_person_prompts_are_the_new_versions() -> None:
    assert load_prompt("profile").version == "v3"
    assert load_prompt("preferences").version == "v3"
    for slot in ("family_status", "children", "region"):
        assert f"`{slot}`" in load_prompt("profile").text
    for field in ("sports", "breed", "name", "count"):
        assert f"`{field}`" in load_prompt("preferences").text


def test_a_pet_with_breed_and_name_round_trips(fake_openai: FakeOpenAI, backend: OpenAIBackend) -> None:
    text = "Завели котёнка — сфинкс, зовут Кекс. По средам играю в сквош."
    answer = {
        "events": [
            _event("preferences", "pets", {"value": "кот", "breed": "сфинкс", "name": "Кекс"}, text[:36]),
            _event("preferences", "sports", {"value": "сквош"}, "По средам играю в сквош."),
        ]
    }
    fake_openai.answers[("preferences", "сфинкс")] = answer

    reply = backend.extract(_dialogue(text), "preferences")

    assert reply.prompt_version == "v3"
    events = validate_events(reply.raw_output, "preferences", Settings())
    assert [(e.slot, e.attributes) for e in events] == [
        ("pets", {"value": "кот", "breed": "сфинкс", "name": "Кекс"}),
        ("sports", {"value": "сквош"}),
    ]
    schema = fake_openai.requests[0]["response_format"]["json_schema"]["schema"]
    assert schema == answer_schema("preferences")


def test_family_children_region_and_a_job_left_round_trip(fake_openai: FakeOpenAI, backend: OpenAIBackend) -> None:
    text = "I'm divorced with two daughters, based in Vermont, and I just quit my job."
    answer = {
        "events": [
            _event("profile", "family_status", {"value": "divorced"}, "I'm divorced"),
            _event("profile", "children", {"value": "2 daughters"}, "with two daughters"),
            _event("profile", "region", {"value": "Vermont"}, "based in Vermont"),
            _event("profile", "profession", {"value": "job"}, "I just quit my job", action="negate"),
        ]
    }
    fake_openai.answers[("profile", "Vermont")] = answer

    reply = backend.extract(_dialogue(text), "profile")

    assert reply.prompt_version == "v3"
    events = validate_events(reply.raw_output, "profile", Settings())
    assert [(e.slot, e.action, e.attributes["value"]) for e in events] == [
        ("family_status", "assert", "divorced"),
        ("children", "assert", "2 daughters"),
        ("region", "assert", "Vermont"),
        ("profession", "negate", "job"),
    ]


def test_a_pet_count_below_one_is_rejected_naming_the_field(fake_openai: FakeOpenAI, backend: OpenAIBackend) -> None:
    fake_openai.answers[("preferences", "кошк")] = {
        "events": [_event("preferences", "pets", {"value": "кошка", "count": 0}, "у меня кошки")]
    }

    reply = backend.extract(_dialogue("у меня кошки"), "preferences")

    with pytest.raises(ValueError, match="count"):
        validate_events(reply.raw_output, "preferences", Settings())


def test_profile_v3_teaches_the_casual_constructions_the_rules_read() -> None:
    text = load_prompt("profile").text
    for phrase in (
        '"my husband is a doctor"',
        '"mom of two here" → "2 children"',
        '"her name\'s Mittens"',
        '"raleigh nc"',
    ):
        assert phrase in text


def test_preferences_v3_teaches_the_pastimes_and_pets_the_rules_read(
    fake_openai: FakeOpenAI, backend: OpenAIBackend
) -> None:
    text = load_prompt("preferences").text
    for phrase in (
        '"I like to go fishing"',
        '"I watch a lot of anime"',
        '"I spend all my time working"',
        '"an iguana"',
    ):
        assert phrase in text
    said = "Bouldering is my life, and I have a soft spot for jazz. We keep a hedgehog."
    fake_openai.answers[("preferences", "hedgehog")] = {
        "events": [
            _event("preferences", "sports", {"value": "bouldering"}, "Bouldering is my life"),
            _event("preferences", "likes", {"value": "jazz"}, "I have a soft spot for jazz"),
            _event("preferences", "pets", {"value": "hedgehog"}, "We keep a hedgehog."),
        ]
    }

    reply = backend.extract(_dialogue(said), "preferences")

    assert reply.prompt_version == "v3"
    events = validate_events(reply.raw_output, "preferences", Settings())
    assert [(e.slot, e.attributes["value"]) for e in events] == [
        ("sports", "bouldering"),
        ("likes", "jazz"),
        ("pets", "hedgehog"),
    ]
