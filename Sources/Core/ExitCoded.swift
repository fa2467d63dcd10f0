/// An error of a layer above this one that knows its exit status (docs/cli.md), so that
/// `ExitStatus.of` need not name it.
package protocol ExitCoded: Error {
    var exitStatus: ExitStatus { get }
}
