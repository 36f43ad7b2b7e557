"""Find Node.js and the modeler package, then run `modeler <args>` with them.

No modeling logic lives here: the launcher only locates the TypeScript core and passes the
arguments, output and exit code through, so Python and Node users get identical results.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

EX_USAGE = 64
EX_SOFTWARE = 70


class LaunchError(Exception):
    """A missing prerequisite, reported as one line and an exit code."""

    def __init__(self, message, code=EX_SOFTWARE):
        super().__init__(message)
        self.code = code


def _is_modeler_package(root):
    pkg = root / "package.json"
    if not (root / "bin" / "modeler.js").is_file() or not pkg.is_file():
        return False
    try:
        return json.loads(pkg.read_text(encoding="utf-8")).get("name") == "modeler"
    except (OSError, ValueError):
        return False


def find_package():
    """The directory holding bin/modeler.js."""
    home = os.environ.get("MODELER_HOME")
    if home:
        root = Path(home).expanduser().resolve()
        if not (root / "bin" / "modeler.js").is_file():
            raise LaunchError("MODELER_HOME=%s does not contain bin/modeler.js" % home)
        return root
    # python/modeler_core/launcher.py inside the repository: the package is two levels up
    here = Path(__file__).resolve().parent.parent.parent
    if _is_modeler_package(here):
        return here
    on_path = shutil.which("modeler")
    if on_path:
        root = Path(on_path).resolve().parent.parent
        if _is_modeler_package(root):
            return root
    raise LaunchError(
        "cannot find the modeler package: set MODELER_HOME to the directory that holds "
        "bin/modeler.js, or install it with `npm install -g` so `modeler` is on PATH"
    )


def find_node():
    node = os.environ.get("MODELER_NODE") or shutil.which("node")
    if not node:
        raise LaunchError("Node.js (>= 20) is required but `node` is not on PATH; install it or set MODELER_NODE")
    return node


def run_modeler(args):
    """Run `node <package>/bin/modeler.js <args>`; return its exit code."""
    root = find_package()
    if not (root / "dist" / "cli" / "main.js").is_file():
        raise LaunchError("the modeler package in %s is not built; run `npm run build` there" % root)
    node = find_node()
    try:
        return subprocess.call([node, str(root / "bin" / "modeler.js")] + list(args))
    except OSError as e:
        raise LaunchError("cannot run Node.js (%s): %s" % (node, e.strerror or e))
