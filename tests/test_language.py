"""The shared language helpers: dictionary morphology rather than generated endings."""

import pytest

from tasks.language.lexicon import canonical_name, forms_of
from tasks.language.morphology import any_reading_has, english_lemmas, has_tag, lemma
from tasks.language.text import split_sentences


@pytest.mark.parametrize(
    ("word", "expected"),
    [("таблетками", "таблетка"), ("Москве", "москва"), ("капаю", "капать"), ("дочерей", "дочь")],
)
def test_lemma_is_the_dictionary_form(word: str, expected: str) -> None:
    assert lemma(word) == expected


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("children", "child"),  # irregular plurals, which no ending rule gives
        ("teeth", "tooth"),
        ("wives", "wife"),
        ("allergies", "allergy"),
        ("headaches", "headache"),
        ("migraineurs", "migraineur"),  # a word the dictionary lacks: the regular rule
    ],
)
def test_english_lemmas_come_from_the_dictionary(word: str, expected: str) -> None:
    assert expected in english_lemmas(word)


def test_english_lookup_forms_keep_the_word_and_drop_no_letters_at_random() -> None:
    assert forms_of("diabetes") == ("diabetes",)  # not "diabete": a singular ending in -s
    assert forms_of("bi-polar") == ("bi-polar", "bipolar")  # a hyphen people add or drop


def test_places_and_names_carry_their_dictionary_tags() -> None:
    assert has_tag("Казани", "NOUN", "Geox")
    assert any_reading_has("Марина", "Name")
    assert not has_tag("таблетка", "Geox")


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("Тантум-верде", "бензидамин"),  # listed as two words, written with a hyphen
        ("донор мил", "доксиламин"),  # listed as one word, written as two
        ("ново - пассит", "новопассит"),
        ("Новопасситом", "новопассит"),  # inflected, as before
    ],
)
def test_a_listed_name_is_known_however_its_parts_are_joined(written: str, expected: str) -> None:
    assert canonical_name("medications", written) == expected


@pytest.mark.parametrize("written", ["the ones", "витамин Зет", "кофе с молоком"])
def test_words_joined_across_a_space_are_no_listed_name_by_chance(written: str) -> None:
    assert canonical_name("medications", written) is None


# A dot inside an abbreviation of single letters ends no sentence; its last dot, a dot after a word, may.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("i'm 30 y.o. and tired", ["i'm 30 y.o.", "and tired"]),
        ("e.g. this one. that", ["e.g.", "this one.", "that"]),
        ("version 7.1 is out. yes", ["version 7.1 is out.", "yes"]),
        ("ok.i am fine. a. b.", ["ok.", "i am fine.", "a.", "b."]),
        ("i moved to the u.s.a. last year", ["i moved to the u.s.a.", "last year"]),
    ],
)
def test_sentences_end_at_a_stop_but_not_inside_an_abbreviation(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected


# Russian web text ends a sentence with a bracket smiley: a bracket, a space and a capital letter.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Голова болит(( Завтра к врачу", ["Голова болит((", "Завтра к врачу"]),
        ("Помогло) Теперь сплю", ["Помогло)", "Теперь сплю"]),
        ("Купила спрей))) Дорогой, но работает", ["Купила спрей)))", "Дорогой, но работает"]),
        # No capital after it, or a bracket inside a sentence: no end.
        ("помогло) теперь сплю", ["помогло) теперь сплю"]),
        ("Пила (по совету врача) магний", ["Пила (по совету врача) магний"]),
    ],
)
def test_a_bracket_smiley_before_a_capital_ends_a_russian_sentence(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected
