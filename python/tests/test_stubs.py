"""The type stubs describe the compiled module as it is: mypy's stubtest compares every name,
signature and class of `mingmang._mingmang` with `_mingmang.pyi`."""

import subprocess
import sys

import pytest

pytest.importorskip("mypy", reason="mypy comes with the test extra: pip install ./python[test]")


def test_the_stubs_match_the_compiled_module():
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "mingmang._mingmang"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success" in run.stdout
