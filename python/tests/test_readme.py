"""The package's README (its page on a package index) shows code that runs as written."""

import pathlib
import re

README = pathlib.Path(__file__).resolve().parent.parent / "README.md"


def test_the_readme_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert blocks, "the README has no Python example"
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})


def test_the_guide_s_board_and_records_example_runs():
    guide = README.parent.parent / "docs" / "python.md"
    section = guide.read_text().split("### The board, captures and records", 1)[1]
    block = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    # The guide imported mingmang in an earlier block.
    names = {"mingmang": __import__("mingmang")}
    exec(compile(block, str(guide), "exec"), names)
    assert names["again"].moves() == ["c1c3"]
