# The two commands: `make start` sets up and runs the product, `make test` sets up and runs every test.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

# Node 24 LTS: the system's when it is new enough, else installed from the npm registry into .tools/.
NODE_BIN := $(shell scripts/ensure-node.sh)
ifeq ($(NODE_BIN),)
$(error could not find or install Node.js 24 (see the messages above))
endif
export PATH := $(NODE_BIN):$(PATH)
# Native addons (node-pty) build against the headers of the Node that runs them.
export npm_config_nodedir := $(abspath $(NODE_BIN)/..)

NPM := npm --no-audit --no-fund --loglevel=error
BIN := node_modules/.bin
PACKAGE_MANIFESTS := package.json package-lock.json $(wildcard packages/*/package.json) e2e/package.json bench/package.json
TS_PROJECTS := . packages/contract packages/db packages/http-kit packages/cluster packages/server packages/web e2e bench

.PHONY: help start build budget test install typecheck lint format unit unit-postgres fuzz-wide e2e bench system-packages test-system-packages clean

help:
	@echo "make start   install what is missing, build, and run the dashboard with an embedded cluster"
	@echo "make test    install what is missing and run every test (typecheck, lint, unit, API on SQLite and PostgreSQL, e2e)"
	@echo "make build   build the web app"
	@echo "make budget  check the first load of /instances against its budget"
	@echo "make bench   run the benchmarks"
	@echo "make fuzz-wide  run the API fuzz tests 20 times wider, on PostgreSQL"
	@echo "make format  rewrite files with Prettier"

# node-pty's install script compiles its addon: the compiler comes first.
node_modules/.installed: $(PACKAGE_MANIFESTS)
	scripts/ensure-system-packages.sh
	$(NPM) ci
	touch $@

system-packages:
	scripts/ensure-system-packages.sh

test-system-packages:
	scripts/ensure-system-packages.sh --tests

# The web app is built again only when what it is built from changed (its sources and build files,
# the contract's, the root's package and TypeScript settings, the lockfile; a folder, for a file
# added or removed): `make test` asks for it twice (the budget, then the end-to-end tests), and
# the build writes its compressed copies with Zopfli (~7 s of its ~12). The build empties dist/
# first and the stamp is written once it succeeded: a build that stopped leaves none.
WEB_BUILD_INPUTS := $(shell find packages/web packages/contract \( -name node_modules -o -path packages/web/dist \) -prune -o -print) package.json package-lock.json tsconfig.base.json
packages/web/dist/.built: node_modules/.installed $(WEB_BUILD_INPUTS)
	$(BIN)/vite build packages/web --logLevel warn
	touch $@

build: packages/web/dist/.built

# The first-load budget of /instances (packages/web/performance/first-load-budget.ts): prints each
# file's size, fails above the limit.
budget: build
	node packages/web/performance/first-load-budget.ts

start: node_modules/.installed system-packages build
	bin/dashboard start

typecheck: node_modules/.installed
	for project in $(TS_PROJECTS); do echo "tsc -p $$project"; $(BIN)/tsc -p $$project; done

# ESLint (types, hooks, TanStack Query, jsx-a11y, fetch only in api/), Prettier, the import rules
# (.dependency-cruiser.js: no cycles, who may import whom), unused files, exports and dependencies
# (knip.config.ts), the paths the documentation names (scripts/check-doc-paths.ts), and the
# length of every file (scripts/check-file-lengths.ts). package.json's "lint" script runs the same six.
lint: node_modules/.installed
	$(BIN)/eslint --max-warnings=0 .
	$(BIN)/prettier --check --log-level=warn .
	$(BIN)/depcruise --config .dependency-cruiser.js packages e2e bench
	$(BIN)/knip --no-progress
	node scripts/check-doc-paths.ts
	node scripts/check-file-lengths.ts

format: node_modules/.installed
	$(BIN)/prettier --write --log-level=warn .

# Unit, component and API tests on SQLite, then the cluster and server API suites on PostgreSQL,
# but those whose subject is not what the database does: the fuzz samples (`make fuzz-wide` runs
# them on PostgreSQL, 20 times wider), reading archives and streaming uploads (their rows are the
# applications and images suites'), and the command line's processes (cli-permissions and
# two-processes cover its writes there).
POSTGRES_SKIPS := fuzz-routes.test.ts read-archive.test.ts applications-archive-bombs.test.ts \
	applications-streamed-upload.test.ts images-upload.test.ts cli-accounts.test.ts

unit: node_modules/.installed
	scripts/vitest-run.sh

unit-postgres: node_modules/.installed test-system-packages
	scripts/with-postgres.sh scripts/vitest-run.sh --project db --project cluster --project server \
		$(foreach skip,$(POSTGRES_SKIPS),--exclude '**/$(skip)')

# The fuzz tests of the AMS API, the stream gateway and the dashboard's API, 20 times wider than in
# `make test` (runs and time per route), on PostgreSQL, the stricter database (~10 minutes here).
# `make test` runs a sample: run this after a change to what a route accepts.
fuzz-wide: node_modules/.installed test-system-packages
	FUZZ_SCALE=20 scripts/with-postgres.sh $(BIN)/vitest run --project cluster --project server fuzz-routes

e2e: node_modules/.installed test-system-packages build
	$(BIN)/playwright test -c e2e

# Each phase in turn (install, typecheck beside lint, unit, unit-postgres, budget, e2e), timed: the
# run ends with how long each took (scripts/run-tests.sh).
test:
	scripts/run-tests.sh

# What every test needs installed: the packages, Chromium, PostgreSQL.
install: node_modules/.installed system-packages test-system-packages

# The browser benchmarks need Chromium and the built web app. Each records what it is judged by;
# the run ends with one table of every figure, its target and whether it is met (bench/summary.ts).
bench: node_modules/.installed system-packages test-system-packages build
	@results=$$(mktemp); \
	for benchmark in bench/*.bench.ts; do echo "== $$benchmark"; BENCH_RESULTS=$$results node "$$benchmark"; done; \
	node bench/summary.ts $$results; rm -f $$results

clean:
	rm -rf node_modules packages/*/node_modules packages/web/dist .tools .e2e-data .e2e-data-external .e2e-data-two-clusters .e2e-data-b test-results
