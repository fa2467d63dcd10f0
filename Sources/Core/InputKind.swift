/// What an input path is, for messages: a job file is never called a database.
package enum InputKind: String, Sendable {
    case database
    case jobFile = "job file"
    case templates = "templates folder"
    case template
}
