#!/usr/bin/env python3
"""Compares report-batch's metric registry (Sources/Aggregation/Metrics/metric-registry.tsv)
with the app's own, `utils/metrics/canonical.ts` of candrikanich/recruiting-compass-web, row
by row: every key's label, unit, format and direction, and each sport's order.

    scripts/check-registry.py PATH/TO/canonical.ts           # prints each difference; exit 1 if any
    scripts/check-registry.py PATH/TO/canonical.ts --write   # rewrites the data file from the app's

docs/metrics.md says when and how to run it.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "Sources", "Aggregation", "Metrics", "metric-registry.tsv")

HEADER = """\
# The app's metric registry, as facts: one `metric` row per key (key, label, unit, format,
# lower_is_better), then one `sport` row per sport (its name, then its keys in the app's order).
# Formats: `decimal N` (N places), `decimal N no-leading-zero` (".312"), `integer`,
# `percent N`, `duration` (seconds shown M:SS.hh). An empty unit means none.
# Source: utils/metrics/canonical.ts of candrikanich/recruiting-compass-web; docs/metrics.md
# says how to compare this file with it (scripts/check-registry.py) and how to update it.
"""


def split_args(text):
    """The top-level comma-separated arguments of a call's argument text."""
    args, depth, current, quote = [], 0, "", None
    for ch in text:
        if quote:
            current += ch
            if ch == quote:
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            args.append(current.strip())
            current = ""
            continue
        current += ch
    if current.strip():
        args.append(current.strip())
    return args


def string_literal(text):
    match = re.fullmatch(r'"((?:[^"\\]|\\.)*)"', text.strip())
    if not match:
        raise ValueError(f"not a string literal: {text}")
    return match.group(1).encode().decode("unicode_escape")


def format_of(text):
    text = text.strip()
    if text == "int":
        return "integer"
    if text == "dur":
        return "duration"
    match = re.fullmatch(r"pct\((\d+)\)", text)
    if match:
        return f"percent {match.group(1)}"
    match = re.fullmatch(r"dec\((\d+)(?:,\s*(true|false))?\)", text)
    if match:
        drop = match.group(2) == "true"
        return f"decimal {match.group(1)}" + (" no-leading-zero" if drop else "")
    raise ValueError(f"unknown format: {text}")


def calls(source, name):
    """The argument texts of every `name(...)` call in source."""
    for match in re.finditer(r"\b" + name + r"\(", source):
        depth, start = 1, match.end()
        index = start
        while depth:
            depth += {"(": 1, ")": -1}.get(source[index], 0)
            index += 1
        yield source[start:index - 1]


def app_registry(path):
    source = open(path, encoding="utf-8").read()
    source = re.sub(r"//[^\n]*", "", source)
    metrics = []
    for args_text in calls(source, "def"):
        args = split_args(args_text)
        if len(args) < 4 or not args[0].startswith('"') and args[0] != "OTHER_KEY":
            continue  # the helper's own declaration
        key = "other" if args[0] == "OTHER_KEY" else string_literal(args[0])
        lower = len(args) > 4 and args[4] == "true"
        metrics.append((key, string_literal(args[1]), string_literal(args[2]), format_of(args[3]),
                        "yes" if lower else "no"))
    lists = {m.group(1): re.findall(r'"([^"]+)"', m.group(2))
             for m in re.finditer(r"const (\w+) = \[(.*?)\] as const", source, re.S)}
    table = re.search(r"SPORT_METRICS[^=]*=\s*\{(.*?)\n\};", source, re.S)
    if not metrics or not table:
        raise SystemExit(f"check-registry: {path}: no def(...) rows or no SPORT_METRICS table found; "
                         "the app writes its registry another way, and this script needs to learn it")
    body = table.group(1)
    sports = []
    for match in re.finditer(r'^\s*(?:"([^"]+)"|(\w+)):\s*(\[.*?\]|\w+),', body, re.S | re.M):
        name = match.group(1) or match.group(2)
        value = match.group(3)
        keys = lists[value] if not value.startswith("[") else re.findall(r'"([^"]+)"', value)
        sports.append((name, keys))
    return metrics, sports


def our_registry(path):
    metrics, sports = [], []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        if fields[0] == "metric":
            metrics.append(tuple(fields[1:]))
        elif fields[0] == "sport":
            sports.append((fields[1], fields[2].split(" ")))
    return metrics, sports


def render(metrics, sports):
    lines = [HEADER.rstrip("\n")]
    lines += ["\t".join(("metric",) + row) for row in metrics]
    lines += ["\t".join(("sport", name, " ".join(keys))) for name, keys in sports]
    return "\n".join(lines) + "\n"


def differences(ours, theirs):
    (our_metrics, our_sports), (app_metrics, app_sports) = ours, theirs
    found = []
    ours_by_key = {row[0]: row for row in our_metrics}
    apps_by_key = {row[0]: row for row in app_metrics}
    for key, row in apps_by_key.items():
        if key not in ours_by_key:
            found.append(f"metric {key}: in the app, not in the data file")
        elif ours_by_key[key] != row:
            found.append(f"metric {key}: the data file has {ours_by_key[key][1:]}, the app {row[1:]}")
    found += [f"metric {key}: in the data file, not in the app" for key in ours_by_key if key not in apps_by_key]
    if [r[0] for r in our_metrics] != [r[0] for r in app_metrics] and not found:
        found.append("metric rows: the same keys in another order")
    our_sport_map, app_sport_map = dict(our_sports), dict(app_sports)
    for name, keys in app_sports:
        if name not in our_sport_map:
            found.append(f"sport {name}: in the app, not in the data file")
        elif our_sport_map[name] != keys:
            found.append(f"sport {name}: the data file has {our_sport_map[name]}, the app {keys}")
    found += [f"sport {name}: in the data file, not in the app" for name in our_sport_map if name not in app_sport_map]
    return found


def main():
    if len(sys.argv) not in (2, 3) or (len(sys.argv) == 3 and sys.argv[2] != "--write"):
        print(__doc__.strip(), file=sys.stderr)
        return 64
    theirs = app_registry(sys.argv[1])
    if len(sys.argv) == 3:
        with open(DATA, "w", encoding="utf-8") as out:
            out.write(render(*theirs))
        print(f"check-registry: wrote {len(theirs[0])} keys and {len(theirs[1])} sports to {os.path.relpath(DATA)}")
        return 0
    ours = our_registry(DATA)
    found = differences(ours, theirs)
    for line in found:
        print(line)
    print(f"check-registry: {len(theirs[0])} keys and {len(theirs[1])} sports in the app's file, "
          f"{len(ours[0])} keys and {len(ours[1])} sports in the data file, {len(found)} differences")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
