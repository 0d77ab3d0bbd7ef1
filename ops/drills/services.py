"""Private Redis and PostgreSQL servers for the drills, so the machine's shared ones are never touched.

Each is a context manager that starts a server on a free loopback port in a temporary directory
and always stops it (and removes the directory) on the way out. `restart()` stops and starts the
same server on the same port and data directory: what a drill does to it mid-run.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from glob import glob
from pathlib import Path

# How long a server gets to answer after a start; initdb and a cold start take a few seconds.
START_TIMEOUT = 60.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(condition: Callable[[], bool], timeout: float, what: str, interval: float = 0.05) -> None:
    """Poll `condition()` until it is true; raise naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what}: not after {timeout:.0f} s")
        time.sleep(interval)


class PrivateRedis:
    """redis-server with AOF on, so a restart keeps queued and unacknowledged messages."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        log = (self.directory / "redis.log").open("ab")
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.directory),
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
                "--save",
                "",
                "--protected-mode",
                "no",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        wait_until(self.ping, START_TIMEOUT, f"private redis on port {self.port}")

    def ping(self) -> bool:
        import redis

        try:
            return bool(redis.Redis(port=self.port, socket_timeout=1).ping())
        except redis.RedisError:
            return False

    def stop(self) -> None:
        """SIGTERM: Redis flushes the AOF and exits; SIGKILL only if it does not within 20 s."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def restart(self) -> None:
        self.stop()
        self.start()


class PrivatePostgres:
    """A throwaway cluster made by initdb, run as the `postgres` OS user when we are root."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.data = directory / "data"
        self.port = free_port()
        bins = sorted(glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name))
        self.bin = Path(bins[-1]) if bins else Path(os.path.dirname(shutil.which("initdb") or "/usr/bin/initdb"))
        self.started = False

    @property
    def url(self) -> str:
        return f"postgresql+psycopg2://postgres@127.0.0.1:{self.port}/postgres"

    def run(self, *args: str) -> None:
        # Postgres refuses to run as root; `runuser` switches to the `postgres` OS user.
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        result = subprocess.run([*prefix, *args], capture_output=True, text=True, timeout=START_TIMEOUT)
        if result.returncode != 0:
            raise RuntimeError(f"{Path(args[0]).name} failed ({result.returncode}): {result.stderr[-2000:]}")

    def init(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.directory, user="postgres", group="postgres")
        self.run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-A",
            "trust",
            "-U",
            "postgres",
            "--no-sync",
            "-E",
            "UTF8",
            "--locale",
            "C",
        )

    def start(self) -> None:
        # fsync off: a drill stops the server cleanly, and the throwaway cluster need not survive a crash.
        options = (
            f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100"
        )
        self.run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.directory / "postgres.log"),
            "-w",
            "-t",
            str(int(START_TIMEOUT)),
            "start",
        )
        self.started = True

    def stop(self) -> None:
        if self.started:
            self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
            self.started = False

    def restart(self) -> None:
        self.stop()
        self.start()


@contextmanager
def private_services() -> Iterator[tuple[PrivateRedis, PrivatePostgres]]:
    """A private Redis and PostgreSQL, both stopped and their directories removed on exit."""
    root = Path(tempfile.mkdtemp(prefix="ltm-drills-"))
    redis_dir, pg_dir = root / "redis", root / "pg"
    redis_dir.mkdir()
    pg_dir.mkdir()
    os.chmod(root, 0o755)  # the postgres OS user must reach its directory inside
    redis_server, postgres = PrivateRedis(redis_dir), PrivatePostgres(pg_dir)
    try:
        postgres.init()
        postgres.start()
        redis_server.start()
        yield redis_server, postgres
    finally:
        try:
            redis_server.stop()
        finally:
            try:
                postgres.stop()
            finally:
                shutil.rmtree(root, ignore_errors=True)
