# gatherd: `make test` and `make run` install what they need on Debian 12 (as root) or say how.
SWIFT ?= swift
SWIFT_FORMAT := $(SWIFT) format
FORMAT_PATHS := Package.swift Plugins Sources Tests

# Debian packages the build and the tests need, and commands that must be on the PATH (with their package).
# esbuild and brotli (with python3 and gzip) build the scoreboard page at build time (Plugins/PageBundle).
APT_PACKAGES := libsqlite3-dev pkg-config python3 python3-jsonschema python3-venv systemd systemd-container \
  esbuild brotli \
  dpkg-dev lintian binutils init-system-helpers chromium python3-websockets \
  libcurl4-openssl-dev libqrencode-dev qrencode zbar-tools libmosquitto-dev mosquitto mosquitto-clients prometheus nginx caddy \
  openssl faketime
APT_COMMANDS := setpriv:util-linux socat:socat jq:jq node:nodejs
# PyPI packages the tests use, pinned: paho-mqtt talks to the real broker, openskill is the ratings' oracle,
# Jinja2 renders the Home Assistant value templates as HA does, icalendar reads the plans' calendar feed, and vobject
# (with dateutil) expands its weekly series through the feed's own VTIMEZONE.
PIP_PACKAGES := paho-mqtt==2.2.0 openskill==6.2.0 Jinja2==3.1.6 icalendar==7.3.0 vobject==0.9.9 http_ece==1.2.1 py-vapid==1.9.6
PYTHON ?= python3
# The venv Home Assistant core runs from in Tests/e2e/test_homeassistant.py (Tests/homeassistant/install.sh).
HA_VENV ?= $(CURDIR)/.build-ha
BIN_PATH = $(shell $(SWIFT) build --show-bin-path)

# Where `make install` puts things; DESTDIR stages the tree for packaging.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
UNITDIR ?= $(PREFIX)/lib/systemd/system
USERUNITDIR ?= $(PREFIX)/lib/systemd/user
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
DOCDIR ?= $(PREFIX)/share/doc/gatherd
MANDIR ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share
# The configuration file goes to /etc/gatherd, where gatherd.service reads it (ConfigurationDirectory=), for
# any PREFIX; an existing one is never overwritten.
SYSCONFDIR ?= /etc
# The one version: `gatherd --version`, `gatherctl --version` and the package's.
VERSION := $(shell cat Sources/GatherRPC/VERSION)
# install and deb build in a folder of their own, always with the Swift runtime linked in, so an earlier
# `swift build -c release` in this checkout cannot leak a toolchain-linked binary into them.
# --no-export-dynamic: nothing looks gatherd's own symbols up at run time, and a table of every one of them
# (about 15,000, 1 MB) costs start-up time and 1.5 MB of resident memory (docs/performance.md).
# lld (the toolchain's) with packed relative relocations: the loader reads 12 kB of relocations instead of
# 1.4 MB (1 MB less resident; needs glibc 2.36, which packaging/build-deb.sh puts in the package's Depends).
# STARTUP_ORDER lists the functions start-up runs, which lld puts together, so that they fault in a few runs of
# pages instead of pages all over the binary (3.8 MB less resident); `make startup-order` regenerates it, and a
# name the build does not have is skipped. -function-sections gives every Swift function a section of its own
# (swiftc otherwise gives one to public functions only), so that lld can move each listed function, not the whole
# file that holds it, and --gc-sections drops the functions nothing calls (0.7 MB less binary, docs/performance.md).
# -enforce-exclusivity=unchecked: every module of the installed binary, SwiftNIO's included, is compiled without
# the run-time exclusivity checks (29 per request in SwiftNIO's event loop, about 2,900 of a `timer.status`'s
# 16,000 instructions; docs/performance.md), as the Swift standard library itself is. The compile-time checks
# stay, and debug builds, the tests and the sanitizer runs (`make tsan`, `make asan`) keep the run-time ones.
RELEASE_SCRATCH ?= $(CURDIR)/.build-install-release
STARTUP_ORDER := $(CURDIR)/packaging/startup-order.txt
RELEASE_BUILD_FLAGS = --static-swift-stdlib --disable-local-rpath -Xswiftc -enforce-exclusivity=unchecked \
  -Xswiftc -Xfrontend -Xswiftc -function-sections \
  -Xswiftc -use-ld=lld -Xlinker -z -Xlinker now -Xlinker -z -Xlinker pack-relative-relocs \
  -Xlinker --no-export-dynamic -Xlinker --symbol-ordering-file=$(STARTUP_ORDER) -Xlinker --no-warn-symbol-ordering
RELEASE_FLAGS = -c release $(RELEASE_BUILD_FLAGS) --scratch-path "$(RELEASE_SCRATCH)"
RELEASE_BIN = $(shell $(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)
# make deb: the package's version (the nspawn test bumps it to rehearse an upgrade) and where it goes.
DEB_VERSION ?= $(VERSION)
DEB_DIR ?= $(CURDIR)/.build-deb

.PHONY: all build run test lint format deps pydeps hadeps bench startup-order install uninstall deb clean openrpc

all: build

## deps: install the Debian packages the build needs (apt-get as root; otherwise print the command)
deps:
	@missing=""; \
	for pkg in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$pkg 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$pkg"; \
	done; \
	for entry in $(APT_COMMANDS); do \
	  command -v $${entry%%:*} >/dev/null 2>&1 || missing="$$missing $${entry#*:}"; \
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

## pydeps: install the PyPI packages the tests need (as root; otherwise print the command). Debian's own Python
## marks itself externally managed (PEP 668): the pins go beside its packages, with pip from python3-pip.
pydeps:
	@missing=""; installed=$$($(PYTHON) -m pip list --format=freeze 2>/dev/null | tr 'A-Z_' 'a-z-'); \
	for pin in $(PIP_PACKAGES); do \
	  echo "$$installed" | grep -qx "$$(echo $$pin | tr 'A-Z_' 'a-z-')" || missing="$$missing $$pin"; \
	done; \
	if [ -n "$$missing" ]; then \
	  managed=""; \
	  if $(PYTHON) -c 'import os, sys, sysconfig; sys.exit(not os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")))'; then \
	    managed="--break-system-packages"; \
	  fi; \
	  if [ "$$(id -u)" = 0 ]; then \
	    if ! $(PYTHON) -m pip --version >/dev/null 2>&1; then \
	      echo "Installing Debian package: python3-pip"; \
	      DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends python3-pip >/dev/null; \
	    fi; \
	    echo "Installing PyPI packages:$$missing"; \
	    $(PYTHON) -m pip install -q --disable-pip-version-check --root-user-action=ignore $$managed $$missing; \
	  else \
	    echo "The tests need these PyPI packages:$$missing"; \
	    echo "Run:  $(PYTHON) -m pip install --user $$managed$$missing"; \
	    exit 1; \
	  fi; \
	fi

## hadeps: install Home Assistant core 2024.3 into .build-ha for the Home Assistant test (about a minute and
## 800 MB, once; as root; otherwise print the command)
hadeps:
	@if ! PYTHON=$(PYTHON) Tests/homeassistant/install.sh --check "$(HA_VENV)"; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Home Assistant core into $(HA_VENV) (Tests/homeassistant/install.sh)"; \
	    PYTHON=$(PYTHON) Tests/homeassistant/install.sh "$(HA_VENV)"; \
	  else \
	    echo "The Home Assistant test needs Home Assistant core in $(HA_VENV)."; \
	    echo "Run:  PYTHON=$(PYTHON) Tests/homeassistant/install.sh $(HA_VENV)"; \
	    exit 1; \
	  fi; \
	fi

## build: build every target (warnings are errors in our targets)
build: deps
	$(SWIFT) build

## run: build gatherd and gatherctl, and run gatherd in the foreground on its default socket and database
## (Ctrl-C stops it)
run: deps
	$(SWIFT) build --product gatherd
	$(SWIFT) build --product gatherctl
	$(BIN_PATH)/gatherd $(ARGS)

## openrpc: write docs/openrpc.json, the OpenRPC document the method definitions make (Sources/GatherDaemon/Methods;
## `make test` fails while the committed one differs)
openrpc: deps
	$(SWIFT) build --product gatherd
	$(BIN_PATH)/gatherd openrpc > docs/openrpc.json

## bench: measure gatherd against the reference servers in ../shared/tools (release build); see docs/performance.md
bench: deps
	BENCH_INSTALL_FLAGS="$(RELEASE_BUILD_FLAGS)" Tests/bench/run.sh

## startup-order: profile the release gatherd (built as install builds it) under callgrind through start-up and
## a short load, and write the functions it ran to packaging/startup-order.txt, the link's symbol ordering file
## (Tests/bench/startup_order.py; needs valgrind). The next install or bench build links with the new list.
startup-order: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product gatherd
	$(PYTHON) Tests/bench/startup_order.py --gatherd "$(RELEASE_BIN)/gatherd" --out "$(STARTUP_ORDER)"
	# SwiftPM does not know the link reads the list: remove the linked binaries so that the next builds relink.
	rm -f "$(RELEASE_BIN)/gatherd" "$(CURDIR)/.build-release-static/release/gatherd"

## tsan: build the tests, gatherd and gatherctl with ThreadSanitizer in .build-tsan, then run the Swift tests
## and the end-to-end tests against that gatherd; any report fails it (Tests/sanitizers/run.sh, docs/reliability.md)
tsan: deps
	SWIFT="$(SWIFT)" Tests/sanitizers/run.sh thread

## asan: the same with AddressSanitizer and its leak check, in .build-asan
asan: deps
	SWIFT="$(SWIFT)" Tests/sanitizers/run.sh address

.PHONY: tsan asan

## lint: check the code against the committed .swift-format configuration, and the layering rules
## (Tests/lint/check_layers.py)
lint:
	$(SWIFT_FORMAT) lint --strict --recursive --configuration .swift-format $(FORMAT_PATHS)
	# The layering rules the compiler does not hold (docs/architecture.md, "Who may touch what").
	$(PYTHON) Tests/lint/check_layers.py

## format: rewrite the code to the committed .swift-format configuration
format:
	$(SWIFT_FORMAT) format --in-place --recursive --configuration .swift-format $(FORMAT_PATHS)

## test: lint, build and run every test: Swift unit tests, then the end-to-end tests against the real daemon
test: deps pydeps hadeps lint
	$(SWIFT) build --build-tests
	# generate-manual: test_gatherctl_outputs compares the man page it makes from gatherctl with its golden file.
	$(SWIFT) build --product generate-manual
	$(SWIFT) test --skip-build
	Tests/fuzz/replay.sh
	GATHERD_BIN=$(BIN_PATH)/gatherd GATHERD_HA_VENV="$(HA_VENV)" python3 -m unittest discover -s Tests/e2e -t Tests/e2e -v
	GATHERD_BIN=$(BIN_PATH)/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -v
	GATHERD_BIN=$(BIN_PATH)/gatherd python3 -m unittest discover -s clients/python -t clients/python -v
	GATHERD_BIN=$(BIN_PATH)/gatherd node --test clients/js/
	node --test Tests/page/
	GATHERD_BIN=$(BIN_PATH)/gatherd bash clients/shell/test_gather.sh
	# A plain release build first: install and deb must not pick it up (Tests/systemd/test_install.py).
	$(SWIFT) build -c release --product gatherctl
	rm -rf "$(CURDIR)/.build-install"
	$(MAKE) install DESTDIR="$(CURDIR)/.build-install"
	$(MAKE) deb
	GATHERD_BIN=$(BIN_PATH)/gatherd GATHERD_INSTALL_ROOT="$(CURDIR)/.build-install" \
	  GATHERD_PLAIN_RELEASE_BIN="$$($(SWIFT) build -c release --show-bin-path)" \
	  GATHERD_DEB="$(DEB_DIR)/gatherd_$(DEB_VERSION)_$$(dpkg --print-architecture).deb" \
	  python3 -m unittest discover -s Tests/systemd -t Tests/systemd -v

## install: build release binaries (Swift runtime linked in) in their own scratch path and install them,
## stripped, with units, man pages, shell completions and docs
install: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product gatherd
	$(SWIFT) build $(RELEASE_FLAGS) --product gatherctl
	$(SWIFT) build $(RELEASE_FLAGS) --product generate-manual
	install -D -m 0755 -s "$(RELEASE_BIN)/gatherd" "$(DESTDIR)$(BINDIR)/gatherd"
	install -D -m 0755 -s "$(RELEASE_BIN)/gatherctl" "$(DESTDIR)$(BINDIR)/gatherctl"
	install -d "$(DESTDIR)$(UNITDIR)" "$(DESTDIR)$(USERUNITDIR)" "$(DESTDIR)$(DOCDIR)" \
	  "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(MANDIR)/man8" "$(DESTDIR)$(DATADIR)/bash-completion/completions" \
	  "$(DESTDIR)$(DATADIR)/zsh/site-functions" "$(DESTDIR)$(DATADIR)/fish/vendor_completions.d"
	"$(RELEASE_BIN)/generate-manual" "$(RELEASE_BIN)/gatherctl" --section 1 -o "$(DESTDIR)$(MANDIR)/man1"
	"$(RELEASE_BIN)/generate-manual" "$(RELEASE_BIN)/gatherd" --section 8 -o "$(DESTDIR)$(MANDIR)/man8"
	"$(RELEASE_BIN)/gatherctl" --generate-completion-script bash | sed '1{/^#!/d}' > "$(DESTDIR)$(DATADIR)/bash-completion/completions/gatherctl"
	"$(RELEASE_BIN)/gatherctl" --generate-completion-script zsh > "$(DESTDIR)$(DATADIR)/zsh/site-functions/_gatherctl"
	"$(RELEASE_BIN)/gatherctl" --generate-completion-script fish > "$(DESTDIR)$(DATADIR)/fish/vendor_completions.d/gatherctl.fish"
	for unit in systemd/*.socket systemd/*.service systemd/*.timer; do \
	  sed -e 's|/usr/local/bin/gatherd|$(BINDIR)/gatherd|' -e 's|/usr/local/share/doc/gatherd|$(DOCDIR)|' \
	    "$$unit" > "$(DESTDIR)$(UNITDIR)/$$(basename $$unit)"; \
	done
	for unit in systemd/user/*; do \
	  sed -e 's|/usr/local/bin/gatherd|$(BINDIR)/gatherd|' -e 's|/usr/local/share/doc/gatherd|$(DOCDIR)|' \
	    "$$unit" > "$(DESTDIR)$(USERUNITDIR)/$$(basename $$unit)"; \
	done
	install -D -m 0644 systemd/gatherd.sysusers "$(DESTDIR)$(SYSUSERSDIR)/gatherd.conf"
	# The MQTT drop-in, for the admin to enable (docs/mqtt.md): not in the unit folder, so it is off until then.
	install -D -m 0644 systemd/mqtt.conf "$(DESTDIR)$(DATADIR)/gatherd/mqtt.conf"
	if [ -e "$(DESTDIR)$(SYSCONFDIR)/gatherd/gatherd.conf" ]; then \
	  echo "Kept $(DESTDIR)$(SYSCONFDIR)/gatherd/gatherd.conf; the shipped one is packaging/gatherd.conf."; \
	else \
	  install -D -m 0644 packaging/gatherd.conf "$(DESTDIR)$(SYSCONFDIR)/gatherd/gatherd.conf"; \
	fi
	install -m 0644 README.md docs/*.md docs/openrpc.json "$(DESTDIR)$(DOCDIR)/"
	@echo "Installed. Next: systemd-sysusers && systemctl daemon-reload && systemctl enable --now gatherd.socket (see docs/systemd.md)"

## deb: build .build-deb/gatherd_<version>_<arch>.deb with dpkg-deb (see docs/packaging.md)
deb: deps
	rm -rf "$(DEB_DIR)/root"
	$(MAKE) install PREFIX=/usr DESTDIR="$(DEB_DIR)/root"
	packaging/build-deb.sh "$(DEB_DIR)/root" "$(DEB_VERSION)" "$(DEB_DIR)"

## uninstall: remove what install put in place
uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/gatherd" "$(DESTDIR)$(BINDIR)/gatherctl" "$(DESTDIR)$(SYSUSERSDIR)/gatherd.conf"
	@echo "Left $(DESTDIR)$(SYSCONFDIR)/gatherd/gatherd.conf in place (your settings); remove it by hand if you wish."
	rm -f "$(DESTDIR)$(MANDIR)/man1/gatherctl.1" "$(DESTDIR)$(MANDIR)/man8/gatherd.8"
	rm -f "$(DESTDIR)$(DATADIR)/bash-completion/completions/gatherctl" "$(DESTDIR)$(DATADIR)/zsh/site-functions/_gatherctl"
	rm -f "$(DESTDIR)$(DATADIR)/fish/vendor_completions.d/gatherctl.fish"
	rm -f "$(DESTDIR)$(UNITDIR)"/gatherd*.socket "$(DESTDIR)$(UNITDIR)"/gatherd*.service "$(DESTDIR)$(UNITDIR)"/gatherd*.timer
	rm -f "$(DESTDIR)$(USERUNITDIR)"/gatherd.socket "$(DESTDIR)$(USERUNITDIR)"/gatherd.service
	rm -rf "$(DESTDIR)$(DOCDIR)" "$(DESTDIR)$(DATADIR)/gatherd"

clean:
	rm -rf .build .build-install .build-install-release .build-deb .build-tsan .build-asan

## fuzz: build the libFuzzer targets (swiftc -sanitize=fuzzer,address) into .build-fuzz and run each for
## FUZZ_SECONDS (default 60) over its seeds in Tests/fuzz/corpus; see docs/reliability.md
FUZZ_SECONDS ?= 60
.PHONY: fuzz
fuzz:
	Tests/fuzz/run.sh $(FUZZ_SECONDS)
