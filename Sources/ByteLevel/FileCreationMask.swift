#if canImport(Glibc)
    package import Glibc
#elseif canImport(Darwin)
    package import Darwin
#endif

/// The process's file-creation mask (umask), for the mode a new output gets.
///
/// POSIX can only read the mask by setting it (`umask(0)`, then back), and
/// `batch` finishes files on several threads: two threads doing that at once
/// can leave the mask 0 for the rest of the run, and a file created by another
/// thread in between gets no mask at all. So the mask is read once, without
/// changing it where Linux shows it (`Umask:` in `/proc/self/status`).
package enum FileCreationMask {
    /// The mask, read once per process.
    package static let current: mode_t = fromProcStatus() ?? readBySetting()

    /// `Umask:\t0022` from `/proc/self/status` (Linux 4.7 and later).
    private static func fromProcStatus() -> mode_t? {
        #if os(Linux)
            guard let bytes = FileDescriptorIO.kernelFile("/proc/self/status") else { return nil }
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Umask:") {
                return mode_t(line.dropFirst("Umask:".count).filter { $0 != "\t" && $0 != " " }, radix: 8)
            }
        #endif
        return nil
    }

    private static func readBySetting() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return mask
    }
}
