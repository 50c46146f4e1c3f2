"""Every command of the README's command-line section runs, as written, on the install it
claims (the block's ``<!-- readme-run: KIND -->`` marker), in a fresh directory holding
the files it names (``games.pdn``: a real archive of ``shared/data/real-pdn``) and with an
empty numba cache, in order, each exiting 0."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from tests.journeys.installs import install

pytestmark = pytest.mark.journey
ROOT = Path(__file__).resolve().parents[2]
GAMES = (ROOT.parent / "shared" / "data" / "real-pdn" / "international"
         / "bruno__Montpellier_Open_Serie_B.pdn")


def blocks() -> list[tuple[str, list[str]]]:
    """(install, commands) for every marked block of the README."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    out = []
    for kind, body in re.findall(r"<!-- readme-run: (\w+) -->\n```sh\n(.*?)```", text, re.S):
        out.append((kind, [line for line in body.replace("\\\n", " ").splitlines()
                           if line.strip() and not line.lstrip().startswith("#")]))
    return out


def test_the_readme_marks_its_command_blocks() -> None:
    found = blocks()
    assert found and all(kind in ("bare", "server") for kind, _ in found)
    assert sum(len(commands) for _, commands in found) >= 15


@pytest.mark.parametrize("index", range(len(blocks())))
def test_every_command_runs_on_its_install(index: int, tmp_path: Path) -> None:
    if not GAMES.exists():
        pytest.skip("shared/data/real-pdn is absent")
    kind, commands = blocks()[index]
    where = install(kind)
    shutil.copy(GAMES, tmp_path / "games.pdn")
    env = where.env(NUMBA_CACHE_DIR=str(tmp_path / "numba"), XDG_DATA_HOME=str(tmp_path / "data"),
                    SHASHKI_LANG="en")
    outputs = {}
    for command in commands:
        r = subprocess.run(["bash", "-c", command], capture_output=True, text=True, env=env,
                           cwd=tmp_path, timeout=900)
        assert r.returncode == 0, f"{command}\n{r.stdout[-1500:]}\n{r.stderr[-1500:]}"
        outputs[command.split("#")[0].strip()] = r.stdout
    probe = next(v for k, v in outputs.items() if "egdb probe" in k)
    assert "win: 2 moves" in probe  # as the README's comment says
    assert (tmp_path / "shot.svg").read_text().startswith("<svg")
