"""Query routing: which kinds of memory a question needs, decided by rules, never by an LLM.

A question is matched against one regex per query class (Russian and English, written on word
stems so that inflections match: "прививку", "прививки", "привился"). The classes found select
sections through the registry's `query_classes`, so adding a section to a class is a one-line
change in models/sections.py and nothing here.

Two flags ride along: `past` (the question is about what used to be — stopped medications and
resolved symptoms become relevant) and `archived` (the user asks about forgotten things).
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Literal

from pydantic import BaseModel, ConfigDict

from models.sections import SECTIONS

ALWAYS = "always"
ABOUT_ME = "about_me"
PAST = "past"
ARCHIVED = "archived"

# RU and EN alternatives per class. Every pattern runs on the case-folded query with ё → е.
# Stems end in \w* so that any ending matches; short or ambiguous words are spelled out whole.
_CLASS_PATTERNS: dict[str, str] = {
    "treatment": r"""
        \b(что|чем|какое|какие|какую|какой)\b[^.?!]{0,30}?\b(вы|за|по)?(пить|принять|принимать|лечить\w*)\b
      | \b(вы|за)?(пить|принять|принимать)\b[^.?!]{0,40}?\bот\b
      | \b(вы|по)?леч(ить|иться|ение|ения|ению|ат|ится)\b
      | \b(посовет|порекоменд|подскаж|подбер|дай|назов)\w*\b[^.?!]{0,40}?\b(от|против)\b
      | \b(лекарств|средств|таблет|препарат|капл|сироп|мази|мазь|спре)\w*\s+(от|для|против)\b
      | \b(помогает|поможет|помогут|помогают|помочь)\b[^.?!]{0,20}?\bот\b
      | \bwhat\b[^.?!]{0,30}?\b(take|use|drink)\b[^.?!]{0,20}?\bfor\b
      | \btreat(ment|ments|ing)?\b | \b(remedy|remedies|cure|cures|relieve|relief)\b
      | \b(medicine|meds|medication|pills?|drugs?|tablets?)\s+(for|against)\b
      | \bwhat\s+helps?\s+(with|for|against)\b
      | \bhow\s+(do\s+i|can\s+i|should\s+i|to)\s+(treat|cure|get\s+rid\s+of|relieve)\b
      | \bможно\s+(ли\s+)?(мне\s+)?(вы|по|за)?(пить|принять|принимать|колоть|уколоть|использовать)\b
      | \b(can|could|may|should)\s+i\s+(take|use|try)\b
      | \bis\s+it\s+(ok|okay|safe|fine|alright)\s+(for\s+me\s+)?to\s+(take|use)\b
    """,
    "medications": r"""
        \b(лекарств|медикамент|препарат|таблет|пилюл|доз|капсул|антибиотик|витамин)\w*
      | \b(принима|пропиш|назнач)\w*
      | \b(medication|medicine|meds|drug|pill|tablet|dose|dosage|prescri|antibiotic)\w*
      | \btaking\b
    """,
    "symptoms": r"""
        \b(бол(ит|ят|ело|ь|и|ью|ей|ям|ях|ями))\b | \b(ноет|ноют|колет|давит|тошнит|знобит|чешется)\b
      | \b(мигрен|температур|кашл|кашель|насморк|сопл|тошнот|рвот|головокруж|слабост|бессонниц|изжог
          |диаре|понос|запор|сыпь|сыпи|зуд|отек|одышк|симптом|простуд|озноб|усталост|чиха|горл)\w*
      | \bжар\b
      | \b(pain|pains|painful|ache|aches|aching|headaches?|migraines?|fever|cough\w*|sore|nause\w*
          |dizz\w*|insomnia|heartburn|rash|itch\w*|symptoms?|cold|runny|diarrh\w*|vomit\w*|fatigue
          |tired|sneez\w*|\w+aches?|swollen|swelling)\b
    """,
    "conditions": r"""
        \b(диабет|давлени|гипертон|гипотон|астм|болезн|заболев|диагноз|хронич|сердц|сердечн|щитовид
          |гастрит|язв|артрит|аритми|инфаркт|инсульт|онколог|анеми|здоровь|холецист|панкреатит)\w*
      | \b(болел|болею|болеешь|болеет|болела|болели)\b
      | \b(diabet\w*|hypertension|asthma|diseases?|conditions?|diagnos\w*|chronic|illness\w*|heart
          |thyroid|arthritis|cancer|an(a)?emi\w*|health)\b | \bblood\s+pressure\b
    """,
    "allergies": r"""
        \b(аллерг|непереносим)\w* | \b(allerg|intoleran)\w*
    """,
    "labs": r"""
        \b(анализ|гемоглобин|холестерин|сахар|глюкоз|результат|показател|ферритин|креатинин|гормон
          |лейкоцит|эритроцит|тромбоцит|обследован|гликирован)\w*
      | \b(ттг|узи|мрт|экг)\b
      | \b(labs?|results?|cholesterol|h(a)?emoglobin|hba1c|a1c|glucose|ferritin|creatinine|tsh|ldl|hdl
          |mri|ecg|ekg|ultrasound|check-?ups?|screening)\b | \bblood\s+(test|work|panel|sugar)s?\b
    """,
    "vaccinations": r"""
        \b(привив|вакцин|ревакцин|иммунизац|бустер)\w*
      | \b(vaccin\w*|shots?|jabs?|immuni[sz]\w*|boosters?|inoculat\w*)\b
    """,
    "surgeries": r"""
        \b(прооперир|оперир|хирург|травм|перелом|ушиб|вывих|растяжени|шрам)\w*
      | \bопераци(я|и|ю|й|ей|ях|ям|ями)\b
      | \b(удалили|удаляли|вырезали|удалени[еяюй]|удален[аоы]?)\b
      | \b(surger\w*|operations?|operated|surgical|removed|injur\w*|fractur\w*|broke|broken|sprain\w*)\b
    """,
    "family": r"""
        \b(наследствен|генетич|родител|родственник|семейн)\w* | \bв\s+(моей\s+)?семье\b
      | \b(мам|мать|матер|отц|отец|пап|бабушк|дедушк|брат|сестр)\w*\b[^.?!]{0,40}?
          \b(бол|диабет|инфаркт|инсульт|рак|давлен|гипертон|астм|умер|онколог)\w*
      | \b(бол|диабет|инфаркт|инсульт|рак|давлен|гипертон|астм|умер|онколог)\w*\b[^.?!]{0,40}?
          \b(мам|мать|матер|отц|отец|пап|бабушк|дедушк|брат|сестр)\w*
      | \bfamily\s+(history|members?)\b | \b(hereditary|genetic\w*|inherit\w*)\b
      | \b(in|runs\s+in)\s+(my|the)\s+family\b
      | \b(mother|mom|mum|father|dad|parents?|grand\w+|brothers?|sisters?|siblings?)\b[^.?!]{0,40}?
          \b(had|has|died|suffer\w*|diagnos\w*|disease|cancer|diabetes|heart|stroke)\b
    """,
    "lifestyle": r"""
        \b(спорт|трениров|тренаж|зарядк|кур(ю|ишь|ит|ение|ения|ить)|сигарет|алкогол|высыпа|физическ
          |активност|нагрузк|похуд|плаван|фитнес|бега(ю|ть|ешь))\w*
      | \bйог(а|и|у|ой)\b
      | \b(сон|сна|сплю|спать|вес|веса|весом|рост|шагов)\b | \bобраз\w*\s+жизни\b
      | \b(exercis\w*|workouts?|training|gym|fitness|running|jogging|smok\w*|cigarett\w*|alcohol
          |sleep\w*|lifestyle|weight|height|steps|yoga|swimming)\b
    """,
    "nutrition": r"""
        \b(ед[аыуе]|едой|поесть|съесть|покушать|кушать|перекус\w*|меню|кафе)\b
      | \b(диет|рецепт|ресторан|кухн|блюд|приготов|готовить|питани|питать|завтрак|обед|ужин)\w*
      | \bпродукт(ы|ов|ах|ам|ами|а|у|ом)?\b
      | \bможно\s+(ли\s+)?(мне\s+)?(есть|пить)\b
      | \b(food\w*|eat|eating|ate|meals?|diet\w*|recipes?|restaurants?|cafe|cook\w*|dinner|lunch
          |breakfast|snacks?|cuisine|menu|dish|dishes|nutrition\w*|grocer\w*)\b
    """,
    "recommendation": r"""
        \b(посовет|порекоменд|рекоменд|подар|фильм|сериал|книг|музык|путешеств|отпуск|выходн)\w*
      | \bпредложи\b | \b(хобби|идеи|идею)\b | \bчем\s+заняться\b
      | \bчто\s+(бы\s+)?(почитать|посмотреть|послушать|поделать|приготовить)\b
      | \bкуда\s+(бы\s+)?(сходить|поехать|пойти|съездить)\b
      | \b(recommend\w*|suggest\w*|advice|advise|ideas?|gifts?|movies?|films?|books?|music|hobb(y|ies)
          |vacation|holidays?|travel\w*|weekend)\b
      | \bwhat\s+(should|can|could)\s+i\s+(read|watch|listen|do|cook)\b
      | \bwhere\s+(should|can|could)\s+i\s+go\b
    """,
    "leisure": r"""
        \b(увлека|увлечени|хобби|питом|собак|кошк|щен|котен|порол|спорт|трениру|занимаюсь|досуг|свободн\w*\s+врем)\w*
      | \b(кот|кота|коты|котов|пес|пса)\b | \bчем\s+я\s+(\w+\s+)?(занимаюсь|увлекаюсь)\b
      | \b(hobb(y|ies)|pets?|dogs?|cats?|puppy|kitten|sports?|free\s+time|spare\s+time|pastimes?|leisure)\b
      | \bwhat\s+do\s+i\s+(like\s+to\s+)?(do|play)\s+(for\s+fun|on\s+weekends|in\s+my)\b
    """,
    "notes": r"""
        \b(заметк|запомн|напомн|записал)\w*
      | \b(notes?|remember\w*|remind\w*|wrote\s+down|told\s+you)\b
    """,
    ABOUT_ME: r"""
        \b(обо|про)\s+(мне|меня)\b | \bкто\s+я\b | \bмо(и|ей|его|ю|я|е)\s+(данн|памят|профил)\w*
      | \bчто\s+ты\s+(\w+\s+){0,2}?(помнишь|запомнил\w*)\b
      | \babout\s+(me|myself)\b | \bwho\s+am\s+i\b | \bwhat\s+do\s+you\s+remember\b
      | \bmy\s+(profile|data)\b
    """,
}

_PAST_PATTERN = r"""
    \b(раньше|прежде|ранее|давно|когда[\s-](то|нибудь)|бывал\w*|прошл\w*|истори\w*)\b
  | \bв\s+прошлом\b | \bдо\s+этого\b | \bбольше\s+не\b
  | \b(принимал|пил|выпивал|лечил|болел|был|бросил|перестал|прекратил|отменил)(а|и|о|ась|ся|ось)?\b
  | \b(in\s+the\s+past|used?\s+to|did|history|previous\w*|before|earlier|former\w*|ever|took|taken|stopped|quit
      |no\s+longer|any\s?more|had|was\s+taking|were|was)\b
"""

_ARCHIVED_PATTERN = r"""
    \b(архив|забыт)\w* | \bты\s+(забыл|удалил|стер|стёр)\w*
  | \barchiv\w* | \bforgotten\b | \byou\s+(forgot|forget|deleted?|removed?|erased?)\b
"""


def _compile(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.VERBOSE)


CLASS_ORDER: tuple[str, ...] = tuple(_CLASS_PATTERNS)
_CLASS_REGEXES: dict[str, re.Pattern[str]] = {name: _compile(p) for name, p in _CLASS_PATTERNS.items()}
_PAST_REGEX = _compile(_PAST_PATTERN)
_ARCHIVED_REGEX = _compile(_ARCHIVED_PATTERN)
_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


def _sections_by_class() -> dict[str, tuple[str, ...]]:
    """The one class → sections table, read from the registry (registry order kept)."""
    table: dict[str, list[str]] = defaultdict(list)
    for name, section in SECTIONS.items():
        for query_class in section.query_classes:
            table[query_class].append(name)
    # "What do you know about me" brings everything, whatever the registry lists for it.
    table[ABOUT_ME] = list(SECTIONS)
    return {query_class: tuple(names) for query_class, names in table.items()}


SECTIONS_BY_CLASS: dict[str, tuple[str, ...]] = _sections_by_class()
ALWAYS_SECTIONS: tuple[str, ...] = SECTIONS_BY_CLASS[ALWAYS]
# A question no rule recognises still gets the user's explicit "remember:" notes.
FALLBACK_SECTIONS: tuple[str, ...] = (*ALWAYS_SECTIONS, "notes")
_REGISTRY_ORDER: dict[str, int] = {name: index for index, name in enumerate(SECTIONS)}


class QueryRoute(BaseModel):
    """What a question needs: its classes, the sections they select, and the temporal flags."""

    model_config = ConfigDict(frozen=True)

    classes: tuple[str, ...]
    past: bool
    archived: bool
    sections: tuple[str, ...]
    language: Literal["ru", "en"]

    @property
    def labels(self) -> list[str]:
        """Classes as reported in ContextPublic.query_classes: the flags appended when set."""
        return [*self.classes, *([PAST] if self.past else []), *([ARCHIVED] if self.archived else [])]

    def needs(self, query_class: str) -> bool:
        return query_class in self.classes


def normalize_query(query: str) -> str:
    return query.casefold().replace("ё", "е")


def classify_query(query: str) -> tuple[str, ...]:
    """The query classes found in the question, in CLASS_ORDER."""
    text = normalize_query(query)
    return tuple(name for name, regex in _CLASS_REGEXES.items() if regex.search(text))


def sections_for(classes: tuple[str, ...]) -> tuple[str, ...]:
    """The union of the sections the classes need, in registry order; `always` ones included."""
    if not classes:
        return FALLBACK_SECTIONS
    wanted = set(ALWAYS_SECTIONS)
    for query_class in classes:
        wanted.update(SECTIONS_BY_CLASS.get(query_class, ()))
    return tuple(sorted(wanted, key=_REGISTRY_ORDER.__getitem__))


def query_language(query: str) -> Literal["ru", "en"]:
    return "ru" if _CYRILLIC.search(query) else "en"


def route_query(query: str) -> QueryRoute:
    text = normalize_query(query)
    classes = classify_query(query)
    return QueryRoute(
        classes=classes,
        past=bool(_PAST_REGEX.search(text)),
        archived=bool(_ARCHIVED_REGEX.search(text)),
        sections=sections_for(classes),
        language=query_language(query),
    )


def gap_relevant(route: QueryRoute, section: str) -> bool:
    """Whether an unknown section is worth asking about for this question.

    Only a specific class counts: "what do you know about me" needs every section, but it is no
    reason to prompt the assistant to ask about family history.
    """
    return any(
        section in SECTIONS_BY_CLASS.get(query_class, ()) for query_class in route.classes if query_class != ABOUT_ME
    )
