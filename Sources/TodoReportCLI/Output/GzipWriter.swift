import ByteLevel
import CZlib
import SessionLog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes gzip data to a file descriptor with zlib's deflate (level 6, as
/// `gzip` does), deterministically: the header holds no time, no name and
/// "unknown" for the system (RFC 1952: MTIME 0, OS 255), so the same bytes
/// in give the same file on any machine with the same zlib. What a data
/// team's tools read as `.csv.gz` (the event table).
final class GzipWriter {
    private let descriptor: Int32
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var output = [UInt8](repeating: 0, count: 1 << 16)
    private var crc: UInt = crc32(0, nil, 0)
    private var size: UInt32 = 0
    private var started = false

    /// Starts the gzip data on `descriptor`, with its header.
    init(descriptor: Int32) throws(SystemCallError) {
        self.descriptor = descriptor
        stream.initialize(to: z_stream())
        guard todo_report_deflate_init_raw(stream, 6) == Z_OK else { throw SystemCallError("compress", errno: ENOMEM) }
        started = true
        try writeAll(Self.header, to: descriptor)
    }

    /// The gzip header it writes, the same for every file: ID1 ID2, CM deflate,
    /// FLG none, MTIME 0, XFL 0, OS unknown. What tells a batch's event table
    /// from a file someone else put in its folder.
    static let header: [UInt8] = magic + [0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF]

    /// The two bytes every gzip member starts with (ID1 ID2), which no JSON text starts with.
    static let magic: [UInt8] = [0x1F, 0x8B]

    deinit {
        if started { deflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Compresses `bytes` and writes what deflate gives back (it takes all
    /// of them before this returns: zlib keeps no pointer into them).
    func write(_ bytes: ByteView) throws(SystemCallError) {
        try bytes.withUnsafeBytes { bytes throws(SystemCallError) in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            crc = crc32(crc, base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
            size &+= UInt32(truncatingIfNeeded: bytes.count)
            stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
            stream.pointee.avail_in = uInt(bytes.count)
            try run(flush: Z_NO_FLUSH)
            stream.pointee.next_in = nil
        }
    }

    /// Ends the data: what deflate still holds, then the CRC-32 and the size (mod 2^32).
    func finish() throws(SystemCallError) {
        stream.pointee.next_in = nil
        stream.pointee.avail_in = 0
        try run(flush: Z_FINISH)
        var trailer = [UInt8]()
        for value in [UInt32(truncatingIfNeeded: crc), size] {
            for shift in stride(from: 0, to: 32, by: 8) { trailer.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
        }
        try writeAll(trailer, to: descriptor)
    }

    private func run(flush: Int32) throws(SystemCallError) {
        while true {
            let (status, produced) = output.withUnsafeMutableBytes { buffer in
                stream.pointee.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = uInt(buffer.count)
                let status = deflate(stream, flush)
                return (status, buffer.count - Int(stream.pointee.avail_out))
            }
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                throw SystemCallError("compress", errno: EIO)
            }
            if produced > 0 { try writeAll(Array(output[..<produced]), to: descriptor) }
            if flush == Z_FINISH ? status == Z_STREAM_END : stream.pointee.avail_in == 0 && produced < output.count { return }
        }
    }
}
