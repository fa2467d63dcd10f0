/// Job files the tests write.
public enum JobFiles {
    /// Every family's report as pdf, and its recap e-mails written only (`via: none`), with
    /// the pdf attached unless `attach` is false.
    public static func recapWrittenOnly(attach: Bool = true) -> String {
        """
        outputs:
          - report:
            formats: [pdf]
        deliver:
          email:
            from: reports@example.com
        \(attach ? "    attach: [report.pdf]\n" : "")    via: none

        """
    }
}
