import ByteLevel
import Dispatch
import Synchronization

/// Runs `count` jobs on at most `width` threads, each thread taking the next
/// job as it finishes one. Threads rather than a task group: a job replays a
/// log with blocking reads and writes, which would hold the cooperative
/// pool's few threads (and the command is synchronous, so waiting on tasks
/// from it could deadlock a caller that is itself on that pool).
///
/// The jobs in `dedicated` run each on a thread of its own, beside the
/// others: a stream that waits for its writer then holds up no other job.
enum WorkerPool {
    static func run<Result: Sendable>(
        count: Int, width: Int, dedicated: Set<Int> = [], _ work: @escaping @Sendable (Int) -> Result,
        finished: @escaping @Sendable (Int, Result) -> Void
    ) -> [Result] {
        let shared = (0..<count).filter { !dedicated.contains($0) }
        let next = Mutex(0)
        let results = Mutex([Result?](repeating: nil, count: count))
        let perform: @Sendable (Int) -> Void = { index in
            let result = work(index)
            results.withLock { $0[index] = result }
            finished(index, result)
        }
        let worker: @Sendable () -> Void = {
            while true {
                let position = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard position < shared.count else { return }
                perform(shared[position])
            }
        }
        let group = DispatchGroup()
        /// Whether `body` got a thread; when the system refuses one, it is not run.
        func start(_ body: @escaping @Sendable () -> Void) -> Bool {
            group.enter()
            let started = DedicatedThread.start(name: "todo-batch", stackSize: 8 << 20) {
                body()
                group.leave()
            }
            if !started { group.leave() }
            return started
        }
        // A job refused a thread of its own runs on this one, after the shared jobs; a worker refused one
        // leaves its share to the others and to this thread's.
        let refused = dedicated.sorted().filter { index in index < count && !start { perform(index) } }
        for _ in 1..<max(1, min(width, shared.count)) { _ = start(worker) }
        worker()
        refused.forEach(perform)
        group.wait()
        return results.withLock { $0.compactMap { $0 } }
    }
}
