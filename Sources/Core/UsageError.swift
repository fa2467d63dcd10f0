/// A bad option or option value (exit 64).
package struct UsageError: Error, Sendable, CustomStringConvertible {
    /// The message in the command line's words.
    package let message: String
    /// The message with its option names as data, when it is about options a job file also
    /// has (filters, formats, ranges): each front end words them its own way.
    package let optionText: OptionText?

    package init(_ message: String) {
        self.message = message
        optionText = nil
    }

    package init(_ text: OptionText) {
        message = text.commandLine
        optionText = text
    }

    package var description: String { message }

    /// The message in a job file's words: `--fit-min` becomes the key `fit-min`.
    package var inJobKeys: String { optionText?.jobKeys ?? message }
}
