"""Person sections: profile (name, age, city, profession), preferences, style, instructions, notes.

Names and places are read from the text as written, because capitalisation is the best
offline signal that "Катя" in "я Катя" is a name while "думаю" in "я думаю" is not.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tasks.extractors.rules.sentence import Finding, Sentence
from tasks.language import lexicon
from tasks.language.text import (
    adjective_forms,
    capitalize_words,
    normalize,
    noun_forms,
    tokenize,
)

# --- notes: explicit commands --------------------------------------------------------------------

EXPLICIT_RE = re.compile(
    r"^\W*(?:(?:и|а|also|and)\s+)?(?:пожалуйста,?\s+|please,?\s+)?"
    r"(?:запомни(?:те)?|не\s+забудь(?:те)?|заметка|сохрани(?:те)?|remember|note|don't\s+forget|save)"
    r"(?:\s*(?:,\s*)?(?:пожалуйста|please))?\s*(?:[:,—-]\s*)?(?:(?:что|that)\s+)?"
)
NOT_A_COMMAND_RE = re.compile(r"^(?:when|how|what|if|where|когда|как|что\s+я|ли\b|me\b|this\b|это\b)")


def explicit_note(s: Sentence) -> Finding | None:
    """ "Запомни: X" → a note with X in the user's own words; None when it is not such a command."""
    m = EXPLICIT_RE.match(s.norm)
    if not m:
        return None
    rest = s.norm[m.end() :]
    if not rest.strip() or NOT_A_COMMAND_RE.match(rest):
        return None
    value = s.raw[m.end() :].strip().rstrip(".!;").strip()
    if len(value) < 3:
        return None
    return Finding("notes", {"value": value}, s, explicit=True)


# --- profile.age -----------------------------------------------------------------------------------

_AGE_FILLER = (
    r"(?:(?:уже|только|на\s+самом\s+деле|сейчас|вообще-то|вообще|ведь|же|почти|ровно|исполнилось"
    r"|стукнуло|всего)\s*,?\s+)"
)
AGE_RES = (
    re.compile(
        rf"\bмне\s+{_AGE_FILLER}{{0,3}}(\d{{1,3}})(?:\s*(?:год|года|лет)\b)?"
        r"(?!\s*(?:мг|кг|см|мл|%|раз|числа|час|мин|дн|недел|месяц|лет\s+назад|года\s+назад|год\s+назад))"
        r"(?!\d|[.,:/]\d|\s+назад)"
    ),
    re.compile(r"\b(?:мне\s+)?исполнил(?:ось|ся|ась)\s+(?:уже\s+)?(\d{1,3})\b(?!\d|[.,:/]\d)"),
    re.compile(r"\b(?:мой\s+)?возраст\s*[:—-]?\s*(?:у\s+меня\s+)?(\d{1,3})\b(?!\d|[.,:/]\d)"),
    re.compile(
        r"\bi(?:'m|\s+am)\s+(?:now\s+|actually\s+|only\s+|just\s+)?(\d{1,3})"
        r"(?:\s*(?:years?|yrs?|y\.?o\.?)(?:\s*old)?\b|(?=\s*(?:[,.!;]|$|and\b|but\b)))"
    ),
    re.compile(r"\bi\s+(?:just\s+)?turned\s+(\d{1,3})\b"),
    re.compile(r"\bmy\s+age\s+is\s+(\d{1,3})\b"),
)


def age(s: Sentence) -> list[Finding]:
    for pattern in AGE_RES:
        m = pattern.search(s.norm)
        if m and 1 <= int(m.group(1)) <= 130:
            action = "correct" if s.correcting else "assert"
            return [Finding("profile", {"value": int(m.group(1))}, s, action=action, slot="age")]
    return []


# --- profile.name ----------------------------------------------------------------------------------

_CAP = r"[A-ZА-ЯЁ][a-zа-яё]+(?:-[A-ZА-ЯЁ][a-zа-яё]+)?"
NAME_STRONG_RE = re.compile(
    r"(?i:меня\s+зовут|мо[её]\s+имя|my\s+name\s+is|my\s+name's|(?<!\w)name's)\s*[:—-]?\s*(?P<name>[^\W\d_]+)"
)
NAME_CALL_RE = re.compile(rf"(?i:зови(?:те)?\s+меня|называй(?:те)?\s+меня|call\s+me)\s+(?P<name>{_CAP})\b")
NAME_SELF_RE = re.compile(rf"(?:^|[,;:]\s*|\s)(?i:я|i'm|i\s+am)\s+(?:—\s+|-\s+)?(?P<name>{_CAP})\b(?!['’-])")
NEGATED_BEFORE_RE = re.compile(r"(?:\bне|don't|do\s+not|never|stop)\s*$")


def _name_ok(name: str) -> bool:
    words = lexicon.person_words()
    low = normalize(name)
    return (
        low not in words["name_stop_ru"]
        and low not in words["name_stop_en"]
        and low not in lexicon.places()
        and low not in lexicon.professions()
        and lexicon.drugs().lookup(low) is None
    )


def _from_address_form(name: str) -> str:
    """ "зови меня Сашей" → Саша: the instrumental of a name, back to the nominative."""
    if name.endswith("ей") and len(name) > 4:
        return name[:-2] + "я"
    if name.endswith("ой") and len(name) > 4:
        return name[:-2] + "а"
    if name.endswith("ом") and len(name) > 4:
        return name[:-2]
    return name


def name(s: Sentence) -> list[Finding]:
    candidate = None
    m = NAME_STRONG_RE.search(s.raw)
    if m:
        candidate = m.group("name")
    else:
        # "Don't call me Tom, call me Thomas": the first "call me" that is not negated names the user.
        called = (c for c in NAME_CALL_RE.finditer(s.raw) if not NEGATED_BEFORE_RE.search(s.norm[: c.start()]))
        m = next(called, None)
        if m:
            candidate = _from_address_form(m.group("name"))
        else:
            m = NAME_SELF_RE.search(s.raw)
            if m:
                candidate = m.group("name")
    if not candidate or not _name_ok(candidate) or len(candidate) < 2:
        return []
    value = candidate[:1].upper() + candidate[1:]
    return [Finding("profile", {"value": value}, s, action="correct" if s.correcting else "assert", slot="name")]


# --- profile.city / country ----------------------------------------------------------------------

PLACE_CUES: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"\b(?:живу|живем|проживаю|проживаем)\s+(?:я\s+|мы\s+)?(?:сейчас\s+|теперь\s+|уже\s+|пока\s+)?в\s+"
            r"(?:городе\s+|г\.\s*)?"
        ),
        "prep",
    ),
    (re.compile(r"\bпереех\w*\s+(?:\w+\s+){0,2}?в\s+(?:город\s+)?"), "acc"),
    (re.compile(r"\bя\s+(?:сейчас\s+|сам\w*\s+)?из\s+(?:города\s+)?"), "gen"),
    (
        re.compile(
            r"\b(?:i|we)(?:'m|\s+am|'re|\s+are|'ve\s+been|\s+have\s+been)?\s+(?:now\s+|currently\s+)?"
            r"(?:live|living|based|moved|"
            r"relocated|reside|residing)\s+(?:now\s+|back\s+|here\s+)?(?:in|to)\s+"
        ),
        "en",
    ),
    (re.compile(r"\bi(?:'m|\s+am)\s+(?:originally\s+)?from\s+"), "en"),
)
PLACE_WORDS_RE = re.compile(r"(?:the\s+)?[A-ZА-ЯЁ][\w'-]*(?:\s+[A-ZА-ЯЁ][\w'-]*){0,2}")


def _place_nominative(words: list[str], case: str) -> str:
    """The dictionary form of a place name read after a preposition ("Нижнем Новгороде")."""
    known = lexicon.places()
    low = [normalize(w) for w in words]
    if case == "en":
        return " ".join(words)
    for n in range(len(low), 0, -1):  # longest known name first
        head, last = low[: n - 1], low[n - 1]
        last_parts = last.split("-")
        for last_form in noun_forms(last_parts[0]):
            tail = "-".join([last_form, *last_parts[1:]])
            heads = [adjective_forms(w) for w in head]
            for head_forms in _product(heads):
                candidate = " ".join([*head_forms, tail])
                if candidate in known:
                    return known[candidate][0]
    return capitalize_words(" ".join(_guess_place_word(w, case, i < len(low) - 1) for i, w in enumerate(low)))


def _product(options: list[tuple[str, ...]]) -> list[list[str]]:
    result: list[list[str]] = [[]]
    for opts in options:
        result = [[*r, o] for r in result for o in opts]
    return result


def _guess_place_word(word: str, case: str, adjective: bool) -> str:
    """Conservative de-inflection for a place no lexicon knows: masculine names are the common case."""
    first, *rest = word.split("-")
    if adjective and first.endswith(("ом", "ем", "ого", "его", "ым", "им")):
        stem = first.rstrip("омегыи")
        first = stem + ("ий" if stem[-1:] in "гкхжшчщн" else "ый")
    elif case == "prep" and first.endswith("е") and len(first) > 3:
        first = first[:-1]
    elif case == "prep" and first.endswith("и") and first[-2:-1] not in "аеиоуыэюя":
        first = first[:-1] + "ь"
    elif case == "acc" and first.endswith("у"):
        first = first[:-1] + "а"
    elif case == "acc" and first.endswith("ю"):
        first = first[:-1] + "я"
    elif case == "gen" and first.endswith("а") and first[-2:-1] not in "аеиоуыэюя":
        first = first[:-1]
    elif case == "gen" and first.endswith("ы"):
        first = first[:-1] + "а"
    return "-".join([first, *rest])


def place(s: Sentence) -> list[Finding]:
    for cue, case in PLACE_CUES:
        m = cue.search(s.norm)
        if not m:
            continue
        words_m = PLACE_WORDS_RE.match(s.raw, m.end())
        if not words_m:
            continue
        words = words_m.group().split()
        if words[0].lower() == "the" and len(words) > 1:
            words = words[1:]
        value = _place_nominative(words, case)
        kind = lexicon.places().get(normalize(value), ("", "city"))[1]
        slot = "country" if kind == "country" else "city"
        return [Finding("profile", {"value": value}, s, action="correct" if s.correcting else "assert", slot=slot)]
    return []


# --- profile.profession ----------------------------------------------------------------------------

EN_WORK_AS_RE = re.compile(r"\b(?:i\s+work|i'm\s+working|i\s+am\s+working)\s+as\s+(?:an?\s+|the\s+)?([a-z][\w -]*)")
EN_MY_JOB_RE = re.compile(r"\bmy\s+(?:job|profession|occupation)\s+is\s+(?:an?\s+)?([a-z][\w -]*)")
EN_I_AM_A_RE = re.compile(r"\bi(?:'m|\s+am)\s+(?:now\s+|also\s+|actually\s+)?an?\s+([a-z][\w -]*)")
EN_PHRASE_STOP = re.compile(r"\s+(?:at|in|for|and|but|with|since|from|by|who|of|on|so)\b.*$")
RU_WORK_RE = re.compile(r"\bработа(?:ю|ет|ла|л)\s+(?:сейчас\s+|уже\s+|давно\s+|как\s+)*([\w-]+)(?:\s+([\w-]+))?")
RU_I_AM_RE = re.compile(
    r"(?:^|[,;:]\s*|\s)(?:я\s+(?:по\s+(?:профессии|специальности)\s+)?(?:—\s+|-\s+)?"
    r"|по\s+(?:профессии|специальности)\s+(?:я\s+)?|моя\s+профессия\s*[:—-]?\s*)(\w+)(?:\s+(\w+))?"
)
PROFESSION_SUFFIXES = ("ист", "лог", "тель", "ант", "ент", "щик", "чик", "ник", "ница", "тор", "граф", "инженер")
NOT_A_PROFESSION = frozenset(
    {
        "вечер",
        "утр",
        "дом",
        "день",
        "ден",
        "ночь",
        "лет",
        "зим",
        "сам",
        "один",
        "удален",
        "удаленно",
        "там",
        "ним",
        "ней",
        "всем",
        "потом",
        "сменой",
    }
)


def _english_profession(phrase: str, require_known: bool) -> str | None:
    phrase = EN_PHRASE_STOP.sub("", phrase).strip(" -")
    words = phrase.split()[:3]
    if not words:
        return None
    known = lexicon.professions()
    for i in range(len(words)):  # the longest known tail: "senior software engineer" → keeps all
        tail = " ".join(words[i:])
        if tail in known or (i == len(words) - 1 and words[-1] in known):
            return " ".join(words)
    return None if require_known else " ".join(words)


def _russian_profession(first: str, second: str | None, instrumental: bool) -> str | None:
    known = lexicon.professions()
    if second:  # "главным бухгалтером", "старшая медсестра"
        for noun in noun_forms(second):
            if noun in known:
                for adj in adjective_forms(first)[1:]:
                    if adj.endswith(("ый", "ий", "ой", "ая", "яя")) and first[:3] == adj[:3]:
                        return f"{adj} {noun}"
    if not instrumental:
        return first if first in known else None
    for form in noun_forms(first):
        if form in known:
            return form
    if first.endswith(("ом", "ем", "ой", "ей")) and len(first) > 5:
        for form in noun_forms(first):
            if form.endswith(PROFESSION_SUFFIXES) and not {form, form[:-1]} & NOT_A_PROFESSION:
                return form
    return None


def profession(s: Sentence) -> list[Finding]:
    value = None
    for pattern, require_known in ((EN_WORK_AS_RE, False), (EN_MY_JOB_RE, False), (EN_I_AM_A_RE, True)):
        m = pattern.search(s.norm)
        if m:
            value = _english_profession(m.group(1), require_known)
            if value:
                break
    if value is None:
        m = RU_WORK_RE.search(s.norm)
        if m:
            value = _russian_profession(m.group(1), m.group(2), instrumental=True)
    if value is None:
        for m in RU_I_AM_RE.finditer(s.norm):
            value = _russian_profession(m.group(1), m.group(2), instrumental=False)
            if value:
                break
    if not value:
        return []
    return [Finding("profile", {"value": value}, s, action="correct" if s.correcting else "assert", slot="profession")]


# --- preferences ---------------------------------------------------------------------------------

# Separate patterns, not one alternation: "я перешел на веганство" must reach the second one.
DIET_CUE_RES = (
    re.compile(r"\b(?:я|i'm|i\s+am)\s+(?:теперь\s+|уже\s+|стал[аи]?\s+|now\s+|a\s+|also\s+|strictly\s+|—\s+)*([\w-]+)"),
    re.compile(r"\b(?:перешл[аи]|перешел|switched|went|turned|converted|gone)\s+(?:to\s+|на\s+)?(?:a\s+)?([\w-]+)"),
    re.compile(r"\b(?:on\s+a|follow\s+a|сижу\s+на|соблюдаю)\s+([\w-]+)"),
)
NO_MEAT_RE = re.compile(
    r"\bне\s+ем\s+(мяс\w*|рыб\w*|свинин\w*|молочн\w*|глютен\w*|сахар\w*|сладк\w*)"
    r"|\bi\s+(?:don't|do\s+not)\s+eat\s+(meat|pork|fish|dairy|gluten|sugar)"
)
PET_CUE_RE = re.compile(
    r"\b(?:у\s+(?:меня|нас)\s+(?:есть\s+)?|мо[йяе]\s+|завел\w*\s+|i\s+have\s+|i've\s+got\s+"
    r"|we\s+have\s+|my\s+)"
)
HOBBY_RE = re.compile(
    r"\bувлекаюсь\s+(\w+(?:\s+\w+)?)|\bмо[её]\s+хобби\s*(?:[:—-]|это)?\s*(\w+(?:\s+\w+)?)"
    r"|\bmy\s+hobb(?:y|ies)\s+(?:is|are|include)\s+([\w -]+)"
    r"|\bi\s+(?:really\s+)?(?:love|enjoy|like)\s+(\w+ing)\b"
)
LIKE_RE = re.compile(
    r"\b(не\s+)?(?:люблю|обожаю)\s+([^,.;!?]{2,40})|\bi\s+(?:really\s+)?(love|like|hate|dislike|"
    r"don't\s+like|can't\s+stand)\s+([^,.;!?]{2,40})"
)
LIKE_STOP = re.compile(
    r"^(?:тебя|вас|его|ее|их|это|когда|что|как|если|так"
    r"|it|you|that|this|when|how|to|him|her|them)\b"
)


def _instrumental_to_nominative(word: str) -> str:
    for ending, replacement in (("ием", "ие"), ("ией", "ия"), ("ой", "а"), ("ей", "я"), ("ом", "")):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            return word[: -len(ending)] + replacement
    return word


def diet(s: Sentence) -> list[Finding]:
    diets = lexicon.person_words()["diets"]
    for pattern in DIET_CUE_RES:
        for m in pattern.finditer(s.norm):
            for form in adjective_forms(m.group(1)) + noun_forms(m.group(1)):
                if form in diets:
                    return [Finding("preferences", {"value": diets[form]}, s, slot="diet")]
    no_food = NO_MEAT_RE.search(s.norm)
    if no_food:
        return [Finding("preferences", {"value": s.cut(no_food.start(), no_food.end())}, s, slot="diet")]
    return []


def pets(s: Sentence) -> list[Finding]:
    if "аллерг" in s.norm or "allerg" in s.norm:
        return []
    table = lexicon.person_words()["pets"]
    found = []
    for m in PET_CUE_RE.finditer(s.norm):
        for token in tokenize(s.norm[m.end() :])[:3]:  # "у меня есть два рыжих кота"
            forms = (*noun_forms(token.text), token.text.rstrip("s"))
            pet = next((table[f] for f in forms if f in table), None)
            if pet:
                found.append(Finding("preferences", {"value": pet}, s, slot="pets"))
                break
    return found


EXERCISE_WORDS = (
    "спорт",
    "йог",
    "бег",
    "плаван",
    "фитнес",
    "теннис",
    "футбол",
    "бокс",
    "пилатес",
    "кроссфит",
    "тренаж",
    "велосипед",
    "лыж",
)


def hobbies_and_likes(s: Sentence) -> list[Finding]:
    found = []
    m = HOBBY_RE.search(s.norm)
    if m:
        i = next(i for i, g in enumerate(m.groups()) if g)
        start, end = m.span(i + 1)
        value = s.cut(start, end)
        if i == 0:
            value = " ".join(_instrumental_to_nominative(w) for w in normalize(value).split())
        if not any(w in normalize(value) for w in EXERCISE_WORDS):
            found.append(Finding("preferences", {"value": value}, s, slot="hobbies"))
        return found
    m = LIKE_RE.search(s.norm)
    if m:
        negative = bool(m.group(1)) or (m.group(3) or "") in ("hate", "dislike", "don't like", "can't stand")
        group = 2 if m.group(2) else 4
        start, end = m.span(group)
        phrase = re.split(r"\s+(?:и|а|но|and|but|because|потому)\s+", s.raw[start:end])[0].strip()
        if phrase and not LIKE_STOP.match(normalize(phrase)):
            found.append(Finding("preferences", {"value": phrase}, s, slot="dislikes" if negative else "likes"))
    return found


# --- style -----------------------------------------------------------------------------------------

STYLE_RULES: tuple[tuple[re.Pattern[str], str, str], ...] = tuple(
    (re.compile(pattern), slot, value)
    for pattern, slot, value in (
        (
            r"\b(?:давай(?:те)?|можно|можешь|будем|перейд\w+|обращайся|обращайтесь|говори|пиши)\s+(?:ко\s+мне\s+|со\s+мной\s+)?"
            r"(?:мне\s+)?на\s+ты\b|\bне\s+(?:называй|обращайся|зови|надо|нужно)\s+(?:меня\s+|ко\s+мне\s+)?на\s+вы\b"
            r"|\bбез\s+(?:этого\s+)?вы\b|\bможно\s+на\s+ты\b|\bна\s+ты,?\s+пожалуйста",
            "address",
            "ты",
        ),
        (
            r"(?<!не\s)\b(?:обращайся|обращайтесь|называй|называйте|давайте|говорите|пишите)\s+(?:ко\s+мне\s+|меня\s+)?"
            r"на\s+вы\b|\bне\s+(?:называй|обращайся|надо|нужно)\s+(?:меня\s+|ко\s+мне\s+)?на\s+ты\b|\bне\s+тыкай",
            "address",
            "Вы",
        ),
        (
            r"\b(?:пиши|отвечай|говори|объясняй)\w*\s+(?:мне\s+)?(?:покороче|коротко|кратко|короче|лаконично|по\s+делу)"
            r"|\bбез\s+воды\b|\b(?:keep\s+it|be)\s+(?:short|brief|concise)|\bshort(?:er)?\s+(?:answers|replies|responses)"
            r"|\bкороткие\s+ответы|\btl;?dr",
            "format",
            "short",
        ),
        (
            r"\b(?:пиши|отвечай|объясняй|расписывай)\w*\s+(?:мне\s+)?(?:подробно|подробнее|развернуто|детально)"
            r"|\bin\s+(?:more\s+)?detail\b|\bdetailed\s+(?:answers|explanations)|\bподробные\s+ответы",
            "format",
            "detailed",
        ),
        (r"\bсписком\b|\bпо\s+пунктам\b|\bbullet\s+points?\b|\bas\s+a\s+list\b|\bв\s+виде\s+списка", "format", "lists"),
        (r"\bпо\s+шагам\b|\bпошагово\b|\bstep[\s-]by[\s-]step\b", "format", "step_by_step"),
        (
            r"\bбез\s+(?:смайл\w*|эмодзи|emoji\w*|смайлов)|\bне\s+(?:используй|ставь|пиши|надо)\s+(?:мне\s+)?"
            r"(?:смайл\w*|эмодзи)|\bno\s+emojis?\b|\b(?:don't|do\s+not|stop)\s+(?:use|using|add|adding)\s+emojis?"
            r"|\bwithout\s+emojis?",
            "emoji",
            "none",
        ),
        (r"\bбольше\s+(?:смайл\w*|эмодзи)|\bmore\s+emojis?|\blots\s+of\s+emojis?", "emoji", "many"),
        (r"\bпоменьше\s+(?:смайл\w*|эмодзи)|\bfewer\s+emojis?|\bless\s+emojis?", "emoji", "few"),
        (
            r"\b(?:explain|talk)\s+(?:it\s+)?(?:to\s+me\s+)?like\s+i'm\s+(?:a\s+beginner|five|5|a\s+child|new)"
            r"|\bi'm\s+(?:a\s+)?(?:total\s+|complete\s+)?(?:beginner|newbie|new\s+to\s+(?:this|programming|coding))"
            r"|\bя\s+(?:полный\s+)?(?:новичок|чайник)|\bпростыми\s+словами|\bкак\s+(?:для\s+)?(?:новичк\w+|чайник\w+)"
            r"|\beli5\b",
            "tech_level",
            "novice",
        ),
        (
            r"\bi'm\s+an?\s+(?:expert|senior\s+\w+|professional)\b|\bskip\s+the\s+basics|\bя\s+(?:профи|эксперт|"
            r"опытный)|\bбез\s+(?:упрощений|азов)",
            "tech_level",
            "expert",
        ),
        (
            r"\b(?:be\s+)?more\s+formal\b|\bformal\s+tone\b|\bофициальн\w+\s+(?:тон|стил)|\b(?:пиши|говори|общайся)\s+"
            r"(?:более\s+)?официально|\bформальн\w+\s+(?:тон|стил)",
            "tone",
            "formal",
        ),
        (
            r"\b(?:be\s+)?more\s+(?:casual|friendly)\b|\bкак\s+с\s+другом\b|\bпо-дружески\b|\bнеформально\b"
            r"|\bfriendly\s+tone",
            "tone",
            "friendly",
        ),
        (
            r"\bс\s+юмором\b|\bшути\s+(?:побольше|больше)\b|\bwith\s+(?:some\s+)?humou?r\b|\bmore\s+jokes\b"
            r"|\bbe\s+funny\b",
            "tone",
            "humorous",
        ),
        (r"\bнейтральн\w+\s+(?:тон|стил)|\bneutral\s+tone\b", "tone", "neutral"),
        (
            r"\b(?:сразу|быстрее|ближе)\s+к\s+делу\b|\bбез\s+предисловий\b|\bget\s+to\s+the\s+point\b|\bno\s+fluff\b"
            r"|\bне\s+трать\s+мо[её]\s+время",
            "patience",
            "low",
        ),
        (
            r"\bне\s+торопись\b|\btake\s+your\s+time\b|\bя\s+не\s+тороплюсь\b|\bi'm\s+not\s+in\s+a\s+hurry\b",
            "patience",
            "high",
        ),
        (
            r"\bбез\s+(?:эмоций|восклицаний|восторгов)|\bсдержанн\w+|\bless\s+enthusias\w+|\bno\s+exclamation"
            r"|\btone\s+down\b",
            "emotionality",
            "reserved",
        ),
        (r"\bэмоциональн\w+|\bmore\s+(?:enthusias\w+|emotion\w*|expressive)", "emotionality", "expressive"),
    )
)


def style(s: Sentence) -> list[Finding]:
    found = []
    seen: set[str] = set()
    for pattern, slot, value in STYLE_RULES:
        if slot not in seen and pattern.search(s.norm):
            seen.add(slot)
            found.append(Finding("style", {"value": value}, s, slot=slot))
    return found


# --- instructions ----------------------------------------------------------------------------------

_RU_IMPERATIVE = (
    r"(?:называй|зови|обращайся|пиши|отвечай|говори|используй|предлагай|советуй|рекомендуй|упоминай"
    r"|присылай|напоминай|спрашивай|давай|показывай|добавляй|переводи|объясняй|проверяй|указывай"
    r"|обращай|ставь|шути|извиняйся|повторяй)(?:те)?"
)
_EN_VERB = (
    r"(?:call|answer|reply|respond|use|suggest|recommend|mention|say|write|give|ask|address|send|add|"
    r"explain|apologi[sz]e|remind|talk|speak|show|translate|include)"
)
INSTRUCTION_RES = (
    re.compile(rf"\bне\s+{_RU_IMPERATIVE}\b\s+(?:мне|меня|ко\s+мне|со\s+мной)\b"),
    re.compile(
        rf"\b(?:всегда|никогда|впредь|в\s+дальнейшем|отныне|с\s+этого\s+момента|больше\s+не)\s+(?:не\s+)?"
        rf"(?:\w+\s+)?{_RU_IMPERATIVE}\b"
    ),
    re.compile(rf"\b{_RU_IMPERATIVE}\s+(?:мне\s+|меня\s+|со\s+мной\s+)?(?:всегда|только)\b"),
    re.compile(
        r"\b(?:отвечай|пиши|говори)(?:те)?\s+(?:мне\s+|со\s+мной\s+)?(?:всегда\s+|только\s+)?на\s+"
        r"(?:английском|русском|немецком|испанском|французском|\w+ском)\b"
    ),
    re.compile(rf"\b(?:don't|do\s+not|never|stop|please\s+don't)\s+(?:ever\s+)?{_EN_VERB}\w*\s+(?:me|my|to\s+me)\b"),
    re.compile(rf"\b(?:always|never|from\s+now\s+on)\b,?\s+(?:please\s+)?(?:\w+\s+)?{_EN_VERB}"),
    re.compile(
        rf"\b{_EN_VERB}\s+(?:to\s+me\s+)?(?:only\s+|always\s+)?in\s+(?:english|russian|german|spanish|french)\b"
    ),
)
LEADING_FILLER_RE = re.compile(
    r"^(?:(?:и|а|но|ну|also|and|but|so|ok|okay|ладно|кстати|пожалуйста|please)\b[,\s]*)+", re.IGNORECASE
)
TRAILING_FILLER_RE = re.compile(r"[,\s]*(?:пожалуйста|please|ок|ok|спасибо|thanks)?[\s.!;,]*$", re.IGNORECASE)


def instructions(s: Sentence) -> list[Finding]:
    if not any(p.search(s.norm) for p in INSTRUCTION_RES):
        return []
    value = TRAILING_FILLER_RE.sub("", LEADING_FILLER_RE.sub("", s.raw.strip())).strip()
    if len(value) < 4:
        return []
    return [Finding("instructions", {"value": value}, s)]


PERSON_EXTRACTORS: tuple[Callable[[Sentence], list[Finding]], ...] = (
    age,
    name,
    place,
    profession,
    diet,
    pets,
    hobbies_and_likes,
    style,
    instructions,
)
