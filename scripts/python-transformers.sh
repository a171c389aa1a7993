#!/usr/bin/env bash
# Creates the virtualenv a newcomer's first model runs in (issue 20 point 9): transformers with CPU torch,
# tokenizers and safetensors load the seed's tiny real models (hubkit/tiny-random-gpt2, -bert) through this hub;
# gguf (when the local index has it) reads the seed's tiny GGUF back. Prints nothing when it is already there.
# Offline: pip reads the machine's local index. Used by .ci/run and by the tests when the venv is missing.
set -euo pipefail
root="${HUBKIT_VENVS:-$(cd "$(dirname "$0")/.." && pwd)/node_modules/.cache/hubkit-venvs}"
venv="$root/transformers"
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import transformers, torch, tokenizers, safetensors" 2>/dev/null; then
  exit 0
fi
rm -rf "$venv"
python3 -m venv "$venv"
packages=(torch transformers tokenizers safetensors)
"$venv/bin/pip" install --quiet --disable-pip-version-check --retries 0 --timeout 30 "${packages[@]}" >/dev/null 2>&1 \
  || "$venv/bin/pip" install --disable-pip-version-check --retries 0 --timeout 30 "${packages[@]}"
# The GGUF reader is optional: the seed test reads the tiny GGUF back with it when the index has it.
"$venv/bin/pip" install --quiet --disable-pip-version-check --retries 0 --timeout 30 gguf >/dev/null 2>&1 || true
