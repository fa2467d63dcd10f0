/// A member of a JSON object column, as the decoders use it.
enum JSONMember {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    /// An object or an array: the decoders read no nested values.
    case nested
}
