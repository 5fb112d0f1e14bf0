import Foundation
import Synchronization

/// Runs `count` jobs on at most `width` threads, each thread taking the next
/// job as it finishes one. Threads rather than a task group: a job replays a
/// log with blocking reads and writes, which would hold the cooperative
/// pool's few threads (and the command is synchronous, so waiting on tasks
/// from it could deadlock a caller that is itself on that pool).
enum WorkerPool {
    static func run<Result: Sendable>(
        count: Int, width: Int, _ work: @escaping @Sendable (Int) -> Result, finished: @escaping @Sendable (Int, Result) -> Void
    ) -> [Result] {
        let next = Mutex(0)
        let results = Mutex([Result?](repeating: nil, count: count))
        let worker: @Sendable () -> Void = {
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < count else { return }
                let result = work(index)
                results.withLock { $0[index] = result }
                finished(index, result)
            }
        }
        let group = DispatchGroup()
        for _ in 1..<max(1, min(width, count)) {
            group.enter()
            let thread = Thread {
                worker()
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        worker()
        group.wait()
        return results.withLock { $0.compactMap { $0 } }
    }
}
