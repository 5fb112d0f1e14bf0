import Foundation
import Testing

/// How long a test waits for another thread before it fails: long enough
/// for a 2-core machine running browsers beside these tests, where a
/// thread can wait many seconds for a core, and short of a hang.
let patience: Double = 120

/// Waits for `condition`, asked every millisecond, failing the test after
/// `patience`. It sleeps between asks rather than spinning, so that the
/// thread it waits for gets the core.
func waitUntil(_ what: Comment, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(patience)
    while !condition() {
        try #require(Date() < deadline, what)
        usleep(1_000)
    }
}
