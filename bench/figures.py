#!/usr/bin/env python3
"""The report-figures peers of the benchmark: every family's report figures (report.md §2)
computed the way a user would without report-batch, and a check that they equal ours.

  figures.py sql     DB NOW DAYS OUT.sql   writes the sqlite3 peer's script: each family's day
                                           windows (from its player's zone, computed here, once,
                                           outside the timing) and the GROUP BY queries
  figures.py pandas  DB NOW DAYS           the pandas peer; prints the figures
  figures.py ours    FOLDER                report-batch's json reports as the same long rows
  figures.py compare A.csv B.csv           prints the number of families whose figures agree;
                                           exits 1 on the first family that differs

Every peer prints long rows `family,measure,category,value`; a figure that is absent reads as 0
(counts) or null (rates, averages), so each side may leave out what it has none of.
The range is the last DAYS days ending on NOW's date in each family's zone (the preset
last-DAYS-days), and the previous period is the DAYS days before it. A school's status is read
as the app reconciles it (app-today.md §1: `interested` is `contacted` when the school has an
interaction of its family, else `researching`; the visit stages are `visiting`; `declined` is
`not_pursuing`; null is `researching`), and a favorite is `is_favorite` = 1 or a stored
`interested` (app-today.md §2).
"""
import csv, glob, json, math, sqlite3, sys
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo


# The older statuses the app's migration 20260828000004 maps onto its pipeline (app-today.md §1);
# `interested` depends on the school's interactions, so each peer maps it apart.
VISIT_STAGES = ("camp_invite", "recruited", "official_visit_invited", "official_visit_scheduled")
SCHOOLS_READ = f"""
  SELECT family_unit_id AS f, division, coalesce(is_favorite = 1, 0) OR status IS 'interested' AS favorite,
         CASE WHEN status IS NULL THEN 'researching'
              WHEN status = 'interested' THEN CASE WHEN EXISTS (
                SELECT 1 FROM interactions i WHERE i.family_unit_id = s.family_unit_id AND i.school_id = s.id)
                THEN 'contacted' ELSE 'researching' END
              WHEN status IN {VISIT_STAGES!r} THEN 'visiting'
              WHEN status = 'declined' THEN 'not_pursuing'
              ELSE status END AS status
  FROM schools s WHERE family_unit_id IS NOT NULL"""

PLAYER_ZONE = ("SELECT f.id, (SELECT u.timezone FROM family_members m JOIN users u ON u.id = m.user_id "
               "WHERE m.family_unit_id = f.id AND m.role IN ('player', 'athlete') ORDER BY m.user_id LIMIT 1) FROM family_units f")


def windows(db_path, now, days):
    """Each family's range and previous period: (from, to, start, end) as dates and epoch seconds."""
    now = datetime.fromisoformat(now.replace("Z", "+00:00"))
    result = {}
    for family, zone_name in sqlite3.connect(db_path).execute(PLAYER_ZONE):
        zone = ZoneInfo(zone_name) if zone_name else timezone.utc
        today = now.astimezone(zone).date()
        start = today - timedelta(days=days - 1)
        previous = start - timedelta(days=days)

        def bounds(first, last):
            begin = datetime.combine(first, datetime.min.time(), zone).timestamp()
            end = datetime.combine(last + timedelta(days=1), datetime.min.time(), zone).timestamp()
            return (first.isoformat(), last.isoformat(), begin, end)
        result[family] = bounds(start, today) + bounds(previous, start - timedelta(days=1))
    return result


# A timestamp column as epoch seconds, in SQL: SQLite reads `±HH:MM` and `Z` but not `±HH`
# or `±HHMM`, so those get a colon; a bare date (10 characters) is left to the date test.
def epoch_sql(column):
    return (f"CASE WHEN length({column}) = 10 THEN NULL ELSE (julianday(CASE "
            f"WHEN {column} GLOB '*[+-][0-9][0-9]' THEN {column} || ':00' "
            f"WHEN {column} GLOB '*[+-][0-9][0-9][0-9][0-9]' THEN substr({column}, 1, length({column}) - 2) || ':' || substr({column}, -2) "
            f"ELSE {column} END) - 2440587.5) * 86400.0 END")


def in_window(prefix):
    return (f"((t >= w.{prefix}s AND t < w.{prefix}e) OR (day BETWEEN w.{prefix}fd AND w.{prefix}td))")


def sql_script(db_path, now, days, out):
    rows = ",\n".join(f"('{f}', '{a}', '{b}', {s!r}, {e!r}, '{pa}', '{pb}', {ps!r}, {pe!r})"
                      for f, (a, b, s, e, pa, pb, ps, pe) in windows(db_path, now, days).items())
    script = f"""
CREATE TEMP TABLE w (f TEXT PRIMARY KEY, fd TEXT, td TEXT, s REAL, e REAL, pfd TEXT, ptd TEXT, ps REAL, pe REAL);
INSERT INTO w VALUES
{rows};
CREATE TEMP TABLE sch AS {SCHOOLS_READ};
CREATE TEMP TABLE ix AS
  SELECT family_unit_id AS f, coach_id AS c, type, coalesce(sentiment, 'neutral') AS sentiment, direction,
         {epoch_sql('d')} AS t, CASE WHEN length(d) = 10 THEN d END AS day
  FROM (SELECT *, coalesce(occurred_at, created_at) AS d FROM interactions WHERE family_unit_id IS NOT NULL);
CREATE TEMP TABLE cur AS SELECT ix.* FROM ix JOIN w ON w.f = ix.f WHERE {in_window('')};
CREATE TEMP TABLE prev AS SELECT ix.* FROM ix JOIN w ON w.f = ix.f WHERE {in_window('p')};
CREATE TEMP TABLE mcur AS
  SELECT m.* FROM (SELECT family_unit_id AS f, metric_type, value, unit,
                          {epoch_sql('coalesce(recorded_date, created_at)')} AS t,
                          CASE WHEN length(coalesce(recorded_date, created_at)) = 10 THEN coalesce(recorded_date, created_at) END AS day
                   FROM performance_metrics WHERE family_unit_id IS NOT NULL) m
  JOIN w ON w.f = m.f WHERE {in_window('')};
.mode csv
SELECT f, 'schools.total', '', count(*) FROM sch GROUP BY 1
UNION ALL SELECT f, 'schools.favorites', '', sum(favorite) FROM sch GROUP BY 1
UNION ALL SELECT f, 'schools.byStatus', status, count(*) FROM sch GROUP BY 1, 3
UNION ALL SELECT f, 'schools.byDivision', coalesce(division, 'Unknown'), count(*) FROM sch GROUP BY 1, 3
UNION ALL SELECT family_unit_id, 'coaches.total', '', count(*) FROM coaches WHERE family_unit_id IS NOT NULL GROUP BY 1
UNION ALL SELECT family_unit_id, 'coaches.schoolsWithCoaches', '', count(DISTINCT school_id) FROM coaches WHERE family_unit_id IS NOT NULL GROUP BY 1
UNION ALL SELECT family_unit_id, 'coaches.avgResponsiveness', '', avg(responsiveness_score) FROM coaches WHERE family_unit_id IS NOT NULL GROUP BY 1
UNION ALL SELECT f, 'interactions.total', '', count(*) FROM cur GROUP BY 1
UNION ALL SELECT f, 'interactions.byType', type, count(*) FROM cur GROUP BY 1, 3
UNION ALL SELECT f, 'interactions.bySentiment', sentiment, count(*) FROM cur GROUP BY 1, 3
UNION ALL SELECT f, 'interactions.byDirection', direction, count(*) FROM cur GROUP BY 1, 3
UNION ALL SELECT f, 'previous.total', '', count(*) FROM prev GROUP BY 1
UNION ALL SELECT f, 'previous.byDirection', direction, count(*) FROM prev GROUP BY 1, 3
UNION ALL SELECT f, kind || '.contacted', '', count(*) FROM (
  SELECT 'coaches' AS kind, cur.f, c, max(direction = 'inbound') AS answered FROM cur JOIN coaches ON coaches.id = c AND coaches.family_unit_id = cur.f
    GROUP BY 1, 2, 3 HAVING max(direction = 'outbound')
  UNION ALL
  SELECT 'previous', prev.f, c, max(direction = 'inbound') FROM prev JOIN coaches ON coaches.id = c AND coaches.family_unit_id = prev.f
    GROUP BY 1, 2, 3 HAVING max(direction = 'outbound')) GROUP BY f, kind
UNION ALL SELECT f, kind || '.responding', '', sum(answered) FROM (
  SELECT 'coaches' AS kind, cur.f, c, max(direction = 'inbound') AS answered FROM cur JOIN coaches ON coaches.id = c AND coaches.family_unit_id = cur.f
    GROUP BY 1, 2, 3 HAVING max(direction = 'outbound')
  UNION ALL
  SELECT 'previous', prev.f, c, max(direction = 'inbound') FROM prev JOIN coaches ON coaches.id = c AND coaches.family_unit_id = prev.f
    GROUP BY 1, 2, 3 HAVING max(direction = 'outbound')) GROUP BY f, kind
UNION ALL SELECT f, 'metrics.total', '', count(*) FROM mcur GROUP BY 1
UNION ALL SELECT f, 'metrics.byType', metric_type, count(*) FROM mcur GROUP BY 1, 3
UNION ALL SELECT f, 'metrics.count', metric_type, count(value) FROM mcur GROUP BY 1, 3
UNION ALL SELECT f, 'metrics.avg', metric_type, avg(value) FROM mcur GROUP BY 1, 3
UNION ALL SELECT f, 'metrics.min', metric_type, min(value) FROM mcur GROUP BY 1, 3
UNION ALL SELECT f, 'metrics.max', metric_type, max(value) FROM mcur GROUP BY 1, 3
UNION ALL SELECT f, 'metrics.unit', metric_type, unit FROM (
  SELECT f, metric_type, unit, row_number() OVER (PARTITION BY f, metric_type ORDER BY count(*) DESC, unit) AS n
  FROM mcur WHERE unit IS NOT NULL GROUP BY 1, 2, 3) WHERE n = 1;
"""
    with open(out, "w") as f:
        f.write(script)


def pandas_figures(db_path, now, days):
    import pandas as pd
    db = sqlite3.connect(db_path)
    w = pd.DataFrame([(f, *v) for f, v in windows(db_path, now, days).items()],
                     columns=["f", "fd", "td", "s", "e", "pfd", "ptd", "ps", "pe"]).set_index("f")
    out = []

    def emit(frame, measure, category=None):
        frame = frame.reset_index()
        for row in frame.itertuples(index=False):
            out.append((row[0], measure, row[1] if category else "", row[-1]))

    def epoch(stamps):
        """Epoch seconds of every timestamp form; NaN for a bare date (handled by `day`)."""
        stamps = stamps.where(stamps.str.len() != 10)
        return (pd.to_datetime(stamps, format="ISO8601", utc=True) - pd.Timestamp(0, tz="UTC")).dt.total_seconds()

    def dated(frame, column):
        frame = frame.join(w, on="f")
        stamps = frame[column]
        t = epoch(stamps)
        day = stamps.where(stamps.str.len() == 10)
        current = ((t >= frame.s) & (t < frame.e)) | ((day >= frame.fd) & (day <= frame.td))
        previous = ((t >= frame.ps) & (t < frame.pe)) | ((day >= frame.pfd) & (day <= frame.ptd))
        return frame[current], frame[previous]

    schools = pd.read_sql("SELECT id, family_unit_id AS f, status, division, is_favorite FROM schools WHERE family_unit_id IS NOT NULL", db)
    contacted = pd.read_sql("SELECT DISTINCT family_unit_id AS f, school_id AS id FROM interactions "
                            "WHERE family_unit_id IS NOT NULL AND school_id IS NOT NULL", db)
    stored = schools.status
    schools = schools.assign(favorite=(schools.is_favorite == 1) | (stored == "interested"))
    touched = schools.merge(contacted.assign(any=True), on=["f", "id"], how="left")["any"].fillna(False).to_numpy(dtype=bool)
    status = stored.fillna("researching").replace({s: "visiting" for s in VISIT_STAGES}).replace({"declined": "not_pursuing"})
    status = status.mask(stored == "interested", pd.Series(touched, index=schools.index).map({True: "contacted", False: "researching"}))
    schools = schools.assign(status=status)
    emit(schools.groupby("f").size(), "schools.total")
    emit(schools.favorite.groupby(schools.f).sum(), "schools.favorites")
    emit(schools.groupby(["f", "status"]).size(), "schools.byStatus", True)
    emit(schools.assign(division=schools.division.fillna("Unknown")).groupby(["f", "division"]).size(), "schools.byDivision", True)

    coaches = pd.read_sql("SELECT id AS c, family_unit_id AS f, school_id, responsiveness_score FROM coaches WHERE family_unit_id IS NOT NULL", db)
    emit(coaches.groupby("f").size(), "coaches.total")
    emit(coaches.groupby("f").school_id.nunique(), "coaches.schoolsWithCoaches")
    emit(coaches.groupby("f").responsiveness_score.mean(), "coaches.avgResponsiveness")

    ix = pd.read_sql("SELECT family_unit_id AS f, coach_id AS c, type, coalesce(sentiment, 'neutral') AS sentiment, direction, "
                     "coalesce(occurred_at, created_at) AS d FROM interactions WHERE family_unit_id IS NOT NULL", db)
    current, previous = dated(ix, "d")
    emit(current.groupby("f").size(), "interactions.total")
    for column in ["type", "sentiment", "direction"]:
        emit(current.groupby(["f", column]).size(), "interactions.by" + column.capitalize(), True)
    emit(previous.groupby("f").size(), "previous.total")
    emit(previous.groupby(["f", "direction"]).size(), "previous.byDirection", True)
    for kind, frame in [("coaches", current), ("previous", previous)]:
        frame = frame.merge(coaches[["c", "f"]], on=["c", "f"])
        per_coach = frame.assign(out=frame.direction == "outbound", inb=frame.direction == "inbound").groupby(["f", "c"])[["out", "inb"]].any()
        contacted = per_coach[per_coach.out]
        emit(contacted.groupby("f").size(), kind + ".contacted")
        emit(contacted.groupby("f").inb.sum(), kind + ".responding")

    metrics = pd.read_sql("SELECT family_unit_id AS f, metric_type, value, unit, coalesce(recorded_date, created_at) AS d "
                          "FROM performance_metrics WHERE family_unit_id IS NOT NULL", db)
    mcur, _ = dated(metrics, "d")
    emit(mcur.groupby("f").size(), "metrics.total")
    grouped = mcur.groupby(["f", "metric_type"])
    emit(grouped.size(), "metrics.byType", True)
    emit(grouped.value.count(), "metrics.count", True)
    for name in ["mean", "min", "max"]:
        emit(grouped.value.agg(name), "metrics." + ("avg" if name == "mean" else name), True)
    units = mcur[mcur.unit.notna()].groupby(["f", "metric_type", "unit"]).size().reset_index(name="n")
    units = units.sort_values(["f", "metric_type", "n", "unit"], ascending=[True, True, False, True]).drop_duplicates(["f", "metric_type"])
    emit(units.set_index(["f", "metric_type"]).unit, "metrics.unit", True)

    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerows((f, m, c, "" if isinstance(v, float) and math.isnan(v) else v) for f, m, c, v in out)


def ours(folder):
    writer = csv.writer(sys.stdout, lineterminator="\n")
    for path in sorted(glob.glob(folder + "/**/*.json", recursive=True)):
        if path.endswith("manifest.json"):
            continue
        r = json.load(open(path))
        f = r["family"]["id"]
        rows = [("schools.total", "", r["schools"]["total"]), ("schools.favorites", "", r["schools"]["favorites"]),
                ("coaches.total", "", r["coaches"]["total"]), ("coaches.schoolsWithCoaches", "", r["coaches"]["schoolsWithCoaches"]),
                ("coaches.avgResponsiveness", "", r["coaches"]["avgResponsiveness"]),
                ("coaches.contacted", "", r["coaches"]["contactedCoaches"]), ("coaches.responding", "", r["coaches"]["respondingCoaches"]),
                ("interactions.total", "", r["interactions"]["total"]), ("metrics.total", "", r["metrics"]["total"]),
                ("previous.total", "", r["previousPeriod"]["interactions"]["total"])]
        rows += [("schools.byStatus", k, v) for k, v in r["schools"]["byStatus"].items()]
        rows += [("schools.byDivision", k, v) for k, v in r["schools"]["byDivision"].items()]
        for key in ["byType", "bySentiment", "byDirection"]:
            rows += [("interactions." + key, k, v) for k, v in r["interactions"][key].items()]
        rows += [("previous.byDirection", k, v) for k, v in r["previousPeriod"]["interactions"]["byDirection"].items()]
        rows += [("metrics.byType", k, v) for k, v in r["metrics"]["byType"].items()]
        for s in r["metrics"]["summaries"]:
            rows += [("metrics." + key, s["type"], s[key]) for key in ["count", "avg", "min", "max", "unit"]]
        # The previous period's coach counts are not in the json; its response rate is.
        rate = r["previousPeriod"]["coaches"]["responseRate"]
        rows.append(("previous.responseRate", "", rate))
        writer.writerows((f, m, c, "" if v is None else v) for m, c, v in rows)


def load(path):
    figures = {}
    for f, measure, category, value in csv.reader(open(path)):
        figures.setdefault(f, {})[(measure, category)] = value
    for values in figures.values():  # the previous response rate, from the two counts where a peer has them
        contacted = float(values.get(("previous.contacted", ""), 0) or 0)
        if contacted and ("previous.responseRate", "") not in values:
            values[("previous.responseRate", "")] = str(float(values.get(("previous.responding", ""), 0) or 0) * 100 / contacted)
        values.pop(("previous.contacted", ""), None)
        values.pop(("previous.responding", ""), None)
    return figures


def same(a, b):
    a, b = a or "", b or ""
    if a == b:
        return True
    try:
        x, y = float(a or 0), float(b or 0)
    except ValueError:
        return False
    return math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-9)


def compare(ours_path, peer_path):
    mine, theirs = load(ours_path), load(peer_path)
    for f, figures in mine.items():
        other = theirs.get(f, {})
        for key in set(figures) | set(other):
            if key[0] == "coaches.avgResponsiveness" or key[0].startswith("metrics.") and key[0] not in ("metrics.total", "metrics.byType", "metrics.count"):
                equal = same(figures.get(key), other.get(key))  # null stays null
            else:
                equal = same(figures.get(key) or "0", other.get(key) or "0")
            if not equal:
                print(f"family {f}: {key[0]} {key[1]}: report-batch {figures.get(key)!r}, peer {other.get(key)!r}", file=sys.stderr)
                sys.exit(1)
    print(len(mine))


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    if command == "sql":
        sql_script(args[0], args[1], int(args[2]), args[3])
    elif command == "pandas":
        pandas_figures(args[0], args[1], int(args[2]))
    elif command == "ours":
        ours(args[0])
    elif command == "compare":
        compare(args[0], args[1])
    else:
        sys.exit(f"unknown command {command}")
