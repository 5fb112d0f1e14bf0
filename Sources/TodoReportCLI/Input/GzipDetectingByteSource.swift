import CZlib
import SessionLog
import Synchronization

/// Why a gzip-compressed log could not be read.
struct GzipError: Error, CustomStringConvertible {
    let description: String
}

/// How gzip data ended other than after its last whole member: what was
/// inflated before is read, as `gzip -d` keeps it, and this says what was not.
enum GzipIrregularEnding: Equatable, CustomStringConvertible {
    /// The file ends inside a member (a copy or an upload cut short): its last
    /// bytes are unchecked by the member's CRC, a line the cut tore is the
    /// log's `truncated-line`, and the replay's `cut-short` says what was lost.
    case cutShort(afterCompressedBytes: UInt64)
    /// Bytes after the last whole member that are not another member.
    case trailingBytes(fromByte: UInt64, zlibMessage: String)

    var description: String {
        switch self {
        case .cutShort(let bytes):
            "the gzip data ends early, after \(bytes) compressed bytes"
        case .trailingBytes(let byte, let message):
            "the gzip data ends at byte \(byte) and the bytes after it are not another gzip member (\(message)): "
                + "they are ignored, as gzip -d ignores them"
        }
    }
}

/// A log's bytes, decompressed when they are gzip data (`.jsonl.gz`; told by
/// the first two bytes, 1F 8B, which no JSON text starts with), as they are
/// read: memory stays one input chunk and zlib's window whatever the size.
/// Concatenated gzip members are read one after the other, as `gzip -d` does.
/// Data cut short, and bytes after the last member, end the log where the
/// gzip data does (``irregularEnding`` says so); data that zlib finds damaged
/// makes the file unreadable.
struct GzipDetectingByteSource<Base: ByteSource>: ByteSource {
    /// zlib's stream must not be copied, and a source is passed by value, so
    /// the state lives in one box that every copy shares. Unchecked: the
    /// replayer reads a source from one thread at a time (as a file
    /// descriptor is read), and nothing else touches the box.
    private final class Box: @unchecked Sendable {
        var state: State
        /// Set once the first bytes said gzip: read from the thread that
        /// takes the log's lines while another reads the bytes.
        let isGzip = Atomic(false)
        init(_ base: Base) { state = State(base) }
    }

    private let box: Box

    init(_ base: Base) {
        box = Box(base)
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = try box.state.read(into: buffer)
        if box.state.isGzip && !box.isGzip.load(ordering: .relaxed) { box.isGzip.store(true, ordering: .releasing) }
        return count
    }

    /// How the gzip data ended, when not after a whole last member; nil for
    /// plain bytes and whole gzip data. Read it once the source has ended
    /// (every copy of a source shares it).
    var irregularEnding: GzipIrregularEnding? { box.state.irregularEnding }

    /// Data cut short, for the replay's `cut-short` warning; bytes after the
    /// last member are not. A file that got shorter while it was read says
    /// so first (its gzip data, if any, then ends early for that reason).
    var endedEarly: String? {
        if let reason = box.state.base.endedEarly { return reason }
        guard let irregularEnding, case .cutShort = irregularEnding else { return nil }
        return irregularEnding.description
    }

    /// Whether the bytes read so far are gzip data: only its last member's
    /// checksum says that what was inflated before is the file's.
    var isGzip: Bool { box.isGzip.load(ordering: .acquiring) }

    private struct State: ~Copyable {
        enum Mode { case undecided, plain, gzip }

        var base: Base
        var mode = Mode.undecided
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        var started = false
        var baseEnded = false
        var memberEnded = false
        /// Set when the data ended irregularly: every read after gives 0.
        var irregularEnding: GzipIrregularEnding?
        var inflatedAny = false
        /// Compressed bytes of the members before the one being read, and how many there were.
        var earlierMemberBytes: UInt64 = 0
        var earlierMembers = 0
        /// Plain bytes read while deciding, not yet handed out.
        var pending = 0..<0

        init(_ base: Base) {
            self.base = base
            stream.initialize(to: z_stream())
        }

        deinit {
            if started { inflateEnd(stream) }
            stream.deinitialize(count: 1)
            stream.deallocate()
            input.deallocate()
        }

        mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            guard buffer.count > 0 else { return 0 }
            if mode == .undecided { try decide() }
            switch mode {
            case .plain, .undecided:
                guard pending.isEmpty else {
                    let count = min(pending.count, buffer.count)
                    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: input[pending.lowerBound..<pending.lowerBound + count]))
                    pending = pending.lowerBound + count..<pending.upperBound
                    return count
                }
                return try base.read(into: buffer)
            case .gzip:
                if irregularEnding != nil { return 0 }
                let count = try inflate(into: buffer)
                if count > 0 { inflatedAny = true }
                return count
            }
        }

        /// Reads until two bytes are known (or the input ends) and looks at them.
        private mutating func decide() throws {
            var count = 0
            while count < 2 {
                let read = try base.read(into: UnsafeMutableRawBufferPointer(rebasing: input[count...]))
                if read == 0 { break }
                count += read
            }
            if count >= 2 && input[0] == GzipWriter.magic[0] && input[1] == GzipWriter.magic[1] {
                guard todo_report_inflate_init_gzip(stream) == Z_OK else {
                    throw GzipError(description: "zlib could not start (out of memory)")
                }
                started = true
                stream.pointee.next_in = input.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_in = uInt(count)
                mode = .gzip
            } else {
                pending = 0..<count
                mode = .plain
            }
        }

        var isGzip: Bool { mode == .gzip }

        /// Compressed bytes read from the start of the file.
        private var compressedBytesRead: UInt64 { earlierMemberBytes + UInt64(stream.pointee.total_in) }

        private mutating func inflate(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            while true {
                if stream.pointee.avail_in == 0 && !baseEnded {
                    let read = try base.read(into: input)
                    if read == 0 {
                        baseEnded = true
                    } else {
                        stream.pointee.next_in = input.baseAddress?.assumingMemoryBound(to: Bytef.self)
                        stream.pointee.avail_in = uInt(read)
                    }
                }
                if memberEnded {
                    guard stream.pointee.avail_in > 0 else {
                        if baseEnded { return 0 }
                        continue
                    }
                    // Another gzip member follows (zlib counts total_in per member).
                    earlierMemberBytes += UInt64(stream.pointee.total_in)
                    earlierMembers += 1
                    inflateReset(stream)
                    memberEnded = false
                }
                stream.pointee.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = uInt(min(buffer.count, Int(UInt32.max)))
                let status = CZlib.inflate(stream, Z_NO_FLUSH)
                let produced = min(buffer.count, Int(UInt32.max)) - Int(stream.pointee.avail_out)
                switch status {
                case Z_STREAM_END:
                    memberEnded = true
                case Z_OK, Z_BUF_ERROR:
                    break
                case Z_MEM_ERROR:
                    throw GzipError(description: "zlib ran out of memory")
                default:
                    let message = stream.pointee.msg.map { String(cString: $0) } ?? "error \(status)"
                    // Still in a following member's 10-byte header: bytes after the last whole member.
                    if earlierMembers > 0 && stream.pointee.total_in < 10 {
                        irregularEnding = .trailingBytes(fromByte: earlierMemberBytes, zlibMessage: message)
                        return 0
                    }
                    // zlib finds most damage only at the member's checksum, after inflating what came before
                    // it: what was read before may come from the damaged data (a reader holds its diagnostics back).
                    throw GzipError(
                        description:
                            "it is not valid gzip data after \(compressedBytesRead) compressed bytes: \(message); the file is damaged: "
                            + "fetch or copy it again")
                }
                if produced > 0 { return produced }
                if baseEnded && stream.pointee.avail_in == 0 && !memberEnded {
                    guard inflatedAny else {
                        throw GzipError(
                            description:
                                "the gzip data ends after \(compressedBytesRead) compressed bytes, before any of the log: the file is cut short"
                        )
                    }
                    irregularEnding = .cutShort(afterCompressedBytes: compressedBytesRead)
                    return 0
                }
            }
        }
    }
}
