"""The junk filter's pure core: content / piece / junk, per message and per fragment."""

from __future__ import annotations

import pytest

from tasks.extractors import Message
from tasks.filter import is_junk_dialogue, judge_text


@pytest.mark.parametrize(
    "text",
    [
        "ыва",
        "!!!",
        "...",
        "??",
        "",
        "   ",
        "asdf",
        "ок",
        "ok",
        "Привет",
        "qwerty",
        "?!?!",
        "—",
        ":)",
        "кфвпрт жзщшгн",
        "zxcv bnmk",
        "Энап",
        "ааа",
        "+++",
        "¯\\_(ツ)_/¯",
    ],
)
def test_junk(text: str) -> None:
    assert judge_text(text) == "junk"


@pytest.mark.parametrize(
    "text",
    [
        "41",
        "123",
        "мне",
        "год",
        "лет",
        "я",
        "меня",
        "зовут",
        "my",
        "name",
        "is",
        "i'm",
        "years",
        "old",
        "Мне",
        "ГОД",
        "my name is",
        "меня зовут",
        "я живу в",
        "Нет",
        "I’m",
    ],
)
def test_piece(text: str) -> None:
    assert judge_text(text) == "piece"


@pytest.mark.parametrize(
    "text",
    [
        "Мне 34 года.",
        "I'm allergic to latex.",
        "мне 41 год",
        "мне 41",
        "I am 40",
        "I’m 29",
        "Меня зовут Ира.",
        "у меня нет аллергии",
        "Давай на ты, пиши коротко и без смайликов.",
        "болит голова",
        "I have asthma",
        "Врач назначил мне Энап 5 мг по утрам от давления.",
        "Запомни: я работаю только удалённо.",
        "I work as a nurse.",
        "сломал руку в 2019",
        "рост 180 см",
    ],
)
def test_content(text: str) -> None:
    assert judge_text(text) == "content"


def _msgs(*pairs: tuple[str, str]) -> list[Message]:
    return [Message(role=role, content=content) for role, content in pairs]


@pytest.mark.parametrize(
    ("messages", "junk"),
    [
        (_msgs(("user", "ыва")), True),
        (_msgs(("user", "!!!"), ("assistant", "Не понял, уточните, пожалуйста, что вы имели в виду?")), True),
        (_msgs(("assistant", "Чем могу помочь?")), True),
        (_msgs(("user", "мне")), False),
        (_msgs(("user", "Мне 34 года.")), False),
        (_msgs(("assistant", "Есть ли у вас аллергии?"), ("user", "Нет")), False),
        (_msgs(("user", "asdf"), ("user", "мне 41 год")), False),
    ],
)
def test_is_junk_dialogue(messages: list[Message], junk: bool) -> None:
    assert is_junk_dialogue(messages) is junk
