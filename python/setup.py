"""Build hook: record the modeler checkout this package is built from.

`pip install ./python` in a checkout of modeler writes modeler_core/_home.py into the build
(never into the source tree) naming that checkout, so the launcher finds the Node package
without MODELER_HOME. Built anywhere else (e.g. an sdist unpacked in a temp dir) it records
nothing and the launcher searches PATH and `npm root -g`. Metadata is in pyproject.toml.
"""

import json
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


def modeler_checkout():
    """python/'s parent when it is the modeler package (package.json named "dbt-modeler", or "modeler" before the rename)."""
    root = Path(__file__).resolve().parent.parent
    try:
        if json.loads((root / "package.json").read_text(encoding="utf-8")).get("name") in ("dbt-modeler", "modeler"):
            return str(root)
    except (OSError, ValueError):
        pass
    return None


class BuildPyRecordingHome(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install runs from the source, which finds the checkout itself
        target = Path(self.build_lib) / "modeler_core" / "_home.py"
        target.write_text(
            '"""Written by setup.py when this package was built."""\n\n'
            "# the modeler checkout `pip install` built this from, or None\n"
            "HOME = %r\n" % modeler_checkout(),
            encoding="utf-8",
        )


setup(cmdclass={"build_py": BuildPyRecordingHome})
