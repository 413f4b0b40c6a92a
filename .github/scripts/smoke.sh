#!/bin/sh
# Smoke-test one release archive on its own platform: version, doctor, an MCP tools/list, a guard
# check and a crush filter. Usage: smoke.sh DIR VERSION TARGET (DIR holds the release files).
set -eu
dir=$1
version=$2
target=$3
work=$(mktemp -d)
export HOME="$work/home" EGC_HOME="$work/egc-home"
mkdir -p "$HOME"
case $target in
  windows-*)
    if command -v unzip >/dev/null 2>&1; then unzip -q "$dir/egc-$version-$target.zip" -d "$work"
    else powershell -NoProfile -Command "Expand-Archive -Path '$dir/egc-$version-$target.zip' -DestinationPath '$work'"; fi
    egc=$work/egc-$version-$target/egc.exe
    ;;
  *) tar -xzf "$dir/egc-$version-$target.tar.gz" -C "$work"; egc=$work/egc-$version-$target/egc ;;
esac
fail() {
  echo "smoke $target: $*" >&2
  exit 1
}
got=$("$egc" version | tr -d '\r')
[ "$got" = "$version" ] || fail "egc version said '$got', expected $version"
"$egc" doctor --json >"$work/doctor.json" || true
grep -q '"name"' "$work/doctor.json" || fail "egc doctor --json printed no checks"
init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"smoke","version":"1"}}}'
list='{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}'
printf '%s\n%s\n%s\n' "$init" '{"jsonrpc":"2.0","method":"notifications/initialized"}' "$list" | "$egc" serve >"$work/mcp.out" 2>"$work/mcp.err" || true
grep -q '"id":2' "$work/mcp.out" || fail "egc serve answered no tools/list: $(cat "$work/mcp.err")"
grep -q '"tools"' "$work/mcp.out" || fail "tools/list carried no tools"
"$egc" guard check --no-record 'ls -la' >/dev/null || fail "egc guard check refused ls"
out=$(printf 'hello\n' | "$egc" crush filter --command 'echo hello' | tr -d '\r')
case $out in *hello*) ;; *) fail "egc crush filter lost its input: $out" ;; esac
echo "smoke $target $version: ok"
