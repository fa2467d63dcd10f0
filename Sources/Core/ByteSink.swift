import Foundation

/// A buffered byte stream to a file descriptor: the file the exporters write, or stdout.
/// Every write error (a full disk, a closed pipe) is thrown, never ignored.
public final class ByteSink {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// Set once the descriptor is closed, so that it is never closed twice: a second close
    /// could close a file another thread has just opened under the same number.
    private var isClosed = false
    private let name: String
    private var buffer: [UInt8] = []
    private let capacity: Int
    public private(set) var bytesWritten = 0

    /// Creates (or truncates) `path` for writing.
    public init(path: String, capacity: Int = 1 << 16) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw ExportError.write(path: path, reason: String(cString: strerror(errno))) }
        self.descriptor = descriptor
        ownsDescriptor = true
        name = path
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    /// Writes to standard output (named `-`, which messages read as "standard output").
    public static func standardOutput() -> ByteSink { ByteSink(descriptor: STDOUT_FILENO, name: "-") }

    private init(descriptor: Int32, name: String, owns: Bool = false, capacity: Int = 1 << 16) {
        self.descriptor = descriptor
        ownsDescriptor = owns
        self.name = name
        self.capacity = capacity
    }

    /// A file in `folder` that is unlinked as soon as it is made, for bytes a writer reads
    /// back before it writes its output (a pdf, PDFRewrite.swift): nothing is left behind
    /// whatever ends the process. The name's prefix is the one report-batch's leftover sweep knows.
    public static func scratch(in folder: String, for output: String, capacity: Int = 1 << 16) throws -> ByteSink {
        var template = Array((folder as NSString).appendingPathComponent(".report-batch-rows-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else {
            // The folder's error is the output's: the message is the one a direct write would give.
            throw ExportError.write(path: output, reason: String(cString: strerror(errno)))
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return ByteSink(descriptor: made, name: output, owns: true, capacity: capacity)
    }

    /// Up to `count` bytes from `offset` of what was written (buffered bytes are flushed first).
    public func read(at offset: Int, count: Int) throws -> [UInt8] {
        try flush()
        var bytes = [UInt8](repeating: 0, count: max(0, count))
        var done = 0
        while done < bytes.count {
            let read = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, $0.count - done, off_t(offset + done))
            }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else {
                throw ExportError.write(path: name, reason: "cannot read back: \(String(cString: strerror(errno)))")
            }
            if read == 0 { break }
            done += read
        }
        bytes.removeSubrange(done...)
        return bytes
    }

    deinit {
        if ownsDescriptor, !isClosed { Foundation.close(descriptor) }
    }

    public func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(bytes: $0) }
    }

    public func write(bytes: UnsafeBufferPointer<UInt8>) throws {
        if buffer.count + bytes.count > capacity { try flush() }
        if bytes.count >= capacity {
            try writeAll(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    public func write(byte: UInt8) throws {
        if buffer.count >= capacity { try flush() }
        buffer.append(byte)
    }

    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { try write(bytes: $0) }
    }

    /// Writes out what is buffered.
    public func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBufferPointer { try writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes; the sink is not used afterwards.
    public func close() throws {
        guard !isClosed else { return }
        try flush()
        guard ownsDescriptor else { return }
        isClosed = true
        if Foundation.close(descriptor) != 0 {
            throw ExportError.write(path: name, reason: String(cString: strerror(errno)))
        }
    }

    private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Foundation.write(descriptor, pointer, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                throw ExportError.write(path: name, reason: String(cString: strerror(errno)))
            }
            remaining -= written
            pointer += written
            bytesWritten += written
        }
    }
}
