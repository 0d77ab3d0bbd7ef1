"""Medications said the way people write about them (issue 12): from experience, misspelt, joined otherwise.

Sentences written for these tests, in both languages; none comes from an evaluation corpus. Made-up names
("Зорбифлекс", "Quintravel") prove that the grammar, not a list, does the work.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest

from models.sections import get_section
from tasks.extractors import Message
from tasks.extractors.rules import UNVERIFIED_CONFIDENCE, classify, extract
from tasks.extractors.rules.medical import _misspelt_drug, _names_to_refer_to
from tasks.extractors.rules.sentence import Sentence
from tasks.language import lexicon
from tasks.language.lexicon import one_slip_apart
from tasks.language.text import tokenize

SAID = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def _medications(text: str) -> list[Any]:
    messages = [Message(role="user", content=text, ts=SAID)]
    return [e for section in classify(messages) for e in extract(messages, section) if e.section == "medications"]


def _names(text: str) -> set[str]:
    return {e.attributes["name_normalized"] for e in _medications(text)}


EXPERIENCE = [
    # The drug as the subject of its effect, a verdict on it, the writer's own words about it.
    ("Мне очень нравится Эргоферон, выручает каждую осень", "эргоферон"),
    ("Тенотен совсем не подействовал", "тенотен"),
    ("После Ремантадина стало гораздо лучше", "римантадин"),
    ("От Арбидола у меня болела голова", "умифеновир"),
    ("Анаферон — пустышка", "анаферон"),
    ("В моей аптечке всегда есть Нурофен", "ибупрофен"),
    ("Мы всей семьей пьем Кагоцел при первых симптомах", "кагоцел"),
    ("Zyrtec gave me terrible headaches", "cetirizine"),
    ("Lexapro is the only thing that ever worked", "escitalopram"),
    ("I love my Mirena", "levonorgestrel intrauterine system"),
    ("Two weeks on Wellbutrin and no side effects yet", "bupropion"),
    ("My doctor switched me to Lipitor", "atorvastatin"),
    ("He then prescribed Keflex for ten days", "cephalexin"),
    ("Percocet was fantastic after the surgery", "oxycodone and acetaminophen"),
    ("I've had Nexplanon for a year", "etonogestrel implant"),
]


@pytest.mark.parametrize(("text", "name"), EXPERIENCE)
def test_a_listed_drug_in_a_statement_of_experience(text: str, name: str) -> None:
    found = _medications(text)
    assert name in {e.attributes["name_normalized"] for e in found}, [e.attributes for e in found]
    for event in found:
        get_section("medications").validate(event.attributes)
        assert event.evidence == text


NOT_EXPERIENCE = [
    "Слышала по телевизору про Кагоцел",  # hearsay
    "Читала отзывы про Анаферон",
    "I saw an ad for Chantix on TV",
    "Кагоцел стоит двести рублей",  # nothing about the writer or an effect
    "Стоит ли пить Арбидол?",  # a question
    "Хочу попробовать Тенотен",  # a wish
    "Мы даем сыну Анаферон",  # "we" giving it to someone else
    "Ребенку назначили Энцефабол",
    "Врач прописал маме Кардиомагнил",
    "Подруга пьет Афобазол, ей нравится",
    "My husband says Zyrtec works for him",
]


@pytest.mark.parametrize("text", NOT_EXPERIENCE)
def test_no_medication_from_hearsay_questions_or_other_people(text: str) -> None:
    assert _medications(text) == []


def test_advice_to_the_writer_is_theirs() -> None:
    assert _names("Подруга посоветовала Зорбифлекс") == {"зорбифлекс"}
    assert _names("Подруга посоветовала сыну Зорбифлекс") == set()


def test_a_name_before_the_verb_of_taking_or_prescribing() -> None:
    assert "зорбифлекс" in _names("Неделю Зорбифлекс принимала, потом бросила")
    assert "зорбифлекс" in _names('Препарат "Зорбифлекс" мне выписал невролог')
    assert _names("Долго принимала, потом бросила") == set()  # an adverb is no name


def test_a_capitalised_unknown_name_after_a_dosage_form() -> None:
    (event,) = _medications("Очень выручают капли Назолин-Плюс")
    assert event.attributes["verified"] is False
    assert event.confidence == UNVERIFIED_CONFIDENCE


def test_hyphen_and_space_variants_of_a_listed_name() -> None:
    assert "новопассит" in _names("Ново - пассит меня успокаивает")
    assert "бензидамин" in _names("Полощу горло, спрей Тантум-верде помогает")


def test_a_compound_of_listed_names() -> None:
    assert {"пустырник", "боярышник"} <= _names("Пью на ночь смесь пустырник-боярышник")


def test_a_misspelt_listed_name_is_kept_as_said_and_unverified() -> None:
    (event,) = _medications("Выпила амексин и легла спать")
    assert event.attributes["name_normalized"] == "амексин"  # kept as said: the slip may be another product
    assert event.attributes["verified"] is False


def test_misspelling_needs_a_long_word_one_edit_from_exactly_one_name() -> None:
    assert _misspelt_drug("фенозепамом") is not None  # феназепам, one letter off, inflected
    assert _misspelt_drug("кагоцел") is None  # the name itself is not a slip
    assert _misspelt_drug("парацет") is None  # a cut-off word is two letters off
    assert _misspelt_drug("молоко") is None  # short and an ordinary word
    assert _misspelt_drug("сердечный") is None  # a dictionary word is never a slip


def test_one_slip_apart() -> None:
    assert one_slip_apart("амиксин", "амексин")  # replaced
    assert one_slip_apart("гриппферон", "гриппеферон")  # inserted
    assert one_slip_apart("амиксин", "аимксин")  # neighbours swapped
    assert not one_slip_apart("амиксин", "имаксин")  # two letters apart
    assert not one_slip_apart("анаферон", "инфлювак")


def test_an_implant_removed_is_stopped_with_the_removal_date() -> None:
    (event,) = _medications("I had Nexplanon inserted in July 2021 and had it removed in March 2023")
    assert event.action == "negate"
    assert event.attributes["status"] == "stopped"
    assert event.attributes["stopped"] == "2023-03"


def test_taken_before_is_stopped() -> None:
    (event,) = _medications("Раньше всегда принимала Кагоцел при простуде")
    assert event.attributes["status"] == "stopped"


def test_a_doctor_spoken_of_as_he_or_she_prescribes_to_the_writer() -> None:
    assert _names("Она нам выписала Полиоксидоний") == {"азоксимера бромид"}


@pytest.mark.parametrize(
    "text",
    ["Я вчера вернулась с концерта", "Мы с дочкой учили алфавит", "Я был на экваторе", "My cousin Heather visited me"],
)
def test_a_listed_name_that_is_an_everyday_word_needs_a_verb_of_taking(text: str) -> None:
    assert _medications(text) == []


def test_an_everyday_word_name_still_counts_with_a_verb_of_taking() -> None:
    assert "метилфенидат" in _names("Принимаю Концерту по утрам")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Мне назначили Тиогамму капельницами", "тиоктовая кислота"),
        ("Принимаю Азитрал третий день", "азитромицин"),
        ("Брызгаю в нос Африн на ночь", "оксиметазолин"),
        ("Колю Генсулин перед едой", "инсулин"),
        ("Ладастен мне совсем не помог", "бромантан"),
        ("Пропила курс Пробифора", "бифидобактерии бифидум"),
        ("Выпила Мелаксен и уснула", "мелатонин"),
    ],
)
def test_russian_market_brands_by_atc_group_name_their_inn(text: str, name: str) -> None:
    assert _names(text) == {name}


@pytest.mark.parametrize("text", ["Таурин в энергетиках вреден", "Спасатель вытащил его из воды"])
def test_a_brand_that_is_an_everyday_word_is_no_drug_without_a_verb_of_taking(text: str) -> None:
    assert _medications(text) == []


def test_a_pronoun_after_the_drug_may_be_the_drug() -> None:
    assert "ацикловир" in _names("Купила крем Ацикловир, и он сразу помог")
    assert _medications("Она пьет Кагоцел каждую зиму") == []  # before the drug: a person


def test_an_errand_for_a_drug() -> None:
    assert _names("Сбегала в аптеку за Фервексом") == {"фервекс"}
    assert _names("Зашел за хлебом") == set()


def test_spoken_of_from_experience_says_no_status() -> None:
    (event,) = _medications("Анаферон — пустышка")
    assert "status" not in event.attributes  # not said to be taken now
    (event,) = _medications("I've had Nexplanon for a year")
    assert event.attributes["status"] == "active"


@pytest.mark.parametrize("text", ["I'm on week 3 now", "I started with 25 mg", "I tried 200 mg and it was too much"])
def test_an_english_word_before_a_number_is_no_name(text: str) -> None:
    assert _medications(text) == []


def test_an_unknown_name_keeps_its_written_form_when_no_noun_reading_fits() -> None:
    (event,) = _medications("Неделю Септефрил принимала")
    assert event.attributes["name_normalized"] == "септефрил"  # not the infinitive of a guessed verb


@pytest.mark.parametrize("text", ["Выпила одномоментно 3 таблетки", "Купила флакон объемом 25 мл"])
def test_no_adverb_or_measure_word_as_a_name(text: str) -> None:
    assert _medications(text) == []


def test_an_everyday_word_name_elsewhere_in_a_sentence_of_taking_is_not_taken() -> None:
    assert _names("Продолжила пить Кагоцел, потому что впереди концерты") == {"кагоцел"}


@pytest.mark.parametrize(
    "text",
    [
        "I have never tried Xanax.",
        "I never took Prozac in my life.",
        "My doctor said I should avoid ibuprofen.",
        "I can't take aspirin because of my stomach.",
        "I read that melatonin helps with sleep.",
        "Мне нельзя аспирин.",
        "Врач сказал мне не пить ибупрофен.",
        "Я никогда не пила антидепрессанты.",
        "Я против парацетамола.",
        "Слышала, что Кагоцел хорошо помогает.",
    ],
)
def test_a_drug_never_used_forbidden_or_only_heard_of_is_no_medication(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I never took Xanax, but I take Ativan now.", "lorazepam"),
        ("Я пью Кагоцел вместо Арбидола.", "кагоцел"),
        ("Против простуды пью Арбидол.", "умифеновир"),
    ],
)
def test_the_guard_reads_only_the_drugs_own_clause(text: str, name: str) -> None:
    assert _names(text) == {name}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Пользуюсь мазью Тевафарм «Зорбифлекс» уже месяц", "зорбифлекс"),  # past the maker, in quotes
        ('Купила в аптеке таблетки "Тихий сон", сплю хорошо', "тихий сон"),  # a name of two words
        ('Очень выручает сироп "медвежонок" от кашля', "медвежонок"),  # lower case, in quotes
        ("Мне выписали свечи ректальные Зорбин", "зорбин"),  # past an adjective of the form
        ("Пью капли назальные детские Квинтравел уже неделю", "квинтравел"),
        ("Таблетки Зорбифлекс регулярно принимаю перед сном", "зорбифлекс"),  # the object fronted
    ],
)
def test_a_name_in_apposition_to_its_dosage_form(text: str, name: str) -> None:
    found = _medications(text)
    assert name in {e.attributes["name_normalized"] for e in found}, [e.attributes for e in found]
    event = next(e for e in found if e.attributes["name_normalized"] == name)
    assert event.attributes["verified"] is False


@pytest.mark.parametrize(
    "text",
    [
        "Препаратами группы «Иммуностимуляторы» я лечиться не люблю",  # a class in quotes
        "Неплохой противовирусный препарат RATING 4",  # Latin text after a word for any medicine
        "Сироп приятный на вкус, мне понравился",  # no name after the form at all
        "Таблетки маленькие, мне легко глотать",
    ],
)
def test_no_name_from_a_dosage_form_without_one(text: str) -> None:
    assert {e.attributes["name_normalized"] for e in _medications(text)} <= set()


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Зорбифлекс — отличное средство от простуды, пью каждую зиму", "зорбифлекс"),
        ("Квинтравел - это маленькие белые таблетки от давления", "квинтравел"),
        ("Для меня Зорбин является лучшим препаратом от изжоги", "зорбин"),
        ("In my experience Quintravel is a very good medicine", "quintravel"),
    ],
)
def test_a_name_defined_as_a_product(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        "Весна — лучшее средство от хандры, я уверена",  # an ordinary word is no name
        "Мой муж - это лучшее лекарство",
        "Говорят, что Зорбифлекс — хорошее средство",  # hearsay
        "Подруга считает, что Зорбин - отличный препарат",  # someone else's view
    ],
)
def test_no_product_definition_of_an_ordinary_word_or_from_hearsay(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Глицин регулярно принимаю сама и даю мужу", "глицин"),  # «принимаю»: the writer, no «я» needed
        ("Кагоцел пью вместе с дочкой при первых симптомах", "кагоцел"),
        ("Рекомендую мазь «Зорбифлекс», особенно тем, у кого дети часто болеют", "зорбифлекс"),
        ("Советую капли Квинтравел всем знакомым", "квинтравел"),
    ],
)
def test_a_first_person_verb_of_taking_or_recommending_names_the_writer(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        "Мужу выписали Кардиомагнил, принимает по утрам",  # the verb is in the third person
        "Рекомендую всем мамам давать детям Анаферон",  # a recommendation that names its receivers
        "Пейте Кагоцел при первых симптомах простуды",  # an imperative: advice to the reader
        "Попробуйте Тенотен, он хорошо успокаивает",
        "Try Zyrtec, it works wonders",
        "Интересно, поможет ли Кагоцел при гриппе",  # a question put as a statement
        "I was wondering whether Xanax helps with flying",
    ],
)
def test_advice_questions_and_third_persons_are_not_the_writers(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    "text",
    [
        # Advice put as an infinitive of taking after a word weighing options or after an imperative.
        "Лучше брать Ламиктал, а не дженерик",
        "Можно выпить Смекту, если живот крутит",
        "Стоит попробовать Магне B6 курсом",
        "Как вариант — принимать Мелаксен на ночь",
        "Давай начинай пить Кагоцел, пока не поздно!",
        # a particle between the weighing word and the verb
        "Лучше уж использовать проверенные средства: мед, шиповник, малина",
        "Можно ведь выпить Нурофен",
        "Лучше всё-таки пить Новопассит",
        # Another person's dative before the drug: given to or working on them.
        "Ему назначили Амоксиклав на неделю",
        "Вам выписали Ксарелто или Эликвис?",
        "Ей прописали Эутирокс после анализов",
        "Им уже и Фенибут не помогает",
        # A likeness: the writer is not on the drug.
        "Голова кружится, будто под Феназепамом",
        "Руки трясутся, как от месяца на Венлафаксине",
        "I feel as if I had taken Benadryl",
    ],
)
def test_advice_a_likeness_and_another_persons_dative_are_not_the_writers(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Лучше брать Ламиктал, я его сама беру", "ламотриджин"),  # the writer's own use beside the advice
        ("Пью Новопассит, лучше уж его, чем таблетки", "новопассит"),
        ("Пользовалась им месяц, Бепантен отличный", "декспантенол"),  # "им" is the drug here
        ("Пью Нурофен, как прописал врач", "ибупрофен"),  # "как" without a likeness
        ("Надо Эгилок выпить, а то не засну", "метопролол"),  # what the writer must do: not advice
    ],
)
def test_the_writers_use_beside_advice_pronouns_and_as(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        "@olga_k @mark77 Вопрос только насколько родной препарат похож на наш.",
        "@ivan Проблема лишь насколько новый препарат похож на старый.",
        "@max_p Загадка только насколько дешёвый препарат похож на дорогой.",
    ],
)
def test_the_first_word_after_reply_handles_or_quotes_is_capitalised_not_a_name(text: str) -> None:
    assert _medications(text) == []


def test_a_name_written_as_one_after_reply_handles_is_still_a_name() -> None:
    assert "зорвидекс" in _names("@anna Купила крем Зорвидекс, мажу на ночь")
    assert "кримонол" in _names("@bob Таблетки Кримонол пью уже неделю")


@pytest.mark.parametrize(
    "text",
    [
        # An unknown word written as a name before a verb whose drug follows is who took it.
        "Sky: Фрум принимал сальбутамол во время гонки",
        "По данным агентства, Бразолин выпил мельдоний перед стартом",
        "Газеты пишут: Кверти принимала сразу две таблетки габапентина",
        # A list's lines open capitalised: food with its grams is no drug.
        "Завтрак: Глюкофаж 1000мг\nОвсянка ~150гр\nКорнишон ~10гр\nБрынза ~40гр",
    ],
)
def test_a_named_subject_or_a_lines_first_word_is_no_drug(text: str) -> None:
    assert _names(text) <= {"метформин"}


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Вчера Зорвекс принимала и Нурофен", {"зорвекс", "ибупрофен"}),  # the verb's object is before it
        ("Два дня Септефрил принимала, потом бросила", {"септефрил"}),
        ("Завтрак: овсянка, потом Зорвекс пила с водой", {"зорвекс"}),
    ],
)
def test_a_name_before_its_verb_of_taking_still_counts(text: str, names: set[str]) -> None:
    assert _names(text) == names


@pytest.mark.parametrize(
    "text",
    [
        # English is "on" many things: an unknown name after it needs a use said with it or talk of medicines.
        "I was on Wikipedia all night reading about whales",
        "My sister put me on Spotify as a birthday gift",
        "We have been on Holiday Inn points for ages, now we switch",
        "I'm on Tinder again, wish me luck",
    ],
)
def test_an_unknown_name_after_english_on_without_a_use_is_no_drug(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I've been on Zorvex for two years now", "zorvex"),
        ("I'm on Velorin twice a day", "velorin"),
        ("My doctor put me on Kelvaxin after the scan", "kelvaxin"),
        ("I was on Trelomax and the side effects were awful", "trelomax"),
        ("Been on Velorin and Kelvaxin since October", "kelvaxin"),  # the use said after the list
    ],
)
def test_an_unknown_name_after_english_on_with_a_use_or_medicine_talk(text: str, name: str) -> None:
    assert name in _names(text)


# Reviews and chats write brand names in lower case: after the writer's own verb of taking, a word no English
# dictionary knows (nor a word one slip from it) is the name, where "take" has a use after it or the message speaks of
# medicines or health.
@pytest.mark.parametrize(
    ("text", "name", "status"),
    [
        ("I took quelvarin for a year", "quelvarin", "stopped"),  # a use told with how long it lasted is over
        ("I started trosemil 20 mg last week", "trosemil", "active"),
        ("I've been on davolex for two months and my acne is clearing up", "davolex", "active"),
        ("My doctor prescribed norvatil for my migraines", "norvatil", "prescribed"),
        ("I stopped quelvarin months ago, the side effects were too much", "quelvarin", "stopped"),
        ("I switched to davolex after the Lamictal stopped working", "davolex", "active"),  # a listed drug beside it
        ("The nurse gave me norvatil for the pain", "norvatil", "active"),
    ],
)
def test_a_lower_case_name_no_dictionary_knows_after_a_verb_of_taking(text: str, name: str, status: str) -> None:
    (medication,) = [e for e in _medications(text) if e.attributes["name_normalized"] == name]
    assert medication.attributes["name_raw"] == name
    assert medication.attributes["status"] == status
    assert medication.attributes["verified"] is False


@pytest.mark.parametrize(
    "text",
    [
        "I've been on davolex for two years",  # "on" with no word of medicines or health: an app, a diet, a place
        "I was on vacay for a week and my back pain is gone",  # a clipped holiday word
        "i was on reddit all day and got a headache",  # a site
        "I stopped because my anxiety got worse",  # a conjunction lemminflect lacks
        "I started colorectal cancer screening, my doctor said",  # a word describing the noun after it
        "My sister takes quelvarin for her acne",  # someone else's
        "Should I take quelvarin for my acne?",  # a question
        "I never took quelvarin for my acne",  # denied
        "My fortune teller gave me a handjob, I nearly had a stroke",  # after an indefinite article: a common noun
        "I started crossfit last month, my doctor says it's good for my blood pressure",  # a sport
        "i quit zumba when my knee pain came back",
        "been on paleo for 3 weeks, my doctor approves",  # a diet
    ],
)
def test_no_lower_case_name_where_it_may_be_something_else(text: str) -> None:
    assert _medications(text) == [], [e.attributes for e in _medications(text)]


# The review's and the chat's ways of saying one's own use: "Been taking X", a past opening the sentence, "I was given".
@pytest.mark.parametrize(
    ("text", "name", "status"),
    [
        ("Been taking Quelvarin for two weeks now", "quelvarin", "active"),
        ("Took Davolex for a month, no side effects at all", "davolex", "stopped"),  # how long it lasted: over
        ("I was given Norvatil at the hospital", "norvatil", "active"),
        ("I've used Davolex daily since my eczema came back", "davolex", "active"),  # "use" in talk of health
        ("Right after taking Quelvarin I felt dizzy", "quelvarin", "active"),  # "I" opens the next clause
    ],
)
def test_a_subjectless_or_passive_use_in_english(text: str, name: str, status: str) -> None:
    (medication,) = _medications(text)
    assert medication.attributes["name_normalized"] == name
    assert medication.attributes["status"] == status


@pytest.mark.parametrize(
    "text",
    [
        "Took Maria to the airport, I have a headache",  # a given name
        "I took Denver by storm last year",  # a place
        "My brother has been taking Quelvarin for a month",  # someone else's
        "I have used Photoshop for years",  # "use" with no talk of medicines: an app or a tool
        "Took Latin in high school",  # a subjectless "took": a class, a ride, a trip
        "Been taking Pilates classes twice a week",  # the word describes the noun after it
    ],
)
def test_no_unknown_drug_that_is_a_person_a_place_or_anothers(text: str) -> None:
    assert _medications(text) == [], [e.attributes for e in _medications(text)]


# A name with the participle of its use and a regimen after it is the subject of what the medicine did.
@pytest.mark.parametrize(
    ("text", "name", "frequency"),
    [
        ("Quelvarin taken three times a day is easing the swelling", "quelvarin", "three times a day"),
        ("Davolex applied twice daily cleared my rash", "davolex", "twice daily"),
        ("For my knee, Norvatil applied every night works wonders", "norvatil", "every night"),
        ("Ibuprofen taken at night helps my back", "ibuprofen", "at night"),
    ],
)
def test_a_name_before_the_participle_of_its_use(text: str, name: str, frequency: str) -> None:
    (medication,) = _medications(text)
    assert medication.attributes["name_normalized"] == name
    assert medication.attributes["frequency"] == frequency


@pytest.mark.parametrize(
    "text",
    [
        "Ice applied twice daily cleared my rash",  # a word the dictionary knows
        "The cream applied nightly cleared my rash",
        "My husband said Quelvarin taken twice a day helped him",  # someone else's
        "Marcus taken twice a day",  # a given name
    ],
)
def test_no_name_before_a_participle_that_is_no_medicine(text: str) -> None:
    assert _medications(text) == [], [e.attributes for e in _medications(text)]


def test_an_indicative_that_looks_like_an_imperative_is_no_advice() -> None:
    assert "кагоцел" in _names("Пропили Кагоцел всей семьей")  # «пропили» is a past tense too


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I took one Quintravel before the flight", "quintravel"),  # a count before the name
        ("I added the use of Zorbex cream to my routine", "zorbex"),
        ("The diclofenac patches are wonderful for my knee", "diclofenac"),  # «wonderful» is no «wonder»
        ("I take Quintravel 2 grams a day", "quintravel"),  # a spelled-out unit
        ("Принимаю Зорбин по 500 миллиграмм", "зорбин"),
    ],
)
def test_english_counts_units_and_wonderful(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Завариваю мелиссу на ночь, помогает уснуть", "мелисса"),
        ("Пью настойку пиона, когда нервничаю", "пион"),
        ("I take valerian root to help me sleep", "valerian"),
        ("Started ashwagandha last month and it helps", "ashwagandha"),
    ],
)
def test_herbal_remedies_are_listed(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize("text", ["Обожаю ромашки и липы в парке, мне нравится их запах", "I iron my shirts every day"])
def test_a_plant_or_supplement_that_is_an_everyday_word_needs_a_verb_of_taking(text: str) -> None:
    assert _medications(text) == []


def test_a_pharmacological_class_is_no_product_name() -> None:
    assert _names("Пью антикоагулянт Зорбифлекс") == {"зорбифлекс"}  # the slot passes the class word
    assert _names("I took an NSAID for my back") == set()


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Я пришла к выводу, что Зорбифлекс действительно эффективное средство", "зорбифлекс"),  # no copula
        ("Считаю, что Квинтравел очень хороший препарат", "квинтравел"),
        ("Самым действенным из всех оказался Зорбин", "зорбин"),  # "turned out to be"
        ('Это оказался "Квинтравел", и он мне помог', "квинтравел"),
        ("Весь курс лечения зорбифлексом обошелся недорого", "зорбифлекс"),  # the noun of taking
        ("После приема Квинтравела мне стало легче", "квинтравел"),
    ],
)
def test_a_verdict_or_the_noun_of_taking_names_the_drug(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        "Виновником оказался Петр, и мне пришлось пить таблетки",  # a person's name is no drug
        "После приема пищи мне стало легче",  # an ordinary word after the noun of taking
        "Я купила очень хорошее средство",  # no name before the adjective
        "Сама по себе зима прекрасное средство от лени, я уверена",
    ],
)
def test_no_verdict_on_a_person_or_an_ordinary_word(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I love the Quintravel patches, they work great", "quintravel"),
        ("The Zorbex tablets made me dizzy", "zorbex"),
        ("I also have been using Quintravel drops for years", "quintravel"),
    ],
)
def test_an_english_name_before_its_dosage_form(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        "I got the Walgreens tablets and they worked",  # a pharmacy's store brand
        "My Sunday pills are the worst",
        "Купила мазь фирмы «Тевафарм» и пользуюсь",  # the maker in quotes
        "Пью таблетки от «Эвалар» каждое утро",
    ],
)
def test_no_shop_day_or_maker_as_a_name(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Купила иммуноукрепляющий и противовирусный препарат Циклоферон", "меглюмина акридонацетат"),
        ("Пью противоотечный Зорбифлекс", "зорбифлекс"),
    ],
)
def test_an_unknown_word_ending_like_an_adjective_is_no_name(text: str, name: str) -> None:
    assert _names(text) == {name}


def test_a_generic_maker_is_no_name() -> None:
    assert _names("My pharmacy switched me to the Mylan generic of Zoloft") == {"sertraline"}


def test_after_a_generic_word_only_a_word_written_as_a_name() -> None:
    assert _names("Закончили принимать ноотропные препараты невропатолог сказала хватит") == set()
    assert _names("Принимаю ноотропные препараты Зорбифлекс и Квинтравел") >= {"зорбифлекс"}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Рекомендую Зорбифлекс всем, кто мучается бессонницей", "зорбифлекс"),
        ("Советую гомеопатический Квинтравел, мне помог", "квинтравел"),
        ("I would highly recommend Quintravel to anyone with migraines", "quintravel"),
        ('"Зорбин Форте" — отличное средство от простуды', "зорбин форте"),  # a quoted name defined
    ],
)
def test_a_recommended_or_quoted_name(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize("text", ["Рекомендую маме Зорбифлекс", "Рекомендую к покупке, хорошая вещь"])
def test_a_recommendation_to_someone_else_or_of_nothing(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Зорбифлекс мне сразу помог, температура спала", "зорбифлекс"),
        ("Квинтравел не подошел, начались головные боли", "квинтравел"),
        ("Честно говоря, Зорбин отлично справляется с насморком", "зорбин"),
    ],
)
def test_an_unknown_russian_name_as_the_subject_of_its_effect(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize("text", ["Маша мне очень помогла с ребенком", "Время всегда помогает", "Врач мне помог"])
def test_a_person_or_an_ordinary_word_as_the_subject_of_help_is_no_drug(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Купила флакон Зорбифлекса, хватило на месяц", "зорбифлекс"),
        ("Мне хватило одного тюбика Квинтравела на курс", "квинтравел"),
        ("I finished a course of Quintravel last week and feel better", "quintravel"),
        ("I bought a bottle of Zorbex and it helped", "zorbex"),
    ],
)
def test_a_name_after_its_container(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize("text", ["Купила флакон объемом 25 мл", "I took a bottle of water with me"])
def test_a_container_of_no_drug(text: str) -> None:
    assert _medications(text) == []


# A contraceptive's purpose is its indication, in the writer's language; a contraceptive named elsewhere in the
# sentence says nothing of another drug.
@pytest.mark.parametrize(
    ("text", "indication"),
    [
        ("I take Sprintec for birth control", "contraception"),
        ("I'm on the birth control pill Yaz", "contraception"),
        ("Пью противозачаточные Джес", "контрацепция"),
        ("Уже год пью Ярину от нежелательной беременности", "контрацепция"),
    ],
)
def test_a_contraceptive_has_contraception_as_its_indication(text: str, indication: str) -> None:
    (medication,) = _medications(text)
    assert medication.attributes["indication"] == indication


@pytest.mark.parametrize(
    "text", ["Пью Эутирокс, а противозачаточные бросила", "I take levothyroxine and birth control"]
)
def test_a_contraceptive_said_elsewhere_is_not_another_drugs_indication(text: str) -> None:
    assert all("indication" not in m.attributes for m in _medications(text))


# A use that lapsed at a time is a stop with its date, not a drug never taken and not one taken now.
@pytest.mark.parametrize(
    ("text", "stopped"),
    [
        ("I haven't taken ibuprofen since May", "2025-05"),
        ("I have not used my Ventolin inhaler since 2024", "2024"),
        ("Я не пила аспирин с весны", None),
    ],
)
def test_a_use_that_lapsed_at_a_time_is_stopped(text: str, stopped: str | None) -> None:
    (medication,) = _medications(text)
    assert medication.action == "negate" and medication.attributes["status"] == "stopped"
    assert medication.attributes.get("stopped") == stopped


# A use told in the simple past and dated to a time already over (an earlier year, month or day) is over; one that
# started then, a dose of the writer's own regimen or a use that goes on is taken now.
@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("I took Valtrex back in 2011.", "stopped"),
        ("I took Zyrtec years ago.", "stopped"),  # a time long past, with no date
        ("I used Prednisone in college for my asthma.", "stopped"),
        ("I took Klonopin as a teenager.", "stopped"),
        ("I took Advil years ago and I still take it.", "active"),
        ("В 2015 году принимала Эутирокс.", "stopped"),
        ("I tried Lyrica in 2019 for nerve pain.", "stopped"),
        ("Колола Мильгамму в 2021 году.", "stopped"),
        ("I started Lexapro in 2019.", "active"),
        ("I've been taking Lexapro since 2019.", "active"),
        ("I took Prozac in 2024 and I still take it.", "active"),
        ("Пила Новопассит в 2020 году и пью до сих пор.", "active"),
        ("I took ibuprofen this morning.", "active"),
        # One dose or one course at a recent past time: over, as the long-past ones.
        ("I took Tylenol two days ago for a toothache.", "stopped"),
        ("I popped a couple of Advil last night.", "stopped"),
        ("I used Flonase last week when my nose was blocked.", "stopped"),
        ("На прошлой неделе пила Кагоцел.", "stopped"),
        ("Позавчера выпила таблетку Цитрамона.", "stopped"),
        ("В январе принимала Арбидол.", "stopped"),  # said in March
        ("Пару дней назад приняла Нурофен.", "stopped"),
        # Said to go on, begun then, or a dose of the writer's own regimen: taken now.
        ("I've been taking Zyrtec since last week.", "active"),
        ("Пью Новопассит уже неделю.", "active"),
        ("Принимаю Конкор с прошлой недели.", "active"),
        ("I took my Lexapro last night.", "active"),
        ("I took my first dose of Wellbutrin yesterday.", "active"),
        ("Вчера выпила первую таблетку Эутирокса.", "active"),
        ("Yesterday I took Claritin and I take it again today.", "active"),
        ("Вчера пропустила Прегабалин, сегодня выпила двойную дозу.", "active"),
        ("В марте начала принимать Магне B6.", "active"),
    ],
)
def test_a_use_dated_to_a_time_already_over_is_over(text: str, status: str) -> None:
    (medication,) = _medications(text)
    assert medication.attributes["status"] == status
    assert (medication.action == "negate") == (status == "stopped")


# A date belongs to the clause it is said in, and to the whole list there.
@pytest.mark.parametrize(
    ("text", "statuses"),
    [
        ("Сейчас пью Конкор, а два года назад принимала Эгилок.", {"бисопролол": "active", "метопролол": "stopped"}),
        (
            "I take Zyrtec daily, but last week I also took Sudafed.",
            {"cetirizine": "active", "pseudoephedrine": "stopped"},
        ),
        (
            "I took Advil, Tylenol and Aleve last night.",
            dict.fromkeys(("ibuprofen", "paracetamol", "naproxen"), "stopped"),
        ),
        (
            "На прошлой неделе пила Кагоцел, Арбидол и Нурофен.",
            dict.fromkeys(("кагоцел", "умифеновир", "ибупрофен"), "stopped"),
        ),
    ],
)
def test_a_date_is_its_own_clauses(text: str, statuses: dict[str, str]) -> None:
    assert {m.attributes["name_normalized"]: m.attributes["status"] for m in _medications(text)} == statuses


@pytest.mark.parametrize("text", ["I have never taken aspirin", "I haven't tried Xanax", "Никогда не пила аспирин"])
def test_a_drug_never_taken_is_still_nothing(text: str) -> None:
    assert _medications(text) == []


# People recommend films, books and apps too: an unknown name recommended needs a health word in the sentence.
@pytest.mark.parametrize(
    "text", ["I highly recommend Zoom for meetings", "Рекомендую фильм Интерстеллар", "Рекомендую всем Квинтравел"]
)
def test_no_medication_from_a_recommendation_without_a_health_word(text: str) -> None:
    assert _medications(text) == []


def test_a_recommended_unknown_name_with_a_complaint_is_a_medication() -> None:
    assert _names("Рекомендую Квинтравел, от кашля отлично") == {"квинтравел"}


@pytest.mark.parametrize(
    "text",
    [
        "My doctor recommended Tylenol",
        "Врач порекомендовал Нурофен",
        # «рекомендовать» is of both aspects: without «по-» it is the same advice.
        "Врач рекомендовал Нурофен",
        "Кардиолог рекомендовал мне Кардиомагнил",
        "Эндокринолог рекомендовала пить Йодомарин",
        "Она рекомендовала мне Афобазол на месяц",
    ],
)
def test_a_doctors_recommendation_is_prescribed_not_taken(text: str) -> None:
    (medication,) = _medications(text)
    assert medication.attributes["status"] == "prescribed"


# Buying as what someone advised or prescribed is advice about the medicine, as «посоветовал X» is: no wish of the
# writer's, which a getting infinitive alone would be («зашла в аптеку купить X»).
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Терапевт посоветовал купить Нурофен", "ибупрофен"),
        ("Педиатр посоветовала мне купить свечи Виферон", "интерферон альфа-2b"),
        ("Кардиолог рекомендовал сразу купить Кардиомагнил", "аспирин"),
        ("The doctor recommended Zyrtec", "cetirizine"),
    ],
)
def test_buying_as_advised_is_the_advised_medicine(text: str, name: str) -> None:
    (medication,) = _medications(text)
    assert medication.attributes["name_normalized"] == name
    assert medication.attributes["status"] == "prescribed"


@pytest.mark.parametrize(
    "text",
    [
        "Терапевт посоветовал не покупать Нурофен",
        "Педиатр посоветовала дочке купить Виферон",
        "Мама попросила купить Корвалол",
    ],
)
def test_buying_advised_against_asked_for_or_for_someone_else_is_no_use(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Врач рекомендовал дочке Нурофен",  # the receiver is named, and it is not the writer
        "Врач не рекомендовал Нурофен",
        "Педиатр рекомендовал сыну пить Йодомарин",
    ],
)
def test_a_recommendation_to_someone_else_or_denied_is_not_the_writers(text: str) -> None:
    assert _medications(text) == []


# The perfective «принять» and the casual register of taking («закинулась», «юзаю», «глотаю», «жру»).
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Сегодня приняла Зорбифлекс и наконец уснула", "зорбифлекс"),
        ("Сегодня не забыл принять Кагоцел", "кагоцел"),
        ("Закинулась Зорбифлексом перед экзаменом", "зорбифлекс"),
        ("Юзаю Квинтравел уже вторую неделю", "квинтравел"),
        ("Глотаю Нурофен горстями, а толку ноль", "ибупрофен"),
        ("Опять жру свой Зорбифлекс по вечерам", "зорбифлекс"),
        ("I popped a Xanax before the flight", "alprazolam"),
        ("Popped two Zorbex and went to bed", "zorbex"),
    ],
)
def test_the_perfective_and_casual_verbs_of_taking(text: str, name: str) -> None:
    (medication,) = _medications(text)
    assert medication.attributes["name_normalized"] == name
    assert medication.attributes["status"] == "active"


@pytest.mark.parametrize(
    "text",
    [
        "Принял душ и лег спать пораньше",  # an ordinary word as the object
        "Жру гречку каждый день",
        "We popped the champagne at midnight",
        "She popped a Xanax and fell asleep",  # someone else
        "Его приняли на работу в аптеку",
        "хммм, а если принять Зорбифлекс с вином, что будет",  # a condition, said of anyone
        "Если пить Нурофен долго, посадишь желудок",
    ],
)
def test_no_medication_from_an_ordinary_object_or_a_condition(text: str) -> None:
    assert _medications(text) == []


# Coming off it right before its name («слезла с X», «соскочил с X»), or «сидела на X» said like "I was on X": a stop
# of that drug only.
@pytest.mark.parametrize(
    ("text", "stopped", "active"),
    [
        ("Слезла с венлафаксина месяц назад", "венлафаксин", None),
        ("Соскочил с Зорбифлекса, теперь сплю плохо", "зорбифлекс", None),
        ("Раньше сидела на Паксиле, теперь сижу на Феназепаме", "пароксетин", "феназепам"),
        ("Потихоньку слезаю с Квинтравела", "квинтравел", None),
    ],
)
def test_coming_off_a_drug_stops_it(text: str, stopped: str, active: str | None) -> None:
    found = {e.attributes["name_normalized"]: e for e in _medications(text)}
    assert found[stopped].action == "negate" and found[stopped].attributes["status"] == "stopped"
    if active:
        assert found[active].attributes["status"] == "active"


@pytest.mark.parametrize("text", ["Слезла с дивана и выпила Нурофен", "Сидела на лавочке и пила Кагоцел"])
def test_coming_off_something_else_stops_no_drug(text: str) -> None:
    (medication,) = _medications(text)
    assert medication.attributes["status"] == "active"


# A wish or "it's time" before an infinitive of taking is no use; a denied wish or one to come off is said of one's own.
@pytest.mark.parametrize(
    "text",
    [
        "Щас бы Зорбифлексом закинуться и уснуть",
        "Пора принимать Кагоцел, все вокруг болеют",
        "Хочется выпить Нурофен и забыть про все",
        "Эх, выпить бы сейчас Квинтравел",
        "Захотелось нажраться Зорбифлекса и уснуть",
        "Кагоцел я и хотела принимать, а купила чай",  # the wish after the name
    ],
)
def test_a_wish_to_take_is_no_medication(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Даже Кагоцел не хочется принимать", "кагоцел"),
        ("Хочу бросить пить Паксил, но страшно", "пароксетин"),
        ("Надоело пить Нурофен, и я хочу в отпуск", "ибупрофен"),  # the wish comes after the taking
        ("Я из-за Кагоцела хочу сожрать целый торт", "кагоцел"),  # a wish to eat, not to take it
    ],
)
def test_a_denied_wish_or_a_wish_to_quit_keeps_the_drug(text: str, name: str) -> None:
    assert name in _names(text)


# Someone else takes it: «у меня <person>» makes "меня" the owner, not the taker; so does a person as the subject
# of a past verb.
@pytest.mark.parametrize(
    "text",
    [
        "У меня муж бесплатно получает Эутирокс",
        "у меня подруга на Паксиле сидит уже год",
        "У меня знакомая пила Зорбифлекс и похудела",
        "Сосед принял Нурофен и уснул",
        "Музыкант вчера выпил Ксанакс перед концертом",
    ],
)
def test_a_person_owned_or_named_as_the_subject_takes_it(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("У меня муж врач, он выписал мне Зорбифлекс", "зорбифлекс"),  # the writer is the receiver
        ("У меня мама диабетик, а я сама принимаю Нурофен", "ибупрофен"),
        ("Врач принял меня и выписал Кагоцел", "кагоцел"),  # a doctor's past verb is the prescriber's
        ("Вчера приняла Нурофен, стало легче", "ибупрофен"),
    ],
)
def test_the_writer_beside_another_person_keeps_the_drug(text: str, name: str) -> None:
    assert name in _names(text)


# Russian puts the name after its dose in the genitive; a word the dictionary knows is no name there.
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Пью по 200 мг зорбина на ночь", "зорбин"),
        ("Выпила 2 таблетки квинтравела", "квинтравел"),
        ("Врач вернул 50 мг Зорбифлекса", "зорбифлекс"),
        ("Выпила полтаблетки Зорбифлекса", "зорбифлекс"),  # «пол-» and a dosage form is no name
    ],
)
def test_a_russian_name_in_the_genitive_after_its_dose(text: str, name: str) -> None:
    assert _names(text) == {name}


@pytest.mark.parametrize(
    "text", ["Пью по 10 мг утром", "Выпила 5 мл воды", "Приняла полтаблетки за полчаса до сна", "Выпил пол-пачки сразу"]
)
def test_no_name_from_an_ordinary_word_or_a_half_dose_after_a_dose(text: str) -> None:
    assert _medications(text) == []


# Only heard of, said after the name in its own clause («Про X только слышала», «За X слышал, но не юзал»).
@pytest.mark.parametrize(
    "text",
    ["Про Зорбифлекс только слышала", "За Квинтравел слышал, но не юзал", "Зорбифлекс читала, что помогает от кашля"],
)
def test_a_drug_heard_of_after_its_name_is_no_medication(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"), [("Пью Кагоцел, слышала что помогает", "кагоцел"), ("Кагоцел пью, про Нурофен читала", "кагоцел")]
)
def test_hearsay_in_another_clause_keeps_the_drug(text: str, name: str) -> None:
    assert name in _names(text)


# Colloquial pronouns and adverbs, copies of a product, devices and medical specialists stand where a name stands.
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Нурофен чото не помогает", {"ибупрофен"}),
        ("Кагоцел ваще не помог", {"кагоцел"}),
        ("Мне от кашля пульмонолог помог", set()),
        ("Беру дорогие импортные дженерики", set()),
        ("Пшикаю ингалятор Зорбифлекс каждое утро", {"зорбифлекс"}),
    ],
)
def test_no_pronoun_copy_device_or_specialist_as_a_name(text: str, names: set[str]) -> None:
    assert _names(text) == names


# A drug named in the quoted title of a video, a film, a song or a post is the title's.
@pytest.mark.parametrize(
    "text",
    [
        "Мне понравилось видео «Зорбифлекс и Нурофен: что выбрать»",
        'Мне понравилось видео ""Кагоцел для похудения"""',
        "Пересмотрела фильм «Нация Зорбифлекса» и пью чай",
        'I loved the song "Xanax" so much',
    ],
)
def test_a_drug_in_a_quoted_title_is_no_medication(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Посмотрела видео «Как бросить курить», а пью Нурофен", "ибупрофен"),  # after the title
        ("Пью таблетки «Зорбифлекс» по утрам", "зорбифлекс"),  # quotes after a dosage form hold a name
    ],
)
def test_a_name_outside_a_title_or_quoted_after_its_form_counts(text: str, name: str) -> None:
    assert name in _names(text)


# A regimen said without a verb: a schedule right after or before a name or a list of names.
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Кагоцел по утрам", {"кагоцел"}),
        ("Фенибут утром, Нурофен и Кагоцел на ночь", {"фенибут", "ибупрофен", "кагоцел"}),
        ("На ночь Нурофен, утром ничего", {"ибупрофен"}),
        ("Глицин (на ночь) с завтрашнего дня", {"глицин"}),
    ],
)
def test_a_regimen_said_by_its_schedule(text: str, names: set[str]) -> None:
    found = _medications(text)
    assert {e.attributes["name_normalized"] for e in found} == names
    assert all(e.attributes["status"] == "active" for e in found)


@pytest.mark.parametrize(
    "text",
    [
        "Вечером видела рекламу Тамифлю",  # the schedule is of the evening, not of the drug
        "Утром смотрела передачу про Нурофен",
        "Мама тоже на Вентолине и Симбикорте дважды в день",  # someone else's regimen
        "Попробуй Кагоцел на ночь",  # advice to the reader
    ],
)
def test_a_schedule_away_from_the_name_or_of_someone_else(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Если пить Нурофен по одной таблетке утром, то я к вечеру в норме", "ибупрофен"),
        ("Если принять Кагоцел сразу, мне помогает", "кагоцел"),
    ],
)
def test_a_condition_the_writer_speaks_of_from_use_keeps_the_drug(text: str, name: str) -> None:
    assert name in _names(text)


# A verb of taking in the second person is the listener's; the writer's own verb beside it keeps theirs.
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Если ты пьешь Паксил, не пей алкоголь", set()),
        ("Вы принимаете Кагоцел при гриппе", set()),
        ("Эутирокс принимаете, наверное не зря", set()),
        ("Пью Кагоцел, а ты что пьешь", {"кагоцел"}),
    ],
)
def test_a_second_person_verb_of_taking_is_the_listeners(text: str, names: set[str]) -> None:
    assert _names(text) == names


# meds5: a noun for any medicine, its dose, use or reviews, a passive or present truth ("применяется", "помогает") is a
# cue only when the writer speaks of themselves somewhere in the message: else it is news, an advert or a fact.
@pytest.mark.parametrize(
    "text",
    [
        "Поставка лекарственного препарата Зорбифлекс в больницы задерживается.",
        "Нурофен подорожал, как и многие другие лекарства.",
        "Арбидол применяется для лечения гриппа у взрослых.",
        "Ибупрофен: инструкция по применению, отзывы, аналоги.",
        "Кардиомагнил поможет сосудам, пишут учёные.",
        "Humira is now the best-selling drug in the world.",
    ],
)
def test_an_impersonal_statement_about_a_drug_is_no_medication(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Пью Кагоцел уже неделю. Препарат хорошо переносится, Кагоцел рекомендую.", "кагоцел"),
        ("Третий день на Флуоксетине, жду эффекта.", "флуоксетин"),  # «жду»: the writer without «я»
        ("В нашей аптечке всегда есть препарат Анаферон.", "анаферон"),
        ("I have been taking Lexapro for 3 weeks and the nausea is gone.", "escitalopram"),
    ],
)
def test_the_writer_in_the_message_keeps_an_impersonal_cue(text: str, name: str) -> None:
    assert name in _names(text)


# What the drug is the topic, name or title of, another's or the listener's, handed out, sold or merely said to exist.
@pytest.mark.parametrize(
    "text",
    [
        "Вчера спорила с коллегой про Кагоцел.",
        "Она рассказала мне про Арбидол и Кагоцел.",  # the list after «про» shares it
        "Мне нравится само название Нурофен.",
        "Я стала фанаткой автора Зорбифлекса.",
        "Твой Нурофен лежит на полке.",
        "Your Advil is in my bag.",
        "Продам Ксарелто, осталась целая пачка.",
        "Даю Нурофен, а покупатель просит рецепт.",
        "Есть такое лекарство Кагоцел, мне смешно от названия.",
        "The pharmacist said Ambien can cause sleepwalking.",
    ],
)
def test_a_drug_as_a_topic_a_title_or_someone_elses_is_no_medication(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Опять забыла про Эутирокс утром, выпила в обед.", {"левотироксин"}),  # a dose forgotten
        ("У тебя Пароксетин, а у меня Флуоксетин.", {"флуоксетин"}),  # the owner said in each clause
        ("У них в аптеке хороший Нурофен.", set()),
        ("Мне так и не выписали Феназепам.", set()),  # not given
        ("Врач не назначил Арбидол, пью Кагоцел.", {"кагоцел"}),
        ("Мне выписали Феназепам.", {"феназепам"}),
        ("Много отзывов о том, что от Арбидола болит голова.", set()),  # others' reports
    ],
)
def test_the_owner_a_refusal_or_others_reports_in_the_drugs_clause(text: str, names: set[str]) -> None:
    assert _names(text) == names


# A second name in brackets right after the first is the same medicine, not a second one.
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Пью триттико (trazodone) на ночь.", {"тразодон"}),
        ("Пароксетин (Паксил) мне помог.", {"пароксетин"}),
        ("Пью Зорбифлекс (Нурофен) по утрам.", {"ибупрофен"}),  # the listed name of the two
        ("Пью Кагоцел (и Арбидол тоже).", {"кагоцел", "умифеновир"}),  # a list in brackets: two
        ("Пью Кагоцел и Арбидол.", {"кагоцел", "умифеновир"}),
    ],
)
def test_a_name_in_brackets_after_a_name_is_an_alias(text: str, names: set[str]) -> None:
    assert _names(text) == names


# The writer as the subject of a Russian first-person verb, «я» left out; not a verb of saying or thinking.
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Мешаю Фенибут с чаем по вечерам.", {"фенибут"}),
        ("Ем Ципролет третий день.", {"ципрофлоксацин"}),
        ("Кайфую, Феназепам сегодня в деле.", {"феназепам"}),
        ("Точно тебе говорю, Феназепам.", set()),
        ("Думаю, Кагоцел.", set()),
        ("Тамифлю!", set()),  # a name the dictionary guesses as a verb is no verb
    ],
)
def test_a_first_person_verb_says_the_writer(text: str, names: set[str]) -> None:
    assert _names(text) == names


# Used to it or hooked on it: the writer's use; others' habit or the noun is not.
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Привыкла к Феназепаму, без него не сплю.", {"феназепам"}),
        ("Подсела на Ксанакс за месяц.", {"алпразолам"}),
        ("Слишком привык к Зопиклону.", {"зопиклон"}),
        ("Люди быстро привыкают к Феназепаму.", set()),
        ("Феназепам вызывает зависимость.", set()),
    ],
)
def test_being_used_to_a_drug_is_its_use(text: str, names: set[str]) -> None:
    assert _names(text) == names


# The casual verbs of using: eaten, spread on.
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Помазалась Фастум гелем и легла спать.", {"кетопрофен"}),
        ("Намазала коленку Вольтареном.", {"диклофенак"}),
        ("Съела Нурофен и пошла на работу.", {"ибупрофен"}),
        ("Ем суп и смотрю сериал.", set()),
        ("Намазала хлеб маслом.", set()),
    ],
)
def test_the_casual_verbs_of_eating_and_spreading(text: str, names: set[str]) -> None:
    assert _names(text) == names


# A price with no word of the writer's: a shop's listing.
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Пульмикорт 0,5 мг №20 — цена 1300 руб., купить в Казани", set()),
        ("Ксарелто 20 мг №28, цена 2700 р.", set()),
        ("Zyrtec 10 mg, 30 tablets, price $12", set()),
        ("Купила Нурофен 200 мг за 150 руб., пью по таблетке", {"ибупрофен"}),
        ("I take Zyrtec 10 mg, it costs me $12 a month", {"cetirizine"}),
    ],
)
def test_a_price_listing_is_no_medication(text: str, names: set[str]) -> None:
    assert _names(text) == names


# English: quitting a habit is what the drug was for; afraid to start it or the doctor wanting it is not taking it.
@pytest.mark.parametrize(
    ("text", "name", "status"),
    [
        ("Thanks to Champix I quit smoking after 20 years.", "varenicline", "active"),
        ("Chantix is a miracle drug, I quit smoking in 4 weeks.", "varenicline", "active"),
        ("I took Zyban and quit drinking too.", "bupropion", "active"),
        ("I quit Chantix after a week.", "varenicline", "stopped"),
        ("I quit taking Prozac in May.", "fluoxetine", "stopped"),
        ("My doctor wants me to try Cymbalta.", "duloxetine", "prescribed"),
        ("My psychiatrist wants to start me on Abilify.", "aripiprazole", "prescribed"),
        ("I was scared to start Zoloft but it helped.", "sertraline", "active"),
    ],
)
def test_quitting_a_habit_and_a_doctors_wish(text: str, name: str, status: str) -> None:
    found = {e.attributes["name_normalized"]: e.attributes.get("status") for e in _medications(text)}
    assert found.get(name) == status, found


@pytest.mark.parametrize(
    "text",
    ["I'm scared to start Abilify.", "I am so afraid of taking Ambien every night.", "Боюсь начинать Флуоксетин."],
)
def test_afraid_to_start_is_no_medication(text: str) -> None:
    assert _medications(text) == []


# A first-person verb of wanting, hoping, reading, watching or trading tells nothing of the writer's use.
@pytest.mark.parametrize(
    "text",
    [
        "Хочу Феназепам и спать.",
        "Надеюсь, это не Флуоксетин.",
        "Могу достать Ксанакс, если надо.",
        "Куплю Ксанакс недорого.",
        "Перепродам Флуоксетин, десять пластинок.",
        "Обменяю Феназепам на что-нибудь.",
    ],
)
def test_a_verb_of_wanting_or_trading_is_no_use(text: str) -> None:
    assert _medications(text) == []


# A Russian past-tense verb with no subject before it is the writer's: it licenses a cue that needs the writer.
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Спустя неделю решила прекратить прием Феназепама.", "феназепам"),
        ("Заметила, что от препарата Нурофен клонит в сон.", "ибупрофен"),
        ("Вчера снова начала курс Кагоцела.", "кагоцел"),
    ],
)
def test_a_past_verb_without_a_subject_is_the_writer(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        "Минздрав включил препарат Ксарелто в перечень льготных.",
        "Аптека получила лекарство Кагоцел.",
    ],
)
def test_a_past_verb_with_its_subject_is_not_the_writer(text: str) -> None:
    assert _medications(text) == []


# Ordinary words run together past a dash are no name, even right before a dose; a hyphenated name still is.
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Мой завтрак-это 30 мг прозака и кофе.", {"флуоксетин"}),
        ("Утро-вечер 10 мг, и так месяц.", set()),
        ("Обед-ужин 2 таблетки, уже неделю.", set()),
        ("Колю Зорбо-Флекс 20 мг утром.", {"зорбо-флекс"}),
        ("Беру Ксило-Зорб 5 мг на ночь.", {"ксило-зорб"}),
    ],
)
def test_ordinary_words_joined_by_a_dash_are_no_name(text: str, names: set[str]) -> None:
    assert _names(text) == names


# "может" with an infinitive of taking weighs a possibility: no use. Without such an infinitive it is no wish.
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Может тоже Феназепам пить начать.", set()),
        ("Может Нурофен выпить, раз голова болит.", set()),
        ("Блин, может Ксанакс принимать, раз так плохо.", set()),
        ("Пью Кагоцел, может поможет.", {"кагоцел"}),
        ("Может, Нурофен и помог, не знаю.", {"ибупрофен"}),
    ],
)
def test_a_possibility_weighed_is_no_use(text: str, names: set[str]) -> None:
    assert _names(text) == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # "non-X" and "anti-X" name a class that is not the drug; the drug itself, said plainly, still counts.
        ("My doctor said to use a non-ibuprofen painkiller for now.", set()),
        ("I switched to a non-codeine cough syrup last week.", set()),
        ("Regulators warn that non-naproxen NSAIDs may raise the risk of ulcers.", set()),
        ("I take ibuprofen twice a day for my knee.", {"ibuprofen"}),
        ("I was on codeine syrup for a week.", {"codeine"}),
        ("Naproxen 500 mg helps my back.", {"naproxen"}),
    ],
)
def test_a_non_prefix_names_no_drug(text: str, names: set[str]) -> None:
    assert _names(text) == names, _names(text)


# --- rumeds: unknown names that are everyday words in any spelling, and more Russian constructions of taking ---


@pytest.mark.parametrize(
    "text",
    [
        # A capitalised word the dictionary knows, in a diary line or mid-tweet, is an everyday thing.
        "Обед 13:00 Гречка ~150гр Котлета ~80гр Компот 200мл",
        "Купил Фонарик 2 штуки и пью Кефир по утрам",
        # A laugh, a stretched word, мат, an adverb guessed from its ending.
        "Кветирон допила, хахаха",
        "Мне выписали Зорбекс, дохрена дорогой и нихрена не помогает",
        "Принимаю Ципралекс, пиздато вообще",
        "Выпила единоразово две таблетки",
        # A diminutive of a known noun, a release suffix alone, an English word in a Russian sentence.
        "Купила сырнички и пью кефирчик",
        "Мой Глюкофаж Лонг 500 мг помогает",
        "Перешла на Premium подписку",
        # A clipped class word and a class abbreviation.
        "Пью антидепры уже год",
        "Врач назначил ИАПФ",
    ],
)
def test_no_unverified_name_from_an_everyday_word_in_any_spelling(text: str) -> None:
    unverified = {e.attributes["name_raw"] for e in _medications(text) if e.attributes.get("verified") is False}
    assert not unverified & {
        "Котлета",
        "Компот",
        "Фонарик",
        "Кефир",
        "хахаха",
        "дохрена",
        "нихрена",
        "пиздато",
        "единоразово",
        "сырнички",
        "кефирчик",
        "Лонг",
        "Premium",
        "антидепры",
        "ИАПФ",
    }, unverified


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # A capitalised unknown name after its dosage form, and a known word only in apposition to one.
        ("Купила капли Радуга для глаз", "радуга"),
        ("Мажу крем Квинтравел на ночь", "квинтравел"),
        ("Пью Бромофлекс 10 мг утром", "бромофлекс"),
    ],
)
def test_names_still_found_beside_the_everyday_word_guards(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        "Купила таблетки (Завтра опять в аптеку",
        "Таблетки в форме порошка - Утро вечера мудренее",
        "Пью каждый день, Вывод: не помогает",
    ],
)
def test_a_bracket_dash_or_stop_ends_the_slot_of_a_form_or_verb(text: str) -> None:
    assert not {e.attributes["name_raw"] for e in _medications(text) if e.attributes.get("verified") is False}


@pytest.mark.parametrize(
    ("text", "name", "status"),
    [
        # Verbs of taking the list lacked: rubbed in, dissolved, breathed in, injected, tried, hooked on, a course.
        ("Втираю Квинтравел в колено", "квинтравел", "active"),
        ("Рассасываю Бромофлекс при першении", "бромофлекс", "active"),
        ("Вдыхаю Аэрофилин через небулайзер", "аэрофилин", "active"),
        ("Вколола себе Зорбифлекс в бедро", "зорбифлекс", "active"),
        ("Пробовала Кварцидол, не помог", "кварцидол", "active"),
        ("Подсела на листерол за зиму", "листерол", "active"),
        ("Пропиваю Дормикан курсами", "дормикан", "active"),
        # A stop said by the doctor, a switch from one to another.
        ("Отменили Зорбифлекс на прошлой неделе", "зорбифлекс", "stopped"),
        ("Перешла с Зорбифлекса на Кварцидол", "зорбифлекс", "stopped"),
        ("Перешла с Зорбифлекса на Кварцидол", "кварцидол", "active"),
        # The genitive after a dosage word or a verb of filling oneself with it, back to its dictionary form.
        ("Выпила таблетку дормикана", "дормикан", "active"),
        ("Наглоталась листерола и уснула", "листерол", "active"),
    ],
)
def test_more_russian_verbs_of_taking_an_unknown_name(text: str, name: str, status: str) -> None:
    found = {e.attributes["name_normalized"]: e.attributes.get("status") for e in _medications(text)}
    assert found.get(name) == status, found


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # The name before the writer's verb, with the writer or an adverb between; a present-tense verb of the first
        # person leaves no subject for the word before it, so a lower-case name counts.
        ("Бромофлекс я пью по вечерам", "бромофлекс"),
        ("дормикан пью уже третью неделю", "дормикан"),
        ("Три дня Листерол принимала", "листерол"),
        # The name after its effect.
        ("Мне очень помогает Кварцидол от кашля", "кварцидол"),
        ("Спасает только Аэрофилин", "аэрофилин"),
        # A procedure made with it.
        ("Делаю ингаляции с Аэрофилином", "аэрофилин"),
    ],
)
def test_a_name_before_its_verb_after_its_effect_or_in_a_procedure(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        "Чай я пью по утрам",
        "Перешли в Грейпхолл я пью там кофе",
        "Мне помогла Ксюша с переездом",
        "Пробовала суши в новом ресторане",
        "Вдыхаю воздух полной грудью",
        "Выпила таблетку, потом ещё одну",
    ],
)
def test_no_drug_from_ordinary_objects_people_or_places_near_those_verbs(text: str) -> None:
    assert not _medications(text), [e.attributes for e in _medications(text)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Мне назначили Флюанксол по полтаблетки", "флупентиксол"),
        ("Пью Тражента 5 мг утром", "линаглиптин"),
        ("Начала принимать Эзлор от аллергии", "дезлоратадин"),
        ("Врач выписал Хумира, колю раз в две недели", "адалимумаб"),
    ],
)
def test_russian_market_brands_of_the_thin_atc_groups_are_listed(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # What the object replaced stands between the verb and the object.
        ("Невролог назначила вместо него Кварцидол", "кварцидол"),
        ("Мне выписали вместо Зорбифлекса Листерол", "листерол"),
        ("Пью вместо Бромофлекса дормикан", "дормикан"),
    ],
)
def test_the_object_after_what_it_replaced(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize("text", ["Пью вместо чая компот", "Купила вместо хлеба батон и пью кефир"])
def test_no_drug_from_an_ordinary_replacement(text: str) -> None:
    assert not _medications(text)


@pytest.mark.parametrize(
    "text",
    [
        "ВАСЯ СКАЗАЛ ПАЦАНЫ Я ПИЛА ВЧЕРА",
        "ОРУ ТЕТЯ ДУСЯ Я ПРИНИМАЛА ГОСТЕЙ",
    ],
)
def test_a_sentence_in_capitals_writes_no_word_as_a_name(text: str) -> None:
    assert not _medications(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Я ПИЛА КВАРЦИДОЛ ВСЮ ЗИМУ", "кварцидол"),
        ("Пью СЕДАВИТ перед сном", "седавит"),
        ("Мне помог Когитум после болезни", "ацетиламиноянтарная кислота"),
        ("Капаю Аквалор в нос", "аквалор"),
    ],
)
def test_a_verb_of_taking_still_finds_names_in_capitals_and_the_otc_brands(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # Decided to try, used, went through a course, saved oneself with it.
        ("Решила попробовать Листерол от изжоги", "листерол"),
        ("Для лечения использовала Бромофлекс", "бромофлекс"),
        ("Прошла курс дормикана весной", "дормикан"),
        ("Спасаюсь Аэрофилином от одышки", "аэрофилин"),
        # The instrumental before the verb; a feminine past verb that a masculine name cannot be the subject of.
        ("Кварцидолом пользуюсь уже полгода", "кварцидол"),
        ("Зорбифлекс принимала три недели", "зорбифлекс"),
        # Liked, the name as the subject of it.
        ("Листерол очень понравился, рекомендую", "листерол"),
        # The genitive after a dosage form in lower case, after a pack as written.
        ("Делала уколы дормикана в поликлинике", "дормикан"),
        ("Купила упаковку Бромофлекса", "бромофлекс"),
        # A release suffix after a listed name is no second drug.
        ("Пью сероквель пролонг на ночь", "кветиапин"),
    ],
)
def test_review_constructions_of_taking_an_unknown_name(text: str, name: str) -> None:
    names = _names(text)
    assert name in names, names
    assert len(names) == 1, names


@pytest.mark.parametrize(
    "text",
    [
        "Блин выпила немного вина вечером",  # a feminine verb with its own object after it
        "Купила пачку сижек у ларька",  # a pack holds any goods
        "Пью таблетки, таблетоньки мои",  # a diminutive of a known noun
        "Принимала ноотропные препараты невропатолог посоветовала",  # the next clause's subject
        "Фильм очень понравился",
        "Ой таблеточки закрнчились",  # a misspelt verb after a form
    ],
)
def test_no_name_from_objects_subjects_or_misspellings_near_those_constructions(text: str) -> None:
    unverified = {e.attributes["name_raw"] for e in _medications(text) if e.attributes.get("verified") is False}
    assert not unverified, unverified


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Глотаю, Зорбифлекс, Кварцидол и Листерол", {"зорбифлекс", "кварцидол", "листерол"}),
        ("Пью, бромофлекс и дормикан, как прописали", {"бромофлекс", "дормикан"}),
        ("Принимаю, Нурофен", {"ибупрофен"}),
    ],
)
def test_a_list_may_follow_a_comma_after_the_verb(text: str, names: set[str]) -> None:
    assert names <= _names(text)


@pytest.mark.parametrize("text", ["Вчера не пил, сейчас Тимурчик заедет", "Горло пшикаю, бабуля ругается"])
def test_one_word_past_a_comma_opens_the_next_clause(text: str) -> None:
    assert not _medications(text), [e.attributes for e in _medications(text)]


@pytest.mark.parametrize("text", ["Мне ставили капельницы для «бодрости»", "Пью капли при «усталости глаз»"])
def test_a_quoted_purpose_after_a_form_is_no_name(text: str) -> None:
    assert not {e.attributes["name_raw"] for e in _medications(text) if e.attributes.get("verified") is False}


@pytest.mark.parametrize(
    ("text", "name"),
    [("Мне ставили капельницы «Зорбифлекс»", "зорбифлекс"), ("Пью капли «Листерол» от кашля", "листерол")],
)
def test_a_quoted_name_after_a_form_still_counts(text: str, name: str) -> None:
    assert name in _names(text)


# A medicine named once, in a sentence that says nothing of taking it, then taken by a pronoun or a medicine's noun.
@pytest.mark.parametrize(
    ("text", "name", "referring"),
    [
        ("Препарат «Ровалтин». Пью его уже третью неделю, сплю лучше.", "ровалтин", "Пью его"),
        ("Про мексидол. Принимала этот препарат две недели весной.", "этилметилгидроксипиридина сукцинат", "Принимала"),
        ("Отзыв о таблетках «Сомнитрил». Невролог мне их назначил после обследования.", "сомнитрил", "назначил"),
        (
            "A few words about Quintravel tablets. I've been taking them every morning since May.",
            "quintravel",
            "taking",
        ),
        ('Let me tell you about "Dormivane". My doctor put me on this med last spring.', "dormivane", "put me on"),
        ("Honest thoughts on Prozac. I've been taking it for three months.", "fluoxetine", "taking it"),
        ("Zoloft is as gentle as it gets. I have used it for a year.", "sertraline", "used it"),
        ("Keppra is a lifesaver. I've taken it since 2015.", "levetiracetam", "taken it"),
    ],
)
def test_a_medicine_named_before_is_taken_by_a_later_reference(text: str, name: str, referring: str) -> None:
    evidence = [e.evidence for e in _medications(text) if e.attributes["name_normalized"] == name]
    assert any(referring in said for said in evidence), evidence


def test_a_reference_back_keeps_the_status_its_sentence_says() -> None:
    found = _medications("Про «Ровалтин». Эти таблетки я пропила курсом прошлой зимой.")
    assert [(e.action, e.attributes.get("status")) for e in found] == [("negate", "stopped")]


@pytest.mark.parametrize(
    "text",
    [
        "Про мексидол. А вы его пробовали?",  # a question
        "Про мексидол. Мужу его назначили.",  # someone else's
        "Про мексидол и фенибут. Пью его месяц.",  # two medicines: which one is a guess
        "Врач говорил про мексидол. Потом про фенибут. Принимаю этот препарат месяц.",
        "Про мексидол. Никогда его не принимала.",  # denied
        "Про мексидол. Хочу попробовать его.",  # a wish
        "Про мексидол. Пью его таблетки.",  # «его» is a possessive here
        "Есть и мексидол. Его колоть нет никакого смысла.",  # a general truth, not the writer's use
        "Про «Ровалтин». Принимала его две недели.",  # a bare quoted word is a name only for a medicine's noun
        "Это «чудо». Принимала этот препарат две недели.",  # a quoted everyday word
    ],
)
def test_no_medicine_from_a_reference_back_that_is_not_the_writers_use(text: str) -> None:
    assert not _medications(text), [(e.attributes, e.evidence) for e in _medications(text)]


# A message's title names what it is about; an unknown name there is the medicine a later reference takes.
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Про Брамитон. Пью его уже месяц, доволен.", "брамитон"),
        ("Отзыв о Нейрофлексе: колю его уже вторую неделю.", "нейрофлекс"),
        ("Брамитон. Соседка хвалила. Купила. Принимаю этот препарат три недели.", "брамитон"),
        ("Velmorin review: I've been taking it for two months.", "velmorin"),
    ],
)
def test_a_titles_unknown_name_is_taken_by_a_later_reference(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        "Привет. Пью его уже месяц.",  # a greeting is no name
        "Update: I've been taking it for two months.",  # English only with "review"
        "Про Брамитон. Потом про Нейрофлекс. Пью его уже месяц.",  # another name written: which one is a guess
        "Velmorin review: my neighbour has been taking it for years.",
        "Про Брамитон. Мужу его назначили.",
    ],
)
def test_no_title_name_without_the_writers_use_or_with_another_name(text: str) -> None:
    assert not _medications(text), [(e.attributes, e.evidence) for e in _medications(text)]


# Several medicines named: a Russian pronoun's gender or number may fit only one («ее» a feminine name).
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Купила Брамитон и мазь Ровалтина. Мажу ее на ночь.", "ровалтина"),
        ("Про Кварцидол. Пью его год.", "кварцидол"),  # «его год»: for a year, not his year
        ("Купила таблетки Зорбифлекс. Пью их месяц.", "зорбифлекс"),  # «их»: the tablets of the one name
        ("Про Торвиклидин. Я колю его уже неделю.", "торвиклидин"),  # masculine by its ending, whatever the guess
    ],
)
def test_a_pronoun_takes_the_medicine_it_agrees_with(text: str, name: str) -> None:
    evidence = [e.evidence for e in _medications(text) if e.attributes["name_normalized"] == name]
    assert any(len(said.split(". ")) == 2 for said in evidence), evidence


@pytest.mark.parametrize(
    "text",
    [
        "Про Брамитон. Пью ее уже месяц.",  # «ее» is not the masculine name
        "Купила Брамитон для детей. Я их беру на море.",  # «их» are the children
    ],
)
def test_no_medicine_for_a_pronoun_of_another_gender_or_number(text: str) -> None:
    assert not _medications(text) or all(". " not in e.evidence for e in _medications(text))


# The drug's own verb with another subject that agrees with it (a name, a person, a group, "он"): theirs, even when
# the writer speaks elsewhere in the sentence. The writer's own verb, or the writer in the verb's phrase, keeps it.
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Бородин три года принимал диазепам.", set()),  # a name the dictionary does not know
        ("Я смеюсь, а Варвара Степановна глотает парацетамол горстями.", set()),
        ("Мне весело, пока Никифор пьёт ношпу.", set()),
        ("Моя соседка наелась мезима и уснула.", set()),  # "моя" only says whose the neighbour is
        ("Марафонцы годами принимали милдронат.", set()),  # a group agreeing in the plural
        ("Тренер вчера выпил валидол, а я пью глицин.", {"глицин"}),
        ("Я, как и Бородин, принимаю диазепам.", {"диазепам"}),  # the writer's verb
        ("Мне медсестра колола цефтриаксон.", {"цефтриаксон"}),  # the writer served
        ("Варвара и я пьём ношпу.", {"дротаверин"}),
        ("Собака сгрызла мой глицин.", {"глицин"}),  # the writer's drug
        ("Врач сказал пить парацетамол.", {"парацетамол"}),  # the subject tells, the writer takes
        ("Невролог увеличил дозу габапентина до 900 мг.", {"габапентин"}),  # a prescriber changes the writer's regimen
        ("Эндокринолог повысил дозу метформина до 1000 мг.", {"метформин"}),
        ("Психиатр понизил дозировку кветиапина до 100 мг.", {"кветиапин"}),
        ("Терапевт скорректировал дозу эналаприла до 10 мг.", {"эналаприл"}),
        ("Степан купил мезим чтобы меня вылечить", {"панкреатин"}),  # bought for the writer
        ("Волшебный корвалол - снимает тревогу от глицина.", {"корвалол", "глицин"}),  # an adjective is no subject
    ],
)
def test_another_subject_of_the_drugs_verb(text: str, names: set[str]) -> None:
    assert _names(text) == set(names)


# What a leaflet or a news item says of any drug (its side effects, what it is recommended for), with no word of the
# writer's in the message: no one's medication. "нашли" (found) is no "наш" (our).
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Производитель скрыл побочные эффекты мидокалма.", set()),
        ("Рекомендованный педиатрами нурофен пропал с полок.", set()),
        ("Исследователи нашли побочные эффекты нимесулида.", set()),
        ("У меня побочные эффекты от мидокалма.", {"толперизон"}),
        ("Нашла в сумке нурофен, выпила.", {"ибупрофен"}),  # the writer's verb of taking
    ],
)
def test_a_leaflets_or_news_words_without_the_writer(text: str, names: set[str]) -> None:
    assert _names(text) == names


# Advice or a rule put as a predicative of need with an infinitive of taking, a few words apart: not the writer's use
# unless the writer speaks of themself.
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Надо пить цитрамон при мигрени.", set()),
        ("Нужно сразу начинать принимать арбидол.", set()),
        ("Необходимо колоть мильгамму курсом.", set()),
        ("Мне надо пить цитрамон.", {"аспирин"}),
        ("Надо выпить валидол, а то не усну.", {"валидол"}),
        ("Поняла, что из-за феназепама нельзя пить пиво.", {"феназепам"}),  # «нельзя» forbids, advises nothing
    ],
)
def test_advice_as_a_predicative_of_need(text: str, names: set[str]) -> None:
    assert _names(text) == names


# An English name as the subject of a past verb of taking: theirs. The writer in the clause keeps it.
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Yesterday Marcus took Ambien and slept all day.", set()),
        ("Big Tobias popped Percocet on stage.", set()),
        ("Professor Okafor used Valium before lectures.", set()),
        ("Like Marcus, I took Ambien.", {"zolpidem"}),
        ("Then took Ambien and slept.", {"zolpidem"}),
    ],
)
def test_an_english_name_before_a_past_verb_of_taking(text: str, names: set[str]) -> None:
    assert _names(text) == names


# On a medicine for a time, the verb left out: the writer's state, as tweets say it.
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Вторую неделю на сертралине, сон наладился.", "сертралин"),
        ("Полгода на ламотриджине, приступов не было.", "ламотриджин"),
        ("Первый день на флуоксетине: пока подташнивает.", "флуоксетин"),
    ],
)
def test_a_time_on_a_medicine_is_the_writers_use(text: str, name: str) -> None:
    assert [(e.attributes["name_normalized"], e.attributes.get("status")) for e in _medications(text)] == [
        (name, "active")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Мама вторую неделю на сертралине.",  # someone else's
        "Он уже год на ламотриджине.",
        "Привет всем, кто третий месяц на флуоксетине.",  # whoever they are
        "Всем, кто сидит на сертралине, терпения.",
        "Соседка, сидевшая год на флуоксетине, переехала.",  # a person described by a participle
        "Итоги года на данный момент: отказ от сертралина.",  # the span's «на» is not the drug's
    ],
)
def test_a_time_on_a_medicine_of_someone_else_is_not_the_writers(text: str) -> None:
    assert not _medications(text), [(e.attributes, e.evidence) for e in _medications(text)]


def test_someone_compared_after_the_medicine_leaves_it_the_writers() -> None:
    assert _names("Пила сертралин, и мне было легче, чем тем, кто не лечился.") == {"сертралин"}


# A verb of taking whose object is left unsaid, or said as a past need, or the medicine's use as a noun with the
# medicine as its owner: the one medicine named just before.
@pytest.mark.parametrize(
    ("text", "name", "referring"),
    [
        ("Подруга хвалила сертралин. Решила попробовать, сплю лучше.", "сертралин", "Решила попробовать"),
        ("Про Кагоцел много пишут. Купила и пью по две таблетки утром.", "кагоцел", "Купила и пью"),
        ("Много читала про мазь оксолиновую. Решила попробовать.", "оксолин", "Решила попробовать"),
        ("Про сертралин много пишут. Пришлось выпить его.", "сертралин", "Пришлось"),
        ("Других капель не было, только Називин. Пришлось воспользоваться этими каплями.", "оксиметазолин", "Пришлось"),
        ("Пила пустырник и валериану. Потом мне предложили сертралин. Я взяла его.", "сертралин", "взяла его"),
    ],
)
def test_a_medicine_named_before_is_taken_by_an_unsaid_or_needed_use(text: str, name: str, referring: str) -> None:
    evidence = [e.evidence for e in _medications(text) if e.attributes["name_normalized"] == name]
    assert any(referring in said for said in evidence), evidence


@pytest.mark.parametrize(
    "text",
    [
        "Кагоцел — неплохое средство. После его приема у меня прошла ломота.",
        "Про Кагоцел. После приема этого препарата мне стало легче.",
        "Сертралин — мой выбор. От его применения я стала спокойнее.",
    ],
)
def test_the_writers_effect_after_its_use_says_it_was_used(text: str) -> None:
    second = [e for e in _medications(text) if text.split(". ")[1] in e.evidence]
    assert [e.action for e in second] == ["assert"]
    assert "status" not in second[0].attributes  # used, not said to go on


@pytest.mark.parametrize(
    "text",
    [
        "Про сертралин много пишут. Пью с друзьями.",  # the verb has an object of its own
        "Про сертралин много пишут. Ем три раза в день.",  # eating, with no object
        "Про сертралин много пишут. Лежу, дышу.",  # breathing
        "Про сертралин много пишут. Хочу попробовать.",  # a wish
        "Про сертралин много пишут. Не пробовала.",  # denied
        "Про сертралин много пишут. А вы пробовали?",  # a question
        "Про сертралин много пишут. Сестре пришлось выпить его.",  # someone else's need
        "Про Кагоцел. После его приема у сына прошла ломота.",  # someone else's effect
        "Про Кагоцел. После его приема люди жалуются на тошноту.",  # no one's in particular
    ],
)
def test_no_medicine_from_an_unsaid_use_that_is_not_the_writers(text: str) -> None:
    assert not _medications(text), [(e.attributes, e.evidence) for e in _medications(text)]


def test_a_pronoun_means_the_nearest_name_only_when_it_is_one() -> None:
    found = _medications("Пила пустырник. Потом мне предложили сертралин и ламотриджин. Я взяла его.")
    assert not [e for e in found if "взяла его" in e.evidence]


# A name of an adjective and a noun said noun first, as labels put it.
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Мажу нос мазью оксолиновой перед выходом.", "оксолин"),
        ("Пропила кислоту фолиевую курсом.", "фолиевая кислота"),
        ("Перед застольем выпила уголь активированный.", "активированный уголь"),
    ],
)
def test_a_listed_name_said_noun_first_is_found(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize("text", ["Купила кислоту лимонную для варенья.", "Выпила воду минеральную."])
def test_an_everyday_noun_and_adjective_are_no_medicine(text: str) -> None:
    assert not _medications(text)


@pytest.mark.parametrize(
    "text",
    [
        "Рядом со мной в автобусе мужчина воспользовался ингалятором сальбутамола.",  # the writer is only a place
        "Когда болит живот, проще воспользоваться лоперамидом.",  # advice weighed, no one's use
        "Лоперамид — ерунда. Лечилась сама.",  # «лечилась сама»: no object left unsaid
    ],
)
def test_no_writers_use_from_a_place_advice_or_self_treatment(text: str) -> None:
    assert not _medications(text), [(e.attributes, e.evidence) for e in _medications(text)]


def test_the_writer_beside_keeps_a_verb_served_to_them() -> None:
    assert _names("Муж сидел рядом со мной и купил мне сальбутамол.") == {"сальбутамол"}


@pytest.mark.parametrize(
    "text",
    [
        "Моему сыну врач выписал сертралин. Решили попробовать.",  # a message about a child or a relative
        "Малыш часто болеет, педиатр назначил Кагоцел. Купили и даем.",
        "Состав: валериана и мята. Я пью его на работе.",  # an ingredient is not the medicine referred back to
        "Про сертралин. Советую, прежде чем принимать, сходить к врачу.",  # an infinitive that is no one's act
    ],
)
def test_no_unsaid_use_from_a_message_about_another_or_a_list_of_ingredients(text: str) -> None:
    assert not [e for e in _medications(text) if e.evidence.count(".") > 1], _medications(text)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Пью аналог Кагоцела.", set()),  # the analogue is taken, not the medicine it is like
        ("Купила заменитель Нурофена, пью его.", set()),
        ("Аналог сибутрамина мне выписали. Пару дней попила и бросила.", set()),
        ("Пью Кагоцел, это аналог Арбидола.", {"кагоцел"}),
        ("Пью Тамифлю, а недавно купила его аналог Номидекс.", {"осельтамивир", "номидекс"}),
        ("Пью Кагоцел и Арбидол.", {"кагоцел", "умифеновир"}),
    ],
)
def test_a_medicine_named_as_what_another_is_like_is_not_taken(text: str, names: set[str]) -> None:
    assert _names(text) == names


@pytest.mark.parametrize(
    ("text", "normalized"),
    [
        ('В этом плане "Новопассит" отличный препарат.', "новопассит"),
        ("Мне помог «Афобазол», рекомендую.", "фабомотизол"),
    ],
)
def test_a_listed_name_in_quotes_is_the_listed_one_to_refer_back_to(text: str, normalized: str) -> None:
    # A set of both readings left which one a later «этот препарат» meant to the hash seed of the process.
    (name,) = _names_to_refer_to(Sentence.of(text), quoted=True)
    assert name.term.normalized == normalized


# --- the drug lexicons agree with themselves -----------------------------------------------------------------
# A medicine's Russian names sit in two hand-written files; one substance must come out under one name whichever file
# lists the brand, and the name it comes out under must be one the lexicon knows (else a memory holds a fact under a
# name no later message can be matched to).
RUSSIAN_DRUG_FILES = ("drugs.tsv", "drugs_ru_otc.tsv")


def _russian_rows() -> list[tuple[str, str, str]]:
    rows = []
    for filename in RUSSIAN_DRUG_FILES:
        for cols in lexicon._data_lines(filename):
            if re.search(r"[а-я]", cols[0]):
                rows.append((filename, cols[0], cols[1] if len(cols) > 1 and cols[1] else cols[0]))
    return rows


def test_no_russian_name_maps_to_two_international_names() -> None:
    seen: dict[str, set[str]] = {}
    for _, name, normalized in _russian_rows():
        seen.setdefault(name, set()).add(normalized)
    assert {name: inns for name, inns in seen.items() if len(inns) > 1} == {}


def test_every_international_name_a_russian_name_maps_to_is_a_known_name() -> None:
    known = {cols[0] for f in (*RUSSIAN_DRUG_FILES, "drugs_en_reference.tsv") for cols in lexicon._data_lines(f)}
    # A vaccine comes out under its class (J07: «вакцина против гриппа»), which people name by the disease.
    unknown = {n for _, _, n in _russian_rows() if n not in known and not n.startswith("вакцина")}
    assert unknown == set()


@pytest.mark.parametrize(
    ("names", "substance"),
    [
        (("мальтофер", "сорбифер", "тардиферон", "феррум лек", "ферлатум", "актиферрин", "железа сульфат"), "железо"),
        (("магне в6", "магнелис", "магнерот", "магнистад", "магния цитрат"), "магний"),
        (("feosol", "ferrous sulfate", "iron supplements", "iron"), "iron"),
        (("magonate", "magnesium gluconate", "magnesium"), "magnesium"),
        (("геделикс", "гедерин", "проспан"), "плюща листьев экстракт"),
    ],
)
def test_every_name_of_one_substance_comes_out_as_one(names: tuple[str, ...], substance: str) -> None:
    found = {name: [m.term.normalized for m in lexicon.drugs().find(tokenize(name))] for name in names}
    assert all(inns == [substance] for inns in found.values()), found


# The generated English list took a brand's name from one product of its family, so an umbrella brand or a
# combination came out as one unrelated or partial ingredient (Alka-Seltzer as simethicone, TobraDex as
# dexamethasone alone). The hand-checked list corrects them, and the build leaves its names alone.
@pytest.mark.parametrize(
    ("name", "substance"),
    [
        ("Alka-Seltzer", "aspirin, sodium bicarbonate and citric acid"),
        ("Dimetapp", "brompheniramine and phenylephrine"),
        ("TobraDex", "tobramycin and dexamethasone"),
        ("Synjardy", "empagliflozin and metformin"),
        ("Juluca", "dolutegravir and rilpivirine"),
        ("Zegerid", "omeprazole and sodium bicarbonate"),
        ("Dulcolax Perles", "sodium picosulfate"),
        ("Benylin", "benylin"),  # an umbrella over coughs of different ingredients: its own name
    ],
)
def test_an_umbrella_or_combination_brand_comes_out_as_its_own_ingredients(name: str, substance: str) -> None:
    assert [m.term.normalized for m in lexicon.drugs().find(tokenize(name.lower()))] == [substance]


@pytest.mark.parametrize("text", ["capsules and granules", "available generically", "pepsodent", "isopto"])
def test_a_phrase_toothpaste_or_brand_prefix_of_the_generated_list_names_no_medicine(text: str) -> None:
    assert lexicon.drugs().find(tokenize(text)) == []


def test_the_generated_english_list_leaves_the_hand_checked_names_alone() -> None:
    hand = {cols[0] for cols in lexicon._data_lines("drugs.tsv")}
    generated = {cols[0] for cols in lexicon._data_lines("drugs_en_reference.tsv")}
    assert hand & generated == set()


def test_a_brand_named_for_its_added_ingredient_maps_to_a_combination_with_it() -> None:
    """A name ending in DM adds dextromethorphan, in HCT hydrochlorothiazide: never its base drug alone."""
    added = {"dm": "dextromethorphan", "hct": "hydrochlorothiazide"}
    wrong = {
        term.name: term.normalized
        for term in lexicon.drugs().terms()
        if (suffix := term.name.split()[-1]) in added and added[suffix] not in term.normalized
    }
    assert wrong == {}


# A medicine wanted, needed or looked for, as the object of that word: having it is not said, let alone taking it.
@pytest.mark.parametrize(
    "text",
    [
        "Мне нужен Кагоцел, а в аптеке его нет",
        "Мне бы сейчас Нурофена",
        "Я в поисках Нурофена, у меня болит голова",
        "Ищу Нурофен во всех аптеках района",
        "I want Advil for my headache",
        "I really need some Xanax right now",
        "I'm looking for Zoloft in stock anywhere",
        # Getting it, asked or put as an aim.
        "Купите мне кто-нибудь Зорбифлекс",
        "Привези мне Нурофен из города",
        "Зашла в аптеку, чтобы купить Кагоцел",
        "Мама попросила найти Корвалол",
        "Дайте мне Феназепама, дайте мне всё",
        # What follows tells no real use: an infinitive, a purchase, a noun.
        "А купить Нурофен по 200 мг и пить по половине таблетки",
        "Не могла решить, купить Нурофен или шоколад, в итоге купила йогурт",
        "Мне нужен Феназепам, но без назначения врача не дадут",
    ],
)
def test_a_medicine_wanted_needed_or_sought_is_no_use(text: str) -> None:
    assert _medications(text) == []


# An adjective standing for people is the subject who takes it, as a noun is: their use, not the writer's.
@pytest.mark.parametrize(
    "text",
    [
        "Больные принимали Нурофен вместе с Кодеином",
        "Беременные пьют Йодомарин весь срок",
        "Знакомые колют Мильгамму каждую весну",
        "Пожилые часто принимают Кардиомагнил",
    ],
)
def test_people_named_by_an_adjective_take_it_themselves(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Знакомые посоветовали Афобазол", "фабомотизол"),  # advice to the writer
        ("Близкие дали мне Нурофен, и я выпила", "ибупрофен"),
        ("Хорошие таблетки Нурофен, принимаю давно", "ибупрофен"),  # an adjective of the drug, no person
    ],
)
def test_people_named_by_an_adjective_may_give_or_advise_it(text: str, name: str) -> None:
    assert name in _names(text)


# A list of medicines wanted or sought is wanted as a whole, and «больше» is "more" unless it ends a use with «не».
@pytest.mark.parametrize(
    "text",
    [
        "Мне нужен Нурофен, Но-шпа и Смекта",
        "I need some Advil, Tylenol and Aleve",
        "Купите мне Нурофен, Но-шпу и Смекту",
        "Мне нужно больше Нурофена",
        "Нужно ещё больше Афобазола и Глицина",
    ],
)
def test_a_wanted_list_or_more_of_a_medicine_is_no_use(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("Пью Нурофен, Но-шпу и Смекту", "active"),
        ("Пью Нурофен больше года", "active"),
        ("Больше не пью Нурофен", "stopped"),
    ],
)
def test_a_list_taken_or_more_than_a_year_is_a_use(text: str, status: str) -> None:
    medications = _medications(text)
    assert medications and all(m.attributes["status"] == status for m in medications)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Хочу сказать, что пью Кагоцел", "кагоцел"),  # the drug is the object of the verb said after the wish
        ("I need my Lexapro to sleep", "escitalopram"),  # one's own medicine
        ("I want to thank Lexapro for saving my life", "escitalopram"),
        ("Мне был прописан Кавинтон", "винпоцетин"),  # «был» is no «бы»
        ("Купила Кагоцел, пью третий день", "кагоцел"),  # bought, and then taken
        ("Нашла в аптечке Нурофен и выпила", "ибупрофен"),
        ("I needed some Advil so I took two", "ibuprofen"),  # a use told after the want
        ("Хочу Нурофен, пью его всегда при мигрени", "ибупрофен"),
        ("I want Xanax, I've been on it for years", "alprazolam"),
    ],
)
def test_a_wish_that_does_not_govern_the_drug_keeps_it(text: str, name: str) -> None:
    assert name in _names(text)


# A headline capitalises every word, and a sentence its first: a capital then names nothing, unless English lacks the
# word ("Zorbex").
@pytest.mark.parametrize(
    "text",
    [
        "Flu Shot And Pneumonia Vaccine Might Reduce Alzheimer's Risk",
        "Cheap Pills Helped Millions, Study Says",
        "Some Pills Make Headaches Worse",
        "The answer to addiction: More pills",
    ],
)
def test_no_name_from_a_capital_that_says_nothing(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My New Zorbex Pills Arrived Today", "zorbex"),
        ("Took Zorbex Pills For Two Weeks", "zorbex"),
        ("I started taking Zorbex pills", "zorbex"),
    ],
)
def test_an_unknown_word_in_a_headline_is_still_a_name(text: str, name: str) -> None:
    assert name in _names(text)


# The subjunctive («бы», «чтобы» with a past-tense verb) wishes a use or a prescription; it tells none.
@pytest.mark.parametrize(
    "text",
    [
        "Я хочу, чтобы мне выписали Феназепам",
        "Лишь бы мне прописали Кагоцел",
        "Выпила бы сейчас Нурофен",
        "Вчера выпила бы Нурофен, но его не было",
    ],
)
def test_a_use_in_the_subjunctive_is_no_use(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Пью Мелатонин, чтобы уснуть", "мелатонин"),  # «чтобы» with an infinitive: the aim of a real use
        ("Чтобы уснуть, пью Мелатонин", "мелатонин"),
        ("Врач выписал мне Феназепам, чтобы я спала", "феназепам"),  # the subjunctive after the drug
        ("Чтоб вы знали, я всю неделю пила Кагоцел", "кагоцел"),  # the subjunctive's verb is far off
    ],
)
def test_an_aim_said_beside_a_use_keeps_it(text: str, name: str) -> None:
    assert name in _names(text)


# A person called a medicine is a figure of speech.
@pytest.mark.parametrize(
    "text", ["Ты мой флуоксетин среди всех этих людей", "Ты мой личный сорт Нурофена", "You're my Xanax, baby"]
)
def test_a_person_called_a_medicine_is_no_use(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [("Ты мой спаситель, Нурофен", "ибупрофен"), ("Мне дали Кагоцел в поликлинике", "кагоцел")],
)
def test_a_medicine_addressed_or_given_is_still_one(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Я бы порекомендовал Афобазол людям с лёгкой тревогой", "фабомотизол"),
        ("Я бы посоветовала Кагоцел всем, кто часто болеет", "кагоцел"),
    ],
)
def test_a_recommendation_in_the_subjunctive_is_still_experience(text: str, name: str) -> None:
    assert name in _names(text)


# Other people as the subject of an English verb of taking: people at large, or people of the writer's life.
@pytest.mark.parametrize(
    "text",
    [
        "Millions already take Advair to breathe easy.",
        "Patients who have had strokes can take aspirin safely, a study says.",
        "Most people take Tylenol for headaches.",
        "My friends take Adderall to study.",
        "Heart attack survivors given canakinumab had fewer events.",
    ],
)
def test_others_taking_a_medicine_in_english_is_not_the_writers(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My friends and I take Adderall to study.", "amphetamine"),  # the writer among the takers
        ("My husband and I both take Lipitor.", "atorvastatin"),
        ("The doctors prescribed Keflex for ten days.", "cephalexin"),  # a prescriber is no taker
        ("My mom gave me Advil for the pain.", "ibuprofen"),
    ],
)
def test_the_writer_among_the_takers_or_given_it_keeps_it(text: str, name: str) -> None:
    assert name in _names(text)


# The title of a drug's leaflet or review page names the drug and tells of no use.
@pytest.mark.parametrize(
    "text",
    [
        "Ципромед ушные капли инструкция по применению",
        "Эутирокс (таблетки): инструкция и аналоги",
        "Глазные капли Офтаквикс инструкция по применению, состав, аналоги",
        "Инструкция по применению глазных капель Офтаквикс",
    ],
)
def test_a_leaflet_title_is_no_use(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Пью Эутирокс строго по инструкции по применению", "левотироксин"),
        ("Принимаю Глюкофаж, читала отзывы врачей и решилась", "метформин"),
        ("I take Zorbex 20 mg exactly as the instructions for use say", "zorbex"),
    ],
)
def test_a_use_beside_the_leaflet_is_kept(text: str, name: str) -> None:
    assert name in _names(text)


def test_a_plant_and_its_brand_come_out_under_its_nominative() -> None:
    # «алтея» is the genitive of «алтей»: a brand maps to the plant's name as the name itself is listed.
    assert _names("Пью Мукалтин от кашля") == _names("Пью сироп алтея") == {"алтей"}


# A vaccine is no medication: a name the lists class as a vaccine, one the vaccine list knows, or an unknown name in the
# slot of a word of vaccination. The vaccination is an event of its own; a medicine taken beside it stays.
@pytest.mark.parametrize(
    "text",
    [
        "Мне поставили прививку Ультрикс",
        "Сделала ревакцинацию Энцепуром",
        "I got the Fluzone shot in October",
        "My Arexvy vaccine was last fall",
        "Привилась в сентябре Зорбаваком",  # an unknown name after a word of vaccination
        "I got the Zorbavax booster",
        "I was vaccinated with Zorbavax in May",
        "Got the Zorbavax shot at the vaccination clinic",  # "shot" where the message speaks of vaccination
    ],
)
def test_a_vaccine_is_no_medication(text: str) -> None:
    assert _medications(text) == [], [e.attributes for e in _medications(text)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("После прививки от гриппа пила Терафлю", "парацетамол"),
        ("Привилась Ультриксом, а от температуры пила Панадол", "парацетамол"),
        ("Got my flu shot and took Tylenol for the ache", "paracetamol"),
        ("I get a Zorbex shot for my knee every month", "zorbex"),  # a shot of a medicine, no vaccination spoken of
        ("После вакцины пила Фервалекс", "фервалекс"),  # "после вакцины" says when, the name is the verb's
    ],
)
def test_a_medicine_beside_a_vaccination_stays(text: str, name: str) -> None:
    assert _names(text) == {name}


# A dosage form, a container or a measure is never a medicine's name, capitalised or not.
@pytest.mark.parametrize(
    "text",
    [
        "I take Gummies daily",
        "I've been taking Lozenges for my throat",
        "I take 2 Puffs twice a day",
        "I use a Patch every day",
        "I started Vials last week",
        "Принимаю Драже по две штуки",
        "Колю Ампулы через день",
    ],
)
def test_a_form_or_container_word_is_no_name(text: str) -> None:
    assert _medications(text) == [], [e.attributes for e in _medications(text)]


@pytest.mark.parametrize(
    ("text", "name"),
    [("I take Zorbex gummies every night", "zorbex"), ("Принимаю драже Фервалекс", "фервалекс")],
)
def test_the_name_beside_its_form_is_kept(text: str, name: str) -> None:
    assert _names(text) == {name}


# After «курс» the name stands in the genitive; said in the instrumental, «курсом» leaves the verb its object.
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Пропила курс Грентакса", "грентакс"),
        ("Прошла курс Кортамикса весной", "кортамикс"),
        ("После курса Дилакстона стало легче", "дилакстон"),
        ("Пропила курсом Грентакс", "грентакс"),
        ("Пропила курс Ингавирина", "витаглутам"),  # a listed name is the list's
    ],
)
def test_a_name_after_a_course_is_its_genitive(text: str, name: str) -> None:
    assert _names(text) == {name}


# The new drug of an English switch ("from X to Y"), and a switch of anything else (a provider, a phone) that the
# message does not speak of as medicine.
@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        ("My doctor switched me from Moxaril to Tenvexa", "moxaril", "tenvexa"),
        ("I switched from Zoloft to Brivanta", "sertraline", "brivanta"),
        ("Switched from Trelmox to Quindara because of side effects", "trelmox", "quindara"),
    ],
)
def test_the_new_drug_of_an_english_switch(text: str, old: str, new: str) -> None:
    statuses = {e.attributes["name_normalized"]: e.attributes["status"] for e in _medications(text)}
    assert statuses == {old: "stopped", new: "active"}


@pytest.mark.parametrize(
    "text", ["We switched from Comcast to Verizon", "I switched from Android to iPhone", "I switched to Geico"]
)
def test_a_switch_of_no_medicine(text: str) -> None:
    assert _medications(text) == []


# An English name opening the sentence, capitalised like any first word, before its dose or its strength: a word no
# English dictionary knows is the name.
@pytest.mark.parametrize(
    ("text", "name", "dosage"),
    [
        ("Trivexa 20 mg twice a day", "trivexa", "20 mg"),
        ("Dorvalex XR 75 every morning", "dorvalex", "75"),
        ("Дилакстон ретард 40 утром", "дилакстон", "40"),
        ("Принимаю Кортамикс форте 10", "кортамикс", "10"),
    ],
)
def test_an_opening_name_before_its_dose_or_strength(text: str, name: str, dosage: str) -> None:
    (medication,) = _medications(text)
    assert medication.attributes["name_normalized"] == name
    assert medication.attributes["dosage"] == dosage
    assert medication.attributes["verified"] is False


@pytest.mark.parametrize("text", ["Maybe 20 mg", "Kelly 20 mg every morning", "Gummies 20 mg", "Thanks 20 mg"])
def test_no_opening_name_that_english_knows(text: str) -> None:
    assert _medications(text) == []


def _said_on(text: str) -> list[Any]:
    messages = [Message(role="user", content=text, ts=datetime(2026, 6, 1, tzinfo=UTC))]
    return extract(messages, "medications")


# A pronoun referring back dates the use in its own sentence («Вчера выпила его»), after a verb whose cue took the space
# ("stopped taking it") or with no subject ("Took it yesterday").
@pytest.mark.parametrize(
    ("text", "name", "stopped"),
    [
        ("Купила Фервалекс. Вчера выпила его — не помог", "фервалекс", "2026-05-31"),
        ("I bought Zorbex. Took it yesterday and it didn't help", "zorbex", "2026-05-31"),
        ("The doctor gave me Trelvexin. I stopped taking it last week", "trelvexin", "2026-05-25"),
    ],
)
def test_a_use_told_by_a_pronoun_is_dated_there(text: str, name: str, stopped: str) -> None:
    (stop,) = [e.attributes for e in _said_on(text) if e.attributes.get("status") == "stopped"]
    assert (stop["name_normalized"], stop["stopped"]) == (name, stopped)


@pytest.mark.parametrize(
    "text", ["I bought Zorbex. My son took it yesterday", "I bought Zorbex. Took the dog out yesterday"]
)
def test_no_stop_by_a_pronoun_of_someone_else_or_of_nothing(text: str) -> None:
    assert [e for e in _said_on(text) if e.attributes.get("status") == "stopped"] == []


# Buying tells that the writer has a medicine, not that they take it: no status, unless a verb of taking or a schedule
# is said beside it.
@pytest.mark.parametrize(
    "text", ["Купила в аптеке Диакарб", "I bought some Mucinex at the pharmacy", "Приобрела Фервалекс про запас"]
)
def test_a_medicine_bought_has_no_status(text: str) -> None:
    (medication,) = _medications(text)
    assert "status" not in medication.attributes


@pytest.mark.parametrize(
    "text",
    ["Купила и пью Диакарб", "I bought Mucinex and take it twice a day", "Купила Кортамикс, и он реально помогает"],
)
def test_a_medicine_bought_and_taken_is_active(text: str) -> None:
    (medication,) = _medications(text)
    assert medication.attributes["status"] == "active"


# A use told in the simple past with how long it lasted is over; told in the present or the perfect, or said to go on,
# it is not; a span with the use denied is a lapse.
@pytest.mark.parametrize(
    "text", ["I took Lyrica for 3 months", "Пила Афобазол полгода", "Принимала Тералиджен два года, помогло"]
)
def test_a_past_use_with_its_length_is_stopped(text: str) -> None:
    (medication,) = _medications(text)
    assert medication.attributes["status"] == "stopped"


@pytest.mark.parametrize(
    "text",
    [
        "Я уже два года принимаю Тералиджен",
        "I've used Differin for a year",
        "Пила Афобазол раз в неделю",
        "Пила Афобазол полгода и пью до сих пор",
    ],
)
def test_a_use_that_goes_on_is_not_stopped(text: str) -> None:
    (medication,) = _medications(text)
    assert medication.attributes["status"] == "active"


# Where on the body, when or what for, said between the verb of taking and an unknown name: the name is still its
# object. Any other phrase there may end the verb's.
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Капаю в глаза Оптилекс", "оптилекс"),
        ("Колю в живот Ставинекс", "ставинекс"),
        ("Пью после еды Фервалекс", "фервалекс"),
        ("Принимаю от давления Дилакстон", "дилакстон"),
    ],
)
def test_a_phrase_of_place_time_or_purpose_before_the_object(text: str, name: str) -> None:
    assert _names(text) == {name}


@pytest.mark.parametrize(
    "text", ["Купил по программе Оранж кард Серетид", "Пью с друзьями Пиво", "Колю по вечерам Ампулы"]
)
def test_no_name_after_any_other_phrase(text: str) -> None:
    assert "оранж" not in _names(text) and "пиво" not in _names(text) and "ампулы" not in _names(text)


# A count written into its Russian noun ("2раза", "4хмесяцев") is no name; the name after it is.
def test_a_count_run_into_its_noun_is_no_name() -> None:
    assert _names("Пью 2раза Фервалекс") == {"фервалекс"}
    assert _medications("При постоянном приеме на протяжении 4хмесяцев") == []
    assert _medications("Принимала 3недели подряд") == []


# A list after a verb of taking goes on with names; a word there that governs an infinitive is a verb, misspelt or not.
@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Пила Фервалекс и Дилакстон", {"фервалекс", "дилакстон"}),
        ("Принимаю Кортамикс, Ставинекс и Грентакс", {"кортамикс", "ставинекс", "грентакс"}),
        ("Колю Ставинекс и Фервалекс по утрам", {"ставинекс", "фервалекс"}),
        ("Глотаю 2 таблетки Фервалекса и хочк спать", {"фервалекс"}),
        ("Пью Дилакстон и зочу уснуть", {"дилакстон"}),
    ],
)
def test_a_list_of_names_ends_at_a_verb(text: str, names: set[str]) -> None:
    assert _names(text) == names


# After a counted dose («2 таблетки», «по 3 капсулы») an unknown name stands in the genitive; one said in its
# dictionary form keeps it.
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Пью по 2 таблетки Кортамикса", "кортамикс"),
        ("Выпила 3 капсулы Ставинекса", "ставинекс"),
        ("Принимаю 2 таблетки Дилакстона в день", "дилакстон"),
        ("Пью 2 таблетки Фервалекс", "фервалекс"),
        ("Пью таблетки Грентакс", "грентакс"),
    ],
)
def test_an_unknown_name_after_a_counted_dose_is_its_genitive(text: str, name: str) -> None:
    assert _names(text) == {name}


def _medications_of(*turns: tuple[str, str]) -> list[Any]:
    messages = [Message(role=role, content=text, ts=SAID) for role, text in turns]
    return [e for section in classify(messages) for e in extract(messages, section) if e.section == "medications"]


@pytest.mark.parametrize(
    ("text", "name", "indication"),
    [
        # A list of the writer's medicines continued without its verb: the subject is the writer's use said before.
        ("I take losartan daily. Also on rosuvastatin for cholesterol.", "rosuvastatin", "cholesterol"),
        ("I'm on sertraline. And on propranolol for anxiety.", "propranolol", "anxiety"),
        ("My GP put me on levothyroxine. Plus vitamin D every morning.", "cholecalciferol", None),
        ("Пью бисопролол по утрам. Ещё на аторвастатине от холестерина.", "аторвастатин", "холестерин"),
        ("Принимаю L-тироксин. А также омепразол при изжоге.", "омепразол", "изжога"),
        # Being "on" it needs no statement before: the ellipsis of "I'm on".
        ("Also on gabapentin for nerve pain.", "gabapentin", "nerve pain"),
        ("Ещё сейчас на варфарине.", "варфарин", None),
    ],
)
def test_a_list_continued_without_its_verb_is_the_writers(text: str, name: str, indication: str | None) -> None:
    found = {e.attributes["name_normalized"]: e for e in _medications(text)}
    assert name in found, list(found)
    assert found[name].attributes.get("indication") == indication
    assert found[name].attributes.get("status") == "active"


def test_a_continued_list_answers_a_question_about_medicines() -> None:
    found = _medications_of(("assistant", "Which medications do you take?"), ("user", "Plus pantoprazole for reflux."))
    assert {e.attributes["name_normalized"] for e in found} == {"pantoprazole"}


@pytest.mark.parametrize(
    "text",
    [
        # Someone else's list goes on with someone else's medicines.
        "My dad takes warfarin. Also on bisoprolol for his heart.",
        "Мама пьет эналаприл. Ещё на аторвастатине.",
        # "on" with no medicine right after it, a verb after the name, no use said before.
        "Also on sale: cheap flights to Rome.",
        "And on Friday I start a new job.",
        "Plus ibuprofen for a headache.",
        "We watched a film. Also paracetamol is cheap here.",
        # Being "on" it with no "also" after a sentence of someone else's day; a list of what others brought.
        "Помнишь, как Лена весь март проспала. На флуоксетине.",
        "Спортсмены привезли 500 доз сальбутамола. А ещё будесонид 300 доз.",
    ],
)
def test_no_continued_list_without_the_writers_use(text: str) -> None:
    assert not _medications(text), [e.attributes for e in _medications(text)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # US over-the-counter groups and bowel preparations, by brand.
        ("Drank the Suprep the night before my scope", "sodium sulfate, potassium sulfate and magnesium sulfate"),
        ("I chew Tums after spicy dinners", "calcium carbonate"),
        ("Citrucel every morning keeps me regular", "methylcellulose"),
        ("I use Abreva as soon as a cold sore starts", "docosanol"),
        ("I use Systane at night for dry eyes", "polyethylene glycol 400 and propylene glycol"),
        ("Перед колоноскопией пила Эзиклен", "натрия сульфат, калия сульфат и магния сульфат"),
    ],
)
def test_an_over_the_counter_brand_by_its_group(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        # A brand that is also an everyday word counts only as the object of a verb of taking.
        "Align the shelves before painting",
        "Refresh tears me up every time I watch it",
        "The halls were packed after the concert",
    ],
)
def test_an_everyday_word_among_the_brands_is_no_medicine_by_itself(text: str) -> None:
    assert not _medications(text)


@pytest.mark.parametrize(
    ("text", "said_of"),
    [
        # A dash or a colon opens what is said of the medicine, not a use of it.
        ("Пью бисопролол. А аторвастатин — это статин.", "аторвастатин"),
        ("I take lisinopril. Also metformin: cheap and old.", "metformin"),
    ],
)
def test_a_medicine_said_of_after_a_dash_continues_no_list(text: str, said_of: str) -> None:
    assert said_of not in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        "You take aspirin for headaches.",
        "People take ibuprofen for back pain.",
        "Most folks use melatonin to sleep on flights.",
        "Многие пьют валерьянку от нервов.",
    ],
)
def test_a_medicine_of_the_listener_or_of_anyone_is_not_the_writers(text: str) -> None:
    assert not _medications(text)


@pytest.mark.parametrize(
    "text",
    ["Thank you, I take aspirin daily.", "I take metformin, do you?", "Я пью Конкор, многие его хвалят."],
)
def test_the_writers_medicine_beside_you_or_people_stays(text: str) -> None:
    assert _medications(text)


@pytest.mark.parametrize(
    "text",
    [
        "Слепну от Прозака, читать невозможно.",
        "Меня тошнит от Метформина.",
        "I get dizzy from the Zoloft every morning.",
    ],
)
def test_the_drug_a_complaint_comes_from_is_not_its_own_indication(text: str) -> None:
    found = _medications(text)
    assert found and all("indication" not in e.attributes for e in found)


@pytest.mark.parametrize("text", ["Пью Нурофен от головной боли.", "Принимаю Конкор от давления."])
def test_what_a_drug_is_taken_for_stays_its_indication(text: str) -> None:
    assert all(e.attributes.get("indication") for e in _medications(text))


@pytest.mark.parametrize(
    "text",
    [
        # Told to stop a medicine: neither a prescription nor a stop.
        "Невролог посоветовал бросить фенибут.",
        "Терапевт велел прекратить приём диклофенака.",
        "My GP told me to stop taking naproxen.",
        "The pharmacist advised me to come off omeprazole.",
    ],
)
def test_advice_to_stop_a_medicine_is_no_use_of_it(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # The writer tells they did stop: a stop.
        ("Невролог посоветовал бросить фенибут, и я бросила.", "фенибут"),
        ("My GP told me to quit tramadol, so I stopped it in May.", "tramadol"),
        # A prescription that is not advice to stop stays one.
        ("Невролог посоветовал фенибут.", "фенибут"),
    ],
)
def test_a_stop_told_after_advice_to_stop_is_a_stop(text: str, name: str) -> None:
    found = [e for e in _medications(text) if e.attributes["name_normalized"] == name]
    assert found, text
    expected = "prescribed" if "бросить" not in text and "quit" not in text else "stopped"
    assert found[0].attributes.get("status") == expected


@pytest.mark.parametrize(
    "text",
    [
        # A «ни X, ни Y» / "neither X nor Y" chain as the object of a verb: nothing taken.
        "Меня не интересуют ни мелатонин, ни фенибут.",
        "Не признаю ни нурофен, ни парацетамол.",
        "I trust neither melatonin nor zolpidem.",
    ],
)
def test_a_neither_nor_chain_after_its_verb_is_no_use(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # The chain as the subject of what it did, or an effect it failed to have: both were taken.
        ("Ни мелатонин, ни фенибут мне не помогли.", {"мелатонин", "фенибут"}),
        ("Мне не помогли ни мелатонин, ни фенибут.", {"мелатонин", "фенибут"}),
        ("Neither melatonin nor zolpidem helped me sleep.", {"melatonin", "zolpidem"}),
    ],
)
def test_a_neither_nor_chain_that_failed_to_help_was_taken(text: str, names: set[str]) -> None:
    assert names <= _names(text)


def test_a_stop_said_of_a_neither_nor_chain_stays_a_stop() -> None:
    found = _medications("Я больше не пью ни мелатонин, ни фенибут.")
    assert {e.attributes["name_normalized"] for e in found} == {"мелатонин", "фенибут"}
    assert all(e.attributes.get("status") == "stopped" for e in found)


@pytest.mark.parametrize(
    "text",
    [
        # Names said bare at the opening, then a verbless clause about the writer: a chant, not their medicines.
        "Феназепам, фенибут, донормил, и я снова человек",
        "Прозак, ксанакс, золофт, детка, я в огне",
        "Мелатонин и донормил, а мы в облаках",
    ],
)
def test_names_chanted_before_a_verbless_clause_are_not_the_writers(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # The writer before the names, or a word of their use, makes them theirs.
        ("Моя схема: ламотриджин, кветиапин.", "ламотриджин"),
        ("Мне донормил и мелатонин, и сплю как младенец.", "доксиламин"),
        ("Ambien and Valium every night, I feel better.", "zolpidem"),
        # A verb in the clause after the names: the writer tells of them.
        ("Сертралин и флуоксетин, как же я по ним скучала", "сертралин"),
    ],
)
def test_bare_names_with_the_writer_before_or_a_word_of_use_are_theirs(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        # Others' reports of a medicine: «отзывы о X», "reviews of X", "good things about X".
        "Начиталась хвалебных отзывов о донормиле.",
        "Насмотрелась отзывов про мелатонин.",
        "Lots of glowing reviews of melatonin on that forum.",
        "There are good things about zolpidem online.",
    ],
)
def test_reports_of_a_medicine_are_not_the_writers_use(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # The writer's own review tells of their use.
        ("Мой отзыв о донормиле: пью месяц, сплю отлично.", "доксиламин"),
        ("My review of melatonin: I take it nightly and sleep well.", "melatonin"),
        ("Пишу отзыв, потому что мелатонин мне помог.", "мелатонин"),
    ],
)
def test_the_writers_own_review_of_a_medicine_is_theirs(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        # A condition put to anyone, with no word of the writer's: a rule or advice.
        "Если грипп — тамифлю в первые двое суток.",
        "If it's strep, amoxicillin for ten days.",
        "В случае аллергии цетиризин на ночь.",
        "Если давление скачет, каптоприл под язык.",
    ],
)
def test_a_condition_put_to_anyone_is_no_use(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # The writer in the sentence makes the condition their own habit.
        ("Если болит голова, пью нурофен.", "ибупрофен"),
        ("If my back hurts I take Advil.", "ibuprofen"),
        ("Если болела голова, пила цитрамон.", "аспирин"),
        ("Если 3 мг мелатонина не помогут, буду просить донормил.", "мелатонин"),
        # A past event with a condition on it is no rule.
        ("От мелатонина была тяжёлая голова, если пить поздно.", "мелатонин"),
        # «как если» compares, it sets no condition.
        ("Мелатонин не помогает, это как если под дождём сушиться феном.", "мелатонин"),
    ],
)
def test_the_writers_own_condition_for_a_medicine_is_theirs(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # "either … or" and «или … или» offer alternatives one takes; only «ни»/"neither" deny.
        ("I take either Advil or Tylenol for cramps.", "ibuprofen"),
        ("Пью или нурофен, или парацетамол, смотря по боли.", "ибупрофен"),
        ("Принимаю либо мелатонин, либо донормил.", "мелатонин"),
    ],
)
def test_either_or_alternatives_are_still_taken(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # Quitting something else, then taking the drug: the drug is no object of the quitting.
        ("My doctor told me to stop worrying and take melatonin.", "melatonin"),
        ("Невролог посоветовал перестать нервничать и пить мелатонин.", "мелатонин"),
        ("The nurse said to quit coffee and start melatonin.", "melatonin"),
    ],
)
def test_advice_to_quit_something_else_leaves_the_drug_advised(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # A count of tablets in any case names the drug counted.
        ("Ну и 2 таблеточки феназепама, куда без них.", "феназепам"),
        ("С утра кофе и 5 таблеток метопролола.", "метопролол"),
        ("Нашла в сумке заначку в 10 таблеток аспирина.", "аспирин"),
    ],
)
def test_a_count_of_tablets_names_the_drug(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        # A count in a shop's listing or in the shorthand of advice is no use.
        "6 таблеток имодиума 240 рублей, цены бешеные.",
        "Аугментин 1 табл, лоперамид 2 табл сразу, если не пройдёт.",
    ],
)
def test_a_count_in_a_listing_or_advice_is_no_use(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # The perfective verbs of spraying and breathing a medicine in, said by the writer.
        ("Днём брызнула тизин в нос.", "ксилометазолин"),
        ("Пшикнула беродуал и легла.", "ипратропия бромид и фенотерол"),
        ("Прыскала гексорал в горло.", "гексэтидин"),
        ("Ночью дыхнула сальбутамолом.", "сальбутамол"),
        ("Скушал феназепам и уснул.", "феназепам"),
    ],
)
def test_spraying_and_eating_verbs_say_the_writer_takes_it(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    ("text", "name", "status"),
    [
        # A regimen's history told in stages without a verb of taking: the stages over are stopped, the present on.
        ("Сначала был мелатонин, потом донормил, теперь только глицин.", "мелатонин", "stopped"),
        ("Сначала был мелатонин, потом донормил, теперь только глицин.", "глицин", "active"),
        ("Раньше был эналаприл. Сейчас лизиноприл.", "лизиноприл", "active"),
        ("До этого был амитриптилин.", "амитриптилин", "stopped"),
        ("Теперь сертралин и мелатонин.", "сертралин", "active"),
    ],
)
def test_a_regimen_told_in_stages_is_the_writers(text: str, name: str, status: str) -> None:
    statuses = {(m.attributes.get("name_normalized"), m.attributes.get("status")) for m in _medications(text)}
    assert (name, status) in statuses


@pytest.mark.parametrize(
    "text",
    [
        # A stage word with more in its clause than the drug is no stage of a regimen.
        "Сейчас парацетамол подешевел в аптеках.",
        "Теперь ибупрофен продают без рецепта.",
    ],
)
def test_a_stage_word_before_news_of_a_drug_is_no_regimen(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    "text",
    [
        # A likeness with «как»: the drug is what something is compared to.
        "Я их всех успокою, как валериана.",
        "Всё время пью кофе, как мелатонин на ночь.",
        # «о X» names a topic.
        "Всю ночь пила вино и пела песни о феназепаме.",
        "У меня сегодня настроение о флуоксетине поговорить.",
    ],
)
def test_a_drug_in_a_likeness_or_as_a_topic_is_no_use(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # «как» of an example or opening a clause with its own verb; «забыла о X», a dose forgotten.
        ("Пью антидепрессанты, такие как сертралин, уже год.", "сертралин"),
        ("Посмотрим, как мелатонин сработает, выпила две таблетки.", "мелатонин"),
        ("Вчера опять забыла о сальбутамоле и задыхалась на пробежке.", "сальбутамол"),
        ("Мой отзыв о донормиле: пью месяц, сплю отлично.", "доксиламин"),
    ],
)
def test_an_example_a_clause_or_a_forgotten_dose_is_still_a_use(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        # A drug defined by its class, with no use of the writer's: a leaflet's or a lecture's definition.
        "Ламотриджин - противоэпилептический препарат, запомните.",
        "Метформин — препарат, используемый при диабете второго типа.",
        "Кстати, сертралин - это рецептурное лекарство.",
    ],
)
def test_a_drug_defined_by_its_class_is_no_use(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # A verdict is said from use; the writer's own use in the sentence or the message makes the drug theirs.
        ("Анаферон — слабый препарат, не помог.", "анаферон"),
        ("Симбикорт - это гормональный препарат, я принимаю 2 дозы в день.", "будесонид"),
        ("Циклоферон — иммуномодулирующее средство. Принимаю по две таблетки осенью.", "меглюмина акридонацетат"),
    ],
)
def test_a_verdict_or_the_writers_use_beside_a_class_is_theirs(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # The stages open after a reply's handle; the steps of an instruction are no stages.
        ("@anna Сейчас только мелатонин и глицин.", {"мелатонин", "глицин"}),
        ("Сначала ношпу, потом нурофен.", set()),
    ],
)
def test_regimen_stages_after_a_handle_and_not_in_an_instruction(text: str, names: set[str]) -> None:
    assert _names(text) == names


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # Under a drug's effect, said by the writer in the sentence.
        ("Могу выступать перед людьми только под феназепамом.", "феназепам"),
        ("Общаться с роднёй могу только под ксанаксом.", "алпразолам"),
        ("Работаю только под флуоксетином, иначе никак.", "флуоксетин"),
    ],
)
def test_under_a_drug_said_by_the_writer_is_theirs(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        # Under a drug, said of someone else or of no one.
        "Лил Пип крутится в гробу под ксанаксом.",
        "Есть у меня товарищ. Недавно уснул в лифте под баклофеном.",
    ],
)
def test_under_a_drug_said_of_others_is_no_use(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    "text",
    [
        # A capital on a word English knows makes no medicine's name: a chapter, a drink, a character.
        "I'm still on Chapter 4 of my thesis and my back hurts.",
        "After dinner I took a sip of Bourbon for my nerves.",
        "I took the Wizard of the Coast deck for a spin and got a headache.",
    ],
)
def test_a_capitalised_english_word_is_no_unknown_drug(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I'm on Zorbex 20 mg for my back.", "zorbex"),
        ("I took Quintravel last night for the pain.", "quintravel"),
        # Its dose right after it makes even a word English knows a product's name.
        ("Every night I use Glycerin 2 grams for constipation.", "glycerin"),
    ],
)
def test_an_unknown_drug_name_still_counts(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        "I offered her some ibuprofen for the cramps.",
        "I handed him two Advil before the game.",
        "I gave a few Xanax to a coworker last year.",
        "I wrote her a prescription for sertraline.",
        "I started him on lisinopril last week.",
        "I'm prescribing dexamethasone for the worst cases.",
        "I sold my Adderall at school.",
    ],
)
def test_a_drug_the_writer_gives_sells_or_prescribes_is_not_theirs(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My doctor gave me some Tylenol for the fever.", "paracetamol"),
        ("I was prescribed sertraline last month.", "sertraline"),
        ("The nurse handed me two Advil.", "ibuprofen"),
        ("She started me on lisinopril in May.", "lisinopril"),
    ],
)
def test_a_drug_given_to_the_writer_is_theirs(text: str, name: str) -> None:
    assert name in _names(text)


def test_none_of_a_drug_is_no_use() -> None:
    assert _medications("I have diabetes and I take 0 insulin right now.") == []
    assert _names("My taper, week 4: Zoloft 0, Wellbutrin 150 mg daily.") == {"bupropion"}
    assert "insulin" in _names("I take 10 units of insulin at night.")
    assert "insulin" in _names("I take 20 units of insulin every morning.")
    assert "sertraline" in _names("Zoloft 50 mg daily keeps me level.")


def test_a_planned_use_is_no_use() -> None:
    assert _medications("I plan on cleaning the flat, calling mum and taking a handful of Ambien.") == []
    assert _medications("I'm planning to finish work, have dinner and take some Xanax.") == []
    assert "zolpidem" in _names("I take Ambien every night and plan on sleeping in tomorrow.")
    assert "zolpidem" in _names("I took Ambien last night, and I plan to call my doctor.")
    assert "alprazolam" in _names("I'm on Xanax and I plan to keep going to therapy.")


@pytest.mark.parametrize(
    "text",
    [
        # A report of research or of a regulator, where the writer never speaks of themselves.
        "Oral semaglutide shows promise in a new trial.",
        "Daily aspirin no longer recommended for older adults.",
        "Researchers found that metformin slowed aging in mice.",
    ],
)
def test_a_drug_in_a_headline_is_no_ones(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # A review leaves out its subject: the writer's.
        ("Took metformin for a year, worked fine.", "metformin"),
        ("Been on Lexapro 10 mg since June.", "escitalopram"),
        ("Lexapro works great for me.", "escitalopram"),
    ],
)
def test_a_review_without_i_is_still_the_writers(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    "text",
    [
        # A clinician's message: the drug is a patient's.
        "I had a patient yesterday who was on warfarin and bled.",
        "Most of my patients do well on metformin.",
        "How many units of insulin should I give patients with DKA?",
        # The listener's experience asked for.
        "Tell me about your switch from Zoloft to Lexapro.",
        "Please share your experiences tapering off Paxil.",
    ],
)
def test_a_patients_or_the_listeners_drug_is_not_the_writers(text: str) -> None:
    assert _medications(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My patients often ask, but I take metformin myself.", "metformin"),
        ("I'm a patient with lupus and Plaquenil keeps me going.", "hydroxychloroquine"),
        ("Be patient, Lexapro took a month to help me.", "escitalopram"),
        ("I switched from Zoloft to Lexapro in May.", "escitalopram"),
        ("Thanks for your advice, I started Lexapro today.", "escitalopram"),
    ],
)
def test_the_writers_own_drug_beside_patients_or_the_listener(text: str, name: str) -> None:
    assert name in _names(text)
