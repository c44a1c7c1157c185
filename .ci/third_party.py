#!/usr/bin/env python3
"""Writes THIRD-PARTY.md: every crate compiled into the shipped artifacts (the engine and
tools binaries, the Python extension, the WebAssembly module), with its version, its licence
and the licence texts its source carries, which MIT, Apache-2.0 and the others ask a
redistributor to pass on.

Build-time crates (procedural macros and what only they use, build scripts' dependencies)
are left out: nothing of them is in an artifact. The crates of this workspace are listed
under the project's own LICENSE. Fails, naming the crate, if a shipped crate carries no
licence text, so that a release never ships without one.

Usage: third_party.py OUT [--target TRIPLE]...   (default targets: x86-64 Linux and wasm32)
"""

import json
import pathlib
import subprocess
import sys

# The workspace members whose artifacts ship, and what each is.
SHIPPED = {
    "mingmang": "the engine binary",
    "mingmang-tools": "the tools binary",
    "mingmang-python": "the Python extension",
    "mingmang-web": "the WebAssembly module",
}
LICENCE_FILE_PREFIXES = ("license", "licence", "copying", "unlicense", "notice")


def metadata(target):
    out = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--locked", "--filter-platform", target],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out)


def is_proc_macro(package):
    return any("proc-macro" in t["kind"] for t in package["targets"])


def shipped_crates(meta, roots):
    """The packages linked into the roots' artifacts: normal dependencies, not through a
    procedural macro."""
    packages = {p["id"]: p for p in meta["packages"]}
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    stack = [p["id"] for p in meta["packages"] if p["name"] in roots and p["source"] is None]
    seen = set()
    while stack:
        node = stack.pop()
        if node in seen or is_proc_macro(packages[node]):
            continue
        seen.add(node)
        for dep in nodes[node]["deps"]:
            if any(k["kind"] is None for k in dep["dep_kinds"]):
                stack.append(dep["pkg"])
    return [packages[i] for i in seen]


def licence_texts(package):
    folder = pathlib.Path(package["manifest_path"]).parent
    files = sorted(
        f for f in folder.iterdir() if f.is_file() and f.name.lower().startswith(LICENCE_FILE_PREFIXES)
    )
    if package.get("license_file"):
        named = folder / package["license_file"]
        if named.is_file() and named not in files:
            files.append(named)
    return [(f.name, f.read_text(encoding="utf-8", errors="replace")) for f in files]


def main(argv):
    if not argv or argv[0].startswith("-"):
        sys.exit(__doc__)
    out = pathlib.Path(argv[0])
    targets = [argv[i + 1] for i, a in enumerate(argv) if a == "--target"] or [
        "x86_64-unknown-linux-gnu",
        "wasm32-unknown-unknown",
    ]
    crates = {}
    for target in targets:
        for package in shipped_crates(metadata(target), SHIPPED):
            crates[(package["name"], package["version"])] = package
    ours = sorted(n for (n, _), p in crates.items() if p["source"] is None)
    theirs = sorted((k for k, p in crates.items() if p["source"] is not None))
    lines = [
        "# Third-party software",
        "",
        "The artifacts of this release (" + ", ".join(SHIPPED.values()) + ") contain the "
        "crates below besides this project's own (" + ", ".join(ours) + ", under LICENSE). "
        "Each is listed with its version and licence, followed by the licence texts it ships.",
        "",
        "| crate | version | licence |",
        "| --- | --- | --- |",
    ]
    missing = []
    for key in theirs:
        p = crates[key]
        lines.append(f"| {p['name']} | {p['version']} | {p['license'] or 'see its licence file'} |")
    for key in theirs:
        p = crates[key]
        texts = licence_texts(p)
        if not texts:
            missing.append(f"{p['name']} {p['version']}")
            continue
        lines += ["", f"## {p['name']} {p['version']}", ""]
        if p.get("repository"):
            lines += [f"Source: {p['repository']}", ""]
        for name, text in texts:
            lines += [f"### {name}", "", "```text", text.rstrip(), "```"]
    if missing:
        sys.exit("no licence text in the source of: " + ", ".join(missing))
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{out}: {len(theirs)} crates besides the project's own")


if __name__ == "__main__":
    main(sys.argv[1:])
