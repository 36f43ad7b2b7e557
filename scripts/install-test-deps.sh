#!/usr/bin/env bash
# Installs what the test suite needs beyond npm packages: dbt-core + dbt-duckdb and Schemathesis
# in a venv (generated dbt projects are checked with a real `dbt parse`; the server is checked
# against its OpenAPI document) and Debian's Chromium (the web UI is tested in a real browser).
# Idempotent: each is installed only when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .ci/venv/bin/dbt ] || [ ! -x .ci/venv/bin/st ]; then
  echo "installing dbt-core + dbt-duckdb + schemathesis into .ci/venv ..."
  [ -x .ci/venv/bin/python ] || python3 -m venv .ci/venv
  .ci/venv/bin/pip install --quiet --disable-pip-version-check -r .ci/requirements-test.txt 2>&1 | grep -v 'is ignored' || true
fi
.ci/venv/bin/dbt --version | head -2
.ci/venv/bin/st --version
if [ -z "${MODELER_CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's chromium for the browser tests ..."
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "note: chromium is not installed and cannot be installed here (needs root and apt-get); the browser tests will be skipped — install it or set MODELER_CHROMIUM"
  fi
fi
command -v chromium >/dev/null 2>&1 && chromium --version 2>/dev/null | head -1 || true
