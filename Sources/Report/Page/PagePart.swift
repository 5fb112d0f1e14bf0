import ByteLevel

/// A piece of a page's JSON data: text, or spilled bytes copied in as they are.
enum PagePart {
    case text(String)
    case spill(SpillFile)

    /// Writes `parts`, in order, as the text of one JSON script block that
    /// the page reads whole, split into blocks of 64 KiB (see ``ScriptBlockSplitter``).
    static func writeBlocks<Sink: ByteSink>(_ parts: [PagePart], to sink: inout Sink) throws {
        var blocks = ScriptBlockSplitter(base: sink)
        defer { sink = blocks.base }
        for part in parts {
            switch part {
            case .text(let text): try blocks.write(text)
            case .spill(let spill): try blocks.write(spill)
            }
        }
    }
}
