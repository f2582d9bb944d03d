# Everyday commands. `make play` and `make test` create the virtual environment and install what they need on
# first use; later runs reinstall only when pyproject.toml has changed (stamp files inside .venv record that).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALL_STAMP := $(VENV)/.install.stamp
INSTALL_TEST_STAMP := $(VENV)/.install-test.stamp

# A recipe that fails must not leave a target behind that looks up to date.
.DELETE_ON_ERROR:

.PHONY: help venv install install-test play test test-slow lint format bench art screenshots puzzles i18n clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F ':.*## ' '{ printf "  make %-13s %s\n", $$1, $$2 }'

venv: $(BIN)/python ## create .venv if it is missing (Python 3.11+; choose one with PYTHON=...)

$(BIN)/python:
	@$(PYTHON) -c 'import sys; raise SystemExit(sys.version_info < (3, 11))' 2>/dev/null || { \
		echo "error: Briscola needs Python 3.11 or newer, and '$(PYTHON)' is missing or older." >&2; \
		echo "       Choose another interpreter, e.g. 'make PYTHON=python3.12 $(MAKECMDGOALS)'." >&2; \
		exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

install: $(INSTALL_STAMP) ## install the game into .venv (editable)

$(INSTALL_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

install-test: $(INSTALL_TEST_STAMP) ## install the game with its test and dev tools into .venv (editable)

# The [test,dev] install includes the plain one, so it refreshes both stamps.
$(INSTALL_TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test,dev]'
	touch $@ $(INSTALL_STAMP)

play: install ## start the game; pass options with ARGS="..."
	$(BIN)/python main.py $(ARGS)

# Headless SDL, so tests that open a pygame display or mixer run without a screen or a sound card.
test test-slow: export SDL_VIDEODRIVER := dummy
test test-slow: export SDL_AUDIODRIVER := dummy
# pytest runs on every core (`-n auto`, pytest-xdist). It exits with 5 when it collected no test at all (an empty
# suite, or every test deselected): not a failure of the code, so it is reported and the checks still run.
test: install-test ## run the tests, then the import contracts, ruff and mypy: everything CI runs but the slow tests
	@status=0; $(BIN)/pytest -n auto || status=$$?; \
	if [ $$status -eq 5 ]; then echo "pytest collected no tests (exit code 5): continuing."; \
	elif [ $$status -ne 0 ]; then exit $$status; fi
	$(BIN)/lint-imports --no-logo
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The tests marked slow: hundreds of random matches per preset, the shadow views of every preset, the graded levels'
# steps, the soak, the search levels' golden hands. CI runs them after `make test`.
test-slow: install-test ## run only the tests marked slow (minutes), on every core
	$(BIN)/pytest -n auto -m slow

lint: install-test ## the import contracts, ruff lint and format check, then mypy
	$(BIN)/lint-imports --no-logo
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: install-test ## sort imports and reformat the code in place
	$(BIN)/ruff check --select I --fix .
	$(BIN)/ruff format .

# Translations: refresh the template and catalogs from the sources, then compile the .mo files the game reads
# (committed, like the card art). Translate what `python -m briscola.i18n_tools missing LANG` lists, then run again.
i18n: install ## refresh the translation catalogs from the sources and compile them
	$(BIN)/python -m briscola.i18n_tools extract
	$(BIN)/python -m briscola.i18n_tools update
	$(BIN)/python -m briscola.i18n_tools compile

puzzles: install ## make the shipped endgame puzzles (briscola/school/puzzles.json) again, from their seed
	$(BIN)/python -m briscola.school.make_puzzles

screenshots: export SDL_VIDEODRIVER := dummy
screenshots: export SDL_AUDIODRIVER := dummy
screenshots: install ## render the table screenshots of docs/screenshots (the README shows them)
	$(BIN)/python -m briscola.ui.shots docs/screenshots

bench: install ## run every benchmark in bench/
	@set -e; for script in bench/*.py; do \
		[ -e "$$script" ] || { echo "no benchmarks in bench/"; break; }; \
		echo "== $$script"; \
		$(BIN)/python "$$script"; \
	done

# The card art is generated, then committed: `art` rewrites assets/cards from briscola/art and renders the
# contact sheets in docs/decks that reviewers look at. Headless SDL: the sheets are drawn without a screen.
art: export SDL_VIDEODRIVER := dummy
art: install ## regenerate assets/cards from briscola/art, and the deck sheets in docs/decks
	$(BIN)/python -m briscola.art build
	$(BIN)/python -m briscola.ui.assets.deck_sheet sheets docs/decks

clean: ## remove .venv, caches and build artefacts: back to a fresh clone
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -name '*.egg-info' -prune -exec rm -rf {} +
	find . -name '__pycache__' -prune -exec rm -rf {} +
