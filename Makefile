# Glasspane entry points. Each target installs missing Debian packages first (scripts/install-deps.sh).
SWIFT ?= swift
# Tests open SDL windows through the offscreen driver (EGL): no X server needed.
TEST_ENV := SDL_VIDEODRIVER=offscreen
# Release builds check exclusive access statically only: the runtime checks cost 170 calls an idle frame and 540 a
# dragged one (docs/bench.md, "Release builds"). Debug builds, which the tests run, keep every check. They link the
# Swift runtime and Foundation statically: every retain, release and task-local read is then a direct call, not one
# through the PLT (routing 20 % faster).
RELEASE_FLAGS := -Xswiftc -enforce-exclusivity=unchecked --static-swift-stdlib

.PHONY: demo test build release deps bench bench-compare microbench fuzz soak clean

## demo: build in release mode and open the demo window (headless screenshot when there is no display)
demo: deps release
	@scripts/run-demo.sh

## test: build everything and run the whole test suite headless
test: deps
	$(SWIFT) build --build-tests
	$(TEST_ENV) $(SWIFT) test --skip-build

## build: debug build of every product
build: deps
	$(SWIFT) build

## release: optimized build of the glasspane executable
release: deps
	$(SWIFT) build -c release --product glasspane $(RELEASE_FLAGS)

## deps: install missing Debian packages (apt-get, only when missing)
deps:
	@scripts/install-deps.sh

## clean: remove build products
clean:
	rm -rf .build .build-fuzz results

## bench: the standard frame-time set, headless, release build; files under results/bench/
bench: deps release
	@scripts/run-bench.sh

## bench-compare: cube, idle and dragged picker against the floor (a minimal C + SDL + GL cube), interleaved; ratios
bench-compare: deps release
	@scripts/bench-compare.sh
	@scripts/bench-compare-list.sh

## fuzz: libFuzzer + AddressSanitizer on the bus decoder, the script parser, text layout and the image header, FUZZ_SECONDS (default 60) per target
FUZZ_SECONDS ?= 60
fuzz: deps
	@FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/run-fuzz.sh

## microbench: ordo-one/benchmark micro-benchmarks (bus, hit testing, layout, draw lists) in Benchmarks/
microbench: deps
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark

## soak: memory over 200,000 headless demo frames and a 20,000-frame replay (release build); RSS sampled from
## /proc/PID/status and /usr/bin/time -v; SOAK_DEMO_FRAMES / SOAK_REPLAY_FRAMES shorten it; files under results/soak/
soak: deps release
	@scripts/run-soak.sh
