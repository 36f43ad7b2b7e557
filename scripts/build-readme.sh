#!/usr/bin/env bash
# README.md = docs/readme-head.md + every section in docs/readme/ (sorted by file name).
set -euo pipefail
cd "$(dirname "$0")/.."
{ cat docs/readme-head.md; for f in docs/readme/*.md; do cat "$f"; echo; done; } > README.md
