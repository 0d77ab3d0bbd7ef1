"""The read path's safety behaviour against the real PostgreSQL: the medication-safety context for
drugs nobody listed, the safety floor, documents routed by their fields, conflicts between a
document and the user, past facts where the past matters, and the retry on a dropped connection.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime

from sqlalchemy import text
from sqlalchemy.orm import Session
from sqlalchemy.pool import QueuePool

from models.db import get_read_engine
from retrieval import build_context
from tests.test_retrieval import add_fact, add_record, block_items, block_text, entity, kinds, medication, set_coverage

SAID = datetime(2026, 1, 2, 10, 0, tzinfo=UTC)
DISCHARGED = datetime(2025, 11, 3, tzinfo=UTC)


def discharge_summary(session: Session, user_id: str, **payload: object) -> None:
    fields = {"Диагноз": "внебольничная пневмония", "Аллергии": "амоксициллин", "Назначения": "цефазолин 1 г"}
    fields.update(payload)  # type: ignore[arg-type]
    add_record(session, user_id, "Выписка из стационара", fields, kind="document", date=DISCHARGED)


# --- medication safety for any drug --------------------------------------------------------------


def test_unknown_drug_question_brings_allergies_medications_conditions_and_documents(
    session: Session, user_id: str
) -> None:
    add_fact(session, user_id, "allergies", "цефазолин", entity("цефазолин", kind="drug"))
    add_fact(session, user_id, "chronic_conditions", "бронхиальная астма", entity("бронхиальная астма"))
    add_fact(session, user_id, "medications", "тиотропий", medication("тиотропий", status="active"))
    add_fact(
        session,
        user_id,
        "medications",
        "кветиапин",
        medication("кветиапин", status="stopped", stopped="две недели назад"),
        status="inactive",
    )
    add_fact(session, user_id, "vaccinations", "столбняк", entity("столбняк", date="2020"))
    discharge_summary(session, user_id)

    context = build_context(user_id, "Можно ли мне принимать Квелнокс?", session=session)
    assert "medication_safety" in context.query_classes
    own = block_text(context, "self_reported")
    assert "цефазолин" in own and "бронхиальная астма" in own and "тиотропий" in own
    # A drug stopped two weeks ago can still interact: shown, worded as ended, with the day it was said.
    stopped = next(item for item in block_items(context, "self_reported") if "кветиапин" in item)
    assert 'больше не принимает с "две недели назад", со слов от 2026-01-02' in stopped
    # The discharge summary shows the fields a drug question needs, not the whole document.
    documented = block_text(context, "documented")
    assert "амоксициллин" in documented and "2025-11-03" in documented
    assert "столбняк" not in context.text and "vaccinations" not in context.sections

    present = build_context(user_id, "Какие лекарства я сейчас принимаю?", session=session)
    assert "кветиапин" not in present.text


def test_english_drug_question_with_an_invented_name(session: Session, user_id: str) -> None:
    add_fact(session, user_id, "allergies", "amoxicillin", entity("amoxicillin", kind="drug"))
    add_fact(session, user_id, "medications", "tiotropium", medication("tiotropium", status="active"))
    context = build_context(user_id, "Can I take Zorvaline with wine?", session=session)
    assert "amoxicillin" in context.text and "tiotropium" in context.text
    assert "Chronic conditions: unknown" in block_text(context, "gaps")


def test_a_drug_on_file_named_without_a_verb_is_a_drug_question(session: Session, user_id: str) -> None:
    add_fact(session, user_id, "medications", "варфарин", medication("варфарин", status="active"))
    add_fact(session, user_id, "allergies", "амоксициллин", entity("амоксициллин", kind="drug"))
    add_fact(session, user_id, "allergies", "пыльца", entity("пыльца", kind="environmental"))
    context = build_context(user_id, "Что скажешь про варфарин?", session=session)
    assert "medication_safety" in context.query_classes
    assert "амоксициллин" in block_text(context, "self_reported") and "варфарин" in context.text
    english = build_context(user_id, "Tell me about Amoxicillin", session=session)
    assert "medication_safety" in english.query_classes
    # An environmental allergen named in a question is no drug question; the floor still shows it.
    pollen = build_context(user_id, "Когда цветёт пыльца берёзы?", session=session)
    assert "medication_safety" not in pollen.query_classes


# --- the safety floor ----------------------------------------------------------------------------


def test_a_drug_question_shows_a_pregnancy_with_the_day_it_was_said(session: Session, user_id: str) -> None:
    add_fact(session, user_id, "demographics", "pregnancy", {"value": "pregnant"}, at=SAID)
    context = build_context(user_id, "Можно мне нурофен от головной боли?", session=session)
    assert "беременна (со слов от 2026-01-02)" in block_text(context, "self_reported")
    english = build_context(user_id, "Is ibuprofen ok for a headache?", session=session)
    assert "pregnant (said on 2026-01-02)" in english.text


def test_unclassified_question_still_carries_allergies_and_conditions(session: Session, user_id: str) -> None:
    add_fact(session, user_id, "profile", "name", {"value": "Всеволод"})
    add_fact(session, user_id, "allergies", "амоксициллин", entity("амоксициллин"))
    add_fact(session, user_id, "allergies", "пыльца березы", entity("пыльца березы"))
    add_fact(session, user_id, "chronic_conditions", "эпилепсия", entity("эпилепсия"))
    add_fact(session, user_id, "medications", "ламотриджин", medication("ламотриджин", status="active"))
    context = build_context(user_id, "Как настроить CI?", session=session)
    assert context.query_classes == []
    floor = block_items(context, "self_reported")
    assert len(floor) == 2 and floor[1] == 'Хронические заболевания: "эпилепсия"'
    assert floor[0].startswith("Аллергии: ") and '"пыльца березы"' in floor[0] and '"амоксициллин"' in floor[0]
    assert {"allergies", "chronic_conditions"} <= set(context.sections)
    assert "ламотриджин" not in context.text  # the floor is short: allergies and conditions only
    english = build_context(user_id, "How do I rebase a branch?", session=session)
    assert 'Allergies: "' in english.text and "пыльца березы" in english.text


def test_floor_names_documented_allergies_and_is_absent_without_any(session: Session, user_id: str) -> None:
    add_fact(session, user_id, "profile", "name", {"value": "Всеволод"})
    assert kinds(build_context(user_id, "Как настроить CI?", session=session)) == ["profile"]
    discharge_summary(session, user_id)
    context = build_context(user_id, "Как настроить CI?", session=session)
    assert block_items(context, "documented") == ['Аллергии: "амоксициллин"']
    assert "self_reported" not in kinds(context)


def test_archived_allergy_is_not_on_the_floor(session: Session, user_id: str) -> None:
    add_fact(session, user_id, "allergies", "амоксициллин", entity("амоксициллин"), status="archived")
    assert "амоксициллин" not in build_context(user_id, "Как настроить CI?", session=session).text


# --- documents and conflicts ---------------------------------------------------------------------


def test_records_are_routed_by_their_fields(session: Session, user_id: str) -> None:
    discharge_summary(session, user_id)
    add_record(session, user_id, "Прививочный сертификат", {"АДС-М": "2019-05-01"}, kind="vaccination")
    vaccine = build_context(user_id, "Когда мне нужна ревакцинация?", session=session)
    assert "АДС-М" in block_text(vaccine, "documented")
    assert "Выписка" not in vaccine.text
    allergy = build_context(user_id, "На что у меня аллергия?", session=session)
    documented = block_text(allergy, "documented")
    assert "амоксициллин" in documented and "пневмония" not in documented and "Прививочный" not in documented


def test_user_said_none_while_a_document_names_one_both_shown_as_a_conflict(session: Session, user_id: str) -> None:
    set_coverage(session, user_id, "allergies", "confirmed_absent", at=SAID)
    discharge_summary(session, user_id)
    context = build_context(user_id, "Можно ли мне Мирвалон?", session=session)
    own = next(item for item in block_items(context, "self_reported") if item.startswith("Аллергии"))
    assert own.startswith("Аллергии: нет (подтверждено 2026-01-02)")
    assert "РАСХОЖДЕНИЕ" in own and '"Выписка из стационара" от 2025-11-03' in own
    documented = next(item for item in block_items(context, "documented") if "амоксициллин" in item)
    assert "РАСХОЖДЕНИЕ" in documented and "со слов от 2026-01-02" in documented and "2025-11-03" in documented
    # No resolver: the allergy is not decided either way, the gap is not claimed, both sides stay.
    assert "Аллергии" not in block_text(context, "gaps")


def test_document_says_none_while_the_user_named_one(session: Session, user_id: str) -> None:
    add_fact(session, user_id, "allergies", "ambroxol", entity("ambroxol"), at=SAID)
    add_record(
        session,
        user_id,
        "Pre-op assessment",
        {"Allergies": "NKDA", "Procedure": "knee arthroscopy"},
        kind="document",
        date=DISCHARGED,
    )
    context = build_context(user_id, "Can I take Zorvaline?", session=session)
    own = next(item for item in block_items(context, "self_reported") if "ambroxol" in item)
    assert "CONFLICT" in own and "said on 2026-01-02" in own and '"Pre-op assessment" of 2025-11-03' in own
    documented = block_text(context, "documented")
    assert "NKDA" in documented and "CONFLICT" in documented


def test_document_names_what_the_user_denied(session: Session, user_id: str) -> None:
    add_fact(session, user_id, "allergies", "амоксициллин", entity("амоксициллин"), status="inactive", at=SAID)
    discharge_summary(session, user_id)
    context = build_context(user_id, "На что у меня аллергия?", session=session)
    assert "РАСХОЖДЕНИЕ" in block_text(context, "documented")


def test_agreeing_document_is_no_conflict(session: Session, user_id: str) -> None:
    add_fact(session, user_id, "allergies", "амоксициллин", entity("амоксициллин"))
    set_coverage(session, user_id, "allergies", "known")
    discharge_summary(session, user_id)
    context = build_context(user_id, "Можно ли мне Мирвалон?", session=session)
    assert "РАСХОЖДЕНИЕ" not in context.text
    assert "амоксициллин" in block_text(context, "self_reported") and "амоксициллин" in block_text(
        context, "documented"
    )


# --- past facts where the past matters -----------------------------------------------------------


def test_a_habit_given_up_is_shown_for_risk_questions_worded_as_ended(session: Session, user_id: str) -> None:
    add_fact(session, user_id, "lifestyle", "smoking", {"value": "бросила курить три года назад"}, at=SAID)
    add_fact(session, user_id, "family_history", "мать:инсульт", entity("инсульт", relative="мать"))
    risk = build_context(user_id, "Какие у меня риски инсульта?", session=session)
    smoking = next(item for item in block_items(risk, "self_reported") if "курить" in item)
    assert "(в прошлом; со слов от 2026-01-02)" in smoking
    assert "инсульт" in block_text(risk, "self_reported")
    assert "курить" not in build_context(user_id, "Посоветуй книгу на выходные", session=session).text


def test_a_negated_habit_appears_for_risks_only(session: Session, user_id: str) -> None:
    add_fact(session, user_id, "lifestyle", "alcohol", {"value": "пью по выходным"}, status="inactive", at=SAID)
    assert "пью по выходным" not in build_context(user_id, "Сколько мне нужно спать?", session=session).text
    risk = build_context(user_id, "What are my risks of liver disease?", session=session)
    assert '"пью по выходным" (no longer so since 2026-01-02)' in risk.text


def test_dates_that_decide_an_answer_are_shown_with_the_item(session: Session, user_id: str) -> None:
    add_fact(
        session, user_id, "vaccinations", "клещевой энцефалит", entity("клещевой энцефалит", date="в мае"), at=SAID
    )
    add_fact(session, user_id, "vaccinations", "гепатит b", entity("гепатит B", date="2019"), at=SAID)
    add_fact(session, user_id, "surgeries", "грыжа", entity("грыжа"), at=SAID)
    vaccine = build_context(user_id, "Пора ли повторить прививку?", session=session)
    relative = next(item for item in block_items(vaccine, "self_reported") if "энцефалит" in item)
    assert 'дата: "в мае"' in relative and "со слов от 2026-01-02" in relative
    absolute = next(item for item in block_items(vaccine, "self_reported") if "гепатит" in item)
    assert 'дата: "2019"' in absolute and "со слов" not in absolute
    surgery = build_context(user_id, "Какие операции у меня были?", session=session)
    assert "со слов от 2026-01-02" in block_text(surgery, "self_reported")


# --- a dropped connection ------------------------------------------------------------------------


def test_a_dropped_read_connection_is_replaced_and_the_read_retried(session: Session, user_id: str) -> None:
    add_fact(session, user_id, "allergies", "амоксициллин", entity("амоксициллин"))
    session.commit()  # the read pool sees only committed rows
    engine = get_read_engine()
    engine.dispose()  # one pooled connection from here on, so we know which one to kill
    assert "амоксициллин" in build_context(user_id, "Можно ли мне Мирвалон?").text
    with engine.connect() as connection:
        pid = connection.exec_driver_sql("SELECT pg_backend_pid()").scalar()
    assert isinstance(engine.pool, QueuePool) and engine.pool.checkedin() == 1
    session.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    session.commit()
    for _ in range(500):  # the signal is asynchronous: wait until the backend is gone
        gone = session.execute(
            text("SELECT NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = :pid)"), {"pid": pid}
        )
        session.commit()
        if gone.scalar():
            break
        time.sleep(0.01)
    else:
        raise AssertionError(f"backend {pid} still alive")

    context = build_context(user_id, "Можно ли мне Мирвалон?")  # the first attempt hits the dead connection
    assert "амоксициллин" in context.text
    with engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT pg_backend_pid()").scalar() != pid
