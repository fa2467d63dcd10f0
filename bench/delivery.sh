#!/usr/bin/env bash
# Sending the weekly recap (`make bench-delivery`): M's 1,000 families, the report as pdf, one
# e-mail per member with the pdf attached, sent over SMTP with STARTTLS and AUTH to a local
# aiosmtpd server (scripts/test-smtp-server.py, started here and stopped by its pid), against
# the same job writing the messages only (via: none): the difference is what sending costs.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v /usr/bin/time >/dev/null || { echo "bench: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }
swift build -c release --product report-batch >&2
bin="$(swift build -c release --show-bin-path)/report-batch"
data=bench/data
mkdir -p "$data"
[ -f "$data/m.db" ] || "$bin" demo --out "$data/m.db" --families 1000 --today 2026-11-22 --quiet
scratch=$(mktemp -d -p "${TMPDIR:-/tmp}" report-batch-mailbench.XXXXXX)
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
  -keyout "$scratch/key.pem" -out "$scratch/cert.pem" 2>/dev/null
port=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
mkdir -p "$scratch/inbox"
python3 scripts/test-smtp-server.py --port "$port" --dir "$scratch/inbox" --cert "$scratch/cert.pem" --key "$scratch/key.pem" \
  --user bench --password bench-password --ready-file "$scratch/ready" >/dev/null 2>&1 &
pid=$!
stop() { kill -TERM "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true; rm -rf "$scratch"; }
trap stop EXIT
for _ in $(seq 100); do [ -f "$scratch/ready" ] && break; sleep 0.1; done
job() {
  cat <<YAML
outputs:
  - report:
    formats: [pdf]
deliver:
  email:
    from: "The Recruiting Compass <reports@example.com>"
    attach: [report.pdf]
    via: $1
    username_env: BENCH_SMTP_USER
    password_env: BENCH_SMTP_PASSWORD
YAML
}
job none > "$scratch/write.yaml"
job "smtp://127.0.0.1:$port" > "$scratch/send.yaml"
export BENCH_SMTP_USER=bench BENCH_SMTP_PASSWORD=bench-password CURL_CA_BUNDLE="$scratch/cert.pem"
measure() {
  rm -rf "$scratch/out"
  /usr/bin/time -f "%e %M" -o "$scratch/time" "$bin" run "$1" --db "$data/m.db" --out "$scratch/out" --now 2026-11-23T09:00:00Z --quiet >/dev/null || true
  read -r seconds kib < "$scratch/time"
  echo "$seconds $(awk "BEGIN { printf \"%.1f\", $kib / 1024 }")"
}
read -r write_s write_mib <<<"$(measure "$scratch/write.yaml")"
read -r send_s send_mib <<<"$(measure "$scratch/send.yaml")"
messages=$(ls "$scratch/inbox" | grep -c '\.eml$' || true)
echo "report-batch sending recaps, $(date -u +%Y-%m-%d), $(nproc) cores, one run each, local aiosmtpd with STARTTLS and AUTH"
echo
echo "| case | families | messages received | seconds | peak MiB |"
echo "|---|---|---|---|---|"
echo "| weekly report pdf + recap e-mails written only (\`via: none\`) | 1,000 | – | $write_s | $write_mib |"
echo "| the same, sent over SMTP (STARTTLS, AUTH, pdf attached) | 1,000 | $messages | $send_s | $send_mib |"
