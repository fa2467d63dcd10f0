#!/usr/bin/env python3
"""Checks the module edges docs/internals.md "Layers" describes:

1. every module a target's Swift files import is one Package.swift declares for that target
   (a module that builds only because another target brought it in is an error);
2. no target depends on one of a layer above it (the LAYERS order below).

Usage: python3 scripts/check-layers.py   (from the repository; runs `swift package dump-package`)
Prints one line per problem and exits 1, or prints the edges it checked and exits 0.
"""
import json
import os
import re
import subprocess
import sys

# Lowest first; a target may depend only on targets of a lower layer (or on its own layer's
# system-library shims, listed with it). Test targets and the fuzz target are not layered.
LAYERS = [
    ["CXlsxWriter", "CPangoCairo", "CZlib", "CLibDeflate", "CLibPQ", "CLibCurl", "SeededRandom", "BuiltInTemplates"],
    ["Core", "PostgresClient", "CurlClient"],
    ["Aggregation", "Exporters"],
    ["AppStore", "ReportGen"],
    ["Delivery", "DemoData"],
    ["Batch"],
    ["report-batch"],
]
TARGET_OF_MODULE = {"report_batch": "report-batch"}
# Modules that are not targets of this package: the toolchain's and the packages' products.
EXTERNAL = {"Foundation", "FoundationEssentials", "Glibc", "Dispatch", "Synchronization", "Testing", "XCTest",
            "ArgumentParser", "GRDB", "GRDBSQLite", "Yams", "Mustache", "Crypto"}


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                        capture_output=True, text=True).stdout)
    layer_of = {name: i for i, layer in enumerate(LAYERS) for name in layer}
    problems, edges = [], 0
    for target in package["targets"]:
        name = target["name"]
        declared = set()
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            declared.add(value[0])
        path = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", name)
        # An executable target's module name has `_` where its target name has `-`.
        for module in sorted({TARGET_OF_MODULE.get(m, m) for m in imports(os.path.join(root, path))} - {name}):
            if module in EXTERNAL and module not in ("GRDB", "GRDBSQLite", "Yams", "Mustache", "Crypto", "ArgumentParser"):
                continue
            edges += 1
            if module not in declared:
                problems.append(f"{name} imports {module}, which Package.swift does not declare for it")
        if target["type"] not in ("regular", "executable", "system") or path.startswith("Tests"):
            continue
        if name not in layer_of:
            problems.append(f"{name} is in no layer of scripts/check-layers.py")
            continue
        for dependency in declared:
            if dependency in layer_of and layer_of[dependency] >= layer_of[name] and dependency != name:
                problems.append(f"{name} (layer {layer_of[name]}) depends on {dependency} (layer {layer_of[dependency]}), not a lower layer")
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"check-layers: {edges} imports of {len(package['targets'])} targets declared, every dependency a lower layer")
    return 0


def imports(folder):
    found = set()
    for directory, _, files in os.walk(folder):
        for file in files:
            if file.endswith(".swift"):
                with open(os.path.join(directory, file), encoding="utf-8") as handle:
                    for match in re.finditer(r"^(?:@testable\s+|@_\w+\s+)?import\s+(?:struct\s+|enum\s+|class\s+|func\s+)?(\w+)",
                                             handle.read(), re.M):
                        found.add(match.group(1))
    return found


if __name__ == "__main__":
    sys.exit(main())
