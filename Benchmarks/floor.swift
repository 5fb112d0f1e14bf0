// The floor for Benchmarks/run: what reading a log costs with nothing done to
// it. Reads FILE with read(2) through one buffer of the size todo-report
// reads with (1 MiB: LogReplayer's and LineSplitter's bufferSize) and counts
// its newlines in a plain Swift loop over the bytes (the issue's "Swift loop
// that reads the file and counts newlines"). With --memchr it finds them with
// memchr instead, as the tool's LineSplitter does: a lower floor, shown by
// Benchmarks/run for reference.
// Compiled by Benchmarks/run with `swiftc -O` into Benchmarks/out/floor.
//
//   floor [--memchr] FILE    prints the number of newlines

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let bufferSize = 1 << 20

var arguments = Array(CommandLine.arguments.dropFirst())
let useMemchr = arguments.first == "--memchr"
if useMemchr { arguments.removeFirst() }
guard arguments.count == 1 else {
    fputs("usage: floor [--memchr] FILE\n", stderr)
    exit(64)
}
let descriptor = open(arguments[0], O_RDONLY)
guard descriptor >= 0 else {
    fputs("floor: \(arguments[0]): \(String(cString: strerror(errno)))\n", stderr)
    exit(66)
}
let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 64)
var newlines = 0
while true {
    let count = read(descriptor, buffer, bufferSize)
    if count < 0 {
        if errno == EINTR { continue }
        fputs("floor: read: \(String(cString: strerror(errno)))\n", stderr)
        exit(74)
    }
    if count == 0 { break }
    if useMemchr {
        var cursor = UnsafeRawPointer(buffer)
        let end = cursor + count
        while cursor < end, let found = memchr(cursor, 0x0A, cursor.distance(to: end)) {
            newlines += 1
            cursor = UnsafeRawPointer(found) + 1
        }
    } else {
        for byte in UnsafeRawBufferPointer(start: buffer, count: count) where byte == 0x0A {
            newlines += 1
        }
    }
}
close(descriptor)
buffer.deallocate()
print(newlines)
