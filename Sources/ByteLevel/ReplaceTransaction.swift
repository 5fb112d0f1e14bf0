#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Several renames as one: each replaced target is first kept under a second
/// name (a hard link, held with `flock` like a temporary file), so that if a
/// later output cannot be put in place, every earlier one is put back as it
/// was and every new one removed.
package struct ReplaceTransaction {
    private struct Kept {
        var target: Path
        var copy: Path?
        var descriptor: Int32
    }

    private var kept: [Kept] = []
    private var done: [(target: Path, replaced: Bool)] = []

    package init() {}

    /// Keeps the file at `target` under a second name, where the system allows it.
    package mutating func keep(_ target: Path) {
        let copy = TemporaryName.make(in: target.folder)
        guard target.hardLink(to: copy) else { return }
        let descriptor = copy.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }
        if descriptor >= 0 { _ = flock(descriptor, LOCK_EX | LOCK_NB) }
        kept.append(Kept(target: target, copy: copy, descriptor: descriptor))
    }

    /// Notes that `target` now holds its new file.
    package mutating func installed(_ target: Path, replacing: Bool) {
        done.append((target, replacing))
    }

    /// Puts back every replaced file and removes every new one.
    package mutating func rollBack() {
        for (target, replaced) in done.reversed() {
            if replaced, let copy = kept.first(where: { $0.target == target })?.copy {
                _ = copy.withCString { from in target.withCString { rename(from, $0) } }
                if let index = kept.firstIndex(where: { $0.target == target }) { kept[index].copy = nil }
            } else if !replaced {
                _ = target.withCString { unlink($0) }
            }
        }
        done.removeAll()
    }

    /// Drops the second names (the old files go with them unless put back).
    package mutating func finish() {
        for entry in kept {
            if let copy = entry.copy { _ = copy.withCString { unlink($0) } }
            if entry.descriptor >= 0 { close(entry.descriptor) }
        }
        kept.removeAll()
    }
}
