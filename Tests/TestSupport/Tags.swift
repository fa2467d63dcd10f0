import Testing

// What a test needs beyond the package's own code, so that a fast run can leave it out
// (`scripts/test-fast.sh`; docs/internals.md, "Tests").
extension Tag {
    /// Starts a PostgreSQL server of its own (TestSupport.PostgresServer).
    @Tag package static var postgres: Self
    /// Starts the test SMTP server (scripts/test-smtp-server.py, aiosmtpd) or sends through msmtp.
    @Tag package static var smtp: Self
    /// Renders an e-mail or page in headless Chromium.
    @Tag package static var chromium: Self
    /// Opens a workbook in LibreOffice headless.
    @Tag package static var libreOffice: Self
    /// Starts the tests' own HTTP server (scripts/test-http-server.py) or Prometheus' Pushgateway.
    @Tag package static var httpServer: Self
    /// Reads a file back with a Python reader (openpyxl, pdfminer.six, Pillow, prometheus_client).
    @Tag package static var pythonReader: Self
}
