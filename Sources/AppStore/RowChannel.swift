import Foundation
import PostgresClient
import Synchronization

/// Rows received from the server and not yet inserted: batches of about 256 KiB, at most 16 in
/// flight (so that the next tables can arrive while a large one is indexed), so that memory
/// stays bounded whatever the tables' sizes.
final class RowChannel: Sendable {
    enum Item: Sendable {
        case rows(RowBatch)
        case end
    }

    private let items = Mutex<[Item]>([])
    private let error = Mutex<PGError?>(nil)
    private let free = DispatchSemaphore(value: 16)
    private let ready = DispatchSemaphore(value: 0)

    func send(_ item: Item) {
        free.wait()
        items.withLock { $0.append(item) }
        ready.signal()
    }

    func receive() -> Item {
        ready.wait()
        let item = items.withLock { $0.removeFirst() }
        free.signal()
        return item
    }

    func fail(_ failure: PGError) { error.withLock { $0 = failure } }
    var failure: PGError? { error.withLock { $0 } }
}
