import Core
import Foundation
import Yams

/// Reads the YAML nodes of a job file or a template folder's YAML, with messages that name file, line and key.
package struct YAMLNodeReader {
    package let file: String

    package init(file: String) { self.file = file }

    package func fail(_ node: Node?, _ message: String) -> UsageError {
        UsageError("\(file):\(node?.mark.map { "\($0.line):" } ?? "") \(message)")
    }

    package static func describe(_ error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            "line \(mark.line), column \(mark.column): \(problem)"
        default:
            "\(error)".split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
        }
    }

    /// The pairs of a mapping, checking that every key is one of `allowed`.
    package func mapping(_ node: Node, _ context: String, allowed: [String]) throws -> [(key: String, node: Node)] {
        guard let mapping = node.mapping else { throw fail(node, "\(context) must be a mapping of keys to values") }
        var seen = Set<String>()
        return try mapping.map { pair in
            guard let key = pair.key.string else { throw fail(pair.key, "\(context) has a key that is not text") }
            guard allowed.contains(key) else {
                throw fail(pair.key, "unknown key '\(key)' in \(context); accepted: \(allowed.joined(separator: ", "))")
            }
            guard seen.insert(key).inserted else { throw fail(pair.key, "key '\(key)' appears twice in \(context)") }
            return (key, pair.value)
        }
    }

    package func string(_ node: Node, _ key: String) throws -> String {
        guard let scalar = node.scalar, node.sequence == nil, node.mapping == nil else {
            throw fail(node, "'\(key)' must be a single value")
        }
        // YAML reads `~`, `null` and an empty value as null, not as text (`~` is not the home folder).
        if scalar.style == .plain, ["~", "null", "Null", "NULL", ""].contains(scalar.string) {
            throw fail(
                node,
                "'\(key)' is null (YAML reads \(scalar.string.isEmpty ? "an empty value" : "'\(scalar.string)'") as no value); "
                    + "give a value, or leave the key out for its default"
            )
        }
        return scalar.string
    }

    package func int(_ node: Node, _ key: String) throws -> Int {
        guard let value = Int(try string(node, key)) else { throw fail(node, "'\(key)' must be a whole number") }
        return value
    }

    package func double(_ node: Node, _ key: String) throws -> Double {
        guard let value = Double(try string(node, key)), value.isFinite else {
            throw fail(node, "'\(key)' must be a number")
        }
        return value
    }

    package func bool(_ node: Node, _ key: String) throws -> Bool {
        switch try string(node, key).lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw fail(node, "'\(key)' must be true or false")
        }
    }

    /// A list of values, or a single value as a list of one.
    package func strings(_ node: Node, _ key: String) throws -> [String] {
        if let sequence = node.sequence { return try sequence.map { try string($0, key) } }
        return [try string(node, key)]
    }

    /// Runs `body`, turning a usage error from shared option parsing into one with this node's line.
    package func at<T>(_ node: Node, _ key: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as UsageError {
            throw fail(node, "'\(key)': " + error.inJobKeys)
        }
    }
}
