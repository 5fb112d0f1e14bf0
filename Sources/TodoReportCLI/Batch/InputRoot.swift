import Foundation
import SessionLog

/// How `stats/NAME.json` records the INPUT a session was found under (a
/// file, a folder, or one line of the `-` list): what a later run compares
/// to tell its own sessions from those of other roots.
enum InputRoot {
    /// `root` made absolute against the current folder and written plainly
    /// (`.` components, doubled and trailing slashes dropped; `..` kept, since
    /// a link may stand before it): `logs`, `logs/` and `./logs` are one
    /// root, wherever the run is started.
    static func absolute(_ root: Path) -> Path {
        var bytes = root.bytes
        if !root.isAbsolute, let folder = currentFolder() { bytes = folder + [UInt8(ascii: "/")] + bytes }
        let components = bytes.split(separator: UInt8(ascii: "/")).filter { $0 != [UInt8(ascii: ".")] }
        return Path(bytes: [UInt8(ascii: "/")] + components.joined(separator: [UInt8(ascii: "/")]))
    }

    /// The text recorded: the absolute path for people (see ``Path/display``);
    /// under `--redact` a keyed pseudonym of it (`f-…`), or `redacted`
    /// without a key, since a path may tell as much as a file name.
    static func recorded(_ root: Path, redaction: LogRedaction?) -> String {
        let text = absolute(root).display
        return redaction.map { $0.pseudonyms.pseudonym(of: text, as: .file) } ?? text
    }

    /// The recorded roots that are `root`: its own (``recorded(_:redaction:)``)
    /// and, under `--redact`, its plain path too, so that a redacted run over
    /// a root removes what a plain run left there, which may show what
    /// redaction hides. (A plain run cannot tell a keyed pseudonym's root
    /// and leaves such sessions.)
    static func matching(_ root: Path, redaction: LogRedaction?) -> [String] {
        [recorded(root, redaction: redaction)] + (redaction == nil ? [] : [absolute(root).display])
    }

    private static func currentFolder() -> [UInt8]? {
        guard let folder = getcwd(nil, 0) else { return nil }
        defer { free(folder) }
        return Array(UnsafeBufferPointer(start: folder, count: strlen(folder))).map { UInt8(bitPattern: $0) }
    }
}
