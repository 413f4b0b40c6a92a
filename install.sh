#!/bin/sh
# Install egc from a GitHub release (or a mirror), verified before anything is written.
#
#   curl -fsSL https://github.com/OWNER/egc/releases/latest/download/install.sh | sh
#
# Environment (each also a flag; see --help):
#   EGC_VERSION        a version (1.2.3) instead of the newest release
#   EGC_INSTALL_DIR    where the binary goes (default ~/.local/bin)
#   EGC_DOWNLOAD_BASE  a mirror laid out like the release: BASE/latest.json, BASE/download/vV/FILE
#   EGC_USE_SUDO=1     use sudo when the install folder is not writable (never otherwise)
#   EGC_RUN_INSTALL    1: run `egc install` afterwards; 0: do not ask
#   EGC_REQUIRE_SIGNATURE=1  refuse to install when minisign is missing
#   EGC_PUBKEY         the minisign public key to verify SHA256SUMS with (stamped in by the release)
# POSIX sh: runs under dash, bash, zsh and busybox ash. Needs curl or wget, tar, and sha256sum,
# shasum or openssl.
if [ -n "${ZSH_VERSION:-}" ]; then emulate sh; fi
set -eu

EGC_PUBKEY_DEFAULT=""
EGC_REPO_DEFAULT="OWNER/egc"

say() { printf 'egc-install: %s\n' "$*" >&2; }
die() {
  say "error: $*"
  exit 1
}

usage() {
  cat >&2 <<'USAGE'
usage: install.sh [--version V] [--dir DIR] [--sudo] [--run-install | --no-run-install]
Downloads egc, checks SHA256SUMS's minisign signature (when minisign is installed) and the
archive's SHA-256, and installs the binary into DIR (default ~/.local/bin).
USAGE
}

version=${EGC_VERSION:-}
dest=${EGC_INSTALL_DIR:-}
use_sudo=${EGC_USE_SUDO:-0}
run_install=${EGC_RUN_INSTALL:-ask}
while [ $# -gt 0 ]; do
  case $1 in
    --version) [ $# -ge 2 ] || die "--version needs a value"; version=$2; shift 2 ;;
    --dir) [ $# -ge 2 ] || die "--dir needs a value"; dest=$2; shift 2 ;;
    --sudo) use_sudo=1; shift ;;
    --run-install) run_install=1; shift ;;
    --no-run-install) run_install=0; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage; die "unknown argument: $1" ;;
  esac
done

repo=${EGC_REPO:-$EGC_REPO_DEFAULT}
pubkey=${EGC_PUBKEY:-$EGC_PUBKEY_DEFAULT}
base=${EGC_DOWNLOAD_BASE:-}
base=${base%/}
if [ -z "$dest" ]; then
  [ -n "${HOME:-}" ] || die "HOME is not set; choose a folder with EGC_INSTALL_DIR"
  dest=$HOME/.local/bin
fi

# --- this machine ---------------------------------------------------------------------------
os=$(uname -s)
case $os in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  MINGW* | MSYS* | CYGWIN*) die "on Windows, use install.ps1 (see the README)" ;;
  *) die "no egc build for $os" ;;
esac
arch=$(uname -m)
case $arch in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) die "no egc build for the $arch processor" ;;
esac
# An x64 shell under Rosetta on Apple silicon: the native build is the better one.
if [ "$os" = darwin ] && [ "$arch" = x64 ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || echo 0)" = 1 ]; then
  arch=arm64
fi
libc=
if [ "$os" = linux ]; then
  # glibc first: a glibc system may carry musl's loader too (Debian's musl package).
  if getconf GNU_LIBC_VERSION >/dev/null 2>&1; then
    libc=
  elif { ldd --version 2>&1 | grep -qi musl; } || ls /lib/ld-musl-* >/dev/null 2>&1; then
    libc=-musl
  fi
fi
target=$os-$arch$libc

# --- downloads into a private temporary folder, removed file by file on exit ------------------
tmp=$(mktemp -d "${TMPDIR:-/tmp}/egc-install.XXXXXX") || die "cannot create a temporary folder"
archive=
cleanup() {
  for f in latest.json SHA256SUMS SHA256SUMS.minisig "$archive" "pkg/egc-$version-$target/egc"; do
    [ -n "$f" ] && rm -f "$tmp/$f"
  done
  rmdir "$tmp/pkg/egc-$version-$target" "$tmp/pkg" 2>/dev/null || true
  rmdir "$tmp" 2>/dev/null || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fetch() {
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --retry 2 -o "$2" "$1" || return 1
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$2" "$1" || return 1
  else
    die "neither curl nor wget is installed"
  fi
}

if [ -z "$version" ]; then
  latest_url=https://api.github.com/repos/$repo/releases/latest
  if [ -n "$base" ]; then latest_url=$base/latest.json; fi
  fetch "$latest_url" "$tmp/latest.json" || die "cannot read the newest release from $latest_url"
  version=$(tr -d '\n\r' <"$tmp/latest.json" | sed -n 's/.*"tag_name"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p')
fi
version=${version#v}
case $version in
  "" | *[!0-9A-Za-z.-]*) die "not a release version: '$version'" ;;
esac

files=https://github.com/$repo/releases/download/v$version
if [ -n "$base" ]; then files=$base/download/v$version; fi
archive=egc-$version-$target.tar.gz
say "egc $version for $target"
fetch "$files/SHA256SUMS" "$tmp/SHA256SUMS" || die "cannot download $files/SHA256SUMS (is $version a release?)"
fetch "$files/$archive" "$tmp/$archive" || die "cannot download $files/$archive (no build for $target in $version?)"

# --- verify: the signature of SHA256SUMS, then the archive's hash --------------------------
if [ -n "$pubkey" ] && command -v minisign >/dev/null 2>&1; then
  fetch "$files/SHA256SUMS.minisig" "$tmp/SHA256SUMS.minisig" ||
    die "cannot download the signature $files/SHA256SUMS.minisig"
  minisign -Vqm "$tmp/SHA256SUMS" -x "$tmp/SHA256SUMS.minisig" -P "$pubkey" >/dev/null 2>&1 ||
    die "signature check FAILED for SHA256SUMS: the download was altered or not signed by the egc release key;" \
      "nothing was installed"
  say "signature of SHA256SUMS: ok (minisign)"
elif [ "${EGC_REQUIRE_SIGNATURE:-0}" = 1 ]; then
  die "EGC_REQUIRE_SIGNATURE=1 but the signature cannot be checked (install minisign, and use the release's install.sh)"
else
  say "signature not checked (minisign is not installed); checking the SHA-256 only"
fi

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d ' ' -f 1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d ' ' -f 1
  elif command -v openssl >/dev/null 2>&1; then
    openssl dgst -sha256 "$1" | sed 's/^.*= //'
  else
    die "no SHA-256 tool (sha256sum, shasum or openssl) to verify the download"
  fi
}
expected=$(awk -v f="$archive" '$2 == f || $2 == "*" f { print $1; exit }' "$tmp/SHA256SUMS")
[ -n "$expected" ] || die "SHA256SUMS lists no $archive; nothing was installed"
actual=$(sha256 "$tmp/$archive")
if [ "$actual" != "$expected" ]; then
  die "checksum mismatch for $archive (expected $expected, got $actual):" \
    "the download is corrupt or was tampered with; nothing was installed"
fi
say "checksum of $archive: ok"

mkdir "$tmp/pkg"
tar -xzf "$tmp/$archive" -C "$tmp/pkg" "egc-$version-$target/egc" || die "cannot unpack $archive"
new=$tmp/pkg/egc-$version-$target/egc
got=$("$new" version 2>/dev/null || true)
[ "$got" = "$version" ] ||
  die "the downloaded egc does not run on this machine (it answered '$got'); nothing was installed"

# --- install: write beside the target, then rename over it (never a half-written egc) -------
sudo=
if ! { mkdir -p "$dest" 2>/dev/null && [ -w "$dest" ]; }; then
  [ "$use_sudo" = 1 ] ||
    die "cannot write to $dest: pick another folder with EGC_INSTALL_DIR, or allow sudo with EGC_USE_SUDO=1"
  sudo=sudo
  $sudo mkdir -p "$dest" || die "cannot create $dest"
fi
stage=$dest/.egc.install.$$
if ! { $sudo cp "$new" "$stage" && $sudo chmod 755 "$stage" && $sudo mv -f "$stage" "$dest/egc"; }; then
  $sudo rm -f "$stage"
  die "cannot write $dest/egc"
fi
say "installed $dest/egc ($version)"

case ":${PATH:-}:" in
  *":$dest:"*) ;;
  *)
    say "$dest is not on your PATH. Add it with:"
    case ${SHELL:-} in
      */fish) say "  fish_add_path $dest" ;;
      */zsh) say "  echo 'export PATH=\"$dest:\$PATH\"' >> ~/.zshrc" ;;
      */bash) say "  echo 'export PATH=\"$dest:\$PATH\"' >> ~/.bashrc" ;;
      *) say "  export PATH=\"$dest:\$PATH\"   (in your shell's profile)" ;;
    esac
    ;;
esac

case $run_install in
  1) "$dest/egc" install ;;
  0) say "next: egc install (registers egc in your coding tools)" ;;
  *)
    if [ -t 2 ] && { : </dev/tty; } 2>/dev/null; then
      printf 'egc-install: register egc in your coding tools now (egc install)? [y/N] ' >&2
      answer=
      read -r answer </dev/tty || answer=
      case $answer in
        y | Y | yes | YES) "$dest/egc" install ;;
        *) say "later: egc install" ;;
      esac
    else
      say "next: egc install (registers egc in your coding tools)"
    fi
    ;;
esac
