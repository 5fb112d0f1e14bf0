// libFuzzer target: any bytes, read and replayed as a todo-session/1 log.
// The reader must never crash, hang or trip AddressSanitizer. Built by Fuzz/run.
/// libFuzzer's entry point: reads and replays `size` bytes at `data`; always returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // A small buffer makes lines cross buffer boundaries.
    _ = try? LogReplayer.replay(InMemoryByteSource(bytes), bufferSize: 16, keepingStates: false, spillMemoryLimit: 256) { _ in }
    return 0
}
