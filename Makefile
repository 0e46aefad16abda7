# Two commands do all the set-up: `make run` and `make test`.
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The suite runs on every core (pytest-xdist); PYTEST_ARGS=... replaces this, e.g. '-x tests/engines'.
PYTEST_ARGS ?= -n auto
# `make run PORT=8001` serves on another port; `make run RUN_ARGS=--reload` restarts on code changes.
PORT ?= 8000
RUN_ARGS ?=

.PHONY: run test lint typecheck pytest install worker beat clean bench engine-messages

$(STAMP): pyproject.toml
	@PY=$$(scripts/find-python) || exit 1; \
	  [ -x $(BIN)/python ] || $$PY -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP)

# The e-mails' links and the site's recorded address follow the port unless SITE_URL is set.
run: export SITE_URL ?= http://127.0.0.1:$(PORT)
run: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	exec $(BIN)/uvicorn config.asgi:application --host 127.0.0.1 --port $(PORT) --lifespan on $(RUN_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy .

pytest: $(STAMP)
	$(BIN)/pytest $(PYTEST_ARGS)

# Every check: style, types, then the whole test suite.
test: lint typecheck pytest

# The engines' catalogue: add their new texts to each engines.po and compile the .mo files.
engine-messages: $(STAMP)
	$(BIN)/python -m games.engines.catalogue

worker: $(STAMP)
	$(BIN)/celery -A config worker -Q games,bots -l info

beat: $(STAMP)
	$(BIN)/celery -A config beat -l info

# Benchmarks print figures; they are not tests (see bench/README.md).
bench: $(STAMP)
	@for f in bench/*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
