# Wyrm - make help lists the targets. Needs only Python 3, Node (npm) and make.
PY      ?= python3
VENV    := .venv
VPY     := $(VENV)/bin/python
BOARD   ?= pico-ssd1306-4btn
PORT    ?= /dev/ttyACM0
SIMARGS ?=
# The official MicroPython for the Pico (RPI_PICO build): https://micropython.org/download/RPI_PICO/
# One name for it everywhere: make uf2 takes it, and the emulated-Pico tests (host_tools/emu/pico.py)
# read the same PICO_FW from the environment.
PICO_FW ?= ../shared/pico/RPI_PICO-v1.28.0.uf2

.PHONY: help sim test test-shuffled lint typecheck pytest shots deploy firmware uf2 wiring bench bench-save battery latency soak web web-serve clean case

help: ## this list
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /	/' | expand -t 12

$(VENV)/.stamp: requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -r requirements-dev.txt
	touch $@

node_modules/.stamp: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

deps: $(VENV)/.stamp node_modules/.stamp

sim: deps ## start the simulator (window if a display is present, else the terminal)
	$(VPY) -m host_tools.sim --board $(BOARD) $(SIMARGS)

lint: $(VENV)/.stamp ## ruff over firmware, host tools and tests; no dead code in firmware
	$(VPY) -m ruff check firmware host_tools tests
	$(VPY) -m host_tools.checks.picoimports firmware
	$(VPY) -m host_tools.checks.deadcode firmware

typecheck: deps ## pyright on firmware/ against the Pico's stubs only
	$(VPY) -m host_tools.checks.typecheck

# Two workers (TEST_JOBS=n for more; 1 for none): each module whole on one worker, the slowest
# first (tests/conftest.py). The emulated Pico reuses a booted Pico (host_tools/emu/pico.py).
# The 25 slowest tests are listed at the end (where the suite's time goes).
TEST_JOBS ?= 2
pytest: deps
	$(VPY) -m pytest -q --durations=25 $(if $(filter-out 1,$(TEST_JOBS)),-n $(TEST_JOBS) --dist loadfile --no-loadscope-reorder)

test: lint typecheck pytest ## lint, type check, all tests (CPython and real MicroPython)

# The modules in a random order and each module's tests shuffled (pytest-random-order; a
# module's fixtures are made once). The seed is printed; SEED=n repeats an order.
test-shuffled: deps ## all tests in a shuffled order (SEED=n repeats one)
	$(VPY) -m pytest -q --random-order-bucket=module $(if $(SEED),--random-order-seed=$(SEED))

shots: deps ## screenshots of the main screens into docs/
	$(VPY) -m host_tools.make.shots

deploy: deps ## copy to a running Pico, keeping the saves: make deploy PORT=/dev/ttyACM0 BOARD=... (on Wyrm's own firmware the profile and data only)
	$(VPY) -m host_tools.make.deploy --port $(PORT) --board $(BOARD)

firmware: $(VENV)/.stamp ## Wyrm's own firmware (MicroPython v1.28.0, Wyrm frozen in): build/firmware/firmware.uf2 (MICROPYTHON_SRC=checkout)
	$(VPY) -m host_tools.make.firmware $(if $(MICROPYTHON_SRC),--src $(MICROPYTHON_SRC))

uf2: deps ## Wyrm's own firmware for a Pico in BOOTSEL mode: build/wyrm-BOARD.uf2 (replaces saves) and build/wyrm-update.uf2 (keeps them); FIRMWARE=stock: on the official MicroPython (PICO_FW)
	$(VPY) -m host_tools.make.uf2 --board $(BOARD) --firmware $(or $(FIRMWARE),own) --micropython $(PICO_FW)

wiring: deps ## wiring pictures docs/wiring-<board>.png, and the build pictures (device, perfboard, battery), for every profile
	$(VPY) -m host_tools.make.wiring
	$(VPY) -m host_tools.make.build_pics

case: deps ## printable case for BOARD, with and without the 3 x AAA bay: build/case/*.stl + preview .png (needs openscad)
	$(VPY) -m host_tools.make.case --board $(BOARD) --both

bench: deps ## heap, display traffic, idle and step cost, size (CPython + MicroPython): build/bench/results.json; the whole games' presses
	$(VPY) -m host_tools.bench
	$(VPY) -m host_tools.bench.whole_games

bench-save: $(VENV)/.stamp ## keep the last make bench: copy it to bench/results.json, rewrite docs/BENCHMARKS.md's figures
	@test -f build/bench/results.json || { echo "no build/bench/results.json: run make bench first"; exit 1; }
	cp build/bench/results.json bench/results.json
	$(VPY) -m host_tools.bench.figures

battery: deps ## the battery runs on the emulated Pico (minutes): bench/power.json, docs/BENCHMARKS.md's battery tables
	$(VPY) -m host_tools.bench.power_split --write

latency: deps ## every key on every screen timed on the emulated Pico: build/latency.json, docs/LATENCY.md
	$(VPY) -m host_tools.bench.latency

soak: deps ## the fault storm run long (1e5 events CPython, 1e4 MicroPython; SOAK_EVENTS, SOAK_MP_EVENTS): a table, 0 failures
	$(VPY) -m pytest -q -s tests/support/soak.py

web: deps ## build the browser version into build/web/ (static files)
	$(VPY) -m host_tools.web.build

web-serve: web ## serve build/web/ on http://127.0.0.1:8018/
	$(VPY) -m host_tools.web.serve

clean: ## remove venvs, node_modules and build output
	rm -rf $(VENV) .venv-stubs node_modules build .pytest_cache .ruff_cache
