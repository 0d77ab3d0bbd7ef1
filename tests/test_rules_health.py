"""Health rules on phrasings from issue 12: names no list knows, dates, stops and the precision guards.

Every row is a phrasing pattern with a drug or condition from a reference list (or an invented name, to
prove the grammar and not the list does the work); none of them appears in the shared scenarios.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from models.sections import get_section
from tasks.extractors import Message
from tasks.extractors.rules import UNVERIFIED_CONFIDENCE, classify, extract
from tasks.language import dates, lexicon, morphology

SAID = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def _events(text: str) -> list[Any]:
    messages = [Message(role="user", content=text, ts=SAID)]
    return [e for section in classify(messages) for e in extract(messages, section)]


def _medications(text: str) -> list[Any]:
    return [e for e in _events(text) if e.section == "medications"]


MEDICATIONS = [
    # Russian verbs of taking, every case the object may be in; unknown names kept as said.
    ("Пропила курс Кагоцела, не помогло", "negate", {"name_normalized": "кагоцел", "status": "stopped"}),
    ("Колю Клексан в живот", "assert", {"name_normalized": "эноксапарин", "status": "active"}),
    ("Мажу Зудостопом руки на ночь", "assert", {"name_normalized": "зудостоп", "verified": False}),
    ("Капаю Офтальмофил в оба глаза", "assert", {"name_normalized": "офтальмофил", "verified": False}),
    ("Пью таблетки Ингавирин третий день", "assert", {"name_raw": "Ингавирин", "name_normalized": "витаглутам"}),
    ("Принимаю Афобазолом не лечусь, а вот Персен пью", "assert", {"name_normalized": "персен"}),
    ("Врач назначил Мексидол уколами", "assert", {"name_normalized": "этилметилгидроксипиридина сукцинат"}),
    ("Перестала пить Новопассит месяц назад", "negate", {"status": "stopped", "stopped": "2026-02"}),
    # English phrasings.
    ("I'm on Zorbexitol for my back", "assert", {"name_raw": "Zorbexitol", "verified": False}),
    ("I've been on Lexapro for two years", "assert", {"name_normalized": "escitalopram", "status": "active"}),
    ("I came off Xyzal last month", "negate", {"name_normalized": "levocetirizine", "stopped": "2026-02"}),
    ("I started Brintellix in September", "assert", {"name_normalized": "vortioxetine", "started": "2025-09"}),
    ("Effexor XR 75 every morning", "assert", {"name_raw": "Effexor XR", "dosage": "75"}),
    ("I'm on 150 of Effexor now", "assert", {"name_normalized": "venlafaxine", "dosage": "150"}),
    ("taking 20 of my Lexapro at night", "assert", {"name_normalized": "escitalopram", "dosage": "20"}),
    ("I was up to 300 of Wellbutrin", "assert", {"name_normalized": "bupropion", "dosage": "300"}),
    ("Quit Chantix after a week", "negate", {"name_normalized": "varenicline", "status": "stopped"}),
    # what it is taken for, said with «при» as with «от»
    ("Пью по 2 таблетки Нурофена при мигрени", "assert", {"name_normalized": "ибупрофен", "indication": "мигрень"}),
    ("Принимаю Но-шпу при болях в животе", "assert", {"indication": "боль в животе"}),
    ("Пью Нурофен при температуре", "assert", {"indication": "температура"}),
    # given up with no object, being off a drug, a trial told as over
    ("Пила Новопассит, потом бросила", "negate", {"name_normalized": "новопассит", "status": "stopped"}),
    ("Мазала Зудостопом неделю и бросила.", "negate", {"name_normalized": "зудостоп", "status": "stopped"}),
    ("Been off Cymbalta for 3 weeks now", "negate", {"name_normalized": "duloxetine", "status": "stopped"}),
    ("I'm completely off Ativan since May", "negate", {"name_normalized": "lorazepam", "status": "stopped"}),
    ("I am off Zorbexitol now", "negate", {"name_normalized": "zorbexitol", "status": "stopped"}),
    (
        "I tried Zoloft for a month but it made me numb",
        "negate",
        {"name_normalized": "sertraline", "status": "stopped"},
    ),
    ("tried Lyrica for about two weeks", "negate", {"name_normalized": "pregabalin", "status": "stopped"}),
    ("My doctor and I tried Paxil for 6 months", "negate", {"name_normalized": "paroxetine", "status": "stopped"}),
    # not a stop: quitting a habit, being off somewhere, a trial that goes on
    ("Бросила курить, пью Новопассит", "assert", {"name_normalized": "новопассит", "status": "active"}),
    ("I'm off to the pharmacy for my Lexapro", "assert", {"name_normalized": "escitalopram", "status": "active"}),
    (
        "I've been off work for weeks but Lexapro helps",
        "assert",
        {"name_normalized": "escitalopram", "status": "active"},
    ),
    (
        "I've tried Zoloft for a month and it is working",
        "assert",
        {"name_normalized": "sertraline", "status": "active"},
    ),
    ("Dr. put me on Trulicity", "assert", {"name_normalized": "dulaglutide"}),
    ("I got a prescription for Xofluza", "assert", {"name_normalized": "baloxavir marboxil"}),
    ("Купила Ингавирин в аптеке", "assert", {"name_normalized": "витаглутам"}),
    ("Нам выписали Энцефабол в комплексе с Киндинормом", "assert", {"name_normalized": "киндинорм"}),
    ("Энцефабол нам был назначен неврологом", "assert", {"name_normalized": "пиритинол", "status": "prescribed"}),
    # The same passive with a made-up name: the grammar, not the list, finds it.
    ("Зорбифлекс нам был назначен неврологом", "assert", {"name_normalized": "зорбифлекс", "status": "prescribed"}),
    ("Проставили 10 уколов по 8 мг Кортексин", "assert", {"name_normalized": "кортексин", "dosage": "8 мг"}),
    # An unlisted name in a list after a listed one ("цитовир" is listed now; "вирумакс" is made up).
    ("Пили кагоцел, вирумакс и ничего не помогло", "assert", {"name_normalized": "вирумакс", "verified": False}),
    ("Пили кагоцел, цитовир и ничего не помогло", "assert", {"name_normalized": "цитовир"}),
]


@pytest.mark.parametrize(("text", "action", "attrs"), MEDICATIONS)
def test_medication_phrasings(text: str, action: str, attrs: dict[str, Any]) -> None:
    found = _medications(text)
    assert any(e.action == action and all(e.attributes.get(k) == v for k, v in attrs.items()) for e in found), [
        (e.action, e.attributes) for e in found
    ]
    for event in found:
        get_section("medications").validate(event.attributes)
        assert event.evidence  # every fact keeps the sentence it came from


@pytest.mark.parametrize("text", ["one of my meds is Zoloft", "after 3 weeks of Zoloft I sleep better"])
def test_no_unitless_dose_from_a_count_or_a_duration_before_the_drug(text: str) -> None:
    assert [e.attributes.get("dosage") for e in _medications(text)] == [None]


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        ("I switched from Zoloft to Wellbutrin", "sertraline", "bupropion"),
        ("My doctor switched me from lisinopril to losartan last week", "lisinopril", "losartan"),
        ("Doc moved me over from Zoloft to Lexapro", "sertraline", "escitalopram"),
        ("Врач перевел меня с эналаприла на лозартан", "эналаприл", "лозартан"),
    ],
)
def test_switching_stops_one_drug_and_starts_the_other(text: str, old: str, new: str) -> None:
    found = {e.attributes["name_normalized"]: e for e in _medications(text)}
    assert found[old].action == "negate" and found[old].attributes["status"] == "stopped"
    assert found[new].action == "assert" and found[new].attributes["status"] == "active"


def test_someone_else_switched_is_not_the_writers_switch() -> None:
    assert _medications("They switched my mom from Zoloft to Lexapro") == []


def test_an_unknown_name_is_trusted_less() -> None:
    (event,) = _medications("Принимаю Ксилофорин по утрам")
    assert event.attributes["verified"] is False
    assert event.confidence == UNVERIFIED_CONFIDENCE


NOT_MEDICATIONS = [
    "Принимаю душ каждое утро",  # an ordinary object of "принимать"
    "Пью чай с молоком",  # a drink
    "Пью витаминки",  # a generic word
    "Я принимаю таблетки от давления",  # no name said
    "I'm on vacation next week",
    "I'm on it",
    "I take them every day",
    "Should I try melatonin?",  # a question
    "Хочу попробовать Афобазол",  # a wish
    "Если бы я пил Кагоцел, не заболел бы",  # a hypothetical
    "Мама пьет Нурофен",  # someone else's
    "She is on Prozac now",
    "My wife takes Zolpidem at night",  # someone else's, though said with "my"
    "Подруга пьет Афобазол и хвалит",
    "Купила маме Кагоцел",
    "Ребенку назначили Энцефабол",
    "I got Covid last year",
    "Принимаю по 2 таблетки",  # a dosage, no name
]


@pytest.mark.parametrize("text", NOT_MEDICATIONS)
def test_not_a_medication_of_the_user(text: str) -> None:
    assert _medications(text) == []


def test_a_denial_is_a_negation_without_a_stop() -> None:
    (event,) = _medications("Не принимаю аспирин")
    assert event.action == "negate"
    assert "status" not in event.attributes  # reconcile keeps nothing for a drug never on file


CONDITIONS = [
    ("У меня опять обострился гастродуоденит", "chronic_conditions", {"name_normalized": "гастродуоденит"}),
    ("Гастроэнтеролог сказал, что у меня синдром раздраженного кишечника", "chronic_conditions", {}),
    ("Поставили диагноз атопическим дерматитом", "chronic_conditions", {"name_normalized": "атопический дерматит"}),
    ("Болею бронхитом уже неделю", "diagnoses", {"name_normalized": "бронхит"}),
    ("Страдаю псориазом с детства", "chronic_conditions", {"name_normalized": "псориаз"}),
    ("I suffer from bi-polar", "chronic_conditions", {"name_normalized": "bipolar disorder"}),
    ("I'm epileptic", "chronic_conditions", {"name_normalized": "epilepsy"}),
    ("Я астматик", "chronic_conditions", {"name_normalized": "астма"}),
    (
        "I was diagnosed with Meniere's disease",
        "diagnoses",
        {"name_normalized": "meniere's disease", "verified": False},
    ),
    ("I live with ulcerative colitis", "chronic_conditions", {"name_normalized": "ulcerative colitis"}),
    ("I caught a cold last week", "diagnoses", {"name_normalized": "cold"}),
    ("Простыла, насморк и кашель", "diagnoses", {"name_normalized": "простуда"}),
    ("Маме поставили диагноз рассеянный склероз", "family_history", {"relative": "мать"}),
    ("My dad was diagnosed with Paget's disease", "family_history", {"relative": "father", "verified": False}),
]


@pytest.mark.parametrize(("text", "section", "attrs"), CONDITIONS)
def test_condition_phrasings(text: str, section: str, attrs: dict[str, Any]) -> None:
    found = [e for e in _events(text) if e.section == section]
    assert any(all(e.attributes.get(k) == v for k, v in attrs.items()) for e in found), [
        (e.section, e.attributes) for e in _events(text)
    ]
    for event in found:
        get_section(section).validate(event.attributes)


@pytest.mark.parametrize(
    "text",
    [
        "I'm ecstatic about it",
        "Если бы у меня был диабет, я бы знала",
        "I have a dog",
        "i live with my really tall collie in a house",  # "live with" + a name the list does not know
        "i usually have a cold beer afterwards",  # "a cold" that is not an illness
        "Хочу провериться, вдруг у меня тиреоидит",  # a wish
    ],
)
def test_not_a_condition(text: str) -> None:
    sections = {e.section for e in _events(text)}
    assert not sections & {"chronic_conditions", "diagnoses", "family_history"}


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("месяц назад", "2026-02"),
        ("last week", "2026-02-22"),
        ("в 2015 году", "2015"),
        ("in September", "2025-09"),
        ("в прошлом году", "2025"),
        ("вчера", "2026-02-28"),
        ("3 weeks ago", "2026-02-08"),
        ("в марте 2020 года", "2020-03"),
        ("в детстве", None),  # no calendar time: the phrase is kept as said by the caller
        ("в 2031 году", None),  # the future is not when something happened
    ],
)
def test_dates_resolve_to_valid_times(phrase: str, expected: str | None) -> None:
    assert dates.resolve(phrase, SAID) == expected


@pytest.mark.parametrize(
    ("word", "lemma"),
    [("Нурофеном", "нурофен"), ("Ксилоформ", "ксилоформ"), ("кагоцела", "кагоцел"), ("таблетками", "таблетка")],
)
def test_any_case_reduces_to_the_lemma(word: str, lemma: str) -> None:
    assert morphology.noun_lemma(word) == lemma


def test_without_a_timestamp_only_a_year_names_a_calendar_time() -> None:
    assert dates.resolve("в прошлом году", None) is None  # the rules keep the phrase as said
    assert dates.resolve("в 2015 году", None) == "2015"


def test_an_event_date_is_a_calendar_time_when_the_message_has_one() -> None:
    (event,) = [e for e in _events("В прошлом году мне удалили желчный пузырь") if e.section == "surgeries"]
    assert event.attributes["date"] == "2025"


@pytest.mark.parametrize(
    "text",
    [
        "Заболела свекровь, пришлось ухаживать",  # a person after "заболела", not an illness
        "Заболела вся семья",
        "Ребенок болел гриппом всю неделю",  # someone else's illness
        "My husband suffers from gout",
        "В инструкции указаны побочные эффекты: тошнота, рвота, изжога",  # a leaflet, not the user
    ],
)
def test_no_condition_or_symptom_from_people_or_leaflets(text: str) -> None:
    sections = {e.section for e in _events(text)}
    assert not sections & {"chronic_conditions", "diagnoses", "symptoms"}


def test_what_a_drug_did_to_the_user_is_a_symptom() -> None:
    names = {e.attributes["name_normalized"] for e in _events("Вторая таблетка вызвала тошноту и сухость во рту")}
    assert {"тошнота", "сухость во рту"} <= names


def test_spelling_variants_are_one_name() -> None:
    assert lexicon.conditions().lookup("bi-polar") == lexicon.conditions().lookup("bipolar")
    assert lexicon.canonical_name("medications", "Новопасситом") == lexicon.canonical_name("medications", "ново-пассит")
    (event,) = [e for e in _events("У отца был инфаркт в 60 лет") if e.section == "family_history"]
    assert event.attributes["relative"] == "отец"


def test_morphology_reads_characters_unicode_names_nothing() -> None:
    # pymorphy3 raised ValueError on letters unicodedata has no name for (a Tangut ideograph, U+17000).
    assert morphology.parses("\U00017000")
    assert morphology.lemmas("x\U00017000y")


# Pregnancy and breastfeeding decide which medicines are safe: the writer's present state only.
PREGNANCY = [
    ("I'm 14 weeks pregnant and my back hurts", "assert", "pregnant"),
    ("i am currently pregnant with my second", "assert", "pregnant"),
    ("I'm in my second trimester now", "assert", "pregnant"),
    ("Я на 9 неделе беременности", "assert", "pregnant"),
    ("Я сейчас беременна, токсикоз замучил", "assert", "pregnant"),
    ("Я в положении, третий месяц", "assert", "pregnant"),
    ("I'm exclusively breastfeeding my newborn", "assert", "breastfeeding"),
    ("I breastfeed our daughter at night", "assert", "breastfeeding"),
    ("Кормлю сына грудью уже полгода", "assert", "breastfeeding"),
    ("Я сейчас на ГВ, малышу два месяца", "assert", "breastfeeding"),
    ("We had the baby in May and I'm breastfeeding now", "assert", "breastfeeding"),
    ("I'm not pregnant anymore", "negate", "pregnant"),
    ("Я недавно родила дочку", "negate", "pregnant"),
    ("I stopped breastfeeding in March", "negate", "breastfeeding"),
    ("Я уже не кормлю грудью", "negate", "breastfeeding"),
]


@pytest.mark.parametrize(("text", "action", "value"), PREGNANCY)
def test_pregnancy_and_breastfeeding_are_one_slot(text: str, action: str, value: str) -> None:
    (event,) = [e for e in _events(text) if e.slot == "pregnancy"]
    assert (event.section, event.action, event.attributes) == ("demographics", action, {"value": value})
    get_section("demographics").validate(event.attributes, "pregnancy")


@pytest.mark.parametrize(
    "text",
    [
        "My wife is pregnant with twins",
        "Моя сестра беременна",
        "When I was pregnant I craved lemons",
        "Когда я была беременна, давление скакало",
        "If I'm pregnant, can I still take it?",
        "Хочу забеременеть в следующем году",
        "Is it safe to take while breastfeeding?",
        "Можно ли это кормящим?",
        "I'm nursing a cold this week",
        "I'm expecting a parcel today",
    ],
)
def test_no_pregnancy_from_others_the_past_or_a_question(text: str) -> None:
    assert not [e for e in _events(text) if e.slot == "pregnancy"]


# A statement set in the writer's past from its first words tells what held then, not now.
@pytest.mark.parametrize(
    ("text", "section", "status"),
    [
        ("As a child I took Ritalin every morning", "medications", "stopped"),
        ("В детстве пила рыбий жир ложками", "medications", "stopped"),
        ("When I was pregnant I had terrible heartburn", "symptoms", "resolved"),
        ("Когда я была маленькой, у меня была астма", "chronic_conditions", "resolved"),
        ("When I was a kid I had asthma and I still use an inhaler", "chronic_conditions", None),
        ("Когда я была маленькой, у меня была астма, и сейчас бывают приступы", "chronic_conditions", None),
    ],
)
def test_a_statement_set_in_the_past_keeps_its_facts_as_ended(text: str, section: str, status: str | None) -> None:
    (event,) = [e for e in _events(text) if e.section == section]
    assert event.attributes.get("status") == status


@pytest.mark.parametrize(
    "text",
    ["When I was younger I loved soccer", "Growing up I lived in Ohio", "В детстве обожала манную кашу"],
)
def test_likes_and_homes_of_the_past_are_not_the_present(text: str) -> None:
    assert not [e for e in _events(text) if e.section in ("preferences", "profile")]


def test_an_allergy_said_of_the_past_is_kept_as_said() -> None:
    (event,) = [e for e in _events("As a kid I was allergic to penicillin") if e.section == "allergies"]
    assert event.attributes["name_normalized"] == "penicillin" and "status" not in event.attributes


@pytest.mark.parametrize(
    ("text", "allergen"),
    [
        ("I have a penicillin allergy", "penicillin"),
        ("bad peanut allergies here", "peanuts"),
        ("my lactose intolerance is worse in summer", "lactose"),
        # the remedy named before "for allergies" is taken, not an allergen
        ("I take Zyrtec for allergies", None),
        ("Claritin for seasonal allergies works", None),
    ],
)
def test_an_allergen_is_the_word_right_before_the_word_allergy(text: str, allergen: str | None) -> None:
    found = [e.attributes["name_normalized"] for e in _events(text) if e.section == "allergies"]
    assert found == ([allergen] if allergen else [])
    if allergen is None:
        assert _medications(text)


def _allergens(text: str) -> list[tuple[str, str, str]]:
    return [
        (e.attributes["name_normalized"], e.attributes["kind"], e.action)
        for e in _events(text)
        if e.section == "allergies"
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the standard allergen classes: labelling-law foods, pollens by plant, patch-test series, drug classes
        ("I'm allergic to hazelnuts", [("hazelnuts", "food", "assert")]),
        (
            "turns out I'm allergic to nickel and fragrance",
            [("nickel", "other", "assert"), ("fragrance", "other", "assert")],
        ),
        (
            "У меня аллергия на ольху и полынь",
            [("ольха", "environmental", "assert"), ("полынь", "environmental", "assert")],
        ),
        ("I am allergic to cephalosporins", [("cephalosporins", "drug", "assert")]),
        (
            "Allergic to mugwort and hornets",
            [("mugwort", "environmental", "assert"), ("hornets", "environmental", "assert")],
        ),
        # a listed head with its modifiers
        ("I'm allergic to raw carrots", [("carrots", "food", "assert")]),
        # the subject is the writer, or nobody in the clause, or a preposition's object names none
        ("not really, allergic to horses", [("horses", "environmental", "assert")]),
        ("My daughter and I are allergic to rabbits", [("rabbits", "environmental", "assert")]),
        ("After an allergic reaction to pecans I carry an epipen", [("pecans", "food", "assert")]),
        ("I'm no longer allergic to eggs", [("eggs", "food", "negate")]),
        # another subject, a generic "you", a thing
        ("My nephew is allergic to sesame", []),
        ("You eat bread all day but are allergic to wheat", []),
        ("Vampires are allergic to garlic", []),
        ("My printer is allergic to Mondays", []),
        ("Some people who are allergic to soy avoid tofu", []),
        # wondering, wishing, denying, pretending
        ("I wonder if I'm allergic to mango", []),
        ("I wish I was allergic to homework", []),
        ("It's not that I'm allergic to oats, I just hate them", []),
        ("I told everyone I was allergic to cats, but I lied", [("cats", "environmental", "assert")]),
        ("I lied that I was allergic to celery", []),
        # "X allergy": whose must be said
        ("I've never met anyone with a sesame allergy", []),
        ("bad soy allergy here", [("soy", "food", "assert")]),
    ],
)
def test_an_allergy_is_the_writers_and_said_as_a_fact(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _allergens(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an unlisted concrete noun is kept when the sentence speaks of the body or of medicine
        ("I'm allergic to coriander, my eyes swell shut", [("coriander", "other", "assert")]),
        ("My allergist says I'm allergic to coriander", [("coriander", "other", "assert")]),
        ("I had an allergic reaction to laundry detergent", [("laundry detergent", "other", "assert")]),
        # where a title runs into a post, the item ends at the capital
        ("I'm allergic to coriander Every time I drink it my throat itches", [("coriander", "other", "assert")]),
        # no word of the body: a figure of speech as often as not
        ("I'm allergic to vinegar", []),
        # people, abstract nouns, times of day, names, generic words: never an allergen
        ("sneeze, sorry, I'm allergic to laziness", []),
        ("I'm allergic to mornings, they give me a headache", []),
        ("My doctor says I'm allergic to grandmothers", []),
        ("I'm allergic to Ohio, my nose runs", []),
        ("The doctor thinks I'm allergic to something I ate", []),
    ],
)
def test_an_unlisted_allergen_needs_a_concrete_noun_and_a_word_of_the_body(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    assert _allergens(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "У дочки аллергия на клубнику.",
        "Моя свекровь не переносит аспирин",
        "my brother is allergic to shellfish",
        "she's lactose intolerant, so we skip dessert",
        "Are you allergic to latex? You're allergic to so much",
        "Our neighbour has a bad pollen allergy",
    ],
)
def test_another_persons_allergy_is_not_the_writers(text: str) -> None:
    assert not [e for e in _events(text) if e.section == "allergies"]


@pytest.mark.parametrize(
    ("text", "allergen"),
    [
        ("Аллергия на амоксициллин.", "амоксициллин"),
        ("У меня, как и у брата, аллергия на мед", "мед"),
        ("my husband is fine, but i'm allergic to penicillin", "penicillin"),
        ("Since my son is allergic to cats, and I am allergic to pollen", "pollen"),
    ],
)
def test_the_writers_allergy_beside_anothers_is_kept(text: str, allergen: str) -> None:
    found = [e.attributes["name_normalized"] for e in _events(text) if e.section == "allergies"]
    assert found == [allergen]


@pytest.mark.parametrize(
    "text", ["Personally I'm allergic to it", "Turns out I'm allergic to them", "У меня аллергия на это"]
)
def test_a_pronoun_is_never_an_allergen(text: str) -> None:
    assert not [e for e in _events(text) if e.section == "allergies"]


@pytest.mark.parametrize(
    ("text", "unsure"),
    [
        ("I don't know my family history", True),
        ("Не знаю, болел ли кто-то в семье диабетом", True),
        ("I don't know where he read that, but his whole family is fine", False),
        ("My family is worried and we don't know if we can risk it", False),
    ],
)
def test_not_knowing_is_about_the_family_only_when_the_family_follows_the_doubt(text: str, unsure: bool) -> None:
    said = [e for e in _events(text) if e.section == "family_history" and e.action == "unsure"]
    assert bool(said) is unsure


# Events and habits are the writer's own and said as such: grammar, not any word near "out" or "run", decides.
WRITER_EVENTS = [
    # a removal names a part of the body or a growth, in either language
    ("I had my gallbladder out in 2019", "surgeries", {"name_normalized": "gallbladder removal", "date": "2019"}),
    ("Got all four of my wisdom teeth removed last week", "surgeries", {"name_normalized": "wisdom tooth removal"}),
    ("There was a cyst on my wrist and I had it removed", "surgeries", {"name_normalized": "cyst removal"}),
    ("Мне удалили аппендицит в детстве", "surgeries", {"name_normalized": "удаление аппендикса"}),
    ("В 2018 вырезали кисту яичника", "surgeries", {"name_normalized": "удаление кисты"}),
    ("Had a hysterectomy two years ago", "surgeries", {"name_normalized": "hysterectomy"}),
    # an injury to a part of the writer's body
    ("I broke my wrist skiing last winter", "injuries", {"name_normalized": "broken wrist"}),
    ("Slipped on the ice and cracked two ribs", "injuries", {"name_normalized": "cracked rib"}),
    ("A tackle tore my left ACL", "injuries", {"name_normalized": "torn acl"}),
    ("I got a mild concussion at hockey practice", "injuries", {"name_normalized": "concussion"}),
    ("У меня перелом ключицы", "injuries", {"name_normalized": "перелом ключицы"}),
    # a vaccine the writer received
    ("I got my flu shot yesterday", "vaccinations", {"name_normalized": "flu"}),
    ("I've had both covid shots", "vaccinations", {"name_normalized": "covid-19"}),
    ("My boss made me get vaccinated against typhoid", "vaccinations", {"name_normalized": "typhoid"}),
    ("Я привилась от клещевого энцефалита", "vaccinations", {}),
]


@pytest.mark.parametrize(("text", "section", "attributes"), WRITER_EVENTS)
def test_the_writers_own_events(text: str, section: str, attributes: dict[str, Any]) -> None:
    (event,) = [e for e in _events(text) if e.section == section]
    assert event.attributes.items() >= attributes.items()


@pytest.mark.parametrize(
    ("text", "section"),
    [
        # "had/got X out" with no part of the body, «убрали» of anything
        ("We just got done working out at the park", "surgeries"),
        ("I had a falling out with my cousin", "surgeries"),
        ("Got kicked out of the bar last night", "surgeries"),
        ("I had the rash checked out", "surgeries"),
        ("В магазине убрали с полок весь шоколад", "surgeries"),
        ("Из меню убрали десерты", "surgeries"),
        # someone else's operation
        ("My dad just had heart surgery", "surgeries"),
        ("Сестре удалили гланды", "surgeries"),
        # broken things, figures of speech, another's injury, a topic
        ("I broke my phone screen again", "injuries"),
        ("That movie broke my heart", "injuries"),
        ("My brother broke his ankle", "injuries"),
        ("Статья о лечении переломов запястья", "injuries"),
        ("I can never spell concussion right", "injuries"),
        # a vaccine in a headline, someone else's, or a worry
        ("Measles vaccine rates fall in several states", "vaccinations"),
        ("I finally convinced my grandma to get a shingles shot", "vaccinations"),
        ("I'm nervous about getting the covid vaccine", "vaccinations"),
        ("Вакцину от гриппа обновляют каждый год", "vaccinations"),
    ],
)
def test_no_event_of_things_others_or_topics(text: str, section: str) -> None:
    assert not [e for e in _events(text) if e.section == section]


HABITS = [
    ("I run 3 miles before work", "exercise", "I run 3 miles before work"),
    ("i run daily with my dog", "exercise", "i run daily with my dog"),
    ("I lift weights on weekends", "exercise", "I lift weights on weekends"),
    ("I sleep about 6 hours a night", "sleep", "I sleep about 6 hours"),
    ("I usually get 7 hours of sleep", "sleep", "I usually get 7 hours of sleep"),
    ("Сплю часов 6, не больше", "sleep", "Сплю часов 6"),
    ("I drink a glass of wine with dinner", "alcohol", "I drink a glass of wine with dinner"),
    ("I quit drinking in 2020", "alcohol", "I quit drinking"),
    ("I've been sober for a year", "alcohol", "I've been sober"),
    ("I used to smoke in college", "smoking", "I used to smoke"),
    ("As a former smoker I worry about my lungs", "smoking", "a former smoker"),
]


@pytest.mark.parametrize(("text", "slot", "value"), HABITS)
def test_habits_said_of_the_writer(text: str, slot: str, value: str) -> None:
    (event,) = [e for e in _events(text) if e.slot == slot]
    assert (event.section, event.attributes) == ("lifestyle", {"value": value})


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I run a small bakery downtown", "exercise"),  # a business run
        ("i run my own consulting firm", "exercise"),
        ("I run out of patience fast", "exercise"),  # a particle makes another verb
        ("I run away from wasps", "exercise"),
        ("I run on three hours of sleep", "exercise"),
        ("When I lift boxes my back hurts", "exercise"),
        ("If I run I get shin splints", "exercise"),
        ("I stopped drinking so much soda", "alcohol"),  # another drink
        ("When I'm sober I can't sleep", "alcohol"),  # a state under "when" tells the opposite
        ("Heart disease risk is lower in non-smokers", "smoking"),  # a headline
        ("Жидкость для вейпа подорожала", "smoking"),
    ],
)
def test_no_habit_from_other_verbs_or_suppositions(text: str, slot: str) -> None:
    assert not [e for e in _events(text) if e.slot == slot]


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("I'm a 34 year old woman", "sex", "female"),
        ("I'm a 27yo guy", "sex", "male"),
        ("i am 5 feet and 9 inches", "height_cm", 175),
    ],
)
def test_body_data_said_with_age_or_inches(text: str, slot: str, value: object) -> None:
    (event,) = [e for e in _events(text) if e.slot == slot]
    assert event.attributes == {"value": value}


# Russian injuries: a verb of damage in the past, by its lemma, with a part of the body as its object in any form.
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Прошлой зимой порвала связки на колене", "разрыв связок колена"),
        ("Катался на сноуборде и сломал себе ключицу", "перелом ключицы"),
        ("Вывихнул плечо на тренировке по борьбе", "вывих плеча"),
        ("Растянула связки голеностопа, когда бежала за автобусом", "растяжение связок голеностопа"),
        ("Потянул спину, пока таскал мешки с цементом", "растяжение спины"),
        ("Ушибла колено о край стола", "ушиб колена"),
        ("Отбил копчик, поскользнувшись на льду", "ушиб копчика"),
        ("Хулиган в подъезде сломал мне нос", "перелом носа"),
        ("Недавно сломала два ребра", "перелом ребра"),
        ("Повредил мениск на левом колене", "травма мениска колена"),
        # the part put before its verb
        ("Ключицу сломал еще в школе", "перелом ключицы"),
        ("Лодыжку вывихнула на каблуках", "вывих лодыжки"),
        ("Спину потянул на даче", "растяжение спины"),
    ],
)
def test_russian_injury_verbs_of_the_writer(text: str, name: str) -> None:
    (event,) = [e for e in _events(text) if e.section == "injuries"]
    assert event.attributes["name_normalized"] == name


@pytest.mark.parametrize(
    "text",
    [
        "Опять сломал зарядку от ноутбука",  # a thing, not a part of the body
        "Дочка сломала руку на батуте",  # someone else's
        "Коллега потянул спину на субботнике",
        "Сломал руку соседу по парте",  # the part is another's, in the dative
        "Боюсь сломать ногу на гололеде",  # a fear, in the infinitive
        "Если порвешь связки, полгода без спорта",  # a supposition, in the future
        "Если бы я вывихнула лодыжку, не дошла бы",
        "Чуть не сломал руку, когда падал",  # negated
        "Всю ночь ломал голову над отчетом",  # a figure of speech: no bone in it
        "Ушиб колена лечат холодом",  # a noun with no writer is a topic
        "Внучке руку сломали на физкультуре",  # a part put first, another's
        "Ногу не вывихнул, просто споткнулся",
        "Потянул руку к выключателю",  # a reach, not a strain
        "Куртку порвал о забор",
    ],
)
def test_no_russian_injury_of_things_others_or_suppositions(text: str) -> None:
    assert not [e for e in _events(text) if e.section == "injuries"]


@pytest.mark.parametrize(
    ("text", "present"),
    [
        ("Получил сотрясение мозга на хоккее", True),
        ("У меня было сотрясение головного мозга в детстве", True),
        ("Брат получил сотрясение мозга, а я отделалась синяком", False),
        ("Врачи боятся, что у него сотрясение мозга", False),
        ("Не было у меня никакого сотрясения мозга", False),
    ],
)
def test_a_concussion_is_the_writers_only(text: str, present: bool) -> None:
    assert bool([e for e in _events(text) if e.section == "injuries"]) is present


# English verbs that injure only when the writer does them to their own body.
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I hurt my shoulder moving a couch", "injured shoulder"),
        ("Pulled a muscle in my back doing deadlifts", "pulled muscle"),
        ("i pulled my groin playing soccer", "pulled groin"),
    ],
)
def test_hurt_and_pulled_by_the_writer(text: str, name: str) -> None:
    (event,) = [e for e in _events(text) if e.section == "injuries"]
    assert event.attributes["name_normalized"] == name


@pytest.mark.parametrize(
    "text",
    [
        "The loud music hurt my ears",  # a symptom, not an injury the writer did
        "She hurt her wrist at volleyball",
        "I pulled my hand away from the stove",  # no muscle pulled
        "I hurt my friend's feelings",
        "If I pulled a hamstring I'd miss the race",  # a supposition
        "If I broke my wrist I couldn't work",
    ],
)
def test_no_injury_from_hurt_or_pulled_of_others_or_things(text: str) -> None:
    assert not [e for e in _events(text) if e.section == "injuries"]


# Russian operations named by what they took out, and vaccines named by their trade name.
@pytest.mark.parametrize(
    ("text", "section", "name"),
    [
        ("В 2020 мне сделали операцию по удалению грыжи", "surgeries", "удаление грыжи"),
        ("Перенесла операцию по удалению кисты", "surgeries", "удаление кисты"),
        ("Делали операцию по удалению желчного пузыря", "surgeries", "удаление желчного пузыря"),
        ("Привилась Спутником еще весной", "vaccinations", "covid-19"),
        ("Мне поставили прививку Гардасил", "vaccinations", "впч"),
        ("Я вакцинировался ЭпиВакКороной", "vaccinations", "covid-19"),
        ("Укололи прививку от столбняка в травмпункте", "vaccinations", "столбняк"),
    ],
)
def test_russian_removals_and_named_vaccines(text: str, section: str, name: str) -> None:
    (event,) = [e for e in _events(text) if e.section == section]
    assert event.attributes["name_normalized"] == name


@pytest.mark.parametrize(
    ("text", "section"),
    [
        ("Папе сделали операцию по удалению грыжи", "surgeries"),
        ("Хирург рассказал про операцию по удалению зубов мудрости", "surgeries"),
        ("Сыну поставили прививку Гардасил", "vaccinations"),
        ("Хочу привиться Спутником", "vaccinations"),
        ("Вакцину Спутник зарегистрировали в 2020 году", "vaccinations"),
    ],
)
def test_no_removal_or_named_vaccine_of_others_plans_or_news(text: str, section: str) -> None:
    assert not [e for e in _events(text) if e.section == section]


# Habits said with a frequency, a start or a duration; the value stops where the next clause begins.
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("I occasionally smoke cigars with my uncle", "smoking", "I occasionally smoke cigars with my uncle"),
        ("Two years ago I started smoking, mostly at parties", "smoking", "I started smoking"),
        ("I've been smoking for ten years", "smoking", "I've been smoking for ten years"),
        ("I'm five months sober and proud", "alcohol", "I'm five months sober"),
        ("I smoke a pipe on weekends I know it's bad", "smoking", "I smoke a pipe on weekends"),
        ("Курю по пачке в день и кашляю по утрам", "smoking", "Курю по пачке в день"),
        ("Бегаю по набережной три раза в неделю", "exercise", "Бегаю по набережной три раза в неделю"),
    ],
)
def test_habits_with_frequency_start_or_duration(text: str, slot: str, value: str) -> None:
    (event,) = [e for e in _events(text) if e.slot == slot]
    assert event.attributes == {"value": value}


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ('She said "I work out every day" and laughed', "exercise"),  # quoted words
        ("I wouldn't say I'm a heavy smoker", "smoking"),  # a label the writer turns down
        ("Every time I drink it my face goes red", "alcohol"),  # what is drunk is only a pronoun
        ("I started drinking green tea instead of coffee", "alcohol"),  # another drink
        ("I've been gluten sober for a month", "alcohol"),
        ("Бегаю по врачам уже третью неделю", "exercise"),  # after people, not a sport
        ("Не сказал бы, что курю много", "smoking"),
    ],
)
def test_no_habit_quoted_turned_down_or_unnamed(text: str, slot: str) -> None:
    assert not [e for e in _events(text) if e.slot == slot]
