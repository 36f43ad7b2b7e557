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


PACKAGE_NAMES = ("dbt-modeler", "modeler")


def _is_modeler_package(root):
    pkg = root / "package.json"
    if not (root / "bin" / "modeler.js").is_file() or not pkg.is_file():
        return False
    try:
        # dbt-modeler on npm; checkouts from before the rename are named modeler
        return json.loads(pkg.read_text(encoding="utf-8")).get("name") in PACKAGE_NAMES
    except (OSError, ValueError):
        return False


def _recorded_home():
    """The checkout `pip install` built this package from (see setup.py), or None."""
    try:
        from ._home import HOME
    except ImportError:
        return None
    return HOME


def _npm_global_root():
    npm = shutil.which("npm")
    if not npm:
        return None, "npm not on PATH"
    try:
        r = subprocess.run([npm, "root", "-g"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                           universal_newlines=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        return None, "`npm root -g` failed (%s)" % e
    root = r.stdout.strip()
    if r.returncode != 0 or not root:
        return None, "`npm root -g` failed (exit %s)" % r.returncode
    return Path(root) / "dbt-modeler", None


def find_package():
    """The directory holding bin/modeler.js, found in this order:

    1. $MODELER_HOME;
    2. the checkout `pip install ./python` was run in (recorded at build time in _home.py);
    3. the checkout around this file (python/ on PYTHONPATH, or an editable install);
    4. a `modeler` command on PATH (its symlink leads to <package>/bin/modeler.js);
    5. <`npm root -g`>/dbt-modeler (`npm install -g dbt-modeler`).
    """
    home = os.environ.get("MODELER_HOME")
    if home:
        root = Path(home).expanduser().resolve()
        if not (root / "bin" / "modeler.js").is_file():
            raise LaunchError("MODELER_HOME=%s does not contain bin/modeler.js" % home)
        return root
    searched = []

    recorded = _recorded_home()
    if recorded:
        if _is_modeler_package(Path(recorded)):
            return Path(recorded)
        searched.append("%s (recorded at install): not the modeler package any more" % recorded)
    else:
        searched.append("no checkout recorded at install")

    # python/modeler_core/launcher.py inside the repository: the package is two levels up
    here = Path(__file__).resolve().parent.parent.parent
    if _is_modeler_package(here):
        return here
    searched.append("%s (around this launcher): not the modeler package" % here)

    on_path = shutil.which("modeler")
    if on_path:
        root = Path(on_path).resolve().parent.parent
        if _is_modeler_package(root):
            return root
        searched.append("`modeler` on PATH is %s, not in the modeler package" % Path(on_path).resolve())
    else:
        searched.append("no `modeler` on PATH")

    global_pkg, why = _npm_global_root()
    if global_pkg is not None:
        if _is_modeler_package(global_pkg):
            return global_pkg.resolve()
        searched.append("%s (npm root -g): not found" % global_pkg)
    else:
        searched.append(why)

    raise LaunchError(
        "cannot find the modeler package: set MODELER_HOME to the directory that holds "
        "bin/modeler.js, or install it with `npm install -g dbt-modeler` (searched: %s)" % "; ".join(searched)
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
