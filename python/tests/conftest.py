"""What the Python tests share: where the data and the `inarow` binary are, and
the one policy for what a test needs from outside (as `tests/common/mod.rs`
has it for the Rust tests): missing, a test is skipped and says why, but when
`CI` is set it fails."""

from __future__ import annotations

import importlib
import os
import pathlib
import subprocess
from types import ModuleType
from typing import Optional

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def require(what: str, found: bool, how: str) -> None:
    """Goes on if `found`; else fails with `CI` set, and skips without."""
    if found:
        return
    message = f"{what} not found ({how})"
    if os.environ.get("CI"):
        pytest.fail(f"{message}, and CI is set")
    pytest.skip(message)


def need_module(name: str) -> ModuleType:
    """An environment's module, under the policy above."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        require(f"the module {name} ({error})", False, "python/test.sh installs it")
        raise


def pons_dir() -> pathlib.Path:
    """Pons's benchmark sets: `$INAROW_PONS_DIR`, else `../shared/data/pons`."""
    directory = pathlib.Path(
        os.environ.get("INAROW_PONS_DIR") or REPO / ".." / "shared" / "data" / "pons"
    )
    require("Pons's sets", directory.is_dir(), "set INAROW_PONS_DIR or put them in ../shared/data/pons")
    return directory


def inarow_binary() -> pathlib.Path:
    """The `inarow` program: `$INAROW_BIN`, else the release build."""
    program = pathlib.Path(os.environ.get("INAROW_BIN") or REPO / "target" / "release" / "inarow")
    require("the inarow binary", program.is_file(), "cargo build --release; python/test.sh does")
    return program


def run_inarow(args: list[str], stdin: str) -> str:
    """Runs the `inarow` program and returns its stdout; it must succeed."""
    done = subprocess.run(
        [str(inarow_binary()), *args], input=stdin, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def read_set(name: str, every: int = 1, limit: Optional[int] = None) -> list[tuple[str, int]]:
    """Lines `moves score` of one of Pons's sets: every `every`-th, at most `limit`."""
    lines = (pons_dir() / name).read_text().split("\n")
    cases = [(line.split()[0], int(line.split()[1])) for line in lines if line.strip()]
    return cases[::every][:limit]
