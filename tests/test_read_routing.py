"""Routing by the question's shape, table-driven, RU and EN.

The phrasings were written from a list of question shapes (permission + drug slot, "X with Y",
dose, interaction, "what to take for…", risk, history…), not from the scenario files; the drug
names below appear in no shared scenario, and several are invented, so only the shape can route them.
"""

from __future__ import annotations

import pytest

from retrieval.routing import (
    ALWAYS_SECTIONS,
    CLASS_ORDER,
    MEDICATION_SAFETY,
    RISKS,
    SECTIONS_BY_CLASS,
    route_query,
)

# class → phrasings that must carry it (both languages for every class).
SHAPES: dict[str, list[str]] = {
    MEDICATION_SAFETY: [
        # permission + a drug slot, known or invented names
        "Можно ли мне ривароксабан?",
        "Можно мне Квелнокс?",
        "Можно ли мне принимать дулоксетин?",
        "Можно ли мне выпить Тразодекс на ночь?",
        "Безопасно ли колоть Мирвалон?",
        "Стоит ли мне дальше принимать Мирвалон?",
        "Можно ли ребенку дать Квелнокс?",
        "Принимать ли Тразодекс при давлении?",
        # X with Y
        "Можно ли принимать флуконазол с алкоголем?",
        "Дулоксетин с грейпфрутом?",
        "Можно пить Квелнокс вместе с Мирвалоном?",
        # interactions, doses, side effects
        "Совместим ли флуконазол с кофе?",
        "Какие побочки у Мирвалона?",
        "Какая дозировка цетиризина для взрослого?",
        "Тразодекс 50 мг это много?",
        # what to take for…
        "Что выпить от изжоги?",
        "Что принять при простуде?",
        "Can I take rivaroxaban?",
        "Can I take Quellnox with wine?",
        "Is it safe to take Zorvaline?",
        "Is it ok for me to take Zorvaline at night?",
        "Is duloxetine safe for me?",
        "Quellnox with Zorvaline?",
        "Does fluconazole interact with coffee?",
        "What are the side effects of Zorvaline?",
        "Can I have Tramadex tonight?",
        "How many Zorvaline tablets can I take a day?",
        "What should I take for heartburn?",
        "Can I give my son Quellnox?",
        "Can I use Voltarex gel on my knee?",
        "Should I stop dapagliflozin before surgery?",
        # the person or the thing before the permission, a condition between it and the verb
        "Мне можно Тразодекс?",
        "А Мирвалон мне можно?",
        "Ребенку нельзя Квелнокс?",
        "Можно при беременности пить Тразодекс?",
        "Am I allowed to take Zorvaline?",
    ],
    RISKS: [
        "Какие у меня риски инфаркта?",
        "Есть ли у меня предрасположенность к диабету?",
        "Чем мне грозит высокое давление?",
        "What are my risks of a stroke?",
        "Am I at risk of diabetes?",
        "How likely am I to develop lung cancer?",
    ],
    "treatment": [
        "Чем лечить бронхит?",
        "Посоветуй средство от мозолей",
        "How do I treat a sprained wrist?",
        "What helps with a hangover?",
        "Что можно от изжоги?",
        "Чем лучше при ангине?",
    ],
    "medications": [
        "Какие таблетки я пью?",
        "Что мне назначили?",
        "Which pills am I on?",
        "What is my current dosage?",
        "Какое снотворное мне подойдет?",
        "Which painkiller suits me best?",
    ],
    "symptoms": [
        "Почему у меня ноет колено?",
        "Меня тошнит с утра, что делать?",
        "I have a sore throat, what now?",
        "Why do I feel dizzy?",
        "Когда у меня был последний приступ?",
    ],
    "conditions": [
        "Как мне жить с гастритом?",
        "Какой у меня диагноз?",
        "What is my diagnosis?",
        "How is my thyroid doing?",
        "Была ли у меня ветрянка?",
        "Have I ever had shingles?",
        "Did I have chickenpox as a kid?",
    ],
    "allergies": [
        "На что у меня аллергия?",
        "Есть ли у меня непереносимость лактозы?",
        "Am I allergic to anything?",
        "Do I have any food intolerances?",
    ],
    "labs": [
        "Что показал мой анализ крови?",
        "Какой у меня ферритин?",
        "Are my blood test results fine?",
        "What was my last HbA1c?",
    ],
    "vaccinations": [
        "Когда я делал прививку от столбняка?",
        "Нужна ли мне ревакцинация?",
        "When is my next booster due?",
        "Am I vaccinated against hepatitis B?",
    ],
    "surgeries": [
        "Какие операции у меня были?",
        "Когда мне удалили миндалины?",
        "Have I had any surgeries?",
        "When did I break my arm?",
    ],
    "family": [
        "Чем болели мои родители?",
        "Есть ли у меня в семье диабет?",
        "Does diabetes run in my family?",
        "What is my family history?",
    ],
    "lifestyle": [
        "Сколько мне нужно спать?",
        "Как мне бросить курить?",
        "How much should I exercise?",
        "Is my weight ok?",
    ],
    "nutrition": [
        "Что приготовить на ужин?",
        "Какую диету мне выбрать?",
        "What should I eat for breakfast?",
        "Suggest a recipe for lunch",
        "Что мне нельзя есть?",
        "Ребенку можно кушать орехи?",
    ],
    "recommendation": [
        "Посоветуй книгу на выходные",
        "Куда сходить в субботу?",
        "Recommend a movie for tonight",
        "Any gift ideas for my wife?",
    ],
    "notes": [
        "Что я просил тебя запомнить?",
        "Напомни, что я записал",
        "What did I ask you to remember?",
        "Show my notes",
    ],
    "leisure": [
        "Какое у меня хобби?",
        "Как зовут моего пса?",
        "What sports do I play?",
        "What breed is my dog?",
    ],
    "tastes": [
        "Что я не люблю?",
        "Что мне нравится больше всего?",
        "What do I really hate?",
        "What are my favourite things?",
    ],
    "about_me": [
        "Что ты обо мне знаешь?",
        "Расскажи, что ты про меня помнишь",
        "What do you know about me?",
        "Who am I?",
    ],
}

# Shapes that must NOT route to medication safety: actions after "можно ли", tools after "use".
NOT_MEDICATION_SAFETY = [
    "Можно ли мне бегать по утрам?",
    "Можно ли мне в бассейн?",
    "Можно ли мне сегодня работать из дома?",
    "Can I use grep here?",
    "Can I have the weekend off?",
    "Should I use React with TypeScript?",
    "Как настроить CI?",
    "Посоветуй фильм на вечер",
    "Можно вопрос?",
    "А завтра мне можно?",
    "Мне нельзя опаздывать на работу",
    "Am I allowed to leave early?",
]

# Which sections a class must bring.
CLASS_SECTIONS: dict[str, set[str]] = {
    MEDICATION_SAFETY: {"allergies", "medications", "chronic_conditions"},
    RISKS: {"lifestyle", "chronic_conditions", "family_history"},
}


def _cases() -> list[tuple[str, str]]:
    return [(query_class, query) for query_class, queries in SHAPES.items() for query in queries]


@pytest.mark.parametrize(("query_class", "query"), _cases())
def test_question_shape_routes_to_its_class(query_class: str, query: str) -> None:
    route = route_query(query)
    assert query_class in route.classes, route.classes
    assert set(SECTIONS_BY_CLASS[query_class]) <= set(route.sections)
    assert set(ALWAYS_SECTIONS) <= set(route.sections)


@pytest.mark.parametrize("query", NOT_MEDICATION_SAFETY)
def test_actions_and_tools_are_not_drug_questions(query: str) -> None:
    assert MEDICATION_SAFETY not in route_query(query).classes


def test_every_class_has_shapes_in_both_languages() -> None:
    assert set(SHAPES) == set(CLASS_ORDER)
    for query_class, queries in SHAPES.items():
        languages = {route_query(query).language for query in queries}
        assert languages == {"ru", "en"}, query_class


@pytest.mark.parametrize(("query_class", "sections"), CLASS_SECTIONS.items())
def test_safety_classes_bring_what_safety_needs(query_class: str, sections: set[str]) -> None:
    assert sections <= set(SECTIONS_BY_CLASS[query_class])


def test_medication_safety_sees_stopped_drugs_but_not_a_vaccine_question() -> None:
    route = route_query("Можно ли мне принимать Квелнокс?")
    assert route.shows_past("medications") and not route.past
    assert not {"vaccinations", "surgeries", "family_history"} & set(route.sections)
    assert not route_query("Какие лекарства я сейчас принимаю?").shows_past("medications")


def test_risk_questions_see_habits_given_up() -> None:
    route = route_query("Какие у меня риски инфаркта?")
    assert route.shows_past("lifestyle")
    assert not route_query("Посоветуй книгу на выходные").shows_past("lifestyle")


@pytest.mark.parametrize(
    "unit", ["0", "-", "1-", "1 ", "a-", "можно ли мне ", "мне можно ", "а мне можно? ", "can i take ", "with ", "?"]
)
def test_long_hostile_questions_route_in_linear_time(unit: str) -> None:
    """A 20,000-character run of one token: patterns like `\\d+\\s*мг` once backtracked quadratically
    here (88 s for twenty thousand digits, which froze the HTTP server). No clock is read: a
    regression shows as a suite that stalls on this test."""
    route = route_query(unit * (20_000 // len(unit)))
    assert set(ALWAYS_SECTIONS) <= set(route.sections)
