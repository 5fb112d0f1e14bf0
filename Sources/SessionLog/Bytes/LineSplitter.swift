import Foundation

/// One line of a log, valid only inside the closure it is passed to.
struct RawLine {
    /// 1-based.
    var number: Int
    /// The line without its `\n`, without a `\r` before it, and without a BOM
    /// on line 1.
    var bytes: UnsafeBufferPointer<UInt8>
    /// `false` only for a last line that the file ends inside.
    var endsWithNewline: Bool
}

/// Splits a byte stream into lines on `0x0A` through one reusable buffer: it
/// holds one line at a time (growing for a longer line), never the file.
struct LineSplitter<Source: ByteSource> {
    static var initialCapacity: Int { 1 << 20 }

    private var source: Source
    private var storage: [UInt8]

    init(source: Source, bufferSize: Int = LineSplitter.initialCapacity) {
        self.source = source
        self.storage = [UInt8](repeating: 0, count: max(bufferSize, 16))
    }

    /// Calls `body` with each line in order. Stops early when `body` returns `false`.
    mutating func forEachLine(_ body: (RawLine) throws -> Bool) throws {
        var start = 0  // first byte not yet handed out
        var end = 0  // one past the last byte read
        var searchFrom = 0  // where the search for `\n` resumes
        var lineNumber = 0
        var atEndOfInput = false
        var bomChecked = false

        while true {
            let newline: Int? = storage.withUnsafeBytes { raw -> Int? in
                guard let base = raw.baseAddress, searchFrom < end else { return nil }
                guard let found = memchr(base + searchFrom, 0x0A, end - searchFrom) else { return nil }
                return base.distance(to: UnsafeRawPointer(found))
            }
            if !bomChecked && (end - start >= 3 || atEndOfInput) {
                bomChecked = true
                if end - start >= 3 && storage[start] == 0xEF && storage[start + 1] == 0xBB && storage[start + 2] == 0xBF {
                    start += 3
                    searchFrom = max(searchFrom, start)
                    continue
                }
            }
            if bomChecked, let newline {
                lineNumber += 1
                var lineEnd = newline
                if lineEnd > start && storage[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let keepGoing = try storage.withUnsafeBufferPointer { buffer in
                    try body(RawLine(number: lineNumber, bytes: UnsafeBufferPointer(rebasing: buffer[start..<lineEnd]), endsWithNewline: true))
                }
                if !keepGoing { return }
                start = newline + 1
                searchFrom = start
                continue
            }
            searchFrom = end
            if atEndOfInput {
                if start < end {
                    lineNumber += 1
                    _ = try storage.withUnsafeBufferPointer { buffer in
                        try body(RawLine(number: lineNumber, bytes: UnsafeBufferPointer(rebasing: buffer[start..<end]), endsWithNewline: false))
                    }
                }
                return
            }
            // Make room: move the partial line to the front, grow if it fills the buffer.
            if start > 0 {
                let pending = end - start
                storage.withUnsafeMutableBytes { raw in
                    guard let base = raw.baseAddress else { return }
                    memmove(base, base + start, pending)
                }
                searchFrom -= start
                end = pending
                start = 0
            }
            if end == storage.count {
                storage.append(contentsOf: repeatElement(0, count: storage.count))
            }
            let read = try storage.withUnsafeMutableBytes { raw in
                try source.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[end...]))
            }
            if read == 0 { atEndOfInput = true } else { end += read }
        }
    }
}
