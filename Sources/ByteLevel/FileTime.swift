#if canImport(Glibc)
    package import Glibc
#elseif canImport(Darwin)
    package import Darwin
#endif

/// A time on the clock the kernel stamps files with, to the nanosecond the
/// file system keeps: a file's modification time, or now.
package struct FileTime: Comparable, Sendable {
    package var seconds: Int
    package var nanoseconds: Int

    package init(seconds: Int, nanoseconds: Int) {
        (self.seconds, self.nanoseconds) = (seconds, nanoseconds)
    }

    /// When the file `info` describes was last modified.
    package init(modifiedOf info: stat) {
        #if canImport(Glibc)
            self.init(seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
        #else
            self.init(seconds: Int(info.st_mtimespec.tv_sec), nanoseconds: Int(info.st_mtimespec.tv_nsec))
        #endif
    }

    package static func < (lhs: FileTime, rhs: FileTime) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// Later than every file.
    package static let never = FileTime(seconds: .max, nanoseconds: 0)

    /// Now, on the clock the kernel stamps files with (on Linux its coarse
    /// clock: a file made after this moment never has an earlier time).
    package static func now() -> FileTime {
        var time = timespec()
        #if canImport(Glibc)
            clock_gettime(CLOCK_REALTIME_COARSE, &time)
        #else
            clock_gettime(CLOCK_REALTIME, &time)
        #endif
        return FileTime(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
    }
}
