# The two entry points: `make run` and `make test`. Both set everything up first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

.PHONY: run test lint typecheck pytest golden mutate clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(DEVSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP) $@

run: $(STAMP)
	$(BIN)/hexwar

lint: $(DEVSTAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(DEVSTAMP)
	$(BIN)/mypy

pytest: $(DEVSTAMP)
	$(BIN)/python -m pytest -q

test: lint typecheck pytest

golden: $(STAMP)  # regenerate tests/golden/ after a change that alters a reference game
	$(BIN)/python -m hexwar.testing.golden

mutate: $(DEVSTAMP)  # mutation testing of the rule modules (docs/testing.md); GROUP=aggressor for one
	$(BIN)/python scripts/mutate.py $(GROUP)

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .mypy_cache .pytest_cache .ruff_cache
