#!/usr/bin/env bash
# Creates the virtualenvs holding the official Python hub client, both major versions the machine's package index
# has (hub tests run against each), and prints nothing when they are already there. Used by .ci/run and by the hub
# tests (they call it themselves when a venv is missing). Offline: pip reads the machine's local index.
set -euo pipefail
root="${HUBKIT_VENVS:-$(cd "$(dirname "$0")/.." && pwd)/node_modules/.cache/hubkit-venvs}"
for version in 2.0.0 1.33.0; do
  venv="$root/hf-$version"
  # hf_xet comes with huggingface_hub (a required dependency on x86_64/arm64): the Xet tests need it importable.
  if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import huggingface_hub, hf_xet, sys; sys.exit(huggingface_hub.__version__ != '$version')" 2>/dev/null; then
    continue
  fi
  rm -rf "$venv"
  python3 -m venv "$venv"
  # --retries 0: the default index (the public one) is unreachable here; the local index in pip.conf answers.
  "$venv/bin/pip" install --quiet --disable-pip-version-check --retries 0 --timeout 10 "huggingface_hub==$version" >/dev/null 2>&1 \
    || "$venv/bin/pip" install --disable-pip-version-check --retries 0 --timeout 10 "huggingface_hub==$version"
  "$venv/bin/python" -c "import hf_xet" 2>/dev/null \
    || "$venv/bin/pip" install --quiet --disable-pip-version-check --retries 0 --timeout 10 "hf_xet==1.6.0"
done
