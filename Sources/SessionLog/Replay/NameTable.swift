/// Small codes for the few distinct state names a log sees, so that a
/// frame record holds a byte instead of a string.
package struct NameTable {
    package private(set) var names: [String] = []
    /// The UTF-8 length of each name: the search compares integers, and a
    /// string only where the length matches.
    private var lengths: [Int] = []
    /// Per UTF-8 length below 64, the code of the first name of that length,
    /// or -1: the reducer's names all differ in length, so a lookup is one
    /// index and one comparison.
    private var firstByLength = [Int](repeating: -1, count: 64)

    package init() {}

    /// The code of `name`, added if it is new. The reducer makes one name per
    /// event kind, so the table stays a handful long; past 255 names every
    /// further name shares code 255 (`name(_:)` then gives the 255th).
    package mutating func code(of name: String) -> UInt8 {
        let length = name.utf8.count
        if length < firstByLength.count {
            let first = firstByLength[length]
            if first >= 0, names[first] == name { return UInt8(first) }
        }
        var code = 0
        while code < lengths.count {
            if lengths[code] == length, names[code] == name { return UInt8(code) }
            code += 1
        }
        guard names.count < 256 else { return 255 }
        names.append(name)
        lengths.append(length)
        if length < firstByLength.count, firstByLength[length] < 0 { firstByLength[length] = names.count - 1 }
        return UInt8(names.count - 1)
    }

    package func name(_ code: UInt8) -> String { names[Int(code)] }
}
