#!/usr/bin/env bash
# Installs what the test suite needs beyond npm packages: dbt-core + dbt-duckdb in a venv
# (generated dbt projects are checked with a real `dbt parse`). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .ci/venv/bin/dbt ]; then
  echo "installing dbt-core + dbt-duckdb into .ci/venv ..."
  python3 -m venv .ci/venv
  .ci/venv/bin/pip install --quiet --disable-pip-version-check -r .ci/requirements-test.txt 2>&1 | grep -v 'is ignored' || true
fi
.ci/venv/bin/dbt --version | head -2
