import CPangoCairo
import Core
import Foundation

/// What an address-space limit (`ulimit -v`) asks of the process: fewer malloc arenas, and room
/// for the workers' stacks checked before they start.
public enum ProcessLimits {
    /// The address-space limit (`ulimit -v`) in bytes, or nil when there is none.
    static var addressSpaceLimit: UInt64? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
            return nil
        }  // rlim_t.max is RLIM_INFINITY
        return UInt64(limit.rlim_cur)
    }

    /// Under an address-space limit, caps glibc's malloc arenas at two: every thread would
    /// otherwise reserve an arena of 64 MiB or more, and two workers needed over 500 MiB of
    /// address space where one needed under 300. Call first thing in `main`, before any thread
    /// exists (arenas already made stay).
    public static func limitArenas() {
        guard addressSpaceLimit != nil else { return }
        _ = mallopt(M_ARENA_MAX, 2)
    }

    /// Under an address-space limit (`ulimit -v`), checks that the workers' stacks and pango's
    /// font threads can still be mapped (`limitArenas` has capped the heap's share). Call on the
    /// main thread before the workers start. Without a limit it does nothing.
    /// - Throws: `ExportError.library` naming the limit when the room is not there.
    public static func prepareWorkers(_ workers: Int, stackSize: Int) throws {
        guard workers > 1, let limit = addressSpaceLimit else { return }
        // Each worker maps its own stack and, through pango, a font-sorting thread's (8 MiB by default).
        let needed = workers * (stackSize + (8 << 20))
        let probe = mmap(nil, needed, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        // mmap's failure value is (void *)-1.
        let failed = UnsafeMutableRawPointer(bitPattern: -1)
        guard let probe, probe != failed else {
            throw ExportError.library(
                name: "the system",
                call: "mmap",
                message: "the address-space limit (ulimit -v \(limit / 1024)) leaves no room for \(workers) workers; "
                    + "use --workers 1 or raise the limit"
            )
        }
        munmap(probe, needed)
    }
}
