/// Masks typed text so that its shape stays and its content goes: a title
/// still grows keystroke by keystroke and keeps its length, words and
/// punctuation, so every count stays true, but what was typed is gone.
///
/// One character of the mask per user-perceived character (grapheme
/// cluster): a letter becomes `x` (`X` when upper- or title-case), in any script; a
/// digit becomes `9`; whitespace and punctuation stay as they are (without the
/// marks or selectors that extend them); a lone bidi or joining control, soft hyphen or BOM keeps
/// its place; any other character (an emoji, a currency or math symbol, a run
/// of invisible tag characters) becomes `*`.
///
/// ```swift
/// import Redaction
///
/// print(TextMask.mask("Buy oat milk"))   // Xxx xxx xxxx
/// print(TextMask.mask("Call Zoë at 5"))  // Xxxx Xxx xx 9
/// ```
public enum TextMask {
    /// `text` with every character replaced by its class.
    public static func mask(_ text: String) -> String {
        // Typed text is mostly ASCII, where every byte is a character (CR LF,
        // one character, masks to itself as its two bytes do): a table made
        // from the rules below, instead of Unicode properties per character.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(unsafeUninitializedCapacity: text.utf8.count) { output in
                for (index, byte) in text.utf8.enumerated() { output[index] = asciiMasks[Int(byte)] }
                return text.utf8.count
            }
        }
        var masked = ""
        masked.reserveCapacity(text.utf8.count)
        for character in text {
            // An ASCII character among the others by the table too (CR LF, two bytes, is not one).
            if character.utf8.count == 1, let byte = character.utf8.first {
                masked.unicodeScalars.append(Unicode.Scalar(asciiMasks[Int(byte)]))
            } else {
                masked.append(mask(character))
            }
        }
        return masked
    }

    /// The mask of each ASCII byte, by ``mask(_:)-(Character)``.
    private static let asciiMasks: [UInt8] = (0..<128).map { byte in
        mask(Character(Unicode.Scalar(UInt8(byte)))).asciiValue ?? UInt8(ascii: "*")
    }

    /// The mask of one user-perceived character.
    public static func mask(_ character: Character) -> Character {
        if character.isLetter { return character.isUppercase || isTitlecase(character) ? "X" : "x" }
        if character.isNumber { return "9" }
        if character.isWhitespace || character.isPunctuation {
            // The space or mark itself (its first scalar; CR LF both), without
            // what extends it: variation selectors or tag characters after a
            // space are unseen, yet could spell out the text.
            guard character != "\r\n", let base = character.unicodeScalars.first else { return character }
            return Character(base)
        }
        // A lone control that orders or joins text (a bidi mark, a zero-width
        // joiner) shows nothing by itself: it keeps its place. Any other
        // character of format controls alone (tag characters, say) is `*`.
        if character.unicodeScalars.count == 1, let only = character.unicodeScalars.first, layoutControls.contains(only.value) {
            return character
        }
        return "*"
    }

    /// Bidi marks, embeddings and isolates, the zero-width (non-)joiners, the word joiner, the soft hyphen and the BOM.
    private static let layoutControls: Set<UInt32> = Set(
        [0x00AD, 0x061C, 0x200C, 0x200D, 0x200E, 0x200F, 0x2060, 0xFEFF] + Array(0x202A...0x202E) + Array(0x2066...0x2069))

    /// A title-case digraph (`ǅ`, `ǈ`) is upper case at a word's start.
    private static func isTitlecase(_ character: Character) -> Bool {
        character.unicodeScalars.first?.properties.generalCategory == .titlecaseLetter
    }
}
