/// One line of a log, valid only inside the closure it is passed to.
package struct RawLine {
    /// 1-based.
    package var number: Int
    /// The line without its `\n`, without a `\r` before it, and without a BOM
    /// on line 1. Empty for a line past the limit (see ``skippedLength``).
    package var bytes: ByteView
    /// `false` only for a last line that the file ends inside.
    package var endsWithNewline: Bool
    /// For a line longer than the splitter's limit, its length (counted as
    /// ``bytes`` would count it): its bytes were skipped, never held whole.
    /// A blank line (spaces and tabs) is blank at any length: it comes with
    /// empty ``bytes`` and no ``skippedLength``.
    package var skippedLength: Int? = nil

    /// A line as the splitter hands it out, or as a copy of its lines
    /// gives it again on another thread.
    package init(number: Int, bytes: ByteView, endsWithNewline: Bool, skippedLength: Int? = nil) {
        self.number = number
        self.bytes = bytes
        self.endsWithNewline = endsWithNewline
        self.skippedLength = skippedLength
    }
}

/// The line `bytes`, or only its length when it is past `limit` (a blank
/// line stays blank, with no bytes).
private func rawLine(_ number: Int, _ buffer: UnsafeBufferPointer<UInt8>, endsWithNewline: Bool, limit: Int) -> RawLine {
    let bytes = ByteView(buffer)
    guard bytes.count > limit else { return RawLine(number: number, bytes: bytes, endsWithNewline: endsWithNewline) }
    return RawLine(
        number: number, bytes: ByteView(), endsWithNewline: endsWithNewline,
        skippedLength: isBlank(bytes) ? nil : bytes.count)
}

/// Only spaces and tabs (or nothing): a blank line.
package func isBlank(_ bytes: ByteView) -> Bool {
    bytes.allSatisfy(isBlankByte)
}

/// A space or a tab: what a blank line may hold.
package func isBlankByte(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

/// Splits a byte stream into lines on `0x0A` through one reusable buffer: it
/// holds one line at a time, never the file.
///
/// The buffer grows for a longer line, up to the limit plus two bytes (a
/// `\r\n` may follow a line of exactly the limit), but never past
/// ``heldInMemory`` while the line's end is not in sight: a line that
/// outgrows that is moved to an unlinked temporary file (``SpillFile``) and
/// read on at the start size until its end shows whether it is within the
/// limit. Within, it is read back and handed out whole; past the limit, it
/// is dropped from the file as soon as that is known. So a line past the
/// limit costs at most ``heldInMemory`` bytes of memory, whatever the limit.
/// A line longer than the limit is skipped a buffer at a time and handed out
/// without its bytes. After a long line the buffer shrinks back.
///
/// A log read for redaction holds its long lines in memory instead
/// (`holdingLongLinesInMemory`), up to the limit: the temporary file would
/// put unredacted text on disk.
package struct LineSplitter<Source: ByteSource> {
    package static var initialCapacity: Int { 1 << 20 }
    /// How many times its start size the buffer may grow to for a line whose end is not yet read.
    package static var heldInMemoryFactor: Int { 16 }

    private var source: Source
    private let initialSize: Int
    /// The most bytes of a line kept in memory before its end is read
    /// (16 MiB with the default buffer); past that, a line that may still
    /// be within the limit waits on disk.
    package let heldInMemory: Int
    /// The longest line handed out with its bytes.
    package let maxLineBytes: Int

    /// - Parameters:
    ///   - bufferSize: The buffer's size to start with (and to shrink back to).
    ///   - maxLineBytes: Longer lines are skipped (``RawLine/skippedLength``).
    ///   - holdingLongLinesInMemory: Never move a line to a temporary file:
    ///     hold up to `maxLineBytes` of it in memory (for text that must not reach the disk).
    package init(
        source: Source, bufferSize: Int = LineSplitter.initialCapacity, maxLineBytes: Int = LineLimit.defaultBytes,
        holdingLongLinesInMemory: Bool = false
    ) {
        self.source = source
        self.initialSize = max(bufferSize, 16)
        self.maxLineBytes = min(max(maxLineBytes, 0), LineLimit.largestBytes)
        self.heldInMemory =
            holdingLongLinesInMemory
            ? max(initialSize * Self.heldInMemoryFactor, self.maxLineBytes + 2) : initialSize * Self.heldInMemoryFactor
    }

    /// Calls `body` with each line in order. Stops early when `body` returns `false`.
    package mutating func forEachLine(_ body: (RawLine) throws -> Bool) throws {
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
            var skipped: SkippedLine?
            // No newline in `start..<end`: past the limit even if `\r\n` comes next?
            if bomChecked && end - start > maxLineBytes + 1 {
                var line = LongLine()
                line.add(buffer.bytes(from: start, count: end - start))
                skipped = try skipRestOfLine(line, buffer: buffer)
            } else {
                // Make room: move the partial line to the front; shrink after a
                // long line, grow (up to the limit and `\r\n`) if it fills the buffer.
                let pending = end - start
                buffer.move(from: start, to: 0, count: pending)
                searchFrom -= start
                end = pending
                start = 0
                if buffer.capacity > initialSize && pending <= initialSize / 2 {
                    try buffer.resize(to: initialSize)
                } else if end == buffer.capacity && bomChecked && buffer.capacity >= heldInMemory && maxLineBytes > heldInMemory {
                    switch try holdOnDisk(buffer, count: end) {
                    case .within(let count, let heldCount, let endOfInput):
                        // The held bytes have no newline: the search resumes after them.
                        searchFrom = heldCount
                        end = count
                        atEndOfInput = endOfInput
                        continue
                    case .past(let line):
                        skipped = line
                    }
                } else if end == buffer.capacity {
                    let ceiling = maxLineBytes > heldInMemory ? heldInMemory : maxLineBytes + 2
                    try buffer.resize(to: max(min(buffer.capacity * 2, ceiling), buffer.capacity + 1))
                }
            }
            if let skipped {
                lineNumber += 1
                let line = RawLine(
                    number: lineNumber, bytes: ByteView(), endsWithNewline: skipped.endsWithNewline,
                    skippedLength: skipped.blank ? nil : skipped.length)
                if try !body(line) { return }
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
            let read = try source.read(into: buffer.room(from: end))
            if read == 0 { atEndOfInput = true } else { end += read }
        }
    }

    /// A line past the limit, read through and not kept.
    private struct SkippedLine {
        /// Its length as ``RawLine/bytes`` would count it.
        var length: Int
        var blank: Bool
        var endsWithNewline: Bool
        /// Where the bytes after its `\n` lie in the buffer (`nil` at the end of the input).
        var next: (start: Int, end: Int)?
    }

    /// How a line held on disk ended.
    private enum HeldLine {
        /// Within the limit: it is back in the buffer from its start (the
        /// first `heldCount` bytes, without a newline), followed by what was
        /// read after it, `count` bytes in all; `endOfInput` when the input
        /// ends inside it.
        case within(count: Int, heldCount: Int, endOfInput: Bool)
        /// Past the limit.
        case past(SkippedLine)
    }

    /// Moves the `count` bytes of a line without a newline yet from the
    /// buffer to a temporary file and reads on at the start size until the
    /// line's end shows whether it is within the limit: then it is read back
    /// in front of what followed it; past the limit, the file is dropped as
    /// soon as that is known, and the rest of the line skipped.
    private mutating func holdOnDisk(_ buffer: LineBuffer, count: Int) throws -> HeldLine {
        let held = SpillFile(memoryLimit: initialSize)
        var line = LongLine()
        let first = buffer.bytes(from: 0, count: count)
        held.append(UnsafeRawBufferPointer(first))
        line.add(first)
        try buffer.resize(to: initialSize)
        while true {
            let read = try source.read(into: buffer.room(from: 0))
            guard read > 0 else {
                return .within(count: try readBack(held, before: 0, into: buffer), heldCount: held.count, endOfInput: true)
            }
            let newline = buffer.newline(from: 0, to: read)
            let piece = buffer.bytes(from: 0, count: newline ?? read)
            if let newline {
                line.add(piece)
                let (length, blank) = line.endedByNewline()
                guard length <= maxLineBytes else {
                    return .past(SkippedLine(length: length, blank: blank, endsWithNewline: true, next: (newline + 1, read)))
                }
                return .within(count: try readBack(held, before: read, into: buffer), heldCount: held.count, endOfInput: false)
            }
            line.add(piece)
            // Past the limit whatever follows: nothing of it is kept from here on.
            if line.length > maxLineBytes + 1 { return .past(try skipRestOfLine(line, buffer: buffer)) }
            held.append(UnsafeRawBufferPointer(piece))
        }
    }

    /// Puts the held bytes back at the buffer's start, in front of the
    /// `count` bytes read after them; returns how many bytes it holds then.
    private func readBack(_ held: SpillFile, before count: Int, into buffer: LineBuffer) throws -> Int {
        let total = held.count + count
        try buffer.resize(to: max(total, initialSize))
        buffer.move(from: 0, to: held.count, count: count)
        try held.read(at: 0, into: UnsafeMutableRawBufferPointer(rebasing: buffer.room(from: 0)[..<held.count]))
        return total
    }

    /// Reads past the rest of a `line` whose bytes so far were read and are
    /// not needed, through `buffer` at its start size. Returns the line's
    /// length, whether it is blank, and where the bytes after its `\n` lie.
    private mutating func skipRestOfLine(_ line: LongLine, buffer: LineBuffer) throws -> SkippedLine {
        var line = line
        if buffer.capacity > initialSize { try buffer.resize(to: initialSize) }
        while true {
            let read = try source.read(into: buffer.room(from: 0))
            guard read > 0 else {
                let (length, blank) = line.endedByInput()
                return SkippedLine(length: length, blank: blank, endsWithNewline: false, next: nil)
            }
            if let newline = buffer.newline(from: 0, to: read) {
                line.add(buffer.bytes(from: 0, count: newline))
                let (length, blank) = line.endedByNewline()
                return SkippedLine(length: length, blank: blank, endsWithNewline: true, next: (newline + 1, read))
            }
            line.add(buffer.bytes(from: 0, count: read))
        }
    }
}

/// What is known of a long line read piece by piece: its length and
/// whether it is blank. Its last byte is judged once the line's end is
/// known: a `\r` before the `\n` is not part of the line.
private struct LongLine {
    private(set) var length = 0
    private var blankBeforeLast = true
    private var last: UInt8?

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let lastByte = bytes.last else { return }
        let interiorBlank = (last.map(isBlankByte) ?? true) && isBlank(ByteView(UnsafeBufferPointer(rebasing: bytes.dropLast())))
        blankBeforeLast = blankBeforeLast && interiorBlank
        last = lastByte
        length += bytes.count
    }

    /// The line's length and blankness when a `\n` follows the bytes added.
    func endedByNewline() -> (length: Int, blank: Bool) {
        last == 0x0D ? (length - 1, blankBeforeLast) : endedByInput()
    }

    /// The line's length and blankness when the input ends after the bytes added.
    func endedByInput() -> (length: Int, blank: Bool) {
        (length, blankBeforeLast && (last.map(isBlankByte) ?? true))
    }
}
