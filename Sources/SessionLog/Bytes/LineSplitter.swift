import Foundation

/// One line of a log, valid only inside the closure it is passed to.
struct RawLine {
    /// 1-based.
    var number: Int
    /// The line without its `\n`, without a `\r` before it, and without a BOM
    /// on line 1. Empty for a line past the limit (see ``skippedLength``).
    var bytes: UnsafeBufferPointer<UInt8>
    /// `false` only for a last line that the file ends inside.
    var endsWithNewline: Bool
    /// For a line longer than the splitter's limit, its length (counted as
    /// ``bytes`` would count it): its bytes were skipped, never held whole.
    /// A blank line (spaces and tabs) is blank at any length: it comes with
    /// empty ``bytes`` and no ``skippedLength``.
    var skippedLength: Int? = nil
}

/// The line `bytes`, or only its length when it is past `limit` (a blank
/// line stays blank, with no bytes).
private func rawLine(_ number: Int, _ bytes: UnsafeBufferPointer<UInt8>, endsWithNewline: Bool, limit: Int) -> RawLine {
    guard bytes.count > limit else { return RawLine(number: number, bytes: bytes, endsWithNewline: endsWithNewline) }
    return RawLine(
        number: number, bytes: UnsafeBufferPointer(start: nil, count: 0), endsWithNewline: endsWithNewline,
        skippedLength: isBlank(bytes) ? nil : bytes.count)
}

/// Only spaces and tabs (or nothing): a blank line.
func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 }
}

/// Splits a byte stream into lines on `0x0A` through one reusable buffer: it
/// holds one line at a time, never the file.
///
/// The buffer grows for a longer line, up to the limit plus two bytes (a
/// `\r\n` may follow a line of exactly the limit); a line longer than the
/// limit is skipped a buffer at a time and handed out without its bytes.
/// After a long line the buffer shrinks back.
struct LineSplitter<Source: ByteSource> {
    static var initialCapacity: Int { 1 << 20 }

    private var source: Source
    private let initialSize: Int
    /// The longest line handed out with its bytes.
    let maxLineBytes: Int

    /// - Parameters:
    ///   - bufferSize: The buffer's size to start with (and to shrink back to).
    ///   - maxLineBytes: Longer lines are skipped (``RawLine/skippedLength``).
    init(source: Source, bufferSize: Int = LineSplitter.initialCapacity, maxLineBytes: Int = LogReplayer.defaultMaxLineBytes) {
        self.source = source
        self.initialSize = max(bufferSize, 16)
        self.maxLineBytes = min(max(maxLineBytes, 0), LogReplayer.largestMaxLineBytes)
    }

    /// Calls `body` with each line in order. Stops early when `body` returns `false`.
    mutating func forEachLine(_ body: (RawLine) throws -> Bool) throws {
        let buffer = try LineBuffer(capacity: initialSize)
        var start = 0  // first byte not yet handed out
        var end = 0  // one past the last byte read
        var searchFrom = 0  // where the search for `\n` resumes
        var lineNumber = 0
        var atEndOfInput = false
        var bomChecked = false

        while true {
            let newline = buffer.newline(from: searchFrom, to: end)
            if !bomChecked && (end - start >= 3 || atEndOfInput) {
                bomChecked = true
                if end - start >= 3 && buffer[start] == 0xEF && buffer[start + 1] == 0xBB && buffer[start + 2] == 0xBF {
                    start += 3
                    searchFrom = max(searchFrom, start)
                    continue
                }
            }
            if bomChecked, let newline {
                var lineEnd = newline
                if lineEnd > start && buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                lineNumber += 1
                let line = rawLine(
                    lineNumber, buffer.bytes(from: start, count: lineEnd - start), endsWithNewline: true, limit: maxLineBytes)
                if try !body(line) { return }
                start = newline + 1
                searchFrom = start
                continue
            }
            // A newline seen before the BOM check (fewer than 3 bytes read) is searched for again.
            if newline == nil { searchFrom = end }
            if atEndOfInput {
                if start < end {
                    lineNumber += 1
                    _ = try body(
                        rawLine(lineNumber, buffer.bytes(from: start, count: end - start), endsWithNewline: false, limit: maxLineBytes))
                }
                return
            }
            // No newline in `start..<end`: past the limit even if `\r\n` comes next?
            if bomChecked && end - start > maxLineBytes + 1 {
                lineNumber += 1
                let skipped = try skipRestOfLine(seen: buffer.bytes(from: start, count: end - start), buffer: buffer)
                if try !body(
                    RawLine(
                        number: lineNumber, bytes: UnsafeBufferPointer(start: nil, count: 0),
                        endsWithNewline: skipped.endsWithNewline, skippedLength: skipped.blank ? nil : skipped.length))
                {
                    return
                }
                if let next = skipped.next {
                    start = next.start
                    end = next.end
                } else {
                    start = 0
                    end = 0
                    atEndOfInput = true
                }
                searchFrom = start
                continue
            }
            // Make room: move the partial line to the front; shrink after a
            // long line, grow (up to the limit and `\r\n`) if it fills the buffer.
            let pending = end - start
            buffer.moveToFront(from: start, count: pending)
            searchFrom -= start
            end = pending
            start = 0
            if buffer.capacity > initialSize && pending <= initialSize / 2 {
                try buffer.resize(to: initialSize)
            } else if end == buffer.capacity {
                try buffer.resize(to: max(min(buffer.capacity * 2, maxLineBytes + 2), buffer.capacity + 1))
            }
            let read = try source.read(into: buffer.room(from: end))
            if read == 0 { atEndOfInput = true } else { end += read }
        }
    }

    /// Reads past the rest of a line whose first `seen` bytes were read and
    /// are not needed, through `buffer` at its start size. Returns the line's
    /// length (a `\r` before its `\n` not counted), whether it is blank, and
    /// where the bytes after its `\n` lie in `buffer` (`nil` at the end of
    /// the input).
    private mutating func skipRestOfLine(
        seen: UnsafeBufferPointer<UInt8>, buffer: LineBuffer
    ) throws -> (length: Int, blank: Bool, endsWithNewline: Bool, next: (start: Int, end: Int)?) {
        // The last byte read is judged once the next is known: a `\r` before `\n` is not part of the line.
        var length = seen.count
        var blank = isBlank(UnsafeBufferPointer(rebasing: seen.dropLast()))
        var last = seen.last ?? 0x20
        func isBlankByte(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        if buffer.capacity > initialSize { try buffer.resize(to: initialSize) }
        while true {
            let read = try source.read(into: buffer.room(from: 0))
            guard read > 0 else { return (length, blank && isBlankByte(last), false, nil) }
            if let newline = buffer.newline(from: 0, to: read) {
                var lineEnd = newline
                if newline == 0 && last == 0x0D {
                    length -= 1
                } else {
                    blank = blank && isBlankByte(last)
                    if newline > 0 && buffer[newline - 1] == 0x0D { lineEnd -= 1 }
                }
                length += lineEnd
                blank = blank && isBlank(buffer.bytes(from: 0, count: lineEnd))
                return (length, blank, true, (newline + 1, read))
            }
            length += read
            blank = blank && isBlankByte(last) && isBlank(buffer.bytes(from: 0, count: read - 1))
            last = buffer[read - 1]
        }
    }
}
