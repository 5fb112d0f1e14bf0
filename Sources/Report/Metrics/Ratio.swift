/// A ratio of two counts (conversion, keystrokes per item), written as the
/// numbers are defined: for people as a percentage with one decimal or as
/// a number with one decimal, in JSON and CSV as a number with four; each
/// rounded half up from the exact counts, and a share (conversion) as a
/// percentage 0% or 100% only when it is exactly that. JSON and CSV round
/// plainly, as an analyst's `ROUND(added / opened, 4)` does.
public struct Ratio: Sendable, Equatable {
    /// The counted part (sheets added, keystrokes of added sheets).
    public var part: Int
    /// What it is counted against (sheets opened, sheets added); never 0.
    public var whole: Int

    /// `part / whole`; `nil` when `whole` is not positive (the ratio is none).
    public init?(_ part: Int, of whole: Int) {
        guard whole > 0, part >= 0 else { return nil }
        self.part = part
        self.whole = whole
    }

    /// The ratio in units of `1 / scale`, rounded half up; `clamped`, a
    /// ratio that is not exactly 0 or 1 is never written as 0 or 1.
    func scaled(_ scale: Int, clamped: Bool = true) -> Int {
        let product = scale.multipliedFullWidth(by: part)
        let (quotient, remainder) = whole.dividingFullWidth((product.high, product.low))
        var units = remainder >= whole - remainder ? quotient + 1 : quotient
        guard clamped else { return units }
        if units == 0 && part > 0 { units = 1 }
        if units == scale && part != whole { units = part < whole ? scale - 1 : scale + 1 }
        return units
    }

    /// `66.7%`, `75%`, `99.9%`: one decimal, a trailing `.0` left out.
    public var percent: String { Self.decimal(scaled(1_000), fractionDigits: 1) + "%" }

    /// `12.0`: one decimal, always written (keystrokes per item, which has
    /// nothing special at 0 or 1, so it is rounded plainly).
    public var oneDecimal: String {
        let tenths = scaled(10, clamped: false)
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `0.6667`, `12.5`, `1`: the ratio as JSON and CSV hold it, four
    /// decimals at most, rounded plainly: 19,999 sheets added of 20,000 is
    /// 1 (the percentage says 99.9%), 30,001 keystrokes for 30,000 items 1.
    public var json: String { Self.decimal(scaled(10_000, clamped: false), fractionDigits: 4) }

    /// `units` of 10^-`fractionDigits`, without trailing zeros in the fraction.
    private static func decimal(_ units: Int, fractionDigits: Int) -> String {
        var scale = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        let digits = String(units % scale)
        var fraction = String(repeating: "0", count: fractionDigits - digits.count) + digits
        while fraction.last == "0" { fraction.removeLast() }
        return fraction.isEmpty ? String(units / scale) : "\(units / scale).\(fraction)"
    }
}
