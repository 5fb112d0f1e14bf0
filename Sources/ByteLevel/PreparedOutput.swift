/// One output made ready before anything is written (``OutputInstall``):
/// where it goes, and, for a file replaced whole, the temporary file beside
/// its target that it is written to first.
package struct PreparedOutput {
    package var destination: OutputDestination
    /// Set for ``OutputDestination/replace(_:existing:)`` alone.
    package var temporary: TemporaryFile?

    /// Prepares `destination`, creating its temporary file if it is a file replaced whole.
    package init(_ destination: OutputDestination) throws(SystemCallError) {
        self.destination = destination
        if case .replace(let target, _) = destination { temporary = try TemporaryFile(in: target.folder) }
    }

    /// Closes the temporary file and removes its name, if it has one: nothing is left.
    package func discard() {
        temporary?.discard()
    }
}
