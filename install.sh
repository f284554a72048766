#!/bin/sh
# Installs secscan from a GitHub release: the executable for this platform (secscan-linux-x64, Node.js
# inside), or where the release has none, secscan-X.Y.Z.tgz run by the Node.js 20.19+ on PATH. What it
# downloads is checked against the release's SHA256SUMS before anything of it runs or is installed.
#
#   SECSCAN_REPO=your-org/secscan
#   curl -fsSL "https://github.com/$SECSCAN_REPO/releases/download/v0.1.0/install.sh" | sh
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
# Every refusal is one line on stderr and exit 1: a file that does not match SHA256SUMS, a URL that is not
# https://, a platform with neither an executable in the release nor Node.js 20.19 or later.
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

# fetch NAME: the release's file NAME into $tmp/NAME.
fetch() {
  if [ "$remote" = 0 ]; then
    [ -f "$base/$1" ] || die "$base/$1: no such file"
    cp "$base/$1" "$tmp/$1"
  elif command -v curl > /dev/null 2>&1; then
    curl --fail --silent --show-error --location --proto '=https' --tlsv1.2 --retry 3 --output "$tmp/$1" "$base/$1" ||
      die "$base/$1: the download failed"
  elif command -v wget > /dev/null 2>&1; then
    wget --quiet --https-only --output-document "$tmp/$1" "$base/$1" || die "$base/$1: the download failed"
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
have_binary=1
# The executables are Node.js builds for glibc: on musl alone (Alpine) they cannot start.
if [ "$os" = linux ] && ls /lib/ld-musl-* > /dev/null 2>&1 && ! ls /lib64/ld-linux-* /lib/ld-linux-* > /dev/null 2>&1; then
  have_binary=0
fi

fetch SHA256SUMS
tarball="$(awk '$2 ~ /^\*?secscan-[0-9][^\/]*\.tgz$/ { sub(/^\*/, "", $2); print $2; exit }' "$tmp/SHA256SUMS")"
[ -n "$(listed "$binary")" ] || have_binary=0
if [ "$form" != tarball ] && [ "$have_binary" = 1 ]; then
  form=binary
elif [ "$form" = binary ]; then
  die "the release has no executable for $os-$machine that runs here ($binary, for glibc)"
elif [ -n "$tarball" ] && node_ok; then
  form=tarball
else
  die "the release has no executable for $os-$machine, and secscan's tarball needs Node.js 20.19 or later on PATH"
fi

bindir="$prefix/bin"
mkdir -p "$bindir"
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
  mkdir -p "$prefix/lib"
  rm -rf "$lib"
  mv "$tmp/unpacked/package" "$lib"
  mkdir -p "$prefix/share/man/man1"
  cp "$lib"/man/*.1 "$prefix/share/man/man1/"
  printf '#!/bin/sh\nexec node "%s/bin/secscan.js" "$@"\n' "$lib" > "$bindir/.secscan.$$"
  chmod 755 "$bindir/.secscan.$$"
  mv -f "$bindir/.secscan.$$" "$bindir/secscan"
fi

installed="$("$bindir/secscan" --version)" || die "$bindir/secscan does not run"
say "secscan $installed is installed: $bindir/secscan ($form)"
case ":${PATH:-}:" in
  *":$bindir:"*) ;;
  *) say "$bindir is not on PATH: add it (export PATH=\"$bindir:\$PATH\")" ;;
esac
