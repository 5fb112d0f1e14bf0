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
