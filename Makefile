# Everything a fresh machine needs is done here: only python3 is assumed.
PY      ?= python3
VENV    ?= .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
PYTEST  := $(BIN)/python -m pytest -q

.PHONY: install lab test notebooks bench rules-coverage clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[notebooks,test,bench]'
	touch $(STAMP)

install: $(STAMP)

lab: install
	$(BIN)/jupyter lab notebooks/

test: install rules-coverage
	$(PYTEST) tests
	$(PYTEST) --doctest-modules deepwood_kernel -o doctest_optionflags=ELLIPSIS
	$(PYTEST) --nbval notebooks --nbval-sanitize-with tests/nbval_sanitize.cfg

rules-coverage: install
	$(BIN)/python tools/rules_coverage.py

notebooks: install
	$(BIN)/python tools/run_notebooks.py notebooks

bench: install
	@for f in bench/*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) build dist *.egg-info
