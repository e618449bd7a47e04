#!/usr/bin/env bash
# Installs the Debian packages the product and its tests need when they are missing:
# chromium (e2e tests), ffmpeg (the virtual devices' video encoder), fonts for rendered text,
# bubblewrap (confines the virtual devices' shells).
set -euo pipefail
declare -A command_of=([chromium]=chromium [ffmpeg]=ffmpeg [bubblewrap]=bwrap)
missing=()
for package in "${!command_of[@]}"; do
  command -v "${command_of[$package]}" >/dev/null 2>&1 || missing+=("$package")
done
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing Debian packages: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
