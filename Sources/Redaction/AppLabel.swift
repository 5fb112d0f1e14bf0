/// Whether a header's `app` or `appVersion` looks like an app's name or
/// version, and so is kept under redaction: at most 64 bytes of ASCII
/// letters and digits, spaces and `. _ - ( ) +` (`TimeTrave`, `1.4.2 (87)`,
/// `Todo+ beta`). These key the per-version funnel of a batch and name no
/// person; anything else (a name typed into a build setting, an e-mail
/// address, text in another script) is masked like typed text.
public enum AppLabel {
    /// The longest label kept, in bytes.
    public static let maxBytes = 64

    /// Whether `text` is kept as it is under redaction.
    public static func isPlain(_ text: String) -> Bool {
        text.utf8.count <= maxBytes
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: " "), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "("), UInt8(ascii: ")"),
                    UInt8(ascii: "+"):
                    true
                default: false
                }
            }
    }

    /// `text` as redaction leaves it: kept when ``isPlain(_:)``, else masked.
    public static func redacted(_ text: String) -> String {
        isPlain(text) ? text : TextMask.mask(text)
    }
}
