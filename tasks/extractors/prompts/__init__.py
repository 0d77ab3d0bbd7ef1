"""Versioned prompt files and the JSON schemas of the answers they ask for.

A prompt lives in `<id>.v<N>.md` next to this module; a new wording is a new file with the next
version, so every extraction row can say exactly which text produced it. `classify` names the
sections a dialogue touches; every other id is a section of the registry and holds only that
section's rules. The answer schemas are generated from the same Pydantic models that validate
the answers, so the prompt, the schema sent to the model and the validator cannot drift apart.
"""

from __future__ import annotations

import re
import typing
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, create_model

from models.schemas import ProposedEvent
from models.sections import SECTIONS

CLASSIFY = "classify"
_FILE_NAME = re.compile(r"^(?P<id>[a-z_]+)\.v(?P<version>\d+)\.md$")


@dataclass(frozen=True)
class Prompt:
    id: str
    version: str
    text: str


@cache
def load_prompt(name: str) -> Prompt:
    """The highest version of prompt `name` shipped with this package; raises LookupError when none."""
    return find_prompt(name, resources.files(__package__))


def find_prompt(name: str, folder: Traversable) -> Prompt:
    versions = {
        int(match["version"]): entry
        for entry in folder.iterdir()
        if (match := _FILE_NAME.match(entry.name)) and match["id"] == name
    }
    if not versions:
        raise LookupError(f"prompt: no file {name}.v<N>.md in {folder}")
    latest = max(versions)  # numerically: v10 is newer than v9
    return Prompt(id=name, version=f"v{latest}", text=versions[latest].read_text(encoding="utf-8"))


def prompt_ids() -> list[str]:
    """Every prompt the backends may ask for: the classifier, then each section in registry order."""
    return [CLASSIFY, *SECTIONS]


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NoAttributes(BaseModel):
    """`absent` and `unsure` say something about a whole section and name nothing."""

    model_config = ConfigDict(extra="forbid")


def _literal(*values: str) -> Any:
    """`Literal[values]` built from data (the registry), which a static type checker cannot follow."""
    return cast(Any, Literal)[values]


def _union(*models: type[BaseModel]) -> Any:
    """`A | B` of models chosen from data (the registry), which a static type checker cannot follow."""
    return cast(Any, typing.Union)[models]


def _list_of(item: Any) -> Any:
    return list[item]


# Built from the registry, so a new section is offered to the model without touching this file.
ClassifyAnswer: type[_Answer] = create_model(
    "ClassifyAnswer", __base__=_Answer, sections=(_list_of(_literal(*SECTIONS)), ...)
)


@cache
def extract_answer_model(section: str) -> type[_Answer]:
    """`{"events": [ProposedEvent, …]}` with `section` pinned, so the model cannot answer for another."""
    if section not in SECTIONS:
        raise ValueError(f"section: unknown section {section!r}")
    # The attributes are the section's own schema, so every field it has (`verified` included) is offered to
    # the model and an unknown field in its answer breaks the schema instead of passing silently.
    event = create_model(
        f"{section}_event",
        __base__=ProposedEvent,
        section=(_literal(section), ...),
        attributes=(_union(SECTIONS[section].schema, NoAttributes), ...),
    )
    return create_model(f"{section}_answer", __base__=_Answer, events=(_list_of(event), ...))


@cache
def answer_schema(prompt_id: str) -> dict[str, Any]:
    """The JSON schema of the answer prompt `prompt_id` asks for (generated, never hand-written)."""
    model = ClassifyAnswer if prompt_id == CLASSIFY else extract_answer_model(prompt_id)
    return model.model_json_schema()
