/// Small codes for the few distinct state names a log sees, so that a
/// frame record holds a byte instead of a string.
package struct NameTable {
    package private(set) var names: [String] = []

    package init() {}

    /// The code of `name`, added if it is new. The reducer makes one name per
    /// event kind, so the table stays a handful long; past 255 names every
    /// further name shares code 255 (`name(_:)` then gives the 255th).
    package mutating func code(of name: String) -> UInt8 {
        // Lengths first: comparing two different names costs more than two counts.
        let length = name.utf8.count
        for (code, known) in names.enumerated() where known.utf8.count == length && known == name { return UInt8(code) }
        guard names.count < 256 else { return 255 }
        names.append(name)
        return UInt8(names.count - 1)
    }

    package func name(_ code: UInt8) -> String { names[Int(code)] }
}
