/// Masks typed text so that its shape stays and its content goes: a title
/// still grows keystroke by keystroke and keeps its length, words and
/// punctuation, so every count stays true, but what was typed is gone.
///
/// One character of the mask per user-perceived character (grapheme
/// cluster): a letter becomes `x` (`X` when upper- or title-case), in any script; a
/// digit becomes `9`; whitespace and punctuation stay as they are; any other
/// visible character (an emoji, a currency or math symbol) becomes `*`.
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
            masked.append(mask(character))
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
        if character.isWhitespace || character.isPunctuation { return character }
        // A character made only of marks or format controls (a lone combining
        // accent, a bidi control) shows nothing by itself: keep its place.
        if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .format }) { return character }
        return "*"
    }

    /// A title-case digraph (`ǅ`, `ǈ`) is upper case at a word's start.
    private static func isTitlecase(_ character: Character) -> Bool {
        character.unicodeScalars.first?.properties.generalCategory == .titlecaseLetter
    }
}
