#if canImport(Glibc)
    import Glibc
#else
    import Foundation
#endif

/// A thread of its own for work that blocks for long (a log's splitting and
/// parsing threads, a batch's workers): it waits on semaphores and files
/// without holding one of Dispatch's shared threads.
///
/// On Linux it is a detached POSIX thread, so that the tool does not load all
/// of Foundation (and its ICU data) at every start only for `Thread`: that
/// was about 4 ms of a 100-event report's 17. Elsewhere it is Foundation's
/// `Thread`.
package enum DedicatedThread {
    /// Runs `body` on a new thread named `name` (as debuggers and profilers
    /// show it; Linux keeps its first 15 bytes), with a stack of at least
    /// `stackSize` bytes when given.
    ///
    /// - Returns: Whether the thread started. When the system refuses one
    ///   (too many threads, or no memory for its stack under `ulimit -v`),
    ///   `body` is not run and the caller does its work another way. Handing
    ///   it to Dispatch instead would hang: Dispatch retries the refused
    ///   thread forever.
    package static func start(name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
        #if canImport(Glibc)
            let work = Work(name: name, body: body)
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
            if let stackSize { pthread_attr_setstacksize(&attributes, max(stackSize, Int(PTHREAD_STACK_MIN))) }
            let context = Unmanaged.passRetained(work).toOpaque()
            var thread = pthread_t()
            let created = pthread_create(
                &thread, &attributes,
                { context in
                    guard let context else { return nil }
                    let work = Unmanaged<Work>.fromOpaque(context).takeRetainedValue()
                    nameThisThread(work.name)
                    work.body()
                    return nil
                }, context)
            guard created == 0 else {
                Unmanaged<Work>.fromOpaque(context).release()
                return false
            }
            return true
        #else
            let thread = Thread(block: body)
            thread.name = name
            if let stackSize { thread.stackSize = stackSize }
            thread.start()
            return true
        #endif
    }
}

#if canImport(Glibc)
    /// Names the calling thread through `/proc/thread-self/comm` (Glibc's
    /// module does not offer `pthread_setname_np`); a name that cannot be
    /// set is left unset, as it only helps a person reading a profile.
    private func nameThisThread(_ name: String) {
        let descriptor = SystemCall.open("/proc/thread-self/comm", flags: O_WRONLY | O_CLOEXEC, mode: 0)
        guard descriptor >= 0 else { return }
        try? FileDescriptorIO.write(Array(name.utf8.prefix(15)), to: descriptor)
        close(descriptor)
    }

    /// What a new thread runs, passed to it through `pthread_create`'s context.
    private final class Work: Sendable {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
#endif
