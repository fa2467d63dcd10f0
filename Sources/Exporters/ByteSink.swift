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

    private init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        ownsDescriptor = false
        self.name = name
        capacity = 1 << 16
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
