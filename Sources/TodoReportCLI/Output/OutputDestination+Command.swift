import ByteLevel

extension OutputDestination {
    /// Resolves the output `path` as ``resolve(_:)`` does, a problem said
    /// as the command line says it: an empty name is a usage mistake, any
    /// other problem the path's, with what to do.
    static func resolve(output path: Path) throws(CLIError) -> OutputDestination {
        do {
            return try resolve(path)
        } catch .emptyName {
            throw .usage(OutputPathProblem.emptyName.reason + ".")
        } catch {
            throw .cannotWrite(path: path.display, reason: error.reason)
        }
    }

    /// The open descriptor this destination writes to, if it is one: `-`,
    /// `/dev/stdout` and `/dev/stderr` are the command's own streams (which
    /// tests replace), any other `/dev/fd/N` is N.
    func openDescriptor(in streams: StandardStreams) -> Int32? {
        switch self {
        case .standardOutput, .descriptor(1): streams.output
        case .descriptor(2): streams.error
        case .descriptor(let number): number
        case .inPlace, .replace: nil
        }
    }
}
