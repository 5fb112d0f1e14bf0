/// Finds, eight bytes at a time, the next byte that JSON text must look at:
/// a quote, a backslash or a control character, and for text inside an HTML
/// `<script>` also `<`, `>`, `&`, 0xE2 (the lead byte of U+2028 and
/// U+2029), DEL and 0xC2 (the lead byte of the C1 controls). Most of a log's and a page's text is plain; a loop that looks at
/// every byte was a large part of reading and of writing it.
///
/// The enum is `public` (its members are `package`) for the compiler: Swift
/// 6.3 does not inline an `@inlinable package` member of a `package` type
/// into another module, and this scan is the reader's innermost loop.
public enum PlainBytes {
    @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// The first index from `start` whose byte may need attention, or an
    /// index with fewer than eight bytes after it (the caller looks at those
    /// one by one). Every byte it skips is plain. Always inlined: it runs
    /// for every string of a log, most of them short, and inlined it folds
    /// `scriptSafe` away.
    @inlinable @inline(__always)
    package static func skip(_ bytes: ByteView, from start: Int, scriptSafe: Bool = false) -> Int {
        guard let base = bytes.buffer.baseAddress else { return start }
        var index = start
        while index &+ 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // A byte's high bit is set where `word ^ pattern` has a zero byte, or
            // where the byte is below 0x20. A borrow can set it in bytes after
            // such a byte, never before: the lowest set bit is exact.
            var special = zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C)) | (word &- ones &* 0x20) & ~word
            if scriptSafe {
                special |= zeroBytes(word ^ (ones &* 0x3C)) | zeroBytes(word ^ (ones &* 0x3E)) | zeroBytes(word ^ (ones &* 0x26))
                special |= zeroBytes(word ^ (ones &* 0xE2)) | zeroBytes(word ^ (ones &* 0x7F)) | zeroBytes(word ^ (ones &* 0xC2))
            }
            special &= highs
            if special != 0 { return index &+ special.trailingZeroBitCount >> 3 }
            index &+= 8
        }
        return index
    }

    /// Whether every byte of `bytes` is plain: the text is written inside a
    /// JSON string (`scriptSafe`: inside a `<script>` block) exactly as it is.
    @inlinable @inline(__always)
    package static func all(_ bytes: ByteView, scriptSafe: Bool = false) -> Bool {
        bytes.buffer[skip(bytes, from: 0, scriptSafe: scriptSafe)...].allSatisfy { isPlain($0, scriptSafe: scriptSafe) }
    }

    /// Whether `byte` is plain, judged alone (0xE2 is counted as not in
    /// script-safe text: it may start U+2028 or U+2029).
    @inlinable @inline(__always)
    package static func isPlain(_ byte: UInt8, scriptSafe: Bool = false) -> Bool {
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
        if scriptSafe
            && (byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == 0xE2 || byte == 0x7F
                || byte == 0xC2)
        {
            return false
        }
        return true
    }

    /// High bits where `word` may have a zero byte (exact up to the first).
    @inlinable @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word
    }
}
