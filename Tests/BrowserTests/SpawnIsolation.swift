import Foundation

/// What a helper program started for the browser tests (a WebDriver server,
/// Xvfb, Chromium) must not get from the test process.
///
/// - Its descriptors: `posix_spawn` passes on every one not marked
///   close-on-exec, and Foundation's `Pipe` ends are not. A browser that
///   lives until the run ends and holds the write end of another test's
///   pipe keeps that test waiting for end-of-file until then.
/// - Its current folder: a command-line test run in-process works in its
///   workspace, which goes when that test ends (Java cannot start in a
///   folder that is gone).
///
/// glibc has both actions (since 2.34 and 2.29), but Swift's Glibc module
/// does not import them, so they are looked up by name.
enum SpawnIsolation {
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias ChangeFolder = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    private static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        // A null handle is RTLD_DEFAULT: the process's own libraries.
        guard let address = dlsym(nil, name) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    /// Adds to `actions`, after its own: close every descriptor from
    /// `lowest` on, and start in the temporary folder. Throws when the
    /// system has neither action, rather than start a program that may
    /// hang another test.
    static func add(to actions: inout posix_spawn_file_actions_t, closingFrom lowest: Int32) throws {
        guard let closeFrom = function("posix_spawn_file_actions_addclosefrom_np", as: CloseFrom.self),
            let changeFolder = function("posix_spawn_file_actions_addchdir_np", as: ChangeFolder.self)
        else {
            throw ChildProcess.Failure(description: "this C library cannot close inherited descriptors in posix_spawn (glibc 2.34 can)")
        }
        guard closeFrom(&actions, lowest) == 0,
            FileManager.default.temporaryDirectory.path.withCString({ changeFolder(&actions, $0) }) == 0
        else { throw ChildProcess.Failure(description: "posix_spawn's file actions refused: errno \(errno)") }
    }
}
