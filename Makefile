# URI Inspector — two commands do everything:  make run   and   make test
# Both create .venv, install the package editable with its test extras, and check the
# system packages Qt needs (installed when run as root with apt, else the exact command).

SHELL := /bin/bash
.DEFAULT_GOAL := help
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
SYSSTAMP := $(VENV)/.system-ok
# Debian packages: fonts for the offscreen platform (CJK, Devanagari, Thai glyphs), the
# xcb platform's libraries under Xvfb (Qt's own message names the wrong package), Xvfb,
# and chromium (the test that renders the HTML report in a headless browser).
SYSTEM_PACKAGES := fonts-noto-core fonts-noto-cjk libxcb-icccm4 libxcb-keysyms1 \
	libxcb-image0 libxcb-render-util0 libxcb-xkb1 libxkbcommon-x11-0 libxcb-cursor0 \
	libegl1 libgl1 libfontconfig1 libdbus-1-3 xvfb xauth chromium

# The first candidate that really runs and is 3.11+ (python3.12 may be a broken pyenv shim).
PYTHON ?= $(shell for c in python3 python3.13 python3.12 python3.11; do \
	if command -v $$c >/dev/null 2>&1 && $$c -c 'import sys, venv; sys.exit(0 if (3,11) <= sys.version_info[:2] < (3,14) else 1)' >/dev/null 2>&1; \
	then echo $$c; break; fi; done)

.PHONY: help run test soak lint typecheck system venv bench fuzz bundle screenshots clean compiled

help:
	@echo "make run    - create .venv, install, open the window with a demonstration URI"
	@echo "make test   - the whole suite, offscreen (lint, types, core, cli, gui)"
	@echo "make soak   - the soak and stress runs (a few minutes; SOAK_KEYS=50000 for the long one)"
	@echo "make bench  - benchmarks against urllib, rfc3986, uritools, ada-url"
	@echo "make bundle - PyInstaller one-folder bundle, then its smoke check"
	@echo "make fuzz   - atheris over the core and batch, then extract html/eml (FUZZ_SECONDS=300 each)"
	@echo "make screenshots - docs/screenshots/*.png from the real window"
	@echo "make compiled - optional: the core's hot modules built with mypyc (needs gcc, Python headers);"
	@echo "                used only with URIINSPECTOR_COMPILED=1, e.g. URIINSPECTOR_COMPILED=1 make run"

$(SYSSTAMP): Makefile
	@missing=""; for p in $(SYSTEM_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "Installing system packages:$$missing"; \
			DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null || exit 1; \
		elif ! command -v dpkg-query >/dev/null; then \
			echo "Not a Debian system: make sure Qt 6's xcb libraries, Noto fonts, Xvfb and Chromium are installed."; \
		else \
			echo "Qt (and the browser test) need these Debian packages. Run this, then make again:"; \
			echo "  sudo apt-get install -y$$missing"; exit 1; \
		fi; \
	fi
	@mkdir -p $(VENV) && touch $@

system: $(SYSSTAMP)

$(STAMP): pyproject.toml
	@if [ -z "$(PYTHON)" ]; then echo "No working Python 3.11-3.13 found (tried python3, python3.13, python3.12, python3.11)."; \
		echo "Install one: sudo apt-get install -y python3 python3-venv"; exit 1; fi
	@if [ ! -x $(VPY) ]; then echo "Creating $(VENV) with $(PYTHON) ($$($(PYTHON) --version))"; $(PYTHON) -m venv $(VENV) || { \
		echo "venv failed: sudo apt-get install -y python3-venv"; exit 1; }; fi
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -e ".[test,bench]"
	@touch $@

venv: $(STAMP)

run: $(SYSSTAMP) $(STAMP)
	@if [ -z "$$DISPLAY" ] && [ -z "$$WAYLAND_DISPLAY" ] && [ "$$QT_QPA_PLATFORM" != offscreen ]; then \
		echo "There is no display (neither DISPLAY nor WAYLAND_DISPLAY is set), so no window can open."; \
		echo "Run it on a virtual screen instead:   xvfb-run -a make run"; \
		echo "or print the analysis in the terminal: $(VPY) -m uriinspector parse 'http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm'"; \
		exit 2; fi
	$(VPY) -m uriinspector

lint: $(STAMP)
	$(VPY) -m ruff check uriinspector tests bench
	$(VPY) -m mypy uriinspector  # strict (pyproject), the whole package

typecheck: lint

# The suite runs on every CPU (pytest-xdist; TEST_JOBS=0 runs it in one process, e.g. to debug).
TEST_JOBS ?= auto
test: $(SYSSTAMP) $(STAMP) lint
	QT_QPA_PLATFORM=offscreen $(VPY) -m pytest -q -p no:cacheprovider -n $(TEST_JOBS)

# Soak and stress runs (tests marked soak; skipped by make test): 12,000 keystrokes,
# 1,100 distinct hostile links, every hostile shape with Explain and Editions raised.
SOAK_KEYS ?= 12000
soak: $(SYSSTAMP) $(STAMP)
	QT_QPA_PLATFORM=offscreen URIINSPECTOR_SOAK=1 SOAK_KEYS=$(SOAK_KEYS) \
		$(VPY) -m pytest -q -p no:cacheprovider -m soak -s

bench: $(STAMP)
	$(VPY) bench/run.py

fuzz: $(STAMP)
	$(VPY) -m pip install -q "atheris>=2.3"
	$(VPY) bench/fuzz.py -max_total_time=$${FUZZ_SECONDS:-300}
	$(VPY) bench/fuzz_extract.py -max_total_time=$${FUZZ_SECONDS:-300}

bundle: $(STAMP)
	$(VPY) -m pip install -q "pyinstaller>=6.5"
	$(VENV)/bin/pyinstaller --noconfirm --distpath dist --workpath build packaging/uriinspector.spec
	@echo "Smoke check: the bundle's CLI answers, and its window is still up after 5 s offscreen"
	dist/uriinspector/uriinspector parse 'http://www.example.com&story=breaking_news@10.0.0.1/x' >/dev/null
	QT_QPA_PLATFORM=offscreen timeout 5 dist/uriinspector/uriinspector open 'http://a/b'; test $$? = 124
	@echo "bundle OK: dist/uriinspector/uriinspector"

# Optional, never a prerequisite of run or test: mypyc builds of the core's hot modules into
# the venv, used only with URIINSPECTOR_COMPILED=1 and only while the source is unchanged
# (packaging/compile_core.py; docs/performance.md, "Issue 22: compiling the core with mypyc").
compiled: $(STAMP)
	$(VPY) packaging/compile_core.py

screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(VPY) docs/make_screenshots.py

clean:
	rm -rf build dist .pytest_cache .mypy_cache .ruff_cache
