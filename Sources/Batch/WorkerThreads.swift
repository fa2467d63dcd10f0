import Foundation

/// Threads of the run's own, so that `--workers N` means N families at once whatever the
/// number of cores (Dispatch's `concurrentPerform` runs at most one per core).
enum WorkerThreads {
    /// Runs `body(worker)` for worker 0 to `count` − 1, each on a thread of its own with a stack
    /// of `stackSize` bytes, and returns when every thread has ended (`pthread_join`), so
    /// nothing of `body` outlives the call. If the system refuses a thread, the threads already
    /// started do the work (`body` takes work until none is left); if it refuses the first,
    /// `body(0)` runs on the calling thread.
    static let stackSize = 8 << 20

    /// `body` is `@Sendable`: it runs on several threads at once, so the compiler checks that
    /// everything it reaches is safe to share.
    static func run(_ count: Int, stackSize: Int = WorkerThreads.stackSize, _ body: @Sendable (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            var threads: [pthread_t] = []
            for worker in 0..<count {
                let task = Unmanaged.passRetained(WorkerStart(body: body, worker: worker)).toOpaque()
                var attributes = pthread_attr_t()
                pthread_attr_init(&attributes)
                pthread_attr_setstacksize(&attributes, stackSize)
                var thread = pthread_t()
                let status = pthread_create(
                    &thread,
                    &attributes,
                    { raw in
                        guard let raw else { return nil }
                        let task = Unmanaged<WorkerStart>.fromOpaque(raw).takeRetainedValue()
                        task.body(task.worker)
                        return nil
                    },
                    task
                )
                pthread_attr_destroy(&attributes)
                guard status == 0 else {
                    Unmanaged<WorkerStart>.fromOpaque(task).release()
                    break
                }
                threads.append(thread)
            }
            if threads.isEmpty { body(0) }
            for thread in threads { pthread_join(thread, nil) }
        }
    }

    /// What one thread runs; handed to it through `pthread_create`'s argument.
    private final class WorkerStart {
        let body: @Sendable (Int) -> Void
        let worker: Int

        init(body: @escaping @Sendable (Int) -> Void, worker: Int) {
            self.body = body
            self.worker = worker
        }
    }
}
