# gatherd: `make test` and `make run` install what they need on Debian 12 (as root) or say how.
SWIFT ?= swift
SWIFT_FORMAT := $(SWIFT) format
FORMAT_PATHS := Package.swift Sources Tests

# Debian packages the build and the tests need.
APT_PACKAGES := libsqlite3-dev

.PHONY: all build run test lint format deps bench clean

all: build

## deps: install the Debian packages the build needs (apt-get as root; otherwise print the command)
deps:
	@missing=""; \
	for pkg in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$pkg 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian packages:$$missing"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	  else \
	    echo "gatherd needs these Debian packages:$$missing"; \
	    echo "Run:  sudo apt-get install -y --no-install-recommends$$missing"; \
	    exit 1; \
	  fi; \
	fi

## build: build every target (warnings are errors in our targets)
build: deps
	$(SWIFT) build

## run: build gatherd and run it in the foreground on its default socket and database (Ctrl-C stops it)
run: deps
	$(SWIFT) build --product gatherd
	$$($(SWIFT) build --show-bin-path)/gatherd $(ARGS)

## bench: measure gatherd against the reference servers in ../shared/tools (release build); see docs/performance.md
bench: deps
	Tests/bench/run.sh

## lint: check the code against the committed .swift-format configuration
lint:
	$(SWIFT_FORMAT) lint --strict --recursive --configuration .swift-format $(FORMAT_PATHS)

## format: rewrite the code to the committed .swift-format configuration
format:
	$(SWIFT_FORMAT) format --in-place --recursive --configuration .swift-format $(FORMAT_PATHS)

## test: lint, build and run every test
test: deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build
