#!/bin/sh
# Installs secscan from a GitHub release: the executable for this platform (secscan-linux-x64,
# secscan-linux-arm64, secscan-darwin-x64: Node.js inside), or where the release has none that runs here,
# secscan-X.Y.Z.tgz run by the Node.js 20.19+ on PATH (saying why). What it downloads is checked against
# the release's SHA256SUMS before anything of it runs or is installed.
#
#   curl -fsSLO https://github.com/your-org/secscan/releases/download/v0.1.0/install.sh && sh install.sh
#
# Settings (environment):
#   SECSCAN_REPO         owner/name of the repository on GitHub (the copy attached to a release knows it)
#   SECSCAN_VERSION      the release to install, X.Y.Z (the copy attached to a release: that release;
#                        otherwise the latest)
#   SECSCAN_RELEASE_URL  where the release's files are, instead: an https:// URL, or a directory holding
#                        SHA256SUMS and the files it lists
#   PREFIX               installs into $PREFIX/bin (default ~/.local, so ~/.local/bin/secscan); the tarball
#                        goes into $PREFIX/lib/secscan-X.Y.Z, its man pages into $PREFIX/share/man
#   SECSCAN_INSTALL_FORM binary or tarball, instead of the best for the platform
#   SECSCAN_CA_FILE      a PEM file of the CA certificates to trust instead of the system's (a mirror with
#                        a CA of its own); curl also reads CURL_CA_BUNDLE
#   SECSCAN_NO_PATH_HINT 1: the caller puts $PREFIX/bin on PATH itself (the action, the GitLab template):
#                        no advice to add it
# Every refusal is one line on stderr and exit 1: a file that does not match SHA256SUMS, a URL (or a
# redirect) that is not https://, a platform with neither an executable in the release nor Node.js 20.19
# or later, a PREFIX where bin/ or bin/secscan cannot be what they must be.
set -eu

# scripts/release.mjs fills these two in the copy it attaches to a release.
release_repo=''
release_version=''

say() { printf 'install.sh: %s\n' "$*" >&2; }
die() {
  say "$*"
  exit 1
}

repo="${SECSCAN_REPO:-$release_repo}"
version="${SECSCAN_VERSION:-$release_version}"
version="${version#v}"
base="${SECSCAN_RELEASE_URL:-}"
prefix="${PREFIX:-${HOME:?install.sh: HOME is not set}/.local}"
form="${SECSCAN_INSTALL_FORM:-}"
ca="${SECSCAN_CA_FILE:-}"
[ -z "$ca" ] || [ -f "$ca" ] || die "SECSCAN_CA_FILE: $ca: no such file"

if [ -z "$base" ]; then
  [ -n "$repo" ] || die 'set SECSCAN_REPO to the repository secscan is released from (owner/name), or SECSCAN_RELEASE_URL'
  case "$repo" in
    */*) ;;
    *) die "SECSCAN_REPO: $repo is not owner/name" ;;
  esac
  if [ -n "$version" ]; then
    base="https://github.com/$repo/releases/download/v$version"
  else
    base="https://github.com/$repo/releases/latest/download"
  fi
fi
base="${base%/}"
case "$base" in
  https://*) remote=1 ;;
  *://*) die "$base: not an https:// URL: secscan is never downloaded in the clear" ;;
  *)
    [ -d "$base" ] || die "$base: no such directory (SECSCAN_RELEASE_URL is an https:// URL or a directory)"
    remote=0
    ;;
esac
case "$form" in
  '' | binary | tarball) ;;
  *) die "SECSCAN_INSTALL_FORM: $form is not binary or tarball" ;;
esac

tmp="$(mktemp -d "${TMPDIR:-/tmp}/secscan-install.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

# wget_https URL FILE: URL into FILE with wget, following up to 10 redirects itself, each to https:// only
# (wget would follow one to plain http, whatever --https-only says: that applies to recursive downloads).
wget_https() {
  first="$1"
  url="$1"
  out="$2"
  hops=0
  while :; do
    set -- --server-response --max-redirect=0 --tries=3 --output-document "$out" "$url"
    [ -z "$ca" ] || set -- --ca-certificate="$ca" "$@"
    if wget "$@" 2> "$tmp/wget.log"; then return 0; fi
    next="$(awk 'tolower($1) == "location:" { print $2 }' "$tmp/wget.log" | tail -n 1 | tr -d '\r')"
    [ -n "$next" ] || return 1
    case "$next" in
      https://*) ;;
      /*) next="$(printf '%s' "$url" | awk -F/ '{ print $1 "//" $3 }')$next" ;;
      *) die "$first: redirected to $next: secscan is never downloaded in the clear" ;;
    esac
    hops=$((hops + 1))
    [ "$hops" -le 10 ] || die "$first: more than 10 redirects"
    url="$next"
  done
}

# fetch NAME: the release's file NAME into $tmp/NAME.
fetch() {
  if [ "$remote" = 0 ]; then
    [ -f "$base/$1" ] || die "$base/$1: no such file"
    cp "$base/$1" "$tmp/$1"
  elif command -v curl > /dev/null 2>&1; then
    set -- "$1" --fail --silent --show-error --location --proto '=https' --proto-redir '=https' --tlsv1.2 --retry 3
    [ -z "$ca" ] || set -- "$@" --cacert "$ca"
    name="$1"
    shift
    curl "$@" --output "$tmp/$name" "$base/$name" || die "$base/$name: the download failed"
  elif command -v wget > /dev/null 2>&1; then
    wget_https "$base/$1" "$tmp/$1" || die "$base/$1: the download failed"
  else
    die 'neither curl nor wget is installed to download secscan'
  fi
}

sha256() {
  if command -v sha256sum > /dev/null 2>&1; then
    sha256sum "$1" | cut -d ' ' -f 1
  elif command -v shasum > /dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d ' ' -f 1
  else
    die 'neither sha256sum nor shasum is installed to check secscan'
  fi
}

# The sum SHA256SUMS gives NAME (empty when it lists no such file).
listed() { awk -v name="$1" '$2 == name || $2 == "*" name { print $1; exit }' "$tmp/SHA256SUMS"; }

# fetch_checked NAME: fetched, then refused unless its SHA-256 is the one SHA256SUMS gives.
fetch_checked() {
  want="$(listed "$1")"
  [ -n "$want" ] || die "SHA256SUMS of $base lists no $1"
  fetch "$1"
  got="$(sha256 "$tmp/$1")"
  [ "$got" = "$want" ] || die "$1 does not match SHA256SUMS (SHA-256 $got, not $want): nothing installed"
}

# Node.js 20.19 or later on PATH (what secscan-X.Y.Z.tgz needs).
node_ok() {
  command -v node > /dev/null 2>&1 &&
    node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' 2> /dev/null
}

os="$(uname -s)"
machine="$(uname -m)"
case "$os" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) os="$(printf '%s' "$os" | tr '[:upper:]' '[:lower:]')" ;;
esac
case "$machine" in
  x86_64 | amd64) machine=x64 ;;
  aarch64 | arm64) machine=arm64 ;;
esac
binary="secscan-$os-$machine"
# Why the executable for the platform does not fit (empty: it does).
why=''
# The executables are Node.js builds for glibc: on musl alone (Alpine) they cannot start.
if [ "$os" = linux ] && ls /lib/ld-musl-* > /dev/null 2>&1 && ! ls /lib64/ld-linux-* /lib/ld-linux-* > /dev/null 2>&1; then
  why="$binary is built for glibc, and this system has musl only"
fi

# The directories secscan goes to, checked before anything is downloaded.
bindir="$prefix/bin"
[ ! -e "$bindir" ] || [ -d "$bindir" ] || die "$bindir is not a directory: nothing installed (set PREFIX to another place)"
[ ! -d "$bindir/secscan" ] || die "$bindir/secscan is a directory: nothing installed (remove it, or set PREFIX)"
mkdir -p "$bindir" 2> /dev/null || die "$bindir: cannot be made (set PREFIX to a place of yours)"

fetch SHA256SUMS
tarball="$(awk '$2 ~ /^\*?secscan-[0-9][^\/]*\.tgz$/ { sub(/^\*/, "", $2); print $2; exit }' "$tmp/SHA256SUMS")"
[ -n "$why" ] || [ -n "$(listed "$binary")" ] || why="the release has no executable for $os-$machine"
if [ "$form" != tarball ] && [ -z "$why" ]; then
  form=binary
elif [ "$form" = binary ]; then
  die "$why"
elif [ -n "$tarball" ] && node_ok; then
  [ "$form" = tarball ] || say "$why: installing $tarball, run by the Node.js $(node --version) on PATH"
  form=tarball
else
  die "$why, and secscan's tarball needs Node.js 20.19 or later on PATH"
fi

if [ "$form" = binary ]; then
  fetch_checked "$binary"
  chmod 755 "$tmp/$binary"
  # Into place in one rename: a secscan running meanwhile keeps the file it started from.
  mv -f "$tmp/$binary" "$bindir/.secscan.$$"
  mv -f "$bindir/.secscan.$$" "$bindir/secscan"
else
  fetch_checked "$tarball"
  mkdir "$tmp/unpacked"
  tar -xzf "$tmp/$tarball" -C "$tmp/unpacked"
  [ -f "$tmp/unpacked/package/bin/secscan.js" ] || die "$tarball is not a packed secscan (no package/bin/secscan.js)"
  lib="$prefix/lib/${tarball%.tgz}"
  mkdir -p "$prefix/lib" 2> /dev/null || die "$prefix/lib: cannot be made (set PREFIX to a place of yours)"
  rm -rf "$lib"
  mv "$tmp/unpacked/package" "$lib"
  mkdir -p "$prefix/share/man/man1" 2> /dev/null || die "$prefix/share/man/man1: cannot be made (set PREFIX to a place of yours)"
  cp "$lib"/man/man1/*.1 "$prefix/share/man/man1/"
  # The path in single quotes (each ' in it as '\''): a PREFIX holding $, " or ` stays a path.
  quoted="'$(printf '%s' "$lib/bin/secscan.js" | sed "s/'/'\\\\''/g")'"
  printf '#!/bin/sh\nexec node %s "$@"\n' "$quoted" > "$bindir/.secscan.$$"
  chmod 755 "$bindir/.secscan.$$"
  mv -f "$bindir/.secscan.$$" "$bindir/secscan"
fi

installed="$("$bindir/secscan" --version 2> /dev/null)" || die "$bindir/secscan does not run"
say "secscan $installed is installed: $bindir/secscan ($form)"
case ":${PATH:-}:" in
  *":$bindir:"*) ;;
  *) [ "${SECSCAN_NO_PATH_HINT:-}" = 1 ] || say "$bindir is not on PATH: add it (export PATH=\"$bindir:\$PATH\")" ;;
esac
