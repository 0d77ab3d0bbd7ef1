"""The `ltm` command line. Every command takes --json for machine-readable output (DESIGN.md)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit code 2."""


def emit(data: Any, as_json: bool, human: str) -> None:
    if as_json:
        if isinstance(data, BaseModel):
            data = data.model_dump(mode="json")
        print(json.dumps(data, ensure_ascii=False, default=str))
    else:
        print(human)


def ensure_schema() -> None:
    """The embedded SQLite file migrates itself on first use; a server database must be migrated explicitly."""
    from celery_app.migrate import is_current, upgrade
    from models.db import session_scope
    from models.settings import get_settings

    settings = get_settings()
    # The engine the command's own sessions use (for SQLite its creation makes the data directory):
    # the connection opened for the check goes back to its pool and serves the command.
    with session_scope() as session:
        current = is_current(session.get_bind().engine)
    if settings.is_sqlite:
        if not current:
            upgrade(settings.database_url)
    elif not current:
        raise UsageError("the database is not at the newest migration: run `ltm db upgrade`")


def read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"FILE: cannot read {path}: {exc}") from None


def parse_fragments(text: str) -> list[Any]:
    """JSONL (or one JSON object / array); every line is validated before anything is published."""
    from models.schemas import FragmentIn
    from tasks.ingest import describe_validation_error

    stripped = text.strip()
    if stripped.startswith("["):
        try:
            items = json.loads(stripped)
        except (json.JSONDecodeError, RecursionError) as exc:  # RecursionError: nested too deeply
            raise UsageError(f"FILE: not valid JSON: {exc}") from None
        lines: Iterable[tuple[int, Any]] = enumerate(items, 1)
    else:
        parsed = []
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    parsed.append((number, json.loads(line)))
                except (json.JSONDecodeError, RecursionError) as exc:  # RecursionError: nested too deeply
                    raise UsageError(f"line {number}: not valid JSON: {getattr(exc, 'msg', exc)}") from None
        lines = parsed
    fragments, errors = [], []
    for number, item in lines:
        try:
            fragments.append(FragmentIn.model_validate(item).with_id())
        except ValidationError as exc:
            errors.append(f"line {number}: {describe_validation_error(exc)}")
    if errors:
        raise UsageError("; ".join(errors[:10]))
    if not fragments:
        raise UsageError("FILE: no fragments found")
    return fragments


def cmd_ingest(args: argparse.Namespace) -> None:
    from celery_app.producer import publish_fragment, wait_for
    from models.settings import get_settings

    fragments = parse_fragments(read_text(args.file))
    ensure_schema()
    for fragment in fragments:
        publish_fragment(fragment)
    # In the embedded mode the chain ran inside publish_fragment; waiting just reads the outcome.
    try:
        statuses = wait_for(fragments, args.timeout) if args.wait or get_settings().embedded else {}
    except TimeoutError as exc:
        raise UsageError(f"--wait: {exc}") from None
    emit(
        {"published": len(fragments), "statuses": statuses},
        args.json,
        f"published {len(fragments)} fragment(s)"
        + (f": {', '.join(f'{k} {v}' for k, v in sorted(statuses.items()))}" if statuses else ""),
    )


def parse_time(value: str) -> datetime:
    from models.clock import as_utc

    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an ISO-8601 time: {value!r}") from None
    return as_utc(moment)


def cmd_facts(args: argparse.Namespace) -> None:
    from retrieval import list_facts

    ensure_schema()
    result = list_facts(args.user, include_all=args.all, as_of=args.as_of)
    lines = [
        f"{f.section:<18} {f.key:<28} {f.status:<8} {json.dumps(f.attributes, ensure_ascii=False)}"
        for f in result.facts
    ]
    lines.append("coverage: " + ", ".join(f"{k}={v}" for k, v in result.coverage.items()))
    emit(result, args.json, "\n".join(lines))


def cmd_context(args: argparse.Namespace) -> None:
    from retrieval import build_context

    ensure_schema()
    context = build_context(args.user, args.query)
    emit(context, args.json, context.text)


def cmd_records_add(args: argparse.Namespace) -> None:
    from models.db import session_scope
    from tasks.records import add_records, parse_records

    try:
        data = json.loads(read_text(args.file))
    except (json.JSONDecodeError, RecursionError) as exc:  # RecursionError: nested too deeply
        raise UsageError(f"FILE: not valid JSON: {exc}") from None
    try:
        records = parse_records(data)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    ensure_schema()
    with session_scope() as session:
        ids = add_records(session, args.user, records)
    emit({"user_id": args.user, "added": len(ids), "ids": ids}, args.json, f"added {len(ids)} record(s)")


def cmd_forget_user(args: argparse.Namespace) -> None:
    from models.db import session_scope
    from tasks.erase import forget_user

    ensure_schema()
    with session_scope() as session:
        deleted = forget_user(session, args.user)
    emit(
        {"user_id": args.user, "deleted": deleted},
        args.json,
        f"erased {sum(deleted.values())} row(s) about {args.user}",
    )


def cmd_stats(args: argparse.Namespace) -> None:
    from celery_app.stats import collect_stats

    ensure_schema()
    stats = collect_stats()
    lines = ["fragments: " + (", ".join(f"{k} {v}" for k, v in stats.fragments.items()) or "none")]
    lines += [
        f"facts {section}: " + ", ".join(f"{k} {v}" for k, v in counts.items())
        for section, counts in stats.facts.items()
    ]
    lines.append(f"rejected: {stats.rejected.count}")
    lines += [f"  {r.at:%Y-%m-%d %H:%M} {r.section or '-'}: {r.reason}" for r in stats.rejected.recent]
    llm = stats.llm
    lines.append(
        f"calls: classifier {llm.classifier_calls}, extraction "
        + (", ".join(f"{k} {v}" for k, v in llm.extraction_calls.items()) or "0")
        + f"; tokens in {llm.tokens_in}, out {llm.tokens_out}"
    )
    lines.append(
        "queues: "
        + (
            "in-process"
            if stats.queues.mode == "in-process"
            else ", ".join(f"{k} {v}" for k, v in stats.queues.lengths.items())
        )
    )
    emit(stats, args.json, "\n".join(lines))


def cmd_db_upgrade(args: argparse.Namespace) -> None:
    from celery_app.migrate import upgrade
    from models.settings import get_settings

    upgrade(get_settings().database_url)
    emit({"upgraded": True}, args.json, "database is at the newest migration")


def cmd_serve(args: argparse.Namespace) -> None:
    import uvicorn

    from celery_app.api import create_api

    try:
        api = create_api(max_body_bytes=args.max_body_bytes)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    ensure_schema()
    uvicorn.run(api, host=args.host, port=args.port, log_level=args.log_level)


def cmd_eval(args: argparse.Namespace) -> None:
    """Scenario files (`*.json`) through the pipeline, reported per stage, and labelled real-text
    fragments (`*.jsonl`) through the extractor, scored per group; exit code 1 when a scenario check failed."""
    from celery_app.evaluate import (
        load_labelled,
        load_scenarios,
        render_labelled,
        render_report,
        run_scenarios,
        score_labelled,
    )

    try:
        scenarios = load_scenarios(args.paths)
        labelled = load_labelled(args.paths)
    except (OSError, ValueError) as exc:  # json.JSONDecodeError is a ValueError
        raise UsageError(f"cannot read evaluation files: {exc}") from None
    if not scenarios and not labelled:
        raise UsageError("no scenarios (*.json) or labelled fragments (*.jsonl) found")
    data: dict[str, Any] = {}
    human: list[str] = []
    ok = True
    if scenarios:
        ensure_schema()
        report = run_scenarios(scenarios, wait_seconds=args.timeout)
        data = report.summary()
        human.append(render_report(data))
        ok = report.ok
    if labelled:
        scored = score_labelled(labelled).summary(with_details=args.details is not None)
        if args.details is not None:
            args.details.write_text(json.dumps(scored.pop("details"), ensure_ascii=False, indent=1) + "\n")
        data = {**data, "labelled": scored} if scenarios else scored
        human.append(render_labelled(scored))
    emit(data, args.json, "\n".join(human))
    if not ok:
        raise SystemExit(1)


def cmd_demo(args: argparse.Namespace) -> None:
    from celery_app.demo import run_demo

    ensure_schema()
    run_demo(as_json=args.json)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ltm", description="Long-term user memory for LLM assistants.")
    commands = parser.add_subparsers(dest="command", required=True)

    def command(name: str, handler: Any, help_text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text)
        sub.add_argument("--json", action="store_true", help="machine-readable output")
        sub.set_defaults(handler=handler)
        return sub

    command("demo", cmd_demo, "run a sample dialogue through the pipeline and print memory and context")

    ingest = command("ingest", cmd_ingest, "publish fragments (JSONL, one fragment per line)")
    ingest.add_argument("file", metavar="FILE", help="a JSONL file, or - for standard input")
    ingest.add_argument("--wait", action="store_true", help="return when the fragments are processed")
    ingest.add_argument("--timeout", type=float, default=120.0, help="seconds --wait waits (default 120)")

    facts = command("facts", cmd_facts, "a user's facts with their history")
    facts.add_argument("--user", required=True)
    facts.add_argument("--all", action="store_true", help="inactive and archived facts too")
    facts.add_argument("--as-of", type=parse_time, help="the state at this ISO-8601 moment")

    context = command("context", cmd_context, "the memory block for one question")
    context.add_argument("--user", required=True)
    context.add_argument("--query", required=True)

    command("stats", cmd_stats, "operator figures: fragments, facts, rejections, LLM usage, queues")

    evaluate = command("eval", cmd_eval, "scenarios through the pipeline, labelled real text through the extractor")
    evaluate.add_argument(
        "paths", nargs="+", metavar="DIR", help="scenario *.json and labelled *.jsonl files, or directories of them"
    )
    evaluate.add_argument(
        "--details", type=Path, metavar="FILE", help="write each labelled fragment's missed and wrong facts here"
    )
    evaluate.add_argument("--timeout", type=float, default=120.0, help="seconds to wait for each fragment")

    records = commands.add_parser("records", help="documented data").add_subparsers(dest="action", required=True)
    add = records.add_parser("add", help="add documented records (a JSON object or list)")
    add.add_argument("--user", required=True)
    add.add_argument("file", metavar="FILE")
    add.add_argument("--json", action="store_true")
    add.set_defaults(handler=cmd_records_add)

    forget = command("forget-user", cmd_forget_user, "erase everything about a user, history included")
    forget.add_argument("--user", required=True)

    serve = command("serve", cmd_serve, "serve the HTTP API (keys from LTM_API_KEYS)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument(
        "--max-body-bytes",
        type=int,
        help="larger request bodies are refused with 413 (default LTM_API_MAX_BODY_BYTES, 48 MiB)",
    )
    serve.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])

    db = commands.add_parser("db", help="database").add_subparsers(dest="action", required=True)
    upgrade = db.add_parser("upgrade", help="apply migrations")
    upgrade.add_argument("--json", action="store_true")
    upgrade.set_defaults(handler=cmd_db_upgrade)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        args.handler(args)
    except UsageError as exc:
        print(f"ltm {args.command}: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
