/// The process exit codes of docs/cli.md, and the one place that maps errors to them.
package enum ExitStatus: Int32, Sendable {
    case success = 0
    case failure = 1
    case noData = 3
    case someFamiliesFailed = 4
    case usage = 64
    case badData = 65
    case inputMissing = 66
    case unavailable = 69
    case cannotCreateOutput = 73
    case busy = 75
    case accessDenied = 77

    /// The exit status for an error that ended a command.
    package static func of(_ error: any Error) -> ExitStatus {
        switch error {
        case let error as any ExitCoded: error.exitStatus
        case is UsageError: .usage
        case is AccessError: .accessDenied
        case is NoDataError: .noData
        case is OutputError: .cannotCreateOutput
        case ExportError.write: .cannotCreateOutput
        case is BusyError: .busy
        case is InputError: .inputMissing
        case is UnavailableError: .unavailable
        case is BadDataError, is DataIssue: .badData
        case SourceError.damaged: .badData
        case SourceError.locked: .inputMissing  // unreadable for now; 75 is another run's lock on the output root
        default: .failure
        }
    }

    /// The one-line message for an error: what is wrong and, where it helps, what to do.
    package static func message(for error: any Error) -> String {
        switch error {
        case let error as CustomStringConvertible:
            error.description
        default:
            "\(error)"
        }
    }
}
