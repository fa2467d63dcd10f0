import Foundation

/// Who may read what report-batch writes. The files hold minors' names, schools and
/// contacts, so by default only the user who runs report-batch can read them: files 0600,
/// folders 0700 (docs/cli.md, "Permissions"). A job may widen it with `permissions:`.
/// It works through the process's umask, so that every file is created with its final
/// mode, including those the C libraries create themselves (libxlsxwriter's workbooks),
/// and never sits readable for a moment before a chmod.
package enum OutputPermissions: String, CaseIterable, Sendable {
    /// Files 0600, folders 0700 (the default).
    case `private`
    /// Files 0640, folders 0750: the owner's group may read too (a web server, a mailer).
    case group
    /// The umask report-batch was started with, as it is (commonly files 0644, folders 0755).
    case umask

    /// The umask the process started with, read once before any change.
    private static let inherited: mode_t = {
        let mask = Foundation.umask(0o077)
        Foundation.umask(mask)
        return mask
    }()

    /// Sets the process's umask; call it before any thread starts writing.
    package func apply() {
        let inherited = Self.inherited
        switch self {
        case .private: Foundation.umask(inherited | 0o077)
        case .group: Foundation.umask(inherited | 0o027)
        case .umask: Foundation.umask(inherited)
        }
    }
}
