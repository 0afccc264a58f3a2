# The two entry points: `make run` and `make test`. Both set everything up first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev
WEBSTAMP := $(VENV)/.installed-web

.PHONY: run chooser chromium screenshots test lint typecheck pytest docs analysis-docs golden mutate clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(WEBSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $(STAMP) $@

$(DEVSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP) $(WEBSTAMP) $@

run: $(WEBSTAMP)  # the web app; `make chooser` (or plain `hexwar`) for the terminal
	@echo "hexwar: starting the web app; open http://127.0.0.1:8000/"
	$(BIN)/hexwar serve

chooser: $(STAMP)
	$(BIN)/hexwar

# The browser tests drive Debian's chromium: install it when it is missing and we can.
chromium:
	@if [ -n "$$HEXWAR_CHROMIUM" ] || command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium \
	    >/dev/null) || echo "warning: could not install chromium; the browser tests will fail"; \
	else echo "warning: no chromium (set HEXWAR_CHROMIUM); the browser tests will fail"; fi

lint: $(DEVSTAMP)
	$(BIN)/ruff check src tests benchmarks scripts conftest.py
	$(BIN)/ruff format --check src tests benchmarks scripts conftest.py
	$(BIN)/lint-imports  # the layers (.importlinter; docs/architecture.md, "Layers")

typecheck: $(DEVSTAMP)
	$(BIN)/mypy

# pytest-xdist spreads the test files over PYTEST_WORKERS processes (CI's machine has two
# cores), each file whole on one worker (a page's examples build on each other, in order);
# PYTEST_WORKERS=0 runs them in this one process.
PYTEST_WORKERS ?= 2
pytest: $(DEVSTAMP) chromium
	$(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) --dist loadfile

test: lint typecheck pytest

screenshots: $(DEVSTAMP) chromium  # docs/images/: the lobby, each board, the replay viewer
	$(BIN)/python scripts/web_screenshots.py

docs: $(DEVSTAMP)  # the documentation site, from docs/ and README.md, into site/ (warnings fail it)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

analysis-docs: $(DEVSTAMP)  # docs/analysis.md's worked sweeps at full size: its tables, figures and plots (minutes)
	$(BIN)/python scripts/analysis_docs.py

golden: $(STAMP)  # regenerate tests/golden/ after a change that alters a reference game
	$(BIN)/python -m hexwar.testing.golden

mutate: $(DEVSTAMP)  # mutation testing of the rule modules (docs/testing.md); GROUP=aggressor for one, SAMPLE=N for N mutants, ONLY=aggressor.game for one module
	$(BIN)/python scripts/mutate.py $(GROUP) $(if $(SAMPLE),--sample $(SAMPLE)) $(if $(ONLY),--only $(ONLY))

clean:
	rm -rf $(VENV) build site *.egg-info src/*.egg-info .mypy_cache .pytest_cache .ruff_cache
