"""The offline rules backend: what it extracts from Russian and English dialogue, and what it leaves alone.

Pure unit tests: no database, no Celery. Every proposed event must validate against its section's
schema, so each positive case also proves the attributes are well-formed.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from models.schemas import ProposedEvent
from models.sections import get_section
from tasks.extractors import Dialogue, Message
from tasks.extractors.rules import RulesBackend, classify, extract

U = "user"
A = "assistant"
Msgs = str | list[tuple[str, str]]


def _messages(spec: Msgs) -> tuple[Message, ...]:
    if isinstance(spec, str):
        return (Message(role=U, content=spec),)
    return tuple(Message(role=role, content=content) for role, content in spec)


def _all_events(spec: Msgs) -> list[ProposedEvent]:
    messages = _messages(spec)
    return [e for section in classify(messages) for e in extract(messages, section)]


def _assert_valid(event: ProposedEvent) -> None:
    if event.action in ("absent", "unsure"):
        assert event.attributes == {}
        return
    get_section(event.section).validate(event.attributes, event.slot)


def _find(spec: Msgs, section: str, action: str, slot: str | None, attrs: dict[str, Any]) -> ProposedEvent:
    found = _all_events(spec)
    for event in found:
        _assert_valid(event)
    for event in found:
        if (
            event.section == section
            and event.action == action
            and event.slot == slot
            and all(event.attributes.get(k) == v for k, v in attrs.items())
        ):
            return event
    raise AssertionError(f"no {section}/{action}/{slot} {attrs} in {[e.model_dump() for e in found]}")


CASES: list[tuple[Msgs, str, str, str | None, dict[str, Any]]] = [
    # --- profile.age
    ("Мне 34 года.", "profile", "assert", "age", {"value": 34}),
    ("Ой, я ошибся, мне на самом деле 32.", "profile", "correct", "age", {"value": 32}),
    ("Мне исполнилось 33!", "profile", "assert", "age", {"value": 33}),
    ("мне 41 год", "profile", "assert", "age", {"value": 41}),
    ("Мне уже 57 лет, если что.", "profile", "assert", "age", {"value": 57}),
    ("Вообще-то мне 25", "profile", "assert", "age", {"value": 25}),
    ("I'm 29 years old", "profile", "assert", "age", {"value": 29}),
    ("I am 40", "profile", "assert", "age", {"value": 40}),
    ("I just turned 18 yesterday", "profile", "assert", "age", {"value": 18}),
    ("Actually I'm 52, not 50.", "profile", "correct", "age", {"value": 52}),
    ([(U, "Я ошиблась."), (U, "Мне 27.")], "profile", "correct", "age", {"value": 27}),
    # --- profile.name
    ("Hi, my name is Maria and I live in Lisbon.", "profile", "assert", "name", {"value": "Maria"}),
    ("Меня зовут Олег, у меня аллергия на орехи.", "profile", "assert", "name", {"value": "Олег"}),
    ("Меня зовут Ира.", "profile", "assert", "name", {"value": "Ира"}),
    ("I'm Tom", "profile", "assert", "name", {"value": "Tom"}),
    ("call me Alex", "profile", "assert", "name", {"value": "Alex"}),
    ("я Катя", "profile", "assert", "name", {"value": "Катя"}),
    ("Привет! Я Саша, работаю программистом в Питере.", "profile", "assert", "name", {"value": "Саша"}),
    ("Зови меня Женей", "profile", "assert", "name", {"value": "Женя"}),
    ("меня зовут всеволод", "profile", "assert", "name", {"value": "Всеволод"}),
    ("My name's Priya, nice to meet you", "profile", "assert", "name", {"value": "Priya"}),
    # --- profile.city / country
    ("Hi, my name is Maria and I live in Lisbon.", "profile", "assert", "city", {"value": "Lisbon"}),
    ("I moved to Berlin last spring", "profile", "assert", "city", {"value": "Berlin"}),
    ("живу в Москве", "profile", "assert", "city", {"value": "Москва"}),
    ("Я сейчас живу в Казани", "profile", "assert", "city", {"value": "Казань"}),
    ("переехала в Казань", "profile", "assert", "city", {"value": "Казань"}),
    ("Мы переехали недавно в Тверь", "profile", "assert", "city", {"value": "Тверь"}),
    ("я из Новосибирска", "profile", "assert", "city", {"value": "Новосибирск"}),
    ("Я живу в Нижнем Новгороде", "profile", "assert", "city", {"value": "Нижний Новгород"}),
    ("живу в Сочи", "profile", "assert", "city", {"value": "Сочи"}),
    ("Живу в Лиссабоне уже два года", "profile", "assert", "city", {"value": "Лиссабон"}),
    ("Живу в Мюнхене", "profile", "assert", "city", {"value": "Мюнхен"}),
    ("живу в Ростове-на-Дону", "profile", "assert", "city", {"value": "Ростов-на-Дону"}),
    ("I'm based in San Francisco", "profile", "assert", "city", {"value": "San Francisco"}),
    ("I live in Portugal", "profile", "assert", "country", {"value": "Portugal"}),
    ("Я живу в Германии", "profile", "assert", "country", {"value": "Германия"}),
    # --- profile.profession
    ("I work as a nurse.", "profile", "assert", "profession", {"value": "nurse"}),
    ("I'm a software engineer at Google", "profile", "assert", "profession", {"value": "software engineer"}),
    ("My job is accountant", "profile", "assert", "profession", {"value": "accountant"}),
    ("работаю врачом", "profile", "assert", "profession", {"value": "врач"}),
    ("Я работаю медсестрой в больнице", "profile", "assert", "profession", {"value": "медсестра"}),
    ("работаю учителем", "profile", "assert", "profession", {"value": "учитель"}),
    ("я учитель", "profile", "assert", "profession", {"value": "учитель"}),
    ("по профессии я юрист", "profile", "assert", "profession", {"value": "юрист"}),
    ("Работаю главным бухгалтером", "profile", "assert", "profession", {"value": "главный бухгалтер"}),
    ("Я работаю логистом", "profile", "assert", "profession", {"value": "логист"}),
    ("Работаю сомелье-технологистом", "profile", "assert", "profession", {"value": "сомелье-технологист"}),
    # --- preferences
    ("I'm vegan", "preferences", "assert", "diet", {"value": "vegan"}),
    ("I switched to vegan food", "preferences", "assert", "diet", {"value": "vegan"}),
    ("я вегетарианка", "preferences", "assert", "diet", {"value": "вегетарианство"}),
    ("Я перешёл на веганство", "preferences", "assert", "diet", {"value": "веганство"}),
    ("Я не ем мясо", "preferences", "assert", "diet", {"value": "без мяса"}),
    ("I stopped eating meat last year", "preferences", "assert", "diet", {"value": "no meat"}),
    ("i don't eat dairy", "preferences", "assert", "diet", {"value": "no dairy"}),
    ("у меня есть кот", "preferences", "assert", "pets", {"value": "кот"}),
    ("У нас две собаки", "preferences", "assert", "pets", {"value": "собака"}),
    ("I have a dog named Rex", "preferences", "assert", "pets", {"value": "dog"}),
    ("Увлекаюсь фотографией", "preferences", "assert", "hobbies", {"value": "фотография"}),
    ("I love hiking", "preferences", "assert", "hobbies", {"value": "hiking"}),
    ("Я очень люблю зелёный чай", "preferences", "assert", "likes", {"value": "зелёный чай"}),
    ("I hate cilantro", "preferences", "assert", "dislikes", {"value": "cilantro"}),
    # --- allergies
    ("I'm allergic to latex.", "allergies", "assert", None, {"name_normalized": "latex"}),
    (
        "I'm allergic to penicillin and peanuts",
        "allergies",
        "assert",
        None,
        {"name_normalized": "peanuts", "kind": "food"},
    ),
    (
        "Оказалось, у меня аллергия на пенициллин — сыпь пошла после курса.",
        "allergies",
        "assert",
        None,
        {"name_normalized": "пенициллин", "reaction": "сыпь", "kind": "drug"},
    ),
    ("У меня аллергия на аспирин.", "allergies", "assert", None, {"name_normalized": "аспирин"}),
    (
        "Меня зовут Олег, у меня аллергия на орехи.",
        "allergies",
        "assert",
        None,
        {"name_normalized": "орехи", "kind": "food"},
    ),
    (
        "у меня аллергия на кошек и пыльцу",
        "allergies",
        "assert",
        None,
        {"name_normalized": "кошки", "kind": "environmental"},
    ),
    ("у меня аллергия на кошек и пыльцу", "allergies", "assert", None, {"name_normalized": "пыльца"}),
    (
        "аллергия на Нурофен, отекает лицо",
        "allergies",
        "assert",
        None,
        {"name_raw": "Нурофен", "name_normalized": "ибупрофен", "kind": "drug"},
    ),
    ("Непереносимость лактозы", "allergies", "assert", None, {"name_normalized": "лактоза"}),
    ("I have a peanut allergy", "allergies", "assert", None, {"name_normalized": "peanuts"}),
    ("Аллергия на клубнику с детства", "allergies", "assert", None, {"name_normalized": "клубника"}),
    ("аллергии на мёд у меня нет, я перепутал", "allergies", "negate", None, {"name_normalized": "мед"}),
    ("I'm not allergic to cats", "allergies", "negate", None, {"name_normalized": "cats"}),
    (
        [(A, "Есть ли у вас аллергия на лекарства или продукты?"), (U, "Нет, аллергий у меня нет.")],
        "allergies",
        "absent",
        None,
        {},
    ),
    ([(A, "Есть ли у вас аллергии?"), (U, "Нет.")], "allergies", "absent", None, {}),
    ("Аллергии нет ни на что", "allergies", "absent", None, {}),
    ("no allergies", "allergies", "absent", None, {}),
    ("I don't have any allergies", "allergies", "absent", None, {}),
    ([(A, "Do you have any allergies?"), (U, "No, none.")], "allergies", "absent", None, {}),
    ([(A, "Есть ли у вас аллергии?"), (U, "Честно, не знаю, никогда не проверялся.")], "allergies", "unsure", None, {}),
    ([(A, "Any allergies I should know about?"), (U, "Not sure, never been tested")], "allergies", "unsure", None, {}),
    # --- medications
    (
        "Врач назначил мне Энап 5 мг по утрам от давления.",
        "medications",
        "assert",
        None,
        {
            "name_raw": "Энап",
            "name_normalized": "эналаприл",
            "dosage": "5 мг",
            "frequency": "по утрам",
            "status": "prescribed",
            "indication": "давление",
        },
    ),
    (
        "Начал пить Энап, как врач сказал.",
        "medications",
        "assert",
        None,
        {"name_normalized": "эналаприл", "status": "active"},
    ),
    (
        "Врач увеличил дозу эналаприла до 10 мг.",
        "medications",
        "assert",
        None,
        {"name_raw": "эналаприла", "name_normalized": "эналаприл", "dosage": "10 мг"},
    ),
    (
        "Врач снизил дозу с 10 до 5 мг Конкора",
        "medications",
        "assert",
        None,
        {"name_normalized": "бисопролол", "dosage": "5 мг"},
    ),
    (
        "Всё, эналаприл больше не принимаю, давление нормальное.",
        "medications",
        "negate",
        None,
        {"name_normalized": "эналаприл", "status": "stopped"},
    ),
    (
        "Я принимаю метформин 500 мг два раза в день от диабета.",
        "medications",
        "assert",
        None,
        {"name_normalized": "метформин", "dosage": "500 мг", "frequency": "два раза в день", "indication": "диабет"},
    ),
    ("Пью Глюкофаж 850 мг", "medications", "assert", None, {"name_normalized": "метформин", "dosage": "850 мг"}),
    ("Пью Лозап по утрам", "medications", "assert", None, {"name_normalized": "лозартан", "frequency": "по утрам"}),
    (
        "Принимаю Ксарелто 20 мг вечером",
        "medications",
        "assert",
        None,
        {"name_normalized": "ривароксабан", "dosage": "20 мг", "frequency": "вечером"},
    ),
    ("Омез пью перед едой", "medications", "assert", None, {"name_normalized": "омепразол"}),
    ("Перестала принимать Конкор месяц назад", "medications", "negate", None, {"name_normalized": "бисопролол"}),
    ("Врач отменил мне варфарин", "medications", "negate", None, {"name_normalized": "варфарин"}),
    (
        "I take 20 mg of Lipitor every evening",
        "medications",
        "assert",
        None,
        {"name_raw": "Lipitor", "name_normalized": "atorvastatin", "dosage": "20 mg", "frequency": "every evening"},
    ),
    (
        "I'm on Glucophage 500 mg twice a day",
        "medications",
        "assert",
        None,
        {"name_normalized": "metformin", "frequency": "twice a day"},
    ),
    ("stopped taking ibuprofen", "medications", "negate", None, {"name_normalized": "ibuprofen"}),
    (
        "My doctor prescribed Zoloft 50 mg",
        "medications",
        "assert",
        None,
        {"name_normalized": "sertraline", "status": "prescribed"},
    ),
    (
        "принимаю Ксилоформ 10 мг",
        "medications",
        "assert",
        None,
        {"name_raw": "Ксилоформ", "name_normalized": "ксилоформ", "dosage": "10 мг"},
    ),
    (
        "Пью Тенорол 25 мг от давления",
        "medications",
        "assert",
        None,
        {"name_normalized": "тенорол", "indication": "давление"},
    ),
    ("Принимаю эутирокс и Конкор", "medications", "assert", None, {"name_normalized": "левотироксин"}),
    ("Принимаю эутирокс и Конкор", "medications", "assert", None, {"name_normalized": "бисопролол"}),
    # --- symptoms
    ("болит голова", "symptoms", "assert", None, {"name_normalized": "головная боль"}),
    ("Голова раскалывается с утра", "symptoms", "assert", None, {"name_normalized": "головная боль"}),
    ("головные боли прошли", "symptoms", "negate", None, {"name_normalized": "головная боль", "status": "resolved"}),
    ("кашель уже неделю", "symptoms", "assert", None, {"name_normalized": "кашель", "since": "уже неделю"}),
    ("Меня тошнит второй день", "symptoms", "assert", None, {"name_normalized": "тошнота"}),
    ("У меня сильная изжога", "symptoms", "assert", None, {"name_normalized": "изжога", "severity": "severe"}),
    ("Болит спина после тренировки", "symptoms", "assert", None, {"name_normalized": "боль в спине"}),
    ("I have a headache", "symptoms", "assert", None, {"name_normalized": "headache"}),
    ("My back hurts", "symptoms", "assert", None, {"name_normalized": "back pain"}),
    ("The cough went away", "symptoms", "negate", None, {"name_normalized": "cough"}),
    ("у меня болит голова, что выпить?", "symptoms", "assert", None, {"name_normalized": "головная боль"}),
    # --- chronic conditions and diagnoses
    (
        "У меня диабет второго типа уже лет пять.",
        "chronic_conditions",
        "assert",
        None,
        {"name_normalized": "диабет 2 типа", "since": "5 лет"},
    ),
    ("у меня астма", "chronic_conditions", "assert", None, {"name_normalized": "астма"}),
    ("У меня повышенный холестерин", "chronic_conditions", "assert", None, {"name_normalized": "гиперхолестеринемия"}),
    ("I take a multivitamin every morning", "medications", "assert", None, {"name_normalized": "multivitamins"}),
    ("Пью мультивитамины зимой", "medications", "assert", None, {"name_normalized": "поливитамины"}),
    ("I have asthma", "chronic_conditions", "assert", None, {"name_normalized": "asthma"}),
    ("Мне поставили гипертонию", "chronic_conditions", "assert", None, {"name_normalized": "гипертония"}),
    (
        "Страдаю мигренью с детства",
        "chronic_conditions",
        "assert",
        None,
        {"name_normalized": "мигрень", "since": "с детства"},
    ),
    ("Я диабетик", "chronic_conditions", "assert", None, {"name_normalized": "диабет"}),
    (
        "I was diagnosed with type 2 diabetes in 2018",
        "chronic_conditions",
        "assert",
        None,
        {"name_normalized": "type 2 diabetes"},
    ),
    ("В прошлом месяце переболел пневмонией", "diagnoses", "assert", None, {"name_normalized": "пневмония"}),
    ("Подозревают гастрит", "diagnoses", "assert", None, {"name_normalized": "гастрит", "status": "suspected"}),
    ("хронических заболеваний нет", "chronic_conditions", "absent", None, {}),
    ("I have no chronic conditions", "chronic_conditions", "absent", None, {}),
    ([(A, "Есть ли у вас хронические заболевания?"), (U, "Не знаю")], "chronic_conditions", "unsure", None, {}),
    ("Астмы у меня больше нет, врач снял диагноз", "chronic_conditions", "negate", None, {"name_normalized": "астма"}),
    # --- surgeries, injuries, vaccinations
    (
        "В прошлом году мне удалили желчный пузырь.",
        "surgeries",
        "assert",
        None,
        {"name_normalized": "удаление желчного пузыря", "date": "В прошлом году"},
    ),
    ("мне делали операцию на колене", "surgeries", "assert", None, {"name_normalized": "операция на колене"}),
    (
        "Мне 5 лет назад удалили аппендикс",
        "surgeries",
        "assert",
        None,
        {"name_normalized": "удаление аппендикса", "date": "5 лет назад"},
    ),
    (
        "I had my appendix removed in 2015",
        "surgeries",
        "assert",
        None,
        {"name_normalized": "appendix removal", "date": "2015"},
    ),
    ("I had knee surgery last year", "surgeries", "assert", None, {"name_normalized": "knee surgery"}),
    ("сломал руку в 2019", "injuries", "assert", None, {"name_normalized": "перелом руки", "date": "2019"}),
    ("Вывихнула лодыжку на прошлой неделе", "injuries", "assert", None, {"name_normalized": "вывих лодыжки"}),
    ("I broke my leg skiing", "injuries", "assert", None, {"name_normalized": "broken leg"}),
    (
        "В октябре сделал прививку от гриппа.",
        "vaccinations",
        "assert",
        None,
        {"name_normalized": "грипп", "date": "В октябре"},
    ),
    (
        "Привилась от клещевого энцефалита весной",
        "vaccinations",
        "assert",
        None,
        {"name_normalized": "клещевой энцефалит"},
    ),
    ("Сделала прививку от кори", "vaccinations", "assert", None, {"name_normalized": "корь"}),
    ("got my flu shot", "vaccinations", "assert", None, {"name_normalized": "flu"}),
    ("I got the COVID booster in March", "vaccinations", "assert", None, {"name_normalized": "covid-19"}),
    ("Я не привит от гепатита B", "vaccinations", "negate", None, {"name_normalized": "гепатит b"}),
    # --- family history
    (
        "У отца был инфаркт в 55 лет.",
        "family_history",
        "assert",
        None,
        {"relative": "отец", "name_normalized": "инфаркт", "age_at_onset": 55},
    ),
    ("у мамы диабет", "family_history", "assert", None, {"relative": "мать", "name_normalized": "диабет"}),
    ("Мой брат болеет астмой", "family_history", "assert", None, {"relative": "брат", "name_normalized": "астма"}),
    ("У бабушки был инсульт", "family_history", "assert", None, {"relative": "бабушка"}),
    (
        "my mother had breast cancer",
        "family_history",
        "assert",
        None,
        {"relative": "mother", "name_normalized": "breast cancer"},
    ),
    (
        "My dad had a heart attack at 60",
        "family_history",
        "assert",
        None,
        {"relative": "father", "name_normalized": "heart attack", "age_at_onset": 60},
    ),
    ("В семье ни у кого такого не было", "family_history", "absent", None, {}),
    # --- lifestyle, demographics
    ("бросил курить", "lifestyle", "assert", "smoking", {"value": "бросил курить"}),
    ("Курил 10 лет, но бросил", "lifestyle", "assert", "smoking", {"value": "бросил курить"}),
    ("не пью", "lifestyle", "assert", "alcohol", {"value": "не пью"}),
    ("Я бросил пить два года назад", "lifestyle", "assert", "alcohol", {"value": "бросил пить"}),
    ("I run every morning", "lifestyle", "assert", "exercise", {"value": "I run every morning"}),
    ("Занимаюсь йогой три раза в неделю", "lifestyle", "assert", "exercise", {}),
    ("I don't smoke", "lifestyle", "assert", "smoking", {"value": "I don't smoke"}),
    ("рост 180", "demographics", "assert", "height_cm", {"value": 180}),
    ("Мой рост 1,65 м", "demographics", "assert", "height_cm", {"value": 165}),
    ("вешу 75 кг", "demographics", "assert", "weight_kg", {"value": 75.0}),
    ("I weigh 180 lbs", "demographics", "assert", "weight_kg", {"value": 81.6}),
    ("Я женщина", "demographics", "assert", "sex", {"value": "female"}),
    ("группа крови вторая положительная", "demographics", "assert", "blood_type", {"value": "II+"}),
    ("My blood type is O negative", "demographics", "assert", "blood_type", {"value": "O-"}),
    # --- style
    ("Давай на ты, пиши коротко и без смайликов.", "style", "assert", "address", {"value": "ты"}),
    ("Давай на ты, пиши коротко и без смайликов.", "style", "assert", "format", {"value": "short"}),
    ("Давай на ты, пиши коротко и без смайликов.", "style", "assert", "emoji", {"value": "none"}),
    ("обращайся ко мне на Вы", "style", "assert", "address", {"value": "Вы"}),
    ("И не называй меня на Вы, пожалуйста.", "style", "assert", "address", {"value": "ты"}),
    ("explain like I'm a beginner", "style", "assert", "tech_level", {"value": "novice"}),
    ("be more formal", "style", "assert", "tone", {"value": "formal"}),
    ("Объясняй простыми словами", "style", "assert", "tech_level", {"value": "novice"}),
    ("Отвечай подробно, по шагам", "style", "assert", "format", {"value": "detailed"}),
    ("Keep it short please", "style", "assert", "format", {"value": "short"}),
    ("No emojis please", "style", "assert", "emoji", {"value": "none"}),
    ("Сразу к делу, без предисловий", "style", "assert", "patience", {"value": "low"}),
    # --- instructions
    ("И не называй меня на Вы, пожалуйста.", "instructions", "assert", None, {"value": "не называй меня на Вы"}),
    ("always answer in English", "instructions", "assert", None, {"value": "always answer in English"}),
    (
        "не предлагай мне лекарства без рецепта",
        "instructions",
        "assert",
        None,
        {"value": "не предлагай мне лекарства без рецепта"},
    ),
    ("don't call me buddy", "instructions", "assert", None, {"value": "don't call me buddy"}),
    (
        "Никогда не советуй мне гомеопатию.",
        "instructions",
        "assert",
        None,
        {"value": "Никогда не советуй мне гомеопатию"},
    ),
    ("Отвечай мне всегда на русском", "instructions", "assert", None, {"value": "Отвечай мне всегда на русском"}),
    # --- notes
    (
        "Запомни: я работаю только удалённо и не езжу в офис.",
        "notes",
        "assert",
        None,
        {"value": "я работаю только удалённо и не езжу в офис"},
    ),
    (
        "remember: my daughter's birthday is May 3",
        "notes",
        "assert",
        None,
        {"value": "my daughter's birthday is May 3"},
    ),
    ("запомни, что я не ем после шести", "notes", "assert", None, {"value": "я не ем после шести"}),
    (
        "Пожалуйста, запомни: пароль от вайфая на холодильнике",
        "notes",
        "assert",
        None,
        {"value": "пароль от вайфая на холодильнике"},
    ),
    ("Don't forget that I'm travelling next week", "notes", "assert", None, {"value": "I'm travelling next week"}),
    # --- generalisation: phrasings first met in tests/scenarios (`ltm eval`)
    (
        "Здравствуйте! Меня зовут Светлана, живу я в Екатеринбурге.",
        "profile",
        "assert",
        "city",
        {"value": "Екатеринбург"},
    ),
    (
        "Hey there, I'm Tomasz and I've been living in Rotterdam since 2019.",
        "profile",
        "assert",
        "city",
        {"value": "Rotterdam"},
    ),
    ("We have been living in Porto for years", "profile", "assert", "city", {"value": "Porto"}),
    ("Don't call me Tom, call me Thomas.", "profile", "assert", "name", {"value": "Thomas"}),
    (
        "Оказывается, я не переношу ибупрофен — от него отекает лицо.",
        "allergies",
        "assert",
        None,
        {"name_normalized": "ибупрофен", "reaction": "отек"},
    ),
    ("На сульфаниламиды у меня аллергия.", "allergies", "assert", None, {"name_normalized": "сульфаниламиды"}),
    ("На клубнику — сильная аллергия", "allergies", "assert", None, {"name_normalized": "клубника"}),
]


@pytest.mark.parametrize(("spec", "section", "action", "slot", "attrs"), CASES)
def test_extracts(spec: Msgs, section: str, action: str, slot: str | None, attrs: dict[str, Any]) -> None:
    _find(spec, section, action, slot, attrs)


NOTHING_FROM: list[tuple[Msgs, set[str]]] = [
    # Things that look like a fact for one section but are not.
    ("У отца был инфаркт в 55 лет.", {"profile", "chronic_conditions", "diagnoses"}),
    ("У меня диабет второго типа уже лет пять.", {"profile"}),
    ("Мне 5 лет назад удалили аппендикс", {"profile"}),
    ("Дай мне 5 минут", {"profile"}),
    ("мне было 20, когда я переехал", {"profile"}),
    ("I'm allergic to latex.", {"profile"}),
    ("I'm sorry, I'm just tired", {"profile"}),
    ("I'm fine, thanks", {"profile"}),
    ("I'm not sure about that", {"profile"}),
    ("я думаю, что это хорошо", {"profile"}),
    ("я работаю над проектом", {"profile"}),
    ("Я работаю в больнице", {"profile"}),
    ("работаю вечером", {"profile"}),
    ("I'm a big fan of jazz", {"profile"}),
    ("don't call me Sir", {"profile"}),
    ("Я не переношу жару", {"medications", "allergies"}),
    ("Терпеть не могу, когда опаздывают, не переношу шум", {"allergies"}),
    ("На выходных у меня аллергия обострилась", {"medications"}),
    ("Я пью кофе по утрам", {"medications", "lifestyle"}),
    # Medicines are no drink: «пить» with a medicine says nothing of alcohol.
    ("Бросила пить антидепрессанты в марте", {"lifestyle"}),
    ("Не пью таблетки без рецепта", {"lifestyle"}),
    ("Перестал пить витамины, надоело", {"lifestyle"}),
    ("Пока нет, начну с понедельника.", {"medications"}),
    ("Можно ли пить ибупрофен с эналаприлом?", {"medications"}),
    ("Что выпить от головной боли?", {"medications", "symptoms"}),
    ("У меня аллергия на аспирин.", {"medications"}),
    # A daughter's school is her life, not a health fact; that the user has a daughter is (profile.children).
    ("Моя дочь ходит в школу", {"family_history"}),
    ("got my flu shot", {"diagnoses", "chronic_conditions"}),
    ("Собираюсь сделать прививку от гриппа", {"vaccinations"}),
    ("принимаю ванну по вечерам", {"medications"}),
    ("У меня 3 кошки", {"allergies"}),
    ([(A, "Как дела?"), (U, "Нет, всё нормально")], {"allergies", "chronic_conditions", "family_history"}),
    ("ыва", set()),
    ("!!!", set()),
    ("123", set()),
    ("Как настроить CI?", set()),
    ("Посоветуй что-нибудь от насморка.", set()),
]


@pytest.mark.parametrize(("spec", "forbidden"), NOTHING_FROM)
def test_does_not_invent(spec: Msgs, forbidden: set[str]) -> None:
    sections = set(classify(_messages(spec)))
    if forbidden:
        assert not sections & forbidden, _all_events(spec)
    else:
        assert sections == set(), _all_events(spec)


def test_explicit_command_yields_only_the_note() -> None:
    found = _all_events("Запомни: я работаю только удалённо и не езжу в офис.")
    assert [(e.section, e.source, e.confidence) for e in found] == [("notes", "explicit", 1.0)]


def test_explicit_command_about_age_is_not_an_age() -> None:
    found = _all_events("Запомни: мне 40 лет и я живу в Москве")
    assert {e.section for e in found} == {"notes"}


def test_hedged_statements_have_lower_confidence() -> None:
    hedged = _find("Кажется, у меня гастрит", "chronic_conditions", "assert", None, {"name_normalized": "гастрит"})
    plain = _find("У меня гастрит", "chronic_conditions", "assert", None, {"name_normalized": "гастрит"})
    assert hedged.confidence == 0.7
    assert plain.confidence == 0.9
    assert plain.source == "conversation"


def test_only_user_messages_are_sources() -> None:
    messages = [(A, "Вам 34 года, вы живёте в Москве и принимаете Энап 5 мг?"), (U, "Угу")]
    assert classify(_messages(messages)) == []


def test_said_at_and_evidence_come_from_the_user_message() -> None:
    ts = datetime(2026, 3, 2, 10, 30, tzinfo=UTC)
    messages = (Message(role=U, content="Привет. Мне 34 года. Живу в Казани.", ts=ts),)
    age = extract(messages, "profile")[0]
    assert age.slot == "age"
    assert age.said_at == ts
    assert age.evidence == "Мне 34 года."


def test_one_fragment_many_sections() -> None:
    messages = [
        (U, "Я принимаю метформин 500 мг два раза в день от диабета."),
        (U, "У меня аллергия на аспирин."),
        (U, "В прошлом году мне удалили желчный пузырь."),
        (U, "В октябре сделал прививку от гриппа."),
        (U, "У отца был инфаркт в 55 лет."),
    ]
    assert set(classify(_messages(messages))) == {
        "medications",
        "chronic_conditions",  # what the drug is taken for ("от диабета") is the user's condition
        "allergies",
        "surgeries",
        "vaccinations",
        "family_history",
    }
    medications = extract(_messages(messages), "medications")
    assert [m.attributes["name_normalized"] for m in medications] == ["метформин"]


def test_medication_reply_context_adds_nothing_new() -> None:
    messages = [
        (U, "Врач назначил мне Энап 5 мг по утрам от давления."),
        (A, "Понял. Вы уже начали его принимать?"),
        (U, "Пока нет, начну с понедельника."),
    ]
    medications = extract(_messages(messages), "medications")
    assert len(medications) == 1
    assert medications[0].attributes["status"] == "prescribed"


def test_backend_replies_are_json_in_the_protocol_shape() -> None:
    backend = RulesBackend()
    dialogue = Dialogue(messages=_messages("Меня зовут Олег, у меня аллергия на орехи."))
    classified = backend.classify(dialogue)
    assert backend.name == "rules"
    assert json.loads(classified.raw_output) == {"sections": ["allergies", "profile"]}
    assert (classified.prompt_id, classified.prompt_version, classified.model) == ("rules", "1", None)
    assert classified.tokens_in == classified.tokens_out == 0
    assert classified.latency_ms >= 0
    reply = json.loads(backend.extract(dialogue, "allergies").raw_output)
    events = [ProposedEvent.model_validate(e) for e in reply["events"]]
    assert [e.attributes["name_normalized"] for e in events] == ["орехи"]
    assert json.loads(backend.extract(dialogue, "medications").raw_output) == {"events": []}


def test_extract_returns_copies_of_the_cached_pass() -> None:
    messages = _messages("Мне 34 года.")
    extract(messages, "profile")[0].attributes["value"] = 99
    assert extract(messages, "profile")[0].attributes["value"] == 34


# The exercise value is the habit's own phrase, not the clause it runs on into.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("i bike to work and listen to audiobooks", "i bike to work"),
        ("I swim laps every evening to clear my head", "I swim laps every evening"),
        ("i do yoga its my favourite part of the day", "i do yoga"),
        ("I work out at the gym then cook dinner", "I work out at the gym"),
        ("i lift weights twice a week and run on sundays", "i lift weights twice a week and run on sundays"),
        ("I jog 4 miles every morning", "I jog 4 miles every morning"),
    ],
)
def test_exercise_value_is_the_habit_phrase(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in extract(_messages(text), "lifestyle") if e.slot == "exercise"] == [value]


# Exercise said only as the time or the condition of a complaint is no habit stated.
@pytest.mark.parametrize(
    "text",
    [
        "my calves cramp when i jog",
        "I get short of breath when I swim",
        "Когда плаваю, болят уши",
        "i hate it when i cycle uphill",
    ],
)
def test_no_exercise_framing_a_complaint(text: str) -> None:
    assert not [e for e in extract(_messages(text), "lifestyle") if e.slot == "exercise"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I jog daily though my calves cramp", "I jog daily"),
        ("Плаваю по утрам, хотя иногда болят уши", "Плаваю по утрам"),
        ("When I travel I run every morning", "I run every morning"),
    ],
)
def test_exercise_said_beside_a_complaint_is_kept(text: str, value: str) -> None:
    assert [e.attributes["value"] for e in extract(_messages(text), "lifestyle") if e.slot == "exercise"] == [value]


def _vaccinations(spec: Msgs) -> list[ProposedEvent]:
    return [e for e in _all_events(spec) if e.section == "vaccinations"]


@pytest.mark.parametrize(
    ("text", "name", "action"),
    [
        # A vaccine named by its trade name after a verb of injecting, doing or receiving.
        ("Мне вкололи Гардасил в поликлинике.", "впч", "assert"),
        ("Осенью делала Совигрипп, перенесла легко.", "грипп", "assert"),
        ("В марте сделал себе и жене Гриппол плюс.", "грипп", "assert"),
        ("Получила Спутник Лайт, вторая доза не нужна.", "covid-19", "assert"),
        ("Кололи Энцевир перед походом, три укола.", "клещевой энцефалит", "assert"),
        ("Не делала Ультрикс в этом году.", "грипп", "negate"),
        ("В позапрошлом году применяла Ваксигрип, реакции не было.", "грипп", "assert"),
        ("I got Boostrix at the pharmacy.", "tdap", "assert"),
        ("Just had my first Spikevax shot.", "covid-19", "assert"),
        ("Got my second Moderna dose on Friday.", "covid-19", "assert"),
        ("I received Fluzone high-dose this October.", "flu", "assert"),
        ("I never got Shingrix, my doctor forgot.", "shingles", "negate"),
        ("Ставила Совигрипп, переболела легче тех, кто не прививался.", "грипп", "assert"),
        ("Мне кололи Вакту перед поездкой на юг.", "гепатит a", "assert"),
        ("I had the Fluenz nasal spray in year six.", "flu", "assert"),
    ],
)
def test_a_vaccine_named_by_its_trade_name(text: str, name: str, action: str) -> None:
    found = _vaccinations(text)
    assert [(e.attributes["name_normalized"], e.action) for e in found] == [(name, action)]
    for event in found:
        _assert_valid(event)


# Several vaccines in one sentence are each kept; a date goes only to the vaccine of its clause.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "В прошлом году делала Инфлювак, а в этом мне укололи Превенар.",
            [("грипп", "В прошлом году"), ("пневмококк", None)],
        ),
        ("I got Shingrix in May and then got Prevnar.", [("shingles", "in May"), ("pneumococcal", None)]),
        ("Осенью мне кололи Вакту, а потом получила Гардасил.", [("гепатит a", "Осенью"), ("впч", None)]),
        ("Got my flu shot yesterday and got Boostrix too.", [("flu", "yesterday"), ("tdap", None)]),
        ("Вчера сделала Совигрипп.", [("грипп", "Вчера")]),
    ],
)
def test_each_vaccine_of_a_sentence_with_the_date_of_its_clause(text: str, expected: list[tuple[str, Any]]) -> None:
    found = [e for e in _vaccinations(text) if e.action == "assert"]
    assert [(e.attributes["name_normalized"], e.attributes.get("date")) for e in found] == expected


# Trade names joined under one verb are each a vaccination, with the date of that verb's clause.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Весной сделала Вакту и Гардасил.", [("гепатит a", "Весной"), ("впч", "Весной")]),
        ("I got Boostrix and Shingrix last month.", [("tdap", "last month"), ("shingles", "last month")]),
        ("В сентябре мне укололи Совигрипп, Превенар.", [("грипп", "В сентябре"), ("пневмококк", "В сентябре")]),
        ("Не делала Вакту и Гардасил.", []),
    ],
)
def test_vaccines_joined_under_one_verb(text: str, expected: list[tuple[str, Any]]) -> None:
    found = [e for e in _vaccinations(text) if e.action == "assert"]
    assert [(e.attributes["name_normalized"], e.attributes.get("date")) for e in found] == expected


@pytest.mark.parametrize(
    "text",
    [
        # "Or" names no vaccine for sure; a comma that opens another clause ends the list.
        "Делала Вакту или Гардасил, не помню.",
        "Сделала Вакту, Гардасил не стала.",
        "I got Boostrix or maybe Shingrix.",
    ],
)
def test_vaccines_not_joined_are_not_added(text: str) -> None:
    found = [e.attributes["name_normalized"] for e in _vaccinations(text) if e.action == "assert"]
    assert found in (["гепатит a"], ["tdap"]), found


@pytest.mark.parametrize(
    "text",
    [
        # Someone else's shot: a dative before or after the verb, a third-person subject, a child the message is about.
        "Дочке укололи Превенар в полгода.",
        "Делала Инфанрикс сыну в поликлинике.",
        "Муж получил Спутник весной.",
        "Младший сын часто простывает. Сделали Превенар.",
        "My wife got Shingrix last month.",
        # Planned, refused or asked.
        "Мы отказались от Пентаксима.",
        "Собираюсь делать Гардасил.",
        "I declined the Prevnar shot.",
        "Did you get Gardasil?",
        # An illness's name after a verb of putting is a diagnosis; a maker's name alone is a company's.
        "Мне поставили коклюш.",
        "Мы сделали спутник из картона.",
        "I got a job offer from Pfizer.",
        "I had BCG treatments for bladder cancer.",
    ],
)
def test_no_trade_name_vaccination_of_someone_else_or_unreceived(text: str) -> None:
    assert not [e for e in _vaccinations(text) if e.action == "assert"], _vaccinations(text)
