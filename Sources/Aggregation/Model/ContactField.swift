/// The Add Coach page's rules for a coach's contact details (docs/lists.md, Coaches). The app
/// checks them only in its form, so stored values can break them; report-batch makes a link
/// only from a value that passes, lists the others as follow-ups (`contactsToFix`) and as
/// `check` warnings. The one place these rules are written.
public enum ContactField: String, CaseIterable, Sendable {
    case email, phone, twitter, instagram

    /// The rule a value breaks, in the words of the app's form.
    public var rule: String {
        switch self {
        case .email: "a valid e-mail address of 5 to 255 characters"
        case .phone:
            "a phone number as (123) 456-7890, 123-456-7890, 123.456.7890 or 1234567890, optionally after +1 or 1"
        case .twitter: "a Twitter handle of 1 to 15 letters, digits or underscores"
        case .instagram: "an Instagram handle of 1 to 30 letters, digits, dots or underscores"
        }
    }

    /// The field as the app's form names it.
    public var label: String {
        switch self {
        case .email: "Email"
        case .phone: "Phone"
        case .twitter: "Twitter"
        case .instagram: "Instagram"
        }
    }

    /// The database column the field is stored in.
    public var column: String {
        switch self {
        case .email: "email"
        case .phone: "phone"
        case .twitter: "twitter_handle"
        case .instagram: "instagram_handle"
        }
    }

    /// The coach's stored value of this field.
    public func value(of coach: Coach) -> String? {
        switch self {
        case .email: coach.email
        case .phone: coach.phone
        case .twitter: coach.twitterHandle
        case .instagram: coach.instagramHandle
        }
    }

    /// The link a value makes (`mailto:`, `tel:`, the profile's address), or nil when it breaks
    /// the field's rule: such a value is shown as plain text, never linked (docs/lists.md).
    public func link(_ value: String) -> String? {
        guard accepts(value) else { return nil }
        let handle = value.hasPrefix("@") ? String(value.dropFirst()) : value
        return switch self {
        case .email: "mailto:" + value
        case .phone: "tel:" + value.filter { $0.isASCII && $0.isNumber || $0 == "+" }
        case .twitter: "https://x.com/" + handle
        case .instagram: "https://instagram.com/" + handle
        }
    }

    /// Whether `value` passes the field's rule (a leading `@` of a handle is ignored, as the form strips it).
    public func accepts(_ value: String) -> Bool {
        switch self {
        case .email: ContactRules.isEmail(value)
        case .phone: ContactRules.isPhone(value)
        case .twitter: ContactRules.isHandle(value, maxLength: 15, extra: [])
        case .instagram: ContactRules.isHandle(value, maxLength: 30, extra: [UInt8(ascii: ".")])
        }
    }
}

enum ContactRules {
    /// The bytes allowed in an address's local part and in a domain's label, as tables made
    /// once (a set built on each call took 2 % of the report job's samples).
    private static let localAllowed = byteTable(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.!#$%&'*+/=?^_`{|}~-"
    )
    private static let labelAllowed = byteTable("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")

    private static func byteTable(_ allowed: String) -> [Bool] {
        var table = [Bool](repeating: false, count: 256)
        for byte in allowed.utf8 { table[Int(byte)] = true }
        return table
    }

    static func isEmail(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard (5...255).contains(bytes.count), let at = bytes.lastIndex(of: UInt8(ascii: "@")),
            bytes.firstIndex(of: UInt8(ascii: "@")) == at
        else { return false }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        guard !local.isEmpty, local.count <= 64, local.allSatisfy({ localAllowed[Int($0)] }),
            local.first != UInt8(ascii: "."), local.last != UInt8(ascii: "."),
            !zip(local, local.dropFirst()).contains(where: { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") })
        else { return false }
        let labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        for label in labels {
            guard (1...63).contains(label.count), label.allSatisfy({ labelAllowed[Int($0)] }),
                label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-")
            else { return false }
        }
        let top = labels[labels.count - 1]
        return top.count >= 2 && top.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
    }

    /// One of the form's four shapes, after an optional `+1` or `1` and one optional space,
    /// dash or dot. Every character the shapes allow is ASCII, so the bytes are read as they are.
    static func isPhone(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        if isPhoneShape(bytes[...]) { return true }
        for prefix in [Array("+1".utf8), Array("1".utf8)] where bytes.starts(with: prefix) {
            var rest = bytes[prefix.count...]
            if let first = rest.first,
                first == UInt8(ascii: " ") || first == UInt8(ascii: "-")
                    || first == UInt8(ascii: ".")
            {
                rest = rest.dropFirst()
            }
            return isPhoneShape(rest)
        }
        return false
    }

    /// 0123456789, 012-345-6789, 012.345.6789 or (012) 345-6789.
    private static func isPhoneShape(_ text: ArraySlice<UInt8>) -> Bool {
        let chars = Array(text)
        func digits(_ range: Range<Int>) -> Bool { chars[range].allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        func at(_ index: Int, _ ascii: Unicode.Scalar) -> Bool { chars[index] == UInt8(ascii: ascii) }
        switch chars.count {
        case 10: return digits(0..<10)
        case 12:
            return (at(3, "-") && at(7, "-") || at(3, ".") && at(7, ".")) && digits(0..<3) && digits(4..<7)
                && digits(8..<12)
        case 14:
            return at(0, "(") && at(4, ")") && at(5, " ") && at(9, "-") && digits(1..<4) && digits(6..<9)
                && digits(10..<14)
        default: return false
        }
    }

    /// An optional "@", then 1 to `maxLength` ASCII letters, digits, "_" or the `extra` bytes.
    static func isHandle(_ value: String, maxLength: Int, extra: [UInt8]) -> Bool {
        var handle = Array(value.utf8)[...]
        if handle.first == UInt8(ascii: "@") { handle = handle.dropFirst() }
        return (1...maxLength).contains(handle.count)
            && handle.allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A)
                    || $0 == UInt8(ascii: "_") || extra.contains($0)
            }
    }
}
