"""scripts/_venv.sh, which scripts/run-bot, scripts/run-tests and scripts/play share: it finds
a Python 3.11 or newer or says plainly that one is needed, and makes a wrong or broken .venv
again. Driven with fake `python*` executables on PATH in a temporary project folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("rm", "cat", "cksum", "mkdir", "chmod")

FAKE_PYTHON = """\
#!{bash}
# A fake Python {version}: answers the version check, makes fake venvs and installs
echo "${{0##*/}} $*" >> "{log}"
case "$1" in
  -c) {exit_for_check} ;;
  --version) echo "Python {version}" ;;
  -m)
    if [ "$2" = venv ]; then
      mkdir -p "$3/bin"
      cat "$0" > "$3/bin/python"
      chmod +x "$3/bin/python"
    elif [ "$2" = pip ]; then
      {pip}
    fi ;;
esac
"""


class Project:
    def __init__(self, tmp_path: Path) -> None:
        self.root = tmp_path / "project"
        (self.root / "scripts").mkdir(parents=True)
        shutil.copy(ROOT / "scripts" / "_venv.sh", self.root / "scripts")
        (self.root / "requirements.txt").write_text("rich==15.0.0\n")
        self.bin = tmp_path / "bin"
        self.bin.mkdir()
        self.log = tmp_path / "calls.log"
        self.log.touch()
        tools = tmp_path / "tools"
        tools.mkdir()
        for tool in TOOLS:
            (tools / tool).symlink_to(shutil.which(tool))
        self.path = f"{self.bin}:{tools}"

    def python(self, name: str, version: str, *, pip_works: bool = True,
               where: Path | None = None) -> None:
        major, minor = (int(part) for part in version.split(".")[:2])
        script = FAKE_PYTHON.format(
            bash=shutil.which("bash"), version=version, log=self.log,
            exit_for_check="exit 0" if (major, minor) >= (3, 11) else "exit 1",
            pip="exit 0" if pip_works else 'echo "ERROR: No matching distribution" >&2; exit 1',
        )
        target = (where or self.bin) / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(script)
        target.chmod(0o755)

    def broken(self, name: str) -> None:
        """Like a pyenv shim for a version that is not installed."""
        target = self.bin / name
        target.write_text(f"#!{shutil.which('bash')}\necho \"pyenv: {name}: command not found\" >&2"
                          "\nexit 127\n")
        target.chmod(0o755)

    def use_venv(self, requirements: str = "requirements.txt") -> subprocess.CompletedProcess[str]:
        script = f". scripts/_venv.sh; use_venv {requirements}; echo READY"
        return subprocess.run(
            [shutil.which("bash"), "-c", script], cwd=self.root, env={"PATH": self.path},
            capture_output=True, text=True, timeout=60,
        )

    def calls(self) -> list[str]:
        return self.log.read_text().splitlines()

    def venv_version(self) -> str:
        text = (self.root / ".venv" / "bin" / "python").read_text()
        return text.splitlines()[1].split()[4].rstrip(":")


@pytest.fixture
def project(tmp_path: Path) -> Project:
    return Project(tmp_path)


def test_without_python_3_11_it_says_one_is_needed(project: Project):
    project.python("python3", "3.10.12")
    done = project.use_venv()
    assert done.returncode == 1
    assert "READY" not in done.stdout
    assert done.stderr.splitlines() == [
        "This project needs Python 3.11 or newer, and none was found "
        "(tried python3.13 python3.12 python3.11 python3).",
        "python3 here is Python 3.10.12.",
        "Install Python 3.11 or newer (python.org, or your system's packages, e.g. apt install "
        "python3.12 python3.12-venv), then run this again.",
    ]
    assert not (project.root / ".venv").exists()


def test_with_no_python_at_all_it_says_one_is_needed(project: Project):
    done = project.use_venv()
    assert done.returncode == 1
    assert "needs Python 3.11 or newer, and none was found" in done.stderr
    assert "python3 here is" not in done.stderr


def test_the_newest_named_python_is_tried_first(project: Project):
    project.python("python3", "3.10.12")
    project.python("python3.12", "3.12.3")
    project.python("python3.11", "3.11.9")
    done = project.use_venv()
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "READY"
    assert "python3.12 -m venv .venv" in project.calls()
    assert project.venv_version() == "3.12.3"


def test_a_python_name_that_does_not_run_is_skipped(project: Project):
    project.broken("python3.13")
    project.python("python3", "3.11.7")
    done = project.use_venv()
    assert done.returncode == 0, done.stderr
    assert "python3 -m venv .venv" in project.calls()


def test_a_venv_made_by_an_old_python_is_made_again(project: Project):
    project.python("python", "3.10.12", where=project.root / ".venv" / "bin")
    project.python("python3.12", "3.12.3")
    done = project.use_venv()
    assert done.returncode == 0, done.stderr
    assert ("The .venv folder was made by an older Python or is broken: making it again with "
            "python3.12.") in done.stderr
    assert project.venv_version() == "3.12.3"


def test_a_broken_venv_is_made_again(project: Project):
    (project.root / ".venv" / "bin").mkdir(parents=True)
    (project.root / ".venv" / "bin" / "python").symlink_to("/nonexistent/python3.10")
    project.python("python3.11", "3.11.9")
    done = project.use_venv()
    assert done.returncode == 0, done.stderr
    assert "making it again with python3.11" in done.stderr
    assert project.venv_version() == "3.11.9"


def test_a_good_venv_is_kept_and_installs_only_when_requirements_change(project: Project):
    project.python("python3.12", "3.12.3")
    assert project.use_venv().returncode == 0
    assert project.use_venv().returncode == 0
    installs = [c for c in project.calls() if "-m pip install" in c]
    assert len(installs) == 1
    assert sum("-m venv" in c for c in project.calls()) == 1
    (project.root / "requirements.txt").write_text("rich==15.0.0\npexpect==4.9.0\n")
    assert project.use_venv().returncode == 0
    assert len([c for c in project.calls() if "-m pip install" in c]) == 2


def test_the_bot_set_up_first_still_gets_the_test_tools_installed(project: Project):
    """The README's order: scripts/run-bot (requirements.txt), then scripts/run-tests
    (requirements-dev.txt), then each again: each file installed once."""
    (project.root / "requirements-dev.txt").write_text("-r requirements.txt\nruff==0.17.6\n")
    project.python("python3.12", "3.12.3")
    for requirements in ("requirements.txt", "requirements-dev.txt") * 2:
        assert project.use_venv(requirements).returncode == 0
    installs = [c for c in project.calls() if "-m pip install" in c]
    assert [c.split()[-1] for c in installs] == ["requirements.txt", "requirements-dev.txt"]


def test_a_failed_install_says_so_and_is_tried_again_next_time(project: Project):
    project.python("python3.12", "3.12.3", pip_works=False)
    done = project.use_venv()
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == (
        "Installing requirements.txt failed (see above): check the network and run this again."
    )
    project.use_venv()
    assert len([c for c in project.calls() if "-m pip install" in c]) == 2


@pytest.mark.parametrize(
    ("script", "requirements"),
    [("run-bot", "requirements.txt"), ("play", "requirements.txt"),
     ("run-tests", "requirements-dev.txt")],
)
def test_every_script_sets_up_through_the_shared_file(script: str, requirements: str):
    text = (ROOT / "scripts" / script).read_text()
    assert textwrap.dedent("""\
        . scripts/_venv.sh
        use_venv {}
        """).format(requirements) in text
    assert os.access(ROOT / "scripts" / script, os.X_OK)
