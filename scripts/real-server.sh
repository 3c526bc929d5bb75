#!/usr/bin/env bash
# A real server of the family (the kit in ../shared/real-server: Zulip, feature level 372) for
# `npm run test:real` and the benchmarks: installed once, started on free loopback ports with
# pristine data, stopped again. It gets a prefix of its own, so a kit someone started by hand
# from the default prefix keeps running beside it.
#   real-server.sh available   exit 0 when the kit is here and this machine can run it (root)
#   real-server.sh install     install (or update) the kit when the installed copy is not this one
#   real-server.sh start       start with --reset on free ports; prints the kit's one JSON line
#   real-server.sh stop        stop what start started
set -euo pipefail
cd "$(dirname "$0")/.."
KIT=${REAL_SERVER_KIT:-$(cd .. && pwd)/shared/real-server}
PREFIX=${REAL_SERVER_PREFIX:-/opt/team-chat-real-server}
export PREFIX
say() { printf '[real-server] %s\n' "$*" >&2; }

available() {
  [ -f "$KIT/real-server.tar.xz" ] && [ -x "$KIT/install.sh" ] || { say "no kit at $KIT"; return 1; }
  [ "$(id -u)" -eq 0 ] || { say "the kit installs and starts as root"; return 1; }
}

install() {
  available
  # The tarball's hash tells whether the installed copy is this kit (install.sh keeps data).
  local wanted stamp="$PREFIX/.team-chat-kit"
  wanted=$(sha256sum < "$KIT/real-server.tar.xz" | cut -d' ' -f1)
  if [ -f "$PREFIX/.installed" ] && [ "$(cat "$stamp" 2>/dev/null || true)" = "$wanted" ]; then return 0; fi
  say "installing the real server kit into $PREFIX (about a minute on a new machine)"
  KIT_TARBALL="$KIT/real-server.tar.xz" "$KIT/install.sh" "$PREFIX" >&2
  printf '%s\n' "$wanted" > "$stamp"
}

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

start() {
  install
  # The kit takes six consecutive ports from PORT on.
  local base
  for _ in $(seq 1 50); do
    base=$((20000 + RANDOM % 30000))
    local free=1
    for offset in 0 1 2 3 4 5; do port_busy $((base + offset)) && { free=0; break; }; done
    [ "$free" -eq 1 ] && break
  done
  PORT=$base "$PREFIX/bin/start.sh" --reset
}

stop() { [ -f "$PREFIX/.installed" ] && "$PREFIX/bin/stop.sh"; }

case "${1:-}" in
  available | install | start | stop) "$1" ;;
  *) echo "usage: $0 available|install|start|stop" >&2; exit 2 ;;
esac
