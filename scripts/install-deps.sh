#!/usr/bin/env bash
# Installs what report-batch needs that is missing: Debian packages (C libraries, fonts,
# and the readers the tests open outputs with) and Python packages for the tests.
# Checks first, so that a second run is fast and touches nothing.
set -euo pipefail

# C libraries the build links (libpq for reading PostgreSQL, zlib and libdeflate for the pdfs' post-step), fonts the PDFs use (Noto for
# Latin, Greek, Cyrillic and CJK; Symbola for emoji, as outlines that stay searchable text),
# the tools tests and users read files with, the PostgreSQL server the tests start their
# own throwaway clusters of (openssl makes their TLS certificate), libcurl for sending e-mail
# over SMTP, msmtp, a sendmail the tests relay through to their own SMTP server, and
# chromium, which renders the recap e-mail's HTML headless at a phone's width in the tests,
# and LibreOffice Calc (headless), which prints the report workbook to pdf in the tests;
# Prometheus' Pushgateway, which the monitor tests push a run's metrics to and read them back from.
packages=(
  pkg-config libsqlite3-dev libxlsxwriter-dev libcairo2-dev libpango1.0-dev zlib1g-dev libdeflate-dev
  fonts-noto-core fonts-noto-cjk fonts-symbola fonts-dejavu-core fontconfig
  sqlite3 poppler-utils qpdf locales
  libpq-dev postgresql openssl
  libcurl4-openssl-dev msmtp
  chromium
  libreoffice-calc-nogui
  prometheus-pushgateway
)
# Python runs the tests' readers; a machine may already have its own (pyenv) on PATH.
command -v python3 >/dev/null || packages+=(python3 python3-pip)
python3 -m pip --version >/dev/null 2>&1 || packages+=(python3-pip)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}" >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fc-cache -f >/dev/null 2>&1 || true
fi

# A locale with a decimal comma, so that the tests can prove no output depends on LC_NUMERIC.
if ! locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$'; then
  echo "install-deps: generating the de_DE.UTF-8 locale (tests run with a decimal comma)" >&2
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo sed -i 's/^# *de_DE.UTF-8 UTF-8/de_DE.UTF-8 UTF-8/' /etc/locale.gen
  grep -q '^de_DE.UTF-8 UTF-8' /etc/locale.gen || echo 'de_DE.UTF-8 UTF-8' | $sudo tee -a /etc/locale.gen >/dev/null
  $sudo locale-gen >/dev/null
fi

# Python readers used by the tests to open what report-batch writes.
if [ "${REPORT_BATCH_SKIP_PYTHON:-0}" != "1" ]; then
  # openpyxl reads xlsx back; aiosmtpd is the SMTP server the delivery tests start; PyYAML
  # reads the README's Kubernetes manifest; pdfminer.six measures every character of the pdfs
  # (none under 9 pt but the footer); Pillow reads a rendered page's pixels; prometheus_client
  # parses the metrics textfile a run writes. Each as module:package.
  for pair in openpyxl:openpyxl aiosmtpd:aiosmtpd yaml:PyYAML pdfminer:pdfminer.six PIL:Pillow \
    prometheus_client:prometheus-client; do
    module=${pair%%:*} package=${pair#*:}
    if ! python3 -c "import $module" 2>/dev/null; then
      echo "install-deps: installing $package (for the tests)" >&2
      python3 -m pip install --quiet --disable-pip-version-check "$package" 2>/dev/null \
        || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "$package"
    fi
  done
fi

# pangocairo's pkg-config flags without -pthread: SwiftPM drops that flag with a warning on
# every build ("prohibited flag(s)"), and it adds nothing here (glibc has pthreads in libc and
# Swift links it). CPangoCairo (Package.swift) names this file; it is written again whenever
# Debian's pangocairo flags change, so it always says what they say, less -pthread.
pc_dir=/usr/local/lib/pkgconfig
pc_file="$pc_dir/report-batch-pangocairo.pc"
pc_text="Name: report-batch-pangocairo
Description: pangocairo's flags, less -pthread, for report-batch's CPangoCairo (scripts/install-deps.sh)
Version: $(pkg-config --modversion pangocairo)
Cflags: $(pkg-config --cflags pangocairo | sed 's/ *-pthread//g')
Libs: $(pkg-config --libs pangocairo | sed 's/ *-pthread//g')"
if [ "$(cat "$pc_file" 2>/dev/null)" != "$pc_text" ]; then
  echo "install-deps: writing $pc_file (pangocairo's flags without -pthread)" >&2
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo mkdir -p "$pc_dir"
  printf '%s\n' "$pc_text" | $sudo tee "$pc_file" >/dev/null
fi
