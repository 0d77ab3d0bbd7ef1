"""The unit the rules look at: one user sentence with the context that changes its meaning.

Only the user's words are sources of facts. An assistant message matters only as the question a
user reply answers ("Есть ли у вас аллергии?" → "Нет"), so it is carried as `prompt` on the
first user sentence after it. A correction marker ("я ошибся", "actually") in a message, or in
the user's message just before it, marks every sentence of that message as `correcting`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from tasks.language import lexicon, morphology
from tasks.language.text import CYRILLIC_RE, Token, normalize, split_sentences, tokenize

CORRECTION_RE = re.compile(
    r"\bя\s+(?:ошибс?я|ошиблась|перепутал\w*|оговорил\w*|неправильно\s+сказал\w*)|\bна\s+самом\s+деле\b"
    r"|\bвернее\b|\bточнее\b|\bя\s+имел\w*\s+в\s+виду\b|\bопечатал\w*"
    r"|\bactually\b|\bmistake\b|\bi\s+was\s+wrong\b|\bi\s+meant\b|\bcorrection\b|\btypo\b|\bsorry,?\s+i\s+mean"
)
HEDGE_RE = re.compile(
    r"\bкажется\b|\bвроде\b|\bнаверное\b|\bвозможно\b|\bпо-моему\b|\bпохоже\b|\bне\s+уверен\w*,?\s+но\b"
    r"|\bi\s+think\b|\bmaybe\b|\bprobably\b|\bi\s+guess\b|\bpossibly\b|\bi\s+believe\b|\bnot\s+sure\s+but\b"
)
# Wishes, plans to try and hypotheticals: nothing said in them is a fact about the user ("хочу попробовать X",
# "если бы у меня был диабет", "should I try X", "I'm thinking about starting X").
HYPOTHETICAL_RE = re.compile(
    r"\bесли\s+бы\b|\bхо(?:чу|тел\w*|телось)\s+(?:бы\s+)?(?:попробовать|начать|перейти|завести|купить)"
    r"|\bдумаю\s+(?:попробовать|начать|перейти)|\bподумыва\w*|\bсобира\w*\s+(?:попробовать|начать)"
    r"|\bможет\s+(?:быть\s+)?(?:стоит|попробовать)|\bстоит\s+ли|\bмечта\w*"
    r"|\bif\s+i\s+(?:were|had|was|took|tried)\b|\b(?:want|wanted|would\s+like|planning|plan|thinking\s+about"
    r"|considering|wondering\s+(?:if|whether|about))\s+(?:to\s+)?(?:try|start|trying|starting|switch\w*|taking|getting)"
    r"|\bshould\s+i\b|\bwould\s+it\b|\bmight\s+try\b"
    r"|\bвдруг\s+(?:у\s+меня|это)\b|\bа\s+вдруг\b|\bwhat\s+if\b|\bcould\s+it\s+be\b|\bне\s+\w+\s+ли\s+у\s+меня\b"
)
# A statement set in the writer's past from its first words ("when i was a kid i had asthma", «в детстве пила
# рыбий жир»): what it says held then. Not when the same sentence brings it to the present ("…and i still do").
PAST_FRAME_RE = re.compile(
    r"^\W*(?:(?:back\s+)?when\s+i\s+was\s+(?:a\s+(?:kid|child|boy|girl|teen(?:ager)?|student)|little|small|young(?:er)?"
    r"|pregnant|in\s+(?:high\s+|grade\s+|middle\s+)?(?:school|college|university))"
    r"|as\s+a\s+(?:kid|child|teen(?:ager)?)|growing\s+up|in\s+my\s+(?:childhood|youth|teens)"
    r"|в\s+(?:детстве|юности|молодости|школьные\s+годы)|когда\s+я\s+(?:был|была)\s+(?:маленьк\w+|ребенком|моложе"
    r"|беременн\w+|подростком|школьни\w+|студент\w*|в\s+школе))\b"
)
PRESENT_AGAIN_RE = re.compile(
    r"\b(?:now|still|again|these\s+days|currently|today|since|ever\s+since|to\s+this\s+day"
    r"|сейчас|теперь|до\s+сих\s+пор|снова|опять|все\s+еще|по\s+сей\s+день|с\s+тех\s+пор|и\s+сейчас)\b"
)
# Words that make a comma-separated part of a question a question; the other parts are statements
# ("у меня болит голова, что выпить?" keeps "у меня болит голова").
QUESTION_RE = re.compile(
    r"\b(?:что|как|какой|какая|какие|каким|чем|можно|нужно|стоит|ли|где|куда|откуда|кто|когда|почему|зачем|сколько|посоветуй\w*"
    r"|what|how|which|can|could|should|is|are|do|does|when|where|why|would|will)\b"
)


class MessageLike(Protocol):
    @property
    def role(self) -> str: ...
    @property
    def content(self) -> str: ...
    @property
    def ts(self) -> datetime | None: ...


@dataclass(frozen=True)
class Sentence:
    raw: str  # as the user wrote it: evidence and raw names are cut from here
    norm: str  # `normalize(raw)`, same offsets
    tokens: tuple[Token, ...]
    said_at: datetime | None = None
    prompt: str = ""  # the normalised assistant message this sentence answers, if any
    # The question the user has just put to the listener, normalised: the question typed into this sentence or
    # the sentence before it in the message ("what's your favourite colour? mine is blue"). "mine" points to it.
    asked: str = ""
    correcting: bool = False
    hedged: bool = False
    hypothetical: bool = False
    past: bool = False  # set in the writer's past (PAST_FRAME_RE)
    first_in_message: bool = True
    message: str = ""  # the whole message, normalised: what the writer says of themselves around this sentence
    request: bool = False  # what a request put as a question asks of the listener (`requested`)

    @classmethod
    def of(cls, raw: str, **context: Any) -> Sentence:
        norm = normalize(raw)
        return cls(
            raw,
            norm,
            tuple(tokenize(norm)),
            hedged=bool(HEDGE_RE.search(norm)),
            hypothetical=bool(HYPOTHETICAL_RE.search(norm)),
            past=bool(PAST_FRAME_RE.search(norm)) and not PRESENT_AGAIN_RE.search(norm),
            **context,
        )

    def cut(self, start: int, end: int) -> str:
        return self.raw[start:end].strip()

    @property
    def english(self) -> bool:
        """No Cyrillic letter: an emoji or a typographic quote ("“just go”") leaves an English sentence English."""
        return not CYRILLIC_RE.search(self.norm)

    def __hash__(self) -> int:
        # Sentences key the per-sentence caches (lru_cache) several times each; the generated hash would hash every
        # token again each time. The words and their context are enough: the other fields follow from them (equal
        # sentences still hash alike, as the generated equality requires).
        return hash((self.raw, self.said_at, self.prompt, self.asked, self.message))


@dataclass(frozen=True)
class Finding:
    """One thing a sentence says, before it becomes a ProposedEvent."""

    section: str
    attributes: dict[str, Any]
    sentence: Sentence
    action: str = "assert"
    slot: str | None = None
    explicit: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


# Where a question clause begins inside a run of words people type without punctuation ("i m todd what s
# your name", "i only have 1 son how do you do it", «я из Казани а ты откуда»). A question word opens a
# question only when the question is put to someone: an auxiliary right after it or "you" close behind ("what s
# your name", "how do you", "what about you", «откуда ты», «сколько тебе»); in "when i was 20" it opens a clause
# of the statement. An auxiliary or modal before a subject pronoun is an inverted question ("do you", "is
# that"); «а ты», «а у вас» turns the talk to the other person; «X ли» asks about X.
_YOU_EN = r"(?:you|u|ya|your|ur|yours|yourself)"
_YOU_RU = r"(?:ты|вы|тебя|вас|тебе|вам|тобой|вами|твой|твоя|твое|твои|ваш|ваша|ваше|ваши)"
_AUX_EN = r"(?:do|does|did|are|is|was|were|have|has|had|can|could|would|will|should|shall|may|am|s|re)"
_WH_EN = r"(?:what|how|where|when|why)"
_WH_YOU_EN = r"(?:what|whats|how|hows|who|whos|where|wheres|when|why|which|whose)"
_WH_RU = r"(?:кто|что|где|куда|откуда|когда|почему|зачем|как|как(?:ой|ая|ое|ие|ую|ого|ом|им|их)|сколько|чей|чья|чьи)"
# Put to the listener: cut from any sentence.
_ASKS_LISTENER = (
    rf"\b{_WH_YOU_EN}\b(?=(?:\W+\w+){{0,3}}?\W+{_YOU_EN}\b)|\b(?:and|or|how\s+about|what\s+about)\s+{_YOU_EN}\s*$"
    rf"|\b{_AUX_EN}\s+(?:you|u|ya)\b|\b{_WH_RU}\b(?=(?:\W+\w+){{0,2}}?\W+{_YOU_RU}\b)|\bа\s+(?:у\s+|с\s+)?{_YOU_RU}\b"
)
ASKS_LISTENER_RE = re.compile(_ASKS_LISTENER)
# Any question, for a sentence that ends with a question mark.
QUESTION_OPENER_RE = re.compile(
    rf"{_ASKS_LISTENER}|\b{_WH_EN}\s+(?:{_AUX_EN}|about|else|old|many|much|long|kind|sort|type)\b"
    rf"|\b{_AUX_EN}\s+(?:they|he|she|it|we|there|that|this|anyone|anybody)\b|\b\w+\s+ли\b"
)
# Where the user speaks of themself again after a question typed without punctuation ("do you like frisbee i play
# it with my dog"): a first-person subject or possessive. Before a question, it makes what leads to it a
# statement of the user's.
_STATEMENT_RESUMES_RE = re.compile(
    r"\b(?:i|i'm|im|i've|ive|i'd|i'll|my|mine|we|we're|we've|our|я|мне|меня|у\s+меня|мой|моя|мое|мои|мы|у\s+нас|наш|наша|наши)\b"
)


# A clause that is a question from its first word ("should i tell him i'm 30 do you think").
_ASKS_FROM_START_RE = re.compile(
    rf"\W*(?:{_AUX_EN}|{_WH_YOU_EN}|{_WH_RU}|am|may|might|разве|неужели|можно|стоит|нужно)\b"
)


def _statement_before(part: str, opener: re.Pattern[str], *, asked: bool) -> str:
    """The statement a part opens with, before a question clause run on without punctuation.

    Of a part known to ask something (`asked`) nothing is kept when it is a question from its first word, when
    what comes before the question says nothing of the user, or when no clause can be seen to open the question:
    a declarative said with a question mark ("you got married at 20?") is all question."""
    m = opener.search(normalize(part))
    if m is None:
        return "" if asked else part
    before = part[: m.start()].rstrip(" ,;:-—")
    lead = normalize(before)
    if asked and (_ASKS_FROM_START_RE.match(lead) or not _STATEMENT_RESUMES_RE.search(lead)):
        return ""
    return before


def _without_questions_to_listener(raw: str) -> str:
    """A sentence without a question mark, less the questions to the listener run into it ("i'm a nurse what do
    you do", "do u have a favourite season i love spring"): each runs to where the user speaks of themself again."""
    norm = normalize(raw)
    kept: list[str] = []
    position = 0
    while (question := ASKS_LISTENER_RE.search(norm, position)) is not None:
        kept.append(raw[position : question.start()])
        resumed = _STATEMENT_RESUMES_RE.search(norm, question.end())
        position = resumed.start() if resumed else len(raw)
    kept.append(raw[position:])
    return " ".join(part.strip(" ,;:-—") for part in kept if part.strip(" ,;:-—"))


def _asks(norm: str) -> bool:
    return bool(QUESTION_RE.search(norm) or QUESTION_OPENER_RE.search(norm))


def statement_part(raw: str) -> str:
    """What a sentence states, without the questions in it.

    A question sentence keeps only its comma-separated parts that are not themselves questions (the last part,
    which the question mark closes, always is one), and of a question part the statement run on before it
    ("i only have 1 son how do you do it?"). A sentence without a question mark loses a question to the
    listener typed on after it ("i'm a nurse what do you do").
    """
    if not raw.rstrip().endswith("?"):
        return _without_questions_to_listener(raw)
    parts = re.split(r"(?<=[,;])\s+|\s+(?:—|-)\s+", raw.rstrip(" ?"))
    # The part the question mark closes asks something even without a question word: a yes/no question may
    # be a statement's words said rising ("Это грипп?", "So it's the flu?").
    asking = [_asks(normalize(p)) for p in parts[:-1]] + [True]
    kept = [
        _statement_before(p, QUESTION_OPENER_RE, asked=True) if a else p for p, a in zip(parts, asking, strict=True)
    ]
    return " ".join(p for p in kept if p.strip()).rstrip(",; ")


# What a question takes for granted about the one asking: "how do I get my 2 kids to sleep?", "what should I buy my
# wife?", «что подарить моему мужу?», "have you seen my dog?" — the children, spouse or pet it calls the user's are
# theirs. Only the possessive phrase is read, up to its head noun (a person rule then decides what, if anything,
# it says: "my ex-wife" is divorced, "my future husband" nothing).
MY_RE = re.compile(r"\b(?:my|мо(?:й|я|е|и|его|ему|ей|ю|их|им|ими|ем))\s+")
PRESUPPOSED_WORDS = 3


def presupposed(raw: str) -> list[str]:
    """The user's children, spouse or pets a question speaks of as theirs, as phrases: "my 3 children"."""
    norm = normalize(raw)
    if UNREAL_RE.search(norm):
        return []  # "if I had kids, would my kids like it?"
    found = []
    for m in MY_RE.finditer(norm):
        words = tokenize(norm[m.end() :])[:PRESUPPOSED_WORDS]
        head = next((w for w in words if _is_kin_or_pet(w.text)), None)
        if head is not None:
            found.append(raw[m.start() : m.end() + head.end])
    return found


def _is_kin_or_pet(word: str) -> bool:
    words = lexicon.person_words()
    lemma = word if word.isascii() else morphology.lemma(word)
    return any(w in words["children"] or w in words["pets"] or w in SPOUSES for w in (word, lemma, word.rstrip("s")))


# A request put as a question: "could you keep your answers short?", "can you please always answer in English?",
# «можешь отвечать покороче?», «не могли бы вы писать без смайликов?». What follows the modal is what is asked.
POLITE_REQUEST_RE = re.compile(
    r"^(?:(?:and|so|also|ok|okay|please|и|а|пожалуйста)[,\s]+)*"
    r"(?:(?:can|could|would|will)\s+(?:you|u)|(?:ты\s+)?можешь|(?:вы\s+)?можете|не\s+мог(?:ли|ла)?\s+бы(?:\s+(?:ты|вы))?)"
    r"\s+(?:please\s+|пожалуйста\s+)?(?P<asked>.+?)[\s?!.]*$",
    re.IGNORECASE,
)


def requested(raw: str) -> str | None:
    """What a request put as a question asks the listener to do ("could you keep it short?" → "keep it short").

    Read only by the rules of reply style and standing instructions: the question says nothing of the writer's
    life ("can you tell me about my diabetes?" is no statement that they have it; `presupposed` reads that)."""
    m = POLITE_REQUEST_RE.match(raw.strip())
    return m.group("asked") if m else None


UNREAL_RE = re.compile(r"\bif\b|\bесли\b|\bвдруг\b|\bimagine\b|\bпредстав\w+|\bsuppose\b")
SPOUSES = frozenset({"husband", "wife", "spouse", "hubby", "муж", "жена", "супруг", "супруга"})


def user_sentences(messages: Sequence[MessageLike]) -> list[Sentence]:
    """The user's sentences in order, each with the context its meaning depends on."""
    out: list[Sentence] = []
    prompt = ""
    previous_user_correcting = False
    for message in messages:
        if message.role != "user":
            prompt = normalize(message.content)
            continue
        whole = normalize(message.content)
        correcting = bool(CORRECTION_RE.search(whole))
        asked_before = ""
        for i, raw in enumerate(split_sentences(message.content)):
            text = statement_part(raw)
            asking = raw.rstrip().endswith("?") or ASKS_LISTENER_RE.search(normalize(raw))
            asks_here = normalize(raw) if asking else ""
            if text.strip():
                out.append(
                    Sentence.of(
                        text,
                        said_at=message.ts,
                        prompt=prompt,
                        asked=asks_here or asked_before,
                        correcting=correcting or previous_user_correcting,
                        first_in_message=i == 0,
                        message=whole,
                    )
                )
            asked_of_listener = requested(raw) if asking else None
            if asked_of_listener:
                out.append(Sentence.of(asked_of_listener, said_at=message.ts, request=True, message=whole))
            for phrase in presupposed(raw) if asking else ():
                if phrase in text:
                    continue  # kept with the statement part already: «Мой муж храпит, что делать?»
                out.append(
                    Sentence.of(phrase, said_at=message.ts, prompt=prompt, first_in_message=False, message=whole)
                )
            asked_before = asks_here
        previous_user_correcting = correcting
        prompt = ""
    return out
