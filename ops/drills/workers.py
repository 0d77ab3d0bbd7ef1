"""Celery worker processes for the drills: started, killed with SIGKILL, or stopped, one by one.

tests/workers.py starts a fixed set of workers for the test suite; a drill needs to kill one
worker and start another mid-run, and ops/ must not import tests/, hence this small twin.
"""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

CELERY = Path(sys.executable).parent / "celery"
READY_TIMEOUT = 60.0
_numbers = itertools.count()


def worker_env(database_url: str, broker_url: str, **extra: str) -> dict[str, str]:
    """A deployment's environment pointing at the private services; the caller's LTM_* are dropped."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("LTM_")}
    env.update(LTM_DATABASE_URL=database_url, LTM_BROKER_URL=broker_url, LTM_LLM_BACKEND="rules", PYTHONUNBUFFERED="1")
    env.update(extra)
    return env


def stop_process_group(process: subprocess.Popen[bytes], timeout: float = 20.0) -> None:
    """SIGTERM a process started with `start_new_session=True` and its children; SIGKILL if still there after
    `timeout` seconds."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


class Worker:
    """One `celery worker` process (its own process group, so a kill takes its pool children too)."""

    def __init__(
        self,
        env: dict[str, str],
        log_dir: Path,
        *,
        app: str = "celery_app",
        concurrency: int = 1,
        celery: Path = CELERY,
        cwd: Path | None = None,
    ) -> None:
        """`celery` and `cwd` let a test run another installation's worker (celery imports from its cwd first)."""
        self.name = f"drill-{next(_numbers)}-{os.getpid()}"
        self.log = log_dir / f"{self.name}.log"
        self.process = subprocess.Popen(
            [
                str(celery),
                "-A",
                app,
                "worker",
                "--loglevel=INFO",
                f"--concurrency={concurrency}",
                f"--hostname={self.name}@%h",
                "--without-mingle",
                "--without-gossip",
                "--without-heartbeat",
            ],
            env=env,
            cwd=cwd,
            stdout=self.log.open("wb"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_ready(self) -> Worker:
        deadline = time.monotonic() + READY_TIMEOUT
        while "ready." not in self.log.read_text(errors="replace"):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"worker {self.name} did not start:\n{self.tail()}")
            time.sleep(0.1)
        return self

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL the worker and its pool children at once: no shutdown, no acknowledgement."""
        if self.alive():
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        """A warm shutdown; SIGKILL if it has not ended within 20 s."""
        stop_process_group(self.process)

    def tail(self, chars: int = 3000) -> str:
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else ""


def start_workers(count: int, env: dict[str, str], log_dir: Path, **options: str | int) -> list[Worker]:
    """Start `count` workers and wait until each is ready; on failure, the started ones are stopped."""
    workers: list[Worker] = []
    try:
        workers = [Worker(env, log_dir, **options) for _ in range(count)]  # type: ignore[arg-type]
        for worker in workers:
            worker.wait_ready()
    except BaseException:
        stop_workers(workers)
        raise
    return workers


def stop_workers(workers: list[Worker]) -> None:
    for worker in workers:
        try:
            worker.stop()
        except Exception:  # one stuck worker must not leave the others running
            worker.kill()
