import Batch
import Core
// libFuzzer target: the job-file reader on any bytes. Whatever the file holds, reading it
// ends in a job or in a usage or input error (a message that names the file), never in a
// crash, a hang or any other error. Built by scripts/fuzz.sh through SwiftPM with
// REPORT_BATCH_FUZZ=1 (Package.swift adds this target only then).
import Foundation

let path = NSTemporaryDirectory() + "/report-batch-fuzz-job-\(getpid()).yaml"

/// libFuzzer's entry when the program has its own main (SwiftPM links executables so).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
enum FuzzJobFileMain {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzJobFile(data, size) })
    }
}

func fuzzJobFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size <= 4096 else { return 0 }
    FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size))
    do {
        let job = try BatchJob.load(path)
        // A job read is whole: it names at least one output, and its folder stays inside the root.
        guard !job.outputs.isEmpty, job.folder.contains("{family_slug}") || job.folder.contains("{family_id}") else {
            fatalError("the job reader accepted a job without outputs or a family placeholder")
        }
    } catch let error as UsageError {
        guard error.message.hasPrefix(path) || error.message.contains("'") else {
            fatalError("a usage error that names no file or key: \(error.message)")
        }
    } catch is InputError {
    } catch {
        fatalError("the job reader threw \(type(of: error)): \(error)")
    }
    return 0
}
