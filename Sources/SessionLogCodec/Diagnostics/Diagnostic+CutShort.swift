import ByteLevel

extension Diagnostic {
    /// The `cut-short` warning of a log whose bytes ended before their data
    /// did (`ByteSource.endedEarly` gives `reason`), on the line after its
    /// last (`lines` is how many it had): whatever followed the cut is lost,
    /// and every output counts it.
    public static func cutShort(_ reason: String, afterLines lines: Int) -> Diagnostic {
        Diagnostic(
            line: lines + 1, code: .cutShort,
            message: "\(reason): the file is cut short, and whatever it held after the cut is lost; copy it again from where it was made")
    }
}
