"""What the configured backend proposes for each fragment of a JSONL file: text to read, not to score.

    python -m ops.eval.proposals FILE [--where KEY=VALUE] [--limit N] > proposals.jsonl

For the `look` part of the real-text set (ops/eval/realtext.py), where a corpus labels too little to
score (RuADReCT marks only whether a tweet reports an adverse reaction: `--where adr=true`). Each
output line is `{"id", "text", <the fragment's other keys>, "proposals": [{"section", "slot", "action",
"name", "evidence"}]}` with the events the pipeline would accept (junk filter, classifier, extractor,
validator), the same path `ltm eval` scores.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from celery_app.evaluate import identity_name, propose_events


def proposal(event: dict[str, Any]) -> dict[str, Any]:
    return {
        "section": event.get("section"),
        "slot": event.get("slot"),
        "action": event.get("action"),
        "name": identity_name(event),
        "evidence": event.get("evidence"),
    }


def _kept(item: dict[str, Any], where: dict[str, str]) -> bool:
    """Every KEY=VALUE holds, VALUE read as JSON when it is JSON ("true", "3") and as text otherwise."""
    return all(item.get(key) == value or json.dumps(item.get(key)) == value for key, value in where.items())


def read(path: Path, where: dict[str, str], limit: int | None) -> Iterator[dict[str, Any]]:
    done = 0
    for line in path.read_text(encoding="utf-8").split("\n"):  # not splitlines(): tweets carry U+2028
        if limit is not None and done >= limit:
            return
        item = json.loads(line) if line.strip() else None
        if item is None or not _kept(item, where):
            continue
        events, _ = propose_events(item["messages"])
        done += 1
        yield {
            "id": item.get("id"),
            "text": " ".join(m["content"] for m in item["messages"]),
            **{k: v for k, v in item.items() if k not in ("id", "messages", "expect")},
            "proposals": [proposal(e) for e in events],
        }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m ops.eval.proposals", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="a JSONL file of fragments with `messages`")
    parser.add_argument("--where", action="append", default=[], help="keep fragments whose KEY is VALUE (adr=true)")
    parser.add_argument("--limit", type=int, help="stop after this many fragments")
    args = parser.parse_args(argv)
    where = dict(condition.split("=", 1) for condition in args.where)
    for row in read(args.file, where, args.limit):
        sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
