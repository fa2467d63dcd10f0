import CLibDeflate
import CZlib
import Foundation

/// A pdf's /FlateDecode streams (zlib streams) deflated and inflated, one call each, for the pdf
/// post-step that rewrites cairo's page streams (PDFRewrite.swift). Deflating is libdeflate's
/// (about three times zlib's speed at the same level, and a few per cent smaller: BENCHMARKS.md,
/// "One deflate a stream"); inflating, needed only for a stream cairo deflated itself, is zlib's,
/// which reads a stream of unknown size.
enum FlateCodec {
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

    /// `bytes` deflated at libdeflate's level 6 by a compressor the caller keeps for a file's
    /// streams; nil only without memory.
    static func deflate(_ bytes: some ContiguousBytes, with compressor: Compressor) -> [UInt8]? {
        bytes.withUnsafeBytes { input in
            var output = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor.pointer, input.count))
            let length = output.withUnsafeMutableBytes { out in
                libdeflate_zlib_compress(compressor.pointer, input.baseAddress, input.count, out.baseAddress, out.count)
            }
            guard length > 0 else { return nil }
            output.removeSubrange(length...)
            return output
        }
    }

    /// `bytes` deflated by a compressor of its own (the tests).
    static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        guard let compressor = Compressor() else { return nil }
        return deflate(bytes, with: compressor)
    }

    /// A libdeflate compressor at level 6: about 0.5 MB, made once a thread (a worker's pdfs
    /// share it; made once a pdf, its memory came and went with each file).
    final class Compressor {
        static let level: Int32 = 6
        let pointer: OpaquePointer
        private static let threadKey = "report-batch.FlateCodec.Compressor"

        /// The calling thread's compressor, made on first use; nil only without memory.
        static func forThisThread() -> Compressor? {
            let dictionary = Thread.current.threadDictionary
            if let kept = dictionary[threadKey] as? Compressor { return kept }
            guard let made = Compressor() else { return nil }
            dictionary[threadKey] = made
            return made
        }

        init?() {
            guard let pointer = libdeflate_alloc_compressor(Self.level) else { return nil }
            self.pointer = pointer
        }

        deinit { libdeflate_free_compressor(pointer) }
    }
}
