import PostgresClient

/// Rows of COPY's text format, back to back, with where each ends.
struct RowBatch: Sendable {
    var bytes: [UInt8] = []
    var ends: [Int] = []

    var isFull: Bool { bytes.count >= 1 << 18 }

    mutating func append(_ row: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: row)
        ends.append(bytes.count)
    }

    func forEachRow(_ body: (PGCopyRow) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            for end in ends {
                body(PGCopyRow(UnsafeBufferPointer(rebasing: all[start..<end])))
                start = end
            }
        }
    }
}
