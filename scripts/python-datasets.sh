#!/usr/bin/env bash
# Creates the virtualenv the dataset-viewer tests compare against (issue 21): pyarrow and pandas read the source
# files, `datasets` loads the converted ref (pillow: its Image feature decodes image folders). Prints nothing when
# it is already there. Offline: pip reads the machine's local index. Used by .ci/run and by the tests themselves
# when the venv is missing.
set -euo pipefail
root="${HUBKIT_VENVS:-$(cd "$(dirname "$0")/.." && pwd)/node_modules/.cache/hubkit-venvs}"
venv="$root/datasets"
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import pyarrow, pandas, datasets, PIL" 2>/dev/null; then
  exit 0
fi
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check --retries 0 --timeout 30 pyarrow pandas datasets pillow >/dev/null 2>&1 \
  || "$venv/bin/pip" install --disable-pip-version-check --retries 0 --timeout 30 pyarrow pandas datasets pillow
