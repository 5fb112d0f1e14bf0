#if canImport(Glibc)
    import Glibc
    import FoundationEssentials
#else
    import Foundation
#endif

/// A one-line progress display on standard error, shown only when it is a
/// terminal, the input is a large regular file and `--quiet` was not given;
/// it erases itself at the end.
struct ReadProgress {
    private let descriptor: Int32
    private let error: Int32
    private let total: Int64
    private let enabled: Bool
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(input descriptor: Int32, error: Int32, quiet: Bool) {
        self.descriptor = descriptor
        self.error = error
        var info = stat()
        let isFile = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        total = isFile ? Int64(info.st_size) : 0
        enabled = !quiet && isatty(error) == 1 && total >= 32 << 20
    }

    /// Redraws at most four times a second.
    mutating func update(frames: Int) {
        guard enabled, Date().timeIntervalSince(lastDraw) >= 0.25 else { return }
        lastDraw = Date()
        let position = Int64(lseek(descriptor, 0, SEEK_CUR))
        let percent = total > 0 ? min(100, Int(position * 100 / total)) : 0
        let width = 30
        let filled = width * percent / 100
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        StandardStreams.write(Array("\r\(bar) \(percent)%  \(frames) frames".utf8), to: error)
        drawn = true
    }

    /// Erases the line (before other output, and at the end).
    mutating func clear() {
        if drawn { StandardStreams.write(Array(Self.eraseLine.utf8), to: error) }
        drawn = false
    }

    /// Back to the start of the terminal's line, and clears it: how a progress line is erased.
    static let eraseLine = "\r\u{1B}[2K"
}
