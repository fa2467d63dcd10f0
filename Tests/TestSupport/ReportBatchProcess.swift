import Foundation

/// What a run of the built `report-batch` binary printed and how it exited.
public struct CommandResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
    public let stdoutData: Data

    /// stderr without the database's "note: …" line (a fixture without the season's tables
    /// gets one from every command, docs/data-model.md), for tests about other messages.
    public var messages: String {
        stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("note: ") }.joined(
            separator: "\n"
        )
    }
}

/// Runs the built `report-batch` executable as a user would, in a given folder.
public enum ReportBatchProcess {
    /// The binary: `REPORT_BATCH_BIN` if set, else next to the test bundle, else `.build/debug`.
    public static var binaryPath: String {
        if let path = ProcessInfo.processInfo.environment["REPORT_BATCH_BIN"] { return path }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("report-batch").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/report-batch").path
    }

    /// Runs `report-batch arguments` in `folder` and waits for it.
    /// A process for the binary in `folder`, with the test's environment less SOURCE_DATE_EPOCH, plus `environment`.
    private static func process(_ arguments: [String], in folder: String, environment: [String: String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binaryPath)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SOURCE_DATE_EPOCH")
        env.merge(environment) { _, new in new }
        process.environment = env
        return process
    }

    public static func run(
        _ arguments: [String],
        in folder: String,
        environment: [String: String] = [:]
    ) throws -> CommandResult {
        let process = process(arguments, in: folder, environment: environment)
        let outURL = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("rb-out-\(UUID().uuidString)")
        let errURL = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("rb-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        let out = try Data(contentsOf: outURL)
        let err = try Data(contentsOf: errURL)
        return CommandResult(
            status: process.terminationStatus,
            stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self),
            stdoutData: out
        )
    }

    /// Starts `report-batch arguments` in `folder` without waiting; output goes to files in `folder`.
    public static func start(
        _ arguments: [String],
        in folder: String,
        environment: [String: String] = [:]
    ) throws -> Process {
        let process = process(arguments, in: folder, environment: environment)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs any program (sqlite3, python3, pdftotext) and returns its result.
    public static func tool(
        _ executable: String,
        _ arguments: [String],
        in folder: String? = nil
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let outURL = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("rb-tool-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outURL) }
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errPipe = Pipe()
        process.standardOutput = outHandle
        process.standardError = errPipe
        try process.run()
        let err = errPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try outHandle.close()
        let out = try Data(contentsOf: outURL)
        return CommandResult(
            status: process.terminationStatus,
            stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self),
            stdoutData: out
        )
    }
}
