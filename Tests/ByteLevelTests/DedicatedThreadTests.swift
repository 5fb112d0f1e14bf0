import ByteLevel
import Foundation
import Synchronization
import Testing

struct DedicatedThreadTests {
    /// What a started thread saw of itself.
    private struct Seen: Sendable {
        var name: String
        var isTheStarter: Bool
    }

    @Test func bodyRunsOnANewThreadWithItsName() throws {
        let starter = pthread_self()
        let seen = Mutex<[Seen]>([])
        let done = DispatchSemaphore(value: 0)
        for index in 0..<4 {
            let started = DedicatedThread.start(name: "todo-test-\(index)-long-name", stackSize: 1 << 20) {
                let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                let here = Seen(name: name.trimmingCharacters(in: .newlines), isTheStarter: pthread_equal(pthread_self(), starter) != 0)
                seen.withLock { $0.append(here) }
                done.signal()
            }
            #expect(started)
        }
        for _ in 0..<4 { #expect(done.wait(timeout: .now() + patience) == .success) }
        let all = seen.withLock { $0 }
        #expect(all.count == 4)
        #expect(all.allSatisfy { !$0.isTheStarter })
        // Linux keeps a thread name's first 15 bytes.
        #expect(Set(all.map(\.name)) == Set((0..<4).map { String("todo-test-\($0)-long-name".prefix(15)) }))
    }

    @Test func threadsRunAtOnceSoThatOneCanWaitForAnother() {
        // A thread that waits for a later one finishes only if both run at
        // the same time, as the parsing threads wait for the splitting one.
        let second = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let waits = DedicatedThread.start(name: "todo-waits") {
            second.wait()
            finished.signal()
        }
        let signals = DedicatedThread.start(name: "todo-signals") { second.signal() }
        #expect(waits && signals)
        #expect(finished.wait(timeout: .now() + patience) == .success)
    }

    @Test func aRefusedThreadSaysSo() {
        // No address space holds a stack of a pebibyte: the system refuses the thread, and the caller is told.
        let ran = Mutex(false)
        #expect(!DedicatedThread.start(name: "todo-refused", stackSize: 1 << 50) { ran.withLock { $0 = true } })
        #expect(!ran.withLock { $0 })
    }
}
