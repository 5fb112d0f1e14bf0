import ByteLevel

/// Writes the text of a `<script type="application/json">` block as several
/// blocks of at most about ``blockBytes`` each, closing one and opening the
/// next (`</script>` + ``separator``) between two characters.
///
/// WebKit's HTML parser appends each piece of a script element's text to the
/// one text node it keeps for it, copying what it holds so far, so one block
/// of 20 MB took it 38 s to parse where blocks of 64 KiB take under 1 s
/// (Chromium and Firefox parse both alike). The page joins the blocks'
/// texts in order (`blockText` in `Templates/frames.js`). A split never
/// falls inside a UTF-8 sequence; the text is script-safe JSON, so no block
/// holds `</script` or `<!--`.
struct ScriptBlockSplitter<Base: ByteSink>: ByteSink {
    /// What opens each block after the first.
    static var separator: String { "</script>\n<script type=\"application/json\" data-continued>" }

    var base: Base
    let blockBytes: Int
    private var written = 0

    init(base: Base, blockBytes: Int = 1 << 16) {
        self.base = base
        self.blockBytes = blockBytes
    }

    mutating func write(_ bytes: ByteView) throws {
        var start = 0
        while start < bytes.count {
            let continuesCharacter = bytes[start] & 0xC0 == 0x80
            if written >= blockBytes, !continuesCharacter {
                try base.write(Self.separator)
                written = 0
            }
            var end = start
            if written < blockBytes {
                end = min(bytes.count, start + blockBytes - written)
            } else {
                // The rest of a character that crossed the block's end.
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            }
            try base.write(bytes.subview(start..<end))
            written += end - start
            start = end
        }
    }
}
