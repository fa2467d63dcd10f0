import ArgumentParser
import Batch
import Core
import Delivery
import Exporters
import Foundation

/// Options every command shares.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .long, help: "Print more detail about what the command does.")
    var verbose = false

    @Flag(name: .long, help: "Print only errors.")
    var quiet = false
}
