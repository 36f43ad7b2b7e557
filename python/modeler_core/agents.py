"""python -m modeler_core.agents conceptualize|canonicalize --project <dir> [--vars <yaml>] [--declared-only] [--min-recurrence <n>]

Prints the agent's proposal JSON, exactly as `modeler agents …` does.
Exit codes: 0 proposal printed, 64 usage error (bad arguments, missing project directory),
70 Node.js or the modeler package is missing, 130 interrupted (Ctrl-C).
"""

import argparse
import sys

from .launcher import EX_USAGE, LaunchError, run_modeler

PROG = "python -m modeler_core.agents"


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        # one line and the usage exit code, like the Node CLI
        sys.stderr.write("%s: %s\n" % (PROG, message))
        raise SystemExit(EX_USAGE)


def _project_args(p):
    # --project is the spec's spelling; --project-dir is the one every modeler command takes
    p.add_argument("--project", "--project-dir", dest="project", default=".", help="dbt project directory (default: .)")
    p.add_argument("--vars", default=None, help="project vars as dbt's --vars, e.g. '{key: value}'")


def build_parser():
    parser = _Parser(prog=PROG, description="Deterministic modeling agents (no AI provider needed).")
    sub = parser.add_subparsers(dest="agent", metavar="{conceptualize,canonicalize}")
    sub.required = True
    c = sub.add_parser("conceptualize", help="propose a conceptual diagram from the staging models")
    _project_args(c)
    c.add_argument("--declared-only", action="store_true",
                   help="draw only relationships the project declares; inferred ones are listed in a note")
    k = sub.add_parser("canonicalize", help="propose a canonical logical layer with shared doc blocks")
    _project_args(k)
    k.add_argument("--min-recurrence", type=int, default=None, metavar="N",
                   help="keep columns found in at least N staging models of an entity (default 2)")
    for p in (c, k):
        p.error = parser.error
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    forwarded = ["agents", args.agent, "--project-dir", args.project]
    if args.vars is not None:
        forwarded += ["--vars", args.vars]
    if args.agent == "conceptualize" and args.declared_only:
        forwarded.append("--declared-only")
    if args.agent == "canonicalize" and args.min_recurrence is not None:
        forwarded += ["--min-recurrence", str(args.min_recurrence)]
    try:
        return run_modeler(forwarded)
    except LaunchError as e:
        sys.stderr.write("%s: %s\n" % (PROG, e))
        return e.code
    except KeyboardInterrupt:
        # Ctrl-C: the Node child is already stopped; end like a shell command, not with a traceback
        return 130


if __name__ == "__main__":
    sys.exit(main())
