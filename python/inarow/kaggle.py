"""A Kaggle ConnectX submission of inarow's agent.

``python -m inarow.kaggle submission.tar.gz`` writes a submission that Kaggle
loads: ``main.py``, whose last function is a plain ``def agent(observation,
configuration)`` (Kaggle's loader calls the file's last callable and reads
its ``__code__.co_argcount``), and beside it the ``inarow`` package this
command runs from, with its compiled module. Give a path without ``.tar.gz``
(or ``.tgz``) to get the same files in a directory instead, which
``kaggle_environments`` also loads (``env.run(["dir/main.py", "negamax"])``).

The package is the one installed, or with ``--wheel WHEEL`` the one in a
wheel (not installed): give the portable wheel (``python/wheel.sh`` builds it:
x86-64-v2, manylinux_2_17), since a module built for this machine's CPU may
not run on Kaggle's. From a wheel the archive keeps the wheel's own
compression of each file, so that it is no larger than the wheel.

The agent is :class:`inarow.agents.KaggleAgent` with its defaults: each move
within ``actTimeout``, and on the first moves that need more (out of its
books) part of ``remainingOverageTime``.
"""

from __future__ import annotations

import argparse
import gzip
import io
import pathlib
import struct
import sys
import tarfile
import zipfile
import zlib
from typing import NamedTuple, Optional, Sequence, Union

import inarow

# The package files a submission needs: the Python around the compiled module.
_PACKAGE_FILES = ["__init__.py", "agents.py", "kaggle.py"]

MAIN = '''"""inarow's Kaggle ConnectX agent: the opening books, the exact solver, then a
heuristic search. Written by `python -m inarow.kaggle` from inarow {version};
the inarow package with its compiled module is in inarow/ beside this file."""

import time

# Kaggle's clock for the first move runs while this file loads.
_loaded_at = time.perf_counter()

import os
import sys


def _submission_directory():
    """The directory holding this file and inarow/: the loader compiles the
    file under its own path (Kaggle unpacks submissions into
    /kaggle_simulations/agent)."""
    here = os.path.dirname(os.path.abspath(sys._getframe(0).f_code.co_filename))
    for directory in [here, "/kaggle_simulations/agent", os.getcwd()]:
        if os.path.isfile(os.path.join(directory, "inarow", "__init__.py")):
            return directory
    raise ImportError("inarow/ is not beside main.py, nor in /kaggle_simulations/agent")


sys.path.insert(0, _submission_directory())

from inarow.agents import KaggleAgent  # noqa: E402

_agent = KaggleAgent(loaded_at=_loaded_at)


def agent(observation, configuration):
    """A column from 0 for ConnectX's observation and configuration."""
    return _agent(observation, configuration)
'''


class Deflated(NamedTuple):
    """A file's contents as a wheel holds them: a raw deflate stream, with the
    CRC-32 and the size of what it inflates to."""

    data: bytes
    crc: int
    size: int


# A file of a submission: its bytes, or a wheel's deflate stream of them.
Contents = Union[bytes, Deflated]


def main_py() -> bytes:
    """The submission's main.py."""
    return MAIN.format(version=inarow.__version__).encode()


def installed_files() -> dict[str, Contents]:
    """The files of a submission from the installed inarow, by their path in
    it: the compiled modules for every x86-64 level it has."""
    package = pathlib.Path(inarow.__file__).parent
    contents: dict[str, Contents] = {"main.py": main_py()}
    for name in _PACKAGE_FILES:
        contents[f"inarow/{name}"] = (package / name).read_bytes()
    for module in sorted(package.glob("_inarow*.so")) + sorted(package.glob("x86-64*/_inarow*.so")):
        contents[module.relative_to(package.parent).as_posix()] = module.read_bytes()
    return contents


def wheel_files(wheel: pathlib.Path) -> dict[str, Contents]:
    """The files of a submission from a wheel's inarow package: its compiled
    module (or modules) and the Python files, each deflated file as the wheel
    stores it."""
    contents: dict[str, Contents] = {"main.py": main_py()}
    with zipfile.ZipFile(wheel) as archive, wheel.open("rb") as raw:
        for info in archive.infolist():
            name = info.filename
            wanted = name in {f"inarow/{n}" for n in _PACKAGE_FILES} or _is_module(name)
            if not wanted:
                continue
            if info.compress_type != zipfile.ZIP_DEFLATED:
                contents[name] = archive.read(name)
                continue
            # The local header: 30 bytes, then the name and the extra field.
            raw.seek(info.header_offset)
            header = raw.read(30)
            name_length, extra_length = struct.unpack("<HH", header[26:30])
            raw.seek(info.header_offset + 30 + name_length + extra_length)
            contents[name] = Deflated(raw.read(info.compress_size), info.CRC, info.file_size)
    if not any(name.endswith(".so") for name in contents):
        raise ValueError(f"{wheel} holds no compiled inarow module")
    return contents


def _is_module(name: str) -> bool:
    """Whether a wheel's file is one of the compiled modules:
    inarow/_inarow.abi3.so, and those for higher x86-64 levels in
    inarow/x86-64-v3/ and the like."""
    parts = name.split("/")
    module = parts[-1].startswith("_inarow") and parts[-1].endswith(".so")
    return module and (len(parts) == 2 or (len(parts) == 3 and parts[1].startswith("x86-64")))


def _gzip_member(deflated: Deflated) -> bytes:
    """A gzip member (RFC 1952) around a raw deflate stream: a .tar.gz may be
    several members one after the other, which gunzip reads as one."""
    header = b"\x1f\x8b\x08\x00" + b"\x00\x00\x00\x00" + b"\x02\xff"
    trailer = struct.pack("<II", deflated.crc, deflated.size & 0xFFFFFFFF)
    return header + deflated.data + trailer


def _tar_gz(contents: dict[str, Contents]) -> bytes:
    """A gzipped tar of `contents`: the tar's own bytes and the files given as
    bytes deflated here, the deflated files' streams kept as they are."""
    members: list[bytes] = []
    pending = io.BytesIO()

    def flush() -> None:
        if pending.tell():
            members.append(gzip.compress(pending.getvalue(), compresslevel=9, mtime=0))
            pending.seek(0)
            pending.truncate()

    for name, data in contents.items():
        size = data.size if isinstance(data, Deflated) else len(data)
        info = tarfile.TarInfo(name)
        info.size = size
        info.mode = 0o755 if name.endswith(".so") else 0o644
        pending.write(info.tobuf(format=tarfile.USTAR_FORMAT))
        if isinstance(data, Deflated):
            flush()
            members.append(_gzip_member(data))
        else:
            pending.write(data)
        pending.write(b"\0" * (-size % tarfile.BLOCKSIZE))
    pending.write(b"\0" * (2 * tarfile.BLOCKSIZE))
    flush()
    return b"".join(members)


def _bytes(data: Contents) -> bytes:
    """A file's bytes, inflated if the wheel deflated them."""
    if isinstance(data, Deflated):
        return zlib.decompress(data.data, -zlib.MAX_WBITS)
    return data


def write(path: pathlib.Path, wheel: Optional[pathlib.Path] = None) -> list[str]:
    """Writes a submission to ``path``: a gzipped tar if it ends in ``.tar.gz``
    or ``.tgz``, else a directory (made if missing), of the installed inarow
    or of the one in ``wheel``. Returns the paths written, in the submission."""
    contents = wheel_files(wheel) if wheel is not None else installed_files()
    if path.name.endswith((".tar.gz", ".tgz")):
        path.write_bytes(_tar_gz(contents))
    else:
        for name, data in contents.items():
            target = path / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(_bytes(data))
    return list(contents)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m inarow.kaggle PATH``: writes a submission; says what on stderr."""
    parser = argparse.ArgumentParser(
        prog="python -m inarow.kaggle",
        description="Writes a Kaggle ConnectX submission of inarow's agent: main.py "
        "and the inarow package with its compiled module.",
    )
    parser.add_argument(
        "path",
        type=pathlib.Path,
        help="submission.tar.gz (or .tgz) for an archive to upload, else a directory",
    )
    parser.add_argument(
        "--wheel",
        type=pathlib.Path,
        help="take the package from this wheel (python/wheel.sh's portable one) "
        "rather than the installed inarow",
    )
    arguments = parser.parse_args(argv)
    path = arguments.path
    try:
        written = write(path, arguments.wheel)
    except (OSError, ValueError, zipfile.BadZipFile) as error:
        print(f"inarow.kaggle: {error}", file=sys.stderr)
        return 1
    size = path.stat().st_size if path.is_file() else sum((path / n).stat().st_size for n in written)
    print(
        f"inarow.kaggle: wrote {path} ({size // 1024} KiB): {', '.join(written)}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
