# The first run of any target creates .venv from requirements.txt.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-requirements
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve test build verify bench lock clean offline vendor pdf

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	cp requirements.txt $(STAMP)

## serve: verify what changed, then serve the site on http://127.0.0.1:8000
serve: verify
	$(PY) -m mkdocs serve --dev-addr 127.0.0.1:8000

## test: every check (snippets, build, faults, browser, workflow, lint)
test: $(STAMP)
	$(PY) -m pytest

## verify: run the snippets whose record is stale (FORCE=1: all of them)
verify: $(STAMP)
	$(PY) -m engine.verify $(if $(FORCE),--force)

## build: the static site into site/ (strict), with a PDF per stage
build: verify
	$(PY) -m mkdocs build --strict --site-dir site
	$(PY) -m macros.sheets site

## bench: cold engine vs naive verification, warm verification, build
bench: $(STAMP)
	$(PY) -m engine.bench

## lock: recompile requirements.txt from requirements.in
lock:
	uv pip compile requirements.in --universal --python-version 3.11 \
		--no-header -o requirements.txt

clean:
	rm -rf site $(VENV)

## offline: the site variant that works from file:// into site-offline/
offline: verify
	OFFLINE=true $(PY) -m mkdocs build --strict --site-dir site-offline

## vendor: refresh the bundled iframe-worker shim from the npm registry
vendor:
	cd $$(mktemp -d) && npm pack --silent iframe-worker@1.0.4 \
		&& tar xzf iframe-worker-1.0.4.tgz \
		&& cp package/shim/index.js $(CURDIR)/docs/assets/vendor/iframe-worker/shim.js \
		&& cp package/LICENSE $(CURDIR)/docs/assets/vendor/iframe-worker/LICENSE
