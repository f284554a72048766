#!/usr/bin/env bash
# The smoke test of one executable of a release, the same on every platform (release.yml runs it on
# GitHub's ubuntu, ubuntu-arm, macos and windows runners before anything is published; the tests run it on
# secscan-linux-x64 here): its sum in SHA256SUMS, --version, the Node.js inside it, then the quick start's
# core against its own sandbox: the sandbox started in the background and waited for, apps and findings
# listed, the gate (which fails the feature branch: exit 1), a completion script.
#
#   scripts/release/smoke.sh RELEASE_DIR EXECUTABLE
set -euo pipefail

dir="$1"
name="$2"
bin="$dir/$name"
work="$(mktemp -d)"
sandbox=''
cleanup() {
  if [ -n "$sandbox" ]; then kill "$sandbox" 2> /dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "smoke: $name: $*" >&2
  exit 1
}

want="$(awk -v f="$name" '$2 == f { print $1 }' "$dir/SHA256SUMS")"
[ -n "$want" ] || fail "not in SHA256SUMS"
if command -v sha256sum > /dev/null 2>&1; then got="$(sha256sum "$bin" | cut -d ' ' -f 1)"; else got="$(shasum -a 256 "$bin" | cut -d ' ' -f 1)"; fi
[ "$got" = "$want" ] || fail "SHA-256 $got, not $want as SHA256SUMS says"
chmod +x "$bin" 2> /dev/null || true

version="$("$bin" --version | tr -d '\r')"
echo "smoke: $name --version: $version"
"$bin" --version --verbose | tr -d '\r' > "$work/verbose.txt"
grep -q '^Node\.js v24\.' "$work/verbose.txt" || fail "does not run on Node.js 24: $(cat "$work/verbose.txt")"

cd "$work"
export SECSCAN_CONFIG_DIR="$work/config"
"$bin" sandbox --port 0 --ready-file sandbox.env > /dev/null 2> sandbox.log &
sandbox=$!
"$bin" sandbox wait sandbox.env > /dev/null 2> wait.log || fail "the sandbox did not start: $(cat wait.log sandbox.log)"
set -a
# shellcheck disable=SC1091
. ./sandbox.env
set +a
"$bin" apps list | grep -q shiftleft-java-demo || fail "apps list does not list the sandbox's apps"
"$bin" findings list --app shiftleft-java-demo --severity critical --limit 3 -o json | grep -q '"id"' ||
  fail "findings list printed no finding"
printf 'rules:\n  - id: no-new-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n' > rules.yml
code=0
"$bin" scans check --compound shop --rules rules.yml --target-branch feature/checkout --source-branch main \
  --report-junit junit.xml > gate.txt || code=$?
[ "$code" = 1 ] || fail "the gate exited $code, not 1: $(cat gate.txt)"
grep -q '<testsuites' junit.xml || fail "the gate wrote no JUnit report"
"$bin" completion bash | grep -q 'complete -F' || fail "completion bash printed no script"
echo "smoke: $name: passed ($(tr '\n' ' ' < verbose.txt))"
