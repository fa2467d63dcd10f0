#!/usr/bin/env python3
"""The layout check of scripts/test.sh (docs/internals.md, "Layout and format"):

1. `swift format lint --strict` with the repository's .swift-format finds nothing, but a
   [LineLength] on a line that holds a string literal (swift-format cannot break a literal);
2. no line of Swift is over 120 characters unless it holds a string literal: swift-format
   neither wraps nor reports a long comment, so this script does.

Usage: python3 scripts/check-format.py   (from anywhere; lints Sources, Tests, fuzz and Package.swift)
Prints one line per finding and exits 1, or prints what it checked and exits 0.
`swift format format --in-place --recursive Sources Tests fuzz Package.swift` fixes most findings.
"""
import os
import re
import subprocess
import sys

LIMIT = 120
PATHS = ["Sources", "Tests", "fuzz", "Package.swift"]
FINDING = re.compile(r"^(.+?):(\d+):\d+: (?:warning|error): \[(\w+)\]")


def literal_lines(text):
    """The 1-based numbers of the lines that hold part of a string literal (its quotes or its text)."""
    held, line, i, n = set(), 1, 0, len(text)
    stack = []  # open literals: (hashes, multi-line); an interpolation pushes None
    depth = []  # parentheses open inside each interpolation
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            continue
        in_code = not stack or stack[-1] is None
        if in_code:
            if text.startswith("//", i):
                i = text.find("\n", i) if text.find("\n", i) >= 0 else n
                continue
            if text.startswith("/*", i):
                end = text.find("*/", i + 2)
                end = n if end < 0 else end + 2
                line += text.count("\n", i, end)
                i = end
                continue
            start = re.match(r'(#*)("""|")', text[i:])
            if start:
                stack.append((start.group(1), start.group(2) == '"""'))
                held.add(line)
                i += len(start.group(0))
                continue
            if stack and c == "(":
                depth[-1] += 1
            elif stack and c == ")":
                depth[-1] -= 1
                if depth[-1] == 0:
                    stack.pop()
                    depth.pop()
            i += 1
            continue
        hashes, multi = stack[-1]
        held.add(line)
        close = ('"""' if multi else '"') + hashes
        if text.startswith("\\" + hashes + "(", i):
            stack.append(None)
            depth.append(1)
            i += len(hashes) + 2
        elif text.startswith("\\" + hashes, i):  # an escape: the backslash and the character after it
            after = i + len(hashes) + 1
            if after < n and text[after] == "\n":
                line += 1
                held.add(line)
            i = after + 1
        elif text.startswith(close, i):
            stack.pop()
            i += len(close)
        else:
            i += 1
    return held


def swift_files(root):
    for path in PATHS:
        full = os.path.join(root, path)
        if os.path.isfile(full):
            yield path
        for directory, _, files in os.walk(full):
            for name in sorted(files):
                if name.endswith(".swift"):
                    yield os.path.relpath(os.path.join(directory, name), root)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = list(swift_files(root))
    held = {path: literal_lines(open(os.path.join(root, path), encoding="utf-8").read()) for path in files}
    problems = []
    lint = subprocess.run(["swift", "format", "lint", "--strict", "--parallel", "--recursive"] + PATHS,
                          cwd=root, capture_output=True, text=True)
    for finding in (lint.stdout + lint.stderr).splitlines():
        match = FINDING.match(finding)
        if not match:
            if finding.strip():
                problems.append(finding)
            continue
        path, number, rule = os.path.relpath(os.path.join(root, match.group(1)), root), int(match.group(2)), match.group(3)
        if rule == "LineLength" and number in held.get(path, ()):
            continue
        problems.append(finding)
    for path in files:
        with open(os.path.join(root, path), encoding="utf-8") as handle:
            for number, text in enumerate(handle.read().split("\n"), 1):
                if len(text) > LIMIT and number not in held[path]:
                    problems.append(f"{path}:{number}: {len(text)} characters, over {LIMIT}, and no string literal")
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"check-format: {len(files)} files as swift format lays them out, no line over {LIMIT} but string literals")
    return 0


if __name__ == "__main__":
    sys.exit(main())
