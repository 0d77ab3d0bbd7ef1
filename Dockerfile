# One image for every LTM service (migrate, worker, beat, flower, api); the command picks the role.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src

# Dependencies first, from pyproject.toml alone, so code edits do not re-download them.
# ops/requirements.py prints `[project].dependencies`; tests/test_runtime_install.py installs the
# same list the same way (pip install -r, then pip install --no-deps .) and runs every role from it.
COPY pyproject.toml ./
COPY ops/requirements.py ops/requirements.py
RUN python ops/requirements.py pyproject.toml > /tmp/requirements.txt \
    && pip install -r /tmp/requirements.txt \
    && rm /tmp/requirements.txt

# Then the project itself (.dockerignore keeps the venv, caches, tests and .env out).
COPY . .
RUN pip install --no-deps . && rm -rf /src/build

# Unprivileged runtime user; /var/lib/ltm is its writable state directory (beat's schedule).
RUN useradd --system --uid 10001 --user-group --home-dir /var/lib/ltm --create-home ltm
USER ltm
WORKDIR /var/lib/ltm

CMD ["ltm", "--help"]
