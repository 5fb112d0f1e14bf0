/// `12,345,678`: a count as people read it, in messages, summaries and on the command line.
package func groupedDigits(_ value: Int) -> String {
    let digits = Array(String(value.magnitude))
    var result = value < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return result
}

/// `1 session`, `12,345 sessions`: a count and its noun, singular for one.
/// `plural` is for nouns that do not take an `s` (`1 entry`, `2 entries`);
/// `grouped: false` keeps the digits plain, for the lines a CI script reads.
package func countedNoun(_ count: Int, _ singular: String, _ plural: String? = nil, grouped: Bool = true) -> String {
    "\(grouped ? groupedDigits(count) : String(count)) \(count == 1 ? singular : plural ?? singular + "s")"
}
