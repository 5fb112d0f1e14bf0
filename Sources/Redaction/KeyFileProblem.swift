/// Why a key file's contents are no secret to key pseudonyms with: keyed
/// outputs name their key by its fingerprint, against which anyone who has
/// one can try candidate keys, so a key must be long enough not to be found.
public enum KeyFileProblem: Error, Sendable, Equatable {
    /// Nothing but white space (or nothing at all).
    case noSecret
    /// Fewer than ``Pseudonyms/minimumKeyBytes`` bytes, less the trailing line break.
    case tooShort(bytes: Int)
}
