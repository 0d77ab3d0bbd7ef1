"""What users install, and nothing else, runs every role (DESIGN.md, Targets: Installation).

A virtualenv is built the way the Dockerfile builds the image: `python ops/requirements.py` prints
`[project].dependencies`, `pip install -r` installs them, then `pip install --no-deps .` installs the
project from a copy of the build context (the tree less .dockerignore). No dev extra: pytest, ruff
and whatever they bring along are absent, so a runtime import that only the dev extra satisfied
fails here. The dependencies are cached under ~/.cache/ltm/, keyed by a hash of pyproject.toml (and
of the interpreter), so only the first run after a dependency change waits for pip; the project
itself is reinstalled on every run.

From that virtualenv, against the test PostgreSQL and Redis: `ltm db upgrade`; a worker; `ltm
ingest` of one fragment for each of many users; SIGKILL of the worker's process group mid-run; a
new worker; then every expected fact exists exactly once with exactly one history event. Also from
it: beat starts, Flower answers 401 without credentials and 200 with them, `ltm serve` answers /health.
Every process started here runs in its own process group and is killed in `finally`.
"""

from __future__ import annotations

import fcntl
import fnmatch
import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
import redis

from ops.drills.workers import Worker, stop_process_group
from ops.drills.workload import Plan, fragment_statuses, one_user_per_fragment, verify, wait_for_done
from ops.requirements import runtime_requirements
from tests.workers import purge_broker

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ltm"
USERS = 48
# Short, as in the drills (ops/drills): a killed worker's unacknowledged messages come back after
# this many seconds instead of the production hour; the requeue job treats 5 s untouched as stuck.
VISIBILITY_TIMEOUT = 5
STUCK_SECONDS = 5
# No progress for this long: run the requeue job, as the beat would a minute later (the drills' STALL_SECONDS).
STALL_SECONDS = 15.0
FINISH_TIMEOUT = 120.0
QUEUES = ("ltm.ingest", "ltm.extract", "ltm.maintenance")


def dependencies_key() -> str:
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    digest.update((ROOT / "ops" / "requirements.py").read_bytes())
    digest.update(sys.version.encode())
    return digest.hexdigest()[:16]


def run(argv: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(argv, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(map(str, argv))} failed ({result.returncode}):\n{result.stderr[-4000:]}")
    return result


def build_context(target: Path) -> Path:
    """The tree `COPY . .` sends into the image: everything but what .dockerignore names."""
    patterns = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith(("#", "!"))  # `!` re-includes only .env.example
    ]

    def ignored(directory: str, names: list[str]) -> set[str]:
        relative = Path(directory).relative_to(ROOT)
        return {
            name
            for name in names
            for pattern in patterns
            if fnmatch.fnmatch(str(relative / name), pattern.removeprefix("**/"))
            or (pattern.startswith("**/") and fnmatch.fnmatch(name, pattern.removeprefix("**/")))
        }

    shutil.copytree(ROOT, target, ignore=ignored)
    return target


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The runtime-only virtualenv's bin directory, with this checkout installed into it."""
    CACHE.mkdir(parents=True, exist_ok=True)
    venv = CACHE / f"runtime-venv-{dependencies_key()}"
    python = venv / "bin" / "python"
    # A venv cannot be moved once built (its scripts name their interpreter by absolute path), so it
    # is built in place under a lock, and only a venv whose build finished (the marker) is reused.
    with (CACHE / f"{venv.name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (venv / ".ltm-complete").exists():
            shutil.rmtree(venv, ignore_errors=True)
            run([sys.executable, "-m", "venv", str(venv)])
            requirements = venv / "requirements.txt"
            # The Dockerfile's RUN, word for word but for the interpreter.
            requirements.write_text(
                run([str(python), str(ROOT / "ops" / "requirements.py"), "pyproject.toml"], cwd=ROOT).stdout
            )
            run([str(python), "-m", "pip", "install", "--quiet", "-r", str(requirements)], timeout=1200)
        (venv / ".ltm-complete").touch()  # also marks when it was last used
        context = build_context(tmp_path_factory.mktemp("runtime") / "src")
        run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--force-reinstall", "."], cwd=context)
    prune_unused_venvs(keep=venv)
    return venv / "bin"


def prune_unused_venvs(keep: Path, unused_days: float = 2) -> None:
    """Every dependency change leaves a venv of ~180 MB behind: drop those nobody used for a while."""
    for other in CACHE.glob("runtime-venv-*"):
        marker = other / ".ltm-complete"
        if (
            other == keep
            or not other.is_dir()
            or (marker.exists() and time.time() - marker.stat().st_mtime < unused_days * 86400)
        ):
            continue
        with (CACHE / f"{other.name}.lock").open("w") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # another run is using or building it
            except BlockingIOError:
                continue
            shutil.rmtree(other, ignore_errors=True)


def role_env(bin_dir: Path, **extra: str) -> dict[str, str]:
    """A deployment's environment: the runtime venv first on PATH, the test services, nothing of the dev venv."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LTM_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(
        PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        LTM_DATABASE_URL=os.environ["LTM_TEST_DATABASE_URL"],
        LTM_BROKER_URL=os.environ["LTM_TEST_BROKER_URL"],
        LTM_LLM_BACKEND="rules",
        LTM_BROKER_VISIBILITY_TIMEOUT=str(VISIBILITY_TIMEOUT),
        LTM_FRAGMENT_STUCK_SECONDS=str(STUCK_SECONDS),
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env


@contextmanager
def started(argv: list[str], env: dict[str, str], log: Path, cwd: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A long-running role in its own process group; the whole group is killed on the way out."""
    process = subprocess.Popen(
        argv, env=env, cwd=cwd, stdout=log.open("wb"), stderr=subprocess.STDOUT, start_new_session=True
    )
    try:
        yield process
    finally:
        stop_process_group(process)


def wait_for(condition: object, timeout: float, what: str, log: Path | None = None, interval: float = 0.05) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            tail = log.read_text(errors="replace")[-3000:] if log and log.exists() else ""
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}\n{tail}")
        time.sleep(interval)


def answers(url: str, **kwargs: object) -> bool:
    try:
        httpx.get(url, timeout=1, **kwargs)  # type: ignore[arg-type]
        return True
    except httpx.TransportError:
        return False


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_dockerfile_installs_the_same_list_the_same_way() -> None:
    """This test's venv stands for the image only while both install alike: one list, two steps."""
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    instructions = dockerfile.replace("\\\n", " ").splitlines()  # continuation lines joined
    run_lines = " && ".join(line.removeprefix("RUN ") for line in instructions if line.startswith("RUN "))
    assert "COPY ops/requirements.py ops/requirements.py" in dockerfile
    assert "python ops/requirements.py pyproject.toml > /tmp/requirements.txt" in run_lines
    assert "pip install -r /tmp/requirements.txt" in run_lines
    assert "pip install --no-deps ." in run_lines
    assert not re.search(r"pip install (?!-r /tmp/requirements.txt|--no-deps \.)", run_lines), run_lines


def test_the_readme_says_what_is_installed() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    production = readme[readme.index("## Running in production") :]
    production = production[: production.index("\n## ", 1)]
    for requirement in runtime_requirements(ROOT / "pyproject.toml"):
        assert f"`{requirement}`" in production, f"README's production section does not name {requirement}"
    assert "pip install --no-deps ." in production and "python ops/requirements.py pyproject.toml" in production


def test_the_runtime_venv_is_only_the_runtime(runtime: Path, tmp_path: Path) -> None:
    """The project comes from the venv, not from this checkout; the dev extra is not there."""
    env = role_env(runtime)
    where = run([str(runtime / "python"), "-c", "import celery_app; print(celery_app.__file__)"], env=env, cwd=tmp_path)
    assert Path(where.stdout.strip()).is_relative_to(runtime.parent), where.stdout
    absent = subprocess.run(
        [str(runtime / "python"), "-c", "import pytest"], env=env, cwd=tmp_path, capture_output=True
    )
    assert absent.returncode != 0, "pytest is in the runtime venv: it is not runtime-only"
    run([str(runtime / "pip"), "check"], env=env, cwd=tmp_path)


def test_a_worker_killed_mid_run_loses_and_doubles_nothing(runtime: Path, tmp_path: Path, database_url: str) -> None:
    env = role_env(runtime)
    broker = redis.Redis.from_url(os.environ["LTM_TEST_BROKER_URL"], socket_timeout=5)
    purge_broker()
    run([str(runtime / "ltm"), "db", "upgrade"], env=env, cwd=tmp_path)
    plan = one_user_per_fragment(f"runtime-{uuid.uuid4().hex[:6]}", USERS)
    total = len(plan.fragments)
    notes: list[str] = []

    def worker() -> Worker:
        return Worker(env, tmp_path, celery=runtime / "celery", cwd=tmp_path).wait_ready()

    def in_flight() -> int:
        return int(broker.hlen("unacked"))

    def batch_written() -> bool:
        held = in_flight()
        time.sleep(0.005)
        return held > 1 and in_flight() == held

    first: Worker | None = None
    second: Worker | None = None
    try:
        lines = "".join(json.dumps(f, ensure_ascii=False) + "\n" for f in plan.fragments)
        published = run([str(runtime / "ltm"), "ingest", "-", "--json"], input=lines, env=env, cwd=tmp_path)
        assert json.loads(published.stdout)["published"] == total

        # The worker starts with every message queued and takes them in batches (tasks/batches.py);
        # it is killed while it writes one (several messages held, none arriving), not while it
        # receives them: kombu's Redis transport pops a message before it records it as
        # unacknowledged, so a kill in between loses it whatever the consumer (README.md, drills).
        first = worker()
        wait_for(batch_written, 10, "a batch being written", first.log, interval=0.001)
        first.kill()  # the whole process group, pool children included: nothing is acknowledged
        done_at_kill = wait_for_done(plan, total, 0)
        notes.append(f"killed with {in_flight()} message(s) unacknowledged, {done_at_kill}/{total} fragments done")
        assert done_at_kill < total, "the worker finished before it was killed: nothing was tested"

        # Redis hands an unacknowledged message out again once it is older than the visibility
        # timeout, and a worker restores such messages when it starts (ops/drills/runner.py).
        oldest = broker.zrange("unacked_index", 0, 0, withscores=True)
        if oldest:
            due = float(oldest[0][1]) + VISIBILITY_TIMEOUT + 0.5
            wait_for(lambda: time.time() > due, VISIBILITY_TIMEOUT + 10, "the visibility timeout")
        second = worker()
        finish(runtime, env, tmp_path, plan, notes)
        # Nothing may still be waiting to run a second time.
        wait_for(lambda: pending(broker) == 0, 30, "the broker to drain", second.log)
        verdict = verify(plan)
    finally:
        for w in (first, second):
            if w is not None:
                w.stop()
    print(f"runtime install, {total} users: " + "; ".join(notes))
    assert verdict.ok, f"{verdict.problems}; " + "; ".join(notes)
    assert (verdict.found_facts, verdict.found_events) == (len(plan.expected), sum(plan.expected.values()))
    assert all(events == 1 for events in plan.expected.values())  # one first_mention per fact


def pending(broker: redis.Redis) -> int:
    return sum(int(broker.llen(q)) for q in QUEUES) + int(broker.hlen("unacked"))


def finish(runtime: Path, env: dict[str, str], cwd: Path, plan: Plan, notes: list[str]) -> None:
    """Wait for every fragment; when none moves for STALL_SECONDS, run the requeue job as the beat would."""
    total = len(plan.fragments)
    deadline = time.monotonic() + FINISH_TIMEOUT
    while (done := wait_for_done(plan, total, 0)) < total:
        if time.monotonic() > deadline:
            raise AssertionError(
                f"{done}/{total} fragments done after {FINISH_TIMEOUT:.0f} s: {fragment_statuses(plan)}"
            )
        if wait_for_done(plan, total, STALL_SECONDS) == done:
            run(
                [
                    str(runtime / "celery"),
                    "-A",
                    "celery_app",
                    "call",
                    "ltm.requeue_stuck_fragments",
                    "--queue",
                    "ltm.maintenance",
                ],
                env=env,
                cwd=cwd,
            )
            notes.append("stalled: requeue job called")


def test_beat_flower_and_the_api_start(runtime: Path, tmp_path: Path, database_url: str) -> None:
    env = role_env(runtime)
    run([str(runtime / "ltm"), "db", "upgrade"], env=env, cwd=tmp_path)
    celery = str(runtime / "celery")

    beat_log = tmp_path / "beat.log"
    beat = [celery, "-A", "celery_app", "beat", "--loglevel=INFO", f"--schedule={tmp_path / 'celerybeat-schedule'}"]
    with started(beat, env, beat_log, tmp_path) as process:
        wait_for(
            lambda: "beat: Starting" in beat_log.read_text(errors="replace") or process.poll() is not None,
            60,
            "beat to start",
            beat_log,
        )
        assert process.poll() is None, beat_log.read_text(errors="replace")[-3000:]

    # Flower as docker-compose.yml runs it: basic auth from the command line.
    port, flower_log = free_port(), tmp_path / "flower.log"
    flower = [celery, "-A", "celery_app", "flower", "--address=127.0.0.1", f"--port={port}", "--basic-auth=ops:s3cret"]
    with started(flower, env, flower_log, tmp_path):
        url = f"http://127.0.0.1:{port}/"
        wait_for(lambda: answers(url), 60, "flower to answer", flower_log)
        assert httpx.get(url, timeout=10).status_code == 401
        assert httpx.get(url, auth=("ops", "wrong"), timeout=10).status_code == 401
        assert httpx.get(url, auth=("ops", "s3cret"), timeout=10).status_code == 200

    port, api_log = free_port(), tmp_path / "api.log"
    serve = [str(runtime / "ltm"), "serve", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"]
    with started(serve, role_env(runtime, LTM_API_KEYS="runtime-key"), api_log, tmp_path):
        url = f"http://127.0.0.1:{port}"
        wait_for(lambda: answers(f"{url}/health"), 60, "ltm serve to answer", api_log)
        health = httpx.get(f"{url}/health", timeout=10)
        assert health.status_code == 200, health.text
        assert health.json() == {"status": "ok", "database": "ok", "broker": "ok"}
        assert httpx.get(f"{url}/v1/users/u1/facts", timeout=10).status_code == 401
        facts = httpx.get(f"{url}/v1/users/u1/facts", headers={"Authorization": "Bearer runtime-key"}, timeout=10)
        assert facts.status_code == 200, facts.text
