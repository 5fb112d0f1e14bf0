import Foundation

/// A seeded generator of hostile-ish sessions for the numbers' property
/// tests: a person who opens, types, adds, cancels and toggles, often oddly
/// (+ while a sheet is open, Add or cancel with none, a toggle to the value
/// the item has, an unknown or shared id, an Add without an id), and who
/// travels back, sometimes into an open sheet, sometimes twice in a row or at
/// the very end; records with and without times (going backwards now and
/// then, fractional, some before `startedAt`), with and without `seq`
/// (repeated ones are dropped), blank and broken lines, and now and then a
/// header of another schema, after which nothing is read.
struct RandomLog {
    /// The log's text, every line ending with `\n` (the last one too).
    var text: String
    /// The lines in the text: what `lines` must count.
    var lineCount: Int

    struct Generator: RandomNumberGenerator {
        private var state: UInt64
        init(seed: UInt64) { state = seed &* 0x2545_F491_4F6C_DD1D | 1 }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    init(seed: UInt64, maxEvents: Int = 90) {
        var random = Generator(seed: seed)
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        var lines: [String] = []
        let base = 1_780_000_000_000.0 + Double(Int.random(in: 0..<1_000_000, using: &random)) * 1_000
        var clock = base
        var frames = 1
        var seq: Int64 = 0
        var ids: [String] = []
        var creating = false
        let hasTimes = !chance(10)
        if chance(75) {
            var header = #"{"type":"session","schema":"todo-session/1","sessionId":"s-\#(seed)""#
            if chance(70) {
                header += #","appVersion":"1.\#(Int.random(in: 0...12, using: &random)).\#(Int.random(in: 0...3, using: &random))""#
            }
            if hasTimes && chance(60) {
                // Sometimes a little after the first record, so that one comes before the start.
                header += #","startedAt":\#(Int64(base) + (chance(25) ? 1_500 : -200))"#
            }
            if chance(3) { header = #"{"type":"session","schema":"todo-session/2""# }
            lines.append(header + "}")
        }
        func stamp() -> String {
            var parts = ""
            if chance(85) {
                seq += chance(3) ? 2 : 1
                if chance(3) { seq -= 1 }  // seen before: dropped
                parts += #","seq":\#(seq)"#
            }
            if hasTimes && !chance(8) {
                clock += Double(Int.random(in: 40...2_500, using: &random))
                if chance(4) { clock -= 4_000 }  // backwards
                let time = chance(10) ? clock + 0.5 : clock
                parts += time == time.rounded() ? #","timestamp":\#(Int64(time))"# : #","timestamp":\#(time)"#
            }
            return parts
        }
        func event(_ body: String) {
            lines.append(#"{"type":"event",\#(body)\#(stamp())}"#)
            frames += 1
        }
        let count = Int.random(in: 0...maxEvents, using: &random)
        for _ in 0..<count {
            if chance(12) && frames > 1 {
                let to =
                    chance(30)
                    ? frames - 1 - Int.random(in: 0..<min(frames, 4), using: &random) : Int.random(in: 0..<frames, using: &random)
                lines.append(#"{"type":"travel","to":\#(to)\#(stamp())}"#)
                // After a travel the sheet may be open or not: the generator cannot tell, and need not.
                creating = chance(50)
                if chance(20) { lines.append(#"{"type":"travel","to":\#(Int.random(in: 0..<frames, using: &random))}"#) }
                continue
            }
            if chance(2) { lines.append(chance(50) ? "" : "   ") }
            if chance(2) { lines.append(#"{"type":"event","event":"nope"}"#) }
            if chance(1) { lines.append("not json") }
            let roll = Int.random(in: 0..<100, using: &random)
            if !creating && roll < 45 || roll < 6 {
                event(#""event":"startCreatingItem""#)
                creating = true
            } else if creating && roll < 70 || roll < 8 {
                let name = String(repeating: "ab", count: Int.random(in: 0...6, using: &random)) + (chance(10) ? "é👍🏽" : "")
                event(#""event":"changePartialItemName","name":"\#(name)""#)
            } else if creating && roll < 85 || roll < 11 {
                if chance(10) {
                    event(#""event":"addItem""#)
                } else {
                    let id = !ids.isEmpty && chance(5) ? ids[0] : UUID(uuid: Self.uuid(&random)).uuidString
                    ids.append(id)
                    event(#""event":"addItem","id":"\#(chance(20) ? id.lowercased() : id)""#)
                }
                creating = false
            } else if creating && roll < 93 || roll < 13 {
                event(#""event":"cancelCreatingItem""#)
                creating = false
            } else {
                let id =
                    ids.isEmpty || chance(10)
                    ? UUID(uuid: Self.uuid(&random)).uuidString : ids[Int.random(in: 0..<ids.count, using: &random)]
                event(#""event":"setItemDone","id":"\#(id)","isDone":\#(chance(50))"#)
            }
        }
        if chance(10) && frames > 1 { lines.append(#"{"type":"travel","to":\#(Int.random(in: 0..<frames, using: &random))}"#) }
        text = lines.map { $0 + "\n" }.joined()
        lineCount = lines.count
    }

    private static func uuid(_ random: inout Generator) -> uuid_t {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10], bytes[11],
            bytes[12], bytes[13], bytes[14], bytes[15]
        )
    }
}
