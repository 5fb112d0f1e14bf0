import ByteLevel

/// The page's title as it may appear in `<title>` and headings: a title comes
/// from the log's header or the command line, and a control character or a
/// bidi override there would garble the browser's tab and window lists,
/// where nothing isolates it as the page body does.
enum ReportTitle {
    static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: scalars.append(" ")
            case _ where scalar.isControlCharacter || scalar.isLayoutControl: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
