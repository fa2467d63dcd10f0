/// A message about options whose names are data (`"\(option: "--fit-min") 120 is above …"`):
/// the command line shows them as typed (`--fit-min`), a job file as its keys (`fit-min`).
/// Values quoted in the message are text and are never taken for an option.
package struct OptionText: Sendable, ExpressibleByStringInterpolation {
    enum Part: Sendable {
        case text(String)
        /// An option as the caller named it: `--fit-min`, or a job key such as `formats`.
        case option(String)
    }

    private(set) var parts: [Part] = []

    package init(stringLiteral value: String) { parts = [.text(value)] }

    package init(stringInterpolation: Interpolation) { parts = stringInterpolation.parts }

    package struct Interpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        package init(literalCapacity: Int, interpolationCount: Int) {}

        package mutating func appendLiteral(_ literal: String) { parts.append(.text(literal)) }

        package mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            parts.append(.text(value.description))
        }

        package mutating func appendInterpolation(option name: String) { parts.append(.option(name)) }
    }

    /// The command line's words.
    package var commandLine: String {
        parts.map { part in
            switch part {
            case .text(let text), .option(let text): text
            }
        }.joined()
    }

    /// A job file's words: each option without its dashes.
    package var jobKeys: String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .option(let name): name.hasPrefix("--") ? String(name.dropFirst(2)) : name
            }
        }.joined()
    }
}
