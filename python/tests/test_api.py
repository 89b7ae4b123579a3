"""The package's face: what it exports, its type stubs, and its docs."""

import ast
import inspect
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
