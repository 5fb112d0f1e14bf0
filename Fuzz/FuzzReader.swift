// libFuzzer target: any bytes, read and replayed as a todo-session/1 log.
// The reader must never crash, hang or trip AddressSanitizer. Built by Fuzz/run.
/// libFuzzer's entry point: reads and replays `size` bytes at `data`; always returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // A small buffer makes lines cross buffer boundaries. Read on one thread
    // and on several (split, parsed in chunks), the log must count the same.
    func replay(concurrently: Bool) -> (LineTally, Int, Int, Int)? {
        let outcome = try? LogReplayer.replay(
            InMemoryByteSource(bytes), bufferSize: 16, keepingStates: false, spillMemoryLimit: 256, readingConcurrently: concurrently
        ) { _ in }
        return outcome.map { ($0.tally, $0.frameCount, $0.errorCount, $0.warningCount) }
    }
    let one = replay(concurrently: false)
    let several = replay(concurrently: true)
    if one.map({ "\($0)" }) != several.map({ "\($0)" }) {
        fatalError("one thread and several disagree: \(String(describing: one)) against \(String(describing: several))")
    }
    return 0
}
