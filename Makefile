# Every command a contributor runs; the scripts do the work so that they run without make too.
.PHONY: build test test-fast format demo quickstart deps clean bench bench-pdf bench-html bench-postgres bench-delivery bench-shards fuzz install

PREFIX ?= /usr/local

deps:
	bash scripts/install-deps.sh

build: deps
	swift build

test:
	bash scripts/test.sh

test-fast:
	bash scripts/test-fast.sh

format:
	swift format format --in-place --recursive --parallel Sources Tests fuzz Package.swift

quickstart:
	bash scripts/quickstart.sh

demo: build
	mkdir -p out && .build/debug/report-batch demo --out out/demo.db

# A release build copied to $(PREFIX)/bin (the C libraries stay Debian's packages).
install: deps
	swift build -c release --product report-batch
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 "$$(swift build -c release --show-bin-path)/report-batch" $(DESTDIR)$(PREFIX)/bin/report-batch

clean:
	rm -rf .build out

bench-pdf:
	bash bench/pdf.sh

bench-html:
	bash bench/html.sh

bench:
	bash bench/run.sh

fuzz:
	bash scripts/fuzz.sh run $${FUZZ_SECONDS:-120}

bench-postgres:
	bash bench/postgres.sh

bench-delivery:
	bash bench/delivery.sh

bench-shards:
	bash bench/shards.sh
