# Everything a fresh machine needs is done here: only python3 is assumed.
PY      ?= python3
VENV    ?= .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed

.PHONY: install lab test test-fast notebooks bench clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[notebooks,test]'
	touch $(STAMP)

install: $(STAMP)

lab: install
	$(BIN)/jupyter lab notebooks/

test: install
	$(BIN)/python -m pytest tests --nbval-sanitize-with tests/nbval_sanitize.cfg -p no:cacheprovider
	$(BIN)/python -m pytest --nbval notebooks --nbval-sanitize-with tests/nbval_sanitize.cfg -p no:cacheprovider

notebooks: install
	$(BIN)/python tools/run_notebooks.py notebooks

bench: install
	@for f in bench/*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) build dist *.egg-info
