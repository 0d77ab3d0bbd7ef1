"""What a user sentence states once the questions in it are set aside: a statement typed on before a question
without punctuation stands, the question itself yields nothing. Pure unit tests on invented sentences."""

from __future__ import annotations

import pytest

from tasks.extractors import Message
from tasks.extractors.rules import classify, extract
from tasks.extractors.rules.phrases import relative
from tasks.extractors.rules.sentence import statement_part, user_sentences


def _values(text: str) -> set[tuple[str | None, str]]:
    messages = (Message(role="user", content=text),)
    return {
        (e.slot, str(e.attributes.get("value", e.attributes.get("name_normalized"))))
        for section in classify(messages)
        for e in extract(messages, section)
    }


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("i m marta what s yours?", "i m marta"),
        ("i have two daughters how about you?", "i have two daughters"),
        ("i only keep one cat how do you manage three?", "i only keep one cat"),
        ("we moved to denver last year are you from there?", "we moved to denver last year"),
        ("я из Самары а ты откуда?", "я из Самары"),
        ("мне 41 год сколько тебе?", "мне 41 год"),
        ("у меня две собаки, а у вас есть питомцы?", "у меня две собаки"),
        # questions from the first word keep nothing
        ("do you have kids i have four?", ""),
        ("should i tell her i am 52 do you think?", ""),
        ("разве я тебе не говорил что живу в Омске?", ""),
        # a declarative with a question mark and no clause that opens a question is still a question
        ("you got married when you were 20?", ""),
        # a yes/no question is the words of a statement said rising: the part the question mark closes asks
        ("Это ангина?", ""),
        ("So it's shingles?", ""),
        ("у меня кашель третью неделю, это бронхит?", "у меня кашель третью неделю"),
    ],
)
def test_a_question_sentence_keeps_the_statement_before_its_question(text: str, kept: str) -> None:
    assert statement_part(text) == kept


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("i am a plumber what do you do", "i am a plumber"),
        ("do u have a favourite colour i like green", "i like green"),
        ("я из Перми а ты", "я из Перми"),
        # a subordinate clause is part of the statement, not a question
        ("i got married when i was 20", "i got married when i was 20"),
        ("i love what my garden gives me", "i love what my garden gives me"),
    ],
)
def test_a_sentence_without_a_question_mark_loses_only_questions_to_the_listener(text: str, kept: str) -> None:
    assert statement_part(text) == kept


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("i m marta what s yours?", ("name", "Marta")),
        ("i have two daughters how about you?", ("children", "2 daughters")),
        ("я из Самары а ты откуда?", ("city", "Самара")),
        ("мне 41 год сколько тебе?", ("age", "41")),
    ],
)
def test_the_statement_before_a_run_on_question_is_a_fact(text: str, fact: tuple[str, str]) -> None:
    assert fact in _values(text)


@pytest.mark.parametrize(
    "text",
    [
        "are you from Denver?",
        "how many kids do you have i wonder?",
        "а ты из Самары?",
        "сколько тебе лет, ты из Омска?",
    ],
)
def test_nothing_from_the_question(text: str) -> None:
    assert _values(text) == set()


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("which season do you like best? mine is autumn.", None),  # no favourite asked: "mine" stands for nothing
        ("what's your favourite board game? mine is chess.", ("likes", "chess")),
        ("whats ur fave fruit mine is mango", ("likes", "mango")),
        ("do you have a favorite painter? Frida Kahlo is mine.", ("likes", "Frida Kahlo")),
        ("а какой у тебя любимый город? мой — Тбилиси", ("likes", "Тбилиси")),
        ("do you have kids? mine are in college now.", ("children", "kids")),
        ("у вас есть дети? мои уже выросли", ("children", "дети")),
    ],
)
def test_mine_answers_the_users_own_question(text: str, fact: tuple[str, str] | None) -> None:
    found = _values(text)
    if fact is None:
        assert not {f for f in found if f[0] == "likes"}
    else:
        assert fact in found


@pytest.mark.parametrize(
    "text",
    [
        "mine is chess.",
        "what's your favourite game? is it chess?",
        "do you have kids? none of mine are",
        "у тебя есть дети? у меня нет",
    ],
)
def test_mine_without_its_question_or_denied_is_nothing(text: str) -> None:
    assert not {f for f in _values(text) if f[0] in ("likes", "children")}


def test_a_verb_that_looks_like_a_relative_names_no_one() -> None:
    # «брать» once read as «брат» by its generated endings, and the flu became a brother's.
    (sentence,) = user_sentences([Message(role="user", content="Пришлось брать больничный из-за ангины")])
    assert relative(sentence) is None
    (sentence,) = user_sentences([Message(role="user", content="У брата ангина")])
    assert relative(sentence) == ("брат", 1)


# A statement ended by a lost line break (two spaces), an emoji or an emoticon, not by a stop, stays a statement
# when a question follows it; the question yields nothing, and a list under a verb keeps its verb.
@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Неделю уже колю инсулин  Ну и когда привыкну?", (None, "инсулин")),
        ("Второй месяц пью эсциталопрам 😒 И где результат?", (None, "эсциталопрам")),
        ("I've been on sertraline for a year :) Does it ever stop working?", (None, "sertraline")),
        ("Мне назначили  Нексиум и Мотилиум", (None, "домперидон")),
    ],
)
def test_a_statement_without_a_stop_before_a_question_is_a_fact(text: str, fact: tuple[str | None, str]) -> None:
    assert fact in _values(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Сплю плохо  Может попить мелатонин?", "мелатонин"),
        ("I sleep badly :( Should I try melatonin?", "melatonin"),
        ("Голова раскалывается 🤕 Кто-нибудь пил нурофен?", "ибупрофен"),
    ],
)
def test_the_question_after_a_statement_without_a_stop_yields_nothing(text: str, name: str) -> None:
    assert (None, name) not in _values(text)
