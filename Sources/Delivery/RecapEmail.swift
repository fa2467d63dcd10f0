import Aggregation
import Core
import Exporters
import Foundation
import ReportGen

/// A family's recap: what every recipient's message says, worked out once per family (the
/// sections of docs/delivery.md "The message" that are the family's, the trend chart, the
/// attachments read once), and the message of each recipient, which adds their own reminders
/// and deadlines (docs/season.md §4), their address and their unsubscribe link.
package struct RecapEmail {
    package struct File: Sendable {
        package let name: String
        package let path: String
        package let format: String

        package init(name: String, path: String, format: String) {
            self.name = name
            self.path = path
            self.format = format
        }
    }

    let run: ReportRun
    let job: DeliveryJob
    let subject: String
    let context: [String: Any]
    let attachments: [MIMEMessage.Attachment]
    /// The trend chart (PNG), shown by the HTML part; nil when it could not be drawn.
    let chart: Data?
    let templates: EmailTemplates

    /// The most characters a subject has, the family's name included; a longer one is cut at a word with "…".
    package static let subjectLimit = 78
    /// The most characters of one line of the body (names are data and may be long).
    package static let lineLimit = 200
    /// The chart's size in CSS pixels; the PNG has twice as many pixels each way.
    package static let chartSize = (width: 280, height: 100)

    /// `email-<recipient slug>.eml`.
    package static func fileName(for email: String) -> String {
        let slug = Slug.make(email.comparisonKey, limit: 60)
        return "email-" + (slug.isEmpty ? "recipient" : slug) + ".eml"
    }

    /// - Throws: `OutputError` when a file to attach cannot be read.
    package init(
        _ run: ReportRun,
        job: DeliveryJob,
        subject: String,
        headline: String,
        files: [File],
        leftOut: [String],
        templates: EmailTemplates,
        reportPage: (url: String, fileName: String)? = nil
    ) throws {
        self.run = run
        self.job = job
        self.subject = subject
        self.templates = templates
        let read = try files.map { file in
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw OutputError(path: file.path, reason: "cannot read the file to attach it")
            }
            return (file, data)
        }
        attachments = read.map {
            MIMEMessage.Attachment(fileName: $0.0.name, contentType: RecapEmail.contentType($0.0.format), data: $0.1)
        }
        // A chart cairo could not draw leaves the picture out, never the family's message: the
        // trend is still in words in the text part.
        chart = try? RecapEmail.trendChart(run.trend)
        var context = RecapEmail.familyContext(run, headline: headline, appURL: job.appURL)
        context["has_attachments"] = !read.isEmpty
        context["attachments"] = read.enumerated().map { index, file -> [String: Any] in
            [
                "description": RecapSections.describe(file.0, data: file.1), "name": file.0.name,
                "last": index == read.count - 1,
            ]
        }
        if let reportPage { ReportPage.link(&context, url: reportPage.url, fileName: reportPage.fileName) }
        if !leftOut.isEmpty { context["left_out"] = leftOut.joined(separator: ", ") }
        if let words = RecapSections.trendWords(run.trend) { context["trend_words"] = words }
        if chart != nil, let summary = RecapSections.trendSummary(run.trend) {
            context["chart"] = [
                "alt": "Chart: " + summary, "width": String(Self.chartSize.width),
                "height": String(Self.chartSize.height),
            ]
        }
        self.context = context
    }

    /// The sections every recipient shares: the headline, "What changed", "Coming up", "The
    /// week in numbers", each line cut to `lineLimit` characters.
    static func familyContext(_ run: ReportRun, headline: String, appURL: String?) -> [String: Any] {
        let changed = RecapSections.whatChanged(run.changes, metrics: run.figures.metrics)
        let coming = RecapSections.comingUp(
            run.ahead,
            deadlines: run.followUps.deadlines,
            today: run.today,
            athlete: RecapSections.athleteName(run.data)
        )
        let days = run.range.from.days(until: run.range.to) + 1
        var context: [String: Any] = [
            "family_name": WeekHeadline.fit(CellText.clean(run.data.family.displayName), limit: 100),
            "headline": WeekHeadline.fit(CellText.clean(headline), limit: lineLimit),
            "range": ReportText.rangeText(run.range),
            "has_changes": !changed.lines.isEmpty || RecapSections.movedText(run.changes) != nil,
            "changes": lines(changed.lines),
            "has_coming": !coming.lines.isEmpty,
            "coming": lines(coming.lines),
            "numbers_title": days == 7 ? "The week in numbers" : "The \(days) days in numbers",
            "numbers": RecapSections.numbers(run.figures).map(\.context),
        ]
        if let moved = RecapSections.movedText(run.changes) { context["moved"] = moved }
        if let more = changed.moreText { context["changes_more"] = more }
        if let more = coming.moreText { context["coming_more"] = more }
        if let appURL {
            context["app_url"] = appURL
            context["headline_url"] = appURL
        }
        return context
    }

    /// Lines as the templates take them, each cut to `lineLimit` characters.
    static func lines(_ lines: [RecapSections.Line]) -> [[String: Any]] {
        lines.map { line in
            var context = line.context
            context["text"] = WeekHeadline.fit(CellText.clean(line.text), limit: lineLimit)
            return context
        }
    }

    /// Interactions out and in over the twelve weeks (docs/season.md §5) as a PNG at 2×.
    static func trendChart(_ trend: SeasonTrend) throws -> Data? {
        guard !trend.weeks.isEmpty else { return nil }
        let labels = trend.weeks.map { ReportText.shortRange($0.start, $0.start) }
        return try PNGLineChart.render(
            series: [
                PNGLineChart.Series(
                    name: "Out",
                    values: trend.weeks.map { Double($0.outbound) },
                    color: (0.114, 0.306, 0.847)
                ),
                PNGLineChart.Series(
                    name: "In",
                    values: trend.weeks.map { Double($0.inbound) },
                    color: (0.706, 0.325, 0.035),
                    dashed: true
                ),
            ],
            labels: labels,
            width: chartSize.width,
            height: chartSize.height,
            scale: 2
        )
    }

    /// The message to one recipient: their own items when they are a user of the database
    /// (`userID`), their own unsubscribe link when the job has one.
    package func message(
        to recipient: MIMEMessage.Address,
        userID: String? = nil,
        unsubscribe: (url: String, secret: String)?
    ) -> MIMEMessage {
        let link = unsubscribe.map { UnsubscribeToken.link(base: $0.url, secret: $0.secret, email: recipient.email) }
        let messageID = MIMEMessage.messageID(
            family: run.data.family.id,
            recipient: recipient.email,
            range: run.range,
            from: job.from
        )
        var context = self.context
        if let link { context["unsubscribe_url"] = link }
        let personal =
            userID.map { PersonalItems.compute(run.data, userID: $0, today: run.today, zone: run.zone) }
            ?? PersonalItems()
        let agenda = RecapSections.agenda(run.followUps, personal: personal, today: run.today)
        context["has_do"] = !agenda.doThisWeek.lines.isEmpty
        context["do_this_week"] = RecapEmail.lines(agenda.doThisWeek.lines)
        if let more = agenda.doThisWeek.moreText { context["do_more"] = more }
        context["has_reminders"] = !agenda.reminders.isEmpty
        context["reminders"] = RecapEmail.lines(agenda.reminders)
        var attachments = self.attachments
        if let overflow = agenda.overflow {
            context["reminders_more"] = "and \(agenda.remindersMore) more in the attached \(Self.remindersFile)"
            RecapEmail.attach(overflow, count: agenda.ownRest.count, to: &context)
            attachments.append(
                MIMEMessage.Attachment(
                    fileName: Self.remindersFile,
                    contentType: "text/plain; charset=utf-8",
                    data: Data(overflow.utf8)
                )
            )
        }
        let contentID = "trend." + messageID
        if chart != nil, var chartContext = context["chart"] as? [String: Any] {
            chartContext["cid"] = contentID
            context["chart"] = chartContext
        }
        var message = MIMEMessage(
            from: job.from,
            to: recipient,
            subject: subject,
            date: run.generatedAt,
            messageID: messageID,
            text: templates.text(context),
            html: templates.html(context)
        )
        message.attachments = attachments
        if let chart {
            message.inline = [
                MIMEMessage.InlineImage(
                    contentID: contentID,
                    contentType: "image/png",
                    fileName: "trend.png",
                    data: chart
                )
            ]
        }
        message.headers = [("Auto-Submitted", "auto-generated"), ("List-Id", RecapEmail.listID(job.from))]
        if let link {
            message.headers += [
                ("List-Unsubscribe", "<\(link)>"), ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
            ]
        }
        return message
    }

    /// The recipient's own list of every item of "Your reminders", attached to their message
    /// alone when the body cannot show them all (docs/delivery.md, "The message").
    package static let remindersFile = "your-reminders.txt"

    /// Names the attached list of reminders last among the message's attachments.
    static func attach(_ overflow: String, count: Int, to context: inout [String: Any]) {
        var listed = context["attachments"] as? [[String: Any]] ?? []
        for index in listed.indices { listed[index]["last"] = false }
        listed.append([
            "description": "Your reminders, all \(count) (text, \(remindersFile))", "name": remindersFile, "last": true,
        ])
        context["attachments"] = listed
        context["has_attachments"] = true
    }

    /// `Weekly Recruiting Recap <weekly-recap.DOMAIN>` (RFC 2919), DOMAIN the sender's.
    static func listID(_ from: MIMEMessage.Address) -> String {
        let domain = from.email.split(separator: "@").last.map(String.init) ?? "report-batch.invalid"
        return "Weekly Recruiting Recap <weekly-recap.\(domain.lowercased())>"
    }

    static func contentType(_ format: String) -> String {
        switch format {
        case "pdf": "application/pdf"
        case "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        case "csv": "text/csv; charset=utf-8"
        case "json": "application/json"
        case "html": "text/html; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
