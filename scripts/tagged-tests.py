#!/usr/bin/env python3
"""Prints a `--skip` regular expression for every test that carries one of the tags given
(Tests/TestSupport/Tags.swift), read from the test files' `@Test(.tags(...))` and
`@Suite(.tags(...))` attributes: `swift test` takes no tag on its command line, so the tags in
the source are turned into the test ids it does take.

Usage: python3 scripts/tagged-tests.py TAG...   (e.g. postgres smtp chromium libreOffice pythonReader httpServer)
"""
import os
import re
import sys

ATTRIBUTE = re.compile(r"^\s*@(Test|Suite)\b(.*)$")
TYPE = re.compile(r"^(?:final\s+class|struct|class|extension)\s+(\w+)")
FUNC = re.compile(r"\bfunc\s+(\w+)")


def tagged(attribute, wanted):
    match = re.search(r"\.tags\(([^)]*)\)", attribute)
    return match is not None and any(tag.strip().lstrip(".") in wanted for tag in match.group(1).split(","))


def skips(root, wanted):
    found = []
    for directory, _, files in sorted(os.walk(os.path.join(root, "Tests"))):
        for name in sorted(files):
            if name.endswith(".swift"):
                with open(os.path.join(directory, name), encoding="utf-8") as handle:
                    found += skips_in(handle.read().split("\n"), wanted)
    return found


def skips_in(lines, wanted):
    found, suite, pending, attribute = [], None, None, None
    for line in lines:
        if attribute is not None:  # an attribute written over several lines, until its parentheses close
            attribute = (attribute[0], attribute[1] + line)
        else:
            match = ATTRIBUTE.match(line)
            attribute = (match.group(1), match.group(2)) if match else None
        closed = attribute is not None and attribute[1].count("(") <= attribute[1].count(")")
        if attribute is not None and (closed or FUNC.search(line) or TYPE.match(line)):
            if tagged(attribute[1], wanted):
                pending = attribute[0]
            attribute = None
        type_match = TYPE.match(line)
        if type_match:
            suite = type_match.group(1)
            if pending == "Suite":
                found.append(rf"[.]{suite}(/|$)")
            pending = None if pending == "Suite" else pending
        func = FUNC.search(line)
        if func and pending == "Test":
            found.append(rf"[.]{suite}/{func.group(1)}[(]")
            pending = None
    return found


if __name__ == "__main__":
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    print("|".join(skips(root, set(sys.argv[1:]))))
