# SPDX-License-Identifier: MIT
# Gambit: the two quick-start commands (make play, make test) around CMake.
#   make play        install missing Debian packages, build (Release), start the game window
#   make test        the same setup, then every test: Release suite (GCC), then the
#                    tests again under AddressSanitizer + UndefinedBehaviorSanitizer
#                    built with clang, so the code stays warning-free with both compilers
#   make test-release / make test-asan   one half of make test
#   make test-fast   the unit tests alone (ctest -L unit: no display, no external engine)
#   make bench       move-generator speed side by side with Stockfish (tests/bench/perft_speed.py)
#   make package     the Debian packages gambit and gambit-plugin-dev (CPack), built
#                    for any amd64 machine with Debian's hardening flags, in build-package/
#   make test-package  check the packages (lintian, desktop-file-validate, appstreamcli);
#                    as root also install them, play a game from PATH, build a plugin
#                    against the installed SDK, and remove them
#   make fuzz        build the libFuzzer targets (clang) and run each for FUZZ_SECONDS
#                    (default 60), keeping what they learn in build-fuzz/corpus
SHELL := /bin/bash
BUILD_DIR ?= build
ASAN_DIR ?= build-asan
FUZZ_DIR ?= build-fuzz
PACKAGE_DIR ?= build-package
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := fen moves pgn config uci_command cecp_command cecp_session plugin_wire puzzles
JOBS ?= 2

# Everything Gambit needs from Debian to build, test and benchmark.
DEBIAN_PACKAGES := cmake g++ clang libclang-rt-14-dev make libgtest-dev libcli11-dev libtomlplusplus-dev libsfml-dev libx11-dev libopenal-dev libsqlite3-dev libseccomp-dev libfontconfig-dev fonts-dejavu-core fonts-freefont-ttf xboard fairymax phalanx sjeng stockfish fairy-stockfish \
  xvfb xauth xdotool python3 python3-xlib pgn-extract strace parallel polyglot \
  librsvg2-bin help2man dpkg-dev lintian desktop-file-utils appstream \
  gettext python3-polib locales-all libspeechd-dev speech-dispatcher librsvg2-dev bzip2 xz-utils zstd \
  python3-torch

# GUI tests need a display: without one, run the suite inside a virtual X server.
TEST_WRAPPER := $(if $(DISPLAY),,xvfb-run -a)

.PHONY: play test test-fast test-release test-asan test-package build deps bench fuzz package clean pot

play: build
	$(BUILD_DIR)/bin/gambit

test: test-release test-asan test-package

test-fast: build
	cd $(BUILD_DIR) && ctest -L unit --output-on-failure -j$(JOBS)

test-release: build
	cd $(BUILD_DIR) && $(TEST_WRAPPER) ctest --output-on-failure -j$(JOBS)

test-asan: deps
	cmake -S . -B $(ASAN_DIR) -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" \
	  -DGAMBIT_SANITIZE=ON -DGAMBIT_TEST_PERFT_NODE_LIMIT=300000 >/dev/null
	cmake --build $(ASAN_DIR) -j$(JOBS)
	cd $(ASAN_DIR) && $(TEST_WRAPPER) ctest --output-on-failure -j$(JOBS)

# The package build: no -march=native (it runs on any amd64), Debian's
# hardening flags from dpkg-buildflags (all of them, as lintian asks), no tests.
package: export DEB_BUILD_MAINT_OPTIONS = hardening=+all
package: deps
	cmake -S . -B $(PACKAGE_DIR) -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DGAMBIT_NATIVE=OFF \
	  -DBUILD_TESTING=OFF -DCMAKE_CXX_FLAGS="$$(dpkg-buildflags --get CPPFLAGS) $$(dpkg-buildflags --get CXXFLAGS)" \
	  -DCMAKE_EXE_LINKER_FLAGS="$$(dpkg-buildflags --get LDFLAGS)" \
	  -DCMAKE_MODULE_LINKER_FLAGS="$$(dpkg-buildflags --get LDFLAGS)" >/dev/null
	cmake --build $(PACKAGE_DIR) -j$(JOBS)
	rm -f $(PACKAGE_DIR)/*.deb
	cd $(PACKAGE_DIR) && cpack >/dev/null
	@ls $(PACKAGE_DIR)/*.deb

test-package: package
	tests/package/package_test.sh $(PACKAGE_DIR) examples/plugin-template

build: deps
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build $(BUILD_DIR) -j$(JOBS)

# Installs what is missing when run as root; otherwise prints the exact command.
deps:
	@missing=$$(for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done | xargs); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian packages: $$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "Gambit needs these Debian packages: $$missing"; \
	    echo "Install them, then run make again:"; \
	    echo "  sudo apt-get install -y $$missing"; \
	    exit 1; \
	  fi; \
	fi

# The texts to translate, taken from the sources again and merged into every
# catalogue (po/catalogue.py; docs/translating.md).
pot: deps
	po/catalogue.py update

bench: build
	tests/bench/perft_speed.py $(BUILD_DIR)/bin/gambit-perft 5

fuzz: deps
	cmake -S . -B $(FUZZ_DIR) -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" \
	  -DGAMBIT_FUZZ=ON >/dev/null
	cmake --build $(FUZZ_DIR) -j$(JOBS) --target $(addprefix gambit-fuzz-,$(FUZZ_TARGETS))
	tests/fuzz/run_fuzzers.sh $(FUZZ_DIR) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR) $(FUZZ_DIR) $(PACKAGE_DIR)
