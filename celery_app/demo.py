"""`ltm demo`: a short sample dialogue through the whole pipeline, then the memory and a context."""

from __future__ import annotations

import json

from celery_app.producer import publish_fragment
from models.db import session_scope
from retrieval import build_context, list_facts
from tasks.erase import forget_user

DEMO_USER = "demo-user"

DIALOGUE = [
    [
        {
            "role": "user",
            "content": "Привет! Меня зовут Анна, я живу в Казани и работаю учителем.",
            "ts": "2026-01-10T09:00:00Z",
        }
    ],
    [
        {
            "role": "assistant",
            "content": "Приятно познакомиться! Есть ли у вас аллергии?",
            "ts": "2026-01-10T09:01:00Z",
        },
        {"role": "user", "content": "Да, у меня аллергия на пенициллин.", "ts": "2026-01-10T09:01:30Z"},
    ],
    [{"role": "user", "content": "Врач назначил мне Энап 5 мг по утрам от давления.", "ts": "2026-01-12T08:00:00Z"}],
    [{"role": "user", "content": "Давай на ты и пиши коротко.", "ts": "2026-01-12T08:05:00Z"}],
    [{"role": "user", "content": "Врач увеличил дозу эналаприла до 10 мг.", "ts": "2026-02-01T08:00:00Z"}],
]

QUESTIONS = ["Что выпить от головной боли?", "Что ты обо мне знаешь?"]


def run_demo(as_json: bool = False) -> None:
    with session_scope() as session:  # start from a clean slate, so the demo can be run again
        forget_user(session, DEMO_USER)
    for number, messages in enumerate(DIALOGUE, 1):
        publish_fragment(
            {"fragment_id": f"demo-{number}", "user_id": DEMO_USER, "conversation_id": "demo", "messages": messages}
        )
    facts = list_facts(DEMO_USER)
    contexts = [build_context(DEMO_USER, q) for q in QUESTIONS]
    if as_json:
        print(
            json.dumps(
                {"facts": facts.model_dump(mode="json"), "contexts": [c.model_dump(mode="json") for c in contexts]},
                ensure_ascii=False,
            )
        )
        return
    print("Dialogue:")
    for messages in DIALOGUE:
        for message in messages:
            print(f"  {message['role']:>9}: {message['content']}")
    print(f"\nStored facts about {DEMO_USER}:")
    for fact in facts.facts:
        value = fact.attributes.get("value") or fact.attributes.get("name_raw")
        details = {k: v for k, v in fact.attributes.items() if k not in ("value", "name_raw")}
        changes = " → ".join(h.change for h in fact.history)
        print(
            f"  {fact.section:<13} {fact.key:<12} {value!s:<12} {json.dumps(details, ensure_ascii=False)}  [{changes}]"
        )
    print("  coverage: " + ", ".join(f"{k}={v}" for k, v in facts.coverage.items()))
    for context in contexts:
        print(f"\nContext for «{context.query}» (sections: {', '.join(context.sections)}):\n")
        print("  " + context.text.replace("\n", "\n  "))
