# The first run of any target creates .venv from requirements.txt.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-requirements
SITE := site
export NO_MKDOCS_2_WARNING := 1

.PHONY: help venv serve test build verify bench lock clean offline vendor \
	format matrix matrix-lock registry

## help: list the targets
help:
	@sed -n 's/^## /make /p' $(MAKEFILE_LIST)

# pip installs only uv, at the version requirements.txt pins; uv installs
# the rest, linking files from its cache (a warm cache: about 7 s here,
# against 50-67 s for pip). Modules compile to bytecode on first import.
$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps \
		"$$(grep -m1 '^uv==' requirements.txt)"
	$(VENV)/bin/uv pip install --quiet --python $(PY) --no-deps \
		-r requirements.txt
	cp requirements.txt $(STAMP)

## venv: create .venv from requirements.txt (every target does, first)
venv: $(STAMP)

## serve: verify what changed, then serve the site on http://127.0.0.1:8000
serve: verify
	$(PY) -m mkdocs serve --dev-addr 127.0.0.1:8000

## test: build, then every check on that build (FORCE=1: verify every snippet and rerun checks that passed on the same inputs)
test: build
	BUILT_SITE=$(SITE) $(if $(FORCE),FORCE=1) $(PY) -m pytest

## verify: run the snippets whose record is stale (FORCE=1: all of them)
verify: $(STAMP)
	$(PY) -m engine.verify $(if $(FORCE),--force)

## build: verify, then the site into site/ (strict) and a PDF per stage
build: verify
	$(PY) -m mkdocs build --strict --site-dir $(SITE)
	$(PY) -m tools.sheets $(SITE)

## offline: the site variant that works from file:// into site-offline/
offline: verify
	OFFLINE=true $(PY) -m mkdocs build --strict --site-dir site-offline

## bench: engine, build, search, then the contributor's loop (MATRIX=1: the version matrix; GROWTH=3: every phase on 3x the cards)
bench: $(STAMP)
	$(PY) -m tools.bench $(if $(MATRIX),--matrix) \
		$(if $(GROWTH),--growth $(GROWTH))

## matrix: every snippet on each TF release 2.16..pinned and nightly (RELEASE=2.18: one)
matrix: $(STAMP)
	$(PY) -m engine.matrix run $(RELEASE) $(if $(FORCE),--force) \
		$(if $(PART),--part $(PART))

## matrix-lock: re-resolve the locks of the matrix releases (needs PyPI)
matrix-lock: $(STAMP)
	$(PY) -m engine.matrix lock

## registry: refresh registry/pypi.json, the dated snapshot of PyPI metadata the install cards assert against (needs PyPI)
registry: $(STAMP)
	$(PY) -m tools.registry

## format: ruff-format the code and the snippets
format: $(STAMP)
	$(VENV)/bin/ruff format .

## lock: recompile requirements.txt from requirements.in
lock: $(STAMP)
	$(VENV)/bin/uv pip compile requirements.in --universal \
		--override requirements-overrides.txt \
		--python-version 3.11 --no-header -o requirements.txt

## vendor: refresh the bundled iframe-worker shim from the npm registry
vendor:
	cd $$(mktemp -d) && npm pack --silent iframe-worker@1.0.4 \
		&& tar xzf iframe-worker-1.0.4.tgz \
		&& cp package/shim/index.js $(CURDIR)/docs/assets/vendor/iframe-worker/shim.js \
		&& cp package/LICENSE $(CURDIR)/docs/assets/vendor/iframe-worker/LICENSE

## clean: remove the builds and the virtual environment
clean:
	rm -rf $(SITE) site-offline $(VENV)
