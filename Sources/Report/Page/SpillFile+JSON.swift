import ByteLevel
import SessionLog

extension SpillFile {
    /// Appends `text` as a JSON string literal that is safe inside a
    /// `<script>` block.
    func appendScriptSafeJSON(_ text: String) {
        appendJSONString(text, scriptSafe: true)
    }
}
