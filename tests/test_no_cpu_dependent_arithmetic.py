"""No game quantity may go through arithmetic whose result depends on the CPU (DESIGN.md,
"no float result that depends on the machine"; issue 14). The rules and the core use
``hexwar.core.exact`` instead of these; a line that must keep one says why in a comment
beginning ``# kernel-independent:``."""

from __future__ import annotations

import ast
from pathlib import Path

import hexwar

PACKAGE = Path(hexwar.__file__).resolve().parent
CHECKED = [PACKAGE / "core", PACKAGE / "rulesets", PACKAGE / "agents"]

# numpy functions dispatched to BLAS/LAPACK or to CPU-chosen SIMD transcendental kernels, and
# the C library's transcendental functions (glibc picks an FMA variant by the CPU).
NUMPY = {
    "dot", "vdot", "inner", "tensordot", "matmul", "einsum", "linalg", "power",
    "float_power", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos",
    "tan", "arcsin", "arccos", "arctan", "arctan2", "sinh", "cosh", "tanh", "hypot", "cbrt",
    "logaddexp", "logaddexp2",
}  # fmt: skip
MATH = {
    "exp", "expm1", "log", "log2", "log10", "log1p", "pow", "sin", "cos", "tan", "atan",
    "atan2", "asin", "acos", "sinh", "cosh", "tanh", "erf", "erfc", "gamma", "lgamma",
}  # fmt: skip
EXEMPT = {PACKAGE / "core" / "hexes.py"}  # pixel corners for drawing, never a game quantity


def _offences(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        what = None
        if isinstance(node, ast.BinOp | ast.AugAssign) and isinstance(node.op, ast.MatMult):
            what = "@"
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id in {"np", "numpy"} and node.attr in NUMPY:
                what = f"np.{node.attr}"
            elif node.value.id == "math" and node.attr in MATH:
                what = f"math.{node.attr}"
        elif (
            isinstance(node, ast.Attribute)
            and node.attr == "dot"
            and not (isinstance(node.value, ast.Name) and node.value.id == "exact")
        ):
            what = ".dot"
        if what and "# kernel-independent:" not in lines[node.lineno - 1]:
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {what}")
    return found


def test_no_blas_or_cpu_chosen_transcendental_on_the_game_path() -> None:
    files = [p for d in CHECKED for p in sorted(d.rglob("*.py")) if p not in EXEMPT]
    assert len(files) > 50
    offences = [o for p in files for o in _offences(p)]
    assert offences == [], "use hexwar.core.exact instead:\n" + "\n".join(offences)
