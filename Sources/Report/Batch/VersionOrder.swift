/// The order GNU `sort -V` (and `ls -v`) gives in the C locale (gnulib's
/// `filevercmp`), for app versions and for session names: runs of digits compare as numbers (`1.4.2 < 1.10.0`),
/// other bytes with letters first and `~` before anything (even the end),
/// a trailing file suffix such as `.beta` set aside for a second pass
/// (checked against the system's `sort -V` by the tests);
/// bytes decide between texts it finds equal (`1.0` and `1.00`).
enum VersionOrder {
    /// Whether `a` comes before `b`.
    static func precedes(_ a: String, _ b: String) -> Bool {
        // Native strings are contiguous UTF-8: 100,000 names sort with no copy of their bytes.
        let inPlace = a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { b in precedes(a, b) }
        }
        return (inPlace ?? nil) ?? precedes(Array(a.utf8), Array(b.utf8))
    }

    /// Whether the text of bytes `a` comes before that of `b`.
    static func precedes<Bytes: RandomAccessCollection<UInt8>>(_ a: Bytes, _ b: Bytes) -> Bool where Bytes.Index == Int {
        let order = compare(a, b)
        return order != 0 ? order < 0 : a.lexicographicallyPrecedes(b)
    }

    /// `filevercmp`: negative, 0 or positive.
    static func compare<Bytes: RandomAccessCollection<UInt8>>(_ a: Bytes, _ b: Bytes) -> Int where Bytes.Index == Int {
        if a.isEmpty { return b.isEmpty ? 0 : -1 }
        if b.isEmpty { return 1 }
        let dot = UInt8(ascii: ".")
        let (a0, b0) = (a.startIndex, b.startIndex)
        // ".", then "..", then other names starting with ".", then the rest.
        if a[a0] == dot {
            if b[b0] != dot { return -1 }
            let (aDot, bDot) = (a.count == 1, b.count == 1)
            if aDot { return bDot ? 0 : -1 }
            if bDot { return 1 }
            let (aDotDot, bDotDot) = (a[a0 + 1] == dot && a.count == 2, b[b0 + 1] == dot && b.count == 2)
            if aDotDot { return bDotDot ? 0 : -1 }
            if bDotDot { return 1 }
        } else if b[b0] == dot {
            return 1
        }
        let aPrefix = prefixEnd(a)
        let bPrefix = prefixEnd(b)
        let result = compareVersions(a[..<aPrefix], b[..<bPrefix])
        if result != 0 || (aPrefix == a.endIndex && bPrefix == b.endIndex) { return result }
        return compareVersions(a[...], b[...])
    }

    /// Where `s` ends without its longest suffix matching
    /// `(\.[A-Za-z~][A-Za-z0-9~]*)*$` (a file suffix such as `.tar.gz`;
    /// all of `s` may be one, as GNU coreutils 9.1's `sort -V` takes it).
    private static func prefixEnd<Bytes: RandomAccessCollection<UInt8>>(_ s: Bytes) -> Int where Bytes.Index == Int {
        let n = s.endIndex
        func isSuffix(from start: Int) -> Bool {
            var i = start
            while i < n {
                guard s[i] == UInt8(ascii: "."), i + 1 < n, s[i + 1].isASCIILetter || s[i + 1] == UInt8(ascii: "~") else { return false }
                i += 2
                while i < n && (s[i].isASCIILetter || s[i].isASCIIDigit || s[i] == UInt8(ascii: "~")) { i += 1 }
            }
            return true
        }
        return s.indices.first { s[$0] == UInt8(ascii: ".") && isSuffix(from: $0) } ?? n
    }

    /// gnulib's `verrevcmp`.
    private static func compareVersions<Bytes: RandomAccessCollection<UInt8>>(_ a: Bytes, _ b: Bytes) -> Int
    where Bytes.Index == Int {
        var i = a.startIndex
        var j = b.startIndex
        while i < a.endIndex || j < b.endIndex {
            var firstDifference = 0
            while (i < a.endIndex && !a[i].isASCIIDigit) || (j < b.endIndex && !b[j].isASCIIDigit) {
                let ac = i == a.endIndex ? 0 : order(a[i])
                let bc = j == b.endIndex ? 0 : order(b[j])
                if ac != bc { return ac - bc }
                i += 1
                j += 1
            }
            while i < a.endIndex && a[i] == UInt8(ascii: "0") { i += 1 }
            while j < b.endIndex && b[j] == UInt8(ascii: "0") { j += 1 }
            while i < a.endIndex && j < b.endIndex && a[i].isASCIIDigit && b[j].isASCIIDigit {
                if firstDifference == 0 { firstDifference = Int(a[i]) - Int(b[j]) }
                i += 1
                j += 1
            }
            if i < a.endIndex && a[i].isASCIIDigit { return 1 }
            if j < b.endIndex && b[j].isASCIIDigit { return -1 }
            if firstDifference != 0 { return firstDifference }
        }
        return 0
    }

    private static func order(_ c: UInt8) -> Int {
        if c.isASCIIDigit { return 0 }
        if c.isASCIILetter { return Int(c) }
        if c == UInt8(ascii: "~") { return -1 }
        return Int(c) + 256
    }
}
