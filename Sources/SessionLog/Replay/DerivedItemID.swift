import ByteLevel

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The id of an item whose `addItem` record carries none: derived from the
/// session id and the record's line, so the same log always gives the same
/// ids (and so byte-identical reports).
public enum DerivedItemID {
    /// The id for the item of the `addItem` on `line` of the session `sessionId`.
    public static func make(sessionId: String?, line: Int) -> UUID {
        let key = Array("todo-session/1|\(sessionId ?? "")|\(line)".utf8)
        let high = FNV1a.hash(key)
        let low = FNV1a.hash(key, basis: 0x84222325_CBF29CE4)
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in 0..<8 {
            bytes[i] = UInt8(truncatingIfNeeded: high >> (56 - 8 * i))
            bytes[8 + i] = UInt8(truncatingIfNeeded: low >> (56 - 8 * i))
        }
        bytes[6] = bytes[6] & 0x0F | 0x80  // version 8: custom
        bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 9562 variant
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
