"""Static checks of the deployment files: docker-compose.yml, Dockerfile, Makefile, .ci/run.

No Docker is needed: the compose file is parsed with PyYAML and its properties asserted, so a
broken production setup fails CI here even though no container can run on the CI machine.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
COMPOSE_PATH = ROOT / "docker-compose.yml"

APP_SERVICES = ("migrate", "worker", "beat", "flower", "api")
LONG_RUNNING = ("redis", "postgres", "worker", "beat", "flower", "api")
NEEDS_MIGRATIONS = ("worker", "beat", "api")


@pytest.fixture(scope="module")
def compose_text() -> str:
    return COMPOSE_PATH.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def compose(compose_text: str) -> dict[str, Any]:
    data = yaml.safe_load(compose_text)  # resolves the x-ltm-* anchors and `<<` merges
    assert isinstance(data, dict)
    return data


@pytest.fixture(scope="module")
def services(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    svc = compose["services"]
    assert isinstance(svc, dict)
    return svc


def command_str(service: dict[str, Any]) -> str:
    cmd = service.get("command", "")
    return " ".join(cmd) if isinstance(cmd, list) else str(cmd)


def environment(service: dict[str, Any]) -> dict[str, Any]:
    env = service.get("environment") or {}
    if isinstance(env, list):  # ["KEY=value", "KEY"] form
        return {k: v for k, _, v in (item.partition("=") for item in env)}
    return dict(env)


def test_all_services_exist(services: dict[str, dict[str, Any]]) -> None:
    assert set(services) >= {"redis", "postgres", *APP_SERVICES}


def test_redis_is_durable_and_never_evicts(services: dict[str, dict[str, Any]]) -> None:
    cmd = command_str(services["redis"])
    assert re.search(r"--appendonly\s+yes", cmd), cmd
    assert re.search(r"--maxmemory-policy\s+noeviction", cmd), cmd
    assert services["redis"].get("volumes"), "redis data must live in a volume"
    assert services["postgres"].get("volumes"), "postgres data must live in a volume"


def test_exactly_one_beat(services: dict[str, dict[str, Any]]) -> None:
    beats = [name for name, svc in services.items() if re.search(r"\bcelery\b.*\bbeat\b", command_str(svc))]
    assert beats == ["beat"]
    deploy = services["beat"].get("deploy") or {}
    assert int(deploy.get("replicas", 1)) <= 1
    # A worker with an embedded scheduler (-B / --beat) would be a second beat once scaled.
    assert not re.search(r"(^|\s)(-B|--beat)(\s|$)", command_str(services["worker"]))


def test_worker_scales(services: dict[str, dict[str, Any]]) -> None:
    worker = services["worker"]
    assert "container_name" not in worker, "a fixed container name prevents --scale worker=N"
    assert "ports" not in worker, "fixed host ports collide when the worker is scaled"
    assert re.match(r"celery -A celery_app worker\b", command_str(worker)), command_str(worker)
    assert re.search(r"(^|\s)-E(\s|$)", command_str(worker)), "worker must send task events for Flower"


def test_flower_credentials_come_from_environment(services: dict[str, dict[str, Any]]) -> None:
    cmd = command_str(services["flower"])
    assert "celery -A celery_app flower" in cmd and "--port=5555" in cmd, cmd
    # The `${VAR:?message}` references may contain spaces, so match up to the closing braces.
    m = re.search(r"--basic-auth=(\$\{[^}]*\}:\$\{[^}]*\})(\s|$)", cmd)
    assert m, f"basic auth must be exactly two ${{...}} references: {cmd}"
    user, password = m.group(1).split("}:", 1)
    assert user.startswith("${FLOWER_USER") and password.startswith("${FLOWER_PASSWORD"), m.group(1)


def test_published_ports_are_loopback_only(services: dict[str, dict[str, Any]]) -> None:
    for name, svc in services.items():
        for port in svc.get("ports", []):
            assert str(port).startswith("127.0.0.1:"), f"{name} publishes {port} beyond loopback"
    assert any(str(p).endswith(":5555") for p in services["flower"]["ports"])
    assert any(str(p).endswith(":8000") for p in services["api"]["ports"])


SECRET_KEY = re.compile(r"(PASSWORD|SECRET|TOKEN|API_KEYS?)$", re.IGNORECASE)


def test_no_literal_secrets(compose_text: str, services: dict[str, dict[str, Any]]) -> None:
    # Every secret-looking environment value is either a ${...} reference or a bare passthrough.
    for name, svc in services.items():
        for key, value in environment(svc).items():
            if SECRET_KEY.search(key) and value not in (None, ""):
                assert re.fullmatch(r"\$\{[A-Z_]+(:?[?-][^}]*)?\}", str(value)), f"{name}.{key} = {value!r}"
    # Credentials inside URLs must be references too (postgresql://user:${PASSWORD}@host).
    for user, password in re.findall(r"://([^:/@\s]+):([^@\s]+)@", compose_text):
        assert password.startswith("${"), f"literal password for {user} in a URL"
    # And no `PASSWORD: literal` / `PASSWORD=literal` anywhere (comments included).
    # The lookbehind skips names inside `${...}` references such as `${POSTGRES_PASSWORD:?msg}`.
    for match in re.finditer(r"(?<![\w{])\w*PASSWORD\w*\s*[:=]\s*([^\s\"']+)", compose_text):
        assert match.group(1).startswith("${"), match.group(0)


def test_required_secrets_fail_fast(compose_text: str) -> None:
    # `${VAR:?msg}` makes compose refuse to start without the secret instead of running with "".
    for var in ("POSTGRES_PASSWORD", "FLOWER_USER", "FLOWER_PASSWORD", "LTM_API_KEYS"):
        assert re.search(r"\$\{" + var + r":\?", compose_text), var


def test_long_running_services_have_healthchecks(services: dict[str, dict[str, Any]]) -> None:
    for name in LONG_RUNNING:
        check = services[name].get("healthcheck")
        assert check and check.get("test") and not check.get("disable"), f"{name} has no healthcheck"
    assert "/health" in command_str({"command": services["api"]["healthcheck"]["test"]})


def test_migrate_is_one_shot_and_gates_the_app(services: dict[str, dict[str, Any]]) -> None:
    migrate = services["migrate"]
    assert command_str(migrate) == "ltm db upgrade"
    assert str(migrate.get("restart", "no")) == "no"
    assert migrate["depends_on"]["postgres"]["condition"] == "service_healthy"
    for name in NEEDS_MIGRATIONS:
        deps = services[name]["depends_on"]
        assert isinstance(deps, dict), f"{name}: depends_on needs conditions"
        assert deps["migrate"]["condition"] == "service_completed_successfully", name
    assert services["worker"]["depends_on"]["redis"]["condition"] == "service_healthy"


def test_app_services_share_image_and_environment(services: dict[str, dict[str, Any]]) -> None:
    images = {services[name].get("image") for name in APP_SERVICES}
    assert len(images) == 1
    for name in APP_SERVICES:
        svc = services[name]
        assert svc.get("build"), f"{name} must be built from the Dockerfile"
        env = environment(svc)
        assert env["LTM_BROKER_URL"] == "redis://redis:6379/0", name
        assert env["LTM_DATABASE_URL"].startswith("postgresql+psycopg2://ltm:${POSTGRES_PASSWORD"), name
        assert env["LTM_DATABASE_URL"].endswith("@postgres:5432/ltm"), name
        assert env["LTM_LLM_BACKEND"] == "${LTM_LLM_BACKEND:-rules}", name
        for passthrough in ("LTM_LLM_BASE_URL", "LTM_LLM_MODEL", "OPENAI_API_KEY"):
            assert passthrough in env, f"{name} does not pass {passthrough} through"
    assert "${LTM_API_KEYS" in str(environment(services["api"])["LTM_API_KEYS"])


def test_dockerfile_runs_unprivileged_without_secrets() -> None:
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert re.search(r"^FROM python:3\.11-slim\b", text, re.MULTILINE)
    users = re.findall(r"^USER\s+(\S+)", text, re.MULTILINE)
    assert users and users[-1] not in ("root", "0"), "the image must not run as root"
    assert re.search(r"pip install\b.*\s\.(\s|$)", text), "the project must be installed with pip"
    assert not re.search(r"^(ENV|ARG)\s+.*(PASSWORD|SECRET|API_KEY)", text, re.MULTILINE | re.IGNORECASE)


def test_ci_runs_make_test() -> None:
    run = ROOT / ".ci" / "run"
    lines = [ln.strip() for ln in run.read_text(encoding="utf-8").splitlines()]
    assert "make test" in lines
    assert any(ln.startswith("set -euo pipefail") for ln in lines)
    assert run.stat().st_mode & 0o111, ".ci/run must be executable"


def test_makefile_has_targets() -> None:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets: set[str] = set()
    for line in text.splitlines():
        m = re.match(r"^([A-Za-z][\w .-]*?)\s*:(?!=)", line)
        if m:
            targets.update(m.group(1).split())
    assert {"install", "demo", "services", "test", "lint", "clean"} <= targets, targets
