#!/usr/bin/env python3
"""The peers of report-batch's benchmarks: the same work done the way a user would do it
without report-batch, in Python. Each prints the number of rows it wrote, so that the
harness can check that both sides did the same work.

  peers.py interactions-csv  DB OUT       every family's interactions list as csv (csv module)
  peers.py interactions-xlsx DB OUT       the same as xlsx (XlsxWriter), one workbook per family
  peers.py interactions-big  DB FAMILY OUT  one family's interactions in one xlsx (constant_memory)
  peers.py schools-pdf       DB FAMILY OUT  one family's schools as a pdf table (ReportLab)
"""
import csv, json, os, re, sqlite3, sys
from datetime import date, datetime, timezone
from zoneinfo import ZoneInfo

TYPES = {"email": "Email", "phone_call": "Phone Call", "text": "Text", "in_person_visit": "In-Person Visit",
         "virtual_meeting": "Virtual Meeting", "camp": "Camp", "showcase": "Showcase", "tweet": "Tweet", "dm": "Direct Message",
         "game": "Game", "unofficial_visit": "Unofficial Visit", "official_visit": "Official Visit", "other": "Other"}
SENTIMENTS = {"very_positive": "Very Positive", "positive": "Positive", "neutral": "Neutral", "negative": "Negative"}
HEADER = ["Date", "Type", "Direction", "Sentiment", "Subject", "School", "Coach", "Logged By", "Content", "Attachments"]
OFFSET = re.compile(r"([+-]\d\d)(:?)(\d\d)?$")


def instant(text, zone):
    """An aware datetime of any timestamp form of data-model.md."""
    if len(text) == 10:
        return datetime.combine(date.fromisoformat(text), datetime.min.time(), zone)
    text = text.replace(" ", "T").replace("Z", "+00:00")
    m = OFFSET.search(text)
    text = text[:m.start()] + m.group(1) + ":" + (m.group(3) or "00")
    head, _, tail = text.partition(".")
    if tail:  # Python reads at most 6 fraction digits
        digits = re.match(r"\d+", tail).group(0)
        text = head + "." + digits[:6].ljust(6, "0") + tail[len(digits):]
    return datetime.fromisoformat(text)


def family_rows(db, family):
    """The family's interactions as the list shows them, newest first."""
    player = db.execute("SELECT u.timezone FROM family_members m JOIN users u ON u.id = m.user_id "
                        "WHERE m.family_unit_id = ? AND m.role IN ('player', 'athlete') ORDER BY m.user_id LIMIT 1", (family,)).fetchone()
    zone = ZoneInfo(player[0]) if player and player[0] else timezone.utc
    schools = dict(db.execute("SELECT id, name FROM schools WHERE family_unit_id = ?", (family,)))
    coaches = {i: f"{f} {l}" for i, f, l in db.execute("SELECT id, first_name, last_name FROM coaches WHERE family_unit_id = ?", (family,))}
    users = {i: (n if n and n.strip() else e) for i, n, e in db.execute("SELECT id, full_name, email FROM users")}
    rows = []
    for (iid, school, coach, kind, direction, subject, content, sentiment, occurred, logged, attachments, created) in db.execute(
            "SELECT id, school_id, coach_id, type, direction, subject, content, sentiment, occurred_at, logged_by, attachments, created_at "
            "FROM interactions WHERE family_unit_id = ?", (family,)):
        when = instant(occurred or created, zone)
        local = when.astimezone(zone)
        rows.append(((-when.timestamp(), iid), [
            local.strftime("%Y-%m-%d %H:%M"), TYPES[kind], direction.capitalize(), SENTIMENTS.get(sentiment, ""),
            subject if subject is not None else TYPES[kind],
            (schools.get(school, "Unknown School") if school else ""), (coaches.get(coach, "Unknown Coach") if coach else ""),
            (users.get(logged, logged) if logged else ""), content or "", len(json.loads(attachments)) if attachments else 0]))
    rows.sort(key=lambda r: r[0])
    return [r[1] for r in rows]


def families(db):
    return [r[0] for r in db.execute("SELECT id FROM family_units ORDER BY id")]


def guard(value):
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def interactions_csv(path, out):
    db = sqlite3.connect(path)
    os.makedirs(out, exist_ok=True)
    total = 0
    for family in families(db):
        rows = family_rows(db, family)
        with open(os.path.join(out, f"interactions_{family}.csv"), "w", newline="", encoding="utf-8-sig") as f:
            writer = csv.writer(f, lineterminator="\r\n")
            writer.writerow(HEADER)
            writer.writerows([guard(v) for v in row] for row in rows)
        total += len(rows)
    print(total)


def workbook_rows(sheet, rows, formats):
    # As report-batch's list workbooks: a title row, then the header, both frozen.
    sheet.write_string(0, 0, "Interactions", formats["header"])
    sheet.write_row(1, 0, HEADER, formats["header"])
    sheet.freeze_panes(2, 0)
    for n, row in enumerate(rows, start=2):
        sheet.write_datetime(n, 0, datetime.strptime(row[0], "%Y-%m-%d %H:%M"), formats["date"])
        for c, value in enumerate(row[1:], start=1):
            if isinstance(value, int):
                sheet.write_number(n, c, value)
            elif value != "":
                sheet.write_string(n, c, value)
    sheet.autofilter(1, 0, max(len(rows), 1) + 1, len(HEADER) - 1)


def new_workbook(path, constant_memory):
    import xlsxwriter
    workbook = xlsxwriter.Workbook(path, {"constant_memory": constant_memory, "strings_to_formulas": False})
    return workbook, {"header": workbook.add_format({"bold": True}), "date": workbook.add_format({"num_format": "yyyy-mm-dd hh:mm"})}


def interactions_xlsx(path, out):
    db = sqlite3.connect(path)
    os.makedirs(out, exist_ok=True)
    total = 0
    for family in families(db):
        rows = family_rows(db, family)
        workbook, formats = new_workbook(os.path.join(out, f"interactions_{family}.xlsx"), True)
        workbook_rows(workbook.add_worksheet("Interactions"), rows, formats)
        workbook.close()
        total += len(rows)
    print(total)


def interactions_big(path, family, out):
    db = sqlite3.connect(path)
    rows = family_rows(db, family)
    workbook, formats = new_workbook(out, True)
    workbook_rows(workbook.add_worksheet("Interactions"), rows, formats)
    workbook.close()
    print(len(rows))


def schools_pdf(path, family, out):
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import landscape, letter
    from reportlab.platypus import SimpleDocTemplate, Table, TableStyle
    db = sqlite3.connect(path)
    counts = dict(db.execute("SELECT school_id, count(*) FROM interactions WHERE family_unit_id = ? GROUP BY school_id", (family,)))
    coaches = dict(db.execute("SELECT school_id, count(*) FROM coaches WHERE family_unit_id = ? GROUP BY school_id", (family,)))
    rows = [["School", "Location", "Division", "Status", "Fit", "Coaches", "Interactions"]]
    for sid, name, location, division, status, fit in db.execute(
            "SELECT id, name, location, division, status, fit_score FROM schools WHERE family_unit_id = ? ORDER BY name, id", (family,)):
        rows.append([name, location or "Location unknown", division or "--", status.replace("_", " ").title(),
                     "" if fit is None else str(round(fit)), str(coaches.get(sid, 0)), str(counts.get(sid, 0))])
    table = Table(rows, repeatRows=1)
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"), ("FONTSIZE", (0, 0), (-1, -1), 8),
                               ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.whitesmoke])]))
    SimpleDocTemplate(out, pagesize=landscape(letter)).build([table])
    print(len(rows) - 1)


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    {"interactions-csv": interactions_csv, "interactions-xlsx": interactions_xlsx,
     "interactions-big": interactions_big, "schools-pdf": schools_pdf}[command](*args)
