"""The type stubs name every attribute of the extension, with its real parameters."""

import ast
import inspect
import pathlib

import tetris_ai
from tetris_ai import _engine

STUBS = pathlib.Path(tetris_ai.__file__).with_name("_engine.pyi")


def stub_parameters(function, skip_first):
    """The parameters of a stub function as (name, default source or None)."""
    arguments = function.args
    names = [a.arg for a in arguments.args]
    defaults = [None] * (len(names) - len(arguments.defaults)) + [
        ast.unparse(d) for d in arguments.defaults
    ]
    pairs = list(zip(names, defaults))
    return pairs[1:] if skip_first else pairs


def real_parameters(obj):
    """The parameters of a function of the extension as (name, default source or None)."""
    return [
        (p.name, None if p.default is inspect.Parameter.empty else repr(p.default))
        for p in inspect.signature(obj).parameters.values()
    ]


def stubs():
    """The module's stubs: functions and classes by name."""
    tree = ast.parse(STUBS.read_text())
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    variables = {n.target.id for n in tree.body if isinstance(n, ast.AnnAssign)}
    return functions, classes, variables


def public(names):
    return {n for n in names if not n.startswith("_")}


def test_the_stubs_name_every_function_and_class_and_nothing_else():
    functions, classes, variables = stubs()
    assert set(functions) | set(classes) | variables == public(dir(_engine)) | {"__version__"}
    assert set(tetris_ai.__all__) == set(functions) | set(classes) | variables


def test_the_functions_take_the_stubs_parameters():
    functions, _classes, _variables = stubs()
    for name, stub in functions.items():
        assert real_parameters(getattr(_engine, name)) == stub_parameters(stub, False), name


def test_the_classes_have_the_stubs_methods_with_their_parameters():
    _functions, classes, _variables = stubs()
    for name, stub in classes.items():
        real = getattr(_engine, name)
        methods = {n.name: n for n in stub.body if isinstance(n, ast.FunctionDef)}
        assert public(methods) == public(dir(real)), name
        assert real_parameters(real) == stub_parameters(methods["__new__"], True), name
        for method, node in methods.items():
            if method.startswith("_"):
                continue
            decorators = {ast.unparse(d) for d in node.decorator_list}
            attribute = inspect.getattr_static(real, method)
            if "property" in decorators:
                assert inspect.isgetsetdescriptor(attribute), f"{name}.{method}"
                continue
            static = "staticmethod" in decorators
            assert isinstance(attribute, staticmethod) == static or static, f"{name}.{method}"
            parameters = real_parameters(getattr(real, method))
            if not static:
                assert parameters[0][0] == "self", f"{name}.{method}"
                parameters = parameters[1:]
            assert parameters == stub_parameters(node, not static), f"{name}.{method}"
