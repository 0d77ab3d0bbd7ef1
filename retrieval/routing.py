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
from dataclasses import dataclass
from typing import Literal

from models.sections import SECTIONS

ALWAYS = "always"
ABOUT_ME = "about_me"
PAST = "past"
ARCHIVED = "archived"
MEDICATION_SAFETY = "medication_safety"
RISKS = "risks"

# RU and EN alternatives per class. Every pattern runs on the case-folded query with ё → е.
# Stems end in \w* so that any ending matches; short or ambiguous words are spelled out whole.
_CLASS_PATTERNS: dict[str, str] = {
    # Is this substance safe for me: a drug named in a "take" slot, a compatibility or dose question.
    # Any word in the slot counts, known or not ("можно ли мне принимать Квелнокс?"); a bare noun after
    # "можно ли мне" is a slot too (see _drug_slot below), as is a word with an INN stem (DRUG_STEMS).
    MEDICATION_SAFETY: r"""
        \b((мне|нам|ему|ей|ребенку|детям|сыну|дочке|дочери)\s+)?
          (можно|нельзя|безопасно|опасно|вредно|допустимо|стоит|нормально)\s+(ли\s+)?((мне|нам|ему|ей|ребенку|детям|сыну|дочке|дочери)\s+)?
          (сейчас\s+|еще\s+|дальше\s+|вместе\s+|одновременно\s+|(при|во\s+время|после|до)\s+\w+\s+)?
          (вы|за|по|при|про|у)?(пить|принять|принимать|пропить|колоть|уколоть|капать|закапать|мазать|намазать|давать|дать
          |глотать|сочетать|совмещать|комбинировать|смешивать|нимать)\b
      | \b(принимать|пить|колоть|сочетать|совмещать)\s+ли\b
      | \b(что|чем|какое|какие|какую|какой)\b[^.?!]{0,30}?\b(вы|за|по|при|у)?(пить|принять|принимать|колоть)\b
      | \b(вы|за|по|при)?(пить|принять|принимать|колоть)\b[^.?!]{0,40}?\b(от|при|против)\b
      | \b(совместим|несовместим|сочета|взаимодейств|противопоказ|побочк|побочн|передозир|дозировк)\w*
      | \b(вместе|одновременно|параллельно)\s+с\b
      | \b\d+\s*(мг|мкг|мл|ме|ед|mg|mcg|ml|iu)\b
      | \b(can|could|may|should|shall)\s+i\s+(still\s+|safely\s+|also\s+)?(take|mix|combine|swallow|give)\b
      | \bam\s+i\s+(still\s+|even\s+)?allowed\s+to\s+(take|have|drink|mix|combine|use|give)\b
      | \bis\s+it\s+(ok|okay|safe|fine|alright|dangerous|bad|risky)\s+(for\s+me\s+)?to\s+
          (take|have|drink|mix|combine|give)\b
      | \bis\s+(?!it\b|this\b|that\b|there\b)\w+(\s+\w+)?\s+(safe|ok|okay|dangerous|compatible)\s+
          (for\s+me|to\s+take|with|during|while|if)\b
      | \b(interact\w*|contraindicat\w*|side[\s-]effects?|overdos\w*|compatib\w*|incompatib\w*|dosages?|doses?)\b
      | \b(take|taking|mix|mixing|combine|combining|drink|drinking)\b[^.?!]{0,40}?
          \b(together\s+with|along\s+with|alongside|on\s+top\s+of|with)\b
      | \bwhat\b[^.?!]{0,30}?\b(take|use)\b[^.?!]{0,20}?\bfor\b
      | \bhow\s+(much|many|often)\b[^.?!]{0,30}?\b(take|mg|pills?|tablets?|capsules?)\b
      | \b\d+\s*(mg|mcg|ml|iu)\b
    """,
    # What could happen to me: the past (a habit given up, a drug stopped) matters here.
    RISKS: r"""
        \b(риск|рискую|рискуешь|предрасполож|вероятност|шанс|угрож|профилакт|прогноз)\w*
      | \bчем\s+(мне\s+)?(это\s+)?грозит\b | \bмогу\s+ли\s+я\s+(заболеть|получить)\b
      | \b(risks?|risky|chances?|likelihood|prone|predispos\w*|prevent\w*|screening|at\s+risk)\b
      | \blikely\s+to\s+(get|develop|have)\b | \bhow\s+likely\b
    """,
    "treatment": r"""
        \b(что|чем|какое|какие|какую|какой)\b[^.?!]{0,30}?\b(вы|за|по)?(пить|принять|принимать|лечить\w*)\b
      | \b(вы|за)?(пить|принять|принимать)\b[^.?!]{0,40}?\bот\b
      | \b(вы|по)?леч(ить|иться|ение|ения|ению|ат|ится)\b
      | \b(посовет|порекоменд|подскаж|подбер|дай|назов)\w*\b[^.?!]{0,40}?\b(от|против)\b
      | \b(что|чем)\s+(можно|нужно|лучше|стоит)\s+(\w+\s+)?(от|при|против)\b
      | \b(лекарств|средств|таблет|препарат|капл|сироп|мази|мазь|спре)\w*\s+(от|для|против)\b
      | \b(помогает|поможет|помогут|помогают|помочь)\b[^.?!]{0,20}?\bот\b
      | \bwhat\b[^.?!]{0,30}?\b(take|use|drink)\b[^.?!]{0,20}?\bfor\b
      | \btreat(ment|ments|ing)?\b | \b(remedy|remedies|cure|cures|relieve|relief)\b
      | \b(medicine|meds|medication|pills?|drugs?|tablets?)\s+(for|against)\b
      | \bwhat\s+helps?\s+(with|for|against)\b
      | \bhow\s+(do\s+i|can\s+i|should\s+i|to)\s+(treat|cure|get\s+rid\s+of|relieve)\b
    """,
    "medications": r"""
        \b(лекарств|медикамент|препарат|таблет|пилюл|доз|капсул|антибиотик|витамин|обезболивающ|жаропонижающ|снотворн
          |антидепрессант|антигистамин|успокоительн|ингалятор)\w*
      | \b(принима|пропиш|назнач)\w*
      | \b(medication|medicine|meds|drug|pill|tablet|dose|dosage|prescri|antibiotic|painkiller|antidepressant
          |antihistamine|inhaler|sedative|sleeping\s+pill)\w*
      | \btaking\b
    """,
    "symptoms": r"""
        \b(бол(ит|ят|ело|ь|и|ью|ей|ям|ях|ями))\b | \b(ноет|ноют|колет|давит|тошнит|знобит|чешется)\b
      | \b(приступ|мигрен|температур|кашл|кашель|насморк|сопл|тошнот|рвот|головокруж|слабост|бессонниц|изжог
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
      | \b(был|была|было|были)\s+ли\s+у\s+меня\b | \b(did|have)\s+i\s+ever\s+(have|had|get|got|catch|caught)\b
      | \bdid\s+i\s+(have|get|catch)\s+(the\s+|a\s+|an\s+)?\w+(pox|itis|osis|emia|pathy)\b
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
      | \b(surger\w*|operations?|operated|surgical|removed|injur\w*|fractur\w*|break|broke|broken|sprain\w*)\b
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
      | \b(можно|нельзя)\s+(ли\s+)?((мне|нам|ему|ей|ребенку|детям)\s+)?(есть|пить|кушать|поесть|съесть)\b
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
        \b(увлека|увлечени|хобби|питом|животн|собак|кошк|щен|котен|порол|попуга|хомя|черепах|кролик|спорт|трениру
          |занимаюсь|досуг|свободн\w*\s+врем)\w*
      | \b(кот|кота|коты|котов|пес|пса)\b | \bчем\s+я\s+(\w+\s+)?(занимаюсь|увлекаюсь)\b
      | \b(hobb(y|ies)|pets?|animals?|dogs?|cats?|puppy|kitten|parrots?|hamsters?|rabbits?|bunny|tortoise|sports?
          |free\s+time|spare\s+time|pastimes?|leisure)\b
      | \bwhat\s+do\s+i\s+(like\s+to\s+)?(do|play)\s+(for\s+fun|on\s+weekends|in\s+my)\b
    """,
    # What the user likes or cannot stand, asked outright: "что я не люблю?", "what are my favourites?".
    "tastes": r"""
        \bчто\s+(ещ[её]\s+)?я\s+(\w+\s+)?(не\s+)?(люблю|обожаю|ненавижу|предпочитаю)\b
      | \bчто\s+я\s+терпеть\s+не\s+могу\b
      | \bчто\s+мне\s+(\w+\s+)?(не\s+)?нрав(ится|ятся)\b | \b(люблю|нравится|нравятся)\s+ли\s+(я|мне)\b
      | \bмо(и|й|я|е|ё|его|ей|ю)\s+(вкус|предпочтени|любим)\w*
      | \bwhat\s+(else\s+)?(do|did)\s+i\s+(\w+\s+)?(like|love|hate|dislike|enjoy|prefer|adore|detest)\b
      | \bwhat\s+can'?t\s+i\s+stand\b | \bdo\s+i\s+(like|love|hate|dislike|enjoy|prefer)\b
      | \bmy\s+(tastes?|preferences|likes|dislikes|favou?rites?|faves?)\b
      | \b(what|which)\s+(is|are|'s)\s+my\s+(\w+\s+)?(favou?rite|fave|fav)\b
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


# Stems of international non-proprietary names (WHO, "The use of stems in the selection of INN"),
# Latin and Russian spelling: a word built on one names a drug even when no lexicon lists it
# ("ривароксабан", "dapagliflozin"). Only stems of four or more letters, or short ones that no
# common word ends with, are listed. One stem pair a line.
DRUG_STEMS: tuple[tuple[str, str], ...] = (
    ("cillin", "циллин"),
    ("mycin", "мицин"),
    ("micin", "мицин"),
    ("cycline", "циклин"),
    ("oxacin", "оксацин"),
    ("profen", "профен"),
    ("olol", "олол"),
    ("pril", "прил"),
    ("sartan", "сартан"),
    ("statin", "статин"),
    ("prazole", "празол"),
    ("tidine", "тидин"),
    ("azepam", "азепам"),
    ("azolam", "азолам"),
    ("dipine", "дипин"),
    ("ciclovir", "цикловир"),
    ("navir", "навир"),
    ("gliptin", "глиптин"),
    ("gliflozin", "глифлозин"),
    ("glitazone", "глитазон"),
    ("conazole", "коназол"),
    ("nidazole", "нидазол"),
    ("parin", "парин"),
    ("setron", "сетрон"),
    ("triptan", "триптан"),
    ("lukast", "лукаст"),
    ("afil", "афил"),
    ("caine", "каин"),
    ("dronate", "дронат"),
    ("oxetine", "оксетин"),
    ("pramine", "прамин"),
    ("triptyline", "триптилин"),
    ("peridol", "перидол"),
    ("apine", "апин"),
    ("semide", "семид"),
    ("thiazide", "тиазид"),
    ("barbital", "барбитал"),
    ("coxib", "коксиб"),
    ("formin", "формин"),
    ("xaban", "ксабан"),
    ("gatran", "гатран"),
    ("tinib", "тиниб"),
    ("umab", "умаб"),
)
_WORD = re.compile(r"[\w-]+")
_INFLECTIONS = ("", "s", "а", "у", "ом", "е", "ы", "ов", "ам", "ами", "ах", "ой")


def _stems_by_tail() -> dict[str, tuple[str, ...]]:
    table: dict[str, list[str]] = defaultdict(list)
    for stem in sorted({stem for pair in DRUG_STEMS for stem in pair}):
        table[stem[-2:]].append(stem)
    return {tail: tuple(stems) for tail, stems in table.items()}


_STEMS_BY_TAIL = _stems_by_tail()
_MIN_DRUG_WORD = 2 + min(len(stem) for pair in DRUG_STEMS for stem in pair)


def names_a_drug(text: str) -> bool:
    """Whether a word of the (case-folded) text is built on an INN stem: "ривароксабаном", "dapagliflozin".

    Stems are looked up by their last two letters once each possible ending is cut off, rather than
    by a regex over all the stems at every word boundary.
    """
    for word in _WORD.findall(text):
        if len(word) < _MIN_DRUG_WORD:
            continue
        for ending in _INFLECTIONS:
            if ending and not word.endswith(ending):
                continue
            base = word[: len(word) - len(ending)]
            for stem in _STEMS_BY_TAIL.get(base[-2:], ()):
                if base.endswith(stem) and len(base) >= len(stem) + 2:
                    return True
    return False


# Whom a permission is asked for, in the dative: the writer, or a child or partner they ask about.
_FOR_WHOM = r"(?:мне|нам|ему|ей|ребенку|детям|сыну|дочке|дочери)"
# "Можно ли мне <X>?": the slot after the permission words. A noun there is something to take
# ("можно ли мне Квелнокс?"); an infinitive is an action, left to the other patterns ("бегать").
_MAY_I_REGEX = re.compile(rf"\b(можно|нельзя|безопасно|опасно|вредно)\s+(ли\s+)?{_FOR_WHOM}\s+(?P<rest>[^.?!,;:]*)")
# The same permission with the person first ("Мне можно ибупрофен?", "А ребенку нельзя Квелнокс?") or the thing
# first ("А парацетамол мне можно?"). Both need the person: without one, "Можно вопрос?" would be a drug question.
_PERSON_FIRST_REGEX = re.compile(
    rf"\b{_FOR_WHOM}\s+(тоже\s+|еще\s+|уже\s+)?(можно|нельзя)\s+(ли\s+)?(?P<rest>[^.?!,;:]*)"
)
_THING_FIRST_REGEX = re.compile(
    rf"(^|[.?!,;:]\s*)(а\s+|и\s+)?(?P<rest>[\w-]+)\s+{_FOR_WHOM}\s+(тоже\s+|еще\s+)?(можно|нельзя)\s*(ли\s*)?[?.!]*\s*$"
)
# "Can I have/try/use <X>?": weak verbs; the slot counts only for a name-like word (capitalised,
# or with an INN stem). "Can I have the weekend off?" and "can I use grep here" are no drug questions.
_WEAK_SLOT_REGEXES: tuple[re.Pattern[str], ...] = tuple(
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        r"\b(can|could|may|should)\s+i\s+(have|try|get|drink|use|give\s+\w+)\s+(some\s+|a\s+|an\s+|more\s+)?"
        r"(?P<word>[\w-]+)(?P<form>\s+(gel|cream|drops|spray|ointment|tablets?|pills?|capsules?|syrup|patch))?",
        r"\bis\s+it\s+(ok|okay|safe|fine|alright)\s+(for\s+me\s+)?to\s+(?P<use>use)\s+(?P<word>[\w-]+)"
        r"(?P<form>\s+(gel|cream|drops|spray|ointment|tablets?|pills?|capsules?|syrup|patch))?",
    )
)
# "Aspirin with warfarin?", "Кофе с ибупрофеном?": a short question that only pairs two things.
_PAIR_REGEX = re.compile(
    r"^[^\w-]*[\w-]+(\s+[\w-]+)?\s+(with|plus|\+|с|со|вместе\s+с|и)\s+[\w-]+(\s+[\w-]+)?\s*\?+\W*$"
)
# Words that may sit in the slot without being the thing asked about.
_SLOT_SKIP = frozenset(
    [
        "сейчас",
        "сегодня",
        "завтра",
        "еще",
        "уже",
        "тоже",
        "также",
        "вечером",
        "утром",
        "днем",
        "ночью",
        "иногда",
        "немного",
        "чуть-чуть",
        "чуть",
        "ли",
        "же",
        "бы",
        "вместе",
        "одновременно",
        "снова",
        "опять",
        "хоть",
    ]
)
_NOT_A_SUBSTANCE = frozenset(
    [
        "в",
        "во",
        "на",
        "с",
        "со",
        "к",
        "ко",
        "по",
        "за",
        "о",
        "об",
        "обо",
        "у",
        "из",
        "до",
        "от",
        "для",
        "без",
        "при",
        "про",
        "через",
        "над",
        "под",
        "это",
        "этого",
        "так",
        "такое",
        "такой",
        "что",
        "как",
        "туда",
        "сюда",
        "там",
        "тут",
        "здесь",
        "куда",
        "когда",
        "где",
        "чем",
        "кому",
        "ему",
        "ей",
        "им",
        "не",
        "ни",
        "и",
        "или",
        "а",
        "но",
        "да",
        "нет",
    ]
)
_INFINITIVE = re.compile(r"(ть|ти|чь|ться|тись|чься)$")


def _drug_slot(text: str, original: str) -> bool:
    """A substance named where a drug goes, known or not (see _MAY_I_REGEX, _WEAK_SLOT_REGEXES, _PAIR_REGEX)."""
    if names_a_drug(text):
        return True
    permissions = (regex.finditer(text) for regex in (_MAY_I_REGEX, _PERSON_FIRST_REGEX, _THING_FIRST_REGEX))
    for match in (match for matches in permissions for match in matches):
        words = [word for word in _WORD.findall(match["rest"]) if word not in _SLOT_SKIP]
        if words and len(words[0]) >= 3 and words[0] not in _NOT_A_SUBSTANCE and not _INFINITIVE.search(words[0]):
            return True
    for regex in _WEAK_SLOT_REGEXES:
        for match in regex.finditer(original):
            word = match["word"]
            if match["form"] or names_a_drug(word.casefold()):
                return True
            # A capitalised name (a brand) counts after "have/try", not after "use" (tools are named too).
            if word[:1].isupper() and not word.isupper() and "use" not in match.group(0).casefold().split():
                return True
    return bool(_PAIR_REGEX.search(text))


def _compile(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.VERBOSE)


def _alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of a pattern (outside groups and character classes)."""
    parts: list[str] = []
    current: list[str] = []
    depth, index, in_class = 0, 0, False
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            current.append(pattern[index : index + 2])
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char in "()":
            depth += 1 if char == "(" else -1
        elif char == "|" and depth == 0:
            parts.append("".join(current))
            current = []
            index += 1
            continue
        current.append(char)
        index += 1
    return [*parts, "".join(current)]


_ESCAPE = re.compile(r"\\.")
_SCRIPT = {"ru": re.compile(r"[а-яё]"), "en": re.compile(r"[a-z]")}


def _for_script(pattern: str, script: str) -> re.Pattern[str]:
    """Only the alternatives that can match text in one script (RU or EN), plus script-free ones.

    A question is in one script almost always; running the other language's alternatives on it
    costs time and can only fail. Measured on the benchmark's questions: 43 → 34 µs a question.
    """
    other = _SCRIPT["en" if script == "ru" else "ru"]
    kept = [
        alt
        for alt in _alternatives(pattern)
        if not other.search(_ESCAPE.sub("", alt)) or _SCRIPT[script].search(_ESCAPE.sub("", alt))
    ]
    return _compile("|".join(kept) or "(?!)")


CLASS_ORDER: tuple[str, ...] = tuple(_CLASS_PATTERNS)
# Per script of the question: "ru" (Cyrillic only), "en" (Latin only), "mixed" (both, or neither).
_CLASS_REGEXES: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {
    "ru": tuple((name, _for_script(p, "ru")) for name, p in _CLASS_PATTERNS.items()),
    "en": tuple((name, _for_script(p, "en")) for name, p in _CLASS_PATTERNS.items()),
    "mixed": tuple((name, _compile(p)) for name, p in _CLASS_PATTERNS.items()),
}
_PAST_REGEX = {
    "ru": _for_script(_PAST_PATTERN, "ru"),
    "en": _for_script(_PAST_PATTERN, "en"),
    "mixed": _compile(_PAST_PATTERN),
}
_ARCHIVED_REGEX = {
    "ru": _for_script(_ARCHIVED_PATTERN, "ru"),
    "en": _for_script(_ARCHIVED_PATTERN, "en"),
    "mixed": _compile(_ARCHIVED_PATTERN),
}
_LATIN = re.compile(r"[a-z]")
_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)

# Classes for which what has ended still matters, and in which sections: a drug stopped last month
# can still interact; a habit given up years ago still shapes a risk. Other questions see the
# present only, unless they ask about the past themselves (the `past` flag: every section).
PAST_RELEVANT: dict[str, frozenset[str]] = {
    MEDICATION_SAFETY: frozenset({"medications"}),
    RISKS: frozenset({"lifestyle", "medications", "chronic_conditions", "diagnoses"}),
}


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


@dataclass(frozen=True, slots=True)
class QueryRoute:
    """What a question needs: its classes, the sections they select, and the temporal flags.

    `past_sections`: sections whose ended facts (a stopped drug, a habit given up) are shown; all of
    them when the question asks about the past itself.
    """

    classes: tuple[str, ...]
    past: bool
    archived: bool
    sections: tuple[str, ...]
    language: Literal["ru", "en"]
    past_sections: frozenset[str] = frozenset()

    @property
    def labels(self) -> list[str]:
        """Classes as reported in ContextPublic.query_classes: the flags appended when set."""
        return [*self.classes, *([PAST] if self.past else []), *([ARCHIVED] if self.archived else [])]

    def needs(self, query_class: str) -> bool:
        return query_class in self.classes

    def shows_past(self, section: str) -> bool:
        return self.past or section in self.past_sections


def normalize_query(query: str) -> str:
    return query.casefold().replace("ё", "е")


def _script(text: str) -> str:
    cyrillic, latin = bool(_CYRILLIC.search(text)), bool(_LATIN.search(text))
    return "ru" if cyrillic and not latin else "en" if latin and not cyrillic else "mixed"


def _classes(text: str, original: str, script: str | None = None) -> tuple[str, ...]:
    found = {name for name, regex in _CLASS_REGEXES[script or _script(text)] if regex.search(text)}
    if MEDICATION_SAFETY not in found and _drug_slot(text, original):
        found.add(MEDICATION_SAFETY)
    return tuple(name for name in CLASS_ORDER if name in found)


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


def with_class(route: QueryRoute, query_class: str) -> QueryRoute:
    """The route with one more class, as if the question had matched it."""
    if query_class in route.classes:
        return route
    classes = tuple(name for name in CLASS_ORDER if name in {*route.classes, query_class})
    return _routed(classes, route.past, route.archived, route.language)


def _routed(classes: tuple[str, ...], past: bool, archived: bool, language: Literal["ru", "en"]) -> QueryRoute:
    sections = sections_for(classes)
    past_sections = frozenset(
        section for query_class in classes for section in PAST_RELEVANT.get(query_class, ()) if section in sections
    )
    return QueryRoute(classes, past, archived, sections, language, past_sections)


def route_query(query: str) -> QueryRoute:
    text = normalize_query(query)
    script = _script(text)
    return _routed(
        _classes(text, query, script),
        past=bool(_PAST_REGEX[script].search(text)),
        archived=bool(_ARCHIVED_REGEX[script].search(text)),
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
