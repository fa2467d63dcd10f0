// libFuzzer target: report-batch's small JSON readers (a string array, a flat object) against
// Foundation's parser. Whenever ours reads a text, Foundation must read the same value from
// it; when ours declines (nil), Foundation is used instead, so there is nothing to compare.
// Built by scripts/fuzz.sh with Sources/AppStore/JSONStringArray.swift, JSONMember.swift and
// JSONFlatObject.swift.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard size <= 512, let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    let foundation = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])

    // The check of every interaction row (SQLiteSource+Tally.swift) asks only whether the reader
    // would read a text; it must answer as the reader does.
    if JSONStringArray.isPlainArray(utf8: Array(text.utf8)[...]) != (JSONStringArray.parse(text) != nil) {
        fatalError("isPlainArray and parse disagree on \(text.debugDescription)")
    }
    if let ours = JSONStringArray.parse(text) {
        guard let theirs = foundation as? [Any], theirs.count == ours.count,
            zip(theirs, ours).allSatisfy({ ($0 as? String) == $1 })
        else {
            fatalError(
                "string array reader disagrees on \(text.debugDescription): ours \(ours), Foundation \(String(describing: foundation))"
            )
        }
    }
    if let ours = JSONFlatObject.parse(text) {
        guard let theirs = foundation as? [String: Any], Set(theirs.keys) == Set(ours.keys) else {
            fatalError(
                "flat object reader disagrees on \(text.debugDescription): ours \(ours), Foundation \(String(describing: foundation))"
            )
        }
        for (key, member) in ours {
            let value = theirs[key]
            let same: Bool
            switch member {
            case .string(let string): same = (value as? String) == string
            case .number(let number):
                // Foundation keeps a long decimal as an NSDecimalNumber whose doubleValue is not
                // correctly rounded; the decimal it read, rounded correctly, is the reference.
                same = (value as? NSNumber).flatMap { Double($0.description) } == number
            case .bool(let flag): same = (value as? Bool) == flag
            case .null: same = value is NSNull
            case .nested: same = value is [Any] || value is [String: Any]
            }
            guard same else {
                fatalError(
                    "flat object reader disagrees on \(text.debugDescription) at key \(key.debugDescription): ours \(member), Foundation \(String(describing: value))"
                )
            }
        }
    }
    return 0
}
