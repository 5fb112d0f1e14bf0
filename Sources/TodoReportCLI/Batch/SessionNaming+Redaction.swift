import ByteLevel
import Redaction
import SessionLog

extension SessionNaming {
    /// NAME for each input under `--redact`, where a file name may be as
    /// telling as what was typed: the relative path masked (one character
    /// for each character, its shape kept), made a name as ``base(_:)``
    /// makes one, then a keyed pseudonym of the relative path (`f-…`:
    /// stable across runs) or, without a key, the input's position in the
    /// sorted inputs. A name in `taken` (compared as lower case, as file
    /// systems may) is not given again: the next gets a `-2`, `-3`… suffix.
    static func redactedNames(for inputs: [BatchInput], redaction: LogRedaction, taken alreadyTaken: Set<String> = []) -> [String] {
        var taken = Set(alreadyTaken.map { $0.lowercased() })
        return inputs.enumerated().map { index, input in
            // Masked before it is cleaned: a `_` for each byte of `ZOË` would tell how many bytes it had.
            let shape = TextMask.mask(String(decoding: withoutLogSuffix(input.relative), as: UTF8.self))
            let masked = cleaned(Array(shape.utf8), hashing: Array(shape.utf8))
            let suffix =
                redaction.isKeyed
                ? redaction.pseudonyms.pseudonym(of: String(decoding: input.relative, as: UTF8.self), as: .file) : String(index + 1)
            var name = String(masked.prefix(maxLength - suffix.utf8.count - 8)) + "-" + suffix
            var counter = 2
            while !taken.insert(name.lowercased()).inserted {
                name = String(masked.prefix(maxLength - suffix.utf8.count - 8)) + "-" + suffix + "-\(counter)"
                counter += 1
            }
            return name
        }
    }

    /// The input's relative path as `sessions.csv`, `stats/` and the index show it: masked under `--redact`.
    static func shownInput(_ relative: [UInt8], redaction: LogRedaction?) -> String {
        let relative = Path(bytes: relative).recordedText
        return redaction == nil ? relative : TextMask.mask(relative)
    }
}
