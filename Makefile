# Everything a fresh machine needs is done here: only python3 is assumed.
PY      ?= python3
VENV    ?= .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
PYTEST  := $(BIN)/python -m pytest -q
# Lab settings shared with Binder (binder/postBuild installs the same files): no news
# pop-up over the board, no update check.
LABSET  := $(VENV)/share/jupyter/lab/settings/overrides.json
LABCFG  := $(VENV)/etc/jupyter/jupyter_lab_config.json
# The deepwood_lab server extension: TCP_NODELAY on kernel websockets (no ~40 ms stall)
SRVCFG  := $(VENV)/etc/jupyter/jupyter_server_config.d/deepwood_lab.json
# Root (containers, Binder-like boxes) needs --allow-root; a Linux box without a display
# cannot open a browser, so Lab only prints its URL. LAB_ARGS adds your own flags.
LAB_FLAGS := $(if $(filter 0,$(shell id -u)),--allow-root) \
             $(if $(and $(filter Linux,$(shell uname -s)),$(if $(DISPLAY)$(WAYLAND_DISPLAY),,x)),--no-browser)
LAB_ARGS ?=

.PHONY: install lab play test notebooks bench rules-coverage clean guide worksheets

EXTRAS  := .[notebooks,test,bench,playtest]

# uv (from PyPI) installs the same versions as pip in a fifth of the time (~15 s instead
# of ~75 s for a fresh clone), compiling the bytecode as pip does: with
# PYTHONDONTWRITEBYTECODE set, every kernel would otherwise compile numpy, Jupyter and co.
# again at each start (3.2 s instead of 1.3 s). Should uv be unavailable, pip installs.
$(BIN)/python:
	$(PY) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet uv || true
	$(BIN)/python -m uv pip install --quiet --compile-bytecode --python $(BIN)/python -e '$(EXTRAS)' \
	    || $(BIN)/python -m pip install --quiet -e '$(EXTRAS)'
	touch $(STAMP)

install: $(STAMP)

$(LABSET): binder/overrides.json $(STAMP)
	mkdir -p $(@D) && cp $< $@

$(LABCFG): binder/jupyter_lab_config.json $(STAMP)
	mkdir -p $(@D) && cp $< $@

$(SRVCFG): binder/jupyter_server_config.json $(STAMP)
	mkdir -p $(@D) && cp $< $@

lab: install $(LABSET) $(LABCFG) $(SRVCFG)
	$(BIN)/jupyter lab $(strip $(LAB_FLAGS)) $(LAB_ARGS) notebooks/

# The play app: one page per game (play/), served by Voila with no code shown. Voila is no
# Jupyter server app, so only a headless box needs a flag (no browser to open).
PLAY_ARGS ?=
PLAY_FLAGS := $(if $(and $(filter Linux,$(shell uname -s)),$(if $(DISPLAY)$(WAYLAND_DISPLAY),,x)),--no-browser)

play: install
	$(BIN)/voila $(strip $(PLAY_FLAGS)) $(PLAY_ARGS) play/

# make test runs every test, on every core (pytest-xdist; JOBS=0: all in one process):
# 1. the rules coverage, one line per game (the table: make rules-coverage);
# 2. the unit, property and Binder tests, spread test by test (worksteal: long property
#    batches do not hold up the rest);
# 3. doctests and every lesson cell: --dist loadfile keeps a notebook in one kernel, in order;
# 4. the browser tests, one Lab and one Chromium at a time, ALONGSIDE 2 and 3: they mostly
#    wait for Lab, the kernel and Chromium, so they cost little of the cores the others use.
#    Their report (build/browser-tests.log) is printed when they end.
JOBS ?= auto
BROWSER_LOG := build/browser-tests.log
# Python and pytest may keep compiled modules (in the ignored __pycache__ folders) during
# make test: with PYTHONDONTWRITEBYTECODE set, each of the ~50 test workers and lesson
# kernels would compile the package again, and pytest would re-rewrite the asserts of all
# 200 test modules in every worker (~4 s each).
test: export PYTHONDONTWRITEBYTECODE :=
# check() records attempts in the Jupyter data directory (lessons.progress): the lesson
# kernels nbval starts must write into build/, never into the real home (tests/conftest.py
# does the same for the tests themselves).
test: export JUPYTER_DATA_DIR := $(CURDIR)/build/jupyter-data
test: install
	@$(BIN)/python tools/rules_coverage.py --summary
	@mkdir -p build
	@echo "(the browser tests run alongside; their report follows at the end)"
	@$(PYTEST) -m browser tests/browser > $(BROWSER_LOG) 2>&1 & browser=$$!; \
	$(PYTEST) -n $(JOBS) --dist worksteal -m "not browser" tests \
	&& $(PYTEST) -n $(JOBS) --dist loadfile --doctest-modules -o doctest_optionflags=ELLIPSIS \
	    deepwood_kernel --nbval notebooks --nbval-sanitize-with tests/nbval_sanitize.cfg; \
	status=$$?; wait $$browser; browser_status=$$?; \
	echo "== browser tests ($(PYTEST) -m browser tests/browser)"; cat $(BROWSER_LOG); \
	exit $$(( status != 0 || browser_status != 0 ))

# The teacher's guide per series and one worksheet per lesson (docs/teachers.md), printed
# by the Chromium the browser tests use. PAPER=letter prints the worksheets on US letter.
PAPER ?= A4

guide: install
	$(BIN)/python -m tools.guide

worksheets: install
	$(BIN)/python -m tools.worksheets --paper $(PAPER)

rules-coverage: install
	$(BIN)/python tools/rules_coverage.py

notebooks: install
	$(BIN)/python tools/run_notebooks.py notebooks

bench: install
	@for f in bench/*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) build dist *.egg-info
