import CZlib

/// zlib's one-shot calls, for the pdf post-step that rewrites cairo's page streams
/// (PDFRewrite.swift): a /FlateDecode stream is a zlib stream.
enum Zlib {
    /// The bytes `compressed` inflates to, or nil when they are not one whole zlib stream.
    /// `limit` bounds what one stream may grow to.
    static func inflate(_ compressed: [UInt8], limit: Int = 256 << 20) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: max(4_096, compressed.count * 4))
        var status = Z_OK
        compressed.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            while status == Z_OK, output.count <= limit {
                chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    output.append(contentsOf: buffer.prefix(buffer.count - Int(stream.avail_out)))
                }
                // Input used up without the stream's end: truncated.
                if status == Z_OK, stream.avail_in == 0, stream.avail_out > 0 { status = Z_DATA_ERROR }
            }
        }
        return status == Z_STREAM_END && output.count <= limit ? output : nil
    }

    /// `bytes` deflated at zlib's default level, as cairo deflates its own streams; nil when
    /// zlib fails (it does only without memory).
    static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &length, input.baseAddress, uLong(input.count), Z_DEFAULT_COMPRESSION)
            }
        }
        guard status == Z_OK else { return nil }
        output.removeSubrange(Int(length)...)
        return output
    }
}
