"""The package's face: what it exports, its type stubs, and its docs."""

import ast
import inspect
import os
import pathlib
import pydoc
import subprocess
import sys

import inarow
import inarow.agents

STUB = pathlib.Path(inarow.__file__).with_name("_inarow.pyi")


def stub_names() -> dict[str, set[str]]:
    """The stub's classes and functions, each class with its members."""
    tree = ast.parse(STUB.read_text())
    names: dict[str, set[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names[node.name] = {
                item.name if isinstance(item, ast.FunctionDef) else item.target.id  # type: ignore[union-attr]
                for item in node.body
                if isinstance(item, ast.FunctionDef)
                or (isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name))
            }
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = set()
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = set()
    return names


def test_the_stubs_describe_the_module():
    assert (pathlib.Path(inarow.__file__).parent / "py.typed").is_file()
    stubs = stub_names()
    for name in inarow.__all__:
        if inspect.ismodule(getattr(inarow, name)):
            continue  # inarow.agents: Python, typed in its own source
        assert name in stubs, f"{name} is not in the stubs"
    for name, members in stubs.items():
        if name.startswith("_") and name != "__version__":
            continue
        assert hasattr(inarow, name), f"the stubs name {name}, the module has none"
        real = getattr(inarow, name)
        public = {m for m in dir(real) if not m.startswith("_")} if inspect.isclass(real) else set()
        if inspect.isclass(real) and not issubclass(real, Exception):
            assert public <= members, f"{name}: {public - members} not in the stubs"
            for member in members - {"__init__", "__hash__"}:
                assert hasattr(real, member), f"{name}.{member} is in the stubs only"


def test_help_reads_well():
    for cls in [inarow.Position, inarow.PositionKey, inarow.Solver, inarow.Engine, inarow.Score, inarow.SearchResult]:
        assert cls.__module__ == "inarow"
        assert len(cls.__doc__ or "") > 150, cls
        for name, member in vars(cls).items():
            if not name.startswith("_") and callable(member):
                assert member.__doc__, f"{cls.__name__}.{name} has no docstring"
    text = pydoc.render_doc(inarow.Solver, renderer=pydoc.plaintext)
    assert "Solver(hash_mb=72, threads=1, book=True)" in text
    assert "solve(self, /, position, *, timeout=None, nodes=None)" in text
    assert "Pascal Pons's" in text
    assert inarow.IllegalMoveError.__doc__ and issubclass(inarow.IllegalMoveError, ValueError)
    assert inarow.InvalidPositionError.__doc__ and issubclass(inarow.InvalidPositionError, ValueError)
    for agent in ["kaggle_agent", "pettingzoo_policy", "openspiel_bot", "Mover"]:
        assert getattr(inarow.agents, agent).__doc__
    assert inarow.__version__


def test_the_module_docs_examples_run():
    import doctest

    failures, tried = doctest.testmod(inarow)
    assert tried > 0 and failures == 0


def test_import_inarow_gives_the_agents():
    """In a fresh interpreter, `import inarow` alone makes `inarow.agents`
    usable, as the module's docstring uses it."""
    code = "import inarow, sys; print(inarow.agents.kaggle_agent.__class__.__name__, 'inarow.agents' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=pathlib.Path(inarow.__file__).parents[1]
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["KaggleAgent", "True"]
    assert "agents" in inarow.__all__


def in_fresh_python(code: str, **environment: str) -> subprocess.CompletedProcess:
    """Runs `code` in a fresh interpreter with `environment` added."""
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **environment},
        cwd=pathlib.Path(inarow.__file__).parents[1],
    )


def test_the_module_for_this_cpu():
    """The wheel's x86-64-v3 module is loaded where the machine runs it, its
    x86-64-v2 one with INAROW_CPU=x86-64-v2; both solve alike, to the node."""
    levels = ["x86-64", "x86-64-v2", "x86-64-v3", "x86-64-v4"]
    assert inarow.target_cpu in levels
    machine = inarow._inarow._machine_cpu()
    assert machine in levels
    package = pathlib.Path(inarow.__file__).parent
    if not (package / "x86-64-v3").is_dir():
        # A build from source: one module, for the machine that built it.
        assert levels.index(inarow.target_cpu) <= levels.index(machine)
        return
    expected = "x86-64-v3" if levels.index(machine) >= levels.index("x86-64-v3") else "x86-64-v2"
    assert inarow.target_cpu == expected
    solve = (
        "import inarow; s = inarow.Solver(hash_mb=8, book=False); "
        "print(inarow.target_cpu, s.solve(inarow.Position('52753311433677442422121')), s.nodes)"
    )
    here = in_fresh_python(solve)
    portable = in_fresh_python(solve, INAROW_CPU="x86-64-v2")
    assert here.returncode == 0 and portable.returncode == 0, here.stderr + portable.stderr
    assert here.stdout.split()[0] == expected and portable.stdout.split()[0] == "x86-64-v2"
    assert here.stdout.split()[1:] == portable.stdout.split()[1:] and portable.stdout.split()[1] == "8"
    bad = in_fresh_python("import inarow", INAROW_CPU="pentium")
    assert bad.returncode != 0 and "INAROW_CPU=pentium: give one of x86-64" in bad.stderr
