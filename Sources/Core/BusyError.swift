/// Another run holds the output root's lock (exit 75).
package struct BusyError: Error, Sendable, CustomStringConvertible {
    package let lockPath: String
    package let holder: String
    package init(lockPath: String, holder: String) {
        self.lockPath = lockPath
        self.holder = holder
    }
    package var description: String {
        "another run (\(holder)) holds the lock \(Quote.path(lockPath)); try again when it has finished"
    }
}
