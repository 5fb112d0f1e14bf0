extension StatsScanner {
    /// The members of one object as they are read: each known member
    /// found by its name, and any name met twice refused. A known name is
    /// looked for first after the one found last, so a file written in the
    /// schema's order finds each with one comparison.
    struct Members {
        /// What a name is.
        enum Found: Equatable {
            /// The known member at this position of the names.
            case known(Int)
            /// A name that is not known, met for the first time.
            case other
            /// A name met before in this object.
            case repeated
        }

        private let names: [[UInt8]]
        private var next = 0
        private var seen: UInt64 = 0
        /// Names not known, as their bytes: JSON tells names apart by their
        /// characters, where Swift's `String` equality would take `é` and
        /// `e` + U+0301 for one name.
        private var others = Set<[UInt8]>()

        /// Members known by `names` (at most 64), in the order a file has them.
        init(_ names: [[UInt8]]) {
            precondition(names.count <= 64, "a member's mark is a bit of one UInt64")
            self.names = names
        }

        /// Marks `name` as met and says what it is.
        mutating func find(_ name: ArraySlice<UInt8>) -> Found {
            var position = next
            for _ in 0..<names.count {
                if names[position].count == name.count, names[position].elementsEqual(name) {
                    let mark: UInt64 = 1 << position
                    guard seen & mark == 0 else { return .repeated }
                    seen |= mark
                    next = position + 1 == names.count ? 0 : position + 1
                    return .known(position)
                }
                position = position + 1 == names.count ? 0 : position + 1
            }
            return others.insert(Array(name)).inserted ? .other : .repeated
        }

        /// Whether every known member at `positions` was met.
        func met(_ positions: some Sequence<Int>) -> Bool {
            positions.allSatisfy { seen & (1 << $0) != 0 }
        }
    }
}
