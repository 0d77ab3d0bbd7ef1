# One image for every LTM service (migrate, worker, beat, flower, api); the command picks the role.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src

# Dependencies first, from pyproject.toml alone, so code edits do not re-download them.
COPY pyproject.toml ./
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" \
        > /tmp/requirements.txt \
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
