# Rules Explorer — the two commands: `make app` serves the Voilà app, `make test` runs every test.
# Each target installs what is missing first (a .venv, the package, Debian's chromium and CJK fonts).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866
ARGS   ?=
LOCK   := binder/requirements.lock
# Every install takes the lock's versions as constraints: CI, `make app` and Binder run exactly what was tested.
PIP    := $(BIN)/python -m pip install -q --disable-pip-version-check -c $(LOCK)

.PHONY: app test test-all collect bench lint notebooks system-deps clean help lock site

help:
	@echo "make app    — install what is missing and serve the Voilà app on http://127.0.0.1:$(PORT)/"
	@echo "make test   — install what is missing and run every test (engine, notebooks, browser), in parallel"
	@echo "make test-all — make test plus the slow matrix (every conformance seed, every switch at the largest table)"
	@echo "make bench  — print the benchmark rows as they are measured, then one table (BENCH=engine: one module;"
	@echo "              BENCH=--long adds the strong bots' study)"
	@echo "make lint   — ruff and the import contracts (import-linter, pyproject.toml)"
	@echo "make lock   — pin every installed dependency in $(LOCK) (after a green make test; Binder installs it)"
	@echo "make site   — build _site/: the app as a static site on Pyodide (no server; publish it on GitHub Pages)"
	@echo "make notebooks — sync each notebook with its py:percent source (jupytext; edit either, then run this)"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall when pyproject.toml changes.
$(VENV)/.installed-app: pyproject.toml $(LOCK) | $(BIN)/python
	$(PIP) -e ".[balance]"
	@touch $@

$(VENV)/.installed-test: pyproject.toml $(LOCK) | $(BIN)/python
	$(PIP) -e ".[balance,test,bench,openspiel]"
	@touch $@ $(VENV)/.installed-app

# Debian's chromium (browser tests; never a downloaded browser) and a CJK font (中文 in screenshots).
system-deps:
	@if [ -x /usr/bin/chromium ] && fc-list 2>/dev/null | grep -qi "noto.*cjk"; then :; \
	elif [ "$$(id -u)" = "0" ]; then \
		echo "installing Debian chromium and fonts-noto-cjk"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null; \
	else \
		echo "note: chromium or fonts-noto-cjk missing and not root: browser tests will skip (they fail under CI=true)"; \
	fi

# Your own content and plug-in games, named relative to where you run make, stay found from notebooks/ (where the
# app's kernels start): the folders are made absolute for every recipe.
ifdef RULES_EXPLORER_CONTENT
export RULES_EXPLORER_CONTENT := $(abspath $(RULES_EXPLORER_CONTENT))
endif
ifdef RULES_EXPLORER_PLUGINS
export RULES_EXPLORER_PLUGINS := $(subst $() ,:,$(abspath $(subst :, ,$(RULES_EXPLORER_PLUGINS))))
endif

# widgets/server/serve.py is Voilà plus a Host allow-list and a kernel cap (RULES_EXPLORER_ALLOWED_HOSTS,
# RULES_EXPLORER_MAX_KERNELS); it reads notebooks/voila.json like voila itself. More options:
# make app ARGS="--token=<secret> --allowed-hosts=app.example --max-kernels=8"
app: $(VENV)/.installed-app
	cd notebooks && ../$(BIN)/python -m widgets.server.serve app.ipynb --no-browser --port=$(PORT) --Voila.ip=127.0.0.1 $(ARGS)

# pytest-xdist: one worker per core, each file to whichever worker is free (--dist loadfile: a notebook's cells share
# one kernel, a module's tests their module-scoped fixtures). The collection runs first, alone, so a broken import
# fails in seconds, not after the static site's build.
JOBS   ?= $(shell nproc)
PYTEST := $(BIN)/python -m pytest --nbval-lax -p no:cacheprovider
collect: $(VENV)/.installed-test
	@$(PYTEST) --collect-only -q > $(VENV)/collect.log 2>&1 || { tail -30 $(VENV)/collect.log; exit 2; }

# The test venv (then the collection check) and the static site's build are independent: made side by side.
test: system-deps
	@$(MAKE) --no-print-directory -j2 collect site
	$(PYTEST) -n $(JOBS) --dist loadfile -m "not slow"

test-all: system-deps
	@$(MAKE) --no-print-directory -j2 collect site
	$(PYTEST) -n $(JOBS) --dist loadfile

BENCH ?=
bench: $(VENV)/.installed-test system-deps
	$(BIN)/python -m bench $(BENCH)

notebooks: $(VENV)/.installed-test
	$(BIN)/jupytext --sync $$(git ls-files 'notebooks/*.ipynb' 'notebooks/**/*.ipynb' | sort -u)

# The static site (voici on Pyodide, issue 18): _site/ runs the whole app in the visitor's browser, no server.
# Its own build venv (.venv-site) and downloads (Pyodide and Font Awesome from npm, wheels from PyPI) are cached
# under .cache/site/; nothing is rebuilt when nothing that goes into the site changed. docs/sharing.md, section 5.
site:
	$(PYTHON) binder/static_site/build.py

# Regenerate the lock from the environment `make test` ran in (the project itself is left out: it is `-e .`).
lock: $(VENV)/.installed-test
	@echo "# pinned by make lock from the environment make test ran in; binder/requirements.txt and every make" > $(LOCK)
	@echo "# install use it as constraints (tests/app/test_server_lock.py checks it against what is installed)" >> $(LOCK)
	$(BIN)/python -m pip freeze --exclude-editable --disable-pip-version-check | grep -v '^#' | sort -f >> $(LOCK)
	@echo "wrote $(LOCK)"

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/lint-imports --cache-dir $(VENV)/import-linter-cache

clean:
	rm -rf $(VENV) test-output .pytest_cache _site  # .venv-site and .cache/site are kept: they are downloads
