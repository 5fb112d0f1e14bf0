public import ByteLevel

// The byte layer's public types, named here so that `import SessionLog`
// is all a reader of logs needs: they live in ByteLevel, the package's
// bottom module, with the line splitter that reads them.

/// Where a log's bytes come from: a file, standard input, or memory.
public typealias ByteSource = ByteLevel.ByteSource

/// Bytes already in memory (tests, small inputs).
public typealias InMemoryByteSource = ByteLevel.InMemoryByteSource

/// An open file descriptor, read with `read(2)`; the caller owns it.
public typealias FileDescriptorByteSource = ByteLevel.FileDescriptorByteSource

/// A system call that failed: which one, on what, and the `errno` it set.
public typealias SystemCallError = ByteLevel.SystemCallError

/// A line's buffer could not grow: the machine is out of memory.
public typealias LineBufferError = ByteLevel.LineBufferError
