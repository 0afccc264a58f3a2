"""The same game on every machine: no state may depend on the CPU's numeric kernels.

numpy dispatches matrix products and ``linalg`` to an OpenBLAS kernel chosen for the CPU, its
own ufuncs to a SIMD level chosen for the CPU, and glibc picks ``exp``/``log``/``pow`` variants
(with or without fused multiply-add) by the CPU. Each choice can change the last bit of a float,
and one bit across a threshold changes a whole game. ``hexwar.core.exact`` keeps every game
quantity off those paths; this test plays every bundled scenario under each kernel the running
CPU supports, in subprocesses, and requires bit-identical states (equal state hashes). The
whole of idahex/sinai, the ruleset with the most floating point, is played to the end under
the default and the two most different kernels.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from functools import cache

import pytest
from numpy._core import _multiarray_umath as _umath

X86 = platform.machine().lower() in {"x86_64", "amd64"}
FEATURES = {k for k, v in _umath.__cpu_features__.items() if v}
OPTIONAL_SIMD = [f for f in _umath.__cpu_dispatch__ if f in FEATURES]

# name -> (environment, CPU features the kernel needs, whether to play idahex/sinai to the end)
KERNELS: dict[str, tuple[dict[str, str], set[str], bool]] = {
    "default": ({}, set(), True),
    "openblas-haswell": ({"OPENBLAS_CORETYPE": "Haswell"}, {"AVX2", "FMA3"}, True),
    "openblas-sandybridge": ({"OPENBLAS_CORETYPE": "Sandybridge"}, {"AVX"}, False),
    "openblas-nehalem": ({"OPENBLAS_CORETYPE": "Nehalem"}, {"SSE42"}, False),
    "openblas-prescott": ({"OPENBLAS_CORETYPE": "Prescott"}, {"SSE3"}, False),
    "no-optional-simd": (
        {
            "OPENBLAS_CORETYPE": "Nehalem",
            "NPY_DISABLE_CPU_FEATURES": ",".join(OPTIONAL_SIMD),
            "GLIBC_TUNABLES": "glibc.cpu.hwcaps=-AVX2,-FMA,-AVX512F",
        },
        {"SSE42"},
        True,
    ),
}


def _hashes(name: str) -> dict[str, str]:
    env_extra, _, full = KERNELS[name]
    env = {**os.environ, **env_extra}
    cmd = [sys.executable, "-m", "hexwar.testing.determinism", "--json"]
    if full:
        cmd += ["--full", "idahex/sinai"]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900, check=False)
    assert proc.returncode == 0, f"kernel {name}: exit {proc.returncode}\n{proc.stderr[-3000:]}"
    result: dict[str, str] = json.loads(proc.stdout)
    return result


@cache
def _all_hashes() -> dict[str, dict[str, str]]:
    """Every supported kernel's hashes, two subprocesses at a time."""
    names = [n for n in KERNELS if _supported(n) is None]
    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(names, pool.map(_hashes, names), strict=True))


def _supported(name: str) -> str | None:
    """Why the running CPU cannot use this kernel, or None."""
    env, needs, _ = KERNELS[name]
    if name != "default" and not X86:
        return f"{name}: OpenBLAS core types are x86-64 kernels; this is {platform.machine()}"
    missing = needs - FEATURES
    if missing:
        return f"{name}: the CPU lacks {', '.join(sorted(missing))}"
    if "NPY_DISABLE_CPU_FEATURES" in env and not OPTIONAL_SIMD:
        return f"{name}: numpy reports no optional SIMD level to switch off"
    return None


@pytest.mark.slow
@pytest.mark.parametrize("kernel", [n for n in KERNELS if n != "default"])
def test_every_bundled_scenario_has_the_same_state_under_each_numeric_kernel(kernel: str) -> None:
    """DESIGN.md, "no float result that depends on the machine": same seed and orders, the same
    state hash under every BLAS kernel and SIMD level the CPU supports."""
    reason = _supported(kernel)
    if reason is not None:
        pytest.skip(reason)
    hashes = _all_hashes()
    reference, here = hashes["default"], hashes[kernel]
    shared = sorted(reference.keys() & here.keys())
    assert "idahex/sinai@40" in shared
    assert "aggressor/sector@40" in shared
    differing = [k for k in shared if reference[k] != here[k]]
    assert differing == [], f"{kernel} changes the state of: {', '.join(differing)}"
    if KERNELS[kernel][2]:
        assert here["idahex/sinai@end"] == reference["idahex/sinai@end"]
