import CLibPQ

/// A connection string read the way libpq reads it, without connecting.
package enum PGConnectionInfo {
    /// The options `target` sets (a URI or a keyword string), and for the rest libpq's
    /// defaults, which include the `PG*` environment variables.
    /// - Throws: `PGError` of kind `.connect` with libpq's reason when `target` is malformed.
    package static func options(of target: String) throws -> [String: String] {
        var message: UnsafeMutablePointer<CChar>?
        guard let parsed = PQconninfoParse(target, &message) else {
            let reason = message.map { String(cString: $0) } ?? "libpq could not read it"
            if let message { PQfreemem(message) }
            throw PGError(kind: .connect, message: reason)
        }
        defer { PQconninfoFree(parsed) }
        var options = values(parsed)
        if let defaults = PQconndefaults() {
            defer { PQconninfoFree(defaults) }
            for (key, value) in values(defaults) where options[key] == nil { options[key] = value }
        }
        return options
    }

    private static func values(_ list: UnsafeMutablePointer<PQconninfoOption>) -> [String: String] {
        var values: [String: String] = [:]
        var option = list
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        return values
    }
}
