/// How long a line may be: the limits ``LineSplitter`` applies, and that
/// the log reader publishes (`LogReader.defaultMaxLineBytes`, in SessionLogCodec).
package enum LineLimit {
    /// The longest line read when no other limit is given: 256 MiB (the
    /// spec's default for `--max-line-bytes`).
    package static let defaultBytes = 256 << 20

    /// The largest line limit: 4 GiB − 1 (a replay stores a name's length
    /// in 32 bits). A larger limit is taken as this.
    package static let largestBytes = Int(UInt32.max)
}
