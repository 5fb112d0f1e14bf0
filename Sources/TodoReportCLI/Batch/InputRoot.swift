import ByteLevel
import SessionLog

/// How `stats/NAME.json` records the INPUT a session was found under (a
/// file, a folder, or one line of the `-` list): what a later run compares
/// to tell its own sessions from those of other roots.
enum InputRoot {
    /// The text recorded: the path made absolute (``Path/absolute``) and
    /// written as ``Path/recordedText`` writes it, so that `logs`, `logs/` and
    /// `./logs` are one root wherever the run starts; under `--redact` a
    /// keyed pseudonym of it (`f-…`), or `redacted` without a key, since a
    /// path may tell as much as a file name.
    static func recorded(_ root: Path, redaction: LogRedaction?) -> String {
        let text = root.absolute.recordedText
        return redaction.map { $0.pseudonyms.pseudonym(of: text, as: .file) } ?? text
    }

    /// The recorded roots that are `root`: its own (``recorded(_:redaction:)``)
    /// and, under `--redact`, its plain path too, so that a redacted run over
    /// a root removes what a plain run left there, which may show what
    /// redaction hides. (A plain run cannot tell a keyed pseudonym's root
    /// and leaves such sessions.)
    static func matching(_ root: Path, redaction: LogRedaction?) -> [String] {
        [recorded(root, redaction: redaction)] + (redaction == nil ? [] : [root.absolute.recordedText])
    }
}
