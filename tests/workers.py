"""Real Celery worker processes for integration tests, and the `ltm` CLI run as a user would run it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import redis

BIN = Path(sys.executable).parent


def service_env(**extra: str) -> dict[str, str]:
    """The environment of a production deployment: Postgres + Redis + workers."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("LTM_")}
    env.update(
        LTM_DATABASE_URL=os.environ["LTM_TEST_DATABASE_URL"],
        LTM_BROKER_URL=os.environ["LTM_TEST_BROKER_URL"],
        LTM_LLM_BACKEND="rules",
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


def purge_broker() -> None:
    """Forget messages left by an earlier, interrupted run (the test broker is a database of its own)."""
    redis.Redis.from_url(os.environ["LTM_TEST_BROKER_URL"]).flushdb()


@contextmanager
def running_workers(
    count: int = 1, *, concurrency: int = 1, log_dir: Path, **extra_env: str
) -> Iterator[list[subprocess.Popen[bytes]]]:
    """Start `celery -A celery_app worker` processes and wait until each says it is ready."""
    env = service_env(**extra_env)
    workers, logs = [], []
    try:
        for n in range(count):
            log = log_dir / f"worker-{n}.log"
            logs.append(log)
            workers.append(
                subprocess.Popen(
                    [
                        str(BIN / "celery"),
                        "-A",
                        "celery_app",
                        "worker",
                        "--loglevel=INFO",
                        f"--concurrency={concurrency}",
                        f"--hostname=test-{n}-{os.getpid()}@%h",
                        "--without-mingle",
                        "--without-gossip",
                    ],
                    env=env,
                    stdout=log.open("wb"),
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            )
        deadline = time.monotonic() + 60
        for worker, log in zip(workers, logs, strict=True):
            while "ready." not in log.read_text(errors="replace"):
                if worker.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"worker did not start:\n{log.read_text(errors='replace')[-3000:]}")
                time.sleep(0.1)
        yield workers
    finally:
        for worker in workers:
            if worker.poll() is None:
                os.killpg(worker.pid, signal.SIGTERM)
        for worker in workers:
            try:
                worker.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(worker.pid, signal.SIGKILL)
                worker.wait()


def ltm(
    *args: str, stdin: str | None = None, env: dict[str, str] | None = None, check: bool = True, timeout: float = 180
) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [str(BIN / "ltm"), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env if env is not None else service_env(),
        timeout=timeout,
    )
    if check and result.returncode != 0:
        raise AssertionError(f"ltm {' '.join(args)} failed ({result.returncode}): {result.stderr[-2000:]}")
    return result


def ltm_json(*args: str, env: dict[str, str] | None = None) -> Any:
    return json.loads(ltm(*args, "--json", env=env).stdout)


def ingest(fragments: list[dict[str, Any]], env: dict[str, str] | None = None, wait: bool = True) -> Any:
    lines = "".join(json.dumps(f, ensure_ascii=False) + "\n" for f in fragments)
    args = ["ingest", "-", "--json"] + (["--wait"] if wait else [])
    return json.loads(ltm(*args, stdin=lines, env=env).stdout)
