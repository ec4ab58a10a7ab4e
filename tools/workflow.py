"""Run the test suite the way the publish workflow runs it.

    python -m tools.workflow env      # `export` lines: the build job's env
    python -m tools.workflow steps    # the build job's `run:` commands

`.ci/run` evaluates the first, so the suite here sees the job environment
GitHub gives it (its `SITE_URL` included): one source for that fact, the
workflow file. GitHub expressions (`${{ github.repository_owner }}`) take
stand-in values; a variable naming a browser that this machine lacks
(GitHub's image ships Chrome at another path) is left to the caller, who
says which browser runs here.
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PUBLISH = ROOT / ".github" / "workflows" / "publish.yml"
JOB = "build"
# What a GitHub expression stands for when the workflow runs here. A
# repository on github.io publishes to https://OWNER.github.io/NAME/.
STAND_INS = {
    "github.repository_owner": "owner",
    "github.event.repository.name": "tf-cheatsheet",
    "github.repository": "owner/tf-cheatsheet",
}
EXPRESSION = re.compile(r"\$\{\{\s*([^}]+?)\s*\}\}")
BROWSER_VARIABLES = ("CHROMIUM",)


def load(workflow: Path = PUBLISH) -> dict:
    import yaml

    return yaml.safe_load(workflow.read_text(encoding="utf-8"))


def substitute(value: str) -> str:
    def one(match: re.Match) -> str:
        name = match[1]
        if name not in STAND_INS:
            raise ValueError(f"no stand-in for the expression ${{{{ {name} }}}}")
        return STAND_INS[name]

    return EXPRESSION.sub(one, str(value))


def job_env(workflow: Path = PUBLISH, job: str = JOB) -> dict[str, str]:
    """The environment the job's steps run in: the workflow's `env`, then
    the job's (a job's value wins), expressions substituted."""
    spec = load(workflow)
    env = {**(spec.get("env") or {}), **(spec["jobs"][job].get("env") or {})}
    return {key: substitute(value) for key, value in env.items()}


def run_steps(workflow: Path = PUBLISH, job: str = JOB) -> list[str]:
    """The shell commands of the job's `run:` steps, in order."""
    steps = load(workflow)["jobs"][job]["steps"]
    return [step["run"].strip() for step in steps if "run" in step]


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "env"
    if what == "env":
        for key, value in job_env().items():
            if key in BROWSER_VARIABLES and not Path(value).exists():
                print(f"# {key}={value} is GitHub's; not on this machine")
                continue
            print(f"export {key}={shlex.quote(value)}")
        return 0
    if what == "steps":
        print(*run_steps(), sep="\n")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
