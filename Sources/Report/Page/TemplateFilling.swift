/// Fills `{{name}}` placeholders in one pass. Values are inserted literally
/// and never scanned again, so a value holding `{{…}}`, `$1` or `\` stays as
/// it is.
func fill(_ template: String, with values: [String: String]) -> String {
    var result = ""
    result.reserveCapacity(template.utf8.count + values.values.reduce(0) { $0 + $1.utf8.count })
    var rest = template[...]
    while let open = rest.range(of: "{{") {
        guard let close = rest[open.upperBound...].range(of: "}}") else { break }
        let name = String(rest[open.upperBound..<close.lowerBound])
        result += rest[..<open.lowerBound]
        if let value = values[name] {
            result += value
        } else {
            result += rest[open.lowerBound..<close.upperBound]
        }
        rest = rest[close.upperBound...]
    }
    result += rest
    return result
}
