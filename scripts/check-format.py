#!/usr/bin/env python3
"""The layout check of scripts/test.sh (docs/internals.md, "Layout and format"):

1. `swift format lint --strict` with the repository's .swift-format finds nothing, but a
   [LineLength] on a line that holds a string literal (swift-format cannot break a literal);
2. no line of Swift is over 120 characters unless it holds a string literal: swift-format
   neither wraps nor reports a long comment, so this script does;
3. no function of Sources (func, init, subscript or computed property) is over 80 lines, from
   its keyword's line to its closing brace: a function a reader can hold on one screen.

Usage: python3 scripts/check-format.py   (from anywhere; lints Sources, Tests, fuzz and Package.swift)
Prints one line per finding and exits 1, or prints what it checked and exits 0.
`swift format format --in-place --recursive Sources Tests fuzz Package.swift` fixes most findings.
"""
import os
import re
import subprocess
import sys

LIMIT = 120
FUNCTION_LIMIT = 80
DECLARATION = re.compile(r"\b(func|init|deinit|subscript)\b|^\s*(?:[\w@()]+\s+)*var\s+\w+\s*:[^=]*\{\s*$")
NEXT_DECLARATION = re.compile(r"^\s*(?:[\w@()]+\s+)*(func|init|var|let|case|struct|enum|class|extension)\b|^\s*\}")
PATHS = ["Sources", "Tests", "fuzz", "Package.swift"]
FINDING = re.compile(r"^(.+?):(\d+):\d+: (?:warning|error): \[(\w+)\]")


def literal_lines(text):
    """The 1-based numbers of the lines that hold part of a string literal (its quotes or its text)."""
    return scan(text)[0]


def scan(text):
    """The lines that hold a literal, and `text` with its comments and literals blanked to spaces
    (line breaks kept), for counting braces."""
    held, line, i, n = set(), 1, 0, len(text)
    code = list(text)

    def blank(start, end):
        for k in range(start, min(end, n)):
            if code[k] != "\n":
                code[k] = " "

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
                end = text.find("\n", i) if text.find("\n", i) >= 0 else n
                blank(i, end)
                i = end
                continue
            if text.startswith("/*", i):
                end = text.find("*/", i + 2)
                end = n if end < 0 else end + 2
                line += text.count("\n", i, end)
                blank(i, end)
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
        blank(i, i + 1)
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
    return held, "".join(code)


def long_functions(lines):
    """(line, name, length) of each function whose body runs over FUNCTION_LIMIT lines; `lines`
    are code with comments and literals blanked."""
    found = []
    for start, text in enumerate(lines):
        match = DECLARATION.search(text)
        if not match:
            continue
        body = body_start(lines, start)
        if body is None:
            continue
        end = closing_line(lines, body)
        if end - start + 1 > FUNCTION_LIMIT:
            name = re.search(r"(func|var|subscript)\s+(\w+)", text)
            found.append((start + 1, name.group(2) if name else match.group(0).strip(), end - start + 1))
    return found


def body_start(lines, start):
    """The (line, column) of the brace that opens the body of the declaration on `start`'s line,
    which may wrap its signature; None when it has none (a protocol's requirement)."""
    depth = 0  # parentheses: a default argument's closure is not the body
    for number in range(start, min(start + 40, len(lines))):
        if number > start and depth == 0 and NEXT_DECLARATION.match(lines[number]):
            return None
        for column, character in enumerate(lines[number]):
            depth += {"(": 1, ")": -1}.get(character, 0)
            if character == "{" and depth == 0:
                return number, column
    return None


def closing_line(lines, body):
    depth, (number, column) = 0, body
    while number < len(lines):
        for character in lines[number][column:]:
            depth += {"{": 1, "}": -1}.get(character, 0)
            if depth == 0:
                return number
        number, column = number + 1, 0
    return number


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
    if lint.returncode != 0 and not (lint.stdout + lint.stderr).strip():
        problems.append(f"swift format lint exited {lint.returncode} and said nothing")
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
    for path in files:
        if path.startswith("Sources/"):
            text = open(os.path.join(root, path), encoding="utf-8").read()
            for number, name, length in long_functions(scan(text)[1].split("\n")):
                problems.append(f"{path}:{number}: {name} is {length} lines, over {FUNCTION_LIMIT}")
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"check-format: {len(files)} files as swift format lays them out, no line over {LIMIT} but string literals, "
          f"no function of Sources over {FUNCTION_LIMIT} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
