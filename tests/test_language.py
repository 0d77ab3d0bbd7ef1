"""The shared language helpers: dictionary morphology rather than generated endings."""

import pytest

from tasks.language.lexicon import canonical_name, forms_of
from tasks.language.morphology import (
    any_reading_has,
    english_lemmas,
    has_tag,
    lemma,
    object_as_nominative,
    unknown_english_word,
)
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
        ("ok.i am fine. a. b. c", ["ok.", "i am fine.", "a. b.", "c"]),
        ("i moved to the u.s.a. last year", ["i moved to the u.s.a.", "last year"]),
        ("пью витамины, цинк и т. д. Помогает", ["пью витамины, цинк и т. д.", "Помогает"]),
        # a web address or a file name, and a title before a name
        ("saw it on www.drugs.com/paxil.html and asked. ok", ["saw it on www.drugs.com/paxil.html and asked.", "ok"]),
        ("заказала на apteka.ru. Пью неделю", ["заказала на apteka.ru.", "Пью неделю"]),
        ("Dr. Patel said I have gout. Mrs. Patel too", ["Dr. Patel said I have gout.", "Mrs. Patel too"]),
        ("my dr. told me to rest. fine", ["my dr. told me to rest.", "fine"]),
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
        ("Выписали капли))Спасибо доктору", ["Выписали капли))", "Спасибо доктору"]),
        ("Болит горло(((Завтра к лору", ["Болит горло(((", "Завтра к лору"]),
        ("Наконец выспалась))Ура", ["Наконец выспалась))", "Ура"]),
        # No capital after it, or a bracket inside a sentence: no end.
        ("помогло) теперь сплю", ["помогло) теперь сплю"]),
        ("Пью Нурофен(Ибупрофен) и Но-шпу", ["Пью Нурофен(Ибупрофен) и Но-шпу"]),
        ("выписали капли))спасибо", ["выписали капли))спасибо"]),
        ("Пила (по совету врача) магний", ["Пила (по совету врача) магний"]),
    ],
)
def test_a_bracket_smiley_before_a_capital_ends_a_russian_sentence(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected


# An emoji or a text emoticon before a capital letter ends a sentence that has no stop.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Начала пить магний 🙏 Сплю лучше", ["Начала пить магний 🙏", "Сплю лучше"]),
        ("Купил капли от насморка😷Завтра на работу", ["Купил капли от насморка😷", "Завтра на работу"]),
        ("the new inhaler works ❤️ Finally a calm night", ["the new inhaler works ❤️", "Finally a calm night"]),
        ("my knee is killing me :( Tomorrow I see a physio", ["my knee is killing me :(", "Tomorrow I see a physio"]),
        ("Сдала анализы ;) Все в норме", ["Сдала анализы ;)", "Все в норме"]),
        ("forgot my pills again xD Whatever", ["forgot my pills again xD", "Whatever"]),
        # No capital after it, a degree sign or a number sign: no end.
        ("пью витамины 🙏 и сплю", ["пью витамины 🙏 и сплю"]),
        ("a fever of 38.9°C today", ["a fever of 38.9°C today"]),
        ("рецепт №3 Аптеки не берут", ["рецепт №3 Аптеки не берут"]),
        ("Re:Dosage of pregabalin", ["Re:Dosage of pregabalin"]),
    ],
)
def test_an_emoji_or_emoticon_before_a_capital_ends_a_sentence(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected


# A line break a text lost and kept as two spaces ends a sentence before a capital letter, when the lines on
# both sides are clauses of their own (or the second asks): a list under a verb or a colon stays with it.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Неделю уже колю инсулин  Ну и когда привыкну?", ["Неделю уже колю инсулин", "Ну и когда привыкну?"]),
        ("Бросила курить  Теперь кашляю меньше", ["Бросила курить", "Теперь кашляю меньше"]),
        ("Вчера купил мелатонин  Спал как младенец", ["Вчера купил мелатонин", "Спал как младенец"]),
        ("my hands shake all day  I started propranolol", ["my hands shake all day", "I started propranolol"]),
        # A question line is cut off even from a verbless line before it.
        ("Второй месяц на лирике  Когда станет легче?", ["Второй месяц на лирике", "Когда станет легче?"]),
        # A list after a verb or a colon, a verbless line, a word that needs the next one: one sentence.
        ("Мне назначили  Нексиум и Мотилиум", ["Мне назначили  Нексиум и Мотилиум"]),
        ("Вечером пью:  Магне B6  Глицин", ["Вечером пью:  Магне B6  Глицин"]),
        ("Сижу на сертралине  Просто супер", ["Сижу на сертралине  Просто супер"]),
        ("Беру с собой спрей и  Називин", ["Беру с собой спрей и  Називин"]),
        ("my doctor said that  I need rest", ["my doctor said that  I need rest"]),
        ("Таблетки пила,  Потом бросила", ["Таблетки пила,  Потом бросила"]),
        ("#мигрень  Чем снимаете приступ?", ["#мигрень  Чем снимаете приступ?"]),  # a topic label
    ],
)
def test_two_spaces_before_a_capital_end_a_sentence_between_two_clauses(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected


@pytest.mark.parametrize(
    ("word", "unknown"), [("quelvarin", True), ("davolex", True), ("tired", False), ("tird", False)]
)
def test_a_word_no_english_dictionary_knows_nor_one_slip_from_it(word: str, unknown: bool) -> None:
    assert unknown_english_word(word) is unknown  # "tird" is one slip from "tired"


@pytest.mark.parametrize(
    ("said", "named"),
    [
        ("кинзу", "кинза"),
        ("холодную погоду", "холодная погода"),
        ("бездомных кошек", "бездомные кошки"),  # the plural stays plural
        ("итальянской кухни", "итальянская кухня"),  # the case the adjective and noun share
        ("гречку с грибами", "гречка с грибами"),  # the tail after the noun as said
        ("книги", "книги"),  # may be a nominative: as said
        ("кататься на лыжах", "кататься на лыжах"),  # no noun group
        ("Скандинавию", "Скандинавия"),
        ("флуоксетин", "флуоксетин"),  # an unknown noun said in its dictionary form is kept, not read as a plural
    ],
)
def test_object_as_nominative(said: str, named: str) -> None:
    assert object_as_nominative(said.split()) == named
