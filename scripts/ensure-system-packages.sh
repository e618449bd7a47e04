#!/usr/bin/env bash
# Installs the Debian packages the product needs when they are missing: ffmpeg (the virtual
# devices' video encoder), bubblewrap (confines the virtual devices' shells), fonts for rendered
# text, and the compiler node-pty's install script builds its addon with (g++, python3 for node-gyp).
# With --tests, also what the tests need: chromium (e2e) and postgresql (the PostgreSQL runs).
set -euo pipefail
declare -A command_of=([ffmpeg]=ffmpeg [bubblewrap]=bwrap [g++]=g++ [python3]=python3)
if [ "${1:-}" = "--tests" ]; then
  command_of[chromium]=chromium
fi
missing=()
for package in "${!command_of[@]}"; do
  command -v "${command_of[$package]}" >/dev/null 2>&1 || missing+=("$package")
done
if [ "${1:-}" = "--tests" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  missing+=(postgresql)
fi
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing Debian packages: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
