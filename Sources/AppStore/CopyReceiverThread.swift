import Foundation
import PostgresClient

/// The thread that receives the COPY statements' rows and hands them to the inserting thread
/// through a `RowChannel`, in `RowBatch`es. The connection is handed over whole (through
/// `pthread_create`'s argument): the thread that started it only reads the channel until the
/// thread ends (`join`), and uses the connection again only after.
final class CopyReceiverThread {
    private let connection: PGConnection
    private let channel: RowChannel
    private let copies: [String]
    private var thread = pthread_t()

    init(connection: PGConnection, channel: RowChannel, copies: [String]) {
        self.connection = connection
        self.channel = channel
        self.copies = copies
    }

    /// Starts the thread; false when the system refuses one (the caller then copies inline).
    func start() -> Bool {
        let unmanaged = Unmanaged.passRetained(self)
        let status = pthread_create(
            &thread,
            nil,
            { raw in
                Unmanaged<CopyReceiverThread>.fromOpaque(raw!).takeRetainedValue().receive()
                return nil
            },
            unmanaged.toOpaque()
        )
        if status != 0 { unmanaged.release() }
        return status == 0
    }

    func join() { pthread_join(thread, nil) }

    /// Runs each COPY in turn; after the first failure the rest are not run, but each still
    /// gets its `.end`.
    private func receive() {
        for sql in copies {
            guard channel.failure == nil else {
                channel.send(.end)
                continue
            }
            var batch = RowBatch()
            do {
                try connection.copyOut(sql) { row in
                    row.withBytes { batch.append($0) }
                    if batch.isFull {
                        channel.send(.rows(batch))
                        batch = RowBatch()
                    }
                }
                if !batch.ends.isEmpty { channel.send(.rows(batch)) }
            } catch let error as PGError {
                channel.fail(error)
            } catch {
                channel.fail(PGError(kind: .connectionLost, message: "\(error)"))
            }
            channel.send(.end)
        }
    }
}
