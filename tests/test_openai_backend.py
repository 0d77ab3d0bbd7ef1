"""The `openai` backend through the real `openai` client against a local fake server, and its prompts.

No database or broker is needed: the backend only talks HTTP, and `validate_events` is pure.
"""

from __future__ import annotations

import json
import logging
import re
import socket
import typing
from pathlib import Path
from typing import Any

import pytest

from models.sections import SECTIONS, Section
from models.settings import Settings
from tasks.extractors import Dialogue, Message, TerminalBackendError, TransientBackendError
from tasks.extractors.openai_backend import OpenAIBackend
from tasks.extractors.prompts import (
    ClassifyAnswer,
    answer_schema,
    extract_answer_model,
    find_prompt,
    load_prompt,
    prompt_ids,
)
from tasks.validate import InvalidExtraction, validate_events
from tests.fake_openai import SERVED_MODEL, FakeOpenAI, running_fake_openai

API_KEY = "sk-test-7f3a9c1e5b"
TS = "2026-03-01T09:00:00Z"
DIALOGUE = Dialogue(
    messages=(
        Message.model_validate({"role": "assistant", "content": "Какие лекарства вы принимаете?", "ts": TS}),
        Message.model_validate({"role": "user", "content": "Пью Энап 5 мг от давления", "ts": TS}),
    )
)
ENAP = {
    "events": [
        {
            "section": "medications",
            "action": "assert",
            "attributes": {
                "name_raw": "Энап",
                "name_normalized": "эналаприл",
                "dosage": "5 мг",
                "indication": "давление",
            },
            "said_at": TS,
            "evidence": "Пью Энап 5 мг от давления",
        }
    ]
}


@pytest.fixture()
def fake_openai() -> typing.Iterator[FakeOpenAI]:
    # Stalls a "timeout" request for 3 s, well past the backend's 0.5 s timeout below.
    with running_fake_openai(timeout_delay=3.0) as server:
        yield server


def settings_for(base_url: str, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "llm_base_url": base_url,
        "llm_model": "fake-model",
        "llm_timeout": 0.5,
        "openai_api_key": API_KEY,
        **overrides,
    }
    return Settings(**values)


@pytest.fixture()
def backend(fake_openai: FakeOpenAI) -> OpenAIBackend:
    return OpenAIBackend(settings=settings_for(fake_openai.base_url))


def system_text(request: dict[str, Any]) -> str:
    return next(m["content"] for m in request["messages"] if m["role"] == "system")


def user_text(request: dict[str, Any]) -> str:
    return next(m["content"] for m in request["messages"] if m["role"] == "user")


# Calls and what they record.


def test_classify_returns_the_raw_answer_and_records_the_call(fake_openai: FakeOpenAI, backend: OpenAIBackend) -> None:
    fake_openai.answers["classify"] = {"sections": ["medications", "chronic_conditions"]}

    reply = backend.classify(DIALOGUE)

    assert json.loads(reply.raw_output) == {"sections": ["medications", "chronic_conditions"]}
    assert (reply.prompt_id, reply.prompt_version) == ("classify", "v2")
    assert reply.model == SERVED_MODEL  # what the server says it ran, not what was asked for
    assert reply.tokens_in > 0 and reply.tokens_out > 0
    assert reply.latency_ms > 0
    [request] = fake_openai.requests
    assert request["model"] == "fake-model"
    assert system_text(request).startswith("prompt: classify v2\n")
    assert json.loads(user_text(request)) == [
        {"role": "assistant", "content": "Какие лекарства вы принимаете?", "ts": TS},
        {"role": "user", "content": "Пью Энап 5 мг от давления", "ts": TS},
    ]


def test_classify_asks_for_the_generated_answer_schema(fake_openai: FakeOpenAI, backend: OpenAIBackend) -> None:
    fake_openai.answers["classify"] = {"sections": []}

    backend.classify(DIALOGUE)

    response_format = fake_openai.requests[0]["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["name"] == "classify_answer"
    assert response_format["json_schema"]["schema"] == answer_schema("classify")
    assert answer_schema("classify")["properties"]["sections"]["items"]["enum"] == list(SECTIONS)


def test_extract_sends_only_that_sections_rules_and_its_answer_validates(
    fake_openai: FakeOpenAI, backend: OpenAIBackend
) -> None:
    fake_openai.answers[("medications", "Энап")] = ENAP

    reply = backend.extract(DIALOGUE, "medications")

    [event] = validate_events(reply.raw_output, "medications", Settings())
    assert event.attributes["name_normalized"] == "эналаприл"
    version = load_prompt("medications").version
    assert (reply.prompt_id, reply.prompt_version, reply.model) == ("medications", version, SERVED_MODEL)
    system = system_text(fake_openai.requests[0])
    assert system.startswith(f"prompt: medications {version}\n") and load_prompt("medications").text in system
    assert "Extraction rules: allergies" not in system and "Classifier" not in system
    schema = fake_openai.requests[0]["response_format"]["json_schema"]["schema"]
    assert schema == answer_schema("medications")


def test_one_request_per_classify_and_per_extract(fake_openai: FakeOpenAI, backend: OpenAIBackend) -> None:
    fake_openai.answers.update(
        classify={"sections": ["medications", "allergies"]}, medications=ENAP, allergies={"events": []}
    )

    sections = json.loads(backend.classify(DIALOGUE).raw_output)["sections"]
    for section in sections:
        backend.extract(DIALOGUE, section)

    assert fake_openai.prompt_ids() == ["classify", "medications", "allergies"]


def test_the_client_is_built_on_first_use_only() -> None:
    backend = OpenAIBackend(settings=settings_for("http://127.0.0.1:9/v1"))  # nothing listens there

    assert "client" not in vars(backend)  # constructing the backend opened nothing


# Bad answers reach validation verbatim: they end rejected, never as "nothing found".


def test_malformed_json_is_returned_verbatim_and_rejected_by_validation(
    fake_openai: FakeOpenAI, backend: OpenAIBackend
) -> None:
    fake_openai.fail_next("malformed_json")

    reply = backend.extract(DIALOGUE, "medications")

    assert reply.raw_output == '{"events": [{"section": "medications", "act'
    with pytest.raises(InvalidExtraction, match="output is not JSON"):
        validate_events(reply.raw_output, "medications", Settings())


def test_an_answer_breaking_the_schema_is_rejected_naming_the_field(
    fake_openai: FakeOpenAI, backend: OpenAIBackend
) -> None:
    fake_openai.fail_next("wrong_schema")

    reply = backend.extract(DIALOGUE, "medications")

    with pytest.raises(InvalidExtraction, match=r"events\.0\.action"):
        validate_events(reply.raw_output, "medications", Settings())


def test_a_refusal_is_terminal_not_an_empty_answer(fake_openai: FakeOpenAI, backend: OpenAIBackend) -> None:
    fake_openai.fail_next("refusal")

    with pytest.raises(TerminalBackendError, match="refusal"):
        backend.extract(DIALOGUE, "medications")


# Errors: transient ones go back to Celery for a retry; the client never retries on its own.


@pytest.mark.parametrize("fault", ["http_429", "http_500", "timeout"])
def test_rate_limits_server_errors_and_timeouts_are_transient(
    fake_openai: FakeOpenAI, backend: OpenAIBackend, fault: Any
) -> None:
    fake_openai.answers["medications"] = ENAP
    fake_openai.fail_next(fault)

    with pytest.raises(TransientBackendError):
        backend.extract(DIALOGUE, "medications")

    assert len(fake_openai.requests) == 1  # max_retries=0: retrying is Celery's job
    assert json.loads(backend.extract(DIALOGUE, "medications").raw_output) == ENAP


def test_an_unreachable_server_is_transient() -> None:
    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens on it
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    backend = OpenAIBackend(settings=settings_for(f"http://127.0.0.1:{port}/v1"))

    with pytest.raises(TransientBackendError, match="APIConnectionError"):
        backend.classify(DIALOGUE)


@pytest.mark.parametrize("fault", ["http_400", "http_401"])
def test_bad_requests_are_terminal(fake_openai: FakeOpenAI, backend: OpenAIBackend, fault: Any) -> None:
    fake_openai.fail_next(fault)

    with pytest.raises(TerminalBackendError, match=f"openai medications {load_prompt('medications').version}"):
        backend.extract(DIALOGUE, "medications")

    assert len(fake_openai.requests) == 1


def test_without_json_schema_support_it_falls_back_to_json_mode_for_good(
    fake_openai: FakeOpenAI, backend: OpenAIBackend
) -> None:
    fake_openai.answers["medications"] = ENAP
    fake_openai.fail_next("json_schema_unsupported", times=10)  # a server that never supports it

    first = backend.extract(DIALOGUE, "medications")
    second = backend.extract(DIALOGUE, "medications")

    assert json.loads(first.raw_output) == json.loads(second.raw_output) == ENAP
    kinds = [r["response_format"]["type"] for r in fake_openai.requests]
    assert kinds == ["json_schema", "json_object", "json_object"]  # refused once, then remembered
    # JSON mode enforces no schema, so the schema travels in the prompt instead.
    assert json.dumps(answer_schema("medications")) in system_text(fake_openai.requests[1])


def test_the_api_key_never_reaches_logs_or_errors(
    fake_openai: FakeOpenAI, backend: OpenAIBackend, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)  # every logger, the openai client's and httpx's included
    fake_openai.answers["classify"] = {"sections": []}
    backend.classify(DIALOGUE)
    fake_openai.fail_next("http_401")  # the fake echoes the refused key, as some servers do

    with pytest.raises(TerminalBackendError) as refused:
        backend.classify(DIALOGUE)

    assert "openai classify v2" in caplog.text  # the calls were logged…
    assert API_KEY not in caplog.text  # …without the key
    assert API_KEY not in str(refused.value)  # the error text is stored in the rejected table
    assert "Incorrect API key provided: ***" in str(refused.value)


# Prompts.


def test_every_section_of_the_registry_has_a_prompt() -> None:
    for name in prompt_ids():
        prompt = load_prompt(name)
        assert prompt.id == name and re.fullmatch(r"v\d+", prompt.version)
        assert prompt.text.strip()
    assert load_prompt("profile") is load_prompt("profile")  # read once per process


def test_the_highest_prompt_version_wins(tmp_path: Path) -> None:
    for version in (1, 2, 10):
        (tmp_path / f"profile.v{version}.md").write_text(f"wording {version}", encoding="utf-8")
    (tmp_path / "profile_old.v99.md").write_text("another prompt", encoding="utf-8")

    prompt = find_prompt("profile", tmp_path)

    assert (prompt.id, prompt.version, prompt.text) == ("profile", "v10", "wording 10")
    with pytest.raises(LookupError):
        find_prompt("nonexistent", tmp_path)


def json_examples(text: str) -> list[str]:
    return re.findall(r"```json\n(.*?)\n```", text, flags=re.DOTALL)


@pytest.mark.parametrize("section", list(SECTIONS))
def test_few_shot_examples_round_trip_through_validation(section: str) -> None:
    examples = json_examples(load_prompt(section).text)

    assert 1 <= len(examples) <= 3
    for example in examples:
        events = validate_events(example, section, Settings())
        assert events, "an example should show at least one event"
        # The schema sent to the model accepts what the prompt shows it.
        extract_answer_model(section).model_validate_json(example)
    actions = {json.loads(e)["events"][0]["action"] for e in examples}
    if SECTIONS[section].coverage:
        assert {"absent", "unsure"} <= actions, "coverage sections show both ways to say 'none' / 'not sure'"


def test_classifier_examples_round_trip() -> None:
    examples = json_examples(load_prompt("classify").text)

    assert examples
    for example in examples:
        ClassifyAnswer.model_validate_json(example)


def allowed_values(annotation: Any) -> list[str]:
    """The Literal values hidden in an annotation such as `Literal['a', 'b'] | None`."""
    if typing.get_origin(annotation) is typing.Literal:
        return [str(v) for v in typing.get_args(annotation)]
    return [v for arg in typing.get_args(annotation) for v in allowed_values(arg)]


def documented_fields(section: Section) -> dict[str, Any]:
    """Field or slot name → annotation: what the section's prompt must describe."""
    if section.shape == "slot":
        return dict(section.slots)
    return {name: field.annotation for name, field in section.schema.model_fields.items()}


@pytest.mark.parametrize("section", list(SECTIONS))
def test_each_prompt_documents_its_fields_allowed_values_and_actions(section: str) -> None:
    text = load_prompt(section).text
    spec = SECTIONS[section]

    for name, annotation in documented_fields(spec).items():
        assert f"`{name}`" in text, f"{section}: field {name} is not described"
        for value in allowed_values(annotation):
            assert f'"{value}"' in text, f"{section}.{name}: allowed value {value!r} is not listed"
    for action in ("assert", "negate", "correct"):
        assert f"`{action}`" in text
    can_be_absent = "- `absent`:" in text and "- `unsure`:" in text
    assert can_be_absent == spec.coverage
    assert "never guess" in text and "Russian" in text


# Fields added in prompt version 2 (issue 12): names no reference list has, stop dates.


def test_the_answer_schema_offers_each_sections_own_fields() -> None:
    for section in ("medications", "chronic_conditions", "diagnoses", "symptoms", "family_history"):
        assert load_prompt(section).version in ("v2", "v3")
        schema = json.dumps(answer_schema(section))
        assert '"verified"' in schema, section
    assert '"stopped"' in json.dumps(answer_schema("medications"))


def test_an_unverified_name_and_a_first_mention_stop_round_trip(
    fake_openai: FakeOpenAI, backend: OpenAIBackend
) -> None:
    unknown = {
        "events": [
            {
                "section": "medications",
                "action": "assert",
                "attributes": {"name_raw": "Ксилофорин", "name_normalized": "ксилофорин", "verified": False},
                "confidence": 0.6,
                "said_at": TS,
                "evidence": "Пью Ксилофорин",
            },
            {
                "section": "medications",
                "action": "negate",
                "attributes": {
                    "name_raw": "Xyzal",
                    "name_normalized": "levocetirizine",
                    "status": "stopped",
                    "stopped": "2026-02",
                },
                "said_at": TS,
                "evidence": "I came off Xyzal last month",
            },
        ]
    }
    fake_openai.answers[("medications", "Энап")] = unknown

    reply = backend.extract(DIALOGUE, "medications")

    first, stopped = validate_events(reply.raw_output, "medications", Settings())
    assert first.attributes["verified"] is False and first.confidence == 0.6
    assert stopped.attributes == {
        "name_raw": "Xyzal",
        "name_normalized": "levocetirizine",
        "status": "stopped",
        "stopped": "2026-02",
    }
    extract_answer_model("medications").model_validate_json(reply.raw_output)


# Version 3 (issue 12, second pass): a reviewer's own account counts as use, a drug never taken or
# given to someone else does not, a contraceptive has its indication, a symptom said with a verb is named.


def test_the_v3_medication_prompt_reaches_the_model_and_its_answer_round_trips(
    fake_openai: FakeOpenAI, backend: OpenAIBackend
) -> None:
    text = "Никогда не пила Ярину, а Новинет принимала год, и меня от него постоянно тошнило"
    answer = {
        "events": [
            {
                "section": "medications",
                "action": "assert",
                "attributes": {
                    "name_raw": "Новинет",
                    "name_normalized": "дезогестрел + этинилэстрадиол",
                    "indication": "contraception",
                },
                "said_at": TS,
                "evidence": "Новинет принимала год",
            }
        ]
    }
    fake_openai.answers[("medications", "Новинет")] = answer
    dialogue = Dialogue(messages=(Message.model_validate({"role": "user", "content": text, "ts": TS}),))

    reply = backend.extract(dialogue, "medications")

    assert reply.prompt_version == "v3"
    sent = json.dumps(fake_openai.requests[0]["messages"], ensure_ascii=False)
    assert "never took" in sent and '\\"contraception\\"' in sent
    (event,) = validate_events(reply.raw_output, "medications", Settings())
    assert event.attributes["indication"] == "contraception"


def test_the_v3_symptom_prompt_names_a_symptom_said_with_a_verb() -> None:
    prompt = load_prompt("symptoms")

    assert prompt.version == "v3"
    assert '"меня тошнило" → "тошнота"' in prompt.text
    (example,) = [e for e in json_examples(prompt.text) if "тошнило" in e]
    (event,) = extract_answer_model("symptoms").model_validate_json(example).model_dump()["events"]
    assert event["attributes"]["name_normalized"] == "тошнота"


def test_an_attribute_the_section_lacks_breaks_the_answer_schema() -> None:
    answer = {
        "events": [{"section": "medications", "attributes": {"name_raw": "X", "name_normalized": "x", "colour": "red"}}]
    }
    with pytest.raises(ValueError, match="colour"):
        extract_answer_model("medications").model_validate(answer)


# demographics v2 (issue 12, fifth pass): pregnancy and breastfeeding, one slot, the present state only.


def test_the_v2_demographics_prompt_carries_the_pregnancy_slot_and_its_answer_round_trips(
    fake_openai: FakeOpenAI, backend: OpenAIBackend
) -> None:
    text = "Кормлю грудью, а муж просит узнать про мелатонин"
    answer = {
        "events": [
            {
                "section": "demographics",
                "action": "assert",
                "slot": "pregnancy",
                "attributes": {"value": "breastfeeding"},
                "said_at": TS,
                "evidence": "Кормлю грудью",
            }
        ]
    }
    fake_openai.answers[("demographics", "Кормлю грудью")] = answer
    dialogue = Dialogue(messages=(Message.model_validate({"role": "user", "content": text, "ts": TS}),))

    reply = backend.extract(dialogue, "demographics")

    assert reply.prompt_version == "v2"
    assert "`pregnancy`" in json.dumps(fake_openai.requests[0]["messages"], ensure_ascii=False)
    (event,) = validate_events(reply.raw_output, "demographics", Settings())
    assert (event.slot, event.attributes) == ("pregnancy", {"value": "breastfeeding"})
    fake_openai.answers[("demographics", "Кормлю грудью")] = {
        "events": [{**answer["events"][0], "attributes": {"value": "nursing"}}]
    }
    with pytest.raises(InvalidExtraction, match=r"demographics\.value"):
        validate_events(backend.extract(dialogue, "demographics").raw_output, "demographics", Settings())
