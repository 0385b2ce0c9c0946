#!/usr/bin/env bash
# Installs the Debian packages the app needs when they are missing.
#   runtime: pocketsphinx (offline speech recognition for the live interview), sphinxbase-utils
#            (sphinx_lm_convert: the job-aware language models) and flite (t2p: pronunciations of the
#            job's words the dictionary lacks), sphinxtrain (bw, mllr_solve: the careful second pass's
#            speaker transform, decision 0172) and ffmpeg (an ended interview's recording joined into
#            one seekable file, decision 0168; the server tests make their recordings with it)
#   test:    the runtime packages plus chromium (browser journeys) and nginx (npm run cluster:demo)
# Without root or apt-get it says what to install and carries on.
set -euo pipefail
mode="${1:-runtime}"

need=()
command -v pocketsphinx_continuous >/dev/null 2>&1 || need+=(pocketsphinx)
[ -d /usr/share/pocketsphinx/model/en-us ] || need+=(pocketsphinx-en-us)
command -v sphinx_lm_convert >/dev/null 2>&1 || need+=(sphinxbase-utils)
command -v t2p >/dev/null 2>&1 || need+=(flite)
[ -x /usr/lib/sphinxtrain/bw ] || need+=(sphinxtrain)
{ command -v ffmpeg && command -v ffprobe; } >/dev/null 2>&1 || need+=(ffmpeg)
if [ "$mode" = "test" ]; then
  [ -x /usr/bin/chromium ] || need+=(chromium)
  [ -x /usr/sbin/nginx ] || need+=(nginx)
fi
[ ${#need[@]} -eq 0 ] && exit 0

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing system packages: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
elif command -v apt-get >/dev/null 2>&1 && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  echo "Installing system packages: ${need[*]}"
  sudo DEBIAN_FRONTEND=noninteractive apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
else
  echo "Missing system packages: ${need[*]}" >&2
  echo "Install them with: sudo apt-get install ${need[*]}" >&2
  if [ "$mode" = "test" ]; then exit 1; fi
  echo "The app starts without them; the offline speech recognizer will be unavailable, and without ffmpeg" >&2
  echo "an interview's recording plays as the parts the browser sent instead of one seekable file." >&2
fi
